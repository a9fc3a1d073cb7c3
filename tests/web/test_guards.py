"""Who may do what (issue 17, points 10-12): web.guards in front of every route, mock pads, host key.

Each test first shows the attack that used to work -- a page on another site posting to the box, a
laptop on the Wi-Fi pressing any seat's virtual pad, a rebound DNS name reading the host link -- and
that it is now refused with the documented error shape, changing nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from controller.lan import LanAddress
from controller.table import HostKey, Table, TableConfig
from web import create_app
from web.guards import STATE_CHANGING, BoxNames, host_acceptable, is_loopback, origin_acceptable, split_host
from web.tokens import COOKIE

BOX = "192.168.1.20"  # the box's LAN address in these tests
PHONE = "192.168.1.50"  # another device on the Wi-Fi
ORIGIN = f"http://{BOX}:8000"


def _names(address: str = BOX, **kw: Any) -> BoxNames:
    lan = LanAddress(lambda: address, lambda: frozenset({address}))
    return BoxNames(lan, hostname="jaccuse-box", **kw)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=5, pads="mock"))
    t.start()
    yield t
    t.stop()


def _app(table: Table, tmp_path: Path, **kw: Any) -> Flask:
    options: dict[str, Any] = {
        "host_key": HostKey(tmp_path), "mock_press": table.press, "names": _names(),
        "public_base": f"http://{BOX}:8000",
    }
    return create_app(table, **(options | kw))


def _from(address: str, host: str = f"{BOX}:8000") -> dict[str, Any]:
    """Test-client options for a request from ``address`` naming ``host``."""
    return {"environ_base": {"REMOTE_ADDR": address}, "headers": {"Host": host}}


def _error(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, (r.status_code, r.data[:200])
    body = r.get_json()
    assert body["ok"] is False and body["error"]["code"] == code and body["error"]["message"]


# ---------------------------------------------------------------- point 12: Host (DNS rebinding)


def test_the_host_check_knows_the_box_names_and_addresses() -> None:
    names = _names(extra=["jaccuse.lan"], public_base="http://table.example:8000")
    for good in (f"{BOX}:8000", BOX, "localhost:8000", "127.0.0.1", "[::1]:8000", "::1", "jaccuse-box",
                 "JACCUSE-BOX.local:8000", "jaccuse.lan", "table.example", "foo.localhost", None, ""):
        assert host_acceptable(good, names), good
    for bad in ("evil.example", "evil.example:8000", "192.168.1.21:8000", "10.0.0.1", "jaccuse-box.evil",
                "[::1", "a b", f"{BOX}:99999", f"{BOX}:x", "user@localhost", "localhost/x", "[fe80::1]:80"):
        assert not host_acceptable(bad, names), bad
    assert split_host("[fe80::1%25eth0]:8000") == ("fe80::1%25eth0", 8000)


def test_a_rebound_name_cannot_read_the_host_link_from_a_browser_on_the_box(
    table: Table, tmp_path: Path
) -> None:
    client = _app(table, tmp_path).test_client()
    # the page of rebind.attacker.example runs in the box's own browser (a loopback client)
    r = client.get("/api/box", **_from("127.0.0.1", "rebind.attacker.example:8000"))
    _error(r, 421, "unknown_host")
    assert b"host?key=" not in r.data
    # (the live streams are served outside Flask: tests/web/test_streams.py and test_server_process.py
    # check that they refuse the name too)
    for path in ("/", "/host", "/api/table", "/static/app.css"):
        assert client.get(path, **_from("127.0.0.1", "rebind.attacker.example:8000")).status_code == 421
    # under the box's own name the same browser gets it, as before
    ok = client.get("/api/box", **_from("127.0.0.1", "127.0.0.1:8000")).get_json()
    assert ok["host_link"].endswith(HostKey(tmp_path).current())


def test_the_host_check_follows_the_address(table: Table, tmp_path: Path) -> None:
    address = [BOX]
    lan = LanAddress(lambda: address[0], lambda: frozenset({address[0]}), every=0.0)
    client = _app(table, tmp_path, names=BoxNames(lan, hostname="box")).test_client()
    assert client.get("/api/table", **_from(PHONE, "192.168.7.9:8000")).status_code == 421
    address[0] = "192.168.7.9"  # a new lease
    assert client.get("/api/table", **_from(PHONE, "192.168.7.9:8000")).status_code == 200


# ---------------------------------------------------------------- point 11: Origin and JSON


def test_a_page_on_another_site_cannot_grab_a_seat(table: Table, tmp_path: Path) -> None:
    client = _app(table, tmp_path).test_client()
    attacks: list[dict[str, Any]] = [
        # fetch() with a JSON body from another site (the browser sends its Origin)
        {"json": {"seat": 0}, "headers": {"Origin": "http://evil.example"}},
        {"json": {"seat": 0}, "headers": {"Origin": "null"}},
        {"json": {"seat": 0}, "headers": {"Origin": f"http://{BOX}:9999"}},  # another port: another site
        {"json": {"seat": 0}, "headers": {"Sec-Fetch-Site": "cross-site"}},
        # forms need no preflight: a text/plain form can carry a JSON-looking body
        {"data": '{"seat": 0, "x": "="}', "content_type": "text/plain"},
        {"data": "seat=0", "content_type": "application/x-www-form-urlencoded"},
        {"data": {"seat": "0"}, "content_type": "multipart/form-data"},
        {"data": '{"seat": 0}'},  # a body with no type at all
    ]
    for attack in attacks:
        headers = {"Host": f"{BOX}:8000", **attack.pop("headers", {})}
        r = client.post("/api/join", headers=headers, environ_base={"REMOTE_ADDR": PHONE}, **attack)
        assert r.status_code in (403, 415), (attack, r.status_code)
        _error(r, r.status_code, "cross_origin" if r.status_code == 403 else "json_required")
        assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert table.snapshot().claimed[0] is None
    # the box's own page (same origin) and a script without an Origin still join
    r = client.post("/api/join", json={"seat": 0}, headers={"Host": f"{BOX}:8000", "Origin": ORIGIN})
    assert r.status_code == 200
    client.delete_cookie(COOKIE, domain=BOX)  # the script runs on another device: no seat cookie
    assert client.post("/api/join", json={"seat": 1}, **_from(PHONE)).status_code == 200


def test_every_state_changing_route_is_guarded(table: Table, tmp_path: Path) -> None:
    app = _app(table, tmp_path)
    client = app.test_client()
    before = table.snapshot()
    from web.api import _HOST_SETTINGS

    routes = []
    for rule in app.url_map.iter_rules():
        path = rule.rule.replace("<int:seat>", "0").replace("<button>", "reveal")
        # every host setting by its own name (clock, join-code, lock, hand-over)
        paths = [path.replace("<setting>", n) for n in _HOST_SETTINGS] if "<setting>" in path else [path]
        routes += [(p, m) for p in paths for m in sorted(rule.methods or ()) if m in STATE_CHANGING]
    for named in ("/api/me/name", "/api/host/clock", "/api/host/join-code", "/api/host/lock",
                  "/api/host/hand-over", "/api/host/rotate-key", "/api/join", "/api/host/release"):
        assert (named, "POST") in routes, named
    token = table.join(4).data["token"]
    before = table.snapshot()
    key = HostKey(tmp_path).current()
    # with the right credentials and a body the route takes, only the guard stands in the way
    body = {"seat": 0, "name": "Eve", "seconds": 30, "code": "new", "locked": True}

    def creds(path: str) -> dict[str, str]:
        who = {"X-Host-Key": key} if path.startswith("/api/host/") else {"Authorization": f"Bearer {token}"}
        return {**who, "Host": f"{BOX}:8000"}

    for path, method in routes:
        cross = client.open(path, method=method, json=body, headers={**creds(path), "Origin": "https://evil.example"})
        _error(cross, 403, "cross_origin")
        form = client.open(path, method=method, data="a=1", content_type="application/x-www-form-urlencoded",
                           headers=creds(path))
        _error(form, 415, "json_required")
    after = table.snapshot()
    assert (after.version, after.claimed, after.game) == (before.version, before.claimed, before.game)
    assert (after.names, after.join_code, after.seats_locked, after.public["clock"]) == (
        before.names, before.join_code, before.seats_locked, before.public["clock"])
    assert HostKey(tmp_path).current() == key
    # the box's own pages get through the same routes (same origin, JSON)
    for path, send in (("/api/host/lock", {"locked": True}), ("/api/me/name", {"name": "Eve"})):
        assert client.post(path, json=send, headers={**creds(path), "Origin": ORIGIN}).status_code == 200
    assert table.snapshot().seats_locked and table.snapshot().names[4] == "Eve"


def test_origin_acceptable_compares_host_and_port() -> None:
    names = _names()
    assert origin_acceptable(ORIGIN, f"{BOX}:8000", names)
    assert origin_acceptable("http://localhost", "localhost", names)
    assert origin_acceptable("https://localhost", "localhost", names, scheme="https")
    assert not origin_acceptable("http://localhost:8001", "localhost:8000", names)
    assert not origin_acceptable("http://evil.example:8000", "evil.example:8000", names)
    assert not origin_acceptable("ftp://localhost", "localhost", names)
    assert not origin_acceptable("http://localhost:bad", "localhost", names)


def test_origin_acceptable_compares_the_scheme_and_refuses_user_info() -> None:
    """Issue 36: `https://127.0.0.1:P` and `http://evil.com@127.0.0.1:P` were taken for the box's page."""
    names = _names()
    assert origin_acceptable("http://127.0.0.1:8000", "127.0.0.1:8000", names)
    assert not origin_acceptable("https://127.0.0.1:8000", "127.0.0.1:8000", names)  # scheme differs
    assert not origin_acceptable("http://127.0.0.1:8000", "127.0.0.1:8000", names, scheme="https")
    assert not origin_acceptable("https://localhost", "localhost", names)
    for userinfo in ("evil.com@", "evil.com:pw@", "@", ":@"):
        assert not origin_acceptable(f"http://{userinfo}127.0.0.1:8000", "127.0.0.1:8000", names), userinfo
    assert not origin_acceptable("http://127.0.0.1:8000?x", "127.0.0.1:8000", names)
    assert not origin_acceptable("http://127.0.0.1:8000#x", "127.0.0.1:8000", names)


