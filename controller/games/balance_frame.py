"""A game's `jaccuse-table simulate` report (``shape.GameBalance``): the pieces every report is made
of, and the whole report of a game that writes no ``balance`` module.

Game i of a report uses seed ``seed + i`` (``seeds``), so any single game can be played again on its
own (``driver.seeded_game``). The plain report says what holds for every game: how long games run,
how many ended, and how often each seat won (the final state's ``winners``).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games.driver import seeded_game
from controller.games.rules import Rules
from controller.games.search.ismcts import GameSampler
from controller.games.shape import Budget, Event, GameFacts, GameStrategy

#: a random or sensible bot game ends long before this; it only guards the loop
MAX_ACTIONS: Final = 10_000


@dataclass
class ReportHead:
    """What every balance report starts from: the table, how many games, the first seed, the bots."""

    players: int
    games: int
    seed: int
    policy: str


def wins_by_seat(players: int, winners: list[list[int]]) -> list[int]:
    """Per seat, the number of games it won."""
    wins = [0] * players
    for seats in winners:
        for seat in seats:
            wins[seat] += 1
    return wins


def spread(values: Sequence[float]) -> dict[str, float]:
    """A report's summary of per-game figures (all zero for no games)."""
    values = values or [0]
    return {"mean": round(statistics.fmean(values), 2), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def percent(share: float | None) -> str:
    """A report's share for people ("n/a" where there is none)."""
    return "n/a" if share is None else f"{100 * share:.1f}%"


def seeds(seed: int, games: int, progress: Callable[[int, int], None] | None = None) -> Iterator[int]:
    """Game i's seed, ``seed + i`` (so any single game can be replayed on its own); ``progress`` is told
    of each game once it is played."""
    for i in range(games):
        yield seed + i
        if progress is not None:
            progress(i + 1, games)


def policy_name(policy: str | Sequence[str]) -> str:
    """The report's name of a policy: itself, or the seats' policies joined by commas."""
    return policy if isinstance(policy, str) else ",".join(policy)


class EventTally(Counter[str]):
    """A game's events counted by their type as the bots play (``observe`` for ``seeded_game``), each
    also handed to ``also`` when given (a report's own figures: who went out, and how)."""

    def __init__(self, also: Callable[[Event], object] | None = None) -> None:
        super().__init__()
        self._also = also

    def observe(self, events: tuple[Event, ...]) -> None:
        for event in events:
            self[event["type"]] += 1
            if self._also is not None:
                self._also(event)


@dataclass
class PlainGame:
    """One game of the plain report."""

    actions: int
    over: bool
    winners: list[int]


@dataclass
class PlainReport(ReportHead):
    game: str = ""
    played: list[PlainGame] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        n = max(len(self.played), 1)
        return {
            "game": self.game, "players": self.players, "games": len(self.played), "seed": self.seed,
            "policy": self.policy,
            "actions": spread([g.actions for g in self.played]),
            "unfinished": round(sum(1 for g in self.played if not g.over) / n, 4),
            "wins_by_seat": wins_by_seat(self.players, [g.winners for g in self.played]),
        }


class PlainBalance:
    """The balance report of a game that writes none: its bots' games, how long, who won."""

    def __init__(self, facts: GameFacts, rules: Rules[Any, Any, Any], strategy: GameStrategy[Any, Any, Any],
                 sampler: Callable[[], GameSampler[Any, Any]] | None) -> None:
        self._facts, self._rules, self._strategy, self._sampler = facts, rules, strategy, sampler

    def simulate(
        self, players: int, games: int, seed: int, policy: str | Sequence[str], *,
        progress: Callable[[int, int], None] | None = None, budget: Budget | None = None,
    ) -> PlainReport:
        report = PlainReport(players, games, seed, policy_name(policy), self._facts.name)
        sampler = self._sampler() if self._sampler is not None else None
        for game_seed in seeds(seed, games, progress):
            state, actions = seeded_game(self._rules, self._strategy, players, game_seed, policy, MAX_ACTIONS,
                                         sampler=sampler, budget=budget)
            report.played.append(PlainGame(actions, state.over, self._rules.winners(state)))
        return report

    def format_report(self, data: dict[str, Any]) -> str:
        a = data["actions"]
        return "\n".join([
            f"{self._facts.title}: {data['games']} games, {data['players']} players, {data['policy']} bots,"
            f" seeds from {data['seed']}",
            f"game length:   {a['mean']} actions on average (median {a['median']},"
            f" range {a['min']}-{a['max']})",
            f"unfinished:    {percent(data['unfinished'])}",
            f"wins by seat:  {', '.join(str(w) for w in data['wins_by_seat'])}",
        ])
