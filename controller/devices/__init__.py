"""The box's hardware: seat pads (GPIO or serial hub), the OLED, and their mock stand-ins.

Importing this package stays cheap on a laptop: gpiozero, luma and pyserial are imported only inside
the real implementations, when a device is actually opened.
"""

from __future__ import annotations

from controller.devices.leds import LedState, RefusalFlash
from controller.devices.pads import BUTTONS, DropCallback, Pads, PressCallback, StatusCallback

__all__ = [
    "BUTTONS",
    "DropCallback",
    "LedState",
    "Pads",
    "PressCallback",
    "RefusalFlash",
    "StatusCallback",
]
