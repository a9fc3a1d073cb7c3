"""The rules' defaults (controller/games/rules.py): what a game that writes only ``shape.GameRules`` and
``action_from_move`` gets, shown on Toy Tally (tests/games/plugins), and a game's own member winning."""

from __future__ import annotations

import json
import random
import types
from typing import Any

import pytest

from controller.games import common, registry
from controller.games.rules import Rules
from controller.games.shape import FullRules, missing_members


@pytest.fixture
def toy(toy_path: list[str]) -> Rules[Any, Any, Any]:
    return registry.rules("toy")


def test_the_defaults_give_the_whole_shape(toy: Rules[Any, Any, Any]) -> None:
    assert missing_members(toy, FullRules) == []
    assert toy.Deal is common.SeededDeal and toy.Refused is common.Refused and toy.Accepted is common.Accepted
    assert toy.ActionFormatError is common.ActionFormatError and toy.DealError is common.DealError
    assert toy.apply_own is None
    assert (toy.MIN_PLAYERS, toy.MAX_PLAYERS) == (2, 4)  # the Game's seats, for the table's use


def test_the_seeded_deal_is_one_number_the_journal_keeps(toy: Rules[Any, Any, Any]) -> None:
    deal = toy.deal_cards(3, random.Random(7))
    assert deal == toy.deal_cards(3, random.Random(7)) and deal.players == 3
    again = toy.Deal.from_dict(3, json.loads(json.dumps(deal.to_dict())))
    assert again == deal and toy.new_game(again) == toy.new_game(deal)
    for bad in ({}, {"seed": "7"}, {"seed": True}, [7]):
        with pytest.raises(common.DealError):
            toy.Deal.from_dict(3, bad)


def test_the_seat_view_frames_the_moves_and_the_table(toy: Rules[Any, Any, Any]) -> None:
    state = toy.new_game(toy.deal_cards(2, random.Random(1)))
    turn = toy.awaiting(state)[0]
    mine = toy.seat_view(state, turn)
    assert mine == {"seat": turn, "acts": ["add"], "moves": toy.legal_moves(state, turn),
                    "table": toy.public_view(state)}
    table = {"made": "once"}
    other = 1 - turn
    assert toy.seat_view(state, other, table) == {"seat": other, "acts": [], "moves": [], "table": table}
    with pytest.raises(ValueError):
        toy.seat_view(state, 2)


def test_the_random_bot_plays_only_legal_moves_to_the_end(toy: Rules[Any, Any, Any]) -> None:
    game = toy.play_bot_game(3, 11)
    assert game.final.over and game.deal == toy.deal_cards(3, random.Random(11))
    state = toy.new_game(game.deal)
    for action in game.actions:
        assert action.seat in toy.awaiting(state)
        state = toy.apply(state, action).state  # type: ignore[union-attr]
    assert state == game.final
    assert toy.play_bot_game(3, 11) == game  # the same seed, the same game
    assert toy.bot_action(game.final, 0, random.Random(1)) is None
    assert toy.next_bot_action(game.final, random.Random(1)) is None


def test_the_replay_answer_defaults_to_the_public_view(toy: Rules[Any, Any, Any]) -> None:
    state = toy.new_game(toy.deal_cards(2, random.Random(3)))
    assert toy.replay_summary(state) == toy.public_view(state)


def _package(**members: Any) -> types.ModuleType:
    toy = registry.rules("toy").package
    package = types.ModuleType("made_up")
    package.__dict__.update({name: getattr(toy, name) for name in
                             ("Action", "new_game", "apply", "legal_moves", "awaiting", "public_view",
                              "describe_events")}, **members)
    return package


def test_a_games_own_members_win_over_the_defaults(toy_path: list[str]) -> None:
    own_bot = lambda state, seat, rng: "mine"  # noqa: E731
    own = _package(bot_action=own_bot, replay_summary=lambda state: {"own": True})
    rules = Rules(own, registry.game("toy"))
    assert rules.bot_action is own_bot and rules.action_from_move is None
    state = rules.new_game(rules.deal_cards(2, random.Random(1)))
    assert rules.next_bot_action(state, random.Random(1)) == "mine"
    assert rules.replay_summary(state) == {"own": True}


def test_a_game_whose_bots_cannot_move_is_refused(toy_path: list[str]) -> None:
    with pytest.raises(TypeError, match="neither action_from_move nor bot_action"):
        Rules(_package(), registry.game("toy"))
