"""Rules-core instruction counts: instructions per random-bot game, counted by valgrind's callgrind.

Run: .venv/bin/python benchmarks/rules_instructions.py [--games 50] [--players 8] [--no-compiled]

Games per second (benchmarks/rules_speed.py) swing with the machine's load; an instruction count
does not, so two versions of the rules compare on a busy machine too (it is not a time: memory and
caches are left out, but in this core the count and the time move together). Each build plays
``--games`` games of ``play_bot_game`` in a fresh interpreter under callgrind, and again plays none;
the difference, divided by the games, is what a game costs beyond starting Python and importing the
rules. PYTHONHASHSEED=0 makes the count repeat exactly (the hash seed moves sets and dicts about).
The compiled build is the copy benchmarks/compiled_rules.py builds, as in rules_speed.py. Needs
valgrind; callgrind runs some 50 times slower than the program, so 50 games take about half a minute.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PLAY = """
from controller.games import jaccuse
from controller.games.jaccuse.bot import play_bot_game
for seed in range({games}):
    play_bot_game({players}, seed)
print(jaccuse.COMPILED)
"""


def _count(pythonpath: Path, games: int, players: int) -> tuple[int, bool]:
    """Instructions for a whole interpreter run that plays ``games`` games, and whether it was compiled."""
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "PYTHONHASHSEED": "0"}
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         # -P keeps the working folder off sys.path, so PYTHONPATH decides which build is imported
         sys.executable, "-P", "-c", _PLAY.format(games=games, players=players)],
        env=env, capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected : (\d+)", result.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {result.stderr[-500:]}")
    return int(found.group(1)), result.stdout.strip() == "True"


def per_game(pythonpath: Path, games: int, players: int) -> tuple[float, bool]:
    """Instructions per game for the build on ``pythonpath``, less the interpreter's start."""
    empty, _ = _count(pythonpath, 0, players)
    full, compiled = _count(pythonpath, games, players)
    return (full - empty) / games, compiled


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=50, help="games per build")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--no-compiled", action="store_true", help="count the plain Python build only")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts (apt-get install valgrind)")
        return
    print(f"instructions per {args.players}-player random-bot game, {args.games} games"
          f" less an empty run (callgrind, PYTHONHASHSEED=0)")
    count, compiled = per_game(ROOT, args.games, args.players)
    assert not compiled, "the sources should have been imported"
    print(f"plain Python    {count / 1e6:8.3f} M")
    if args.no_compiled:
        return
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import compiled_rules

    try:
        copy = compiled_rules.build()
    except Exception as exc:  # no compiler, no headers, no mypy: say so and keep the plain figure
        print(f"mypyc-compiled  (not counted: {str(exc).splitlines()[0]})")
        return
    count, compiled = per_game(copy, args.games, args.players)
    assert compiled, "the compiled copy should have been imported"
    print(f"mypyc-compiled  {count / 1e6:8.3f} M")


if __name__ == "__main__":
    main()
