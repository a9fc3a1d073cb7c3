"""A simulated USB cable for the pad-hub tests: the real firmware logic on one end, fake pyserial ports
on the other. It can be pulled out at any moment (bytes in flight are lost, the old port goes dead) and
can lose the Pi's ACK lines, so the hub re-sends presses the Pi already has.

Two kinds of unplug: a data-only glitch (the hub keeps power and its outbox, as with a hub on its own
supply or a flaky data line), and a real one (`power_off=True`): the hub is powered by that cable, so
it goes dark, presses made meanwhile are not seen at all, its unacknowledged presses are gone, and on
replug it boots afresh (a new boot id, numbering from 1).
"""

from __future__ import annotations

import importlib.util
import threading
import types
from pathlib import Path

FIRMWARE_HUB = Path(__file__).resolve().parents[2] / "firmware" / "hub.py"


def load_firmware() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("jaccuse_hub_fw_cable", FIRMWARE_HUB)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FW = load_firmware()


class Unplugged(OSError):
    pass


class Cable:
    """The firmware's Hub on one end, fake pyserial ports on the other; it can be pulled out."""

    def __init__(self, seats: int = 14, boot: str = "b001") -> None:
        self.cond = threading.Condition()
        self.plugged = True
        self.generation = 0
        self.to_pi = bytearray()
        self.now_ms = 0
        self.opens = 0
        self.drop_acks = False  # a flaky cable: ACK lines vanish until the next unplug
        self.seats = seats
        self.boot = boot
        self.boots = 1
        self.powered = True
        self.hub = FW.Hub(seats, self._from_hub, boot)

    def _from_hub(self, line: str) -> None:
        if not self.plugged:
            raise OSError("USB not connected")
        self.to_pi += line.encode()
        self.cond.notify_all()

    def open(self, url: str) -> FakePort:
        with self.cond:
            if not self.plugged:
                raise Unplugged(2, f"could not open port {url}: No such file or directory")
            self.opens += 1
            return FakePort(self, self.generation)

    def unplug(self, power_off: bool = False) -> None:
        with self.cond:
            self.plugged = False
            self.drop_acks = False
            self.generation += 1
            self.to_pi.clear()  # bytes in flight are lost
            if power_off:
                self.powered = False
            self.cond.notify_all()

    def replug(self) -> None:
        with self.cond:
            if not self.powered:  # power-up: a fresh hub, nothing of the old one survives
                self.boots += 1
                self.now_ms = 0
                self.hub = FW.Hub(self.seats, self._from_hub, f"{self.boot[:2]}{self.boots:02x}")
                self.powered = True
            self.plugged = True
            self.cond.notify_all()

    def press(self, seat: int, code: str) -> bool:
        """A debounced key press on the hub; False when the hub dropped it (it could not hear the Pi) or
        had no power to see it."""
        with self.cond:
            if not self.powered:
                return False
            self.now_ms += 1
            kept = self.hub.linked(self.now_ms)
            self.hub.press(seat, code, self.now_ms)
            return bool(kept)

    def linked(self) -> bool:
        """Whether the hub has heard the Pi lately (by the cable's own clock)."""
        with self.cond:
            return bool(self.hub.linked(self.now_ms))

    def tick(self, advance_ms: int) -> None:
        with self.cond:
            if not self.powered:
                return
            self.now_ms += advance_ms
            self.hub.tick(self.now_ms)


class FakePort:
    def __init__(self, cable: Cable, generation: int) -> None:
        self.cable = cable
        self.generation = generation
        self.closed = False

    def _alive(self) -> None:
        if self.closed or self.generation != self.cable.generation:
            raise Unplugged(5, "device reports readiness to read but returned no data")

    @property
    def in_waiting(self) -> int:
        return len(self.cable.to_pi)

    def read(self, size: int = 1) -> bytes:
        with self.cable.cond:
            self._alive()
            if not self.cable.to_pi:
                self.cable.cond.wait(0.01)
                self._alive()
            data = bytes(self.cable.to_pi[:size])
            del self.cable.to_pi[:size]
            return data

    def write(self, data: bytes) -> int:
        with self.cable.cond:
            self._alive()
            if self.cable.drop_acks and data.startswith(b"ACK"):
                return len(data)
            self.cable.hub.receive(data, self.cable.now_ms)
            return len(data)

    def close(self) -> None:
        with self.cable.cond:
            self.closed = True
            self.cable.cond.notify_all()
