"""Contact debouncing we control ourselves: eager on press, settle-based on release.

gpiozero's `bounce_time` depends on the pin backend (and MockFactory ignores it), so the pads feed raw
edges here. The first "pressed" edge seen while the button counts as released is taken as the press at
once, so a press costs no debounce delay at all (the reveal that ends an election is on the latency
path). The button only counts as released again once the contact has read "released" without a change
for `settle` seconds; every edge before that, be it the chatter of the press itself or of the release,
is ignored. Bounce trains shorter than `settle` therefore give exactly one press.

The price: a settle-based debouncer insists that a level holds before trusting it, this one does not,
so a single electrical spike on an idle line would count as a press. The pads use the Pi's pull-ups
on short runs of cable inside the box, where such spikes are rare enough to accept. The hub firmware
(firmware/hub.py) keeps its own settle-based debounce: its presses travel over serial and are not on
the path that this trade-off is about.
"""

from __future__ import annotations

DEFAULT_SETTLE = 0.030  # seconds; longer than the 0-20 ms bounce of cheap tactile switches


class Debouncer:
    """One button: raw edges in, at most one accepted press per physical press out.

    `edge` latches a press on the first "pressed" reading while the accepted level is released; the
    next `poll` reports it (and `due` says 0 until then). The accepted level returns to released once
    the contact has read released for `settle` seconds, which arms the next press.
    """

    def __init__(self, settle: float = DEFAULT_SETTLE, pressed: bool = False, now: float = 0.0) -> None:
        self.settle = settle
        self._raw = pressed
        self._stable = pressed  # a button held at start-up is not a press: it has to be released first
        self._latched = False  # a press seen by `edge`, not yet reported by `poll`
        self._changed_at = now

    @property
    def pressed(self) -> bool:
        """The accepted (debounced) level; a latched press counts once `poll` has reported it."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> None:
        """Record a raw level reading; repeated equal readings do not restart the settle timer."""
        if pressed != self._raw:
            self._raw = pressed
            self._changed_at = now
        if pressed and not self._stable:
            self._latched = True

    def poll(self, now: float) -> bool:
        """Report a latched press (True exactly once per press), or accept a settled release."""
        if self._latched:
            self._latched = False
            self._stable = True
            return True
        if self._stable and not self._raw and now - self._changed_at >= self.settle:
            self._stable = False
        return False

    def due(self, now: float) -> float | None:
        """Seconds until `poll` has work (0 for a latched press); None when nothing is pending."""
        if self._latched:
            return 0.0
        if self._stable and not self._raw:
            return max(0.0, self._changed_at + self.settle - now)
        return None

    @property
    def releasing(self) -> bool:
        """True while a release is being timed (accepted pressed, contact reads released)."""
        return self._stable and not self._raw and not self._latched
