"""Seat pads behind the RP2040 pad hub on USB serial (firmware/), for tables bigger than the GPIO allows.

A reader thread owns the port: it reconnects whenever the hub vanishes, acknowledges every press, and
drops re-sent presses it has already delivered, so an unplugged cable neither loses nor doubles one.
"""

from __future__ import annotations

import glob
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from controller.devices.hub_protocol import (
    HELLO_REQUEST,
    PING,
    Hello,
    HubError,
    Press,
    ack_line,
    led_line,
    parse_hub_line,
)
from controller.devices.leds import LedState
from controller.devices.pads import Pads, PressCallback, StatusCallback

log = logging.getLogger(__name__)

BAUDRATE = 115200  # ignored by USB CDC, kept for USB-serial adapters
SEEN_WINDOW = 1024  # presses remembered per hub boot for de-duplication
HUB_PORT_PATTERNS: tuple[str, ...] = (
    "/dev/serial/by-id/*MicroPython*",
    "/dev/serial/by-id/*Pico*",
    "/dev/ttyACM*",
)

PortOpener = Callable[[str], Any]


class LinkLost(Exception):
    """The hub stopped talking (no heartbeat) although the port still looks open."""


def find_hub_ports(root: str = "/") -> list[str]:
    """Serial ports that may be the hub, stable by-id names first (ttyACM numbers change on replug)."""
    found: list[str] = []
    for pattern in HUB_PORT_PATTERNS:
        for path in sorted(glob.glob(os.path.join(root, pattern.lstrip("/")))):
            if path not in found:
                found.append(path)
    return found


def open_serial(url: str, timeout: float = 0.05) -> Any:
    """A pyserial port for a device path or any pyserial URL (`loop://`, `socket://...`)."""
    import serial  # lazy: only tables with a hub need pyserial

    return serial.serial_for_url(url, baudrate=BAUDRATE, timeout=timeout)


