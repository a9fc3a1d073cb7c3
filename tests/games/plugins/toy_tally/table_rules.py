"""Toy Tally at the table: no pads' acts, no options, forced moves add 1."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toy_tally import Action, Deal, GameState, check_players, deal_cards, describe_events, new_game

GAME = "toy"
PAD_ACTS: tuple[str, ...] = ()
COALESCED_ACT = None


def deal(players: int, options: dict[str, Any], rng: random.Random) -> tuple[GameState, dict[str, Any], None]:
    dealt = deal_cards(players, rng)
    return new_game(dealt), dealt.to_dict(), None


def rebuild(players: int, data: object, campaign: dict[str, Any] | None) -> GameState:
    return new_game(Deal.from_dict(players, data))


def options_of(state: GameState) -> dict[str, Any]:
    return {}


def parse_action(players: int, seat: int, data: object) -> Action:
    return Action.from_dict(data, seat=seat)


def seat_of(state: GameState, action: Action) -> int:
    return action.seat


def pad_action(state: GameState, seat: int, button: str) -> Action:
    return Action(seat)


def forced_actions(state: GameState, rng: random.Random) -> list[Action]:
    return [] if state.over else [Action(state.turn)]


def forced_lines(action: Action, seat: int, names: Sequence[str | None]) -> tuple[str, str]:
    return f"seat {seat} ran out of time and adds 1", "you ran out of time"


def log_lines(events: Sequence[dict[str, Any]], names: Sequence[str | None]) -> list[str]:
    return describe_events(events)


def seat_feed(events: Sequence[dict[str, Any]], seat: int, names: Sequence[str | None]) -> list[str]:
    return describe_events(events)


def pad_lights(public_view: dict[str, Any], players: int) -> dict[int, str]:
    return {seat: "wait" if seat in public_view.get("awaiting", []) else "off" for seat in range(players)}


__all__ = ["COALESCED_ACT", "GAME", "PAD_ACTS", "check_players", "deal", "forced_actions", "forced_lines",
           "log_lines", "options_of", "pad_action", "pad_lights", "parse_action", "rebuild", "seat_feed",
           "seat_of"]
