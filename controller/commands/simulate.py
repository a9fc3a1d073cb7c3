"""`jaccuse-table simulate`: play many bot games and print a balance report."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from controller.games.registry import DEFAULT_GAME, game, names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    games = [game(name) for name in names()]
    parser.add_argument("--game", choices=names(), default=DEFAULT_GAME,
                        help=f"which game (default {DEFAULT_GAME})")
    parser.add_argument("--players", type=int, default=None, help=", ".join(
        f"{g.title} {g.min_players}-{g.max_players} (default {g.default_players})" for g in games))
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    parser.add_argument("--policy", choices=("random", "sensible"), default="sensible", help="bot policy")
    for g in games:  # each game's optional rules, as flags
        for option, text in g.simulate_options.items():
            parser.add_argument(f"--{option.replace('_', '-')}", dest=option, action="store_true",
                                help=f"{g.title} only: {text}")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def _progress_bar(done: int, total: int) -> None:
    if done % max(total // 50, 1) and done != total:
        return
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(args: argparse.Namespace) -> int:
    chosen = game(args.game)
    players = chosen.default_players if args.players is None else args.players
    if not chosen.min_players <= players <= chosen.max_players:
        print(f"jaccuse-table simulate: --players must be {chosen.min_players}-{chosen.max_players}"
              f" for {args.game}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("jaccuse-table simulate: --games must be at least 1", file=sys.stderr)
        return 2
    options: dict[str, bool] = {}
    for other in names():
        for option in game(other).simulate_options:
            if not getattr(args, option, False):
                continue
            if option not in chosen.simulate_options:
                print(f"jaccuse-table simulate: --{option.replace('_', '-')} is a {game(other).title} option",
                      file=sys.stderr)
                return 2
            options[option] = True
    show = _progress_bar if (sys.stderr.isatty() and args.games >= 50) else None
    tool = chosen.balance()
    simulate: Any = tool.simulate  # a game's options are keywords its own simulate takes
    report = simulate(players, args.games, args.seed, args.policy, progress=show, **options)
    data = report.to_dict()
    print(json.dumps(data) if args.json else tool.format_report(data))
    return 0
