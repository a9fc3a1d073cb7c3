"""Toy Tally: a throwaway game that lives in the test suite only, to prove a game is one package.

Two to four seats take turns adding 1 or 2 to a shared tally; whoever brings it to TARGET wins. It has
every member of ``controller.games.shape.GameRules`` and nothing more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

MIN_PLAYERS, MAX_PLAYERS = 2, 4
TARGET = 5
Event = dict[str, Any]


class ActionFormatError(ValueError):
    """Not an action of this game."""


class DealError(ValueError):
    """A seat count the game does not take."""


@dataclass(frozen=True)
class Action:
    seat: int
    act: str = "add"
    amount: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": self.act, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: object, seat: int | None = None) -> Action:
        if not isinstance(data, dict) or data.get("act") != "add":
            raise ActionFormatError("the only act is add")
        who = data.get("seat", seat)
        amount = data.get("amount", 1)
        if not isinstance(who, int) or amount not in (1, 2):
            raise ActionFormatError("add takes a seat and an amount of 1 or 2")
        return cls(who, "add", amount)


@dataclass(frozen=True)
class Deal:
    players: int
    first: int

    def to_dict(self) -> dict[str, Any]:
        return {"first": self.first}

    @classmethod
    def from_dict(cls, players: int, data: object) -> Deal:
        if not isinstance(data, dict) or not isinstance(data.get("first"), int):
            raise DealError("a deal names the first seat")
        return cls(players, data["first"])


@dataclass(frozen=True)
class GameState:
    players: int
    turn: int
    total: int = 0
    version: int = 0
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"


@dataclass(frozen=True)
class Accepted:
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Refused:
    code: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class BotGame:
    deal: Deal
    actions: tuple[Action, ...]
    final: GameState


def check_players(players: object) -> int:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DealError(f"Toy Tally takes {MIN_PLAYERS}-{MAX_PLAYERS} players")
    return players


def deal_cards(players: int, rng: random.Random) -> Deal:
    return Deal(check_players(players), rng.randrange(players))


def new_game(deal: Deal) -> GameState:
    return GameState(deal.players, deal.first)


def apply(state: GameState, action: Action) -> Accepted | Refused:
    if state.over:
        return Refused("game_over", "the game is over")
    if action.seat != state.turn:
        return Refused("not_your_turn", f"seat {state.turn} adds now")
    total = state.total + action.amount
    winner = action.seat if total >= TARGET else None
    after = replace(state, turn=(state.turn + 1) % state.players, total=total, version=state.version + 1,
                    winner=winner)
    return Accepted(after, ({"type": "added", "seat": action.seat, "amount": action.amount, "total": total},))


def legal_moves(state: GameState, seat: int) -> list[dict[str, Any]]:
    return [{"act": "add", "amounts": [1, 2]}] if not state.over and seat == state.turn else []


def awaiting(state: GameState) -> list[int]:
    return [] if state.over else [state.turn]


def public_view(state: GameState) -> dict[str, Any]:
    return {"version": state.version, "phase": state.phase, "over": state.over, "awaiting": awaiting(state),
            "total": state.total, "target": TARGET, "turn": state.turn,
            "reveal": {"winner": state.winner} if state.over else None}


def seat_view(state: GameState, seat: int, table: dict[str, Any] | None = None) -> dict[str, Any]:
    if not 0 <= seat < state.players:
        raise ValueError("no such seat")
    return {"seat": seat, "moves": legal_moves(state, seat), "table": table or public_view(state)}


def describe_events(events: Sequence[Event], names: Sequence[str | None] | None = None) -> list[str]:
    return [f"seat {e['seat']} adds {e['amount']}: {e['total']}" for e in events]


def bot_action(state: GameState, seat: int, rng: random.Random) -> Action | None:
    return Action(seat, "add", rng.choice((1, 2))) if legal_moves(state, seat) else None


def next_bot_action(state: GameState, rng: random.Random) -> Action | None:
    return None if state.over else bot_action(state, state.turn, rng)


def play_bot_game(players: int, seed: int) -> BotGame:
    rng = random.Random(seed)
    deal = deal_cards(players, rng)
    state, actions = new_game(deal), []
    while (action := next_bot_action(state, rng)) is not None:
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state, actions = result.state, [*actions, action]
    return BotGame(deal, tuple(actions), state)


def replay_summary(state: GameState) -> dict[str, Any]:
    return {"total": state.total, "winner": state.winner, "over": state.over}