def test_the_api_refuses_an_origin_of_another_scheme_or_with_user_info(table: Table, tmp_path: Path) -> None:
    client = _app(table, tmp_path).test_client()
    for origin in (f"https://{BOX}:8000", f"http://evil.com@{BOX}:8000"):
        r = client.post("/api/join", json={"seat": 0}, headers={"Host": f"{BOX}:8000", "Origin": origin})
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "cross_origin", origin
    assert table.snapshot().claimed[0] is None


# ---------------------------------------------------------------- point 12: nosniff


def test_every_response_says_nosniff(table: Table, tmp_path: Path) -> None:
    client = _app(table, tmp_path).test_client()
    for method, path in (("GET", "/"), ("GET", "/seat/1"), ("GET", "/api/table"), ("GET", "/static/app.css"),
                         ("GET", "/qr/seat/0.svg"), ("GET", "/nope"), ("GET", "/api/me"),
                         ("POST", "/api/me/actions"), ("GET", "/host")):
        r = client.open(path, method=method, headers={"Host": "localhost"})
        assert r.headers.get("X-Content-Type-Options") == "nosniff", (path, r.status_code)
    # the live streams (outside Flask): tests/web/test_streams.py::test_every_stream_answer_says_nosniff


# ---------------------------------------------------------------- point 10: the virtual pads


