"""What the OLED shows when, beyond the table's view: the game's "everyone look" moment and the clock.

A moment is the dealt game's to say (its ``Screens``, found by the snapshot's game name): what tells
one moment from the next, what it shows, and whether it plays out as frames. :class:`MomentShow` keeps
the time; the feeder wakes when it says the frame changes, and when the shot clock's seconds do.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Mapping
from typing import Any, Final

from controller.games import registry
from controller.games.game import Screens
from controller.table import Snapshot

#: how long the OLED shows a moment (a round's revealed cards) before the next prompt
REVEAL_SECONDS: Final = 5.0


def _screens(snap: Snapshot) -> Screens:
    return registry.game(snap.game_name).screens()


def moment_key(snap: Snapshot) -> Hashable | None:
    """What tells the dealt game's "everyone look" moments apart (J'Accuse: a round's revealed cards);
    the OLED shows the moment for REVEAL_SECONDS when it changes."""
    return _screens(snap).moment_key(snap.public)


def moment(snap: Snapshot) -> Any:
    """The moment's ``DisplayModel.reveal`` (None: nothing to show)."""
    return _screens(snap).moment(snap.public)


def moment_frames(snap: Snapshot) -> list[Any]:
    """The moment's frames (``Screens.frames``): one, or a sequence the OLED plays at its own pace."""
    return _screens(snap).frames(snap.public)


def frame_seconds(snap: Snapshot) -> float:
    return float(_screens(snap).frame_seconds)


class MomentShow:
    """When the OLED shows which frame of the "everyone look" moment: each frame but the last for
    ``step`` seconds, the last for ``hold`` (a one-frame moment: ``hold`` alone, as it always was).
    Pure timekeeping, given the monotonic ``now``: the feeder wakes at ``next_change``."""

    def __init__(self, hold: float) -> None:
        self.hold = hold
        self.frames: list[Any] = []
        self.step = 0.0
        self.started = 0.0

    @property
    def count(self) -> int:
        return len(self.frames)

    def start(self, frames: list[Any], step: float, now: float) -> None:
        """A new moment (no frames: none, and any moment showing ends)."""
        self.frames, self.step, self.started = list(frames), step, now

    def _end(self) -> float:
        return self.started + self.step * (len(self.frames) - 1) + self.hold

    def frame(self, now: float) -> int | None:
        """The index of the frame to show now, or None once the moment is over (or before any)."""
        if not self.frames or now >= self._end() or now < self.started:
            return None
        if self.step <= 0:
            return len(self.frames) - 1
        return min(int((now - self.started) / self.step), len(self.frames) - 1)

    def next_change(self, now: float) -> float | None:
        """Seconds until the frame shown changes (the next frame, or the moment's end)."""
        index = self.frame(now)
        if index is None:
            return None
        if index < len(self.frames) - 1:
            return max(0.0, self.started + self.step * (index + 1) - now)
        return max(0.0, self._end() - now)


def _deadline(view: Mapping[str, Any]) -> float | None:
    deadline = (view.get("clock") or {}).get("deadline")
    return None if deadline is None else float(deadline)


def clock_left(view: Mapping[str, Any]) -> int | None:
    """Whole seconds left on the shot clock (the feeder wakes as they change, so the OLED counts down)."""
    deadline = _deadline(view)
    return None if deadline is None else max(0, math.ceil(deadline - time.time()))


def clock_tick(view: Mapping[str, Any]) -> float | None:
    """Seconds until the shot clock's whole seconds left change (None: no clock running, or it ran out)."""
    deadline = _deadline(view)
    if deadline is None:
        return None
    left = deadline - time.time()
    if left <= 0:
        return None
    return left % 1.0 + 0.01
