"""The ``Game`` value (controller/games/game.py): one place for a game's name and seats, its parts found
in its package and each made once, filled in with the defaults where the game writes none, and loaded
only when asked for (a box that deals one game imports no other's screens, bots or report)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from controller.games import registry
from controller.games.game import Game, Screens, plain_screens
from controller.oled_kit.box_screens import box_screen, game_renderer, plain_screen
from controller.oled_kit.draw import blank
from controller.oled_kit.model import DisplayModel


def test_of_package_finds_the_parts_a_package_has(toy_path: list[str]) -> None:
    toy = registry.game("toy")
    assert toy.own_table is None and toy.own_strategy is None and toy.own_replay is None
    assert toy.own_balance is None and toy.sampler is None and toy.own_screens is not None
    assert toy.default_players == toy.min_players == 2  # none given: the fewest
    # its page parts and rules page, found by the game's name: static/toy_phone.js, templates/toy_doc.html
    assert (toy.page_parts, toy.rules_template) == ("toy", "toy_doc.html")
    hasty = registry.game("hasty")
    assert all(part is not None for part in (hasty.own_table, hasty.own_strategy, hasty.own_replay,
                                             hasty.own_balance, hasty.own_screens, hasty.sampler))
    assert hasty.screens().frame_seconds > 0 and hasty.screens() is hasty.screens()


def test_each_part_is_made_once(toy_path: list[str]) -> None:
    toy = registry.game("toy")
    for part in (toy.rules, toy.table_rules, toy.strategy, toy.replay_reader, toy.balance, toy.screens):
        assert part() is part()


def test_the_seats_and_the_options_are_checked_from_the_game(toy_path: list[str]) -> None:
    toy = registry.game("toy")
    assert toy.check_players(4) is None and toy.check_players(5) == "toy takes 2 to 4 players, not 5"
    assert toy.check_options({}) is None and toy.check_options({"campaign": 0}) is None
    assert toy.check_options({"campaign": 2}) == "Toy Tally has no campaigns"
    assert toy.check_table_options(["speedy"]) == "Toy Tally has no option 'speedy' (its options: none)"


def test_a_simulated_phones_action_comes_from_the_rules_action_from_move(toy_path: list[str]) -> None:
    toy, rules = registry.game("toy"), registry.rules("toy")
    state = rules.new_game(rules.deal_cards(2, random.Random(6)))
    me = rules.seat_view(state, rules.awaiting(state)[0])
    action = toy.random_phone_action(me, me["moves"][0], random.Random(1))
    assert action is not None and "seat" not in action and action["act"] == "add"  # the token says the seat
    parsed = registry.table_rules("toy").parse_action(2, me["seat"], action)
    assert not isinstance(rules.apply(state, parsed), rules.Refused)


def test_a_game_that_draws_nothing_shows_the_plain_screen(toy_path: list[str]) -> None:
    bare = Game(name="bare", title="Bare", min_players=2, max_players=3, folder=registry.game("toy").folder,
                own_rules=registry.game("toy").own_rules)
    assert (bare.page_parts, bare.rules_template) == ("", "")
    screens = bare.screens()
    model = DisplayModel(view={"game": "bare", "phase": "play", "version": 3})
    assert screens.render(model).tobytes() == plain_screen(model).tobytes()
    assert screens.moment_key(model.view or {}) is None and screens.frames(model.view or {}) == [None]
    assert plain_screens().render.__name__ == "plain_screen" and Screens(plain_screen).moment_frames is None


@pytest.mark.parametrize("name", ["jaccuse", "betrayal", "hasty"])
def test_dealing_one_game_loads_no_part_of_another(name: str) -> None:
    """What a box does with the game it deals (its rules at the table, its screens, its bots) imports
    none of the others' parts: listing them loads their ``Game`` values and rules cores only."""
    code = (
        "import json, sys\n"
        "from controller.games import registry\n"
        "for other in registry.names(): registry.game(other)\n"
        f"game = registry.game({name!r})\n"
        "game.rules(); game.table_rules(); game.strategy(); game.screens(); game.sampler()\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('controller.games.'))))\n"
    )
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                       check=True).stdout)
    parts = {"table_rules", "strategy", "replay", "balance", "screens", "sampler", "belief"}
    others = {m.split(".")[3] for m in loaded if m.count(".") >= 3 and m.split(".")[2] != name}
    assert "game" in others and not others & parts
    assert f"controller.games.{name}.screens" in loaded and f"controller.games.{name}.sampler" in loaded


def test_a_renderer_made_by_the_kit_shows_the_shared_screens_first() -> None:
    drawn: list[object] = []

    @game_renderer("MINE", paused="Mine paused.")
    def render(image: Any, draw: Any, model: DisplayModel, view: Any) -> None:
        drawn.append(view)
        draw.rectangle((0, 0, 9, 9), fill=1)

    view = {"version": 3, "phase": "play"}
    own = render(DisplayModel(view=view))
    assert drawn == [view] and own.getpixel((5, 5)) and own.size == (128, 64)
    paused = render(DisplayModel(view=view, paused=True))
    assert drawn == [view] and paused.tobytes() != own.tobytes()  # the pause screen, not the game's
    image, draw = blank()
    box_screen(image, draw, DisplayModel(view=view, paused=True), paused="Mine paused.", title="MINE")
    assert paused.tobytes() == image.tobytes()
