"""Betrayal's OLED screens: reference images, drawn from the public view only, and whole bot games.

After a deliberate change to a screen, regenerate the references and look at them before committing:

    UPDATE_REFERENCE=1 .venv/bin/python -m pytest tests/betrayal/test_betrayal_screens.py

(the images are in tests/betrayal/reference/.)
"""

from __future__ import annotations

import importlib.util
import itertools
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

from controller.games.betrayal import Accepted, apply, new_game, play_bot_game, public_view, seat_view
from controller.games.betrayal.cards import JOKER, UP
from controller.games.betrayal.screens import accusation_key, accusation_moment, render_betrayal
from controller.games.betrayal.state import GameState
from controller.games.jaccuse.screens import render
from controller.oled_kit.draw import HEIGHT, WIDTH
from controller.oled_kit.model import DisplayModel

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "reference"


def _load_scenes() -> ModuleType:
    spec = importlib.util.spec_from_file_location("betrayal_scenes", HERE / "betrayal_scenes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCENES: dict[str, DisplayModel] = _load_scenes().SCENES


def _png(image: Image.Image) -> bytes:
    assert image.mode == "1" and image.size == (WIDTH, HEIGHT)
    return image.tobytes()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_reference(name: str, matches_reference: Callable[[object, Path], None]) -> None:
    matches_reference(render_betrayal(SCENES[name]), REFERENCE / f"{name}.png")


def test_every_reference_has_a_scene() -> None:
    assert sorted(p.stem for p in REFERENCE.glob("*.png")) == sorted(SCENES)


# -- games played to the end --------------------------------------------------------------------------
def _states(players: int, seed: int) -> list[GameState]:
    """Every state of a whole random-bot game, replayed through ``apply``."""
    game = play_bot_game(players, seed)
    state = new_game(game.deal)
    states = [state]
    for action in game.actions:
        result = apply(state, action)
        assert isinstance(result, Accepted), result
        state = result.state
        states.append(state)
    assert state.over
    return states


GAMES = [(2, 1), (2, 7), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 8), (8, 9)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_state_of_bot_games_renders(players: int, seed: int) -> None:
    names = ["Ann", "Bartholomew", "Zoë", "Dee", "Eve", "Finn", "Gus", "Hildegard"][:players]
    key = None
    moments = 0
    for state in _states(players, seed):
        view = public_view(state)
        blank = _png(Image.new("1", (WIDTH, HEIGHT), 0))
        assert _png(render_betrayal(DisplayModel(view=view))) != blank
        named = {**view, "names": names}
        assert _png(render_betrayal(DisplayModel(view=named, clock_left=9, join_code="483920"))) != blank
        moment = accusation_moment(view)
        if moment is not None:
            image = render_betrayal(DisplayModel(view=named, reveal=moment))
            assert _png(image) != _png(render_betrayal(DisplayModel(view=named)))
        # the moment's key moves on with each accusation, and only then
        new_key = accusation_key(view)
        if new_key != key:
            moments += 1
            assert state.last is not None and state.phase != "setup"
        key = new_key
    assert moments >= 3


def test_the_moment_starts_at_every_accusation_even_a_repeated_one() -> None:
    accusations = 0
    for players, seed in GAMES:
        key = None
        states = _states(players, seed)
        for before, after in itertools.pairwise(states):
            accused = after.last is not before.last
            accusations += accused
            new_key = accusation_key(public_view(after))
            assert (new_key != key) == accused
            key = new_key
    assert accusations > 50


# -- only the public view -----------------------------------------------------------------------------
def _with_secrets_changed(state: GameState) -> GameState | None:
    """The same public view with other secrets: two face-down cards in two rows swapped (the joker
    among them while it lives, which makes another army the traitor)."""
    if state.over or state.phase == "setup":
        return None
    places = [(a, i) for a, row in enumerate(state.rows) for i, c in enumerate(row) if not c & UP]
    joker = next(((a, i) for a, i in places if state.rows[a][i] == JOKER), None)
    first = joker or next(iter(places), None)
    if first is None:
        return None
    rows = state.rows
    other = next(
        ((a, i) for a, i in places if a != first[0] and rows[a][i] != rows[first[0]][first[1]]), None
    )
    if other is None:
        return None
    changed = state.copy()
    (fa, fi), (oa, oi) = first, other
    changed.rows[fa][fi], changed.rows[oa][oi] = changed.rows[oa][oi], changed.rows[fa][fi]
    if joker is not None:
        changed.traitor = oa
    return changed


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 4), (8, 8)])
def test_the_image_depends_on_the_public_view_only(players: int, seed: int) -> None:
    compared = 0
    for state in _states(players, seed):
        changed = _with_secrets_changed(state)
        if changed is None:
            continue
        assert public_view(changed) == public_view(state)
        assert any(seat_view(changed, s) != seat_view(state, s) for s in range(players))
        for moment in (None, accusation_moment(public_view(state))):
            one = render_betrayal(DisplayModel(view=public_view(state), reveal=moment))
            two = render_betrayal(DisplayModel(view=public_view(changed), reveal=moment))
            assert _png(one) == _png(two)
        # the table part of a seat's view draws the same picture
        table = seat_view(state, 0)["table"]
        alone = render_betrayal(DisplayModel(view=public_view(state)))
        assert _png(render_betrayal(DisplayModel(view=table))) == _png(alone)
        compared += 1
    assert compared >= 10


