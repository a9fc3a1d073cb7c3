"""The pages and their assets through Flask's test client: served by the box, small, self-contained."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from controller.table import Table, TableConfig
from web import create_app

HOST_KEY = "k" * 43


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=6, seed=3))
    t.start()
    yield t
    t.stop()


@pytest.fixture
def client(table: Table) -> FlaskClient:
    app = create_app(table, host_key=HOST_KEY, public_base="http://192.168.4.1:8000")
    return app.test_client()


def _page_weight(client: FlaskClient, path: str, gzip: bool = True) -> int:
    """Bytes of a page plus every asset it loads (scripts, their imports, the style sheet), as a browser
    gets them (scripts and styles gzipped: every phone's browser takes gzip), or as files (``gzip``
    False: what the phone has to parse)."""
    headers = {"Accept-Encoding": "gzip"} if gzip else {}
    page = client.get(path)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    total = len(page.data)
    todo = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    seen: set[str] = set()
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url, headers=headers)
        assert r.status_code == 200, url
        total += len(r.data)
        plain = client.get(url).get_data(as_text=True) if gzip else r.get_data(as_text=True)
        for name in re.findall(r'from "\./([^"]+)"', plain):
            todo.append(f"/static/{name}")
    return total


@pytest.mark.parametrize("path", ["/", "/seat/0", f"/host?key={HOST_KEY}"])
def test_pages_load_only_local_assets_under_100_kb(client: FlaskClient, path: str) -> None:
    html = client.get(path).get_data(as_text=True)
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "a page must not load from outside the box"
    assert _page_weight(client, path) < 100 * 1024  # over the Wi-Fi
    assert _page_weight(client, path, gzip=False) < 150 * 1024  # to parse


def test_jaccuse_parts_come_from_its_package_and_the_shell_names_none(client: FlaskClient) -> None:
    """J'Accuse's page parts are modules of its package like every game's: the pages name them, the
    shell's scripts keep nothing of the game (its hand, its board). Each page fetches its part, the
    part's helpers and its stylesheet at once (a preload each, so no round trip waits for another), and
    with them weighs under 100 KB (``_page_weight`` follows the preloads)."""
    for path, kind in (("/", "table"), ("/seat/0", "phone")):
        html = client.get(path).get_data(as_text=True)
        assert 'data-game="jaccuse"' in html and 'data-parts="jaccuse"' in html
        assert 'id="hand"' not in html and 'id="seats"' not in html and 'id="bigreveal"' not in html
        for preload in (f'rel="modulepreload" href="/static/jaccuse_{kind}.js"',
                        'rel="modulepreload" href="/static/jaccuse_cards.js"',
                        'rel="preload" as="style" href="/static/jaccuse.css"'):
            assert preload in html, (path, preload)
        assert _page_weight(client, path) < 100 * 1024  # over the Wi-Fi
        assert _page_weight(client, path, gzip=False) < 150 * 1024  # to parse
    for shell in ("phone.js", "table.js", "shell.js", "app.css"):
        text = client.get(f"/static/{shell}").get_data(as_text=True)
        assert "bigreveal" not in text and "membership" not in text and ".chip" not in text, shell


def test_pages_forbid_outside_scripts(client: FlaskClient) -> None:
    csp = client.get("/").headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp


def test_seat_and_host_pages_refuse_what_does_not_exist(client: FlaskClient) -> None:
    assert client.get("/seat/6").status_code == 404
    assert client.get("/host").status_code == 401
    assert client.get("/host?key=wrong").status_code == 401
    assert "Seat 5" in client.get("/seat/5").get_data(as_text=True)


def test_join_qr_code_encodes_the_public_address(client: FlaskClient) -> None:
    r = client.get("/qr/seat/2.svg")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    assert client.get("/qr/seat/6.svg").status_code == 404
    import io

    import segno

    # segno draws the same text the same way: the code must hold the seat's link at the box's address
    out = io.BytesIO()
    segno.make("http://192.168.4.1:8000/seat/2", error="m").save(
        out, kind="svg", scale=4, border=2, dark="#000", light="#fff"
    )
    assert r.data == out.getvalue()


def test_play_again_needs_a_seat_token(client: FlaskClient) -> None:
    r = client.post("/api/table/new-game")
    assert r.status_code == 401
    token = client.post("/api/join", json={"seat": 0}).get_json()["token"]
    r = client.post("/api/table/new-game", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "not_over"


def test_host_link_only_for_the_box_itself(client: FlaskClient) -> None:
    here = client.get("/api/box", environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_json()
    assert here["host_link"] == f"http://192.168.4.1:8000/host?key={HOST_KEY}"
    phone = client.get("/api/box", environ_base={"REMOTE_ADDR": "192.168.4.23"}).get_json()
    assert "host_link" not in phone and HOST_KEY not in str(phone)


def test_the_emulated_oled_frame_says_which_frame_it_is(table: Table) -> None:
    class Display:
        def latest_png(self) -> bytes:
            return b"\x89PNG frame"

        def frame_info(self) -> dict[str, object]:
            return {"frames": 7, "version": 3, "version_at": 11.25}

    assert create_app(table).test_client().get("/api/display.png").status_code == 404
    r = create_app(table, display=Display()).test_client().get("/api/display.png")
    assert r.status_code == 200 and r.data == b"\x89PNG frame" and r.mimetype == "image/png"
    assert (r.headers["X-Frame"], r.headers["X-Frame-Version"], r.headers["X-Frame-Version-At"]) == (
        "7",
        "3",
        "11.25",
    )


@pytest.fixture
def betrayal_client(tmp_path: Path) -> Iterator[FlaskClient]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=5, game="betrayal", seed=3))
    t.start()
    yield create_app(t, host_key=HOST_KEY, public_base="http://192.168.4.1:8000").test_client()
    t.stop()


@pytest.mark.parametrize("path", ["/", "/seat/0", "/seat/4", f"/host?key={HOST_KEY}", "/rules/betrayal"])
def test_betrayal_pages_small_self_contained_with_csp(betrayal_client: FlaskClient, path: str) -> None:
    r = betrayal_client.get(path)
    html = r.get_data(as_text=True)
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "a page must not load from outside the box"
    assert _page_weight(betrayal_client, path) < 100 * 1024
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "unsafe" not in csp


def test_betrayal_parts_load_with_the_shared_pages(betrayal_client: FlaskClient) -> None:
    """Betrayal's modules come with the same phone and table pages: the page names the game's parts
    (its Game's page_parts), the shared script loads them from the game's package."""
    phone = betrayal_client.get("/static/phone.js").get_data(as_text=True)
    table = betrayal_client.get("/static/table.js").get_data(as_text=True)
    assert 'from "./gamepart.js"' in phone and 'from "./gamepart.js"' in table
    for kind in ("phone", "table", "cards"):
        module = betrayal_client.get(f"/static/betrayal_{kind}.js")
        assert module.status_code == 200 and "javascript" in module.mimetype
    assert betrayal_client.get("/seat/5").status_code == 404
    for path in ("/", "/seat/0"):
        html = betrayal_client.get(path).get_data(as_text=True)
        assert "<title>Betrayal" in html and 'href="/rules/betrayal"' in html
        assert 'data-game="betrayal"' in html and 'data-parts="betrayal"' in html
    rules = betrayal_client.get("/rules/betrayal").get_data(as_text=True)
    assert "Betrayal" in rules and "B16" in rules


#: classes only Betrayal's page parts draw: their rules live in its package's betrayal.css
BETRAYAL_CLASSES = ("atag", *(f"a{i}" for i in range(8)), "army", "other", "traitor", "traitorbox",
                    "suitpair", "lastacc", "fight", "loser", "vs", "verdict", "hiderow", "peeks", "peekitem",
                    "titles", "titlerow", "bboard", "btop", "barmies", "barmy", "brow", "slot", "joker",
                    "tiny", "up", "down", "wasdown", "bend")


def test_betrayal_styles_come_from_its_package_and_the_shell_names_none(betrayal_client: FlaskClient) -> None:
    """Betrayal's look is its own: app.css (every game's shell) holds none of its classes; both its parts
    name betrayal.css as their STYLES, which the box serves and each page preloads."""
    shell = betrayal_client.get("/static/app.css").get_data(as_text=True)
    named = [c for c in BETRAYAL_CLASSES if re.search(rf"[.]{c}(?![\w-])", shell)]
    assert named == [], f"app.css still styles Betrayal's {named}"
    for kind in ("phone", "table"):
        part = betrayal_client.get(f"/static/betrayal_{kind}.js").get_data(as_text=True)
        assert re.search(r'^export const STYLES = "betrayal\.css";', part, re.M), kind
    css = betrayal_client.get("/static/betrayal.css")
    assert css.status_code == 200 and css.mimetype == "text/css"
    text = css.get_data(as_text=True)
    assert ".barmy" in text and ".atag" in text and ".traitorbox" in text
    for path in ("/", "/seat/0"):
        html = betrayal_client.get(path).get_data(as_text=True)
        assert 'rel="preload" as="style" href="/static/betrayal.css"' in html, path


def test_every_game_names_its_style_sheet_by_styles_alone() -> None:
    """Each game's page parts name their style sheet by STYLES (gamepart.js links it, once, before the
    part draws): no part or helper of a game links a sheet of its own."""
    games = Path(__file__).resolve().parents[2] / "controller" / "games"
    for sheet in sorted(games.glob("*/static/*.css")):
        stem = sheet.stem
        for kind in ("phone", "table"):
            part = (sheet.parent / f"{stem}_{kind}.js").read_text()
            assert f'export const STYLES = "{stem}.css";' in part, (stem, kind)
        for script in sheet.parent.glob("*.js"):
            assert "stylesheet" not in script.read_text(), script


def test_betrayal_rules_page_is_docs_betrayal_md() -> None:
    from web import rulesdoc

    target = rulesdoc.target("betrayal")
    assert target.read_text(encoding="utf-8") == rulesdoc.generated("betrayal"), (
        "controller/games/betrayal/templates/betrayal_doc.html is stale: run .venv/bin/python -m web.rulesdoc"
    )
