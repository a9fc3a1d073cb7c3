"""Betrayal's replay file (the `game: "betrayal"` form of `jaccuse-table replay`): the shared frame
(``controller.games.replay_frame``) with Betrayal's options and its actions read for the file's armies."""

from __future__ import annotations

import random
from typing import Any

from controller.games import betrayal
from controller.games.betrayal.actions import Action
from controller.games.betrayal.state import GameState, new_game
from controller.games.replay_frame import file_deal


def start(players: int, data: dict[str, Any], rng: random.Random) -> GameState:
    """The file's game, with its ``options`` (only ``twos_defend``, B11)."""
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("'options' must be an object such as {\"twos_defend\": false}")
    twos_defend = options.get("twos_defend", False)
    if not isinstance(twos_defend, bool):
        raise ValueError("'options.twos_defend' must be true or false")
    return new_game(file_deal(betrayal, players, data, rng), twos_defend=twos_defend)


def read_action(state: GameState, raw: object) -> Action:
    """An action, whose ``army`` must be one of the game's."""
    return Action.from_dict(raw, state.armies)
