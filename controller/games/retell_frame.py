"""A finished game retold (``shape.Retelling``): which of its steps were turning points and which
decided it, by default, and the members of the game's ``retell`` module where it knows better.

The defaults know only what every game's events may say: a step whose events end the game
(``over``) is the end, one that knocks a seat or an army out (``eliminated``) an elimination, one in
which something dies (``died``) a death; the step that ended the game is the one that decided it.
A game names its own turning points (elections, accusations, reviews...) and the moments that
decided it (the winning streak, the traitor's last cards...) in ``turning_point(events)`` and
``decisive(events, final)``. Pure: events and states in, marks out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from controller.games.shape import Event

#: event type -> the turning point it makes, the strongest first (the first one found names the step)
DEFAULT_TURNS: tuple[tuple[str, str], ...] = (
    ("over", "end"), ("eliminated", "elimination"), ("died", "death"),
)


def first_kind(events: Sequence[Event], kinds: Sequence[tuple[str, str]]) -> str | None:
    """The turning point of the strongest of ``kinds`` (event type -> kind, strongest first) found
    among ``events``, or None."""
    types = {event.get("type") for event in events}
    return next((kind for event_type, kind in kinds if event_type in types), None)


def steps_with(events: Sequence[Sequence[Event]], event_type: str) -> list[int]:
    """The steps (1 = the first action) whose events hold one of type ``event_type``."""
    return [step for step, told in enumerate(events, 1) if any(e.get("type") == event_type for e in told)]


def default_turning_point(events: Sequence[Event]) -> str | None:
    return first_kind(events, DEFAULT_TURNS)


def default_decisive(events: Sequence[Sequence[Event]], final: Any) -> dict[int, str]:
    """The step that ended the game, once it is over."""
    if not getattr(final, "over", False):
        return {}
    ended = steps_with(events, "over")
    return {ended[-1] if ended else len(events): "end"}


class RetellFrame:
    """The ``Retelling`` of a game: its own ``retell`` module's members (``own``), else the defaults."""

    def __init__(self, own: object | None = None) -> None:
        self.turning_point: Callable[[Sequence[Event]], str | None] = getattr(
            own, "turning_point", default_turning_point)
        self.decisive: Callable[[Sequence[Sequence[Event]], Any], dict[int, str]] = getattr(
            own, "decisive", default_decisive)
