"""A game at the table (``shape.TableRules``): the members its ``table_rules`` module defines, and for
each one it leaves out the default every game shares.

The defaults suit a game played on the phones, one seat's move at a time: no pad acts and no
coalesced act, a deal with no options and no campaign, a phone's action read as the journal's form
with the token's seat, a pad press refused, the shot clock playing the random bot's move for every
seat it waits for, the log told by ``describe_events`` and every seat's feed the room's log, a steady
light for each seat the game waits for. The game's name and its seats come from its ``Game``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from controller.games.common import Refused, seats_problem, who
from controller.games.rules import Rules
from controller.games.shape import AcceptedShape, Event, GameFacts

#: the answer to a pad press in a game that takes none
NO_PAD_PRESS = Refused("no_pad_press", "This game is played on the phones: a pad press does nothing.")


class TableAdapter:
    """The whole ``shape.TableRules`` of the game ``facts`` name, from its rules and its own
    ``table_rules`` module (None: it has none)."""

    deal: Callable[[int, dict[str, Any], random.Random], tuple[Any, dict[str, Any], dict[str, Any] | None]]
    rebuild: Callable[[int, object, dict[str, Any] | None], Any]
    options_of: Callable[[Any], dict[str, Any]]
    parse_action: Callable[[int, int, object], Any]
    seat_of: Callable[[Any, Any], int]
    pad_action: Callable[[Any, int, str], Any]
    forced_actions: Callable[[Any, random.Random], list[Any]]
    forced_lines: Callable[[Any, int, Sequence[str | None]], tuple[str, str]]
    log_lines: Callable[[Sequence[Event], Sequence[str | None]], list[str]]
    seat_feed: Callable[[Sequence[Event], int, Sequence[str | None]], list[str]]
    pad_lights: Callable[[dict[str, Any], int], dict[int, str]]

    def __init__(self, facts: GameFacts, rules: Rules[Any, Any, Any], own: object | None = None) -> None:
        self.GAME = facts.name
        self._facts, self._rules = facts, rules

        def pick(member: str, default: Any) -> Any:
            return getattr(own, member, default)

        self.PAD_ACTS: tuple[str, ...] = pick("PAD_ACTS", ())
        self.COALESCED_ACT: str | None = pick("COALESCED_ACT", None)
        self.deal = pick("deal", self._deal)
        self.rebuild = pick("rebuild", self._rebuild)
        self.options_of = pick("options_of", self._options_of)
        self.parse_action = pick("parse_action", self._parse_action)
        self.seat_of = pick("seat_of", self._seat_of)
        self.pad_action = pick("pad_action", self._pad_action)
        self.forced_actions = pick("forced_actions", self._forced_actions)
        self.forced_lines = pick("forced_lines", self._forced_lines)
        self.log_lines = pick("log_lines", self._log_lines)
        self.seat_feed = pick("seat_feed", self._seat_feed)
        self.pad_lights = pick("pad_lights", self._pad_lights)

    def check_players(self, players: object) -> int:
        facts = self._facts
        why = seats_problem(facts.name, facts.min_players, facts.max_players, players)
        if why:
            raise ValueError(why)
        assert isinstance(players, int)
        return players

    def _deal(
        self, players: int, options: dict[str, Any], rng: random.Random
    ) -> tuple[Any, dict[str, Any], None]:
        dealt = self._rules.deal_cards(players, rng)
        return self._rules.new_game(dealt), dealt.to_dict(), None

    def _rebuild(self, players: int, deal: object, campaign: dict[str, Any] | None) -> Any:
        if campaign is not None:
            raise ValueError(f"a {self._facts.title} game has no campaign")
        return self._rules.new_game(self._rules.Deal.from_dict(players, deal))

    def _options_of(self, state: Any) -> dict[str, Any]:
        return {}

    def _parse_action(self, players: int, seat: int, data: object) -> Any:
        if not isinstance(data, dict):
            raise self._rules.ActionFormatError("an action must be a JSON object")
        return self._rules.Action.from_dict({**data, "seat": seat})

    def _seat_of(self, state: Any, action: Any) -> int:
        seat: int = action.seat
        return seat

    def _pad_action(self, state: Any, seat: int, button: str) -> Refused:
        return NO_PAD_PRESS

    def _forced_actions(self, state: Any, rng: random.Random) -> list[Any]:
        """The random bot's move for each seat the game waits for, each one on the state the moves
        before it made (so they stay legal in order)."""
        rules, forced = self._rules, []
        for seat in rules.awaiting(state):
            action = rules.bot_action(state, seat, rng) if seat in rules.awaiting(state) else None
            result = None if action is None else rules.apply(state, action)
            if result is None or isinstance(result, rules.Refused):
                continue
            forced.append(action)
            state = cast("AcceptedShape[Any]", result).state
        return forced

    def _forced_lines(self, action: Any, seat: int, names: Sequence[str | None]) -> tuple[str, str]:
        return (f"Out of time for {who(names, seat)}: a random move was made (forced).",
                "Time ran out: a random move was made for you.")

    def _log_lines(self, events: Sequence[Event], names: Sequence[str | None]) -> list[str]:
        return self._rules.describe_events(events, names)

    def _seat_feed(self, events: Sequence[Event], seat: int, names: Sequence[str | None]) -> list[str]:
        return self._log_lines(events, names)

    def _pad_lights(self, public_view: dict[str, Any], players: int) -> dict[int, str]:
        awaited = public_view.get("awaiting") or ()
        return {seat: "on" if seat in awaited and not public_view.get("over") else "off"
                for seat in range(players)}
