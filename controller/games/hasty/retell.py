"""Hasty Accusations retold: its turning points and the moments that decided it (``shape.Retelling``).

Turning points: a review begun, a suspect's death, a seat knocked out, the end. What decided the game
(H23): every seat knocked out on the way to the last one standing, with the Traitor also every death
(the game ends when one suspect is left), and the step that ended it. Read from the rules' events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from controller.games.retell_frame import first_kind
from controller.games.shape import Event

#: event type -> turning point, the strongest first
TURNS: Final = (("over", "end"), ("eliminated", "elimination"), ("died", "death"), ("review", "review"))


def turning_point(events: Sequence[Event]) -> str | None:
    return first_kind(events, TURNS)


def decisive(events: Sequence[Sequence[Event]], final: Any) -> dict[int, str]:
    if not final.over:
        return {}
    deaths_count = final.traitor is not None
    marks: dict[int, str] = {}
    for step, told in enumerate(events, 1):
        for event in told:
            kind = event.get("type")
            if kind == "over":
                marks[step] = "end"
            elif kind == "eliminated" and marks.get(step) != "end":
                marks[step] = "elimination"
            elif kind == "died" and deaths_count and step not in marks:
                marks[step] = "death"
    return marks
