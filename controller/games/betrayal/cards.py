"""Card codes for Betrayal: small integers, so that power, suit and face are looked up, not parsed.

A card is its index in ``NAMES`` (0..52): the 52 cards in the middle pile's order (suit S, H, D, C,
then rank 2..A, B7), then the joker. A card lying in a row is that index plus ``UP`` when it is face
up. Sorting indices therefore sorts the middle pile as B7 wants, and one table lookup gives a card's
power whichever way it faces. Names are the J'Accuse ones (``10H``, ``QS``) and ``JK`` for the joker;
only the views, events and actions use names.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = ("S", "H", "D", "C")
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
BLACK_SUITS: Final = frozenset({"S", "C"})
RED_SUITS: Final = frozenset({"H", "D"})

JOKER_NAME: Final = "JK"
NAMES: Final[tuple[str, ...]] = (*(r + s for s in SUITS for r in RANKS), JOKER_NAME)
INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(NAMES)}

JOKER: Final = 52
#: added to a card's index while it lies face up in a row
UP: Final = 64
#: ``code & FACE`` is the card's index whichever way it faces
FACE: Final = UP - 1

SUIT_SYMBOLS: Final = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _power(index: int) -> int:
    """B3: 2..10 their number, J 11, Q 12, K 13, A 14, one more for a spade or club; the joker none."""
    if index == JOKER:
        return -1  # below every card, so every attack on it wins (B9)
    suit, rank = divmod(index, len(RANKS))
    return rank + 2 + (SUITS[suit] in BLACK_SUITS)


#: power by code (face up or down); the joker's -1 makes any attacker at least as strong
POWER: Final[tuple[int, ...]] = tuple(_power(code & FACE) if code & FACE < len(NAMES) else 0
                                      for code in range(2 * UP))
#: the suit letter of each card index ("" for the joker)
SUIT_OF: Final[tuple[str, ...]] = tuple(name[-1] if name != JOKER_NAME else "" for name in NAMES)
#: B9: these win against a black ace when they attack
SPECIAL: Final = frozenset(INDEX[n] for n in ("3C", "8D", "QS"))
BLACK_ACES: Final = frozenset(INDEX[n] for n in ("AC", "AS"))
#: B11: the twos, by index
TWOS: Final = frozenset(INDEX["2" + s] for s in SUITS)


def is_card(name: object) -> bool:
    return isinstance(name, str) and name in INDEX


def is_red(index: int) -> bool:
    return SUIT_OF[index] in RED_SUITS


def is_black(index: int) -> bool:
    return SUIT_OF[index] in BLACK_SUITS


def power(name: str) -> int:
    """A card's power by name (B3); the joker's is -1, for "none"."""
    return POWER[INDEX[name]]


def deck(armies: int) -> list[str]:
    """B2: one pack and the joker for up to four armies, two packs and the joker from five."""
    packs = 1 if armies <= 4 else 2
    return [*(NAMES[:JOKER] * packs), JOKER_NAME]


def pretty(name: str) -> str:
    """A label for people: ``10♥``, ``Q♠``, ``joker``."""
    if name == JOKER_NAME:
        return "joker"
    return name[:-1] + SUIT_SYMBOLS[name[-1]]


def title(points: int) -> str:
    """B17: the title an army earns with its points."""
    for floor, name in TITLES:
        if points >= floor:
            return name
    return TITLES[-1][1]


#: B17, highest first
TITLES: Final = (
    (25, "God"),
    (19, "Expert"),
    (14, "Guardian"),
    (8, "Spy"),
    (4, "Disciple"),
    (0, "Inanimate Object"),
)
