"""Endpoint shapes and errors through Flask's test client (no server process)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from controller.games.jaccuse import Action
from controller.table import Table, TableConfig
from web import MAX_BODY, create_app

PUBLIC_KEYS = {
    "version",
    "players",
    "over",
    "stability",
    "policies",
    "president",
    "xp",
    "hand_counts",
    "table_cards",
    "awaiting",
    "winning_color",
    "winners",
    "phase",
}
ME_KEYS = {"seat", "hand", "membership", "network", "selected", "acts", "table"}
HOST_KEY = "h" * 43


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=5))
    t.start()
    yield t
    t.stop()


@pytest.fixture
def client(table: Table) -> FlaskClient:
    return create_app(table, host_key=HOST_KEY).test_client()


def _join(client: FlaskClient, seat: int) -> str:
    r = client.post("/api/join", json={"seat": seat})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["seat"] == seat
    return str(body["token"])


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _assert_error(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, (r.status_code, r.data[:200])
    body = r.get_json()
    assert body["ok"] is False and set(body["error"]) == {"code", "message"}
    assert isinstance(body["error"]["code"], str) and isinstance(body["error"]["message"], str)
    return body["error"]  # type: ignore[no-any-return]


def test_public_view_shape(client: FlaskClient) -> None:
    r = client.get("/api/table")
    assert r.status_code == 200
    view = r.get_json()
    assert set(view) >= PUBLIC_KEYS
    assert view["version"] == 0 and view["players"] == 5 and "seed" not in json.dumps(view)


def test_join_and_me(client: FlaskClient) -> None:
    token = _join(client, 1)
    _assert_error(client.post("/api/join", json={"seat": 1}), 409)
    _assert_error(client.post("/api/join", json={"seat": 5}), 404)
    _assert_error(client.post("/api/join", json={"seat": "1"}), 400)
    _assert_error(client.post("/api/join", json={"seat": True}), 400)
    _assert_error(client.post("/api/join", data="{nope", content_type="application/json"), 400)
    _assert_error(client.post("/api/join", json=[1]), 400)
    me = client.get("/api/me", headers=_auth(token)).get_json()
    assert set(me) >= ME_KEYS and me["seat"] == 1 and len(me["hand"]) == 7
    assert set(me["table"]) >= PUBLIC_KEYS


def test_cookie_works_too(table: Table) -> None:
    client = create_app(table).test_client()
    client.post("/api/join", json={"seat": 3})  # sets the cookie
    assert client.get("/api/me").get_json()["seat"] == 3


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer wrong"},
        {"Authorization": "Basic eA=="},
        {"Authorization": "Bearer " + "x" * 5000},
    ],
)
def test_me_needs_a_valid_token(client: FlaskClient, table: Table, headers: dict[str, str]) -> None:
    assert table.join(0).ok  # a seat exists, but this client holds no token or cookie
    # (the live stream /api/me/events is served outside Flask: tests/web/test_streams.py checks it)
    err = _assert_error(client.get("/api/me", headers=headers), 401)
    assert "seat" not in err["message"].replace("a valid seat token", "")
    _assert_error(client.post("/api/me/actions", json={"act": "pass"}, headers=headers), 401)


def test_actions_accept_refuse_and_reject(client: FlaskClient, table: Table) -> None:
    token = _join(client, 0)
    h = _auth(token)
    hand = client.get("/api/me", headers=h).get_json()["hand"]
    as_json = "application/json"  # a body of any other type is refused before it is read (web.guards)
    _assert_error(client.post("/api/me/actions", data="{", headers=h, content_type=as_json), 400)
    _assert_error(client.post("/api/me/actions", data=b"\xff\xfe", headers=h, content_type=as_json), 400)
    nested = "[" * 5000 + "]" * 5000
    _assert_error(client.post("/api/me/actions", data=nested, headers=h, content_type=as_json), 400)
    _assert_error(client.post("/api/me/actions", json=["act"], headers=h), 400)
    _assert_error(client.post("/api/me/actions", json={"act": "dance"}, headers=h), 400)
    _assert_error(client.post("/api/me/actions", json={"act": "vote", "card": 8}, headers=h), 400)
    _assert_error(client.post("/api/me/actions", json={"act": "vote", "card": "ZZ"}, headers=h), 400)
    _assert_error(
        client.post("/api/me/actions", json={"act": "give_xp", "to": "1", "amount": 1}, headers=h), 400
    )
    _assert_error(client.post("/api/me/actions", json={"act": "pass", "seat": 3}, headers=h), 400)
    big = "x" * (MAX_BODY + 1)
    _assert_error(client.post("/api/me/actions", data=big, headers=h, content_type="application/json"), 413)
    assert table.snapshot().version == 0
    err = _assert_error(client.post("/api/me/actions", json={"act": "pass"}, headers=h), 409)
    assert err["code"]
    r = client.post("/api/me/actions", json={"act": "membership", "card": hand[0]}, headers=h)
    assert r.status_code == 200
    body = r.get_json()
    assert body["ok"] is True and body["me"]["membership"] == hand[0] and body["me"]["table"]["version"] == 1
    assert client.get("/api/table").get_json()["version"] == 1


def test_pads_decide(tmp_path: Path) -> None:
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, pads="mock"))
    table.start()
    try:
        client = create_app(table).test_client()
        token = _join(client, 0)
        err = _assert_error(
            client.post("/api/me/actions", json={"act": "abstain"}, headers=_auth(token)), 409
        )
        assert err["code"] == "pads_decide"
    finally:
        table.stop()


def test_mock_pads_only_in_mock_mode(client: FlaskClient, table: Table) -> None:
    _assert_error(client.post("/api/mock/pads/0/reveal"), 404)
    mock = create_app(table, mock_press=table.press).test_client()
    _assert_error(mock.post("/api/mock/pads/0/jump"), 404)
    _assert_error(mock.post("/api/mock/pads/7/reveal"), 404)
    err = _assert_error(mock.post("/api/mock/pads/0/abstain"), 409)  # setup phase: no election yet
    assert err["code"]
    for seat in range(5):
        card = table.snapshot().seats[seat]["hand"][0]
        assert table.submit_action(seat, Action(seat=seat, act="membership", card=card)).ok
    r = mock.post("/api/mock/pads/2/abstain")
    assert r.status_code == 200 and 2 in r.get_json()["table"]["pressed"]


def test_host_release(client: FlaskClient) -> None:
    token = _join(client, 4)
    _assert_error(client.post("/api/host/release", json={"seat": 4}), 401)
    _assert_error(client.post("/api/host/release", json={"seat": 4}, headers={"X-Host-Key": "no"}), 401)
    hk = {"X-Host-Key": HOST_KEY}
    _assert_error(client.post("/api/host/release", json={"seat": 9}, headers=hk), 404)
    _assert_error(client.post("/api/host/release", json={"seat": 3}, headers=hk), 409)
    assert client.post("/api/host/release", json={"seat": 4}, headers=hk).status_code == 200
    _assert_error(client.get("/api/me", headers=_auth(token)), 401)
    assert _join(client, 4) != token
    assert client.get(f"/host?key={HOST_KEY}").status_code == 200
    assert client.get("/host?key=wrong").status_code == 401


def test_host_new_game_keeps_seats(client: FlaskClient, table: Table) -> None:
    token = _join(client, 1)
    hand = client.get("/api/me", headers=_auth(token)).get_json()["hand"]
    client.post("/api/me/actions", json={"act": "membership", "card": hand[0]}, headers=_auth(token))
    _assert_error(client.post("/api/host/new-game"), 401)
    r = client.post("/api/host/new-game", headers={"Authorization": f"Bearer {HOST_KEY}"})
    assert r.status_code == 200 and r.get_json()["game"] == 2
    assert client.get("/api/table").get_json()["version"] == 0
    assert client.get("/api/me", headers=_auth(token)).get_json()["seat"] == 1
    assert client.get("/api/box").get_json()["game"] == 2


def test_the_host_says_who_takes_the_seats_a_bigger_deal_adds(client: FlaskClient, table: Table) -> None:
    """Issue 33: the host page shows the box's choice for new seats before dealing, and sends its own."""
    host = {"X-Host-Key": HOST_KEY}
    assert client.get("/api/host/state", headers=host).get_json()["new_seats"] == "free"  # no bots here
    for bad in ("robots", 3, ["bots"]):
        r = client.post("/api/host/new-game", json={"players": 7, "new_seats": bad}, headers=host)
        _assert_error(r, 400)
        assert r.get_json()["error"]["code"] == "bad_game"
    r = client.post("/api/host/new-game", json={"players": 7, "new_seats": "bots"}, headers=host)
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == {"ok": True, "game": 2, "game_name": "jaccuse", "players": 7, "new_seats": "bots"}
    seats = client.get("/api/seats").get_json()["seats"]
    assert [x["bot"] for x in seats] == [False] * 5 + [True, True]
    assert client.get("/api/host/state", headers=host).get_json()["new_seats"] == "bots"


