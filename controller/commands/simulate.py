"""`jaccuse-table simulate`: play many bot games and print a balance report."""

from __future__ import annotations

import argparse
import json
import sys

from controller.games.registry import DEFAULT_GAME, GAMES, balance, rules

#: players when --players is not given: J'Accuse's mid-size table, Betrayal's best count
DEFAULT_PLAYERS = {"jaccuse": 6, "betrayal": 5, "hasty": 4}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=GAMES, default=DEFAULT_GAME, help="which game (default jaccuse)")
    parser.add_argument("--players", type=int, default=None,
                        help="J'Accuse 5-14 (default 6), Betrayal 2-8 (default 5), Hasty 2-7 (default 4)")
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    parser.add_argument("--policy", choices=("random", "sensible"), default="sensible", help="bot policy")
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
    show = _progress_bar if (sys.stderr.isatty() and args.games >= 50) else None
    tool = balance(args.game)
    if args.twos_defend:
        # Betrayal's optional rule (B11), so far the only game option
        from controller.games.betrayal import balance as betrayal_balance

        report = betrayal_balance.simulate(players, args.games, args.seed, args.policy,
                                           twos_defend=True, progress=show)
    else:
        report = tool.simulate(players, args.games, args.seed, args.policy, progress=show)
    data = report.to_dict()
    print(json.dumps(data) if args.json else tool.format_report(data))
    return 0
