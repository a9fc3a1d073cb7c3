"""A simulated pad hub for laptops: the real firmware logic behind a pseudo-terminal.

`--mock --pads serial` runs the same Pi-side reader (`SerialPads`, pyserial) as a real box, against
`firmware/hub.py` (the very file the RP2040 runs) fed by a thread that plays the board's main loop. The
virtual pads of the table page press its buttons, so a demo exercises the whole serial path: sequence
numbers, acknowledgements, heartbeats and LED commands.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import select
import threading
import time
import tty
import types
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware" / "hub.py"
CODES = {"reveal": "R", "abstain": "A"}


def load_firmware(path: Path = FIRMWARE) -> types.ModuleType:
    """Import the hub firmware as a plain module (it runs under CPython unchanged)."""
    if not path.exists():
        raise FileNotFoundError(f"the hub firmware {path} is not there (run from a source checkout)")
    spec = importlib.util.spec_from_file_location("jaccuse_hub_firmware", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class SimulatedHub:
    """The hub's firmware on one end of a pty; `path` is the serial port the Pi side opens.

    ``boot_seconds`` plays a board just plugged in: for that long it reads nothing (what the Pi sends
    waits in the port) and says nothing, as the firmware watches BOOTSEL before it starts
    (``maintenance_window_ms`` in firmware/main.py); then it introduces itself, as main() does.
    """

    def __init__(self, seats: int, boot_id: str = "51m0", boot_seconds: float = 0.0) -> None:
        firmware = load_firmware()
        self.seats = seats
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo: the hub must not hear its own lines before pyserial opens
        self.path = os.ttyname(self._slave)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._plugged = True
        self._boots = 0
        self._start = time.monotonic()
        self._boot_seconds = boot_seconds
        self.hub = firmware.Hub(seats, self._write, boot_id)
        self._thread = threading.Thread(target=self._run, name="sim-hub", daemon=True)
        self._thread.start()

    def _ms(self) -> int:
        return int((time.monotonic() - self._start) * 1000)

    def _write(self, line: str) -> None:
        if self._plugged:
            with contextlib.suppress(OSError):
                os.write(self._master, line.encode())

    def _run(self) -> None:
        if self._boot_seconds > 0:
            if self._stop.wait(self._boot_seconds):
                return
            with self._lock:
                self._write(self.hub.hello())
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._master], [], [], 0.1)  # ticks: heartbeats, resends
                data = os.read(self._master, 512) if ready else b""
            except (OSError, ValueError):
                return
            with self._lock:
                if not self._plugged:
                    continue  # a hub without power hears nothing and says nothing
                if data:
                    self.hub.receive(data, self._ms())
                self.hub.tick(self._ms())

    def press(self, seat: int, button: str) -> None:
        """A debounced press of a seat's button, as the board's scan loop would report it."""
        if button not in CODES or not 0 <= seat < self.seats:
            raise ValueError(f"no button {button!r} on seat {seat}")
        with self._lock:
            if self._plugged:
                self.hub.press(seat, CODES[button], self._ms())

    def led(self, seat: int) -> str:
        """What the hub was last told to show on a seat's LED."""
        with self._lock:
            return str(self.hub.leds[seat])

    @property
    def plugged(self) -> bool:
        return self._plugged

    def unplug(self) -> None:
        """Pull the cable: the hub goes silent (so the Pi notices by the missing heartbeat)."""
        with self._lock:
            self._plugged = False

    def plug(self) -> None:
        """Plug it back: the hub powers up again with an empty queue and a new boot id."""
        with self._lock:
            self._boots += 1
            self.hub = type(self.hub)(self.seats, self._write, f"{(0x5100 + self._boots) & 0xFFFF:04x}")
            self._plugged = True

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)
