"""The table adapter's defaults (controller/games/table_adapter.py): a game that writes no
``table_rules`` module (Toy Tally, tests/games/plugins) at the table, and a game's own member winning."""

from __future__ import annotations

import json
import random
import types
from typing import Any

import pytest

from controller.games import registry
from controller.games.shape import SeatRefused, TableRules, missing_members
from controller.games.table_adapter import NO_PAD_PRESS, TableAdapter


@pytest.fixture
def table(toy_path: list[str]) -> TableRules:
    return registry.table_rules("toy")


def test_the_defaults_give_the_whole_shape_named_by_the_game(table: TableRules) -> None:
    assert missing_members(table, TableRules) == []
    assert table.GAME == "toy" and table.PAD_ACTS == () and table.COALESCED_ACT is None


def test_the_seats_are_the_games(table: TableRules) -> None:
    assert [table.check_players(n) for n in (2, 3, 4)] == [2, 3, 4]
    for bad in (1, 5, True, "3", None):
        with pytest.raises(ValueError, match="toy takes 2 to 4 players"):
            table.check_players(bad)


def test_a_deal_is_journaled_and_rebuilt_exactly(table: TableRules) -> None:
    state, deal, campaign = table.deal(3, {}, random.Random(5))
    assert campaign is None and table.options_of(state) == {}
    assert table.rebuild(3, json.loads(json.dumps(deal)), None) == state
    with pytest.raises(ValueError, match="a Toy Tally game has no campaign"):
        table.rebuild(3, deal, {"generations": 2})


def test_a_phones_action_is_read_for_its_own_seat(table: TableRules) -> None:
    rules = registry.rules("toy")
    state = rules.new_game(rules.deal_cards(2, random.Random(1)))
    action = table.parse_action(2, 1, {"act": "add", "amount": 2, "seat": 0})  # the token says seat 1
    assert (action.seat, action.amount) == (1, 2) and table.seat_of(state, action) == 1
    for bad in (["add"], {"act": "take"}, {"act": "add", "amount": 3}):
        with pytest.raises(rules.ActionFormatError):
            table.parse_action(2, 1, bad)


def test_the_pads_take_no_press_and_light_the_awaited_seats(table: TableRules) -> None:
    rules = registry.rules("toy")
    state = rules.new_game(rules.deal_cards(3, random.Random(2)))
    turn = rules.awaiting(state)[0]
    assert table.pad_action(state, turn, "reveal") is NO_PAD_PRESS
    lights = table.pad_lights(rules.public_view(state), 3)
    assert lights == {seat: "on" if seat == turn else "off" for seat in range(3)}
    assert set(table.pad_lights({"awaiting": [0], "over": True}, 2).values()) == {"off"}


def test_the_clock_plays_the_random_bots_move_and_says_so(table: TableRules) -> None:
    rules = registry.rules("toy")
    state = rules.new_game(rules.deal_cards(2, random.Random(3)))
    (forced,) = table.forced_actions(state, random.Random(4))
    assert forced.seat == rules.awaiting(state)[0]
    assert not isinstance(rules.apply(state, forced), rules.Refused)
    log, feed = table.forced_lines(forced, forced.seat, ["Ann", "Bo"])
    assert f"{['Ann', 'Bo'][forced.seat]} (seat {forced.seat})" in log and "(forced)" in log
    assert feed.startswith("Time ran out")
    assert table.forced_lines(forced, 1, [None, None])[0].startswith("Out of time for seat 1:")
    over = rules.play_bot_game(2, 1).final
    assert table.forced_actions(over, random.Random(4)) == []


def test_the_log_and_every_seats_feed_are_the_games_lines(table: TableRules) -> None:
    events = [{"type": "added", "seat": 0, "amount": 2, "total": 2}]
    assert table.log_lines(events, ["Ann", None]) == ["seat 0 adds 2: 2"]
    assert table.seat_feed(events, 1, ["Ann", None]) == table.log_lines(events, ["Ann", None])


def test_forced_moves_stay_legal_in_order_when_several_seats_are_awaited(toy_path: list[str]) -> None:
    """Two seats awaited at once: each forced move is made on the state the one before it left."""
    rules = registry.rules("toy")
    package = rules.package
    both = types.SimpleNamespace(**{name: getattr(package, name) for name in dir(package)
                                    if not name.startswith("_")})
    both.awaiting = lambda state: [] if state.over else [state.turn, (state.turn + 1) % state.players]
    adapter = TableAdapter(registry.game("toy"), type(rules)(both, registry.game("toy")))
    state = rules.new_game(rules.deal_cards(2, random.Random(3)))
    forced = adapter.forced_actions(state, random.Random(1))
    assert [a.seat for a in forced] == [state.turn, 1 - state.turn]  # the second on the state after the first


def test_a_games_own_members_win(toy_path: list[str]) -> None:
    def refuse(players: int, seat: int, data: object) -> Any:
        raise SeatRefused("not_yours", "no")

    own = types.SimpleNamespace(PAD_ACTS=("reveal",), COALESCED_ACT="add", parse_action=refuse)
    adapter = TableAdapter(registry.game("toy"), registry.rules("toy"), own)
    assert adapter.PAD_ACTS == ("reveal",) and adapter.COALESCED_ACT == "add"
    assert adapter.parse_action is refuse
    assert adapter.GAME == "toy" and adapter.check_players(2) == 2  # always the Game's
