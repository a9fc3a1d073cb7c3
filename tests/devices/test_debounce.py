from __future__ import annotations

import random
from collections.abc import Callable

from controller.devices.debounce import Debouncer

Train = Callable[[random.Random, bool], list[tuple[float, bool]]]


def run_presses(bounce_train: Train, seed: int, presses: int, settle: float = 0.030) -> int:
    rng = random.Random(seed)
    deb = Debouncer(settle, now=0.0)
    accepted = 0
    now = 0.0
    for _ in range(presses):
        for final, hold in ((True, rng.uniform(0.045, 0.3)), (False, rng.uniform(0.045, 0.3))):
            start = now
            for offset, level in bounce_train(rng, final):
                # poll densely through the bounce, as the pad thread would
                while now < start + offset:
                    now += 0.0005
                    accepted += deb.poll(now)
                deb.edge(level, now)
            end = now + hold
            while now < end:
                now += 0.001
                accepted += deb.poll(now)
    return accepted


def test_each_bounce_train_counts_once(bounce: Train) -> None:
    for seed in range(40):
        assert run_presses(bounce, seed, 25) == 25


def test_short_glitch_is_not_a_press() -> None:
    deb = Debouncer(0.030, now=0.0)
    deb.edge(True, 0.0)
    assert not deb.poll(0.029)
    deb.edge(False, 0.029)
    assert not any(deb.poll(t / 1000) for t in range(30, 200))


def test_press_needs_release_before_next() -> None:
    deb = Debouncer(0.030, now=0.0)
    deb.edge(True, 0.0)
    assert deb.poll(0.030)
    assert not deb.poll(5.0)  # held for a long time: still one press
    deb.edge(False, 5.0)
    deb.edge(True, 5.010)  # released too briefly to count
    assert not deb.poll(5.100)
    deb.edge(False, 5.100)
    assert not deb.poll(5.140)
    deb.edge(True, 5.140)
    assert deb.poll(5.170)


def test_due_reports_time_to_settle() -> None:
    deb = Debouncer(0.030, now=0.0)
    assert deb.due(0.0) is None
    deb.edge(True, 1.0)
    assert abs((deb.due(1.01) or 0.0) - 0.02) < 1e-9
    assert deb.due(2.0) == 0.0
