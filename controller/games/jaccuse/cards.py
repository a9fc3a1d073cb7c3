"""Card names, colours, ranks and the influence deck for each player count.

Cards are plain strings (``"10H"``, ``"QS"``, ``"RJ"``) so that states, journals and views serialise
without translation; two decks may hold the same name twice and equal names are interchangeable (R4).
"""

from __future__ import annotations

from collections import Counter
from typing import Final, Literal

Color = Literal["red", "black"]
COLORS: Final[tuple[Color, Color]] = ("red", "black")

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("S", "H", "D", "C")
RED_SUITS: Final = frozenset({"H", "D"})
JOKERS: Final = ("RJ", "BJ", "NJ")

SUIT_SYMBOLS: Final = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

MIN_PLAYERS: Final = 5
MAX_PLAYERS: Final = 14

#: cards in each starting hand, by player count
HAND_SIZE: Final[dict[int, int]] = {5: 7, 6: 6, 7: 6, 8: 6, 9: 6, 10: 5, 11: 5, 12: 5, 13: 5, 14: 5}

_RANK_VALUE: Final[dict[str, int]] = {r: i + 1 for i, r in enumerate(RANKS)}
ALL_CARD_NAMES: Final = frozenset([r + s for r in RANKS for s in SUITS] + list(JOKERS))


def is_card(name: object) -> bool:
    return isinstance(name, str) and name in ALL_CARD_NAMES


def color_of(card: str) -> Color | None:
    """The card's colour; the neutral joker has none."""
    if card == "RJ":
        return "red"
    if card == "BJ":
        return "black"
    if card == "NJ":
        return None
    return "red" if card[-1] in RED_SUITS else "black"


def rank_value(card: str) -> int:
    """Rank for winning an election: every joker 0, ace 1 ... king 13 (R3)."""
    if card in JOKERS:
        return 0
    return _RANK_VALUE[card[:-1]]


def _one_deck(ranks: tuple[str, ...]) -> list[str]:
    return [r + s for r in ranks for s in SUITS]


def _ranks(first: str, last: str) -> tuple[str, ...]:
    return RANKS[RANKS.index(first) : RANKS.index(last) + 1]


def influence_deck(players: int) -> list[str]:
    """The influence deck for a player count, in a fixed order (shuffle it to deal).

    Every rank used holds as many red as black cards; 13 players use the composition the
    rulebook names (66 cards), not its stated total (R5).
    """
    if players not in HAND_SIZE:
        raise ValueError(f"J'Accuse needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    return list(_DECKS[players])


def _compose_deck(players: int) -> list[str]:
    if players in (5, 6):
        return _one_deck(_ranks("2", "10"))
    if players == 7:
        return ["RJ", "BJ", *_one_deck(_ranks("A", "10"))]
    if players == 8:
        return _one_deck(_ranks("2", "K"))
    if players == 9:
        return ["RJ", "BJ", *_one_deck(RANKS)]
    if players == 10:
        return ["RJ", "BJ", *_one_deck(_ranks("2", "K"))]
    if players == 11:
        return ["RJ", "BJ", "NJ", *_one_deck(RANKS)]
    if players == 12:
        return ["RJ", "RJ", "BJ", "BJ", *(_one_deck(_ranks("2", "8")) * 2)]
    if players == 13:
        return ["RJ", "BJ", *(_one_deck(_ranks("2", "9")) * 2)]
    return ["RJ", "BJ", *(_one_deck(_ranks("2", "9")) * 2), *_one_deck(("10",))]


#: each player count's deck, composed once: a bot game deals one per game
_DECKS: Final[dict[int, tuple[str, ...]]] = {n: tuple(_compose_deck(n)) for n in HAND_SIZE}


def discard_at_deal(players: int) -> int:
    """How many cards are left over after dealing (they start the discard pile)."""
    return len(influence_deck(players)) - players * HAND_SIZE[players]


def network_deck(players: int) -> list[Color]:
    """ceil(N/2) red and ceil(N/2) black network cards (R6)."""
    half = -(-players // 2)
    reds: list[Color] = ["red"] * half
    blacks: list[Color] = ["black"] * half
    return reds + blacks


def same_cards(a: list[str] | tuple[str, ...], b: list[str] | tuple[str, ...]) -> bool:
    return Counter(a) == Counter(b)


def contains_all(hand: list[str], cards: list[str] | tuple[str, ...]) -> bool:
    """True when ``hand`` holds every card of ``cards`` (as a multiset)."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def pretty(card: str) -> str:
    """A human label with a suit symbol, e.g. ``10♥``."""
    if card in JOKERS:
        return {"RJ": "red joker", "BJ": "black joker", "NJ": "neutral joker"}[card]
    return card[:-1] + SUIT_SYMBOLS[card[-1]]
