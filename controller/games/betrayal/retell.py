"""Betrayal retold: its turning points and the moments that decided it (``shape.Retelling``).

Turning points: the armies set, the joker's death (the traitor unmasked), each card the traitor lost
after it, an army eliminated, a look at two cards, the end. What decided the game follows B16: for
the loyal side, the joker's death, the traitor's lost cards and its army's elimination; for the
traitor, the loyal armies it saw eliminated; and the step that ended it. Read from the rules' events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from controller.games.retell_frame import first_kind
from controller.games.shape import Event

#: event type -> turning point, the strongest first
TURNS: Final = (
    ("over", "end"), ("joker_died", "joker"), ("eliminated", "elimination"), ("traitor_lost", "traitor_loss"),
    ("peeked", "peek"), ("armies_set", "setup"),
)


def turning_point(events: Sequence[Event]) -> str | None:
    return first_kind(events, TURNS)


def decisive(events: Sequence[Sequence[Event]], final: Any) -> dict[int, str]:
    if not final.over:
        return {}
    loyal_won = final.winner_side == "loyal"
    marks: dict[int, str] = {}
    for step, told in enumerate(events, 1):
        for event in told:
            kind = event.get("type")
            if loyal_won and kind in ("joker_died", "traitor_lost"):
                marks[step] = "joker" if kind == "joker_died" else "traitor_loss"
            elif kind == "eliminated" and (event.get("army") == final.traitor) == loyal_won:
                marks[step] = "elimination"
            elif kind == "over":
                marks[step] = "end"
    return marks
