"""Contact debouncing we control ourselves: a short confirmation on press, a longer settle on release.

gpiozero's `bounce_time` depends on the pin backend (and MockFactory ignores it), so the pads feed raw
edges here. A press counts once the contact has read "pressed" for `confirm` seconds (1.5 ms) with no
edge in between: the edge is the first sample and a fresh read of the pin `confirm` later is the second.
The pad cables run for metres beside a blinking LED line, so a single spike of tens or hundreds of
microseconds on an idle line is to be expected; it is gone by the second sample and gives no press. A
real press costs 1.5 ms more than an eager first-edge debouncer, which nobody at the table can notice.

The button only counts as released again once the contact has read "released" without a change for
`settle` seconds (30 ms); every edge before that, be it the chatter of the press itself or of the
release, is ignored. Bounce trains of any length therefore give exactly one press: either some pressed
stretch inside the chatter lasts `confirm`, or the press counts `confirm` after the chatter ends.
"""

from __future__ import annotations

DEFAULT_SETTLE = 0.030  # seconds; longer than the 0-20 ms bounce of cheap tactile switches
DEFAULT_CONFIRM = 0.0015  # seconds a press must hold: far longer than a spike, far shorter than a press
_SLACK = 1e-9  # clock readings are floats: a wake-up exactly at the due time must count as due


class Debouncer:
    """One button: raw level readings in, at most one accepted press per physical press out.

    `edge` records a reading (an edge callback or a fresh read of the pin) with its time. `poll`
    accepts a press once "pressed" has held for `confirm`, and a release once "released" has held for
    `settle`; `due` says when the next such decision can be made, so a thread can sleep until then.
    """

    def __init__(
        self,
        settle: float = DEFAULT_SETTLE,
        pressed: bool = False,
        now: float = 0.0,
        confirm: float = DEFAULT_CONFIRM,
    ) -> None:
        self.settle = settle
        self.confirm = confirm
        self._raw = pressed
        self._stable = pressed  # a button held at start-up is not a press: it has to be released first
        self._changed_at = now

    @property
    def pressed(self) -> bool:
        """The accepted (debounced) level."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> None:
        """Record a raw level reading; repeated equal readings do not restart the timers."""
        if pressed != self._raw:
            self._raw = pressed
            self._changed_at = now

    def poll(self, now: float) -> bool:
        """Accept a level that held long enough; True exactly once per accepted press."""
        if self._raw == self._stable:
            return False
        if now - self._changed_at + _SLACK < (self.confirm if self._raw else self.settle):
            return False
        self._stable = self._raw
        return self._stable

    def due(self, now: float) -> float | None:
        """Seconds until `poll` can accept the level read now; None when it already is the accepted one."""
        if self._raw == self._stable:
            return None
        hold = self.confirm if self._raw else self.settle
        left = self._changed_at + hold - now
        return left if left > _SLACK else 0.0

    @property
    def pending(self) -> bool:
        """True while a change is being timed (a press being confirmed or a release settling)."""
        return self._raw != self._stable

    @property
    def releasing(self) -> bool:
        """True while a release is being timed (accepted pressed, contact reads released)."""
        return self._stable and not self._raw
