"""A game's rules as the box drives them: the members its package defines, and for each optional one
it leaves out (``shape.OptionalRules``) the default every game shares.

The defaults: the deal is one number drawn from the table's RNG (``common.SeededDeal``); the replay
answer is the public view; the engine's outcome and its input errors are ``common``'s; a seat's view is its
``private_view`` framed with its ``legal_moves`` and the public view, and the view with every secret
shown is the public view with every seat's own view under ``reveal``; the random bot draws one of the
seat's ``legal_moves`` and lets the game's ``action_from_move`` pick among its choices, a table of
bots moves one of the awaited seats, and ``play_bot_game`` plays a whole game of them from the seed's
deal. A game whose bots must be fast (they play the balance reports) writes its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from controller.games import common, shape

S = TypeVar("S", bound=shape.StateShape)
A = TypeVar("A", bound=shape.ActionShape)
D = TypeVar("D", bound=shape.DealShape)

#: a random bot game ends long before this; it only guards the loop of ``play_bot_game``
MAX_BOT_ACTIONS = 10_000


def no_secrets(state: Any, seat: int) -> dict[str, Any]:
    """The ``private_view`` of a game whose seats hold nothing the table does not see."""
    return {}


class Rules(Generic[S, A, D]):
    """``package``'s rules with every member of ``shape.FullRules``, and the seats the game ``facts``
    says it takes (``MIN_PLAYERS``, ``MAX_PLAYERS``). A game must write ``action_from_move`` or its own
    ``bot_action`` (the bots, the shot clock and the simulated phones are built on one of them)."""

    Action: shape.ActionClass[A]
    Deal: shape.DealClass[D]
    Accepted: type[shape.AcceptedShape[S]]
    Refused: type[shape.RefusedShape]
    ActionFormatError: type[ValueError]
    DealError: type[ValueError]
    deal_cards: Callable[[int, random.Random], D]
    new_game: Callable[[D], S]
    apply: Callable[[S, A], shape.AcceptedShape[S] | shape.RefusedShape]
    legal_moves: Callable[[S, int], list[dict[str, Any]]]
    awaiting: Callable[[S], list[int]]
    public_view: Callable[[S], dict[str, Any]]
    replay_summary: Callable[[S], dict[str, Any]]
    private_view: Callable[[S, int], dict[str, Any]]
    open_view: Callable[[S], dict[str, Any]]
    action_from_move: Callable[[int, dict[str, Any], random.Random], A] | None
    bot_action: Callable[[S, int, random.Random], A | None]
    next_bot_action: Callable[[S, random.Random], A | None]
    play_bot_game: Callable[[int, int], shape.BotGameShape[S, D, A]]
    apply_own: Callable[[S, A, list[shape.Event] | None], None] | None

    def __init__(self, package: shape.GameRules[S, A, D], facts: shape.GameFacts) -> None:
        self.package = package
        # the seats the game takes, from its Game (the one place that says them)
        self.MIN_PLAYERS, self.MAX_PLAYERS = facts.min_players, facts.max_players
        # what only the game can say
        self.Action, self.new_game, self.apply = package.Action, package.new_game, package.apply
        self.legal_moves, self.awaiting = package.legal_moves, package.awaiting
        self.public_view, self._describe = package.public_view, package.describe_events
        # what it may say, else the default
        def own(name: str, default: Any) -> Any:
            return getattr(package, name, default)

        self.Deal = own("Deal", common.SeededDeal)
        self.deal_cards = own("deal_cards", common.SeededDeal.draw)
        self.replay_summary = own("replay_summary", self.public_view)
        self.Accepted = own("Accepted", common.Accepted)
        self.Refused = own("Refused", common.Refused)
        self.ActionFormatError = own("ActionFormatError", common.ActionFormatError)
        self.DealError = own("DealError", common.DealError)
        self.private_view = own("private_view", no_secrets)
        self._seat_view = own("seat_view", self.framed_seat_view)
        self.open_view = own("open_view", self.seats_open_view)
        self.action_from_move = own("action_from_move", None)
        if self.action_from_move is None and not hasattr(package, "bot_action"):
            raise TypeError(f"{getattr(package, '__name__', package)} has neither action_from_move nor"
                            " bot_action: its bots cannot move")
        self.bot_action = own("bot_action", self.random_move)
        self.next_bot_action = own("next_bot_action", self.random_awaited_move)
        self.play_bot_game = own("play_bot_game", self.random_bot_game)
        self.apply_own = own("apply_own", None)

    def describe_events(
        self, events: Sequence[shape.Event], names: Sequence[str | None] | None = None
    ) -> list[str]:
        return self._describe(events, names)

    def seat_view(self, state: S, seat: int, table: dict[str, Any] | None = None) -> dict[str, Any]:
        view: dict[str, Any] = self._seat_view(state, seat, table)
        return view

    def framed_seat_view(self, state: S, seat: int, table: dict[str, Any] | None = None) -> dict[str, Any]:
        """The default ``seat_view``: ``private_view`` in the frame every seat view has."""
        return common.seat_frame(state, seat, table, self.legal_moves, self.public_view, self.private_view)

    def seats_open_view(self, state: S) -> dict[str, Any]:
        """The default ``open_view``: the public view, and under ``reveal`` every seat's own view as the
        seat sees it (without its moves and its copy of the public view)."""
        view = self.public_view(state)
        seats = []
        for seat in range(state.players):
            own = self.seat_view(state, seat, view)
            seats.append({k: v for k, v in own.items() if k not in ("table", "moves", "acts")})
        reveal = view.get("reveal")
        return {**view, "reveal": {**(reveal if isinstance(reveal, dict) else {}), "seats": seats}}

    def random_move(self, state: S, seat: int, rng: random.Random) -> A | None:
        """The default ``bot_action``: a random one of the seat's moves, its choices made at random."""
        moves = self.legal_moves(state, seat)
        if not moves or self.action_from_move is None:
            return None
        return self.action_from_move(seat, rng.choice(moves), rng)

    def random_awaited_move(self, state: S, rng: random.Random) -> A | None:
        """The default ``next_bot_action``: ``bot_action`` for a random one of the awaited seats."""
        seats = self.awaiting(state)
        return self.bot_action(state, rng.choice(seats), rng) if seats else None

    def random_bot_game(self, players: int, seed: int) -> shape.BotGameShape[S, D, A]:
        """The default ``play_bot_game``: random bots from the seed's deal to the end."""
        rng = random.Random(seed)
        deal = self.deal_cards(players, rng)
        return common.play_out(deal, self.new_game(deal), self.next_bot_action, rng, self.apply,
                               MAX_BOT_ACTIONS, self.Refused)

    def winners(self, state: S) -> list[int]:
        """The seats that won, when the state says (its ``winners``); none otherwise."""
        return list(getattr(state, "winners", ()))
