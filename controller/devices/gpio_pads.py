"""Seat pads wired straight to the Pi's GPIO, and the same pads on gpiozero's mock pins.

One thread does the debouncing, so behaviour does not depend on the gpiozero pin backend. A pin edge
only tells the debouncer (see debounce.py) and wakes the thread, which sleeps until the debouncer can
decide, reads the pin again and reports the press (1.5 ms after the edge) or accepts the release. The
same thread blinks the LEDs, all in step from one clock, so blinking costs two wake-ups a second for
the whole table instead of a gpiozero blink thread per LED.

Quiet when idle: the buttons are gpiozero `DigitalInputDevice`s, which report edges through the pin
backend's own notification (lgpio's alert pipe on a Pi) and, unlike `Button`, run no hold-timer thread
that polls all the time (gpiozero issue 1007). The pad thread sleeps without a timeout while nothing is
being debounced. Only while some seat's LED says WAITING (a press is expected) does it re-read every
pin every few seconds (RESYNC_INTERVAL), in case the backend dropped an edge.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from controller.devices.debounce import DEFAULT_CONFIRM, DEFAULT_SETTLE, Debouncer
from controller.devices.leds import BLINK_TIMES, LedState
from controller.devices.pads import BUTTONS, Pads
from controller.devices.pinmap import MOCK_REVISION, PinMap, load_pinmap, mock_pinmap

log = logging.getLogger(__name__)

Clock = Callable[[], float]
Key = tuple[int, str]

RESYNC_INTERVAL = 5.0  # seconds between re-reads of every button while a press is expected
MOCK_PIN_HISTORY = 64  # changes a mock LED pin remembers (a long mock session would otherwise grow)


class GpioPads(Pads):
    """Buttons and LEDs on GPIO pins given by a pin map; `pin_factory` None means the real Pi pins."""

    def __init__(
        self,
        pinmap: PinMap,
        *,
        pin_factory: Any = None,
        settle: float = DEFAULT_SETTLE,
        confirm: float = DEFAULT_CONFIRM,
        clock: Clock = time.monotonic,
        autopoll: bool = True,
        blink_times: Mapping[LedState, tuple[float, float]] = BLINK_TIMES,
    ) -> None:
        from gpiozero import LED, DigitalInputDevice  # lazy: laptops import this package without gpiozero

        from controller.devices.lgpio_env import lgpio_ready

        self.pinmap = pinmap
        self.seats = len(pinmap)
        self._clock = clock
        self._autopoll = autopoll
        self._blink_times = dict(blink_times)
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._closed = False
        self._led_shown: dict[int, LedState] = {}
        self._blinking: dict[int, tuple[float, float]] = {}  # seat -> (on, off) seconds
        self._lit: dict[int, bool] = {}
        self._buttons: dict[Key, Any] = {}
        self._debouncers: dict[Key, Debouncer] = {}
        self._edge_counts: dict[Key, int] = {}
        self._leds: list[Any] = []
        # the real pins (no factory given) import lgpio, which needs a writable work directory
        ready = lgpio_ready() if pin_factory is None else contextlib.nullcontext("")
        try:
            with ready:
                now = clock()
                for seat, pins in enumerate(pinmap.seats):
                    for name in BUTTONS:
                        # pressed pulls the line low: with pull_up=True, "active" means pressed
                        button = DigitalInputDevice(
                            pins.button(name), pull_up=True, bounce_time=None, pin_factory=pin_factory
                        )
                        key = (seat, name)
                        self._buttons[key] = button
                        self._debouncers[key] = Debouncer(
                            settle, pressed=bool(button.is_active), now=now, confirm=confirm
                        )
                        self._edge_counts[key] = 0
                        button.when_activated = self._edge_handler(key, True)
                        button.when_deactivated = self._edge_handler(key, False)
                    led = LED(pins.led, pin_factory=pin_factory)
                    led.off()
                    self._leds.append(led)
                    self._led_shown[seat] = LedState.OFF
        except Exception:
            self._release_devices()
            raise
        self.pin_factory = type(self._leds[0].pin_factory).__name__ if self._leds else None

    # -- Pads ------------------------------------------------------------------------------------
    def _begin(self) -> None:
        # on_drop is never called: a GPIO press reaches the table the moment it is confirmed
        if self._on_status is not None:
            self._on_status(True)  # wired pads cannot be unplugged as a whole
        if self._autopoll and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="gpio-pads", daemon=True)
            self._thread.start()

    @property
    def connected(self) -> bool:
        return not self._closed

    def set_leds(self, states: Mapping[int, LedState]) -> None:
        with self._cond:
            now = self._clock()
            changed = False
            for seat, state in states.items():
                if not 0 <= seat < self.seats or self._led_shown.get(seat) == state:
                    continue
                changed = True
                self._led_shown[seat] = state
                if state in self._blink_times:
                    self._blinking[seat] = self._blink_times[state]
                else:
                    self._blinking.pop(seat, None)
                    self._light(seat, state is LedState.PRESSED)
            if not changed:
                return  # the table changed, not the lights: the pad thread has nothing new to do
            self._blink(now)
            # the thread re-reads the pins only while a press is expected, and times the blinking
            self._cond.notify_all()

    def _light(self, seat: int, lit: bool) -> None:
        if self._lit.get(seat) != lit:
            self._lit[seat] = lit
            self._write_led(seat, lit)

    def _write_led(self, seat: int, lit: bool) -> None:
        # straight to the pin (active high): the LED device's own setter only adds its blink thread's
        # bookkeeping, which these pads never use, and a blinking round writes every LED twice a second
        self._leds[seat].pin.state = lit

    def _blink(self, now: float) -> None:
        """Set every blinking LED to its phase now (caller holds the lock)."""
        for seat, (on, off) in self._blinking.items():
            self._light(seat, now % (on + off) < on)

    def _next_blink(self, now: float) -> float | None:
        """Seconds until some blinking LED must change."""
        waits = []
        for on, off in self._blinking.values():
            phase = now % (on + off)
            waits.append(on - phase if phase < on else on + off - phase)
        return min(waits) if waits else None

    def led_states(self) -> dict[int, LedState]:
        """What each LED was last told to show (the table page mirrors this on its virtual pads)."""
        return dict(self._led_shown)

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
        self._release_devices()

    # -- debouncing ------------------------------------------------------------------------------
    def poll(self) -> list[Key]:
        """Accept settled levels now and report new presses; the thread calls this, tests may too."""
        with self._cond:
            now = self._clock()
            ripe = [key for key, deb in self._debouncers.items() if deb.pending and deb.due(now) == 0.0]
        # Re-read those pins before trusting a level no edge has contradicted: this read is the second
        # sample of a press (a spike is gone by now), and for a release it keeps a release the backend
        # got wrong from arming a second press.
        self._confirm(ripe)
        presses: list[Key] = []
        with self._cond:
            now = self._clock()
            for key, deb in self._debouncers.items():
                if deb.poll(now):
                    presses.append(key)
            self._cond.notify_all()
        callback = self._on_press
        if callback is not None:
            for seat, name in presses:
                try:
                    callback(seat, name)
                except Exception:  # a broken callback must not kill the pads
                    log.exception("pad press callback failed for seat %s %s", seat, name)
        return presses

    def resync(self) -> None:
        """Feed every button's current level to its debouncer, catching edges the backend missed."""
        self._confirm(list(self._buttons))

    def _confirm(self, keys: list[Key]) -> None:
        """Read pins outside the lock; a reading loses to any edge that arrived while it was taken."""
        if not keys:
            return
        with self._cond:
            marks = {key: self._edge_counts[key] for key in keys}
        levels = {key: bool(self._buttons[key].is_active) for key in keys}
        with self._cond:
            now = self._clock()
            for key, level in levels.items():
                if self._edge_counts[key] == marks[key]:
                    self._debouncers[key].edge(level, now)

    def debounced(self, seat: int, name: str) -> bool:
        return self._debouncers[(seat, name)].pressed

    def _edge_handler(self, key: Key, pressed: bool) -> Callable[[], None]:
        def handler() -> None:
            with self._cond:
                self._edge_counts[key] += 1
                self._debouncers[key].edge(pressed, self._clock())
                self._cond.notify_all()

        return handler

    def expecting(self) -> bool:
        """Whether some seat's LED asks for a press (then a dropped edge would cost a press)."""
        return any(state is LedState.WAITING for state in self._led_shown.values())

    def _run(self) -> None:
        # one full read at start, then only while a press is expected
        next_resync: float | None = self._clock()
        while True:
            with self._cond:
                if self._stopping:
                    return
                now = self._clock()
                # Sleep until the earliest debouncer decision, or the next re-read while a press is
                # expected, else until woken: an edge, an LED change or close() notify the condition.
                waits = [d for d in (deb.due(now) for deb in self._debouncers.values()) if d is not None]
                if next_resync is not None:
                    waits.append(next_resync - now)
                if (blink := self._next_blink(now)) is not None:
                    waits.append(blink + 1e-4)  # just past the edge, so the phase has flipped
                wait = min(waits) if waits else None
                if wait is None or wait > 0:
                    self._cond.wait(wait)
                if self._stopping:
                    return
                now = self._clock()
                self._blink(now)
                expecting = self.expecting()
            if next_resync is not None and (now >= next_resync or now < next_resync - RESYNC_INTERVAL):
                # on schedule, not on every wake-up, so a press is reported without reading all pins
                self.resync()
                next_resync = None
            if expecting and next_resync is None:
                next_resync = now + RESYNC_INTERVAL
            elif not expecting:
                next_resync = None
            self.poll()

    def _wait_for(self, key: Key, pressed: bool, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._debouncers[key].pressed != pressed:
                left = deadline - time.monotonic()
                if left <= 0 or self._closed:
                    return False
                self._cond.wait(left)
        return True

    def _release_devices(self) -> None:
        for device in [*self._buttons.values(), *self._leds]:
            try:
                device.close()
            except Exception:  # closing must never raise during shutdown
                log.debug("closing %r failed", device, exc_info=True)


class MockPads(GpioPads):
    """The GPIO pads on gpiozero's MockFactory: what `--mock` and the table page's virtual pads drive."""

    def __init__(self, players: int, *, settle: float = DEFAULT_SETTLE, **kwargs: Any) -> None:
        from gpiozero.pins.mock import MockFactory

        self.factory = MockFactory(revision=MOCK_REVISION)
        super().__init__(mock_pinmap().limited(players), pin_factory=self.factory, settle=settle, **kwargs)

    def pin(self, seat: int, name: str) -> Any:
        """The mock pin behind a button or `"led"`, for tests that drive or read pins directly."""
        self._check(seat, name, allow_led=True)
        pins = self.pinmap.seats[seat]
        return self.factory.pin(pins.led if name == "led" else pins.button(name))

    def press(self, seat: int, name: str, timeout: float = 1.0) -> None:
        """Push and release one virtual button, returning once the press has been reported."""
        self._check(seat, name)
        if self._thread is None:
            raise RuntimeError("MockPads.press needs start() first")
        pin = self.pin(seat, name)
        key = (seat, name)
        pin.drive_low()  # buttons are pulled up: pressed reads low
        try:
            if not self._wait_for(key, True, timeout):
                raise TimeoutError(f"seat {seat} {name} press was not accepted within {timeout}s")
        finally:
            pin.drive_high()
        self._wait_for(key, False, timeout)

    def lit(self, seat: int) -> bool:
        """Whether the seat's LED pin is driven high right now."""
        return bool(self.pin(seat, "led").state)

    def _write_led(self, seat: int, lit: bool) -> None:
        super()._write_led(seat, lit)
        states = self._leds[seat].pin.states  # MockPin records every change: keep the record short
        if len(states) > MOCK_PIN_HISTORY:
            del states[: len(states) - MOCK_PIN_HISTORY]

    def _check(self, seat: int, name: str, allow_led: bool = False) -> None:
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat}: this table has seats 0-{self.seats - 1}")
        if name not in BUTTONS and not (allow_led and name == "led"):
            raise ValueError(f"unknown button {name!r}; use 'reveal' or 'abstain'")


def open_gpio_pads(players: int, pinmap: PinMap | None = None) -> GpioPads:
    """Real pads on the Pi's header: the given map, else the file in JACCUSE_PINMAP, else the default."""
    if pinmap is None:
        pinmap = load_pinmap(os.environ.get("JACCUSE_PINMAP") or None)
    return GpioPads(pinmap.limited(players))
