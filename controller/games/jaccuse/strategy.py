"""A simple sensible bot, for balance simulations: it plays for a colour and remembers votes.

It picks the colour it wants to win (its network's if both cards agree, else the colour of the
membership it chose), votes that colour or abstains (in a tie round it rather shows its lowest card
than let the election stall), and accuses a seat whose revealed votes lean
clearly to the other colour. It sees only what its own seat view and the public events show.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.bot import bot_action
from controller.games.jaccuse.cards import Color, color_of, rank_value
from controller.games.jaccuse.moves import legal_moves
from controller.games.jaccuse.state import GameState


@dataclass
class TableMemory:
    """What every seat at the table has seen revealed, by colour."""

    shown: dict[int, Counter[str]] = field(default_factory=dict)

    def observe(self, events: tuple[dict[str, Any], ...]) -> None:
        for event in events:
            if event.get("type") == "revealed":
                for item in event["cards"]:
                    colour = color_of(item["card"])
                    if colour is not None:
                        self.shown.setdefault(item["seat"], Counter())[colour] += 1

    def lean(self, seat: int) -> Color | None:
        """The colour a seat has clearly favoured (two more votes of it than of the other)."""
        tally = self.shown.get(seat, Counter())
        if tally["red"] >= tally["black"] + 2:
            return "red"
        if tally["black"] >= tally["red"] + 2:
            return "black"
        return None


def wanted_colour(s: GameState, seat: int) -> Color:
    left, right = s.network_of(seat)
    if left == right:
        return left
    m = s.membership[seat]
    colour = color_of(m) if m is not None else None
    return colour if colour is not None else right


def sensible_action(s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action | None:
    moves = {m["act"]: m for m in legal_moves(s, seat) if m["act"] != "give_xp"}
    if not moves:
        return None
    hand = s.hands[seat]
    want = wanted_colour(s, seat)
    mine = sorted((c for c in hand if color_of(c) == want), key=rank_value)
    if "membership" in moves:
        return Action(seat, "membership", card=(mine[0] if mine else rng.choice(hand)))
    if "reveal" in moves:
        return Action(seat, "reveal")
    if "vote" in moves:
        if mine:
            # mostly its best card; now and then another, so the table never replays one tie for ever
            return Action(seat, "vote", card=mine[-1] if rng.random() < 0.75 else rng.choice(mine))
        in_tie_round = s.vote_round is not None and s.vote_round.number > 1
        coloured = sorted((c for c in hand if color_of(c) is not None), key=rank_value)
        if in_tie_round and coloured:
            # Abstaining here can stall the table for ever: a tie round nobody reveals in may pass
            # nothing (R8), the cards go back and the same votes tie again. Electing someone is better.
            return Action(seat, "vote", card=coloured[0])
        return Action(seat, "abstain")
    if "enact" in moves:
        choices = mine or [c for c in hand if color_of(c) is not None]
        return Action(seat, "enact", card=choices[-1])
    if "parley_reply" in moves:
        theirs = sorted(hand, key=lambda c: (color_of(c) == want, rank_value(c)))
        return Action(seat, "parley_reply", cards=tuple(theirs[: moves["parley_reply"]["count"]]))
    if "accuse" in moves:
        suspects = [(t, memory.lean(t)) for t in moves["accuse"]["targets"]]
        for target, lean in suspects:
            if lean is not None and lean != want:
                return Action(seat, "accuse", target=target, color=lean)
    if "pass" in moves:
        return Action(seat, "pass")
    return bot_action(s, seat, rng)


__all__ = ["TableMemory", "sensible_action", "wanted_colour"]
