"""Shared helpers for the device tests: a hand-moved clock and generated contact-bounce trains.

They are fixtures rather than importable modules so the tests work under any pytest import mode.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

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


def _check_reference(image: object, path: Path, scratch: Path) -> None:
    """A 128x64 1-bit screen equals its reference PNG; UPDATE_REFERENCE=1 (re)writes the reference."""
    from PIL import Image

    from controller.oled_kit.draw import HEIGHT, WIDTH

    assert isinstance(image, Image.Image)
    assert image.mode == "1" and image.size == (WIDTH, HEIGHT)
    if os.environ.get("UPDATE_REFERENCE") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path, optimize=True)
        return
    assert path.exists(), f"no reference image {path}; run with UPDATE_REFERENCE=1 and inspect it"
    if Image.open(path).convert("1").tobytes() != image.tobytes():
        actual = scratch / f"{path.stem}-actual.png"
        image.save(actual)
        pytest.fail(f"screen {path.stem!r} differs from {path}; this run drew {actual}")


@pytest.fixture
def matches_reference(tmp_path: Path) -> Callable[[object, Path], None]:
    """Check a rendered screen against its reference image (a failing run saves what it drew)."""
    return lambda image, path: _check_reference(image, path, tmp_path)
