"""J'Accuse retold: its turning points and the moments that decided it (``shape.Retelling``).

Turning points are the steps a table remembers: an election won, an accusation, a crisis, a defection,
a policy passed, the end of a generation and of the game. What decided a generation is the streak that
ended it (R20): the steps that passed its last run of policies in the winning colour, and the step that
ended it. Read from the rules' events only. Kept out of the compiled build, like the other modules
that look at the core from outside.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from controller.games.retell_frame import first_kind
from controller.games.shape import Event

#: event type -> turning point, the strongest first
TURNS: Final = (
    ("campaign_over", "end"), ("generation_over", "generation"), ("over", "end"), ("accused", "accusation"),
    ("elected", "election"), ("crisis", "crisis"), ("defected", "defection"), ("policy", "policy"),
)


def turning_point(events: Sequence[Event]) -> str | None:
    return first_kind(events, TURNS)


def decisive(events: Sequence[Sequence[Event]], final: Any) -> dict[int, str]:
    """Per ended generation (one, in a single game): the steps of its winning streak and its end."""
    if not final.over:
        return {}
    marks: dict[int, str] = {}
    policies: list[tuple[int, str]] = []  # this generation's policies: (step, colour)
    for step, told in enumerate(events, 1):
        types = {event.get("type") for event in told}
        for event in told:
            kind = event.get("type")
            if kind == "generation":  # the next generation is set up: its policies start afresh
                policies = []
            elif kind == "policy":
                policies.append((step, str(event["color"])))
            elif kind == "over":
                colour = event.get("winning_color")
                for passed, policy_colour in reversed(policies):
                    if colour is None or policy_colour != colour:
                        break
                    marks[passed] = "streak"
        if "over" in types:
            last = "campaign_over" in types or "generation_over" not in types
            marks[step] = "end" if last else "generation"
    return marks
