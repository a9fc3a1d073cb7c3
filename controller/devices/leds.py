"""The looks of a seat's LED and their blink timings, so every pad driver agrees (the game says which
seat shows which, ``TableRules.pad_lights``)."""

from __future__ import annotations

import enum
from collections.abc import Mapping


class LedState(enum.Enum):
    """The four looks of a seat LED; the string values double as the hub protocol's words."""

    OFF = "off"
    WAITING = "wait"  # slow blink: the table waits for this seat's press
    PRESSED = "on"  # steady: this seat has pressed in this round (or the game marks it)
    REFUSED = "refused"  # fast blink: the last press was refused


# Blink timings (seconds on, seconds off), shared by GPIO pads and the hub firmware's defaults.
BLINK_TIMES: dict[LedState, tuple[float, float]] = {
    LedState.WAITING: (0.5, 0.5),
    LedState.REFUSED: (0.08, 0.08),
}


class RefusalFlash:
    """Overlays a short REFUSED blink on the view-derived states after a refused pad press.

    The table keeps one of these, calls `refuse(seat, now)` when the rules refuse a press, and passes
    `apply(states, now)` to `Pads.set_leds`; `next_change(now)` says when to re-apply so the flash ends.
    """

    def __init__(self, duration: float = 1.5) -> None:
        self.duration = duration
        self._until: dict[int, float] = {}

    def refuse(self, seat: int, now: float) -> None:
        self._until[seat] = now + self.duration

    def apply(self, states: Mapping[int, LedState], now: float) -> dict[int, LedState]:
        self._until = {seat: t for seat, t in self._until.items() if t > now}
        merged = dict(states)
        for seat in self._until:
            if seat in merged:
                merged[seat] = LedState.REFUSED
        return merged

    def next_change(self, now: float) -> float | None:
        """Seconds until the earliest flash ends, or None when nothing is flashing."""
        pending = [t - now for t in self._until.values() if t > now]
        return min(pending) if pending else None
