"""Driving any game through its shape: whole games between bots (what `simulate` does), one policy
for the table or one per seat, and the sensible bot of a game that has none (the random one). Pure,
like the games themselves."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from controller.games.search.bot import StrongBot
from controller.games.search.ismcts import GameSampler
from controller.games.shape import ActionShape, Budget, Event, FullRules, GameStrategy, StateShape

#: the bots a seat can be played by: uniformly random, rules of thumb, or the search
POLICIES: Final = ("random", "sensible", "strong")

S = TypeVar("S", bound=StateShape)
A = TypeVar("A", bound=ActionShape)


def play_bots(
    game: FullRules[S, A, Any],
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


def seeded_game(
    game: FullRules[S, A, Any],
    strategy: GameStrategy[S, A, Any],
    players: int,
    seed: int,
    policy: str | Sequence[str],
    max_actions: int,
    observe: Callable[[tuple[Event, ...]], None] | None = None,
    *,
    start: Callable[[int, random.Random], S] | None = None,
    sampler: GameSampler[S, A] | None = None,
    budget: Budget | None = None,
) -> tuple[S, int]:
    """Game ``seed`` of a balance report: dealt from ``random.Random(seed)`` (by ``start`` when the
    game's options change the deal, else ``deal_cards`` and ``new_game``) and played by ``play_bots``
    with the same RNG, so any single game can be played again on its own."""
    rng = random.Random(seed)
    state = start(players, rng) if start is not None else game.new_game(game.deal_cards(players, rng))
    return play_bots(game, strategy, state, rng, policy, max_actions, observe, sampler=sampler, budget=budget)


class NoMemory:
    """The table memory of a bot that remembers nothing."""

    def observe(self, events: tuple[Event, ...]) -> None:
        pass


class RandomStrategy(Generic[S, A]):
    """The ``strategy`` of a game that writes none: its "sensible" bot is the random one."""

    TableMemory = NoMemory

    def __init__(self, game: FullRules[S, A, Any]) -> None:
        self._bot_action = game.bot_action

    def sensible_action(self, state: S, seat: int, rng: random.Random, memory: NoMemory) -> A | None:
        return self._bot_action(state, seat, rng)


def _seated(
    game: FullRules[S, A, Any],
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
