"""The worked example in docs/replay.md must be what `jaccuse-table replay` really answers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

DOC = Path(__file__).resolve().parent.parent / "docs" / "replay.md"


def _example() -> tuple[str, dict[str, Any]]:
    section = DOC.read_text(encoding="utf-8").split("## A worked example", 1)[1]
    script, expected = re.findall(r"```json\n(.*?)```", section, re.S)[:2]
    return script, json.loads(expected)


def test_worked_example_matches_the_engine() -> None:
    script, expected = _example()
    proc = subprocess.run(
        [sys.executable, "-m", "controller.cli", "replay", "-"],
        input=script,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    actual = json.loads(proc.stdout)
    assert set(actual) == set(expected)
    for key, want in expected.items():
        got = actual[key]
        if key == "hands":
            assert [sorted(h) for h in got] == [sorted(h) for h in want]
        elif key == "error":
            # code and message are the engine's own wording; the index is what the example shows
            assert got is not None
            assert got["index"] == want["index"]
        else:
            assert got == want, key
