"""`jaccuse-table simulate`: play many bot games and print a balance report."""

from __future__ import annotations

import argparse
import json
import sys
import time

from controller.games.driver import POLICIES
from controller.games.registry import DEFAULT_GAME, GAMES, balance, rules
from controller.games.search.ismcts import Budget

#: players when --players is not given: J'Accuse's mid-size table, Betrayal's best count
DEFAULT_PLAYERS = {"jaccuse": 6, "betrayal": 5}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=GAMES, default=DEFAULT_GAME, help="which game (default jaccuse)")
    parser.add_argument("--players", type=int, default=None,
                        help="J'Accuse 5-14 (default 6), Betrayal 2-8 (default 5)")
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    parser.add_argument("--policy", default="sensible",
                        help="random, sensible or strong for every seat, or one per seat separated by"
                             " commas (e.g. strong,sensible,sensible,sensible,sensible)")
    parser.add_argument("--think-ms", type=float, default=100.0,
                        help="a strong seat's CPU time per decision in milliseconds (default 100)")
    parser.add_argument("--twos-defend", action="store_true",
                        help="Betrayal only: play with the optional rule that twos defend (B11)")
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
    names = [name.strip() for name in text.split(",")]
    bad = [name for name in names if name not in POLICIES]
    if bad:
        return f"jaccuse-table simulate: unknown --policy {bad[0]!r}; choose from {', '.join(POLICIES)}"
    if len(names) == 1:
        return names[0]
    if len(names) != players:
        return f"jaccuse-table simulate: --policy lists {len(names)} seats for {players} players"
    return names


def main(args: argparse.Namespace) -> int:
    game = rules(args.game)
    players = DEFAULT_PLAYERS.get(args.game, game.MIN_PLAYERS) if args.players is None else args.players
    if not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
        print(f"jaccuse-table simulate: --players must be {game.MIN_PLAYERS}-{game.MAX_PLAYERS}"
              f" for {args.game}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("jaccuse-table simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.twos_defend and args.game != "betrayal":
        print("jaccuse-table simulate: --twos-defend is a Betrayal option", file=sys.stderr)
        return 2
    policy = _policy(args.policy, players)
    if isinstance(policy, str) and policy.startswith("jaccuse-table"):
        print(policy, file=sys.stderr)
        return 2
    if args.think_ms <= 0:
        print("jaccuse-table simulate: --think-ms must be more than 0", file=sys.stderr)
        return 2
    budget = Budget(rollouts=1_000_000, seconds=args.think_ms / 1000, clock=time.process_time)
    show = _progress_bar if (sys.stderr.isatty() and args.games >= 50) else None
    tool = balance(args.game)
    if args.twos_defend:
        # Betrayal's optional rule (B11), so far the only game option
        from controller.games.betrayal import balance as betrayal_balance

        report = betrayal_balance.simulate(players, args.games, args.seed, policy,
                                           twos_defend=True, progress=show, budget=budget)
    else:
        report = tool.simulate(players, args.games, args.seed, policy, progress=show, budget=budget)
    data = report.to_dict()
    print(json.dumps(data) if args.json else tool.format_report(data))
    return 0
