"""The seam between the table and whatever pads are plugged in (GPIO, serial hub, or mock)."""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping

from controller.devices.leds import LedState

BUTTONS: tuple[str, str] = ("reveal", "abstain")

PressCallback = Callable[[int, str], None]
"""Called with (seat, "reveal" | "abstain") from a device thread; it must not block for long."""

StatusCallback = Callable[[bool], None]
"""Called with True when the pads become reachable and False when they are lost (hub unplugged)."""

DropCallback = Callable[[int, str, str], None]
"""Called with (seat, button, why) for a press the pads threw away (made before the current round)."""


class Pads(abc.ABC):
    """A set of seat pads: two buttons and one LED per seat."""

    seats: int
    _on_press: PressCallback | None = None
    _on_status: StatusCallback | None = None
    _on_drop: DropCallback | None = None

    def start(
        self,
        on_press: PressCallback,
        on_status: StatusCallback | None = None,
        on_drop: DropCallback | None = None,
    ) -> None:
        """Begin reporting debounced presses; each physical press is reported exactly once."""
        self._on_press, self._on_status, self._on_drop = on_press, on_status, on_drop
        self._begin()

    @abc.abstractmethod
    def _begin(self) -> None:
        """Start reporting to the callbacks ``start`` was given."""

    def set_epoch(self, epoch: int) -> None:
        """Name the round of presses now open; presses made before it must not count in it.

        The caller (the box's wiring, which knows the game) passes a number that changes whenever a
        new round of presses starts (the game's ``pad_round``); the pads know nothing else about
        games. Pads that hand a press over the moment it happens (GPIO) have no queue that could
        carry an old press into a new round, so they keep the number only for `epoch`. The pad hub
        stamps presses with it.
        """
        self.epoch = epoch

    epoch: int | None = None

    @abc.abstractmethod
    def set_leds(self, states: Mapping[int, LedState]) -> None:
        """Show these LED states; seats left out keep what they show."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop threads and release pins or ports; safe to call twice."""

    @property
    @abc.abstractmethod
    def connected(self) -> bool:
        """Whether presses can arrive now (always True for GPIO; the hub's link state for serial)."""