def test_setup_choices_do_not_show() -> None:
    """Two tables where army 0 chose differently look the same until every army is set."""
    game = play_bot_game(5, 11)
    start = new_game(game.deal)
    pictures: list[bytes] = []
    rows: list[Any] = []
    for suits in (("S", "H"), ("D", "C")):
        from controller.games.betrayal import Action

        army = 0 if start.traitor != 0 else 1
        result = apply(start, Action(army, "army", suits=suits))
        if not isinstance(result, Accepted):
            continue
        rows.append(seat_view(result.state, army)["armies"][0]["row"])
        pictures.append(_png(render_betrayal(DisplayModel(view=public_view(result.state)))))
    assert len(pictures) == 2 and rows[0] != rows[1]
    assert pictures[0] == pictures[1]


def test_the_boxs_renderer_picks_the_game_of_the_view() -> None:
    from controller.devices.screens import render as plain
    from controller.fanout.opening import screen_renderer

    draw = screen_renderer()
    view = SCENES["play-5"].view
    assert _png(draw(DisplayModel(view=view))) == _png(render_betrayal(DisplayModel(view=view)))
    jaccuse = {"game": "jaccuse", "phase": "election", "stability": 4, "policies": [], "awaiting": [1]}
    assert _png(draw(DisplayModel(view=jaccuse))) == _png(render(DisplayModel(view=jaccuse)))
    # no view: the default game's start screen; a game the box does not know: the plain screen
    assert _png(draw(DisplayModel(view=None))) == _png(render(DisplayModel(view=None)))
    unknown = {"game": "nosuchgame", "phase": "play", "version": 3}
    assert _png(draw(DisplayModel(view=unknown))) == _png(plain(DisplayModel(view=unknown)))


def test_scene_views_have_the_shape_of_the_real_public_view() -> None:
    real = public_view(_states(5, 4)[-1])
    for name, model in SCENES.items():
        assert model.view is not None
        assert set(model.view) - {"names"} == set(real), name


def test_fault_screens_win_over_the_moment_and_the_end() -> None:
    unplugged = _png(render_betrayal(SCENES["hub-unplugged"]))
    for name in ("accusation-5", "end-8", "setup-5"):
        assert (
            _png(
                render_betrayal(
                    DisplayModel(view=SCENES[name].view, reveal=SCENES[name].reveal, hub_connected=False)
                )
            )
            == unplugged
        )


def test_odd_views_do_not_crash() -> None:
    for view in (
        {"game": "betrayal"},
        {"game": "betrayal", "phase": "turn", "armies": 12, "rows": None, "turn": 40, "version": 3},
        {"game": "betrayal", "phase": "setup", "armies": 3, "chosen": None, "version": 1},
        {"game": "betrayal", "phase": "over", "armies": 3, "titles": None, "winner_side": None, "version": 9},
        {"game": "betrayal", "phase": "peek", "armies": 3, "awaiting_armies": [], "turn": None, "version": 9},
    ):
        render_betrayal(DisplayModel(view=view))
        render_betrayal(DisplayModel(view=view, reveal=()))


def test_eight_armies_with_long_rows_stay_inside_their_columns() -> None:
    """Thirty face-down cards, six face-up ones and 34 points still leave the columns apart."""
    rng = random.Random(3)
    view = dict(SCENES["play-8"].view or {})
    view["rows"] = [[{"up": False}] * 30 + [{"up": True, "card": rng.choice(["10H", "QS", "AC"])}] * 6] * 8
    image = render_betrayal(DisplayModel(view=view))
    assert image.getbbox() is not None
