"""``jaccuse-table run --record FILE`` (issue 38): a record file taken home is shown again without a
table. The app (``web.record_app``) serves the file as game 1 of the records of the HTTP contract and
the retelling page, and nothing that plays or changes anything; the command, a real process, serves it
and writes nothing, and refuses a file that is no game with one line and exit status 2."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient
from web_helpers import LISTED_KEYS

from controller.client import RecordProcess
from controller.games import registry
from controller.replay import replay_text
from controller.table import Table, TableConfig
from controller.table.records import RecordFile
from web import create_app
from web.record_app import create_record_app


def _a_record(tmp_path: Path, name: str = "hasty", players: int = 4) -> dict[str, Any]:
    """A game played at a table by the rules' random bot (mirrored here, from the same deal) to its
    end, and its record as the table's app serves it."""
    table = Table.open(TableConfig(data_dir=tmp_path / "box", game=name, players=players, seed=4))
    table.start()
    try:
        rules, adapter = registry.rules(name), registry.table_rules(name)
        state = adapter.deal(players, {"campaign": 0}, random.Random(4))[0]
        rng = random.Random(2)
        while not state.over:
            action = rules.next_bot_action(state, rng)
            assert table.submit_action(adapter.seat_of(state, action), action, source="bot").ok
            state = rules.apply(state, action).state
        assert table.snapshot().public["over"]
        r = create_app(table).test_client().get("/api/table/record")
        assert r.status_code == 200
        record: dict[str, Any] = r.get_json()
        return record
    finally:
        table.stop()


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _a_record(tmp_path_factory.mktemp("record"))


@pytest.fixture
def shown(record: dict[str, Any], tmp_path: Path) -> FlaskClient:
    path = tmp_path / "Game night #3.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return create_record_app(RecordFile(path)).test_client()


def test_the_file_is_game_1_of_the_records(shown: FlaskClient, record: dict[str, Any]) -> None:
    listed = shown.get("/api/games").get_json()
    assert [set(g) for g in listed] == [LISTED_KEYS]
    (game,) = listed
    answer = replay_text(json.dumps(record))
    assert (game["game"], game["name"], game["over"], game["current"]) == (1, "hasty", True, False)
    assert game["moves"] == len(record["actions"]) == answer["applied"]
    assert game["winners"] == answer["winners"]
    assert game["names"] == [None] * game["players"]  # a record file keeps no names
    assert shown.get("/api/games/1/record").get_json() == record
    assert shown.get("/api/table/record").get_json() == record
    download = shown.get("/api/games/1/record?download=1")
    # its own name, in letters a header carries as they are
    assert download.headers["Content-Disposition"] == 'attachment; filename="Game_night__3.json"'
    whole = shown.get(f"/api/games/1/steps?from=0&count={game['moves'] + 1}").get_json()
    assert whole["last"] == game["moves"] and len(whole["steps"]) == game["moves"] + 1
    assert whole["steps"][-1]["view"]["over"] and whole["steps"][0]["view"]["reveal"] is not None
    assert shown.get("/api/games/2/record").status_code == 404
    assert shown.get("/api/games/2/steps").get_json()["error"]["code"] == "no_such_game"


def test_nothing_plays_and_nothing_changes(shown: FlaskClient) -> None:
    page = shown.get("/")
    assert page.status_code == 200 and b"retell" in page.data
    assert shown.get("/rules").status_code == 200
    for path in ("/api/table", "/api/me", "/host", "/seat/0", "/api/table/events", "/api/host/state"):
        assert shown.get(path).status_code == 404, path
    for path in ("/api/join", "/api/host/retell", "/api/host/new-game", "/api/me/actions"):
        assert shown.post(path, json={"seat": 0, "game": 1}).status_code in (404, 405), path


def test_run_record_serves_the_file_and_writes_nothing(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "taken-home.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    home = tmp_path / "home"
    with RecordProcess(path, home) as box:
        assert any("nothing is dealt and nothing is written" in line for line in box.output), box.output
        assert requests.get(f"{box.url}/api/games/1/record", timeout=10).json() == record
        assert requests.get(f"{box.url}/api/table", timeout=10).status_code == 404
        assert requests.get(f"{box.url}/", timeout=10).status_code == 200
    assert not home.exists() or not [p for p in home.rglob("*") if p.is_file()], "run --record wrote a file"


@pytest.mark.parametrize(("content", "why"), [
    ('{"game": "hasty", "players": 1, "actions": []}', "is not a record of a game"),
    ("not json at all", "is not a record of a game: not valid JSON"),
    (b"\xff\xfe\x00", "is not a record of a game: not a record file"),
    ('{"game": "chess", "players": 4, "actions": []}', "is not a record of a game"),
    (None, "cannot read the record"),
], ids=["one-player", "not-json", "binary", "unknown-game", "missing"])
def test_run_record_refuses_a_file_that_is_no_game(tmp_path: Path, content: str | bytes | None,
                                                    why: str) -> None:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    done = RecordProcess(path, tmp_path / "home").run_to_end()
    assert done.returncode == 2, done.stderr
    assert why in done.stderr and done.stderr.startswith("jaccuse-table: "), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""