def test_only_the_box_screen_or_the_seats_phone_may_press_its_pad(table: Table, tmp_path: Path) -> None:
    client = _app(table, tmp_path).test_client()
    token = client.post("/api/join", json={"seat": 2}, **_from(PHONE)).get_json()["token"]
    client.delete_cookie(COOKIE, domain=BOX)  # seat 3 is another phone (one device, one seat)
    assert client.post("/api/join", json={"seat": 3}, **_from("192.168.1.51")).status_code == 200
    # anyone else on the Wi-Fi, with no token or another seat's token, is refused
    _error(client.post("/api/mock/pads/0/abstain", **_from(PHONE)), 403, "not_your_pad")
    other = _from(PHONE)
    other["headers"]["Authorization"] = f"Bearer {token}"
    _error(client.post("/api/mock/pads/0/abstain", **other), 403, "not_your_pad")
    assert table.snapshot().public["version"] == 0
    # the seat's own phone may press its own pad (a press in setup is refused by the rules: 409)
    assert client.post("/api/mock/pads/2/abstain", **other).status_code == 409
    assert table.snapshot().pad_refusals[2] == 1
    # and the table page on the box's own screen may press any, opened by loopback or by the box's own
    # LAN address (the address it prints at start)
    assert client.post("/api/mock/pads/0/abstain", **_from("127.0.0.1")).status_code == 409
    assert client.post("/api/mock/pads/4/abstain", **_from(BOX)).status_code == 409
    assert client.post("/api/mock/pads/1/abstain", **_from("::ffff:127.0.0.1")).status_code == 409
    # but not a page of another site open in the box's own browser
    cross = _from("127.0.0.1")
    cross["headers"]["Origin"] = "http://evil.example"
    _error(client.post("/api/mock/pads/0/abstain", **cross), 403, "cross_origin")
    assert table.snapshot().pad_refusals[:2] == (1, 1) and table.snapshot().pad_refusals[4] == 1


