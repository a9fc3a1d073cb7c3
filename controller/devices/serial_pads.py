"""Seat pads behind the RP2040 pad hub on USB serial (firmware/), for tables bigger than the GPIO allows.

A reader thread owns the port: it reconnects whenever the hub vanishes, acknowledges every press, and
drops re-sent presses it has already delivered, so an unplugged cable neither loses nor doubles one.

Finding the hub: by its USB vendor and product id (Raspberry Pi's 2e8a, and 0005, what MicroPython's
rp2 port reports) through pyserial's `serial.tools.list_ports`, after the stable `/dev/jaccuse-hub`
name the udev rule in systemd/ gives it; ttyACM numbers change when it is replugged or when another USB
serial device comes first. Each candidate must answer HELLO as the box's pad hub before it counts. Ports
are opened with `exclusive=True` (pyserial takes an flock), so a second program, such as `doctor` run
while the service is up, is refused instead of stealing lines.

Stale presses: the box names each round of presses with `set_epoch`; the hub stamps every press with the
round it knew when the key went down, and presses from another round (queued while the cable was out,
or made just before a new round began) are acknowledged but not handed on. `on_drop` hears of each.
"""

from __future__ import annotations

import logging
import os
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from controller.devices.hub_protocol import (
    HELLO_REQUEST,
    PING,
    PROTOCOL,
    Hello,
    HubError,
    Press,
    ack_line,
    epoch_line,
    led_line,
    parse_hub_line,
)
from controller.devices.leds import LedState
from controller.devices.pads import Pads

log = logging.getLogger(__name__)

BAUDRATE = 115200  # ignored by USB CDC, kept for USB-serial adapters
SEEN_WINDOW = 1024  # presses remembered per hub boot for de-duplication
HUB_USB_IDS: frozenset[tuple[int, int]] = frozenset({(0x2E8A, 0x0005)})  # Raspberry Pi / MicroPython rp2
HUB_LINK = "dev/jaccuse-hub"  # made by systemd/99-jaccuse-hub.rules, relative to the root
EPOCH_MOD = 1_000_000_000  # the hub takes up to 10 digits

PortOpener = Callable[[str], Any]
PortLister = Callable[[], list[Any]]


class LinkLost(Exception):
    """The hub stopped talking (no heartbeat) although the port still looks open."""


class HubTooOld(LinkLost):
    """The hub's firmware speaks an older protocol (no rounds on presses)."""


def _list_ports() -> list[Any]:
    from serial.tools import list_ports  # lazy: only tables with a hub need pyserial

    return list(list_ports.comports())


def find_hub_ports(root: str = "/", comports: PortLister | None = None) -> list[str]:
    """Serial ports that may be the hub: the udev rule's stable name, then USB ports with its ids.

    `comports` stands in for pyserial's port list in tests; with another `root` (the doctor's tests)
    only files under it are looked at.
    """
    found: list[str] = []
    link = os.path.join(root, HUB_LINK)
    if os.path.exists(link):
        found.append(link)
    if comports is None:
        comports = _list_ports if root == "/" else list
    linked_to = os.path.realpath(link) if found else None
    for port in sorted(comports(), key=lambda p: str(p.device)):
        if (port.vid, port.pid) in HUB_USB_IDS and os.path.realpath(port.device) != linked_to:
            found.append(str(port.device))
    return found


