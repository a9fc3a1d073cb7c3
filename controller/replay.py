"""Replay a scripted game file through the rules engine (the replay contract, version 1).

Kept apart from the command so tests and the table can reuse the parsing: a malformed file is an
``InputError`` (exit 2), a refused action is part of a normal answer (exit 0, ``ok`` false).
"""

from __future__ import annotations

import json
import random
from typing import Any

from controller.rules import (
    Accepted,
    Action,
    ActionFormatError,
    Deal,
    DealError,
    GameState,
    apply,
    check_players,
    deal_cards,
    new_game,
    replay_summary,
)

SUPPORTED_VERSIONS = (1,)


class InputError(ValueError):
    """The replay file is not a game: bad JSON, missing keys, unknown cards or acts, a wrong deck."""


def parse_game(text: str) -> tuple[GameState, list[Action]]:
    """Read a replay file into its starting state and its list of actions."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InputError("the file must hold one JSON object")
    version = data.get("version", 1)
    if version not in SUPPORTED_VERSIONS or isinstance(version, bool):
        raise InputError(f"unsupported version {version!r}; this program reads version 1")
    if "players" not in data:
        raise InputError("missing 'players'")
    if "actions" not in data:
        raise InputError("missing 'actions'")
    try:
        players = check_players(data["players"])
        if data.get("deal") is not None:
            deal = Deal.from_dict(players, data["deal"])
        else:
            seed = data.get("seed", 0)
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise InputError("'seed' must be an integer")
            deal = deal_cards(players, random.Random(seed))
    except DealError as exc:
        raise InputError(str(exc)) from None
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise InputError("'actions' must be a list")
    actions = []
    for index, raw in enumerate(raw_actions):
        try:
            actions.append(Action.from_dict(raw))
        except ActionFormatError as exc:
            raise InputError(f"action {index}: {exc}") from None
    return new_game(deal), actions


def run_replay(state: GameState, actions: list[Action]) -> dict[str, Any]:
    """Apply actions until the end or the first refusal; the contract's output object."""
    error: dict[str, Any] | None = None
    applied = 0
    for index, action in enumerate(actions):
        result = apply(state, action)
        if not isinstance(result, Accepted):
            error = {"index": index, "code": result.code, "message": result.message}
            break
        state = result.state
        applied += 1
    return {"ok": error is None, "error": error, "applied": applied, **replay_summary(state)}


def replay_text(text: str) -> dict[str, Any]:
    state, actions = parse_game(text)
    return run_replay(state, actions)
