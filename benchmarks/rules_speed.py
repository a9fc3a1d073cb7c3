"""Rules-core speed: whole random-bot games per second on one core, for 5, 8 and 14 players.

Run: .venv/bin/python benchmarks/rules_speed.py [--seconds 5]
Each game is the real thing: `play_bot_game` deals from a seeded RNG, the bot picks every move
among the legal ones, and the engine's pure `apply` checks and applies each (copying on write).
"moves chosen/s" is the bare cost of choosing on a fixed state, so the figures show where the
time goes. Timings are wall-clock: on a busy machine run it twice and take the better.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from controller.rules import deal_cards, new_game, next_bot_action, play_bot_game


def games_per_second(players: int, seconds: float) -> tuple[float, float]:
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        game = play_bot_game(players, games)
        games += 1
        actions += len(game.actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def choosing_only(players: int, seconds: float) -> float:
    """Moves chosen per second on a fixed state: the bot's share of the cost."""
    rng = random.Random(1)
    state = new_game(deal_cards(players, rng))
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        next_bot_action(state, rng)
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    print(f"{'players':>7} {'games/s':>9} {'actions/s':>10} {'moves chosen/s':>15}")
    for players in (5, 8, 14):
        gps, aps = games_per_second(players, args.seconds)
        print(f"{players:>7} {gps:>9.1f} {aps:>10.0f} {choosing_only(players, 1.0):>15.0f}")
    print("goal: at least 1,000 games/s for 8 players")


if __name__ == "__main__":
    main()
