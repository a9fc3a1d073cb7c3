"""benchmarks/bot_strength.py still runs end to end (tiny counts; its figures are not checked)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bot_strength_runs() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bot_strength.py"), "--games", "3", "--rollouts", "2",
         "--tables", "jaccuse:5,betrayal:3,hasty:4"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    for line in ("jaccuse 5 players", "betrayal 3 players", "hasty 4 players", "observer guesses its",
                 "CPU per decision",
                 "goal: strong at least 1.3x"):
        assert line in out
    assert "3 games  strong" in out
