"""Rules-core speed: whole random-bot games per second on one core.

J'Accuse for 5, 8 and 14 players, Betrayal for 3, 5 and 8, Hasty Accusations for 2, 4 and 7, and
Hasty Accusations' second edition (every card set, the Suspect Powers) for 2, 4 and 7, with what a
second-edition game costs against a base game (CPU time per game, both measured in the same run).

Run: .venv/bin/python benchmarks/rules_speed.py [--seconds 5] [--no-compiled] [--cpu]

Each game is the real thing: `play_bot_game` deals from a seeded RNG, the bot picks every move
among the legal ones, and the engine's pure `apply` checks and applies each (copying on write).
The same sources are measured twice, one after the other, each in its own process on one core:
as plain Python, and compiled with mypyc (built into build/compiled-rules by
benchmarks/compiled_rules.py, as JACCUSE_COMPILE_RULES=1 builds an install). "moves chosen/s" is
the bare cost of the bot choosing on a fixed state, so the figures show where the time goes. Both
builds play the very same games (tests/jaccuse/test_compiled_build.py), so the counts compare.
Betrayal's and Hasty Accusations' cores are measured as plain Python only (their goals are set for
plain Python; only J'Accuse's core has a compiled build). Timings are wall-clock: on a busy machine
run it twice and take the better, or pass --cpu, which times with the worker's CPU time
(time.process_time) throughout. "games/CPU-s" divides by the CPU time the process got instead,
which is what one core gives when other jobs share it (a little less than a quiet core: caches are
shared too).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = (5, 8, 14)
#: issue 27's goals: this many 8-player games per second on one core, as plain Python and compiled
GOAL = 1000
COMPILED_GOAL = 3000
BETRAYAL_PLAYERS = (3, 5, 8)
#: Betrayal's goal: this many 5-player games per second on one core, as plain Python
BETRAYAL_GOAL = 1000
HASTY_PLAYERS = (2, 4, 7)
#: Hasty Accusations' goal: this many 4-player games per second on one core, as plain Python
HASTY_GOAL = 1000
#: the table sizes measured, by game ("hasty+": Hasty Accusations with every set and the powers)
TABLES = {"jaccuse": PLAYERS, "betrayal": BETRAYAL_PLAYERS, "hasty": HASTY_PLAYERS, "hasty+": HASTY_PLAYERS}
#: a measured game's registry name and the options its bot games take
VARIANTS: dict[str, tuple[str, dict[str, object]]] = {
    "hasty+": ("hasty", {"sets": ("base", "advanced", "expert"), "powers": True}),
}
#: the clock the worker times with: wall time, or with --cpu the process's CPU time
_clock = time.perf_counter


def _games_per_second(players: int, seconds: float, game: str = "jaccuse") -> tuple[float, float, float]:
    """Games and actions per wall-clock second, and games per second of this process's CPU time (what
    one core gives when other jobs share it: the kernel counts only the time the process ran)."""
    from controller.games.registry import rules

    name, options = VARIANTS.get(game, (game, {}))
    play_bot_game: Any = rules(name).play_bot_game  # a variant's options are its own keywords
    start, cpu = _clock(), time.process_time()
    games = actions = 0
    while _clock() - start < seconds:
        game = play_bot_game(players, games, **options)
        games += 1
        actions += len(game.actions)
    elapsed, used = _clock() - start, time.process_time() - cpu
    return games / elapsed, actions / elapsed, games / used


def _choosing_only(players: int, seconds: float, game: str = "jaccuse") -> float:
    """Moves chosen per second on a fixed state: the bot's share of the cost."""
    import random

    from controller.games.registry import rules

    name, options = VARIANTS.get(game, (game, {}))
    core = rules(name)
    next_bot_action = core.next_bot_action
    rng = random.Random(1)
    deal_cards: Any = core.deal_cards
    state = core.new_game(deal_cards(players, rng, **options))
    if game == "betrayal":
        # past the setup choices, to the accusations that make up a game
        while state.phase == "setup":
            result = core.apply(state, next_bot_action(state, rng))
            state = result.state
    start = _clock()
    n = 0
    while _clock() - start < seconds:
        next_bot_action(state, rng)
        n += 1
    return n / (_clock() - start)


def _worker(seconds: float, game: str, cpu: bool) -> None:
    """Measure whichever build this process imports; one JSON line per player count."""
    global _clock
    if cpu:
        _clock = time.process_time
    from controller.games import jaccuse as rules

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the goal says
    for players in TABLES[game]:
        gps, aps, cpu = _games_per_second(players, seconds, game)
        row = {"compiled": rules.COMPILED, "players": players, "games_per_s": gps,
               "actions_per_s": aps, "chosen_per_s": _choosing_only(players, 1.0, game),
               "games_per_cpu_s": cpu}
        print(json.dumps(row), flush=True)


