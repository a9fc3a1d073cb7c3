"""Betrayal's replay file (the `game: "betrayal"` form of `jaccuse-table replay`), read and played.

Pure: it takes the parsed JSON object and gives the answer object. The file's own errors raise
``ReplayInputError`` (the command prints it and exits 2); an action the rules refuse is part of a
normal answer (``ok`` false). Actions are read one at a time as they are reached, so nothing after
a refused action is examined.
"""

from __future__ import annotations

import random
from typing import Any, Final

from controller.games import betrayal
from controller.games.betrayal.actions import Action, ActionFormatError
from controller.games.betrayal.deal import Deal, DealError, deal_cards
from controller.games.betrayal.seats import check_players
from controller.games.betrayal.state import GameState, new_game
from controller.games.betrayal.views import replay_summary
from controller.games.common import actions_of, is_int, read_actions, read_head
from controller.games.driver import replay_answer

SUPPORTED_VERSIONS: Final = (1,)


class ReplayInputError(ValueError):
    """The file is not a Betrayal game: bad players, deal, options, or a malformed action."""


def read_game(data: object) -> tuple[GameState, list[Any]]:
    """The starting state of the file's game and its actions, still in their raw form."""
    data = read_head(data, SUPPORTED_VERSIONS, "Betrayal", ReplayInputError)
    try:
        players = check_players(data["players"])
    except ValueError as exc:
        raise ReplayInputError(str(exc)) from None
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ReplayInputError("'options' must be an object such as {\"twos_defend\": false}")
    twos_defend = options.get("twos_defend", False)
    if not isinstance(twos_defend, bool):
        raise ReplayInputError("'options.twos_defend' must be true or false")
    seed = data.get("seed", 0)
    if not is_int(seed):
        raise ReplayInputError("'seed' must be an integer")
    try:
        if data.get("deal") is not None:
            deal = Deal.from_dict(players, data["deal"])
        else:
            deal = deal_cards(players, random.Random(seed))
    except DealError as exc:
        raise ReplayInputError(str(exc)) from None
    return new_game(deal, twos_defend=twos_defend), actions_of(data, ReplayInputError)


def run_replay(state: GameState, raw_actions: list[Any]) -> dict[str, Any]:
    """Read and apply actions in order until the end or the first refusal; the contract's answer."""
    actions = read_actions(raw_actions, lambda raw: Action.from_dict(raw, state.armies), ActionFormatError,
                           ReplayInputError)
    return replay_answer(betrayal, state, actions, replay_summary)


def replay(data: object) -> dict[str, Any]:
    """The whole answer for one parsed file."""
    state, actions = read_game(data)
    return run_replay(state, actions)
