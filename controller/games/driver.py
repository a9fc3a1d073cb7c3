"""Driving any game through its shape: a list of actions until one is refused (what `replay` does),
and a whole game between bots (what `simulate` does), one policy for the table or one per seat.
Pure, like the games themselves."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeVar

from controller.games.search.bot import StrongBot
from controller.games.search.ismcts import GameSampler
from controller.games.shape import ActionShape, Budget, Event, GameRules, GameStrategy, StateShape

#: the bots a seat can be played by: uniformly random, rules of thumb, or the search
POLICIES: Final = ("random", "sensible", "strong")

S = TypeVar("S", bound=StateShape)
A = TypeVar("A", bound=ActionShape)


def apply_until_refused(
    game: GameRules[S, A, Any], state: S, actions: Iterable[A]
) -> tuple[S, int, dict[str, Any] | None]:
    """Apply ``actions`` in order; stop at the first refusal without taking the next one.

    Returns the state reached, how many actions were applied, and the refusal in the replay
    contracts' form (``{"index", "code", "message"}``) or None. ``actions`` may be a generator that
    reads each action only when it is reached.
    """
    applied = 0
    for index, action in enumerate(actions):
        result = game.apply(state, action)
        if isinstance(result, game.Refused):
            return state, applied, {"index": index, "code": result.code, "message": result.message}
        assert isinstance(result, game.Accepted)
        state = result.state
        applied += 1
    return state, applied, None


def replay_answer(
    game: GameRules[S, A, Any], state: S, actions: Iterable[A], summary: Callable[[S], dict[str, Any]]
) -> dict[str, Any]:
    """A replay reader's answer (``ok``, ``error``, ``applied`` and the game's ``summary`` of the state
    reached): ``actions`` applied in order until the end or the first refusal."""
    end, applied, error = apply_until_refused(game, state, actions)
    return {"ok": error is None, "error": error, "applied": applied, **summary(end)}


def play_bots(
    game: GameRules[S, A, Any],
    strategy: GameStrategy[S, A, Any],
    state: S,
    rng: random.Random,
    policy: str | Sequence[str],
    max_actions: int,
    observe: Callable[[tuple[Event, ...]], None] | None = None,
    *,
    sampler: GameSampler[S, A] | None = None,
    budget: Budget | None = None,
    think_times: list[float] | None = None,
) -> tuple[S, int]:
    """Play on until the game ends (or ``max_actions``): random bots, or sensible ones each moving
    for a seat the game waits for. ``observe`` sees every action's events. Returns the final state
    and the number of actions.

    ``policy`` is one of ``POLICIES`` for every seat, or one per seat; a ``strong`` seat searches
    with the game's ``sampler`` within ``budget`` per decision (each decision's time by the
    budget's clock is added to ``think_times`` when given).
    """
    observers: list[Callable[[tuple[Event, ...]], None]] = []
    if not isinstance(policy, str) or policy == "strong":
        seats = [policy] * state.players if isinstance(policy, str) else list(policy)
        choose = _seated(game, strategy, state, rng, seats, sampler, budget, think_times, observers)
    else:
        memory = strategy.TableMemory()
        observers.append(memory.observe)

        def choose(state: S) -> A | None:
            if policy == "sensible":
                return strategy.sensible_action(state, rng.choice(game.awaiting(state)), rng, memory)
            return game.next_bot_action(state, rng)

    if observe is not None:
        observers.append(observe)
    actions = 0
    while not state.over and actions < max_actions:
        action = choose(state)
        assert action is not None, "a live game always waits for someone who can move"
        result = game.apply(state, action)
        assert isinstance(result, game.Accepted), (action, result)
        for seen in observers:
            seen(result.events)
        state = result.state
        actions += 1
    return state, actions


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


def _seated(
    game: GameRules[S, A, Any],
    strategy: GameStrategy[S, A, Any],
    state: S,
    rng: random.Random,
    policies: list[str],
    sampler: GameSampler[S, A] | None,
    budget: Budget | None,
    think_times: list[float] | None,
    observers: list[Callable[[tuple[Event, ...]], None]],
) -> Callable[[S], A | None]:
    """The chooser of ``play_bots`` with a policy per seat (its bots' memories join ``observers``).
    Strong seats think with an RNG of their own (drawn once from ``rng``), so the others' draws do
    not depend on how long a strong seat thinks."""
    if len(policies) != state.players:
        raise ValueError(f"{len(policies)} policies for {state.players} seats")
    unknown = sorted(set(policies) - set(POLICIES))
    if unknown:
        raise ValueError(f"unknown policy {unknown[0]!r}; the bots are {', '.join(POLICIES)}")
    strong: dict[int, StrongBot] = {}
    think = rng
    if "strong" in policies:
        if sampler is None:
            raise ValueError("a strong seat needs the game's sampler")
        think = random.Random(rng.getrandbits(64))
        strong = {seat: StrongBot(game, strategy, sampler, budget, think_times)
                  for seat, p in enumerate(policies) if p == "strong"}
    memory = strategy.TableMemory()
    observers.append(memory.observe)
    observers.extend(bot.observe for bot in strong.values())

    def choose(state: S) -> A | None:
        seat = rng.choice(game.awaiting(state))
        if seat in strong:
            move: A | None = strong[seat].action(state, seat, think)
            return move
        if policies[seat] == "sensible":
            return strategy.sensible_action(state, seat, rng, memory)
        return game.bot_action(state, seat, rng)

    return choose
