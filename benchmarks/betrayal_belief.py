"""How sure the strong bot is of Betrayal's traitor, from one loyal seat's view and the public events.

Run: .venv/bin/python benchmarks/betrayal_belief.py [--games 150] [--players 5]

Sensible bots play whole games; every fifth action of a turn (while the joker lives) a loyal seat
(the army whose turn it is) asks the belief (controller/games/betrayal/belief.py) how likely each
other army is to be the traitor. Printed per stage of the game: the mean share it puts on the true
traitor, against the share the old lean on shown black cards gave (the sampler's fallback), and
against a blind guess among the other armies. First, how often the traitor's row is the one
longest after the setup (a public fact the belief starts from).
"""

from __future__ import annotations

import argparse
import math
import random

from controller.games import betrayal
from controller.games.betrayal.belief import Tracker
from controller.games.betrayal.sampler import SUSPICION
from controller.games.betrayal.strategy import TableMemory, sensible_action


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    stages: dict[int, list[tuple[float, float, float]]] = {}
    longest = 0
    for seed in range(args.games):
        rng = random.Random(seed)
        state = betrayal.new_game(betrayal.deal_cards(args.players, rng))
        memory = TableMemory()
        history: list[dict[str, object]] = []
        actions = 0
        while not state.over:
            action = sensible_action(state, rng.choice(betrayal.awaiting(state)), rng, memory)
            assert action is not None
            result = betrayal.apply(state, action)
            assert isinstance(result, betrayal.Accepted)
            state = result.state
            memory.observe(result.events)
            history += result.events
            actions += 1
            for event in result.events:
                if event.get("type") == "armies_set":
                    rows = event["rows"]
                    longest += rows.count(max(rows)) == 1 and rows[state.traitor] == max(rows)
            if state.phase != "turn" or state.joker_dead or actions % 5 or state.turn is None:
                continue
            seat = state.army_seats[state.turn]
            if seat == state.army_seats[state.traitor]:
                continue
            view = betrayal.seat_view(state, seat)
            tracker = Tracker(view, history)
            suspects = [a for a in range(state.armies) if state.army_seats[a] != seat and tracker.rows[a]]
            new = tracker.traitor_weights(suspects)
            old = [math.exp(SUSPICION * max(-25, memory.suspicion(a))) for a in suspects]
            at = suspects.index(state.traitor)
            stages.setdefault(min(actions // 20, 4), []).append(
                (new[at] / sum(new), old[at] / sum(old), 1 / len(suspects)))
    print(f"Betrayal {args.players} players, {args.games} sensible games: the traitor's row is the one"
          f" longest after the setup in {longest / args.games:.1%}; the share on the true traitor:")
    for stage, rows in sorted(stages.items()):
        n = len(rows)
        label = f"actions {20 * stage}-{20 * stage + 19}" if stage < 4 else "actions 80+"
        print(f"  {label:<14} {n:>4} asks  belief {sum(r[0] for r in rows) / n:.3f}"
              f"  black-card lean {sum(r[1] for r in rows) / n:.3f}  blind {sum(r[2] for r in rows) / n:.3f}")


if __name__ == "__main__":
    main()
