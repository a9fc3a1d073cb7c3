"""Hasty Accusations' replay file (the `game: "hasty"` form of `jaccuse-table replay`), read and played.

Pure: it takes the parsed JSON object and gives the answer object. The file's own errors raise
``ReplayInputError`` (the command prints it and exits 2); an action the rules refuse is part of a
normal answer (``ok`` false). Actions are read one at a time as they are reached, so nothing after a
refused action is examined.
"""

from __future__ import annotations

import random
from typing import Any, Final

from controller.games import hasty
from controller.games.common import actions_of, is_int, read_actions, read_head
from controller.games.driver import replay_answer
from controller.games.hasty.actions import Action, ActionFormatError
from controller.games.hasty.cards import set_keys
from controller.games.hasty.deal import Deal, DealError, Options, check_players, deal_cards
from controller.games.hasty.state import GameState, new_game
from controller.games.hasty.views import replay_summary

SUPPORTED_VERSIONS: Final = (1,)


class ReplayInputError(ValueError):
    """The file is not a Hasty Accusations game: bad players, options, deal, or a malformed action."""


def read_game(data: object) -> tuple[GameState, list[Any]]:
    """The starting state of the file's game and its actions, still in their raw form."""
    data = read_head(data, SUPPORTED_VERSIONS, "Hasty Accusations", ReplayInputError)
    if "actions" not in data:
        raise ReplayInputError("missing 'actions'")
    try:
        players = check_players(data["players"])
        options = Options.read(players, data.get("options"))
        seed = data.get("seed", 0)
        if not is_int(seed):
            raise ReplayInputError("'seed' must be an integer")
        if data.get("deal") is not None:
            deal = Deal.from_dict(players, data["deal"], options.to_dict())
        else:
            deal = deal_cards(players, random.Random(seed), suspects=options.suspects,
                              traitor=options.traitor, speedy=options.speedy, big_hands=options.big_hands,
                              sets=options.sets, powers=options.powers)
    except (DealError, ValueError) as exc:
        if isinstance(exc, ReplayInputError):
            raise
        raise ReplayInputError(str(exc)) from None
    return new_game(deal), actions_of(data, ReplayInputError)


def run_replay(state: GameState, raw_actions: list[Any]) -> dict[str, Any]:
    """Read and apply actions in order until the end or the first refusal; the contract's answer."""
    known = set_keys(state.options.sets)
    actions = read_actions(raw_actions, lambda raw: Action.from_dict(raw, state.players, known=known),
                           ActionFormatError, ReplayInputError)
    return replay_answer(hasty, state, actions, replay_summary)


def replay(data: object) -> dict[str, Any]:
    """The whole answer for one parsed file."""
    state, actions = read_game(data)
    return run_replay(state, actions)
