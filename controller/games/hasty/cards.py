"""Hasty Accusations' cards and suspects, as data (H1, H2).

A card is its index in ``CARDS`` (0..11), which is also the card order H2 sorts by (the discard pile
before it is shuffled into a new deck, and hands and markets in the views). A card lying in a pile is
that index plus ``UP`` while it is face up. What a card does is code in ``effects.py``, looked up by
its key; what it is (name, when it acts, how many a default deck holds) is the table below, so a
later card set (the advanced and expert cards) is more rows here and more functions there.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

Trigger = Literal["always", "review", "play"]


class CardKind(NamedTuple):
    key: str
    #: the card's name for people
    title: str
    #: when its effect happens: ``always``, only in a ``review``, or only in regular ``play``
    trigger: Trigger
    #: copies in the default deck (H2)
    copies: int
    #: one line for the rules page, the phones and the log
    summary: str


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

KEYS: Final[tuple[str, ...]] = tuple(kind.key for kind in CARDS)
INDEX: Final[dict[str, int]] = {key: i for i, key in enumerate(KEYS)}
TRIGGERS: Final[tuple[Trigger, ...]] = tuple(kind.trigger for kind in CARDS)

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

#: added to a card's index while it lies face up in a pile
UP: Final = 16
#: ``code & FACE`` is the card whichever way it faces
FACE: Final = UP - 1
KINDS: Final = len(CARDS)

#: H1: the suspects, by id; a game uses the first S
SUSPECTS: Final[tuple[str, ...]] = (
    "Ms. Scarlett", "Rev. Green", "Col. Mustard", "Prof. Plum", "Mrs. Peacock", "Doctor White",
    "Bella Baker", "Monsieur Brunette", "Madame Rose",
)
#: the secret of the Traitor variant's seat, in the replay form; -1 inside the engine
TRAITOR_KEY: Final = "traitor"
TRAITOR: Final = -1


def default_deck() -> list[str]:
    """The 56 cards of the base set, in card order."""
    return [kind.key for kind in CARDS for _ in range(kind.copies)]


def is_card(name: object) -> bool:
    return isinstance(name, str) and name in INDEX


def title(code: int) -> str:
    return CARDS[code & FACE].title


def key(code: int) -> str:
    return KEYS[code & FACE]
