from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from controller.devices.gpio_pads import GpioPads, MockPads
from controller.devices.leds import LedState
from controller.devices.pinmap import default_pinmap

Train = Callable[[random.Random, bool], list[tuple[float, bool]]]


@pytest.fixture
def manual(clock: Any) -> Iterator[MockPads]:
    pads = MockPads(8, clock=clock, autopoll=False)
    yield pads
    pads.close()


def drive(pads: MockPads, clock: Any, bounce: Train, seat: int, name: str, rng: random.Random) -> None:
    pin = pads.pin(seat, name)
    for final, hold in ((True, rng.uniform(0.04, 0.2)), (False, rng.uniform(0.04, 0.2))):
        start = clock.now
        for offset, level in bounce(rng, final):
            while clock.now < start + offset:
                clock.advance(0.0005)
                pads.poll()
            pin.drive_low() if level else pin.drive_high()
        end = clock.now + hold
        while clock.now < end:
            clock.advance(0.001)
            pads.poll()


def test_bounce_trains_on_mock_pins_give_one_press_each(manual: MockPads, clock: Any, bounce: Train) -> None:
    got: list[tuple[int, str]] = []
    manual.start(lambda seat, name: got.append((seat, name)))
    rng = random.Random(7)
    expected = []
    for _ in range(60):
        seat, name = rng.randrange(8), rng.choice(["reveal", "abstain"])
        drive(manual, clock, bounce, seat, name, rng)
        expected.append((seat, name))
    assert got == expected


def test_press_with_thread_reports_exactly_once() -> None:
    pads = MockPads(14)
    got: list[tuple[int, str]] = []
    statuses: list[bool] = []
    done = threading.Event()

    def on_press(seat: int, name: str) -> None:
        got.append((seat, name))
        done.set()

    pads.start(on_press, statuses.append)
    try:
        pads.press(13, "abstain")
        pads.press(0, "reveal")
        time.sleep(0.1)
        assert got == [(13, "abstain"), (0, "reveal")]
        assert statuses == [True]
        assert pads.connected
    finally:
        pads.close()
    assert not pads.connected


def test_press_rejects_unknown_seat_and_button() -> None:
    pads = MockPads(5)
    pads.start(lambda s, n: None)
    try:
        with pytest.raises(ValueError, match="no seat 5"):
            pads.press(5, "reveal")
        with pytest.raises(ValueError, match="unknown button"):
            pads.press(0, "vote")
    finally:
        pads.close()


def test_led_states_drive_the_pins(manual: MockPads) -> None:
    manual.set_leds({0: LedState.PRESSED, 1: LedState.OFF, 2: LedState.WAITING, 3: LedState.REFUSED})
    assert manual.lit(0) is True
    assert manual.lit(1) is False
    assert manual.led_states()[2] is LedState.WAITING
    for seat in (2, 3):
        manual.pin(seat, "led").clear_states()
    time.sleep(0.6)
    flips = {seat: len(manual.pin(seat, "led").states) for seat in (2, 3)}
    assert flips[2] >= 1  # slow blink: 0.5 s per half-period
    assert flips[3] >= 4  # fast blink: 0.08 s
    assert flips[3] > flips[2]
    manual.set_leds({2: LedState.OFF, 3: LedState.PRESSED})
    assert manual.lit(2) is False
    assert manual.lit(3) is True


def test_unchanged_led_state_does_not_restart_blink(manual: MockPads) -> None:
    manual.set_leds({0: LedState.WAITING})
    pin = manual.pin(0, "led")
    time.sleep(0.05)
    pin.clear_states()
    manual.set_leds({0: LedState.WAITING})  # same state again: no restart, no extra edge
    assert len(pin.states) <= 1


def test_gpio_pads_accept_a_pin_factory_and_close_twice() -> None:
    from gpiozero.pins.mock import MockFactory

    pads = GpioPads(default_pinmap().limited(2), pin_factory=MockFactory(), autopoll=False)
    assert pads.seats == 2
    pads.close()
    pads.close()


def test_callback_errors_do_not_stop_presses(manual: MockPads, clock: Any, bounce: Train) -> None:
    calls: list[int] = []

    def bad(seat: int, name: str) -> None:
        calls.append(seat)
        raise RuntimeError("boom")

    manual.start(bad)
    rng = random.Random(1)
    drive(manual, clock, bounce, 1, "reveal", rng)
    drive(manual, clock, bounce, 2, "reveal", rng)
    assert calls == [1, 2]
