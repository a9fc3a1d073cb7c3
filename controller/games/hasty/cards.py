"""Hasty Accusations' cards, sets and suspects, as data (H1, H2, H25, H26, H45-H50).

A card is its index in ``ALL_CARDS`` (``CARDS``, the base set's twelve of H2, then the advanced set's
and the expert set's of H26), which is also the card order the rulings sort by (the discard pile
before it is shuffled into a new deck, and hands and markets in the views). A card lying in a pile is
that index plus ``UP`` while it is face up. What a card does is code in ``effects.py``, looked up by
its index; what it is (set, name, when it acts, how many a default deck holds) is the table below.
Each suspect's power (the Suspect Powers variant) is data too: ``powers.py`` holds what it does.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

Trigger = Literal["always", "review", "play"]
SETS: Final = ("base", "advanced", "expert")


class CardKind(NamedTuple):
    key: str
    #: the card's name for people
    title: str
    #: when its effect happens: ``always``, only in a ``review``, or only in regular ``play``
    trigger: Trigger
    #: copies in the default deck of its set (H2, H26)
    copies: int
    #: one line for the rules page, the phones and the log
    summary: str
    #: the set the card belongs to
    set: str = "base"


CARDS: Final[tuple[CardKind, ...]] = (
    CardKind("murder", "Murder", "review", 7, "kills this suspect"),
    CardKind("threat", "Threat", "review", 8, "kills this suspect from its second Threat in a review on"),
    CardKind("bodyguard", "Bodyguard", "review", 5, "saves this suspect from one kill in this review"),
    CardKind("sidekick", "Sidekick", "always", 4,
             "pick a neighbour's pile: if a Sidekick is in it, this suspect dies"),
    CardKind("stop", "Stop", "review", 4, "no further card of the reviewed pile is revealed"),
    CardKind("jester", "Jester", "always", 4, "shuffles the cards below it in its pile"),
    CardKind("delay", "Delay Tactics", "always", 3,
             "while it lies face up on top of a pile, a turn with plays does not move the loupe"),
    CardKind("bomb", "Bomb", "always", 4, "turns up and sets off the top card of each neighbour's pile"),
    CardKind("question", "Burning Question", "always", 4,
             "give a card from your hand to another player, who puts it face up on a pile"),
    CardKind("investigator", "Investigator", "always", 5, "look at a pile or at another player's hand"),
    CardKind("mover", "Mover", "always", 4, "put the loupe on any other position"),
    CardKind("switcheroo", "Switcheroo", "always", 4,
             "swap two suspects' places, or the top and bottom cards of a pile"),
)
#: the advanced set (H26)
ADVANCED: Final[tuple[CardKind, ...]] = (
    CardKind("poison", "Poison", "always", 6,
             "in a review, this suspect dies at its third Poison; stays in the pile", "advanced"),
    CardKind("armor", "Armor", "always", 6,
             "in a review, from its third Armor on each one guards this suspect once; stays in the pile",
             "advanced"),
    CardKind("antidote", "Antidote", "always", 4,
             "in a review: was it face up, it counts as two Poisons; face down, it cancels two", "advanced"),
    CardKind("dying_breath", "Dying Breath", "always", 4,
             "kills this suspect, then the smallest pile is reviewed", "advanced"),
    CardKind("safe_stop", "Safe Stop", "review", 4,
             "stops the review; the cards still in this pile stay there", "advanced"),
    CardKind("back_to_top", "Back to the top", "play", 4,
             "while it shows on top of a pile, reviews start from the bottom card", "advanced"),
    CardKind("back_alley", "Back Alley", "play", 4,
             "while it shows on top of a pile, cards are played face down under a pile", "advanced"),
    CardKind("time_bomb", "Time Bomb", "always", 4,
             "turns up and sets off the bottom card of each neighbour's pile", "advanced"),
    CardKind("rebel", "Rebel", "play", 4,
             "one card of every pile moves to another pile, anywhere in it", "advanced"),
    CardKind("show_hands", "Show me your hands", "play", 4,
             "while it shows on top of a pile, one card a turn and only face up", "advanced"),
    CardKind("walk_back", "Walk it back", "always", 4,
             "take the top three cards of a pile into your hand", "advanced"),
    CardKind("hasty", "Hasty", "always", 4,
             "draw up to your hand limit, or skip the next player's turn", "advanced"),
)
#: the expert set (H26)
EXPERT: Final[tuple[CardKind, ...]] = (
    CardKind("sniper", "Sniper", "review", 4,
             "review a neighbour's pile, then that suspect takes a kill", "expert"),
    CardKind("nobody_around", "When nobody's around", "always", 4,
             "kills this suspect unless a neighbour's pile holds 3 cards; else guards it once", "expert"),
    CardKind("last_ditch", "Last ditch effort", "always", 4,
             "kills this suspect if fewer than 3 live; else guards it once", "expert"),
    CardKind("wrong_address", "Wrong address", "always", 4,
             "in a review, the next kill of this suspect swaps it with another, who takes the kill",
             "expert"),
    CardKind("memory_wipe", "Memory Wipe", "always", 4,
             "this pile and a neighbour's go to the discard pile", "expert"),
    CardKind("tangled", "Tangled Up", "always", 4,
             "look through a neighbour's pile and move two of its cards onto this one", "expert"),
    CardKind("spread", "Spread the love", "always", 4,
             "the other cards of this pile turn up and go onto other piles, one by one", "expert"),
    CardKind("double_cross", "Double Cross", "always", 4,
             "this whole pile goes on top of or under another suspect's pile", "expert"),
    CardKind("private_investigator", "Private Investigator", "always", 4,
             "see another player's secret suspect, or swap hands with them", "expert"),
    CardKind("revelation", "Revelation", "always", 4,
             "put a card of your hand face up on each neighbour's pile", "expert"),
    CardKind("thief", "Thief", "always", 4, "take three random cards from another player's hand", "expert"),
    CardKind("on_the_clock", "On the clock", "review", 4,
             "the review of this pile stops after two revealed cards", "expert"),
)
#: every card, in card order (H25)
ALL_CARDS: Final[tuple[CardKind, ...]] = CARDS + ADVANCED + EXPERT

KEYS: Final[tuple[str, ...]] = tuple(kind.key for kind in ALL_CARDS)
INDEX: Final[dict[str, int]] = {key: i for i, key in enumerate(KEYS)}
TRIGGERS: Final[tuple[Trigger, ...]] = tuple(kind.trigger for kind in ALL_CARDS)
SET_OF: Final[tuple[str, ...]] = tuple(kind.set for kind in ALL_CARDS)

MURDER: Final = INDEX["murder"]
THREAT: Final = INDEX["threat"]
BODYGUARD: Final = INDEX["bodyguard"]
SIDEKICK: Final = INDEX["sidekick"]
STOP: Final = INDEX["stop"]
JESTER: Final = INDEX["jester"]
DELAY: Final = INDEX["delay"]
BOMB: Final = INDEX["bomb"]
QUESTION: Final = INDEX["question"]
INVESTIGATOR: Final = INDEX["investigator"]
MOVER: Final = INDEX["mover"]
SWITCHEROO: Final = INDEX["switcheroo"]
POISON: Final = INDEX["poison"]
ARMOR: Final = INDEX["armor"]
ANTIDOTE: Final = INDEX["antidote"]
DYING_BREATH: Final = INDEX["dying_breath"]
SAFE_STOP: Final = INDEX["safe_stop"]
BACK_TO_TOP: Final = INDEX["back_to_top"]
BACK_ALLEY: Final = INDEX["back_alley"]
TIME_BOMB: Final = INDEX["time_bomb"]
REBEL: Final = INDEX["rebel"]
SHOW_HANDS: Final = INDEX["show_hands"]
WALK_BACK: Final = INDEX["walk_back"]
HASTY: Final = INDEX["hasty"]
SNIPER: Final = INDEX["sniper"]
NOBODY_AROUND: Final = INDEX["nobody_around"]
LAST_DITCH: Final = INDEX["last_ditch"]
WRONG_ADDRESS: Final = INDEX["wrong_address"]
MEMORY_WIPE: Final = INDEX["memory_wipe"]
TANGLED: Final = INDEX["tangled"]
SPREAD: Final = INDEX["spread"]
DOUBLE_CROSS: Final = INDEX["double_cross"]
PRIVATE_INVESTIGATOR: Final = INDEX["private_investigator"]
REVELATION: Final = INDEX["revelation"]
THIEF: Final = INDEX["thief"]
ON_THE_CLOCK: Final = INDEX["on_the_clock"]

#: added to a card's index while it lies face up in a pile
UP: Final = 64
#: ``code & FACE`` is the card whichever way it faces
FACE: Final = UP - 1
KINDS: Final = len(ALL_CARDS)
assert KINDS < UP

#: H1: the suspects, by id; a game uses the first S
SUSPECTS: Final[tuple[str, ...]] = (
    "Ms. Scarlett", "Rev. Green", "Col. Mustard", "Prof. Plum", "Mrs. Peacock", "Doctor White",
    "Bella Baker", "Monsieur Brunette", "Madame Rose",
)
SCARLETT: Final = 0
GREEN: Final = 1
MUSTARD: Final = 2
PLUM: Final = 3
PEACOCK: Final = 4
WHITE: Final = 5
BAKER: Final = 6
BRUNETTE: Final = 7
ROSE: Final = 8

PowerTrigger = Literal["play", "death"]


class Power(NamedTuple):
    """A suspect's power in the Suspect Powers variant: ``play`` acts after each card played on its
    pile, ``death`` when it dies (Madame Rose's own acts instead of her death)."""

    trigger: PowerTrigger
    summary: str


#: by suspect id (H46-H50)
POWERS: Final[tuple[Power, ...]] = (
    Power("play", "a card played on her pile turns her round; while she is turned, hands hold one card"),
    Power("death", "when he dies, every player still in throws away the hand and draws seven"),
    Power("play", "a card played on his pile shuffles that pile"),
    Power("play", "cards go on his pile face up only, and they do not move the loupe"),
    Power("death", "when she dies, the living suspects' tiles are shuffled along the row"),
    Power("death", "when he dies, the player to move brings a dead suspect back to life"),
    Power("play", "a card played on her pile turns each neighbour of hers round"),
    Power("play", "a card played on his pile lets the player steal a random card from a pile or a hand"),
    Power("death", "the first time she would die, she lives and takes over a dead suspect's power"),
)
PLAY_POWERS: Final = frozenset(i for i, p in enumerate(POWERS) if p.trigger == "play")

#: the secret of the Traitor variant's seat, in the replay form; -1 inside the engine
TRAITOR_KEY: Final = "traitor"
TRAITOR: Final = -1


def default_deck(sets: tuple[str, ...] | list[str] = ("base",)) -> list[str]:
    """The default deck of the chosen sets: set by set in the order base, advanced, expert, each card
    as many times as its table says (base 56, advanced 52, expert 48 cards)."""
    return list(_DECKS[frozenset(sets) & _SET_NAMES])


_SET_NAMES: Final = frozenset(SETS)
_SET_KEYS: Final[dict[frozenset[str], frozenset[str]]] = {
    frozenset(chosen): frozenset(kind.key for kind in ALL_CARDS if kind.set in chosen)
    for chosen in ([n for i, n in enumerate(SETS) if mask >> i & 1] for mask in range(1 << len(SETS)))
}
#: every combination of sets' default deck, made once (a seeded deal starts from one each game)
_DECKS: Final[dict[frozenset[str], tuple[str, ...]]] = {
    frozenset(chosen): tuple(kind.key for name in SETS if name in chosen for kind in ALL_CARDS
                             if kind.set == name for _ in range(kind.copies))
    for chosen in ([n for i, n in enumerate(SETS) if mask >> i & 1] for mask in range(1 << len(SETS)))
}


def set_keys(sets: tuple[str, ...]) -> frozenset[str]:
    """The keys of the cards of the chosen sets: the only cards a game of them knows (H25)."""
    return _SET_KEYS[frozenset(sets) & _SET_NAMES]


def is_card(name: object) -> bool:
    return isinstance(name, str) and name in INDEX


def title(code: int) -> str:
    return ALL_CARDS[code & FACE].title


def key(code: int) -> str:
    return KEYS[code & FACE]
