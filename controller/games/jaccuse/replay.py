"""J'Accuse's replay file (the contract's versions 1 and 2): a deal or a seed, then actions.

``controller.replay`` picks this reader for a file without a ``game`` key (or with ``"jaccuse"``). A
malformed file is a ``ReplayInputError`` (the command exits 2); a refused action is part of a normal
answer (``ok`` false).
"""

from __future__ import annotations

import json
import random
from typing import Any

from controller.games.driver import apply_until_refused
from controller.games.jaccuse import (
    Action,
    ActionFormatError,
    Deal,
    DealError,
    GameState,
    check_players,
    deal_cards,
    deal_next_generation,
    new_game,
    replay_campaign_summary,
    replay_summary,
)
from controller.games.registry import rules

SUPPORTED_VERSIONS = (1, 2)


class InputError(ValueError):
    """The replay file is not a game: bad JSON, missing keys, unknown cards or acts, a wrong deck."""


#: the name every game's replay reader gives its input error (``shape.ReplayReader``)
ReplayInputError = InputError


def parse_game(text: str) -> tuple[GameState, list[Action]]:
    """Read a J'Accuse replay file into its starting state and its list of actions."""
    try:
        return _parse(json.loads(text))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not valid JSON: {exc}") from None


def _parse(data: object) -> tuple[GameState, list[Action]]:
    if not isinstance(data, dict):
        raise InputError("the file must hold one JSON object")
    version = data.get("version", 1)
    if version not in SUPPORTED_VERSIONS or isinstance(version, bool):
        raise InputError(f"unsupported version {version!r}; this program reads versions 1 and 2")
    if "players" not in data:
        raise InputError("missing 'players'")
    if "actions" not in data:
        raise InputError("missing 'actions'")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("'seed' must be an integer")
    rng = random.Random(seed)
    campaign = data.get("campaign") if version == 2 else None
    try:
        players = check_players(data["players"])
        if data.get("deal") is not None:
            deal = Deal.from_dict(players, data["deal"])
        else:
            deal = deal_cards(players, rng)
        if campaign is None:
            state = new_game(deal)
        else:
            generations, later = _campaign_deals(players, deal, campaign, rng)
            state = new_game(deal, generations=generations, later_deals=later)
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
    return state, actions


def _campaign_deals(
    players: int, first: Deal, campaign: object, rng: random.Random
) -> tuple[int, tuple[Deal, ...]]:
    """The campaign's length and the deals of generations 2..G (given, else seeded)."""
    if not isinstance(campaign, dict):
        raise InputError("'campaign' must be an object with 'generations'")
    generations = campaign.get("generations")
    if isinstance(generations, bool) or not isinstance(generations, int):
        raise InputError("'campaign.generations' must be an integer")
    if not (2 <= generations <= 8) or generations % 2:
        raise InputError("'campaign.generations' must be an even number from 2 to 8")
    given = campaign.get("deals", [])
    if not isinstance(given, list) or len(given) > generations - 1:
        raise InputError(f"'campaign.deals' must be a list of at most {generations - 1} deals")
    later = []
    for index in range(generations - 1):
        if index < len(given):
            raw = given[index]
            if not isinstance(raw, dict) or set(raw) - {"hands", "discard"}:
                raise InputError(f"campaign deal {index}: give only 'hands' and 'discard'")
            later.append(Deal.from_dict(players, {**raw, "network": list(first.network)}))
        else:
            later.append(deal_next_generation(first, rng))
    return generations, tuple(later)


def run_replay(state: GameState, actions: list[Action]) -> dict[str, Any]:
    """Apply actions until the end or the first refusal; the contract's output object."""
    state, applied, error = apply_until_refused(rules("jaccuse"), state, actions)
    out = {"ok": error is None, "error": error, "applied": applied, **replay_summary(state)}
    if state.campaign is not None:
        out.update(replay_campaign_summary(state))
    return out


def replay(data: object) -> dict[str, Any]:
    """The answer to a parsed J'Accuse replay file."""
    state, actions = _parse(data)
    return run_replay(state, actions)


