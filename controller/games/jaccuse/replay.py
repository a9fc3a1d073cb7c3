"""J'Accuse's replay file (the contract's versions 1 and 2): the shared frame
(``controller.games.replay_frame``) with J'Accuse's campaign.

``controller.replay`` picks this reader for a file without a ``game`` key (or with ``"jaccuse"``). Every
action is read before any is applied: a malformed one anywhere makes the file no game (exit 2). A
journaled campaign is written as a version 2 file (``record_campaign``).
"""

from __future__ import annotations

import random
from typing import Any, Final

from controller.games import jaccuse
from controller.games.jaccuse.deal import Deal, deal_next_generation
from controller.games.jaccuse.state import GameState, new_game
from controller.games.jaccuse.views import replay_campaign_summary, replay_summary
from controller.games.replay_frame import file_deal

SUPPORTED_VERSIONS: Final = (1, 2)
READ_AHEAD: Final = True


def start(players: int, data: dict[str, Any], rng: random.Random) -> GameState:
    """The file's game, or (version 2, with ``campaign``) the first game of its campaign."""
    deal = file_deal(jaccuse, players, data, rng)
    campaign = data.get("campaign") if data.get("version", 1) == 2 else None
    if campaign is None:
        return new_game(deal)
    generations, later = _campaign_deals(players, deal, campaign, rng)
    return new_game(deal, generations=generations, later_deals=later)


def _campaign_deals(
    players: int, first: Deal, campaign: object, rng: random.Random
) -> tuple[int, tuple[Deal, ...]]:
    """The campaign's length and the deals of generations 2..G (given, else seeded)."""
    if not isinstance(campaign, dict):
        raise ValueError("'campaign' must be an object with 'generations'")
    generations = campaign.get("generations")
    if isinstance(generations, bool) or not isinstance(generations, int):
        raise ValueError("'campaign.generations' must be an integer")
    if not (2 <= generations <= 8) or generations % 2:
        raise ValueError("'campaign.generations' must be an even number from 2 to 8")
    given = campaign.get("deals", [])
    if not isinstance(given, list) or len(given) > generations - 1:
        raise ValueError(f"'campaign.deals' must be a list of at most {generations - 1} deals")
    later = []
    for index in range(generations - 1):
        if index < len(given):
            raw = given[index]
            if not isinstance(raw, dict) or set(raw) - {"hands", "discard"}:
                raise ValueError(f"campaign deal {index}: give only 'hands' and 'discard'")
            later.append(Deal.from_dict(players, {**raw, "network": list(first.network)}))
        else:
            later.append(deal_next_generation(first, rng))
    return generations, tuple(later)


def summary(state: GameState) -> dict[str, Any]:
    """The contract's state keys, and a campaign's (version 2) after them."""
    out = replay_summary(state)
    if state.campaign is not None:
        out.update(replay_campaign_summary(state))
    return out


def record_campaign(campaign: dict[str, Any]) -> dict[str, Any]:
    """A journaled campaign (its length and the full deals of generations 2..G) as the version 2
    file's keys: each later deal gives its hands and discard, the network being the first deal's."""
    deals = [{"hands": deal["hands"], "discard": deal["discard"]} for deal in campaign["deals"]]
    return {"version": 2, "campaign": {"generations": campaign["generations"], "deals": deals}}
