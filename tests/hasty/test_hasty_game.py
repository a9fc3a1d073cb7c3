"""Hasty Accusations' ``Game`` (controller/games/hasty/game.py): found through its entry point, its
deal options checked, a simulated phone's random actions always accepted, the review as the OLED's moment."""

from __future__ import annotations

import random

import pytest

from controller.games import hasty, registry
from controller.games.hasty import table_rules
from controller.games.hasty.engine import Accepted
from controller.oled_kit.model import DisplayModel


def test_the_entry_point_names_hastys_game() -> None:
    game = registry.game("hasty")
    assert "hasty" in registry.names() and game.name == "hasty"
    assert (game.min_players, game.max_players, game.default_players) == (2, 7, 4)
    assert (game.folder / "rules.md").is_file()
    assert (game.folder / "templates" / game.rules_template).is_file()
    assert registry.rules("hasty").package is hasty and registry.game("hasty").own_rules() is hasty


@pytest.mark.parametrize(("options", "why"), [
    ({}, None),
    ({"campaign": 0}, None),
    ({"traitor": True, "speedy": False, "big_hands": True, "suspects": 6}, None),
    ({"suspects": None}, None),
    ({"campaign": 3}, "Hasty Accusations has no campaigns"),
    ({"big_hands": 1}, "Hasty Accusations' big_hands is on or off (true or false), not 1"),
    ({"suspects": "six"}, "Hasty Accusations' suspects is a whole number, not 'six'"),
    ({"suspects": True}, "Hasty Accusations' suspects is a whole number, not True"),
    ({"rounds": 2}, "Hasty Accusations has no rounds"),
])
def test_check_options_takes_the_tables_variants(options: dict[str, object], why: str | None) -> None:
    assert registry.game("hasty").check_options(options) == why


@pytest.mark.parametrize("seed", range(12))
def test_a_simulated_phones_random_actions_play_a_game_to_the_end(seed: int) -> None:
    game, rules = registry.game("hasty"), registry.rules("hasty")
    rng = random.Random(seed)
    players = 2 + seed % 6
    state = rules.new_game(hasty.deal_cards(players, rng, traitor=seed % 2 == 1, speedy=seed % 3 == 0,
                                            big_hands=seed % 4 == 0))
    for _ in range(5000):
        if state.over:
            break
        seat = rules.awaiting(state)[0]
        me = rules.seat_view(state, seat)
        data = game.random_phone_action(me, rng.choice(me["moves"]), rng)
        assert data is not None and "seat" not in data  # the token says the seat
        result = rules.apply(state, table_rules.parse_action(players, seat, data))
        assert isinstance(result, Accepted), result
        state = result.state
    assert state.over
    screens = game.screens()
    view = rules.public_view(state)
    assert (screens.moment_key(view) is None) == (screens.moment(view) is None)
    assert screens.render(DisplayModel(view=view, reveal=screens.moment(view))).size == (128, 64)


def test_the_rules_page_is_generated_from_rules_md() -> None:
    from web import rulesdoc

    assert rulesdoc.target("hasty").read_text(encoding="utf-8") == rulesdoc.generated("hasty"), (
        "controller/games/hasty/templates/hasty_doc.html is stale: run .venv/bin/python -m web.rulesdoc")
