"""Driving any game through its shape: a list of actions until one is refused (what `replay` does),
and a whole game between bots (what `simulate` does). Pure, like the games themselves."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from controller.games.shape import ActionShape, Event, GameRules, GameStrategy, StateShape

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


def play_bots(
    game: GameRules[S, A, Any],
    strategy: GameStrategy[S, A, Any],
    state: S,
    rng: random.Random,
    policy: str,
    max_actions: int,
    observe: Callable[[tuple[Event, ...]], None] | None = None,
) -> tuple[S, int]:
    """Play on until the game ends (or ``max_actions``): random bots, or sensible ones each moving
    for a seat the game waits for. ``observe`` sees every action's events. Returns the final state
    and the number of actions."""
    memory = strategy.TableMemory()
    actions = 0
    while not state.over and actions < max_actions:
        if policy == "sensible":
            seat = rng.choice(game.awaiting(state))
            action = strategy.sensible_action(state, seat, rng, memory)
        else:
            action = game.next_bot_action(state, rng)
        assert action is not None, "a live game always waits for someone who can move"
        result = game.apply(state, action)
        assert isinstance(result, game.Accepted), (action, result)
        memory.observe(result.events)
        if observe is not None:
            observe(result.events)
        state = result.state
        actions += 1
    return state, actions
