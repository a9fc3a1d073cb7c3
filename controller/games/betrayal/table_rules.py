"""Betrayal at the table: its own members of ``shape.TableRules`` (the shared defaults serve for the
rest: its deal, its journal, its log).

The rules think in armies, the table in seats (B1: at two players each seat plays two armies). A
phone's action names its ``army``, which must be one of its seat's; a seat with one army may leave it
out. A pad press ends the seat's turn after a winning accusation (the ``end`` act) and is refused at
any other moment. The shot clock plays a random legal move for every army it waits for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from controller.games.betrayal.actions import Action, ActionFormatError
from controller.games.betrayal.bot import army_action
from controller.games.betrayal.describe import describe_event
from controller.games.betrayal.engine import Refused
from controller.games.betrayal.moves import awaiting_armies
from controller.games.betrayal.said import msg
from controller.games.betrayal.seats import armies_of, army_count
from controller.games.betrayal.seats import seat_of as _seat_of
from controller.games.betrayal.state import GameState
from controller.games.common import dark_pads, lines_about, name_at
from controller.games.shape import SeatRefused
from controller.i18n import Said

NO_PRESS: Final = Refused(
    "nothing_to_end", "a press on your pad ends your turn after a won accusation; there is nothing to end now"
)
#: act -> (what the log says the clock did, what the forced seat's feed says)
_FORCED: Final[dict[str, tuple[Callable[[Said], Said], Said]]] = {
    "army": (
        lambda who: msg("Out of time for {who}: a random army chosen (forced).", who=who),
        msg("Time ran out: a random army was chosen for you."),
    ),
    "accuse": (
        lambda who: msg("Out of time for {who}: a random accusation (forced).", who=who),
        msg("Time ran out: a random accusation was made for you."),
    ),
    "hide": (
        lambda who: msg("Out of time for {who}: the card hidden at random (forced).", who=who),
        msg("Time ran out: your card was hidden at a random place."),
    ),
    "end": (
        lambda who: msg("Out of time for {who}: turn ended (forced).", who=who),
        msg("Time ran out: your turn was ended."),
    ),
    "peek": (
        lambda who: msg("Out of time for {who}: two random cards looked at (forced).", who=who),
        msg("Time ran out: two random cards were looked at for you."),
    ),
}

def parse_action(players: int, seat: int, data: object) -> Action:
    """The replay form of an action, whose ``army`` must be one of the seat's (optional with one)."""
    if not isinstance(data, dict):
        raise ActionFormatError("an action must be a JSON object")
    mine = armies_of(players, seat)
    army = data.get("army")
    if army is None:
        if len(mine) != 1:
            raise ActionFormatError(
                f"this seat plays armies {mine[0]} and {mine[1]}: say which one acts with 'army'"
            )
        army = mine[0]
    elif isinstance(army, int) and not isinstance(army, bool) and army not in mine:
        which = " and ".join(str(a) for a in mine)
        raise SeatRefused("not_your_army", f"army {army} is not yours: this seat plays army {which}")
    return Action.from_dict({**data, "army": army}, armies=army_count(players))


def seat_of(state: GameState, action: Action) -> int:
    return _seat_of(state.players, action.army)


def pad_action(state: GameState, seat: int, button: str) -> Action | Refused:
    """Either button: ``end`` for the seat's army that has just won an accusation."""
    turn = state.turn
    if state.phase == "after_win" and turn is not None and _seat_of(state.players, turn) == seat:
        return Action(turn, "end")
    return NO_PRESS


def forced_actions(state: GameState, rng: random.Random) -> list[Action]:
    """A random legal move for every army the game waits for (setup choices never depend on each other;
    at any other moment one army is awaited)."""
    if state.over:
        return []
    out = []
    for army in awaiting_armies(state):
        action = army_action(state, army, rng)
        if action is not None:
            out.append(action)
    return out


def _who(army: int, players: int, names: Sequence[str | None]) -> Said:
    name = name_at(names, _seat_of(players, army))
    return msg("army {a} ({name})", a=army, name=name) if name else msg("army {a}", a=army)


def forced_lines(action: Action, seat: int, names: Sequence[str | None]) -> tuple[str, str]:
    players = max(len(names), seat + 1)
    who = _who(action.army, players, names)
    forced = _FORCED.get(action.act)
    if forced is None:  # no act of the game's is missing: a plain line rather than none
        return f"Out of time for {who}: {action.act} (forced).", f"Time ran out: {action.act}."
    log, feed = forced
    return log(who), feed


def _concerns(event: dict[str, Any], mine: tuple[int, ...]) -> bool:
    if event.get("type") in ("over", "joker_died", "armies_set"):
        return True
    if event.get("army") in mine:
        return True
    target = event.get("target")
    return isinstance(target, list) and bool(target) and target[0] in mine


def seat_feed(events: Sequence[dict[str, Any]], seat: int, names: Sequence[str | None]) -> list[str]:
    """The log's lines about the seat's own armies (and the moments everyone must see)."""
    mine = armies_of(len(names), seat) if names else (seat,)
    return lines_about(events, lambda event: _concerns(event, mine), describe_event)


def pad_lights(public_view: dict[str, Any], players: int) -> dict[int, str]:
    """The seat whose turn it is shows steady; after its won accusation it blinks (a press ends the
    turn)."""
    lights = dark_pads(players)
    turn = public_view.get("turn")
    if public_view.get("over") or not isinstance(turn, int):
        return lights
    seat = _seat_of(players, turn)
    if seat in lights:
        lights[seat] = "wait" if public_view.get("phase") == "after_win" else "on"
    return lights
