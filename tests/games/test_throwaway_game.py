"""A game is one package: Toy Tally, a game the box was never written for, known only through its entry
point, is dealt and played through the real server (a `run --mock` process), served on the phone page
and its rules page, and drawn by the OLED worker with the renderer the game hands over."""

from __future__ import annotations

import json
import random
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from controller.client import BoxProcess, random_action
from controller.games import registry
from tests.games.toy_install import child_env, lit_in_top_row


def test_a_game_exists_for_the_box_only_through_its_entry_point(toy_path: list[str]) -> None:
    assert registry.names()[0] == registry.DEFAULT_GAME and "toy" in registry.names()
    game = registry.game("toy")
    assert (game.title, game.min_players, game.max_players) == ("Toy Tally", 2, 4)
    registry.forget()
    sys.path[:] = [p for p in sys.path if p not in toy_path]
    registry.forget()
    assert "toy" not in registry.names()
    with pytest.raises(registry.UnknownGame):
        registry.check_game("toy")


def _call(box: BoxProcess, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(box.url + path, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        raw = response.read()
        return raw if response.headers.get_content_type() != "application/json" else json.loads(raw)


@pytest.mark.slow
def test_the_real_server_deals_serves_and_draws_a_throwaway_game(tmp_path: Path, toy_path: list[str]) -> None:
    box = BoxProcess(tmp_path / "data", "--game", "toy", players=2, pads="phone")
    box.env = child_env(toy_path)
    with box:
        assert _call(box, "/api/box")["game_name"] == "toy"
        tokens = [_call(box, "/api/join", {"seat": seat})["token"] for seat in range(2)]
        # the phone page and the rules page are the game's
        page = _call(box, "/seat/0").decode()
        assert "Toy Tally" in page and 'href="/rules/toy"' in page
        assert "Take turns adding 1 or 2" in _call(box, "/rules/toy").decode()
        assert 'data-parts="toy"' in page and b"Toy Tally's part" in _call(box, "/static/toy_phone.js")
        # played to the end by simulated phones, each move built by the game's own random_phone_action
        rng = random.Random(5)
        table = _call(box, "/api/table")
        while not table["over"]:
            seat = table["awaiting"][0]
            me = _call(box, "/api/me", token=tokens[seat])
            action = random_action(me, rng)
            assert action is not None and action["act"] == "add"
            table = _call(box, "/api/me/actions", action, tokens[seat])["me"]["table"]
        assert table["total"] >= 5 and table["reveal"]["winner"] in (0, 1) and table["game"] == "toy"
        # the OLED worker draws the game with the game's renderer: the tally as a bar, 10 pixels a point
        deadline = time.monotonic() + 10
        while lit_in_top_row(_call(box, "/api/display.png")) != table["total"] * 10:
            assert time.monotonic() < deadline, "the OLED never drew the final tally"
            time.sleep(0.1)
