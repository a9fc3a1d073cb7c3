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


class Pads(abc.ABC):
    """A set of seat pads: two buttons and one LED per seat."""

    seats: int

    @abc.abstractmethod
    def start(self, on_press: PressCallback, on_status: StatusCallback | None = None) -> None:
        """Begin reporting debounced presses; each physical press is reported exactly once."""

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
