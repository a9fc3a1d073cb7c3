"""`jaccuse-table simulate`: play many bot games and print a balance report."""

from __future__ import annotations

import argparse
import json
import sys

from controller.rules import MAX_PLAYERS, MIN_PLAYERS
from controller.simulate import POLICIES, format_report, simulate


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=6, help=f"{MIN_PLAYERS}-{MAX_PLAYERS} (default 6)")
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    parser.add_argument("--policy", choices=POLICIES, default="sensible", help="bot policy")
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
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        print(f"jaccuse-table simulate: --players must be {MIN_PLAYERS}-{MAX_PLAYERS}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("jaccuse-table simulate: --games must be at least 1", file=sys.stderr)
        return 2
    show = _progress_bar if (sys.stderr.isatty() and args.games >= 50) else None
    data = simulate(args.players, args.games, args.seed, args.policy, progress=show).to_dict()
    print(json.dumps(data) if args.json else format_report(data))
    return 0
