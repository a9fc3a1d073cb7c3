"""The deal: starting hands, network cards and the discard pile, seeded or given exactly."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from controller.games.jaccuse.cards import (
    COLORS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Color,
    influence_deck,
    is_card,
    network_deck,
)
from controller.games.jaccuse.draws import shuffle


class DealError(ValueError):
    """A given deal is not the influence deck for its player count, or is shaped wrongly."""


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[str, ...], ...]
    network: tuple[Color, ...]
    discard: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "network": list(self.network),
            "discard": list(self.discard),
        }

    @classmethod
    def from_dict(cls, players: int, data: object) -> Deal:
        """Read and check a deal in the replay contract's form."""
        if not isinstance(data, dict):
            raise DealError("'deal' must be an object with hands, network and discard")
        hands, network, discard = data.get("hands"), data.get("network"), data.get("discard", [])
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise DealError("'deal.hands' must be a list of lists of card names")
        if not isinstance(network, list):
            raise DealError("'deal.network' must be a list of colours")
        if not isinstance(discard, list):
            raise DealError("'deal.discard' must be a list of card names")
        for card in [c for h in hands for c in h] + discard:
            if not is_card(card):
                raise DealError(f"unknown card {card!r} in the deal")
        for colour in network:
            if colour not in COLORS:
                raise DealError(f"network cards are 'red' or 'black', not {colour!r}")
        deal = cls(
            hands=tuple(tuple(h) for h in hands),
            network=tuple(network),
            discard=tuple(discard),
        )
        check_deal(players, deal)
        return deal


#: each player count's deck in sorted order, made once: every deal, a bot game's too, is checked against it
_SORTED_DECKS: Final[dict[int, list[str]]] = {n: sorted(influence_deck(n)) for n in HAND_SIZE}


def check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise DealError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}")
    return players


def check_deal(players: int, deal: Deal) -> None:
    """Raise DealError unless ``deal`` is a legal starting deal for ``players`` (R3-R6)."""
    check_players(players)
    if len(deal.hands) != players:
        raise DealError(f"the deal has {len(deal.hands)} hands for {players} players")
    size = HAND_SIZE[players]
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise DealError(f"seat {seat} is dealt {len(hand)} cards; {players} players get {size} each")
    if sorted([*(c for h in deal.hands for c in h), *deal.discard]) != _SORTED_DECKS[players]:
        dealt = Counter(c for h in deal.hands for c in h) + Counter(deal.discard)
        missing = Counter(influence_deck(players)) - dealt
        extra = dealt - Counter(influence_deck(players))
        raise DealError(
            f"the deal is not the {players}-player influence deck"
            f" (missing {sorted(missing.elements())}, extra {sorted(extra.elements())})"
        )
    if len(deal.network) != players:
        raise DealError(f"the deal has {len(deal.network)} network cards for {players} players")
    half = -(-players // 2)
    for colour in COLORS:
        if deal.network.count(colour) > half:
            raise DealError(f"the network deck holds only {half} {colour} cards for {players} players")


def deal_cards(players: int, rng: random.Random) -> Deal:
    """Shuffle and deal with the given RNG: the same seed always gives the same deal."""
    check_players(players)
    deck = influence_deck(players)
    shuffle(rng, deck)
    size = HAND_SIZE[players]
    hands = tuple(tuple(deck[i * size : (i + 1) * size]) for i in range(players))
    discard = tuple(deck[players * size :])
    network = network_deck(players)
    shuffle(rng, network)
    # with an odd count the last card goes back to the box unseen (R6)
    return Deal(hands=hands, network=tuple(network[:players]), discard=discard)


def deal_next_generation(first: Deal, rng: random.Random) -> Deal:
    """A later generation's deal in a campaign: fresh hands and discard, the first deal's network kept.

    It draws from ``rng`` exactly as ``deal_cards`` does, so a seeded campaign comes out the same in
    the bot, the replay and at the table.
    """
    dealt = deal_cards(first.players, rng)
    return Deal(hands=dealt.hands, network=first.network, discard=dealt.discard)
