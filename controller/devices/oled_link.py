"""The OLED's I2C connection: one luma device for the life of the box, over a bus link that comes and goes.

Why not simply build a new luma device on every attempt: luma.core's device registers an ``atexit``
hook that holds it for good, and an SSD1306 object carries two 8,192-entry lookup tables, so every
failed or repeated open kept some 300 kB and, when the set-up failed, the open ``/dev/i2c-N`` too.
Here the device is built once over this link (which records the controller's set-up commands instead
of sending them), and every (re)open only:

1. probes the address with a harmless command write on a bus opened and closed for that purpose (no
   panel: nothing else is opened);
2. opens luma's own I2C interface and replays the recorded set-up; a failure closes it again.

The same recorded set-up, without its leading display-off, is what ``refresh`` sends to a panel that
may have lost power while idle: it then takes the settings, the frame and display-on again, and a
healthy panel shows no blink.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from typing import Any

from controller.oled_kit.draw import HEIGHT, WIDTH

DISPLAY_OFF = 0xAE
DISPLAY_ON = 0xAF
SET_CONTRAST = 0x81
NOP = 0xE3  # the same no-operation command on the SSD1306, SSD1309 and SH1106
COMMAND_MODE = 0x00  # the control byte in front of command bytes on I2C


class PanelMissing(OSError):
    """Nothing acknowledged the OLED's address (none fitted, another address, a loose wire)."""


def probe(port: int, address: int, bus_factory: Callable[[int], Any] | None = None) -> None:
    """Raise PanelMissing unless a controller acknowledges a no-op command at `address`.

    A command write, not a read: it is the transfer luma makes, so a panel that takes the probe takes
    the set-up too. The bus is closed again whatever happens.
    """
    if bus_factory is None:
        from smbus2 import SMBus

        bus_factory = SMBus
    bus = bus_factory(port)
    try:
        bus.write_byte_data(address, COMMAND_MODE, NOP)
    except OSError as exc:
        if exc.errno in (errno.EREMOTEIO, errno.EIO, errno.ENXIO, errno.ETIMEDOUT):
            raise PanelMissing(exc.errno, f"no OLED answers at {address:#x} on I2C bus {port}") from None
        raise
    finally:
        bus.close()


class OledLink:
    """luma's serial interface for one OLED: records the set-up at first, then forwards to the bus.

    ``open`` (re)connects and initialises the panel, ``refresh_setup`` re-sends the settings to a panel
    that may have reset, ``close`` releases the bus. While no bus is open, writes raise, as a missing
    panel's would.
    """

    def __init__(
        self,
        model_name: str,
        address: int,
        port: int = 1,
        rotate: int = 0,
        *,
        serial_factory: Callable[[int, int], Any] | None = None,
        probe_bus: Callable[[int], Any] | None = None,
    ) -> None:
        from luma.oled import device as oled

        self.address = address
        self.port = port
        self._serial_factory = serial_factory or _luma_i2c
        self._probe_bus = probe_bus
        self._serial: Any = None
        self._recording: list[tuple[int, ...]] | None = []
        # luma sends its set-up from the constructor: here it lands in the recording, not on a bus
        self.device = getattr(oled, model_name)(self, width=WIDTH, height=HEIGHT, rotate=rotate // 90)
        self.setup = _setup_commands(self._recording)
        self._recording = None

    # -- luma's serial-interface API ------------------------------------------------------------------
    def command(self, *cmd: int) -> None:
        if self._recording is not None:
            self._recording.append(tuple(cmd))
            return
        self._bus().command(*cmd)

    def data(self, data: Any) -> None:
        if self._recording is not None:
            return  # luma's clear() during set-up: the first frame replaces it
        self._bus().data(data)

    def cleanup(self) -> None:
        """luma's exit hook calls this (after hide() and clear(), which need the bus)."""
        self.close()

    # -- ours -----------------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self._serial is not None

    def open(self, contrast: int) -> Any:
        """Connect and initialise the panel (display left off until the first frame); the luma device.

        Raises (PanelMissing when nothing answers) with nothing left open.
        """
        self.close()
        probe(self.port, self.address, self._probe_bus)
        self._serial = self._serial_factory(self.port, self.address)
        try:
            for cmd in self.setup:
                self.command(*cmd)
            self.command(SET_CONTRAST, contrast)
        except BaseException:
            self.close()
            raise
        return self.device

    def refresh_setup(self, contrast: int) -> None:
        """The set-up again, minus display-off: puts a reset controller back in shape, no blink otherwise."""
        for index, cmd in enumerate(self.setup):
            if index == 0 and cmd and cmd[0] == DISPLAY_OFF:
                cmd = cmd[1:]
            if cmd:
                self.command(*cmd)
        self.command(SET_CONTRAST, contrast)

    def close(self) -> None:
        serial, self._serial = self._serial, None
        if serial is not None:
            serial.cleanup()

    def _bus(self) -> Any:
        if self._serial is None:
            raise PanelMissing(errno.EREMOTEIO, f"the OLED at {self.address:#x} is not connected")
        return self._serial


def _luma_i2c(port: int, address: int) -> Any:
    from luma.core.interface.serial import i2c

    return i2c(port=port, address=address)


def _setup_commands(recorded: list[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The commands luma's constructor sent before setting the contrast: the controller's settings."""
    setup: list[tuple[int, ...]] = []
    for cmd in recorded:
        if cmd and cmd[0] == SET_CONTRAST:
            break
        setup.append(cmd)
    if not setup or setup[0][:1] != (DISPLAY_OFF,):
        raise RuntimeError(f"unexpected OLED set-up from luma: {recorded[:2]!r}")
    return tuple(setup)