def _measure(
    pythonpath: Path, seconds: float, game: str = "jaccuse", cpu: bool = False
) -> list[dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    # -P keeps the working folder off sys.path, so PYTHONPATH decides which build is imported
    out = subprocess.run(
        [sys.executable, "-P", __file__, "--worker", "--seconds", str(seconds), "--game", game,
         *(["--cpu"] if cpu else [])],
        env=env, capture_output=True, text=True, check=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def _print(label: str, rows: list[dict[str, float]]) -> None:
    for row in rows:
        print(f"{label:<15} {row['players']:>7} {row['games_per_s']:>9.1f} {row['actions_per_s']:>10.0f}"
              f" {row['chosen_per_s']:>15.0f} {row['games_per_cpu_s']:>12.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count and build")
    parser.add_argument("--no-compiled", action="store_true", help="measure the plain Python build only")
    parser.add_argument("--cpu", action="store_true",
                        help="time by the worker's CPU time, not the wall clock (on a busy machine)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--game", default="jaccuse", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.seconds, args.game, args.cpu)
        return

    print(f"python {platform.python_version()} on {platform.machine()}, one core per build, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'build':<15} {'players':>7} {'games/s':>9} {'actions/s':>10} {'moves chosen/s':>15}"
          f" {'games/CPU-s':>12}")
    pure = _measure(ROOT, args.seconds, cpu=args.cpu)
    assert not any(row["compiled"] for row in pure), "the sources should have been imported"
    _print("plain Python", pure)
    plain8 = next(row["games_per_s"] for row in pure if row["players"] == 8)
    compiled8: float | None = None
    if not args.no_compiled:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        import compiled_rules

        try:
            copy = compiled_rules.build()
        except Exception as exc:  # no compiler, no headers, no mypy: say so and keep the pure figures
            print(f"mypyc-compiled  (not measured: {str(exc).splitlines()[0]})")
        else:
            compiled = _measure(copy, args.seconds, cpu=args.cpu)
            assert all(row["compiled"] for row in compiled), "the compiled copy should have been imported"
            _print("mypyc-compiled", compiled)
            compiled8 = next(row["games_per_s"] for row in compiled if row["players"] == 8)
    verdict = "met" if plain8 >= GOAL else "not met"
    print(f"goal: at least {GOAL:,} games/s for 8 players as plain Python: {verdict} ({plain8:,.0f})")
    if compiled8 is None:
        print(f"goal: at least {COMPILED_GOAL:,} games/s for 8 players compiled: not measured")
    else:
        verdict = "met" if compiled8 >= COMPILED_GOAL else "not met"
        print(f"goal: at least {COMPILED_GOAL:,} games/s for 8 players compiled: {verdict}"
              f" ({compiled8:,.0f})")

    _plain_python_game("Betrayal", "betrayal", "Betrayal, random bots (every seat), plain Python, one core",
                       5, BETRAYAL_GOAL, args.seconds, args.cpu)
    base = _plain_python_game(
        "Hasty", "hasty", "Hasty Accusations, random bots (every seat), base game, plain Python, one core",
        4, HASTY_GOAL, args.seconds, args.cpu)
    second = _plain_python_game(
        "Hasty 2nd ed.", "hasty+",
        "Hasty Accusations' second edition (base, advanced and expert sets, Suspect Powers), random bots,"
        " plain Python, one core", 4, HASTY_GOAL, args.seconds, args.cpu)
    cost = base["games_per_cpu_s"] / second["games_per_cpu_s"]
    length = [row["actions_per_s"] / row["games_per_s"] for row in (base, second)]
    print(f"a second-edition game costs {cost:.2f}x a base game's CPU time (4 players; {length[0]:.0f}"
          f" vs {length[1]:.0f} actions a game)")


def _plain_python_game(
    label: str, game: str, title: str, goal_players: int, goal: int, seconds: float, cpu: bool = False
) -> dict[str, float]:
    """A game measured as plain Python only, its rows and its goal line."""
    print()
    print(title)
    print(f"{'game':<15} {'players':>7} {'games/s':>9} {'actions/s':>10} {'moves chosen/s':>15}"
          f" {'games/CPU-s':>12}")
    rows = _measure(ROOT, seconds, game, cpu=cpu)
    _print(label, rows)
    row = next(row for row in rows if row["players"] == goal_players)
    figure = row["games_per_s"]
    verdict = "met" if figure >= goal else "not met"
    print(f"goal: at least {goal:,} {label} games/s for {goal_players} players as plain Python:"
          f" {verdict} ({figure:,.0f}; {row['games_per_cpu_s']:,.0f} per second of CPU time)")
    return row

if __name__ == "__main__":
    main()
