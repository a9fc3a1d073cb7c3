"""Opening what the box was asked to drive: the pads (GPIO, the serial hub, mocked, or none) and the OLED.

The device libraries load here, when the box opens a device, not when ``run`` starts: on a Pi they
take a good part of a start, and nothing needs them before someone can press.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from controller.config import Config
from controller.games import registry
from controller.oled_kit.model import DisplayModel

if TYPE_CHECKING:  # the implementations (and their libraries) load when a device is opened
    from controller.devices.display import DisplayWorker
    from controller.devices.pads import Pads
    from controller.devices.sim_hub import SimulatedHub

#: a virtual pad button's press (mock mode): (seat, button)
PressFn = Callable[[int, str], None]


@dataclass
class OpenedPads:
    """The pads opened, and in mock mode what presses them: the simulated hub, or the mocked pins."""

    pads: Pads
    press: PressFn | None = None
    sim_hub: SimulatedHub | None = None


def open_pads(mock: bool, kind: str, players: int, config: Config) -> OpenedPads:
    """The pads of ``kind`` (``serial``, ``mock``, ``gpio``) for ``players`` seats; in mock mode a serial
    hub is the hub's firmware behind a pty, read by the real serial code path."""
    if mock and kind == "serial":
        from controller.devices.serial_pads import SerialPads
        from controller.devices.sim_hub import SimulatedHub

        hub = SimulatedHub(players)
        return OpenedPads(SerialPads(hub.path, players, reconnect_interval=0.2), hub.press, hub)
    if mock or kind == "mock":
        from controller.devices.gpio_pads import MockPads

        mock_pads = MockPads(players)
        return OpenedPads(mock_pads, mock_pads.press)
    if kind == "gpio":
        from controller.devices.gpio_pads import open_gpio_pads
        from controller.devices.pinmap import load_pinmap

        return OpenedPads(open_gpio_pads(players, load_pinmap(config.pinmap) if config.pinmap else None))
    from controller.devices.serial_pads import open_serial_pads

    return OpenedPads(open_serial_pads(players, config.serial_port))


def open_oled(mock: bool, config: Config) -> DisplayWorker:
    """The OLED as configured (luma's in-memory panel in mock mode), drawing the screens of the game
    each view is of."""
    from controller.devices.display import open_display

    minutes = 60.0
    return open_display(
        config.oled_model if config.oled_model != "none" else None,
        config.oled_address,
        mock=mock,
        i2c_port=config.i2c_port,
        rotate=config.oled_rotate,
        contrast=config.oled_contrast,
        dim_after=config.oled_dim_after * minutes or None,
        off_after=config.oled_off_after * minutes or None,
        bus_hz=config.i2c_hz,
        renderer=screen_renderer(),
    )


def screen_renderer() -> Callable[[DisplayModel], Any]:
    """The OLED's renderer: the screens of the game the view is of (the host may deal another game
    while the box runs); the device's plain screen for a view of no known game."""
    from controller.devices.screens import render

    def draw(model: DisplayModel) -> Any:
        try:
            screens = registry.game((model.view or {}).get("game", registry.DEFAULT_GAME)).screens()
        except registry.UnknownGame:
            return render(model)
        return screens.render(model)

    return draw
