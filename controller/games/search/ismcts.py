"""Determinized information-set search: what a seat should do, judged from what it may know.

The seat's information set is sampled, not enumerated: each round deals one full state that agrees
with the seat's view and the public events (the game's sampler) and plays every candidate move in
it, each followed by the game's sensible bot in every seat to the end, all from the same RNG seed
(a game's prepared dealer may give the searching seat its own play-out policy, ``own_action``).
So the candidates are compared on the same deals and the same luck (common random numbers), and
what is measured is each move's gain over the default move in that deal (the own policy's, else
the sensible bot's). A move that clearly loses is dropped after a few rounds; at the end the move
with the largest gain, counted less one standard error and a margin, replaces the default move,
and only if that is still a gain. This is the root of information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse 2012) with paired play-outs instead of UCB1 at the root: the
budget allows tens of play-outs per decision, too few for a tree, enough to see which move wins
more often in the same deals.

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

from controller.games.common import Refusal
from controller.games.shape import (
    ActionShape,
    Budget,
    Event,
    FullRules,
    GameStrategy,
    MemoryShape,
    StateShape,
)

S = TypeVar("S", bound=StateShape)
A = TypeVar("A", bound=ActionShape)
M = TypeVar("M", bound=MemoryShape)

#: rounds every candidate plays before one that clearly does worse than the sensible move is dropped
PRUNE_AFTER = 3
#: rounds a candidate must have played to replace the sensible move
MIN_VISITS = 4
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

    # Optional: ``prepare(view, history) -> Callable[[random.Random], S]``, the same dealing as
    # ``sample_state`` with whatever the sampler reads from the history done once per decision
    # (the search deals many states from one view). Its draws must agree with ``sample_state``'s.
    # What it returns may also have ``candidates(state, seat) -> list[A]``, used instead of
    # ``candidate_actions`` (it may weigh moves by what it read from the history), and
    # ``own_action(state, seat, rng, memory) -> A | None``, the searching seat's own later moves in
    # a play-out instead of the sensible bot's (it may play on what the seat has worked out).


#: play-outs only, no clock: the same seed gives the same move
DEFAULT_BUDGET: Final = Budget()


@dataclass
class SearchResult:
    """The move chosen, and the statistics it was chosen from (for tests and benchmarks)."""

    action: Any
    rollouts: int
    #: per candidate, in the candidates' order: (action, play-outs, total score)
    stats: list[tuple[Any, int, float]]
    #: the time the decision took by the budget's clock (None without a clock)
    seconds: float | None = None


def search(
    rules: FullRules[S, A, Any],
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
    started = budget.clock() if budget.clock is not None else None
    deadline = None
    if budget.seconds is not None and started is not None:
        deadline = started + budget.seconds
    memory = strategy.TableMemory()
    memory.observe(tuple(history))
    draw = _dealer(sampler, view, history)
    first = draw(rng)
    # the move the others must beat: the seat's own play-out policy's, by default the sensible bot's
    mine: Callable[[S, int, random.Random, M], A | None] | None = getattr(draw, "own_action", None)
    plain = (mine or strategy.sensible_action)(first, seat, rng, copy.deepcopy(memory))
    candidates: list[A] = [] if plain is None else [plain]
    weigh = getattr(draw, "candidates", None) or sampler.candidate_actions
    for action in weigh(first, seat):
        if action not in candidates:
            candidates.append(action)
    if len(candidates) <= 1:
        if not candidates:
            return None
        return SearchResult(candidates[0], 0, [(candidates[0], 0, 0.0)], _spent(budget, started))
    n = len(candidates)
    visits = [0] * n
    totals = [0.0] * n
    gains = [0.0] * n  # summed score minus the sensible move's score in the same deal
    squares = [0.0] * n
    live = list(range(n))
    state = first
    done = rounds = 0
    while done < budget.rollouts and len(live) > 1:
        if rounds:
            if deadline is not None and started is not None and budget.clock is not None:
                # stop before a round that would likely end past the deadline (rounds get no
                # longer: candidates are only ever dropped), so a decision keeps to its time
                now = budget.clock()
                if now + (now - started) / rounds > deadline:
                    break
            state = draw(rng)
        rounds += 1
        seed = rng.getrandbits(48)
        scores: dict[int, float] = {}
        for i in live:
            result = rules.apply(state, candidates[i])
            if not isinstance(result, rules.Accepted):
                continue  # cannot happen for a correct sampler
            scores[i] = _play_out(rules, strategy, sampler, result.state, result.events, seat,
                                  copy.deepcopy(memory), random.Random(seed), mine)
            done += 1
        if 0 not in scores:
            break
        for i, score in scores.items():
            gain = score - scores[0]
            visits[i] += 1
            totals[i] += score
            gains[i] += gain
            squares[i] += gain * gain
        if rounds >= PRUNE_AFTER:
            live = [i for i in live if i == 0 or _bound(gains[i], squares[i], visits[i], 2.0) > 0]
    best = _best(visits, gains, squares, budget.margin)
    stats = list(zip(candidates, visits, totals, strict=True))
    return SearchResult(candidates[best], done, stats, _spent(budget, started))


def _dealer(sampler: GameSampler[S, A], view: dict[str, Any],
            history: Sequence[Event]) -> Callable[[random.Random], S]:
    """How this decision deals its states: the sampler's optional ``prepare(view, history)`` hook,
    which reads the belief from the history once per decision, else ``sample_state`` each time."""
    prepare: Callable[[dict[str, Any], Sequence[Event]], Callable[[random.Random], S]] | None = getattr(
        sampler, "prepare", None)
    if prepare is not None:
        return prepare(view, history)
    return lambda rng: sampler.sample_state(view, history, rng)


def _spent(budget: Budget, started: float | None) -> float | None:
    return None if started is None or budget.clock is None else budget.clock() - started


def _bound(gain: float, square: float, n: int, z: float) -> float:
    """The mean gain over the sensible move plus ``z`` standard errors (minus, for a negative z)."""
    if not n:
        return math.inf if z > 0 else -math.inf
    mean = gain / n
    spread = max(0.0, square / n - mean * mean)
    return mean + z * math.sqrt(spread / n + 1e-9)


def _best(visits: list[int], gains: list[float], squares: list[float], margin: float) -> int:
    """The move that gained most over the sensible one (index 0), if it gained clearly: more than
    ``margin`` plus one standard error of the paired differences; else the sensible move."""
    best, best_low = 0, 0.0
    for i in range(1, len(visits)):
        if visits[i] < MIN_VISITS:
            continue
        low = _bound(gains[i], squares[i], visits[i], -1.0) - margin
        if low > best_low:
            best, best_low = i, low
    return best


def _play_out(
    rules: FullRules[S, A, Any],
    strategy: GameStrategy[S, A, M],
    sampler: GameSampler[S, A],
    state: S,
    events: tuple[Event, ...],
    seat: int,
    memory: M,
    rng: random.Random,
    mine: Callable[[S, int, random.Random, M], A | None] | None = None,
) -> float:
    """Play to the end with the sensible bot in every seat (``seat`` itself by ``mine`` when
    given); the end's worth to ``seat``."""
    # looked up once: this loop is where the search spends its time
    apply, awaiting, accepted = rules.apply, rules.awaiting, rules.Accepted
    sensible, observe, choice = strategy.sensible_action, memory.observe, rng.choice
    # Optional: ``apply_own(state, action, events)``, the rules changing a state object only its
    # caller holds in place (raising ``Refusal``). The play-out's state is its own (a fresh result of
    # ``apply``), so a game that has it spends no new state object and result per move here.
    own: Callable[[S, A, list[Event]], None] | None = getattr(rules, "apply_own", None)
    observe(events)
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.over:
            return sampler.score(state, seat)
        waiting = awaiting(state)
        who = waiting[0] if len(waiting) == 1 else choice(waiting)
        action = (sensible if mine is None or who != seat else mine)(state, who, rng, memory)
        if action is None:
            break
        if own is not None:
            step: list[Event] = []
            try:
                own(state, action, step)
            except Refusal:
                break
            observe(tuple(step))
            continue
        result = apply(state, action)
        if not isinstance(result, accepted):
            break
        observe(result.events)
        state = result.state
    return 0.5
