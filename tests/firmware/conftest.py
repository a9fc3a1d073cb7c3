"""Stand-ins for MicroPython's `machine` and `neopixel`, and loaders for the firmware files.

The firmware is not a Python package (it is copied onto the board), so the tests load it by path.
"""

from __future__ import annotations

import fcntl
import importlib.util
import shutil
import subprocess
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parents[1] / "firmware"
NPM_PACKAGE = HERE / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


@pytest.fixture(scope="session")
def micropython_package() -> str | None:
    """Install the pinned MicroPython WebAssembly port (``npm ci`` here) when it is missing, so the
    README's one test command also tests the firmware under MicroPython on a new machine; what went
    wrong otherwise (no npm, no network), or None once the package is there.

    Parallel workers (pytest-xdist) each have this session fixture: a lock on package-lock.json lets one
    of them install while the others wait, and then find the whole package there (never half of it)."""
    with open(HERE / "package-lock.json", "rb") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _npm_ci()


def _npm_ci() -> str | None:
    if NPM_PACKAGE.exists():  # another worker installed it while this one waited for the lock
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed (apt-get install nodejs npm)"
    try:
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, capture_output=True, text=True, timeout=600
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"`npm ci` in {HERE} did not finish ({exc})"
    if done.returncode != 0 or not NPM_PACKAGE.exists():
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return f"`npm ci` in {HERE} failed: {tail[0]}"
    return None


class FakePin:
    """Enough of machine.Pin for the firmware: value(), modes, pulls, and a test-side `pressed` hook."""

    OUT = 1
    IN = 0
    PULL_UP = 1
    registry: ClassVar[dict[int, FakePin]] = {}

    def __init__(
        self, number: int, mode: int = IN, pull: int | None = None, value: int | None = None
    ) -> None:
        self.number = number
        self.mode = mode
        self.pull = pull
        self.level = value if value is not None else (1 if pull == self.PULL_UP else 0)
        self.read_hook: Callable[[], int] | None = None
        self.writes: list[int] = []
        FakePin.registry[number] = self

    def value(self, level: int | None = None) -> int | None:
        if level is None:
            return self.read_hook() if self.read_hook is not None else self.level
        self.level = level
        self.writes.append(level)
        return None


class FakeNeoPixel:
    def __init__(self, pin: FakePin, count: int) -> None:
        self.pin = pin
        self.pixels: list[tuple[int, int, int]] = [(0, 0, 0)] * count
        self.writes = 0

    def __setitem__(self, index: int, colour: tuple[int, int, int]) -> None:
        self.pixels[index] = colour

    def write(self) -> None:
        self.writes += 1


def load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def hub_module() -> types.ModuleType:
    return load("jaccuse_hub_fw", FIRMWARE / "hub.py")


@pytest.fixture
def firmware_main(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """firmware/main.py imported against the stand-ins, as the board would run it."""
    machine = types.ModuleType("machine")
    machine.Pin = FakePin  # type: ignore[attr-defined]
    neopixel = types.ModuleType("neopixel")
    neopixel.NeoPixel = FakeNeoPixel  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "neopixel", neopixel)
    monkeypatch.setitem(sys.modules, "hub", load("hub", FIRMWARE / "hub.py"))
    FakePin.registry = {}
    yield load("jaccuse_hub_main", FIRMWARE / "main.py")
