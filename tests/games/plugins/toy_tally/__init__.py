"""Toy Tally, a throwaway game of the test suite: seats take turns adding 1 or 2 to a tally, and who
brings it to TARGET wins. It writes only what only it can say (``shape.GameRules`` and
``action_from_move``): its deal, bots, table adapter, replay reader and balance report are defaults."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from controller.games.common import Accepted, ActionFormatError, Refused, SeededDeal

TARGET = 5


@dataclass(frozen=True)
class Action:
    seat: int
    act: str = "add"
    amount: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": self.act, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: object) -> Action:
        if not isinstance(data, dict) or data.get("act") != "add":
            raise ActionFormatError("the only act is add")
        if not isinstance(data.get("seat"), int) or data.get("amount", 1) not in (1, 2):
            raise ActionFormatError("add takes a seat and an amount of 1 or 2")
        return cls(data["seat"], "add", data.get("amount", 1))


@dataclass(frozen=True)
class GameState:
    players: int
    turn: int
    total: int = 0
    version: int = 0
    winners: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"


def new_game(deal: SeededDeal) -> GameState:
    return GameState(deal.players, random.Random(deal.seed).randrange(deal.players))


def apply(state: GameState, action: Action) -> Accepted[GameState] | Refused:
    if state.over:
        return Refused("game_over", "the game is over")
    if action.seat != state.turn:
        return Refused("not_your_turn", f"seat {state.turn} adds now")
    total = state.total + action.amount
    after = replace(state, turn=(state.turn + 1) % state.players, total=total, version=state.version + 1,
                    winners=(action.seat,) if total >= TARGET else ())
    return Accepted(after, ({"type": "added", "seat": action.seat, "amount": action.amount, "total": total},))


def legal_moves(state: GameState, seat: int) -> list[dict[str, Any]]:
    return [{"act": "add", "amounts": [1, 2]}] if not state.over and seat == state.turn else []


def awaiting(state: GameState) -> list[int]:
    return [] if state.over else [state.turn]


def public_view(state: GameState) -> dict[str, Any]:
    return {"version": state.version, "phase": state.phase, "over": state.over,
            "awaiting": awaiting(state), "total": state.total, "target": TARGET, "turn": state.turn,
            "reveal": {"winner": state.winners[0]} if state.over else None}


def describe_events(events: Sequence[dict[str, Any]], names: Sequence[str | None] | None = None) -> list[str]:
    return [f"seat {e['seat']} adds {e['amount']}: {e['total']}" for e in events]


def action_from_move(seat: int, move: dict[str, Any], rng: random.Random) -> Action:
    return Action(seat, "add", rng.choice(move["amounts"]))
