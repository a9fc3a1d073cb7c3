from __future__ import annotations

import random
from collections.abc import Callable

from controller.devices.debounce import Debouncer

Train = Callable[[random.Random, bool], list[tuple[float, bool]]]


def run_presses(bounce_train: Train, seed: int, presses: int, settle: float = 0.030) -> list[float]:
    """Bouncy presses and releases; returns, per accepted press, its delay after the first pressed edge."""
    rng = random.Random(seed)
    deb = Debouncer(settle, now=0.0)
    delays: list[float] = []
    now = 0.0
    for _ in range(presses):
        first_pressed: float | None = None
        for final, hold in ((True, rng.uniform(0.045, 0.3)), (False, rng.uniform(0.045, 0.3))):
            start = now
            for offset, level in bounce_train(rng, final):
                # poll densely through the bounce, as the pad thread would
                while now < start + offset:
                    now += 0.0005
                    if deb.poll(now):
                        delays.append(now - (first_pressed if first_pressed is not None else now))
                deb.edge(level, now)
                if level and final and first_pressed is None:
                    first_pressed = now
                if deb.due(now) == 0.0 and deb.poll(now):  # the thread is woken at once for a press
                    delays.append(now - (first_pressed if first_pressed is not None else now))
            end = now + hold
            while now < end:
                now += 0.001
                if deb.poll(now):
                    delays.append(now - (first_pressed if first_pressed is not None else now))
    return delays


def test_each_bounce_train_counts_once_without_delay(bounce: Train) -> None:
    for seed in range(40):
        delays = run_presses(bounce, seed, 25)
        assert len(delays) == 25
        assert delays == [0.0] * 25


def test_press_is_reported_at_the_first_pressed_edge() -> None:
    deb = Debouncer(0.030, now=0.0)
    assert deb.due(1.0) is None
    deb.edge(True, 1.0)
    assert deb.due(1.0) == 0.0
    assert not deb.pressed  # latched, not reported yet
    assert deb.poll(1.0)
    assert deb.pressed
    assert deb.due(1.0) is None  # held: nothing pending


def test_short_glitch_counts_as_a_press() -> None:
    # The documented price of eager debouncing: nothing checks that "pressed" holds.
    deb = Debouncer(0.030, now=0.0)
    deb.edge(True, 0.0)
    deb.edge(False, 0.0001)
    assert deb.poll(0.0002)
    assert not any(deb.poll(t / 1000) for t in range(1, 200))
    assert not deb.pressed  # released again 30 ms after the glitch


def test_press_bounce_never_counts_twice() -> None:
    deb = Debouncer(0.030, now=0.0)
    presses = 0
    for i in range(40):  # 20 ms of chatter, a flip every 0.5 ms
        t = i * 0.0005
        deb.edge(i % 2 == 0, t)
        presses += deb.poll(t)
    deb.edge(True, 0.020)
    presses += sum(deb.poll(0.020 + t / 1000) for t in range(100))
    assert presses == 1


def test_release_bounce_never_counts() -> None:
    deb = Debouncer(0.030, now=0.0)
    deb.edge(True, 0.0)
    assert deb.poll(0.0)
    start = 1.0
    for i in range(41):  # release chatter for 20 ms, ending released
        t = start + i * 0.0005
        deb.edge(i % 2 == 1, t)
        assert not deb.poll(t)
        assert deb.pressed
    last_edge = start + 40 * 0.0005
    assert abs((deb.due(last_edge) or 0.0) - 0.030) < 1e-9
    assert not deb.poll(last_edge + 0.029)
    assert deb.pressed
    assert not deb.poll(last_edge + 0.0301)
    assert not deb.pressed


def test_press_needs_release_before_next() -> None:
    deb = Debouncer(0.030, now=0.0)
    deb.edge(True, 0.0)
    assert deb.poll(0.0)
    assert not deb.poll(5.0)  # held for a long time: still one press
    deb.edge(False, 5.0)
    deb.edge(True, 5.010)  # released too briefly to count
    assert not deb.poll(5.100)
    deb.edge(False, 5.100)
    assert not deb.poll(5.129)
    assert not deb.poll(5.130)  # released for the settle time: armed again
    assert not deb.pressed
    deb.edge(True, 5.140)
    assert deb.poll(5.140)


def test_held_at_start_is_not_a_press() -> None:
    deb = Debouncer(0.030, pressed=True, now=0.0)
    assert deb.due(0.0) is None
    assert not deb.poll(1.0)
    deb.edge(False, 1.0)
    assert not deb.poll(1.030)
    deb.edge(True, 2.0)
    assert deb.poll(2.0)


def test_due_reports_time_to_release() -> None:
    deb = Debouncer(0.030, now=0.0)
    assert deb.due(0.0) is None
    deb.edge(True, 1.0)
    assert deb.due(1.0) == 0.0
    assert deb.poll(1.0)
    deb.edge(False, 2.0)
    assert deb.releasing
    assert abs((deb.due(2.01) or 0.0) - 0.02) < 1e-9
    assert deb.due(3.0) == 0.0
    assert not deb.poll(3.0)
    assert not deb.releasing
    assert deb.due(3.0) is None
