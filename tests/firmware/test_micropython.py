"""The firmware's scenarios (tests/firmware/mpy/scenarios.py) under CPython and under real MicroPython.

The board runs MicroPython, which differs from CPython where it matters here: `bytes.decode` ignores
`errors=` and raises on bad UTF-8, and byte 0x03 on the USB port is a keyboard interrupt unless the
program turns that off. So the same scenarios run twice: in a CPython child process, and in the
MicroPython WebAssembly port under Node (tests/firmware/run_micropython.mjs, the npm package pinned in
tests/firmware/package-lock.json). The test run installs that package itself (`npm ci` in
tests/firmware, once, by the ``micropython_package`` fixture of conftest.py), so a new machine with Node
needs no extra step. Without Node, or when `npm ci` fails (no network), the MicroPython half is skipped
with the reason, except in CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parents[1] / "firmware"
SCENARIOS = HERE / "mpy" / "scenarios.py"
RUNNER = HERE / "run_micropython.mjs"
PACKAGE = HERE / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
NAMES = re.findall(r"^def scenario_(\w+)\(", SCENARIOS.read_text(), re.MULTILINE)
RESULT = re.compile(r"^RESULT (\S+) (PASS|FAIL) ?(.*)$", re.MULTILINE)


def _results(output: str) -> dict[str, tuple[bool, str]]:
    return {name: (status == "PASS", detail) for name, status, detail in RESULT.findall(output)}


@cache
def cpython_results() -> dict[str, tuple[bool, str]]:
    env = {**os.environ, "PYTHONPATH": f"{FIRMWARE}{os.pathsep}{SCENARIOS.parent}"}
    result = subprocess.run(
        [sys.executable, str(SCENARIOS)], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return _results(result.stdout)


def _micropython_missing() -> str | None:
    if shutil.which("node") is None:
        return "Node.js is not installed (apt-get install nodejs npm)"
    if not PACKAGE.exists():
        return f"the MicroPython npm package is not installed: run `npm ci` in {HERE}"
    return None


@cache
def micropython_results() -> tuple[dict[str, tuple[bool, str]], str]:
    result = subprocess.run(
        ["node", str(RUNNER)], cwd=HERE, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return _results(result.stdout), result.stdout


def test_every_scenario_has_a_result_under_cpython() -> None:
    assert NAMES and sorted(cpython_results()) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_scenario_under_cpython(name: str) -> None:
    ok, detail = cpython_results()[name]
    assert ok, detail


@pytest.fixture
def micropython(micropython_package: str | None) -> dict[str, tuple[bool, str]]:
    missing = _micropython_missing() or micropython_package
    if missing:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the firmware must be tested under MicroPython in CI, but {missing}")
        pytest.skip(f"NOT TESTED UNDER MICROPYTHON: {missing}")
    results, output = micropython_results()
    assert "ENGINE micropython" in output, output
    return results


@pytest.mark.parametrize("name", [*NAMES, "kbd_intr_off_in_the_interpreter"])
def test_scenario_under_micropython(name: str, micropython: dict[str, tuple[bool, str]]) -> None:
    assert name in micropython, f"no result for {name}: {micropython}"
    ok, detail = micropython[name]
    assert ok, detail
