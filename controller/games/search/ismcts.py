"""Determinized information-set search: what a seat should do, judged from what it may know.

Each iteration deals one full state that agrees with the seat's view and the public events
(the game's sampler), picks one of the seat's candidate moves by UCB1 over the statistics shared
by every deal (the root of an information-set tree, Cowling, Powley and Whitehouse 2012), and
plays the game out with the game's sensible bot in every seat. The move whose play-outs the seat
won most often is chosen; the sensible bot's own move keeps the seat unless another one did
clearly better, so a handful of noisy play-outs never talks the bot out of a good plain move.

Pure: no clock of its own (a time budget reads the clock the caller passes in), randomness only
from the RNG given, and the true state never enters: only ``view`` and ``history``.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from controller.games.shape import (
    ActionShape,
    Event,
    GameRules,
    GameStrategy,
    MemoryShape,
    StateShape,
)

S = TypeVar("S", bound=StateShape)
A = TypeVar("A", bound=ActionShape)
M = TypeVar("M", bound=MemoryShape)

#: UCB1's exploration constant for win rates in 0..1
EXPLORE = 0.7
#: a play-out longer than this many actions is stopped and scored as a draw-ish 0.5 of a win
MAX_ROLLOUT_ACTIONS = 3_000


class GameSampler(Protocol[S, A]):
    """The ``sampler`` submodule a game supplies: what the search cannot know generically."""

    def sample_state(self, view: dict[str, Any], history: Sequence[Event], rng: random.Random, /) -> S:
        """A full state whose ``seat_view`` for ``view["seat"]`` is ``view``; what the seat cannot
        see is dealt at random, leaning the way the public ``history`` points."""

    def candidate_actions(self, state: S, seat: int, /) -> list[A]:
        """The seat's moves worth weighing in ``state`` (a sample: the seat's own choices only
        depend on what it sees, so every sample gives the same list)."""

    def score(self, state: S, seat: int, /) -> float:
        """What a finished game is worth to ``seat``: 1 for a win, less (down to 0) otherwise."""

    def public_event(self, event: Event, /) -> Event:
        """The event as every seat saw it (without what only some seats learnt)."""


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: at most ``rollouts`` play-outs, and when ``clock`` is
    given (seconds, e.g. ``time.process_time``) at most ``seconds`` by that clock."""

    rollouts: int = 2_000
    seconds: float | None = None
    clock: Callable[[], float] | None = None
    #: how much better (in win rate) another move must do to replace the sensible bot's
    margin: float = 0.05


#: play-outs only, no clock: the same seed gives the same move
DEFAULT_BUDGET: Final = Budget()


@dataclass
class SearchResult:
    """The move chosen, and the statistics it was chosen from (for tests and benchmarks)."""

    action: Any
    rollouts: int
    #: per candidate, in the candidates' order: (action, play-outs, total score)
    stats: list[tuple[Any, int, float]]


def search(
    rules: GameRules[S, A, Any],
    strategy: GameStrategy[S, A, M],
    sampler: GameSampler[S, A],
    view: dict[str, Any],
    history: Sequence[Event],
    rng: random.Random,
    budget: Budget | None = None,
) -> SearchResult | None:
    """The move for the seat whose private view is ``view``, or None when it has nothing to do.

    ``history`` is every public event of the game so far, oldest first.
    """
    budget = budget or DEFAULT_BUDGET
    seat: int = view["seat"]
    if not view.get("moves"):
        return None
    deadline = None
    if budget.seconds is not None and budget.clock is not None:
        deadline = budget.clock() + budget.seconds
    memory = strategy.TableMemory()
    memory.observe(tuple(history))
    first = sampler.sample_state(view, history, rng)
    plain = strategy.sensible_action(first, seat, rng, copy.deepcopy(memory))
    candidates: list[A] = [] if plain is None else [plain]
    for action in sampler.candidate_actions(first, seat):
        if action not in candidates:
            candidates.append(action)
    if len(candidates) <= 1:
        return SearchResult(candidates[0], 0, [(candidates[0], 0, 0.0)]) if candidates else None
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    dead = [False] * len(candidates)
    state = first
    done = 0
    while done < budget.rollouts:
        if done:
            if deadline is not None and budget.clock is not None and budget.clock() >= deadline:
                break
            state = sampler.sample_state(view, history, rng)
        i = _pick(visits, totals, dead, done)
        if i < 0:
            break
        result = rules.apply(state, candidates[i])
        if not isinstance(result, rules.Accepted):
            dead[i] = True  # cannot happen for a correct sampler; never choose it then
            continue
        totals[i] += _play_out(rules, strategy, sampler, result.state, result.events, seat,
                               copy.deepcopy(memory), rng)
        visits[i] += 1
        done += 1
    best = _best(visits, totals, dead, budget.margin)
    return SearchResult(candidates[best], done, list(zip(candidates, visits, totals, strict=True)))


def _pick(visits: list[int], totals: list[float], dead: list[bool], done: int) -> int:
    """UCB1: every live candidate once, then the best mean plus its exploration bonus."""
    best, best_value = -1, -math.inf
    log_n = math.log(done + 1)
    for i, n in enumerate(visits):
        if dead[i]:
            continue
        if n == 0:
            return i
        value = totals[i] / n + EXPLORE * math.sqrt(log_n / n)
        if value > best_value:
            best, best_value = i, value
    return best


def _best(visits: list[int], totals: list[float], dead: list[bool], margin: float) -> int:
    """The candidate with the best mean; the sensible move (index 0) unless beaten by ``margin``."""
    means = [totals[i] / n if n and not dead[i] else -math.inf for i, n in enumerate(visits)]
    best = max(range(len(visits)), key=lambda i: (means[i], visits[i]))
    if not dead[0] and visits[0] and means[best] - means[0] <= margin:
        return 0
    return best


def _play_out(
    rules: GameRules[S, A, Any],
    strategy: GameStrategy[S, A, M],
    sampler: GameSampler[S, A],
    state: S,
    events: tuple[Event, ...],
    seat: int,
    memory: M,
    rng: random.Random,
) -> float:
    """Play to the end with the sensible bot in every seat; the end's worth to ``seat``."""
    memory.observe(events)
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.over:
            return sampler.score(state, seat)
        waiting = rules.awaiting(state)
        mover = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        action = strategy.sensible_action(state, mover, rng, memory)
        if action is None:
            break
        result = rules.apply(state, action)
        if not isinstance(result, rules.Accepted):
            break
        memory.observe(result.events)
        state = result.state
    return 0.5
