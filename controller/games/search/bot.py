"""The strong bot in a seat: it remembers the public events and searches from its own view.

A driver (the simulator, a benchmark, the table) makes one ``StrongBot`` per game, shows it every
action's events with ``observe`` and asks it for a move with ``action``. Whatever state the driver
holds, the search is given only what the seat sees: ``seat_view`` and the public events. That
boundary is the bot's promise not to cheat (tests/search/test_never_cheats.py holds it to it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from controller.games.search.ismcts import GameSampler, SearchResult, search
from controller.games.shape import Budget, Event, FullRules, GameStrategy


@dataclass(eq=False)
class StrongBot:
    """One bot's memory of the table (public events only) and its search settings."""

    rules: FullRules[Any, Any, Any]
    strategy: GameStrategy[Any, Any, Any]
    sampler: GameSampler[Any, Any]
    budget: Budget | None = None
    #: when given, each decision's time by the budget's clock is added to it (for benchmarks)
    spent: list[float] | None = None
    history: list[Event] = field(default_factory=list, init=False)
    last: SearchResult | None = field(default=None, init=False)

    def observe(self, events: tuple[Event, ...]) -> None:
        """Remember what the table just saw (the public part of each event)."""
        self.history.extend(self.sampler.public_event(e) for e in events)

    def action(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The move for ``seat``, or None: searched from that seat's view and the public history."""
        return self.decide(self.rules.seat_view(state, seat), rng)

    def decide(self, view: dict[str, Any], rng: random.Random) -> Any:
        """The move for the seat whose private view is ``view`` (the table's worker calls this)."""
        self.last = search(self.rules, self.strategy, self.sampler, view, self.history, rng, self.budget)
        if self.spent is not None and self.last is not None and self.last.seconds is not None:
            self.spent.append(self.last.seconds)
        return None if self.last is None else self.last.action