def test_the_box_says_when_and_of_which_game_its_start_up_lines_were_said(client: FlaskClient) -> None:
    """The table page tells the start-up lines only while fresh and about the game dealt (issue 33)."""
    box = client.get("/api/box").get_json()
    assert box["said_game"] == box["game"] == 1
    assert 0 <= box["now"] - box["said_at"] < 30
    r = client.post("/api/host/new-game", json={}, headers={"X-Host-Key": HOST_KEY})
    assert r.status_code == 200
    later = client.get("/api/box").get_json()
    assert (later["game"], later["said_game"], later["said_at"]) == (2, 1, box["said_at"])


def test_misc_routes(client: FlaskClient) -> None:
    _assert_error(client.get("/api/nothing"), 404)
    _assert_error(client.get("/api/join"), 405)
    _assert_error(client.get("/api/display.png"), 404)
    assert client.get("/").status_code == 200
    assert client.get("/seat/2").status_code == 200
    seats = client.get("/api/seats").get_json()
    assert seats["players"] == 5 and len(seats["seats"]) == 5
    assert "status" in client.get("/api/box").get_json()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
bodies = (
    st.binary(max_size=200)
    | json_values.map(lambda v: json.dumps(v).encode())
    | st.fixed_dictionaries(
        {"act": st.sampled_from(["vote", "reveal", "parley", "accuse", "give_xp", "enact", "x"])},
        optional={
            "card": json_values | st.sampled_from(["8D", "RJ", "10H"]),
            "target": json_values,
            "cards": json_values,
            "color": json_values,
            "to": json_values,
            "amount": json_values,
        },
    ).map(lambda v: json.dumps(v).encode())
)


