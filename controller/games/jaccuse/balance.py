"""Balance simulation: many bot games, summarised as the figures a designer asks about."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.games import jaccuse
from controller.games.balance_frame import EventTally, ReportHead, policy_name, seeds, spread, wins_by_seat
from controller.games.balance_frame import percent as pct
from controller.games.driver import seeded_game
from controller.games.jaccuse import sampler, strategy
from controller.games.shape import Budget

MAX_ACTIONS = 50_000


@dataclass
class GameStats:
    elections: int
    winning_color: str | None
    crises: int
    actions: int
    #: network type ("red", "black", "mixed") -> (seats of that type, of which aligned)
    alignment: dict[str, tuple[int, int]]
    #: the seats that won
    winners: list[int] = field(default_factory=list)


def network_type(pair: tuple[str, str]) -> str:
    return pair[0] if pair[0] == pair[1] else "mixed"


def play_game(
    players: int, seed: int, policy: str | Sequence[str], *, budget: Budget | None = None
) -> GameStats:
    tally = EventTally()
    state, actions = seeded_game(jaccuse, strategy, players, seed, policy, MAX_ACTIONS, tally.observe,
                                 sampler=sampler, budget=budget)
    elections, crises = tally["election"], tally["crisis"]
    alignment: dict[str, tuple[int, int]] = {}
    for seat in range(players):
        kind = network_type(state.network_of(seat))
        total, aligned = alignment.get(kind, (0, 0))
        alignment[kind] = (total + 1, aligned + (seat in state.aligned))
    return GameStats(elections, state.winning_color, crises, actions, alignment, list(state.winners))


@dataclass
class Report(ReportHead):
    stats: list[GameStats] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        colours = Counter(_outcome(g) for g in self.stats)
        totals: dict[str, list[int]] = {}
        for g in self.stats:
            for kind, (n, a) in g.alignment.items():
                t = totals.setdefault(kind, [0, 0])
                t[0] += n
                t[1] += a
        n = max(len(self.stats), 1)
        return {
            "players": self.players,
            "games": len(self.stats),
            "seed": self.seed,
            "policy": self.policy,
            "elections": spread([g.elections for g in self.stats]),
            "winning_color": {c: round(colours[c] / n, 4) for c in ("red", "black", "none", "unfinished")},
            "aligned_rate": {
                kind: round(totals[kind][1] / totals[kind][0], 4) if kind in totals else None
                for kind in ("red", "black", "mixed")
            },
            "crises_per_game": round(sum(g.crises for g in self.stats) / n, 3),
            "actions_per_game": round(sum(g.actions for g in self.stats) / n, 1),
            "wins_by_seat": wins_by_seat(self.players, [g.winners for g in self.stats]),
        }


def _outcome(g: GameStats) -> str:
    """The game's winning colour, "none" (ended with no winner) or "unfinished" (hit the action cap)."""
    if g.winning_color:
        return g.winning_color
    return "unfinished" if g.actions >= MAX_ACTIONS else "none"


def simulate(
    players: int, games: int, seed: int, policy: str | Sequence[str],
    progress: Callable[[int, int], None] | None = None, *, budget: Budget | None = None,
) -> Report:
    """Game i uses seed ``seed + i``, so any single game can be replayed on its own."""
    report = Report(players, games, seed, policy_name(policy))
    for game_seed in seeds(seed, games, progress):
        report.stats.append(play_game(players, game_seed, policy, budget=budget))
    return report


def format_report(data: dict[str, Any]) -> str:
    e = data["elections"]
    w = data["winning_color"]
    a = data["aligned_rate"]

    return "\n".join([
        f"{data['games']} games, {data['players']} players, {data['policy']} bots, seeds from {data['seed']}",
        f"generation length: {e['mean']} elections on average (median {e['median']},"
        f" range {e['min']}-{e['max']})",
        f"winning colour:    red {pct(w['red'])}, black {pct(w['black'])}, none {pct(w['none'])}"
        + (f" (cut off after {MAX_ACTIONS} actions: {pct(w['unfinished'])})" if w.get("unfinished") else ""),
        # three separate rates (each out of the seats with that network), not a split of one whole
        f"aligned seats:     {pct(a['red'])} of both-red seats,"
        f" {pct(a['black'])} of both-black seats, {pct(a['mixed'])} of mixed seats",
        f"crises per game:   {data['crises_per_game']}",
        f"actions per game:  {data['actions_per_game']}",
        f"wins by seat:      {', '.join(str(w) for w in data['wins_by_seat'])}",
    ])
