"""J'Accuse at the table: its own members of ``shape.TableRules`` (the shared defaults serve for the
rest: a phone's action is the replay form with the token's seat, the log is ``describe_events``).

The pads press reveal and abstain (votes), and a vote changed quickly is coalesced by the table; a
campaign is dealt whole and journaled with the first deal. Kept out of the compiled build (setup.py's
NOT_COMPILED): it runs once per action, not in the bots' loops.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from controller.games.common import dark_pads
from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.deal import Deal, deal_cards, deal_next_generation
from controller.games.jaccuse.feed import seat_feed as seat_feed
from controller.games.jaccuse.state import GameState, new_game
from controller.games.jaccuse.timeout import describe_forced, forced_feed_line, timeout_actions

#: with pads, reveal and abstain are pressed on the seat's pad (R-rules: the vote is the pad's)
PAD_ACTS: Final = ("reveal", "abstain")
COALESCED_ACT: Final = "vote"
#: out of time: the clock's moves (``timeout.py``)
forced_actions: Final = timeout_actions

def deal(
    players: int, options: dict[str, Any], rng: random.Random
) -> tuple[GameState, dict[str, Any], dict[str, Any] | None]:
    """Shuffle and deal a new game, or with ``options["campaign"]`` generations a whole campaign.

    Every deal comes from ``rng`` in turn, the way a version 2 replay script without given deals is
    dealt, so a seeded campaign here and there is the same campaign. Later deals keep the first deal's
    network. Returns the state, the first deal and the journal's campaign record (None for one game).
    """
    generations = int(options.get("campaign") or 0)
    first = deal_cards(players, rng)
    if not generations:
        return new_game(first), first.to_dict(), None
    later = [deal_next_generation(first, rng) for _ in range(generations - 1)]
    state = new_game(first, generations=generations, later_deals=tuple(later))
    return state, first.to_dict(), {"generations": generations, "deals": [d.to_dict() for d in later]}


def rebuild(players: int, data: object, campaign: dict[str, Any] | None) -> GameState:
    """The state right after a journaled deal (and, for a campaign, its later deals)."""
    first = Deal.from_dict(players, data)
    if campaign is None:
        return new_game(first)
    later = []
    for raw in campaign["deals"]:
        if not isinstance(raw, dict):
            raise ValueError("a campaign deal is not an object")
        later.append(Deal.from_dict(players, {**raw, "network": list(first.network)}))
    return new_game(first, generations=int(campaign["generations"]), later_deals=tuple(later))


def options_of(state: GameState) -> dict[str, Any]:
    """A campaign is followed by a campaign of the same length (the journal's, not the flag's)."""
    return {"campaign": state.campaign.generations if state.campaign is not None else 0}


def pad_action(state: GameState, seat: int, button: str) -> Action:
    """A pad's button is the vote of the same name; the rules refuse it when no vote is open."""
    return Action(seat=seat, act=button)


def forced_lines(action: Action, seat: int, names: Sequence[str | None]) -> tuple[str, str]:
    return describe_forced(action, names), forced_feed_line(action)


def pad_lights(public_view: dict[str, Any], players: int) -> dict[int, str]:
    """Only an election round lights pads: blinking while a seat is awaited, steady once it pressed."""
    lights = dark_pads(players)
    if public_view.get("phase") != "election" or public_view.get("over"):
        return lights
    for seat in public_view.get("awaiting") or []:
        if seat in lights:
            lights[seat] = "wait"
    for seat in public_view.get("pressed") or []:
        if seat in lights:
            lights[seat] = "on"
    return lights