def open_serial(url: str, timeout: float = 0.25) -> Any:
    """A pyserial port for a device path or any pyserial URL (`loop://`, `socket://...`), held exclusively.

    The read timeout bounds how often an idle reader wakes (four times a second, plus the hub's
    once-a-second heartbeat); lines are handed on as soon as they arrive whatever it is.
    """
    import serial  # lazy: only tables with a hub need pyserial

    return serial.serial_for_url(url, baudrate=BAUDRATE, timeout=timeout, exclusive=True)


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
        self._boot: str | None = None
        self._seen: set[int] = set()
        self._seen_order: deque[int] = deque()
        self._salt = random.randrange(EPOCH_MOD)  # a new box process never matches an old stamp
        self._wire_epoch: str | None = None
        self._prev_wire_epoch: str | None = None
        self._epoch_changed_at = 0.0
        self.hello: Hello | None = None  # the last greeting, with the firmware version
        self.last_error: str | None = None
        self.duplicates = 0  # re-sent presses dropped (for the doctor and tests)
        self.stale = 0  # presses from another round, not handed on
        self.port: str | None = None  # the port of the current or last session

    # -- Pads ------------------------------------------------------------------------------------
    def _begin(self) -> None:
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

    def set_epoch(self, epoch: int) -> None:
        """Stamp presses from now on with this round; told to the hub before any LED of the round."""
        with self._lock:
            wire = str((self._salt + epoch) % EPOCH_MOD)
            if wire != self._wire_epoch:
                self._prev_wire_epoch, self._epoch_changed_at = self._wire_epoch, self._clock()
            self.epoch = epoch
            self._wire_epoch = wire
            if self._status:
                self._write_locked(epoch_line(int(self._wire_epoch)))

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
                self.port = url
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
            if message.protocol < PROTOCOL:
                raise HubTooOld(
                    f"the hub's firmware {message.firmware} speaks protocol {message.protocol}, this box "
                    f"needs {PROTOCOL}: copy firmware/hub.py and firmware/main.py to it again"
                )
            if message.boot != self._boot:  # the hub restarted: its sequence numbers did too
                self._boot = message.boot
                self._seen.clear()
                self._seen_order.clear()
            elif self.hello is not None and message.dropped > self.hello.dropped:
                log.warning(
                    "the pad hub dropped %d press(es) made while it could not hear the box",
                    message.dropped - self.hello.dropped,
                )
            self.hello = message
            self.last_error = None
            with self._lock:
                if self._wire_epoch is not None:  # before the LEDs: a lit seat's press carries it
                    self._write_locked(epoch_line(int(self._wire_epoch)))
                self._flush_leds()
            self._set_status(True)
        elif isinstance(message, Press):
            if self.hello is None or not self._status:
                return  # not greeted yet this session: the hub re-sends after its HELLO
            if message.seq in self._seen:
                self.duplicates += 1
            else:
                self._remember(message.seq)
                self._deliver(message)
            self._write(ack_line(message.seq))
        elif isinstance(message, HubError):
            log.warning("pad hub says: %s", message.text)

    def _deliver(self, press: Press) -> None:
        if not 0 <= press.seat < self.seats:
            log.warning("hub reported seat %s, but this table has %s seats", press.seat, self.seats)
            return
        if not self._in_this_round(press):
            # made before this round opened (or while the hub had not heard of it): never counted
            self.stale += 1
            age = f"{press.age_ms / 1000:.1f} s ago" if press.age_ms is not None else "earlier"
            log.info("dropped seat %s %s: pressed %s, before this round", press.seat, press.button, age)
            self._call(self._on_drop, press.seat, press.button, "stale")
            return
        self._call(self._on_press, press.seat, press.button)

    def _in_this_round(self, press: Press) -> bool:
        """Whether a press counts in the round open now.

        Its stamp names the round the hub knew of when the key went down. One case needs its age: the
        round just changed and the news was still on its way to the hub, so a press made after the
        change carries the previous round's number; it was made in this round and counts.
        """
        with self._lock:
            wanted, previous, changed_at = self._wire_epoch, self._prev_wire_epoch, self._epoch_changed_at
        if wanted is None or press.epoch == wanted:
            return True
        if press.epoch is None or press.epoch != previous or press.age_ms is None:
            return False
        made_at = self._clock() - press.age_ms / 1000
        return made_at >= changed_at

    @staticmethod
    def _call(callback: Callable[..., None] | None, *args: Any) -> None:
        if callback is None:
            return
        try:
            callback(*args)
        except Exception:  # the table's problem, not the link's
            log.exception("pad callback failed")

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
