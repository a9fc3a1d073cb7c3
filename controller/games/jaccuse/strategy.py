"""A simple sensible bot, for balance simulations: it plays for a colour and remembers votes.

It picks the colour it wants to win (its network's if both cards agree, else the colour of the
membership it chose), votes that colour or abstains (in a tie round it rather shows its lowest card
than let the election stall), and accuses a seat whose revealed votes lean
clearly to the other colour. It sees only what its own seat view and the public events show.
"""

from __future__ import annotations

import random
from typing import Any

from controller.games.common import ShownColours
from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.cards import Color, color_of, rank_value
from controller.games.jaccuse.engine import accusable
from controller.games.jaccuse.state import GameState


class TableMemory(ShownColours):
    """What every seat at the table has seen revealed, by colour."""

    def observe(self, events: tuple[dict[str, Any], ...]) -> None:
        for event in events:
            if event.get("type") == "revealed":
                for item in event["cards"]:
                    colour = color_of(item["card"])
                    if colour is not None:
                        self.saw(item["seat"], colour)

    def lean(self, seat: int) -> Color | None:
        """The colour a seat has clearly favoured (two more votes of it than of the other)."""
        tally = self.tally(seat)
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
    """The sensible move for ``seat``, or None when the game does not wait for it.

    It plays out every line of the strong bot's search, so it reads the state directly rather than
    building ``legal_moves``; what it may do is the same (tests/jaccuse/test_sensible_fast.py).
    """
    if s.phase == "over" or not 0 <= seat < s.players:
        return None
    phase = s.phase
    if phase == "election":
        if seat not in s.waiting:
            return None
        if s.selected[seat] is not None:
            return Action(seat, "reveal")
    elif phase == "presidency" or phase == "enact":
        if seat != s.president:
            return None
    elif phase == "parley":
        if s.parley is None or seat != s.parley.target:
            return None
    elif phase == "replace_membership":
        if seat != s.replacing:
            return None
    elif s.membership[seat] is not None:  # setup
        return None
    hand = s.hands[seat]
    want = wanted_colour(s, seat)
    mine = sorted((c for c in hand if color_of(c) == want), key=rank_value)
    if phase == "setup" or phase == "replace_membership":
        return Action(seat, "membership", card=(mine[0] if mine else rng.choice(hand)))
    if phase == "election":
        if mine:
            # mostly its best card; now and then another, so the table never replays one tie for ever
            return Action(seat, "vote", card=mine[-1] if rng.random() < 0.75 else rng.choice(mine))
        coloured = sorted((c for c in hand if color_of(c) is not None), key=rank_value)
        if s.round_number > 1 and coloured:
            # Abstaining here can stall the table for ever: a tie round nobody reveals in may pass
            # nothing (R8), the cards go back and the same votes tie again. Electing someone is better.
            return Action(seat, "vote", card=coloured[0])
        return Action(seat, "abstain")
    if phase == "enact":
        choices = mine or [c for c in hand if color_of(c) is not None]
        return Action(seat, "enact", card=choices[-1])
    if phase == "parley":
        assert s.parley is not None
        theirs = sorted(hand, key=lambda c: (color_of(c) == want, rank_value(c)))
        return Action(seat, "parley_reply", cards=tuple(theirs[: len(s.parley.offered)]))
    for target in accusable(s):
        lean = memory.lean(target)
        if lean is not None and lean != want:
            return Action(seat, "accuse", target=target, color=lean)
    return Action(seat, "pass")


__all__ = ["TableMemory", "sensible_action", "wanted_colour"]
