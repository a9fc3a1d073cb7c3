"""Contact bounce of 0-20 ms on every button pin of the default GPIO map: exactly one press each.

The GPIO pads run on gpiozero's mock pins with the built-in pin map and a hand-moved clock, polled as
densely as the pad thread would. For every reveal and abstain pin and for every bounce length from 0
to 20 ms (whole milliseconds, both ends included), a press chatters for that long before settling
low, is held, then chatters for that long again on release. Each such press must be reported once,
for the right seat and button, and nothing else.

Trains per (pin, length): 1, or 5 with `pytest --long`.
"""

from __future__ import annotations

import random

from gpiozero.pins.mock import MockFactory

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


def test_every_default_pin_counts_each_bouncy_press_once(long_run: bool) -> None:
    trains = 5 if long_run else 1
    clock = Clock()
    pinmap = default_pinmap()
    factory = MockFactory(revision=MOCK_REVISION)
    pads = GpioPads(pinmap, pin_factory=factory, clock=clock, autopoll=False)
    got: list[tuple[int, str]] = []
    pads.start(lambda seat, name: got.append((seat, name)))
    rng = random.Random(20)
    expected: list[tuple[int, str]] = []
    try:
        for seat, pins in enumerate(pinmap.seats):
            for name in BUTTONS:
                pin = factory.pin(pins.button(name))  # BCM number, as the pin map gives it
                for length_ms in range(21):
                    for _ in range(trains):
                        for final in (True, False):  # press (pulled-up input goes low), then release
                            start = clock.now
                            for offset, level in bounce_train(rng, length_ms / 1000, final):
                                while clock.now < start + offset:
                                    clock.now += 0.0005
                                    pads.poll()
                                pin.drive_low() if level else pin.drive_high()
                            hold = clock.now + rng.uniform(0.035, 0.08)
                            while clock.now < hold:
                                clock.now += 0.001
                                pads.poll()
                        expected.append((seat, name))
        assert got == expected
        assert len(got) == len(pinmap) * len(BUTTONS) * 21 * trains
    finally:
        pads.close()
