"""Every game has the common shape (controller/games/shape.py): its own members and the shared
defaults together, J'Accuse's included.

mypy checks the types (each game's ``_rules`` in its game.py); these check the same at run time, and
the conventions the types cannot say, by driving each game only through the shape.
"""

from __future__ import annotations

import json
import random
import types
from typing import Any

import pytest

from controller.games import registry, shape
from controller.games.registry import GAMES, UnknownGame, balance, check_game, replay_reader, rules, strategy


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_every_member_of_the_shape(name: str) -> None:
    for part, protocol in [
        (rules(name), shape.FullRules),
        (strategy(name), shape.GameStrategy),
        (replay_reader(name), shape.ReplayReader),
        (balance(name), shape.GameBalance),
        (registry.table_rules(name), shape.TableRules),
    ]:
        assert shape.missing_members(part, protocol) == [], (part, protocol)
    # the game's own members: every one the shape asks for, and the optional ones it writes fit theirs
    game = registry.game(name)
    assert shape.missing_members(game.own_rules(), shape.GameRules) == []
    assert shape.missing_members(game.own_rules(), shape.OptionalRules, optional=True) == []
    assert game.own_table is not None
    assert shape.missing_members(game.own_table(), shape.TableRules, optional=True) == []


def test_betrayals_pieces_live_in_its_package() -> None:
    from controller.games import betrayal

    game = registry.game("betrayal")
    assert game.own_rules() is betrayal and rules("betrayal").package is betrayal
    for loader in (game.own_table, game.own_strategy, game.own_replay, game.own_balance, game.sampler):
        assert loader is not None and loader().__name__.startswith("controller.games.betrayal.")
    assert strategy("betrayal") is game.own_strategy() and balance("betrayal") is game.own_balance()


def test_the_registry_knows_every_game_and_jaccuse_is_the_default() -> None:
    from controller.games import betrayal
    from controller.games import jaccuse as jaccuse

    assert GAMES == ("jaccuse", "betrayal", "hasty") and registry.DEFAULT_GAME == "jaccuse"
    assert rules("jaccuse").package is jaccuse and rules("betrayal").package is betrayal
    assert rules("jaccuse") is rules("jaccuse")  # each part is made once
    for bad in ("chess", None, 3):
        with pytest.raises(UnknownGame):
            check_game(bad)


def test_missing_members_names_what_a_package_lacks() -> None:
    from controller.games import betrayal

    fake = types.ModuleType("fake")
    fake.__dict__.update({k: getattr(betrayal, k) for k in betrayal.__all__ if k != "awaiting"})
    fake.seat_view = lambda state: {}  # type: ignore[attr-defined]
    assert shape.missing_members(fake, shape.GameRules) == ["awaiting: missing"]
    problems = shape.missing_members(fake, shape.OptionalRules, optional=True)
    assert [p.split(" (")[0] for p in problems] == ["seat_view: cannot be called as seat_view(3 argument(s))"]
    assert "private_view: missing" in shape.missing_members(fake, shape.OptionalRules)
    tool = types.ModuleType("tool")
    tool.format_report = lambda data: ""  # type: ignore[attr-defined]
    tool.simulate = lambda players, games, seed, policy: None  # type: ignore[attr-defined]
    assert [p.split(" (")[0] for p in shape.missing_members(tool, shape.GameBalance)] == [
        "simulate: cannot be called as simulate(4 argument(s), progress=, budget=)"
    ]


def _play_through_the_shape(name: str, players: int, seed: int) -> None:
    game = rules(name)
    rng = random.Random(seed)
    state = game.new_game(game.deal_cards(players, rng))
    version = 0
    while not state.over:
        view = game.public_view(state)
        assert view["over"] is False and view["reveal"] is None and view["version"] == version
        assert view["awaiting"] == game.awaiting(state) and view["awaiting"]
        seat = rng.choice(view["awaiting"])
        mine = game.seat_view(state, seat)
        assert mine["table"] == view and mine["moves"] == game.legal_moves(state, seat) and mine["moves"]
        action = game.bot_action(state, seat, rng)
        assert action is not None
        again = game.Action.from_dict(json.loads(json.dumps(action.to_dict())))
        assert again == action
        before = json.dumps(game.replay_summary(state), sort_keys=True)
        result = game.apply(state, action)
        assert isinstance(result, game.Accepted)
        assert json.dumps(game.replay_summary(state), sort_keys=True) == before  # a value, unchanged
        lines = game.describe_events(result.events)
        assert all(isinstance(line, str) and line for line in lines)
        json.dumps(result.events)
        state = result.state
        version += 1
    assert game.public_view(state)["reveal"] is not None and game.awaiting(state) == []
    refused = game.apply(state, action)
    assert isinstance(refused, game.Refused) and refused.code and refused.message
    assert refused.to_dict() == {"code": refused.code, "message": refused.message}
    with pytest.raises(ValueError):
        game.seat_view(state, players)


@pytest.mark.parametrize(
    ("name", "players"), [("jaccuse", 5), ("betrayal", 2), ("betrayal", 5), ("hasty", 2), ("hasty", 4)]
)
def test_a_game_played_only_through_the_shape_keeps_its_conventions(name: str, players: int) -> None:
    _play_through_the_shape(name, players, seed=3)


@pytest.mark.parametrize("name", GAMES)
def test_bad_input_raises_the_packages_own_errors(name: str) -> None:
    game = rules(name)
    with pytest.raises(game.ActionFormatError):
        game.Action.from_dict({"act": "no such act"})
    fewest, most = registry.game(name).min_players, registry.game(name).max_players
    with pytest.raises(game.DealError):
        game.deal_cards(most + 1, random.Random(1))
    bot: Any = game.play_bot_game(fewest, 4)
    assert bot.final.over and bot.deal.players == fewest and bot.actions
    memory = strategy(name).TableMemory()
    memory.observe(())
