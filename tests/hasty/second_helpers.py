"""Builders for the second edition's rulings tests (H25-H52): a table with every card set, and with
or without the Suspect Powers."""

from __future__ import annotations

from typing import Any

from hasty_helpers import act, position, run

from controller.games.hasty import GameState
from controller.games.hasty.mechanics import Event

ALL_SETS = ["base", "advanced", "expert"]


def table(players: int = 3, *, powers: bool = False, suspects: int | None = None, **layout: Any) -> GameState:
    """``hasty_helpers.position`` with every card set (and powers when asked)."""
    if suspects is not None:
        layout["suspects"] = suspects
    return position(players, sets=ALL_SETS, powers=powers, **layout)


def review(players: int = 3, **layout: Any) -> tuple[GameState, list[Event]]:
    """Seat 0 ends a turn of no plays with the loupe on the last position: a wrap, so a review."""
    s = table(players, **layout)
    s.loupe = len(s.row) - 1
    return run(s, act(0, "end"))
