"""The optional shot clock: when the current decision's deadline is, and when a new one starts.

The clock is table data, not a rule: off by default, the host sets the seconds a decision may take.
Its deadline is wall-clock time kept in the journal (``clock_deadline``), written in the same
transaction as the action, claim or setting that starts the wait, so the clock survives a restart
and nothing is written while nothing happens. When a deadline passes, the table applies the game's
forced moves (its table adapter's ``forced_actions``) as ordinary journaled actions marked ``clock``.

What counts as one decision (the clock reads only the state's ``phase`` and ``over`` and the events'
``type``, so it serves every game): a new decision starts with every action, unless the phase stays and
every event is one the game says happens inside a decision (its ``Game.within_a_decision``: a vote
round's presses share one deadline). The setup round at the start waits until every seat is taken, so
the clock never moves for a seat nobody has sat down at yet.

A table nobody plays at must not run for ever on forced moves (and write every few seconds): when a
deadline passes and nobody but the clock has moved since the one before it, the clock pauses until
someone acts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

MIN_SECONDS: Final = 5
MAX_SECONDS: Final = 3600


def check_seconds(value: object) -> int:
    """0 (off) or a whole number of seconds from MIN_SECONDS to MAX_SECONDS."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("the shot clock takes a whole number of seconds (0 turns it off)")
    if value != 0 and not MIN_SECONDS <= value <= MAX_SECONDS:
        raise ValueError(f"the shot clock runs from {MIN_SECONDS} to {MAX_SECONDS} seconds, or 0 for off")
    return value


@dataclass
class ShotClock:
    """The clock's settings and deadline; the table loop owns it and journals every change."""

    seconds: int = 0
    deadline: float | None = None
    #: True after a deadline passed, until someone other than the clock acts (see the docstring)
    idle: bool = False

    def applies(self, state: Any, all_seated: bool) -> bool:
        """Whether a decision of ``state`` runs on the clock at all."""
        if not self.seconds or state.over:
            return False
        return state.phase != "setup" or all_seated

    def after_action(
        self,
        before: Any,
        after: Any,
        events: Sequence[dict[str, Any]],
        source: str,
        all_seated: bool,
        now: float,
        within: frozenset[str] = frozenset(),
    ) -> float | None:
        """The deadline once this accepted action is applied (the caller journals it if it changed).
        ``within``: the dealt game's events that happen inside one decision."""
        if not self.applies(after, all_seated):
            return None
        same_decision = after.phase == before.phase and all(
            e.get("type") in within for e in events
        )
        if source == "clock":
            if same_decision:
                return self.deadline
            # a new decision right after a forced move: pause if nobody else moved since the last one
            return None if self.idle else now + self.seconds
        if same_decision and self.deadline is not None:
            return self.deadline
        return now + self.seconds

    def restarted(self, state: Any, all_seated: bool, now: float) -> float | None:
        """A fresh deadline for the decision at hand (the host changed the clock, a seat was taken)."""
        return now + self.seconds if self.applies(state, all_seated) else None

    def settings(self, deadline: float | None) -> dict[str, str | None]:
        """The journal rows for a new deadline."""
        return {"clock_deadline": None if deadline is None else repr(deadline)}

    def for_seating(self, state: Any, all_seated: bool, now: float) -> dict[str, str | None]:
        """The journal rows for the clock when the seats change: the opening round (``setup``) waits for
        every seat, so the clock starts once the last seat is taken and stops when one is left."""
        if state.phase != "setup" or not self.seconds:
            return {}
        if all_seated and self.deadline is None:
            return self.settings(self.restarted(state, True, now))
        if not all_seated and self.deadline is not None:
            return self.settings(None)
        return {}

    def follow(self, rows: Mapping[str, str | None]) -> None:
        """Take the deadline of journal rows just written (those of :meth:`settings`), if they hold one."""
        if "clock_deadline" in rows:
            value = rows["clock_deadline"]
            self.deadline = None if value is None else float(value)

    def view(self) -> dict[str, Any]:
        """What every view shows: the seconds per decision and the wall-clock deadline (or None)."""
        return {"seconds": self.seconds, "deadline": self.deadline}

    @classmethod
    def from_settings(cls, settings: dict[str, str]) -> ShotClock:
        try:
            seconds = check_seconds(int(settings.get("clock_seconds", "0")))
        except ValueError:
            seconds = 0
        deadline: float | None = None
        if seconds and "clock_deadline" in settings:
            try:
                deadline = float(settings["clock_deadline"])
            except ValueError:
                deadline = None
        return cls(seconds=seconds, deadline=deadline)
