from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from controller.devices import gpio_pads
from controller.devices.debounce import DEFAULT_CONFIRM
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


def test_press_is_reported_after_the_confirmation(manual: MockPads, clock: Any) -> None:
    got: list[tuple[int, str, float]] = []
    manual.start(lambda seat, name: got.append((seat, name, clock.now)))
    pin = manual.pin(3, "reveal")
    pin.drive_low()
    pressed_at = clock.now
    assert manual.poll() == []  # one sample is not a press
    clock.advance(DEFAULT_CONFIRM)
    assert manual.poll() == [(3, "reveal")]  # the second sample, a fresh read, confirms it
    assert got == [(3, "reveal", pressed_at + DEFAULT_CONFIRM)]
    for _ in range(10):  # press bounce after the accepted press
        clock.advance(0.001)
        pin.drive_high()
        manual.poll()
        clock.advance(0.001)
        pin.drive_low()
        manual.poll()
    pin.drive_high()
    clock.advance(0.029)
    manual.poll()
    assert manual.debounced(3, "reveal")  # not yet released for the settle time
    clock.advance(0.002)
    manual.poll()
    assert not manual.debounced(3, "reveal")
    assert len(got) == 1


def test_spikes_on_mock_pins_give_no_press(manual: MockPads, clock: Any) -> None:
    got: list[tuple[int, str]] = []
    manual.start(lambda seat, name: got.append((seat, name)))
    rng = random.Random(5)
    for _ in range(200):
        pin = manual.pin(rng.randrange(8), rng.choice(["reveal", "abstain"]))
        pin.drive_low()
        manual.poll()
        clock.advance(rng.uniform(50e-6, 500e-6))
        pin.drive_high()
        for _ in range(10):
            clock.advance(0.0005)
            manual.poll()
    assert got == []


def test_a_missed_spike_release_is_caught_by_the_second_sample(manual: MockPads, clock: Any) -> None:
    got: list[tuple[int, str]] = []
    manual.start(lambda seat, name: got.append((seat, name)))
    button = manual._buttons[(1, "abstain")]
    pin = manual.pin(1, "abstain")
    pin.drive_low()
    handler, button.when_deactivated = button.when_deactivated, None
    pin.drive_high()  # the backend loses the edge that ends the spike
    button.when_deactivated = handler
    clock.advance(0.002)
    assert manual.poll() == []  # the fresh read at the confirmation sees the line high again
    assert got == []


def test_release_bounce_trains_on_mock_pins_do_not_count(manual: MockPads, clock: Any) -> None:
    got: list[tuple[int, str]] = []
    manual.start(lambda seat, name: got.append((seat, name)))
    rng = random.Random(11)
    for n in range(40):
        seat, name = rng.randrange(8), rng.choice(["reveal", "abstain"])
        pin = manual.pin(seat, name)
        pin.drive_low()
        manual.poll()
        clock.advance(DEFAULT_CONFIRM)
        manual.poll()
        clock.advance(rng.uniform(0.04, 0.2))
        manual.poll()
        length = rng.uniform(0.0, 0.020)  # release chatter, ending released
        end = clock.now + length
        level = False
        while clock.now < end:
            pin.drive_low() if level else pin.drive_high()
            level = not level
            clock.advance(rng.uniform(0.0002, 0.003))
            manual.poll()
        pin.drive_high()
        for _ in range(35):
            clock.advance(0.001)
            manual.poll()
        assert not manual.debounced(seat, name)
        assert len(got) == n + 1


def test_release_is_rechecked_against_the_pin(manual: MockPads, clock: Any) -> None:
    got: list[tuple[int, str]] = []
    manual.start(lambda seat, name: got.append((seat, name)))
    pin = manual.pin(0, "abstain")
    pin.drive_low()
    clock.advance(DEFAULT_CONFIRM)
    manual.poll()
    manual._edge_handler((0, "abstain"), False)()  # a release edge the pin does not bear out
    clock.advance(0.05)
    assert manual.poll() == []
    assert manual.debounced(0, "abstain")  # the re-read saw the button still held: no release
    manual.resync()
    assert manual.poll() == []  # and so no second press either
    pin.drive_high()
    clock.advance(0.05)
    manual.poll()
    assert not manual.debounced(0, "abstain")
    assert got == [(0, "abstain")]


def test_resync_catches_a_press_whose_edge_was_lost(manual: MockPads, clock: Any) -> None:
    got: list[tuple[int, str]] = []
    manual.start(lambda seat, name: got.append((seat, name)))
    button = manual._buttons[(2, "reveal")]
    handler, button.when_activated = button.when_activated, None
    manual.pin(2, "reveal").drive_low()
    button.when_activated = handler
    assert manual.poll() == []
    manual.resync()
    assert manual.poll() == []
    clock.advance(DEFAULT_CONFIRM)
    assert manual.poll() == [(2, "reveal")]
    assert got == [(2, "reveal")]


def test_pad_thread_is_woken_by_a_press(monkeypatch: pytest.MonkeyPatch) -> None:
    # With resyncs 60 s apart, only the edge handler's wake-up can get the press reported in time.
    monkeypatch.setattr(gpio_pads, "RESYNC_INTERVAL", 60.0)
    pads = MockPads(2)
    done = threading.Event()
    pads.start(lambda seat, name: done.set())
    try:
        time.sleep(0.05)  # let the thread go to sleep
        pads.pin(1, "reveal").drive_low()
        assert done.wait(5.0)
    finally:
        pads.close()


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


@pytest.fixture
def threaded() -> Iterator[MockPads]:
    pads = MockPads(8)
    pads.start(lambda seat, name: None)
    yield pads
    pads.close()


def test_led_states_drive_the_pins(threaded: MockPads) -> None:
    manual = threaded  # the pad thread does the blinking
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


def test_unchanged_led_state_does_not_restart_blink(threaded: MockPads) -> None:
    manual = threaded
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


def test_idle_pads_run_one_sleeping_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quiet when idle: no per-button threads, and no pin reads while no press is expected."""
    before = threading.active_count()
    pads = MockPads(14)
    reads: list[float] = []
    real_resync = pads.resync

    def counting_resync() -> None:
        reads.append(time.monotonic())
        real_resync()

    monkeypatch.setattr(pads, "resync", counting_resync)
    monkeypatch.setattr(gpio_pads, "RESYNC_INTERVAL", 0.05)
    pads.start(lambda seat, name: None)
    try:
        assert threading.active_count() == before + 1  # the pad thread; gpiozero's Button had 28 more
        time.sleep(0.3)
        assert len(reads) == 1  # the read at start, then nothing while every LED is off
        pads.set_leds({0: LedState.WAITING})
        time.sleep(0.3)
        assert len(reads) >= 3  # a press is expected: re-read now and then
        pads.set_leds({0: LedState.OFF})
        time.sleep(0.1)
        settled = len(reads)
        time.sleep(0.3)
        assert len(reads) == settled
    finally:
        pads.close()


def test_blinking_leds_keep_in_step_and_the_mock_record_stays_short(threaded: MockPads) -> None:
    threaded.set_leds(dict.fromkeys(range(8), LedState.WAITING))
    time.sleep(0.3)
    assert len({threaded.lit(seat) for seat in range(8)}) == 1  # all on or all off together
    threaded.set_leds({0: LedState.REFUSED})
    time.sleep(2.0)  # 25 flips of the fast blink
    assert len(threaded.pin(0, "led").states) <= gpio_pads.MOCK_PIN_HISTORY
