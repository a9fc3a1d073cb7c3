from __future__ import annotations

import random
from collections.abc import Callable

from controller.devices.debounce import DEFAULT_CONFIRM, Debouncer

Train = Callable[[random.Random, bool], list[tuple[float, bool]]]
STEP = 0.0005  # how densely the pad thread would look, at most


def run_presses(bounce_train: Train, seed: int, presses: int, settle: float = 0.030) -> list[float]:
    """Bouncy presses and releases; per accepted press, its delay after the press train's last edge."""
    rng = random.Random(seed)
    deb = Debouncer(settle, now=0.0)
    delays: list[float] = []
    now = 0.0
    for _ in range(presses):
        for final, hold in ((True, rng.uniform(0.045, 0.3)), (False, rng.uniform(0.045, 0.3))):
            start = now
            for offset, level in bounce_train(rng, final):
                while now < start + offset:  # poll densely through the bounce, as the pad thread would
                    now += STEP
                    if deb.poll(now):
                        delays.append(now - (start + offset))  # negative: counted inside the chatter
                deb.edge(level, now)
            settled = now
            end = now + hold
            while now < end:
                now += STEP
                if deb.poll(now):
                    delays.append(now - settled)
    return delays


def test_each_bounce_train_counts_once_within_the_confirmation(bounce: Train) -> None:
    for seed in range(40):
        delays = run_presses(bounce, seed, 25)
        assert len(delays) == 25
        # a press counts at the latest one confirmation (and one poll step) after its chatter ends
        assert all(d <= DEFAULT_CONFIRM + STEP + 1e-9 for d in delays), delays


def test_press_counts_after_the_confirmation() -> None:
    deb = Debouncer(0.030, now=0.0)
    assert deb.due(1.0) is None
    deb.edge(True, 1.0)
    assert abs((deb.due(1.0) or 0.0) - DEFAULT_CONFIRM) < 1e-9
    assert not deb.poll(1.0) and not deb.pressed
    assert not deb.poll(1.0 + DEFAULT_CONFIRM * 0.9)
    assert deb.poll(1.0 + DEFAULT_CONFIRM)
    assert deb.pressed
    assert deb.due(1.1) is None  # held: nothing pending


def test_single_spikes_give_no_press() -> None:
    # 50-500 us glitches, as metres of cable beside a blinking LED line pick up
    for width_us in range(50, 501, 10):
        deb = Debouncer(0.030, now=0.0)
        deb.edge(True, 1.0)
        deb.edge(False, 1.0 + width_us / 1e6)
        assert not any(deb.poll(1.0 + t / 10_000) for t in range(1, 1000)), width_us
        assert not deb.pressed and deb.due(2.0) is None


def test_a_spike_then_a_real_press_counts_once() -> None:
    deb = Debouncer(0.030, now=0.0)
    deb.edge(True, 1.0)
    deb.edge(False, 1.0003)
    assert not deb.poll(1.002)
    deb.edge(True, 1.010)
    assert not deb.poll(1.011)
    assert deb.poll(1.0115)
    assert not any(deb.poll(1.012 + t / 1000) for t in range(100))


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
    assert deb.poll(0.002)
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
    assert deb.poll(0.002)
    assert not deb.poll(5.0)  # held for a long time: still one press
    deb.edge(False, 5.0)
    deb.edge(True, 5.010)  # released too briefly to count
    assert not deb.poll(5.100)
    deb.edge(False, 5.100)
    assert not deb.poll(5.129)
    assert not deb.poll(5.130)  # released for the settle time: armed again
    assert not deb.pressed
    deb.edge(True, 5.140)
    assert deb.poll(5.142)


def test_held_at_start_is_not_a_press() -> None:
    deb = Debouncer(0.030, pressed=True, now=0.0)
    assert deb.due(0.0) is None
    assert not deb.poll(1.0)
    deb.edge(False, 1.0)
    assert not deb.poll(1.030)
    deb.edge(True, 2.0)
    assert deb.poll(2.002)


def test_due_reports_time_to_the_next_decision() -> None:
    deb = Debouncer(0.030, now=0.0)
    assert deb.due(0.0) is None and not deb.pending
    deb.edge(True, 1.0)
    assert deb.pending and not deb.releasing
    assert deb.poll(1.002)
    deb.edge(False, 2.0)
    assert deb.releasing and deb.pending
    assert abs((deb.due(2.01) or 0.0) - 0.02) < 1e-9
    assert deb.due(3.0) == 0.0
    assert not deb.poll(3.0)
    assert not deb.releasing
    assert deb.due(3.0) is None
