"""Hasty Accusations: the share of bot games left unfinished, for every mix of card sets and variants.

Run: .venv/bin/python benchmarks/hasty_unfinished.py [--games 100] [--players 4] [--policy sensible]

For each combination of the card sets (every non-empty mix of base, advanced and expert), the Suspect
Powers (off, on) and the Traitor, Speedy and Big Hands variants (each off or on), ``--games`` games
are played by bots (game i from seed S+i, the table size cycling 2-7 unless ``--players`` fixes it),
as `jaccuse-table simulate` plays them (``balance.play_game``, at most 20,000 actions). A game is
unfinished when it hit that cap, or stalled: the issue's goal is at most 1% of games, for every
combination. Prints one line per combination (the worst first) and the goal's verdict.
"""

from __future__ import annotations

import argparse
import itertools
import time

from controller.games.hasty.balance import play_game

SETS = (("base",), ("advanced",), ("expert",), ("base", "advanced"), ("base", "expert"),
        ("advanced", "expert"), ("base", "advanced", "expert"))
GOAL = 0.01


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per combination (default 100)")
    parser.add_argument("--players", type=int, default=None, help="a fixed table size (default: 2-7 in turn)")
    parser.add_argument("--policy", default="sensible", choices=("random", "sensible"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows = []
    start = time.process_time()
    switches = itertools.product(SETS, (False, True), *[(False, True)] * 3)
    for sets, powers, traitor, speedy, big_hands in switches:
        unfinished = actions = 0
        for i in range(args.games):
            players = args.players or 2 + (args.seed + i) % 6
            stats = play_game(players, args.seed + i, args.policy, sets=sets, powers=powers, traitor=traitor,
                              speedy=speedy, big_hands=big_hands)
            unfinished += not stats.over
            actions += stats.actions
        label = "+".join(sets) + "".join(f" {name}" for name, on in (
            ("powers", powers), ("traitor", traitor), ("speedy", speedy), ("big-hands", big_hands)) if on)
        rows.append((unfinished / args.games, label, actions / args.games))
    total = len(rows) * args.games
    print(f"Hasty Accusations, {args.policy} bots, {args.games} games per combination"
          f" ({total} games, {time.process_time() - start:.0f} s of CPU); unfinished = stopped at"
          " 20,000 actions")
    print(f"{'unfinished':>10}  {'actions/game':>12}  combination")
    for share, label, length in sorted(rows, key=lambda row: (-row[0], row[1])):
        print(f"{share:>10.1%}  {length:>12.0f}  {label}")
    worst = max(share for share, _, _ in rows)
    overall = sum(share for share, _, _ in rows) / len(rows)
    verdict = "met" if worst <= GOAL else "not met"
    print(f"goal: at most {GOAL:.0%} unfinished in every combination: {verdict}"
          f" (worst {worst:.1%}, all together {overall:.2%})")


if __name__ == "__main__":
    main()
