"""The records of the HTTP contract through Flask's test client: /api/table/record, /api/games,
/api/games/N/record and /api/games/N/steps, their refusals, their shapes and the download name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import betrayal_box
import pytest
from betrayal_box import play
from flask.testing import FlaskClient
from web_helpers import LISTED_KEYS

from controller.games import registry
from controller.replay import replay_text
from controller.table import Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from betrayal_box.opened(tmp_path)


@pytest.fixture
def client(table: Table) -> FlaskClient:
    return betrayal_box.client_of(table)


def _error(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, (r.status_code, r.data[:300])
    body = r.get_json()
    assert body["ok"] is False and body["error"]["code"] == code and body["error"]["message"]
    assert r.headers["Cache-Control"] == "no-store"


def test_a_running_game_gives_no_record_and_no_steps(client: FlaskClient, table: Table) -> None:
    play(table, moves=5)
    for path in ("/api/table/record", "/api/games/1/record", "/api/games/1/steps",
                 "/api/table/record?download=1", "/api/games/1/steps?from=0&count=1"):
        _error(client.get(path), 409, "not_over")
    listed = client.get("/api/games")
    assert listed.status_code == 200 and listed.headers["Cache-Control"] == "no-store"
    (entry,) = listed.get_json()
    assert set(entry) == LISTED_KEYS
    assert (entry["game"], entry["name"], entry["players"], entry["over"], entry["winners"], entry["moves"]) \
        == (1, "betrayal", 3, False, [], 5)
    assert entry["names"] == [None, None, None]  # nobody has sat down


def test_the_listing_names_the_seats_as_the_table_does(client: FlaskClient, table: Table) -> None:
    assert table.join(0, "Ada").ok and table.join(2, "Bo").ok
    assert client.get("/api/games").get_json()[0]["names"] == ["Ada", None, "Bo"]
    final = play(table)
    assert table.rename(2, "Bea").ok
    (entry,) = client.get("/api/games").get_json()
    assert entry["over"] and entry["winners"] == sorted(final.winners)
    assert entry["names"] == ["Ada", None, "Bea"]
    # a finished game keeps the names its seats had when the next one was dealt
    assert table.new_game().ok and table.rename(0, "Cy").ok
    first, second = client.get("/api/games").get_json()
    assert first["names"] == ["Ada", None, "Bea"] and second["names"][0] == "Cy"


@pytest.mark.parametrize("path", ["/api/games/2/record", "/api/games/0/record", "/api/games/2/steps",
                                  "/api/games/-1/record", "/api/games/x/record", "/api/games/1.5/steps"])
def test_no_such_game(client: FlaskClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.get_json()["ok"] is False


def test_a_finished_games_record_and_its_retelling(client: FlaskClient, table: Table) -> None:
    final = play(table)
    r = client.get("/api/table/record")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert "Content-Disposition" not in r.headers
    record = r.get_json()
    assert record == client.get("/api/games/1/record").get_json()
    assert record["game"] == "betrayal" and record["options"] == {"twos_defend": False}
    assert len(record["actions"]) == final.version
    answer = replay_text(r.get_data(as_text=True))
    assert answer["ok"] and answer["winners"] == final.winners and answer["rows"] == \
        registry.rules("betrayal").replay_summary(final)["rows"]
    download = client.get("/api/games/1/record?download=1")
    disposition = download.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="betrayal-') and disposition.endswith('-game1.json"')
    assert json.loads(download.data) == record
    (entry,) = client.get("/api/games").get_json()
    assert entry["over"] and entry["winners"] == sorted(final.winners) and entry["moves"] == final.version
    page = client.get("/api/games/1/steps?from=2&count=3").get_json()
    assert (page["from"], page["to"], page["next"], page["last"]) == (2, 4, 5, final.version)
    assert [s["step"] for s in page["steps"]] == [2, 3, 4]
    assert page["steps"][0]["action"] == record["actions"][1]
    assert all(s["view"]["reveal"]["traitor"] == final.traitor for s in page["steps"])
    assert page["decisive"][-1] == {"step": final.version, "why": "end"}
    whole = client.get("/api/games/1/steps").get_json()
    assert whole["from"] == 0 and whole["steps"][0]["action"] is None  # step 0: the deal
    for bad in ("from=x", "count=", "from=1e3"):
        _error(client.get(f"/api/games/1/steps?{bad}"), 400, "bad_request")
    # after another deal the finished game is still there under its number, and the new one runs
    assert table.new_game().ok
    assert client.get("/api/games/1/record").get_json() == record
    _error(client.get("/api/games/2/record"), 409, "not_over")
    _error(client.get("/api/table/record"), 409, "not_over")
    assert [g["game"] for g in client.get("/api/games").get_json()] == [1, 2]
