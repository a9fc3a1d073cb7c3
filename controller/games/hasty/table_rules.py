"""Hasty Accusations at the table: its own members of ``shape.TableRules`` (the shared defaults serve
for the rest: its journal, its log).

Seats are the rules' own seats, so a phone's action is the replay form with the token's seat. A pad
press ends the active seat's turn (a phone may end it too); at any other moment it is refused. The
shot clock ends a turn that runs out of time and makes a random choice for a seat that does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from controller.games.common import dark_pads, lines_about
from controller.games.hasty.actions import Action
from controller.games.hasty.bot import choice_action
from controller.games.hasty.deal import OPTION_KEYS, deal_cards, suspect_range
from controller.games.hasty.describe import describe_event
from controller.games.hasty.engine import Refused
from controller.games.hasty.feed import private_line
from controller.games.hasty.said import msg
from controller.games.hasty.said import who as seat_words
from controller.games.hasty.state import GameState, new_game

NO_PRESS: Final = Refused("nothing_to_end",
                         "A press on your pad ends your turn; it is not your turn to end now.")
#: events every seat's feed shows, whoever they are about
_EVERYONE: Final = frozenset({"review", "evaluating", "died", "eliminated", "over", "stalled", "revived",
                              "tucked", "skipped"})

def deal(
    players: int, options: dict[str, Any], rng: random.Random
) -> tuple[GameState, dict[str, Any], dict[str, Any] | None]:
    """A shuffled deal with the table's variants (``suspects``, ``traitor``, ``speedy``,
    ``big_hands``); the journal's deal carries them. Hasty Accusations has no campaign record."""
    chosen = {k: options[k] for k in OPTION_KEYS if options.get(k) is not None}
    dealt = deal_cards(players, rng, **chosen)
    return new_game(dealt), dealt.to_dict(), None


def options_of(state: GameState) -> dict[str, Any]:
    """The same variants again, and the same number of suspects when the table chose one (the least
    for its seats is left out, so a deal for another number of seats takes its own least)."""
    options = state.options.to_dict()
    if options["suspects"] == suspect_range(state.players)[0]:
        del options["suspects"]
    return options


def parse_action(players: int, seat: int, data: object) -> Action:
    return Action.from_dict(data, players, seat=seat)


def pad_action(state: GameState, seat: int, button: str) -> Action | Refused:
    """Either button ends the seat's turn when it is its turn to play (not while a choice waits)."""
    if state.phase == "play" and state.turn == seat and state.pending is None:
        return Action(seat, "end")
    return NO_PRESS


def forced_actions(state: GameState, rng: random.Random) -> list[Action]:
    """Out of time: a turn is ended, a choice made at random."""
    seat = state.waiting
    if state.over or seat is None:
        return []
    if state.pending is not None:
        return [choice_action(state, seat, rng)]
    return [Action(seat, "end")]


def forced_lines(action: Action, seat: int, names: Sequence[str | None]) -> tuple[str, str]:
    if action.act == "end":
        return (msg("Out of time for {who}: turn ended (forced).", who=seat_words(seat, names)),
                msg("Time ran out: your turn was ended."))
    return (msg("Out of time for {who}: a random choice was made (forced).", who=seat_words(seat, names)),
            msg("Time ran out: a random choice was made for you."))


def _concerns(event: dict[str, Any], seat: int) -> bool:
    return (event.get("type") in _EVERYONE or event.get("seat") == seat or event.get("ask") == seat
            or event.get("hand") == seat or (event.get("from") == seat and event.get("type") == "stolen")
            or event.get("with") == seat or event.get("of") == seat)


def seat_feed(events: Sequence[dict[str, Any]], seat: int, names: Sequence[str | None]) -> list[str]:
    """The log's lines about the seat (its plays, its choices, who looked at its hand or took its
    cards, what it was asked) and the moments everyone must see (reviews, deaths, the end), each
    followed by what only this seat may learn of it (``feed.private_line``: the cards it took or
    lost, what its Tangled Up or Private Investigator showed it)."""
    lines: list[str] = []
    for event in events:
        lines += lines_about([event], lambda e: _concerns(e, seat), lambda e: describe_event(e, names))
        private = private_line(event, seat, names)
        if private:
            lines.append(private)
    return lines


def pad_lights(public_view: dict[str, Any], players: int) -> dict[int, str]:
    """The active seat's pad blinks while a press would end its turn; a seat making a choice shows
    steady."""
    lights = dark_pads(players)
    waiting = public_view.get("waiting")
    if public_view.get("over") or not isinstance(waiting, int) or waiting not in lights:
        return lights
    lights[waiting] = "wait" if public_view.get("phase") == "play" else "on"
    return lights
