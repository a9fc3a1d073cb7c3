"""The room's retelling through Flask's test client: ``POST /api/host/retell`` moves it, the public view
(and the host's state) carries it as ``retelling``, and only a game that is over is ever retold."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import betrayal_box
import pytest
from betrayal_box import play
from flask.testing import FlaskClient

from controller.table import Table, rules_part
from controller.table.journal import FILENAME


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    yield from betrayal_box.opened(tmp_path)


@pytest.fixture
def client(table: Table) -> FlaskClient:
    return betrayal_box.client_of(table)


def _retell(client: FlaskClient, body: object, status: int = 200, code: str | None = None) -> Any:
    r = client.post("/api/host/retell", json=body, headers=betrayal_box.HOST)
    assert r.status_code == status, r.data[:300]
    if code is not None:
        assert r.get_json()["error"]["code"] == code
    return r.get_json()


def _shown(client: FlaskClient) -> Any:
    return client.get("/api/table").get_json()["retelling"]


def test_the_host_steps_the_room_through_a_finished_game(client: FlaskClient, table: Table) -> None:
    final = play(table)
    last = final.version
    page = client.get(f"/api/games/1/steps?count={last + 1}").get_json()
    marks = sorted({m["step"] for m in page["turning_points"]} | {d["step"] for d in page["decisive"]})
    assert marks and marks[-1] == last and page["parts"] == "betrayal"
    assert _shown(client) is None
    first = _retell(client, {"game": 1})["retelling"]
    assert first == {"game": 1, "name": "betrayal", "step": 0, "last": last}
    seen = [0]
    for move in ("forward", "forward", "back"):
        seen.append(_retell(client, {"move": move})["retelling"]["step"])  # the game being retold
    assert seen == [0, 1, 2, 1]
    # from one turning point to the next, and back, as the steps' marks say
    here, ahead = 1, []
    while here < last:
        here = _retell(client, {"game": 1, "move": "next_turn"})["retelling"]["step"]
        ahead.append(here)
    assert ahead == [m for m in marks if m > 1]
    expected = [m for m in reversed(marks) if m < last] + [0, 0]
    assert [_retell(client, {"move": "prev_turn"})["retelling"]["step"] for _ in expected] == expected
    assert _retell(client, {"game": 1, "step": 5})["retelling"]["step"] == 5
    assert _retell(client, {"game": 1, "step": last + 40})["retelling"]["step"] == last  # past the end
    assert _retell(client, {"move": "start"})["retelling"]["step"] == 0
    assert _retell(client, {"move": "back"})["retelling"]["step"] == 0
    assert _retell(client, {"move": "end"})["retelling"]["step"] == last
    # every screen follows it: the public view, each seat's copy of it and the host's state
    public = client.get("/api/table").get_json()
    assert public["retelling"] == {"game": 1, "name": "betrayal", "step": last, "last": last}
    assert "retelling" not in rules_part(public)  # the table's key, not the rules'
    host = client.get("/api/host/state", headers=betrayal_box.HOST).get_json()
    assert host["retelling"] == public["retelling"]
    assert all(view["table"]["retelling"] == public["retelling"] for view in table.snapshot().seats)
    assert _retell(client, {"game": None}) == {"ok": True, "retelling": None}
    assert _shown(client) is None


def test_a_running_game_is_never_retold(client: FlaskClient, table: Table) -> None:
    play(table, moves=6)
    for body in ({"game": 1}, {"game": 1, "step": 2}, {"game": 1, "move": "end"}):
        body_ = _retell(client, body, 409, "not_over")
        assert set(body_) == {"ok", "error"}
        assert _shown(client) is None
    _retell(client, {"move": "forward"}, 409, "not_retelling")
    _retell(client, {"game": 2}, 404, "no_such_game")
    # once over it may be; a new deal ends the retelling, and the new game is refused while it runs
    play(table)  # on from where it was
    assert _retell(client, {"game": 1, "step": 2})["retelling"]["step"] == 2
    assert table.new_game().ok
    assert _shown(client) is None
    _retell(client, {"game": 2}, 409, "not_over")
    assert _retell(client, {"game": 1, "move": "end"})["retelling"]["game"] == 1  # an older game: any time
    assert _shown(client)["game"] == 1


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "1"}, 400, "bad_request"), ({"game": 0}, 400, "bad_request"),
    ({"game": True}, 400, "bad_request"),
    ({"game": 1, "step": -1}, 400, "bad_request"), ({"game": 1, "step": 1.5}, 400, "bad_request"),
    ({"game": 1, "move": "sideways"}, 400, "bad_request"), ([1], 400, "bad_request"),
])
def test_what_the_host_may_not_ask(
    client: FlaskClient, table: Table, body: object, status: int, code: str
) -> None:
    play(table)
    _retell(client, body, status, code)
    assert _shown(client) is None


def test_only_the_host_moves_it_and_nothing_is_written(
    client: FlaskClient, table: Table, tmp_path: Path
) -> None:
    play(table)
    assert client.post("/api/host/retell", json={"game": 1}).status_code == 401
    wrong = {"X-Host-Key": "nope"}
    assert client.post("/api/host/retell", json={"game": 1}, headers=wrong).status_code == 401
    plain = {**betrayal_box.HOST, "Content-Type": "text/plain"}
    r = client.post("/api/host/retell", data="game=1", headers=plain)
    assert r.status_code == 415
    assert _shown(client) is None
    files = _journal(tmp_path)
    for step in range(0, 12, 3):
        _retell(client, {"game": 1, "step": step})
    _retell(client, {"game": None})
    assert _journal(tmp_path) == files


def _journal(data_dir: Path) -> dict[str, bytes]:
    """The journal and its write-ahead log, byte for byte (the -shm is the readers' index, not data)."""
    return {p.name: p.read_bytes() for p in data_dir.iterdir() if p.name in (FILENAME, f"{FILENAME}-wal")}


def test_a_restart_keeps_the_game_and_drops_the_retelling(
    client: FlaskClient, table: Table, tmp_path: Path
) -> None:
    """The retelling is where the room looks, not part of the game: a restart in the middle of one
    gives back the very game that was kept (its views and version), and the table, not the retelling."""
    final = play(table)
    assert table.new_game().ok  # game 2 dealt: game 1 is kept, the room retells it meanwhile
    _retell(client, {"game": 1, "step": 7})
    _retell(client, {"move": "next_turn"})
    before = table.snapshot()
    assert before.public["retelling"]["step"] > 7
    table.stop()
    again = Table.open(betrayal_box.config(tmp_path))
    again.start()
    try:
        after = again.snapshot()
        assert after.public["retelling"] is None
        assert (after.game, after.version) == (before.game, before.version) == (2, 0)
        assert rules_part(after.public) == rules_part(before.public)
        assert [rules_part(v) for v in after.seats] == [rules_part(v) for v in before.seats]
        fresh = betrayal_box.client_of(again)
        steps = fresh.get(f"/api/games/1/steps?from={final.version}&count=1").get_json()
        assert steps["last"] == final.version and steps["steps"][0]["view"]["over"]
        assert _retell(fresh, {"game": 1, "move": "end"})["retelling"]["step"] == final.version
    finally:
        again.stop()
