"""Balance simulation for Hasty Accusations: many bot games, summarised as a designer's figures.

How long a game runs (turns, actions), how many reviews it takes, how players go out (which card
killed their suspect), how often each seat wins (seat 0 starts: the first-player advantage), and, in
a second series with the Traitor variant, how often the traitor wins. Game i of a series uses seed
``seed + i``, so any single game can be played again on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games import hasty
from controller.games.balance_frame import EventTally, ReportHead, policy_name, seeds, spread, wins_by_seat
from controller.games.balance_frame import percent as pct
from controller.games.driver import seeded_game
from controller.games.hasty import sampler, strategy
from controller.games.hasty.deal import deal_cards
from controller.games.hasty.game import GAME
from controller.games.hasty.state import new_game
from controller.games.shape import Budget

#: a game ends long before this; it only guards the loop
MAX_ACTIONS: Final = 20_000
CAUSES: Final = ("murder", "threat", "sidekick")


@dataclass
class GameStats:
    turns: int
    actions: int
    reviews: int
    #: reviews whose pile held cards
    evaluations: int
    deaths: int
    #: the card that put each eliminated seat out
    outs: list[str]
    winners: list[int]
    traitor: int | None
    over: bool


def play_game(players: int, seed: int, policy: str | Sequence[str], *, budget: Budget | None = None,
              **options: Any) -> GameStats:
    outs: list[str] = []  # the card that put each eliminated seat out
    counts = EventTally(lambda event: outs.append(event["card"]) if event["type"] == "eliminated" else None)
    state, actions = seeded_game(
        hasty, strategy, players, seed, policy, MAX_ACTIONS, counts.observe, sampler=sampler, budget=budget,
        start=lambda players, rng: new_game(deal_cards(players, rng, **options)))
    return GameStats(
        turns=counts["turn"] + 1, actions=actions, reviews=state.reviews,
        evaluations=counts["evaluating"], deaths=counts["died"], outs=outs,
        winners=list(state.winners), traitor=state.traitor, over=state.over,
    )


def _series(stats: list[GameStats], players: int) -> dict[str, Any]:
    n = max(len(stats), 1)
    outs = Counter(o for g in stats for o in g.outs)
    out_total = max(sum(outs.values()), 1)
    wins = Counter(w for g in stats for w in g.winners)
    traitors = [g for g in stats if g.traitor is not None]
    return {
        "games": len(stats),
        "turns": spread([g.turns for g in stats]),
        "actions_per_game": round(sum(g.actions for g in stats) / n, 1),
        "reviews_per_game": round(sum(g.reviews for g in stats) / n, 2),
        "evaluations_per_game": round(sum(g.evaluations for g in stats) / n, 2),
        "deaths_per_game": round(sum(g.deaths for g in stats) / n, 2),
        "out_by": {cause: round(outs[cause] / out_total, 4) for cause in CAUSES},
        "no_winner": round(sum(1 for g in stats if g.over and not g.winners) / n, 4),
        "unfinished": round(sum(1 for g in stats if not g.over) / n, 4),
        "wins_by_seat": [round(wins[seat] / n, 4) for seat in range(players)],
        "traitor_wins": (round(sum(1 for g in traitors if g.traitor in g.winners) / len(traitors), 4)
                         if traitors else None),
    }


@dataclass
class Report(ReportHead):
    options: dict[str, Any] = field(default_factory=dict)
    base: list[GameStats] = field(default_factory=list)
    with_traitor: list[GameStats] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME.name, "players": self.players, "games": self.games, "seed": self.seed,
            "policy": self.policy, "options": dict(self.options),
            "base": _series(self.base, self.players),
            "traitor": _series(self.with_traitor, self.players),
            # games won per seat in the first series (the table's options, without the Traitor)
            "wins_by_seat": wins_by_seat(self.players, [g.winners for g in self.base]),
        }


def simulate(
    players: int, games: int, seed: int, policy: str | Sequence[str], *,
    progress: Callable[[int, int], None] | None = None, budget: Budget | None = None,
    speedy: bool = False, big_hands: bool = False, suspects: int | None = None,
) -> Report:
    """Two series of ``games`` games each, without and with the Traitor variant."""
    options: dict[str, Any] = {"speedy": speedy, "big_hands": big_hands, "suspects": suspects}
    report = Report(players, games, seed, policy_name(policy), {k: v for k, v in options.items() if v})
    for game_seed in seeds(seed, games, progress):
        report.base.append(play_game(players, game_seed, policy, budget=budget, **options))
        report.with_traitor.append(play_game(players, game_seed, policy, budget=budget, traitor=True,
                                             **options))
    return report


def format_report(data: dict[str, Any]) -> str:
    players = data["players"]
    variant = "".join(f", {k.replace('_', ' ')} {v}" for k, v in data["options"].items())
    lines = [f"Hasty Accusations: {data['games']} games per series, {players} players,"
             f" {data['policy']} bots{variant}, seeds from {data['seed']}"]
    for name, title in (("base", "base game"), ("traitor", "with the Traitor")):
        s = data[name]
        t, out = s["turns"], s["out_by"]
        wins = ", ".join(f"seat {i} {pct(w)}" for i, w in enumerate(s["wins_by_seat"]))
        lines += [
            f"{title}:",
            f"  game length:   {t['mean']} turns on average (median {t['median']},"
            f" range {t['min']}-{t['max']}), {s['actions_per_game']} actions",
            f"  reviews:       {s['reviews_per_game']} per game,"
            f" {s['evaluations_per_game']} of a pile with cards; {s['deaths_per_game']} suspects die",
            "  players out:   " + ", ".join(f"by {c} {pct(share)}" for c, share in out.items()),
            f"  wins by seat:  {wins} (even: {pct(1 / players)} each; seat 0 starts)",
        ]
        if s["no_winner"] or s["unfinished"]:
            lines.append(f"  no winner:     {pct(s['no_winner'])}, unfinished {pct(s['unfinished'])}")
        if s["traitor_wins"] is not None:
            lines.append(f"  traitor wins:  {pct(s['traitor_wins'])} (an even share: {pct(1 / players)})")
    return "\n".join(lines)