def test_loopback_is_only_this_machine() -> None:
    for address in ("127.0.0.1", "127.5.5.5", "::1", "::ffff:127.0.0.1"):
        assert is_loopback(address)
    for address in ("192.168.1.50", "::ffff:192.168.1.50", "fe80::1", "", None, "localhost"):
        assert not is_loopback(address)


# ---------------------------------------------------------------- point 12: rotating the host key


def test_the_host_rotates_the_key_and_the_old_link_dies(table: Table, tmp_path: Path) -> None:
    client: FlaskClient = _app(table, tmp_path).test_client()
    old = HostKey(tmp_path).current()
    here = {"Host": f"{BOX}:8000"}
    assert client.get(f"/host?key={old}", headers=here).status_code == 200
    _error(client.post("/api/host/rotate-key", headers=here), 401, "unauthorized")
    r = client.post("/api/host/rotate-key", headers={**here, "X-Host-Key": old})
    assert r.status_code == 200
    link = r.get_json()["host_link"]
    new = link.rsplit("key=", 1)[1]
    assert link.startswith(f"http://{BOX}:8000/host?key=") and new != old and len(new) >= 43
    assert client.get(f"/host?key={old}", headers=here).status_code == 401
    _error(client.post("/api/host/new-game", headers={**here, "X-Host-Key": old}), 401, "unauthorized")
    assert client.get(f"/host?key={new}", headers=here).status_code == 200
    assert (tmp_path / "host-key").read_text().strip() == new


def test_a_rotation_by_another_process_reaches_the_running_app(table: Table, tmp_path: Path) -> None:
    client = _app(table, tmp_path).test_client()
    old = HostKey(tmp_path).current()
    new = HostKey(tmp_path).rotate()  # what `jaccuse-table host-key --rotate` does
    assert client.get(f"/host?key={old}", headers={"Host": "localhost"}).status_code == 401
    assert client.get(f"/host?key={new}", headers={"Host": "localhost"}).status_code == 200


def test_a_fixed_host_key_cannot_be_rotated(table: Table) -> None:
    client = create_app(table, host_key="k" * 43).test_client()
    r = client.post("/api/host/rotate-key", headers={"X-Host-Key": "k" * 43})
    _error(r, 409, "fixed_host_key")
