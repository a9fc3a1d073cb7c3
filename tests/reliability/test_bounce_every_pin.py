"""Contact bounce of 0-20 ms on every button pin of the default GPIO map: exactly one press each.

The GPIO pads run on gpiozero's mock pins with the built-in pin map and a hand-moved clock, polled as
densely as the pad thread would, and at once after every edge (the thread is woken by a press). For
every reveal and abstain pin and for every bounce length from 0 to 20 ms (whole milliseconds, both
ends included), a press chatters for that long before settling low, is held, then chatters for that
long again on release. Each such press must be reported once, for the right seat and button, no later
than the 1.5 ms confirmation after its chatter ends, and nothing else. A second test presses cleanly
and chatters only on release, with more flips, on every pin. A third puts single spikes of 50 to 500
microseconds on every pin (what a long cable beside a blinking LED line picks up): none may count.

Trains per (pin, length): 1, or 5 with `pytest --long`.
"""

from __future__ import annotations

import random
from typing import Any

from gpiozero.pins.mock import MockFactory

from controller.devices.debounce import DEFAULT_CONFIRM
from controller.devices.gpio_pads import GpioPads
from controller.devices.pads import BUTTONS
from controller.devices.pinmap import MOCK_REVISION, default_pinmap


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def bounce_train(rng: random.Random, length: float, final: bool) -> list[tuple[float, bool]]:
    """(offset, level) steps that chatter for exactly `length` seconds and end on `final`."""
    if length <= 0:
        return [(0.0, final)]
    flips = rng.randrange(1, 16)
    times = sorted(rng.uniform(0.0, length) for _ in range(flips - 1))
    steps = []
    level = final
    for t in reversed([0.0, *times, length]):  # the last step, at `length`, lands on `final`
        steps.append((t, level))
        level = not level
    steps.reverse()
    return steps


STEP = 0.0005  # the poll grid: the pad thread wakes at least this precisely


def chatter(pads: GpioPads, pin: Any, clock: Clock, steps: list[tuple[float, bool]]) -> float:
    """Drive the steps, polling every 0.5 ms and right after each edge; returns the last step's time."""
    start = clock.now
    for offset, level in steps:
        while clock.now < start + offset:
            clock.now += STEP
            pads.poll()
        pin.drive_low() if level else pin.drive_high()
        pads.poll()
    return clock.now


def hold(pads: GpioPads, clock: Clock, seconds: float) -> None:
    end = clock.now + seconds
    while clock.now < end:
        clock.now += 0.001
        pads.poll()


def open_pads(clock: Clock) -> tuple[GpioPads, MockFactory, list[tuple[int, str, float]]]:
    factory = MockFactory(revision=MOCK_REVISION)
    pads = GpioPads(default_pinmap(), pin_factory=factory, clock=clock, autopoll=False)
    got: list[tuple[int, str, float]] = []
    pads.start(lambda seat, name: got.append((seat, name, clock.now)))
    return pads, factory, got


def test_every_default_pin_counts_each_bouncy_press_once(long_run: bool) -> None:
    trains = 5 if long_run else 1
    clock = Clock()
    pinmap = default_pinmap()
    pads, factory, got = open_pads(clock)
    rng = random.Random(20)
    expected: list[tuple[int, str, float]] = []
    try:
        for seat, pins in enumerate(pinmap.seats):
            for name in BUTTONS:
                pin = factory.pin(pins.button(name))  # BCM number, as the pin map gives it
                for length_ms in range(21):
                    for _ in range(trains):
                        # press (pulled-up input goes low), hold, release, rest
                        started = clock.now
                        settled = chatter(pads, pin, clock, bounce_train(rng, length_ms / 1000, True))
                        hold(pads, clock, rng.uniform(0.035, 0.08))
                        chatter(pads, pin, clock, bounce_train(rng, length_ms / 1000, False))
                        hold(pads, clock, rng.uniform(0.035, 0.08))
                        expected.append((seat, name, started, settled + DEFAULT_CONFIRM + STEP))
        assert [(s, n) for s, n, _ in got] == [(s, n) for s, n, _, _ in expected]
        for (_, _, at), (_, _, earliest, latest) in zip(got, expected, strict=True):
            # counted inside the chatter (a pressed stretch held 1.5 ms) or at most 1.5 ms after it
            assert earliest + DEFAULT_CONFIRM - 1e-9 <= at <= latest + 1e-9
        assert len(got) == len(pinmap) * len(BUTTONS) * 21 * trains
    finally:
        pads.close()


def test_release_bounce_on_every_default_pin_never_counts(long_run: bool) -> None:
    trains = 5 if long_run else 1
    clock = Clock()
    pinmap = default_pinmap()
    pads, factory, got = open_pads(clock)
    rng = random.Random(21)
    expected: list[tuple[int, str, float]] = []
    try:
        for seat, pins in enumerate(pinmap.seats):
            for name in BUTTONS:
                pin = factory.pin(pins.button(name))
                for length_ms in range(21):
                    for _ in range(trains):
                        pin.drive_low()  # a clean press, reported once the confirmation is over
                        pads.poll()
                        clock.now += DEFAULT_CONFIRM
                        pads.poll()
                        expected.append((seat, name, clock.now))
                        hold(pads, clock, rng.uniform(0.035, 0.08))
                        steps = [(0.0, False)]  # release, then 2-40 flips within length_ms
                        if length_ms:
                            count = rng.randrange(2, 41)
                            flips = sorted(rng.uniform(0.0, length_ms / 1000) for _ in range(count))
                            steps += [(t, i % 2 == 0) for i, t in enumerate(flips)]
                            steps.append((length_ms / 1000, False))
                        chatter(pads, pin, clock, steps)
                        assert pads.debounced(seat, name)  # still within the settle time
                        hold(pads, clock, 0.035)
                        assert not pads.debounced(seat, name)
        assert got == expected
    finally:
        pads.close()


def test_single_spikes_on_every_default_pin_never_count(long_run: bool) -> None:
    clock = Clock()
    pinmap = default_pinmap()
    pads, factory, got = open_pads(clock)
    widths_us = range(50, 501, 10 if long_run else 50)
    try:
        for pins in pinmap.seats:
            for name in BUTTONS:
                pin = factory.pin(pins.button(name))
                for width in widths_us:
                    pin.drive_low()
                    pads.poll()
                    clock.now += width / 1e6
                    pin.drive_high()
                    pads.poll()
                    hold(pads, clock, 0.005)
        assert got == []
    finally:
        pads.close()
