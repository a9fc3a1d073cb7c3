"""Contact debouncing we control ourselves.

gpiozero's `bounce_time` depends on the pin backend (and MockFactory ignores it), so the pads feed raw
edges here and accept a level only once it has held still for `settle` seconds.
"""

from __future__ import annotations

DEFAULT_SETTLE = 0.030  # seconds; longer than the 0-20 ms bounce of cheap tactile switches


class Debouncer:
    """One button: raw edges in, at most one accepted press per physical press out.

    A press is accepted when the contact has read "pressed" without a change for `settle` seconds and
    the previously accepted press has been accepted as released; bounces on release never count.
    """

    def __init__(self, settle: float = DEFAULT_SETTLE, pressed: bool = False, now: float = 0.0) -> None:
        self.settle = settle
        self._raw = pressed
        self._stable = pressed
        self._changed_at = now

    @property
    def pressed(self) -> bool:
        """The accepted (debounced) level."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> None:
        """Record a raw level reading; repeated equal readings do not restart the settle timer."""
        if pressed != self._raw:
            self._raw = pressed
            self._changed_at = now

    def poll(self, now: float) -> bool:
        """Promote a settled level; True exactly when a new press is accepted."""
        if self._raw != self._stable and now - self._changed_at >= self.settle:
            self._stable = self._raw
            return self._stable
        return False

    def due(self, now: float) -> float | None:
        """Seconds until `poll` could accept a pending change, or None when nothing is pending."""
        if self._raw == self._stable:
            return None
        return max(0.0, self._changed_at + self.settle - now)
