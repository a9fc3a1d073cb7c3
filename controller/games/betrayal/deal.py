"""The deal (B2, B4) and the random numbers its draws will use (B7).

A deal is everything random about a game: the hands, dealt one card at a time round-robin from army
0, and ``rolls``, the numbers that pick each card drawn from the middle pile. Carrying the rolls in
the deal keeps the engine free of randomness, so the journal (the deal and the actions) replays a
game exactly.
"""

from __future__ import annotations

import random
import struct
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from controller.games.betrayal.cards import deck, is_card
from controller.games.betrayal.seats import army_count, check_players

#: a seeded deal draws its rolls from this range; ``roll mod size`` is then fair to within 2**-25
ROLL_BITS: Final = 32


class DealError(ValueError):
    """A given deal is not the deck for its table, or is shaped wrongly."""


@dataclass(frozen=True, slots=True)
class Deal:
    players: int
    #: one hand per army, in the order its cards were dealt
    hands: tuple[tuple[str, ...], ...]
    #: B7: the k-th card drawn in the game uses ``rolls[k]``; past the end, index 0
    rolls: tuple[int, ...] = ()

    @property
    def armies(self) -> int:
        return len(self.hands)

    def to_dict(self) -> dict[str, Any]:
        """The replay contract's ``deal`` object (``players`` is beside it in the file)."""
        return {"hands": [list(h) for h in self.hands], "rolls": list(self.rolls)}

    @classmethod
    def from_dict(cls, players: int, data: object) -> Deal:
        """Read and check a deal in the replay contract's form; a missing ``rolls`` is ``[]``."""
        if not isinstance(data, dict):
            raise DealError("'deal' must be an object with 'hands' (and optionally 'rolls')")
        hands, rolls = data.get("hands"), data.get("rolls", [])
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise DealError("'deal.hands' must be a list of lists of card names")
        for card in (c for h in hands for c in h):
            if not is_card(card):
                raise DealError(f"unknown card {card!r} in the deal")
        if not isinstance(rolls, list) or not all(
            isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rolls
        ):
            raise DealError("'deal.rolls' must be a list of whole numbers >= 0")
        deal = cls(players, tuple(tuple(h) for h in hands), tuple(rolls))
        check_deal(deal)
        return deal


def hand_sizes(armies: int) -> list[int]:
    """B4: the deck dealt round-robin from army 0, so the first ``D mod A`` armies get one more."""
    total = len(deck(armies))
    return [total // armies + (a < total % armies) for a in range(armies)]


def check_deal(deal: Deal) -> None:
    """Raise DealError unless ``deal`` is a legal deal for its table (B2, B4)."""
    try:
        check_players(deal.players)
    except ValueError as exc:
        raise DealError(str(exc)) from None
    armies = army_count(deal.players)
    if len(deal.hands) != armies:
        raise DealError(f"the deal has {len(deal.hands)} hands; {deal.players} players play {armies} armies")
    for army, (hand, size) in enumerate(zip(deal.hands, hand_sizes(armies), strict=True)):
        if len(hand) != size:
            raise DealError(f"army {army} is dealt {len(hand)} cards; the deal gives it {size}")
    full = Counter(deck(armies))
    dealt = Counter(c for h in deal.hands for c in h)
    if dealt != full:
        missing, extra = full - dealt, dealt - full
        raise DealError(
            f"the deal is not the {len(deck(armies))}-card deck"
            f" (missing {sorted(missing.elements())}, extra {sorted(extra.elements())})"
        )
    if any(isinstance(r, bool) or not isinstance(r, int) or r < 0 for r in deal.rolls):
        raise DealError("rolls are whole numbers >= 0")


def deal_cards(players: int, rng: random.Random) -> Deal:
    """Shuffle, deal and draw the rolls with ``rng``: the same seed always gives the same deal.

    There is one roll per card of the deck, more than a game can ever draw (only the middle pile is
    drawn from, and it never holds the whole deck).
    """
    try:
        check_players(players)
    except ValueError as exc:
        raise DealError(str(exc)) from None
    armies = army_count(players)
    cards = deck(armies)
    rng.shuffle(cards)
    hands = tuple(tuple(cards[a::armies]) for a in range(armies))
    count = len(cards)
    rolls = struct.unpack(f"<{count}I", rng.getrandbits(ROLL_BITS * count).to_bytes(4 * count, "little"))
    return Deal(players, hands, rolls)

