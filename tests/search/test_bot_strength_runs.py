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
                 "strong minus sensible",
                 "CPU per decision",
                 "goal: strong at least 1.3x"):
        assert line in out
    assert "3 games  strong" in out


def test_the_guess_difference_is_paired() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from bot_strength import Game, guess_difference
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    same = [Game("all", True, True, True, True), Game("all", True, True, False, False)] * 50
    assert guess_difference(same) == (0.0, 0.0, 0.0)
    # strong seen through in 30 more games of 100: +30 points, an interval clear of 0
    more = [Game("all", True, True, True, False)] * 30 + [Game("all", True, True, False, False)] * 70
    diff, low, high = guess_difference(more)
    assert diff == 30.0 and 0 < low < 30 < high