class SerialPads(Pads):
    """Pads on the hub at `url` (None: the first port `find_hub_ports` lists at each (re)connect)."""

    def __init__(
        self,
        url: str | None,
        seats: int,
        *,
        open_port: PortOpener = open_serial,
        clock: Callable[[], float] = time.monotonic,
        heartbeat_timeout: float = 3.0,
        reconnect_interval: float = 1.0,
        ping_interval: float = 1.0,
    ) -> None:
        self.url = url
        self.seats = seats
        self._open_port = open_port
        self._clock = clock
        self.heartbeat_timeout = heartbeat_timeout
        self.reconnect_interval = reconnect_interval
        self.ping_interval = ping_interval
        self._lock = threading.Lock()  # guards the port for writers and the LED table
        self._port: Any = None
        self._leds: dict[int, LedState] = {}
        self._sent_leds: dict[int, LedState] = {}
        self._status: bool | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._on_press: PressCallback | None = None
        self._on_status: StatusCallback | None = None
        self._boot: str | None = None
        self._seen: set[int] = set()
        self._seen_order: deque[int] = deque()
        self.hello: Hello | None = None  # the last greeting, with the firmware version
        self.last_error: str | None = None
        self.duplicates = 0  # re-sent presses dropped (for the doctor and tests)

    # -- Pads ------------------------------------------------------------------------------------
    def start(self, on_press: PressCallback, on_status: StatusCallback | None = None) -> None:
        self._on_press = on_press
        self._on_status = on_status
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="pad-hub", daemon=True)
            self._thread.start()

    @property
    def connected(self) -> bool:
        return bool(self._status)

    def set_leds(self, states: Mapping[int, LedState]) -> None:
        with self._lock:
            self._leds.update({seat: state for seat, state in states.items() if 0 <= seat < self.seats})
            if self._status:
                self._flush_leds()

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            port, self._port = self._port, None
        if port is not None:
            _quiet_close(port)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    # -- the reader thread -----------------------------------------------------------------------
    def _run(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            url = self.url
            if url is None:  # try each candidate in turn: the first may be some other USB serial device
                candidates = find_hub_ports()
                url = candidates[attempt % len(candidates)] if candidates else None
            attempt += 1
            try:
                if url is None:
                    raise OSError("no pad hub found on USB")
                port = self._open_port(url)
            except Exception as exc:  # pyserial raises SerialException (an OSError) or ValueError
                self._lost(f"cannot open {url or 'the hub'}: {exc}")
                self._stop.wait(self.reconnect_interval)
                continue
            try:
                self._session(port)
            except Exception as exc:  # an unplugged hub surfaces as any of several pyserial errors
                self._lost(str(exc) or type(exc).__name__)
            finally:
                with self._lock:
                    if self._port is port:
                        self._port = None
                _quiet_close(port)
            if not self._stop.is_set():
                self._lost(self.last_error or "link closed")
                self._stop.wait(self.reconnect_interval)

    def _session(self, port: Any) -> None:
        with self._lock:
            self._port = port
            self._sent_leds = {}
        self._write(HELLO_REQUEST)
        buffer = b""
        last_rx = last_ping = self._clock()
        while not self._stop.is_set():
            waiting = getattr(port, "in_waiting", 0) or 1
            data = port.read(waiting)
            now = self._clock()
            if data:
                last_rx = now
                buffer += data
                while b"\n" in buffer:
                    raw, buffer = buffer.split(b"\n", 1)
                    self._handle(raw.decode("ascii", "replace"))
                if len(buffer) > 256:
                    buffer = b""  # garbage with no newline: not our hub
            if now - last_rx > self.heartbeat_timeout:
                raise LinkLost(f"no heartbeat from the hub for {self.heartbeat_timeout:g} s")
            if now - last_ping >= self.ping_interval:
                last_ping = now
                self._write(PING)

    def _handle(self, line: str) -> None:
        message = parse_hub_line(line)
        if isinstance(message, Hello):
            if message.boot != self._boot:  # the hub restarted: its sequence numbers did too
                self._boot = message.boot
                self._seen.clear()
                self._seen_order.clear()
            self.hello = message
            self.last_error = None
            with self._lock:
                self._flush_leds()
            self._set_status(True)
        elif isinstance(message, Press):
            if self.hello is None or not self._status:
                return  # not greeted yet this session: the hub re-sends after its HELLO
            if message.seq in self._seen:
                self.duplicates += 1
            else:
                self._remember(message.seq)
                if 0 <= message.seat < self.seats and self._on_press is not None:
                    try:
                        self._on_press(message.seat, message.button)
                    except Exception:  # the table's problem, not the link's
                        log.exception("pad press callback failed")
                else:
                    log.warning("hub reported seat %s, but this table has %s seats", message.seat, self.seats)
            self._write(ack_line(message.seq))
        elif isinstance(message, HubError):
            log.warning("pad hub says: %s", message.text)

    def _remember(self, seq: int) -> None:
        self._seen.add(seq)
        self._seen_order.append(seq)
        if len(self._seen_order) > SEEN_WINDOW:
            self._seen.discard(self._seen_order.popleft())

    def _flush_leds(self) -> None:
        """Send LED states the hub has not been told this session (caller holds the lock)."""
        for seat, state in sorted(self._leds.items(), key=lambda item: item[0]):
            if self._sent_leds.get(seat) != state:
                self._write_locked(led_line(seat, state))
                self._sent_leds[seat] = state

    def _write(self, data: bytes) -> None:
        with self._lock:
            self._write_locked(data)

    def _write_locked(self, data: bytes) -> None:
        if self._port is None:
            return
        try:
            self._port.write(data)
        except Exception as exc:  # the reader notices the dead port and reconnects
            self.last_error = str(exc) or type(exc).__name__

    def _lost(self, reason: str) -> None:
        self.last_error = reason
        self._set_status(False)

    def _set_status(self, connected: bool) -> None:
        if self._status == connected:
            return
        self._status = connected
        log.info("pad hub %s", "connected" if connected else f"lost: {self.last_error}")
        if self._on_status is not None:
            try:
                self._on_status(connected)
            except Exception:
                log.exception("pad status callback failed")


def probe_hub(url: str, timeout: float = 2.0, open_port: PortOpener = open_serial) -> Hello | None:
    """Ask the hub at `url` to introduce itself (used by the doctor); None when nothing sensible answers."""
    port = open_port(url)
    try:
        port.write(HELLO_REQUEST)
        deadline = time.monotonic() + timeout
        buffer = b""
        while time.monotonic() < deadline:
            buffer += port.read(getattr(port, "in_waiting", 0) or 1)
            while b"\n" in buffer:
                raw, buffer = buffer.split(b"\n", 1)
                message = parse_hub_line(raw.decode("ascii", "replace"))
                if isinstance(message, Hello):
                    return message
        return None
    finally:
        _quiet_close(port)


def _quiet_close(port: Any) -> None:
    try:
        port.close()
    except Exception:  # closing a vanished device can raise; nothing to do about it
        log.debug("closing the serial port failed", exc_info=True)


def open_serial_pads(players: int, port: str | None = None) -> SerialPads:
    """Pads behind the USB hub; with no port, the hub is looked up again at every reconnect."""
    return SerialPads(port, players)
