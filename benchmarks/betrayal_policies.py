"""Why Betrayal's strong bot plays out its own later moves as it does (``sampler.Dealer.own_action``).

Run: .venv/bin/python benchmarks/betrayal_policies.py [--games 3000] [--players 5]

Sensible bots play every seat; one army plays a variant instead, and the win rate of its side is
printed. The traitor's variants: hiding each winning card again at the front of its row (where the
sensible armies' blind attacks land), and attacking a hidden card with its strongest red card (the
sensible armies count black cards against an army). The loyal variant: the army just after the
traitor plays as if it knew the traitor (the strong bot does so once its belief is sure enough).
No search: these are the play-out policies alone.
"""

from __future__ import annotations

import argparse
import random

from controller.games import betrayal
from controller.games.betrayal.actions import Action
from controller.games.betrayal.sampler import Dealer
from controller.games.betrayal.strategy import TableMemory, sensible_action

VARIANTS = ("sensible", "traitor hides in front", "traitor attacks with red", "traitor both",
            "a loyal army knows the traitor")


def _move(variant: str, s: betrayal.GameState, seat: int, rng: random.Random, memory: TableMemory,
          dealer: Dealer) -> Action | None:
    action = sensible_action(s, seat, rng, memory)
    army = s.turn
    if variant == "sensible" or army is None or action is None:
        return action
    if variant.startswith("traitor") and army == s.traitor:
        own = dealer.own_action(s, seat, rng, memory)
        if variant == "traitor both" or (own is not None and (own.act == "hide") == ("front" in variant)):
            return own
        return action
    if variant.startswith("a loyal") and army == (s.traitor + 1) % s.armies:
        return dealer.own_action(s, seat, rng, memory)
    return action


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    print(f"Betrayal {args.players} players, {args.games} games each (seeds 0..{args.games - 1})")
    for variant in VARIANTS:
        side = "loyal" if variant.startswith("a loyal") else "traitor"
        wins = 0
        for seed in range(args.games):
            rng = random.Random(seed)
            state = betrayal.new_game(betrayal.deal_cards(args.players, rng))
            memory = TableMemory()
            dealer: Dealer | None = None
            while not state.over:
                if dealer is None and state.phase != "setup":
                    # the loyal army "knows": the dealer is sure when the traitor is known to it
                    dealer = Dealer(betrayal.seat_view(state, state.army_seats[state.traitor]), [])
                    dealer.sure = True
                seat = rng.choice(betrayal.awaiting(state))
                action = (sensible_action(state, seat, rng, memory) if dealer is None
                          else _move(variant, state, seat, rng, memory, dealer))
                assert action is not None
                result = betrayal.apply(state, action)
                assert isinstance(result, betrayal.Accepted)
                state = result.state
                memory.observe(result.events)
            wins += state.winner_side == side
        print(f"  {variant:<32} {side} side wins {wins / args.games:.1%}")


if __name__ == "__main__":
    main()
