"""Hasty Accusations' replay file (the `game: "hasty"` form of `jaccuse-table replay`), read and played.

Pure: it takes the parsed JSON object and gives the answer object. The file's own errors raise
``ReplayInputError`` (the command prints it and exits 2); an action the rules refuse is part of a
normal answer (``ok`` false). Actions are read one at a time as they are reached, so nothing after a
refused action is examined.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

from controller.games import hasty
from controller.games.driver import apply_until_refused
from controller.games.hasty.actions import Action, ActionFormatError
from controller.games.hasty.deal import Deal, DealError, Options, check_players, deal_cards
from controller.games.hasty.state import GameState, new_game
from controller.games.hasty.views import replay_summary

SUPPORTED_VERSIONS: Final = (1,)


class ReplayInputError(ValueError):
    """The file is not a Hasty Accusations game: bad players, options, deal, or a malformed action."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_game(data: object) -> tuple[GameState, list[Any]]:
    """The starting state of the file's game and its actions, still in their raw form."""
    if not isinstance(data, dict):
        raise ReplayInputError("the file must hold one JSON object")
    version = data.get("version", 1)
    if not _is_int(version) or version not in SUPPORTED_VERSIONS:
        raise ReplayInputError(f"unsupported version {version!r}; Hasty Accusations files are version 1")
    if "players" not in data:
        raise ReplayInputError("missing 'players'")
    if "actions" not in data:
        raise ReplayInputError("missing 'actions'")
    try:
        players = check_players(data["players"])
        options = Options.read(players, data.get("options"))
        seed = data.get("seed", 0)
        if not _is_int(seed):
            raise ReplayInputError("'seed' must be an integer")
        if data.get("deal") is not None:
            deal = Deal.from_dict(players, data["deal"], options.to_dict())
        else:
            deal = deal_cards(players, random.Random(seed), suspects=options.suspects,
                              traitor=options.traitor, speedy=options.speedy, big_hands=options.big_hands)
    except (DealError, ValueError) as exc:
        if isinstance(exc, ReplayInputError):
            raise
        raise ReplayInputError(str(exc)) from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ReplayInputError("'actions' must be a list")
    return new_game(deal), actions


def _read_actions(raw_actions: list[Any], players: int) -> Iterator[Action]:
    """Each action parsed only when it is reached, so nothing after a refusal is examined."""
    for index, raw in enumerate(raw_actions):
        try:
            yield Action.from_dict(raw, players)
        except ActionFormatError as exc:
            raise ReplayInputError(f"action {index}: {exc}") from None


def run_replay(state: GameState, raw_actions: list[Any]) -> dict[str, Any]:
    """Read and apply actions in order until the end or the first refusal; the contract's answer."""
    end, applied, error = apply_until_refused(hasty, state, _read_actions(raw_actions, state.players))
    return {"ok": error is None, "error": error, "applied": applied, **replay_summary(end)}


def replay(data: object) -> dict[str, Any]:
    """The whole answer for one parsed file."""
    state, actions = read_game(data)
    return run_replay(state, actions)
