"""Shared helpers for the device tests: a hand-moved clock and generated contact-bounce trains.

They are fixtures rather than importable modules so the tests work under any pytest import mode.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest


class FakeClock:
    def __init__(self, start: float = 100.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def bounce_train(rng: random.Random, final: bool, max_bounce: float = 0.020) -> list[tuple[float, bool]]:
    """(offset seconds, level) steps chattering for 0..max_bounce seconds and ending on `final`."""
    length = rng.uniform(0.0, max_bounce)
    flips = rng.randrange(0, 12)
    times = sorted(rng.uniform(0.0, length) for _ in range(flips))
    steps: list[tuple[float, bool]] = []
    level = final
    # Walk backwards from the final level so the last step always lands on it.
    for t in reversed([0.0, *times]):
        steps.append((t, level))
        level = not level
    steps.reverse()
    return steps


BounceTrain = Callable[[random.Random, bool], list[tuple[float, bool]]]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def bounce() -> BounceTrain:
    return bounce_train
