"""Balance simulation for Betrayal: many bot games, summarised as the figures a designer asks about.

Which side wins and how (the traitor eliminated, the joker and three more cards, enough loyal
armies out), how long a game runs, how often armies go out by points, and which titles (B17) the
armies end with. Game i uses seed ``seed + i``, so any single game can be replayed on its own.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games import betrayal
from controller.games.balance_frame import EventTally, ReportHead, policy_name, seeds, spread, wins_by_seat
from controller.games.balance_frame import percent as pct
from controller.games.betrayal import sampler, strategy
from controller.games.betrayal.cards import TITLES, title
from controller.games.betrayal.deal import deal_cards
from controller.games.betrayal.game import GAME
from controller.games.betrayal.state import GameState, new_game
from controller.games.driver import seeded_game
from controller.games.shape import Budget

#: every accusation kills a card for good, so no game comes near this; it only guards the loop
MAX_ACTIONS: Final = 5_000
ENDINGS: Final = ("traitor_out", "joker_and_three", "loyal_out", "unfinished")


@dataclass
class GameStats:
    accusations: int
    actions: int
    #: "traitor", "loyal", or None when the game was cut off
    winner_side: str | None
    #: one of ENDINGS
    ending: str
    #: the accusation (counted from 1) that killed the joker, or None
    joker_died_at: int | None
    out_by_cards: int
    out_by_points: int
    draws: int
    peeks: int
    titles: list[str]
    traitor_points: int
    loyal_points: list[int]
    #: the seats that won
    winners: list[int] = field(default_factory=list)


def _ending(state: GameState) -> str:
    if state.winner_side is None:
        return "unfinished"
    if state.winner_side == "traitor":
        return "loyal_out"
    if state.eliminated[state.traitor]:
        return "traitor_out"
    return "joker_and_three"


def play_game(
    players: int, seed: int, policy: str | Sequence[str], *, twos_defend: bool = False,
    budget: Budget | None = None,
) -> GameStats:
    joker_died_at: list[int] = []

    def also(event: dict[str, Any]) -> None:
        if event["type"] == "joker_died":
            joker_died_at.append(counts["accused"])
        elif event["type"] == "eliminated":
            counts["out_" + event["reason"]] += 1

    counts = EventTally(also)
    state, actions = seeded_game(
        betrayal, strategy, players, seed, policy, MAX_ACTIONS, counts.observe, sampler=sampler,
        budget=budget, start=lambda players, rng: new_game(deal_cards(players, rng), twos_defend=twos_defend))
    scores = [len(p) for p in state.points]
    return GameStats(
        accusations=counts["accused"],
        actions=actions,
        winner_side=state.winner_side,
        ending=_ending(state),
        joker_died_at=joker_died_at[0] if joker_died_at else None,
        out_by_cards=counts["out_no_cards"],
        out_by_points=counts["out_points"],
        draws=counts["drew"],
        peeks=counts["peeked"],
        titles=[title(points) for points in scores],
        traitor_points=scores[state.traitor],
        loyal_points=[p for a, p in enumerate(scores) if a != state.traitor],
        winners=sorted({state.army_seats[a] for a in state.winners}),
    )


@dataclass
class Report(ReportHead):
    twos_defend: bool = False
    stats: list[GameStats] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        n = max(len(self.stats), 1)
        sides = Counter(g.winner_side or "unfinished" for g in self.stats)
        endings = Counter(g.ending for g in self.stats)
        titles = Counter(t for g in self.stats for t in g.titles)
        armies = max(sum(titles.values()), 1)
        joker = [g.joker_died_at for g in self.stats if g.joker_died_at is not None]
        loyal = [p for g in self.stats for p in g.loyal_points]
        return {
            "game": GAME.name,
            "players": self.players,
            "games": len(self.stats),
            "seed": self.seed,
            "policy": self.policy,
            "twos_defend": self.twos_defend,
            "accusations": spread([g.accusations for g in self.stats]),
            "actions_per_game": round(sum(g.actions for g in self.stats) / n, 1),
            "winner_side": {side: round(sides[side] / n, 4) for side in ("traitor", "loyal", "unfinished")},
            "ending": {e: round(endings[e] / n, 4) for e in ENDINGS},
            "joker_died": {
                "rate": round(len(joker) / n, 4),
                "mean_accusation": round(statistics.fmean(joker), 1) if joker else None,
            },
            "eliminations_per_game": {
                "no_cards": round(sum(g.out_by_cards for g in self.stats) / n, 3),
                "points": round(sum(g.out_by_points for g in self.stats) / n, 3),
            },
            "draws_per_game": round(sum(g.draws for g in self.stats) / n, 3),
            "peeks_per_game": round(sum(g.peeks for g in self.stats) / n, 3),
            "points_mean": {
                "traitor": round(statistics.fmean([g.traitor_points for g in self.stats] or [0]), 2),
                "loyal": round(statistics.fmean(loyal or [0]), 2),
            },
            "titles": {name: round(titles[name] / armies, 4) for _, name in reversed(TITLES)},
            "wins_by_seat": wins_by_seat(self.players, [g.winners for g in self.stats]),
        }


def simulate(
    players: int, games: int, seed: int, policy: str | Sequence[str], *, twos_defend: bool = False,
    progress: Callable[[int, int], None] | None = None, budget: Budget | None = None,
) -> Report:
    """Game i uses seed ``seed + i``, so any single game can be replayed on its own."""
    report = Report(players, games, seed, policy_name(policy), twos_defend)
    for game_seed in seeds(seed, games, progress):
        report.stats.append(play_game(players, game_seed, policy, twos_defend=twos_defend, budget=budget))
    return report


def format_report(data: dict[str, Any]) -> str:
    a, w, e, j = data["accusations"], data["winner_side"], data["ending"], data["joker_died"]
    out, pts = data["eliminations_per_game"], data["points_mean"]
    variant = ", twos defend" if data["twos_defend"] else ""
    joker_at = ""
    if j["mean_accusation"] is not None:
        joker_at = f", at accusation {j['mean_accusation']} on average"
    lines = [
        f"Betrayal: {data['games']} games, {data['players']} players, {data['policy']} bots{variant},"
        f" seeds from {data['seed']}",
        f"game length:      {a['mean']} accusations on average (median {a['median']}, range"
        f" {a['min']}-{a['max']}), {data['actions_per_game']} actions",
        f"winning side:     traitor {pct(w['traitor'])}, loyal {pct(w['loyal'])}"
        + (f", unfinished {pct(w['unfinished'])}" if w["unfinished"] else ""),
        f"how games end:    traitor eliminated {pct(e['traitor_out'])}, joker and three more"
        f" {pct(e['joker_and_three'])}, enough loyal armies out {pct(e['loyal_out'])}",
        f"joker died:       in {pct(j['rate'])} of games{joker_at}",
        f"eliminations:     {out['no_cards']} per game by losing every card, {out['points']} by points",
        f"rewards:          {data['draws_per_game']} draws and {data['peeks_per_game']} peeks per game",
        f"points:           traitor {pts['traitor']}, loyal army {pts['loyal']} on average",
        "titles:           " + ", ".join(f"{name} {pct(share)}" for name, share in data["titles"].items()),
        f"wins by seat:     {', '.join(str(w) for w in data['wins_by_seat'])}",
    ]
    return "\n".join(lines)