@given(body=bodies)
def test_no_body_gets_a_5xx(tmp_path_factory: pytest.TempPathFactory, body: bytes) -> None:
    global _FUZZ
    if _FUZZ is None:
        t = Table.open(TableConfig(data_dir=tmp_path_factory.mktemp("fuzz"), players=5, seed=9))
        t.start()
        c = create_app(t).test_client()
        _FUZZ = (t, c, _join(c, 0))
    table, client, token = _FUZZ
    before = table.snapshot().version
    for path, headers in (("/api/me/actions", _auth(token)), ("/api/join", {})):
        r = client.post(path, data=body, headers=headers, content_type="application/json")
        assert r.status_code < 500
        if r.status_code != 200:
            _assert_error(r, r.status_code)
            assert table.snapshot().version == before


_FUZZ: Any = None


def test_a_seat_changing_its_vote_too_fast_is_told_when_to_try_again(
    client: FlaskClient, table: Table
) -> None:
    for seat in range(5):
        card = table.snapshot().seats[seat]["hand"][0]
        assert table.submit_action(seat, Action(seat=seat, act="membership", card=card)).ok
    token = _join(client, 0)
    me = client.get("/api/me", headers=_auth(token)).get_json()
    cards = next(m["cards"] for m in me["moves"] if m["act"] == "vote")
    votes = [{"act": "vote", "card": cards[n % len(cards)]} for n in range(12)]
    # the round's first selection, then changes well past the burst of 8
    answers = [client.post("/api/me/actions", json=v, headers=_auth(token)) for v in votes]
    assert [r.status_code for r in answers[:9]] == [200] * 9
    refused = next(r for r in answers[9:] if r.status_code == 429)
    assert _assert_error(refused, 429)["code"] == "too_fast" and refused.headers["Retry-After"] == "1"
