"""`jaccuse-table simulate`: play many bot games and print a balance report."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from controller.games.driver import POLICIES
from controller.games.registry import DEFAULT_GAME, game, names
from controller.games.shape import Budget


def add_arguments(parser: argparse.ArgumentParser) -> None:
    games = [game(name) for name in names()]
    parser.add_argument("--game", choices=names(), default=DEFAULT_GAME,
                        help=f"which game (default {DEFAULT_GAME})")
    parser.add_argument("--players", type=int, default=None, help=", ".join(
        f"{g.title} {g.min_players}-{g.max_players} (default {g.default_players})" for g in games))
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    parser.add_argument("--policy", default="sensible",
                        help="random, sensible or strong for every seat, or one per seat separated by"
                             " commas (e.g. strong,sensible,sensible,sensible,sensible)")
    parser.add_argument("--think-ms", type=float, default=100.0,
                        help="a strong seat's CPU time per decision in milliseconds (default 100)")
    for g in games:  # each game's optional rules, as flags
        for option, text in g.simulate_options.items():
            parser.add_argument(f"--{option.replace('_', '-')}", dest=option, action="store_true",
                                help=f"{g.title} only: {text}")
    valued = "; ".join(f"{g.title}: {', '.join(f'{k}=... ({v})' for k, v in g.simulate_values.items())}"
                       for g in games if g.simulate_values)
    parser.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                        help="one of the game's options: an optional rule by its name (on), or NAME=VALUE"
                             f" (repeatable; {valued or 'no game takes values'})")
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


def _policy(text: str, players: int) -> str | list[str]:
    """One policy, or one per seat; a line starting with the command's name when it is not."""
    seats = [name.strip() for name in text.split(",")]
    bad = [name for name in seats if name not in POLICIES]
    if bad:
        return f"jaccuse-table simulate: unknown --policy {bad[0]!r}; choose from {', '.join(POLICIES)}"
    if len(seats) == 1:
        return seats[0]
    if len(seats) != players:
        return f"jaccuse-table simulate: --policy lists {len(seats)} seats for {players} players"
    return seats


def main(args: argparse.Namespace) -> int:
    chosen = game(args.game)
    players = chosen.default_players if args.players is None else args.players
    why = chosen.check_players(players)
    if why:
        print(f"jaccuse-table simulate: --players: {why}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("jaccuse-table simulate: --games must be at least 1", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    for other in names():
        for option in game(other).simulate_options:
            if not getattr(args, option, False):
                continue
            if option not in chosen.simulate_options:
                print(f"jaccuse-table simulate: --{option.replace('_', '-')} is a {game(other).title} option",
                      file=sys.stderr)
                return 2
            options[option] = True
    for text in args.option:
        name, has_value, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if name in chosen.simulate_values and has_value:
            options[name] = value.strip()
        elif name in chosen.simulate_options:
            options[name] = value.strip() if has_value else True
        else:
            names_ = [*chosen.simulate_options, *(f"{k}=..." for k in chosen.simulate_values)]
            known = ", ".join(names_) or "none"
            print(f"jaccuse-table simulate: --option {text!r}: the options of {chosen.title} are {known}",
                  file=sys.stderr)
            return 2
    policy = _policy(args.policy, players)
    if isinstance(policy, str) and policy.startswith("jaccuse-table"):
        print(policy, file=sys.stderr)
        return 2
    if "strong" in ([policy] if isinstance(policy, str) else policy) and chosen.sampler is None:
        print(f"jaccuse-table simulate: {chosen.title} has no strong bot yet (no sampler)", file=sys.stderr)
        return 2
    if args.think_ms <= 0:
        print("jaccuse-table simulate: --think-ms must be more than 0", file=sys.stderr)
        return 2
    budget = Budget(rollouts=1_000_000, seconds=args.think_ms / 1000, clock=time.process_time)
    show = _progress_bar if (sys.stderr.isatty() and args.games >= 50) else None
    tool = chosen.balance()
    simulate: Any = tool.simulate  # a game's options are keywords its own simulate takes
    try:
        report = simulate(players, args.games, args.seed, policy, progress=show, budget=budget, **options)
    except ValueError as exc:  # an option's value the game does not take
        print(f"jaccuse-table simulate: --option: {exc}", file=sys.stderr)
        return 2
    data = report.to_dict()
    print(json.dumps(data) if args.json else tool.format_report(data))
    return 0
