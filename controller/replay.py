"""Replay a scripted game file through its game's rules: the `jaccuse-table replay` command's core.

A file's ``game`` key picks the game (none: the default game, as files always were read), and that
game's replay reader (``registry.replay_reader``) answers it. A malformed file is an
``InputError`` (exit 2); a refused action is part of a normal answer (exit 0, ``ok`` false).
"""

from __future__ import annotations

import json
from typing import Any

from controller.games.registry import DEFAULT_GAME, UnknownGame, check_game, replay_reader


class InputError(ValueError):
    """The replay file is not a game: bad JSON, missing keys, unknown cards or acts, a wrong deck."""


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not valid JSON: {exc}") from None


def game_of(data: object) -> str:
    """The game a parsed replay file is for: its ``game`` key, the default game without one."""
    if not isinstance(data, dict) or data.get("game") is None:
        return DEFAULT_GAME
    try:
        return check_game(data["game"])
    except UnknownGame as exc:
        raise InputError(str(exc)) from None


def replay_text(text: str) -> dict[str, Any]:
    """The answer to a replay file of any game."""
    data = _load(text)
    reader = replay_reader(game_of(data))
    try:
        return reader.replay(data)
    except reader.ReplayInputError as exc:
        raise InputError(str(exc)) from None
