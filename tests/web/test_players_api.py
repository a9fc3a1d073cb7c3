"""The players' side of the API and pages, through Flask's test client: names, the join code and seat
lock, the host's controls, the rules page, the styled not-found page, and who counts as the box itself."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from flask.testing import FlaskClient

from controller.lan import LanAddress, local_addresses
from controller.table import Table, TableConfig
from web import create_app, rulesdoc
from web.guards import BoxNames, is_the_box
from web.join_guard import JoinGuard

HOST_KEY = "h" * 43
BASE = "http://192.168.4.1:8000"
PHONE = {"REMOTE_ADDR": "192.168.4.23"}  # another machine on the Wi-Fi
BOX = {"REMOTE_ADDR": "127.0.0.1"}
KEY = {"X-Host-Key": HOST_KEY}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=5, bots=1, bot_delay=60))
    t.start()
    yield t
    t.stop()


@pytest.fixture
def client(table: Table) -> FlaskClient:
    return create_app(table, host_key=HOST_KEY, public_base=BASE).test_client()


def _host(client: FlaskClient, path: str, body: object) -> dict[str, object]:
    r = client.post(f"/api/host/{path}", json=body, headers=KEY)
    assert r.status_code == 200, r.get_json()
    return r.get_json()  # type: ignore[no-any-return]


def _qr(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, dark="#000", light="#fff")
    return out.getvalue()


def test_a_name_comes_with_the_seat_and_can_be_changed(client: FlaskClient) -> None:
    r = client.post("/api/join", json={"seat": 0, "name": "  Zoë  "}, environ_base=PHONE)
    assert r.status_code == 200 and r.get_json()["name"] == "Zoë"
    token = r.get_json()["token"]
    bad = client.post("/api/join", json={"seat": 1, "name": "y" * 25}, environ_base=PHONE)
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "bad_name"
    assert client.post("/api/join", json={"seat": 1, "name": 12}).status_code == 400
    # the bot of seat 4 has a name of its own (issue 25)
    assert client.get("/api/table").get_json()["names"] == ["Zoë", None, None, None, "Euler"]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/me", headers=auth).get_json()["name"] == "Zoë"
    r = client.post("/api/me/name", json={"name": "<script>x</script>"}, headers=auth)
    assert r.status_code == 200 and r.get_json()["name"] == "<script>x</script>"
    assert client.post("/api/me/name", json={"name": "z" * 30}, headers=auth).status_code == 400
    stranger = {"Authorization": "Bearer no"}
    assert client.post("/api/me/name", json={"name": "x"}, headers=stranger).status_code == 401
    seats = client.get("/api/seats").get_json()["seats"]
    assert seats[0]["name"] == "<script>x</script>" and seats[4]["bot"]


def test_the_join_code_reaches_only_the_box_and_the_host_and_guessing_is_slowed(client: FlaskClient) -> None:
    code = _host(client, "join-code", {"code": "new"})["join_code"]
    assert isinstance(code, str)
    assert client.get("/api/box", environ_base=BOX).get_json()["join_code"] == code
    assert "join_code" not in client.get("/api/box", environ_base=PHONE).get_json()
    phone_box = client.get("/api/box", environ_base=PHONE, headers=KEY).get_json()
    assert phone_box["join_code"] == code  # the host key opens it anywhere
    for path in ("/api/table", "/api/seats", "/seat/0", "/"):
        assert code not in client.get(path, environ_base=PHONE).get_data(as_text=True)
    # the QR code carries the code for the box's own screen and the host only
    assert client.get("/qr/seat/1.svg", environ_base=BOX).data == _qr(f"{BASE}/seat/1?code={code}")
    with_key = client.get(f"/qr/seat/1.svg?key={HOST_KEY}", environ_base=PHONE).data
    assert with_key == _qr(f"{BASE}/seat/1?code={code}")
    assert client.get("/qr/seat/1.svg", environ_base=PHONE).data == _qr(f"{BASE}/seat/1")
    # joining needs the code; five wrong guesses from one address and it has to wait
    r = client.post("/api/join", json={"seat": 1}, environ_base=PHONE)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "join_code"
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        r = client.post("/api/join", json={"seat": 1, "code": wrong}, environ_base=PHONE)
        assert r.status_code == 403
    r = client.post("/api/join", json={"seat": 1, "code": code}, environ_base=PHONE)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    other = {"REMOTE_ADDR": "192.168.4.24"}
    assert client.post("/api/join", json={"seat": 1, "code": code}, environ_base=other).status_code == 200


def test_a_released_seat_cannot_be_regrabbed_by_a_script_without_the_code_or_while_locked(
    client: FlaskClient,
) -> None:
    """Issue 17 point 11: a script polling /api/join re-took a released seat before its player scanned."""
    code = _host(client, "join-code", {"code": "new"})["join_code"]
    assert client.post("/api/join", json={"seat": 0, "code": code}, environ_base=PHONE).status_code == 200
    _host(client, "release", {"seat": 0})
    script = {"REMOTE_ADDR": "192.168.4.66"}
    for _ in range(3):  # the script tries at once, and again, without the code on the table's screen
        r = client.post("/api/join", json={"seat": 0}, environ_base=script)
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "join_code"
    _host(client, "lock", {"locked": True})  # the host may also lock every free seat meanwhile
    r = client.post("/api/join", json={"seat": 0, "code": code}, environ_base=PHONE)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "seats_locked"
    _host(client, "lock", {"locked": False})
    assert client.post("/api/join", json={"seat": 0, "code": code}, environ_base=PHONE).status_code == 200


def test_the_host_locks_the_seats_and_hands_a_bot_seat_to_a_person(client: FlaskClient) -> None:
    assert client.post("/api/host/lock", json={"locked": True}).status_code == 401  # no key
    assert client.post("/api/host/lock", json={"locked": "yes"}, headers=KEY).status_code == 400
    assert client.post("/api/host/nothing", json={}, headers=KEY).status_code == 404
    _host(client, "lock", {"locked": True})
    r = client.post("/api/join", json={"seat": 0})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "seats_locked"
    _host(client, "lock", {"locked": False})
    assert client.post("/api/join", json={"seat": 4}).status_code == 409  # the bot's
    _host(client, "hand-over", {"seat": 4})
    assert client.post("/api/join", json={"seat": 4, "name": "Dee"}).status_code == 200
    state = client.get("/api/host/state", headers=KEY).get_json()
    assert state["seats"][4] == {"seat": 4, "claimed": True, "bot": False, "name": "Dee", "handed_over": True,
                                 "level": None}
    assert state["clock"] == {"seconds": 0, "deadline": None} and state["join_code"] is None
    assert client.get("/api/host/state").status_code == 401


def test_the_host_sets_the_shot_clock(client: FlaskClient) -> None:
    assert client.post("/api/host/clock", json={"seconds": 2}, headers=KEY).status_code == 400
    assert client.post("/api/host/clock", json={"seconds": "30"}, headers=KEY).status_code == 400
    assert _host(client, "clock", {"seconds": 30})["clock"] == 30
    assert client.get("/api/table").get_json()["clock"]["seconds"] == 30
    assert isinstance(client.get("/api/box").get_json()["now"], float)  # the pages count down against it


def test_a_seat_page_says_at_once_whether_the_seat_can_be_taken(client: FlaskClient) -> None:
    free = client.get("/seat/2").get_data(as_text=True)
    assert "Seat 2 is free" in free and re.search(r'id="codebox"[^>]* hidden>', free)
    bot = client.get("/seat/4").get_data(as_text=True)
    assert "A bot plays seat 4" in bot and re.search(r'id="joinform"[^>]* hidden>', bot)
    client.post("/api/join", json={"seat": 1, "name": "<b>Bo</b>"})
    taken = client.get("/seat/1").get_data(as_text=True)
    assert "taken by &lt;b&gt;Bo&lt;/b&gt;" in taken and "<b>Bo</b>" not in taken  # escaped
    _host(client, "join-code", {"code": "1234"})
    assert not re.search(r'id="codebox"[^>]* hidden>', client.get("/seat/2").get_data(as_text=True))


def test_the_rules_page_is_the_rules_document_and_needs_nothing_from_outside(client: FlaskClient) -> None:
    r = client.get("/rules")
    assert r.status_code == 200 and r.mimetype == "text/html"
    html = r.get_data(as_text=True)
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html)
    for heading in ("A turn in five lines", "Membership and network at a glance", "Rulings at a glance"):
        assert heading in html
    assert "<svg" in html and all(f"R{n}" in html for n in range(1, 24))
    # the page is made from docs/rules.md: regenerate it (python -m web.rulesdoc) after editing that file
    assert rulesdoc.target().read_text(encoding="utf-8") == rulesdoc.generated(), (
        "controller/games/jaccuse/templates/rules_doc.html is stale: run .venv/bin/python -m web.rulesdoc"
    )
    for page in ("/", "/seat/0"):
        assert 'href="/rules"' in client.get(page).get_data(as_text=True)


def test_the_markdown_reader_escapes_and_keeps_structure() -> None:
    html = rulesdoc.render("# T\n\nA <b>x</b> **bold** `c<d>` [link](elsewhere.md)\n\n"
                           "- one\n  two\n- three\n\n| a | b |\n| --- | ---: |\n| 1 | 2 |\n")
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<strong>bold</strong>" in html
    assert "<code>c&lt;d&gt;</code>" in html
    assert "link" in html and "elsewhere.md" not in html
    assert "<ul><li>one two</li><li>three</li></ul>" in html and '<td class="num">2</td>' in html


def test_unknown_paths_get_the_styled_not_found_page_and_there_is_a_favicon(client: FlaskClient) -> None:
    for path in ("/nope", "/seat/x", "/static/missing.js", "/seat/1/extra", "/qr/seat/99.svg",
                 "/qr/seat/5.svg", "/qr/seat/x.svg", "/qr/seat/-1.svg", "/qr/nope", "/host/extra"):
        r = client.get(path)
        assert r.status_code == 404 and r.mimetype == "text/html", path
        assert "Not found" in r.get_data(as_text=True) and "app.css" in r.get_data(as_text=True), path
    # a seat page past the table's seats says which seats there are, on the same styled page
    r = client.get("/seat/99")
    assert r.status_code == 404 and r.mimetype == "text/html" and "app.css" in r.get_data(as_text=True)
    assert "seats 0 to 4" in r.get_data(as_text=True)
    assert client.get("/qr/seat/4.svg").mimetype == "image/svg+xml"  # a real seat still gets its code
    assert client.get("/api/nope").get_json()["error"]["code"] == "not_found"  # the API stays JSON
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml" and b"<svg" in icon.data


def test_the_box_itself_is_any_of_its_own_addresses() -> None:
    assert is_the_box("127.0.0.1") and is_the_box("::1") and is_the_box("::ffff:127.0.0.1")
    assert not is_the_box(None) and not is_the_box("") and not is_the_box("not an address")
    assert not is_the_box("0.0.0.0") and not is_the_box("203.0.113.9")
    mine = [a for a in local_addresses() if not a.startswith("127.") and a != "::1" and "%" not in a]
    for address in mine:
        assert is_the_box(address)
    # with the app's names, the addresses the box follows count (a LAN address it holds now)
    names = BoxNames(LanAddress(lambda: "192.0.2.7", lambda: frozenset({"192.0.2.7"})))
    assert is_the_box("192.0.2.7", names) and is_the_box("::ffff:192.0.2.7", names)
    assert not is_the_box("192.0.2.8", names)


def test_the_join_guard_forgets_after_its_window() -> None:
    guard = JoinGuard(tries=2, window=0.2)
    guard.failed("a")
    assert guard.blocked("a") == 0
    guard.failed("a")
    assert 0 < guard.blocked("a") <= 0.2 and guard.blocked("b") == 0
    import time

    time.sleep(0.25)
    assert guard.blocked("a") == 0


def test_names_that_impersonate_are_refused_through_the_api(client: FlaskClient) -> None:
    """Issue 24 point 5: "Seat 3", look-alikes of a taken name and invisible names were accepted."""
    phone = {"REMOTE_ADDR": "192.168.4.40"}
    assert client.post("/api/join", json={"seat": 0, "name": "Alice"}, environ_base=phone).status_code == 200
    for n, name in enumerate(["Seat 3", "seat 1", "Alice", "Alice\u200d", "\u0410lice", "\u3164", "\u2800",
                              "\uffa0", "\u115f", "\u034f", "\ufe0f"]):
        device = {"REMOTE_ADDR": f"10.0.0.{n}"}
        r = client.post("/api/join", json={"seat": 1, "name": name}, environ_base=device)
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_name", name
    assert client.get("/api/seats").get_json()["seats"][1]["claimed"] is False


def test_names_that_carry_another_seats_name_with_its_label_are_refused_through_the_api(
    client: FlaskClient,
) -> None:
    """Issue 36: with seat 0 called "N0", "N0 (seat 0)", "0 · N0" and "Out of time for N0" were taken."""
    assert client.post("/api/join", json={"seat": 0, "name": "N0"},
                       environ_base={"REMOTE_ADDR": "192.168.4.40"}).status_code == 200
    for n, name in enumerate(["N0 (seat 0)", "0 · N0", "Out of time for N0"]):
        device = {"REMOTE_ADDR": f"10.0.1.{n}"}
        r = client.post("/api/join", json={"seat": 1, "name": name}, environ_base=device)
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_name", name
    assert client.get("/api/seats").get_json()["seats"][1]["claimed"] is False
