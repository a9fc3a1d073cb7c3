"""Hasty Accusations in the box: a pad press ends the active seat's turn, each turn is a round of
pad presses of its own, and the host deals the Traitor, Speedy and Big Hands variants (the run
flag, the config file and the host page's new-game dialog, all through the game's table options)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hasty_helpers import act, position, run

from controller.config import ConfigError, parse_config
from controller.games.hasty import public_view
from controller.games.hasty.game import GAME, pad_round
from controller.table import Table, TableConfig
from web import create_app

HOST_KEY = "h" * 43


def test_each_turn_is_a_round_of_pad_presses_closed_while_a_choice_waits() -> None:
    s = position(hands={0: ["mover"]})
    assert pad_round(public_view(s)) == ("turn", 0)
    s, _ = run(s, act(0, "play", card="mover", at=1, up=True))  # the Mover asks where the loupe goes
    assert pad_round(public_view(s)) is None
    s, _ = run(s, act(0, "choose", at=3))
    assert pad_round(public_view(s)) == ("turn", 0)
    s, _ = run(s, act(0, "end"))
    assert pad_round(public_view(s)) == ("turn", 1)


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=4, seed=3, game="hasty", options=("traitor",)))
    t.start()
    yield t
    t.stop()


@pytest.fixture
def host(box: Table) -> FlaskClient:
    return create_app(box, host_key=HOST_KEY, mock_press=box.press).test_client()


def test_the_run_options_deal_the_variant_and_a_pad_ends_the_turn(box: Table, host: FlaskClient) -> None:
    view = box.snapshot().public
    assert view["options"]["traitor"] is True and view["turn"] == 0
    assert host.post("/api/mock/pads/1/reveal").status_code == 409  # not seat 1's turn
    r = host.post("/api/mock/pads/0/abstain")
    assert r.status_code == 200, r.get_json()
    assert box.snapshot().public["turn"] == 1


def test_the_host_page_offers_the_options_and_deals_them(box: Table, host: FlaskClient) -> None:
    hk = {"X-Host-Key": HOST_KEY}
    state = host.get("/api/host/state", headers=hk).get_json()
    assert state["games"]["hasty"]["options"].keys() == {"traitor", "speedy", "big_hands", "powers"}
    sets = state["games"]["hasty"]["lists"]["sets"]
    assert list(sets["values"]) == ["base", "advanced", "expert"] and sets["default"] == ["base"]
    assert all(len(line) > 20 for line in sets["values"].values())  # a line on what each set brings
    assert "options" not in state["games"]["jaccuse"] and state["options_on"] == ["traitor"]
    assert "lists" not in state["games"]["jaccuse"] and state["lists_on"] == {"sets": ["base"]}
    r = host.post("/api/host/new-game", headers=hk,
                  json={"options": {"traitor": False, "speedy": True, "big_hands": True}})
    assert r.status_code == 200, r.get_json()
    dealt = box.snapshot().public["options"]
    assert dealt == {"suspects": 5, "traitor": False, "speedy": True, "big_hands": True}
    assert host.get("/api/host/state", headers=hk).get_json()["options_on"] == ["big_hands", "speedy"]
    # the same game again keeps them; an option the game has not is refused and deals nothing
    assert host.post("/api/host/new-game", headers=hk, json={}).status_code == 200
    assert box.snapshot().public["options"]["speedy"] is True
    # the second edition: card sets (in the game's order, whatever the order sent) and the powers
    r = host.post("/api/host/new-game", headers=hk,
                  json={"options": {"sets": ["expert", "base"], "powers": True, "speedy": False}})
    assert r.status_code == 200, r.get_json()
    dealt = box.snapshot().public["options"]
    assert dealt["sets"] == ["base", "expert"] and dealt["powers"] is True and dealt["traitor"] is False
    state = host.get("/api/host/state", headers=hk).get_json()
    assert state["lists_on"] == {"sets": ["base", "expert"]}
    assert state["options_on"] == ["big_hands", "powers"]
    assert host.post("/api/host/new-game", headers=hk, json={}).status_code == 200
    assert box.snapshot().public["options"]["sets"] == ["base", "expert"]
    r = host.post("/api/host/new-game", headers=hk, json={"options": {"sets": ["base"], "powers": False}})
    assert r.status_code == 200 and "sets" not in box.snapshot().public["options"]
    for bad in ({"options": {"campaign": True}}, {"options": {"traitor": "yes"}},
                {"game": "jaccuse", "options": {"traitor": True}}, {"options": {"sets": []}},
                {"options": {"sets": ["base", "dragons"]}}, {"options": {"sets": "base"}},
                {"options": {"powers": ["base"]}}, {"options": {"sets": ["base", "base"]}}):
        assert host.post("/api/host/new-game", headers=hk, json=bad).status_code == 400, bad
    # another game with more seats: the variants are that game's own (J'Accuse has none)
    r = host.post("/api/host/new-game", headers=hk, json={"game": "hasty", "players": 6, "options": {}})
    assert r.status_code == 200 and box.snapshot().public["options"]["suspects"] == 7


def test_the_config_file_names_the_options_and_refuses_unknown_ones() -> None:
    assert parse_config('[box]\ngame = "hasty"\nplayers = 4\noptions = ["traitor", "speedy"]\n').options == (
        "traitor", "speedy")
    hasty = '[box]\ngame = "hasty"\nplayers = 4\n'
    for text in (hasty + 'options = ["dragons"]\n', '[box]\noptions = ["traitor"]\n',
                 hasty + 'options = "traitor"\n'):
        with pytest.raises(ConfigError, match="options"):
            parse_config(text)
    assert GAME.check_table_options(["traitor", "big_hands"]) is None
    # the second edition's: the powers on or off, the card sets a list
    config = parse_config(hasty + 'options = ["powers", "sets=base,advanced,expert"]\n')
    assert config.options == ("powers", "sets=base,advanced,expert")
    assert GAME.deal_options(config.options) == {"powers": True, "sets": ["base", "advanced", "expert"]}
    for words in (["sets"], ["sets="], ["sets=base,dragons"], ["powers=yes"], ["sets=base", "sets=expert"]):
        assert GAME.check_table_options(words), words
        with pytest.raises(ConfigError, match="options"):
            parse_config(hasty + f"options = {json.dumps(words)}\n")
    # a list at its default is no option at all: a kept base game is the one `--option sets=base` asks for
    assert GAME.canonical_words(["sets=base"]) == ()
    assert GAME.canonical_words(["sets=expert,base", "powers"]) == ("powers", "sets=base,expert")
