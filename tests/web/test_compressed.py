"""Scripts and style sheets are served gzipped to a browser that takes gzip, and plain otherwise."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request

from controller.table import Table, TableConfig
from web import create_app
from web.compressed import _takes_gzip

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=3))
    table.start()
    yield create_app(table).test_client()
    table.stop()


@pytest.mark.parametrize("name", ["shell.js", "app.css"])
def test_a_script_is_gzipped_for_a_browser_that_takes_it(client: Any, name: str) -> None:
    plain = (STATIC / name).read_bytes()
    r = client.get(f"/static/{name}", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert r.status_code == 200
    assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
    assert gzip.decompress(r.data) == plain
    assert int(r.headers["Content-Length"]) == len(r.data) < len(plain) / 2


def test_without_gzip_the_file_comes_as_it_is(client: Any) -> None:
    plain = (STATIC / "shell.js").read_bytes()
    for headers in ({}, {"Accept-Encoding": "identity"}, {"Accept-Encoding": "gzip;q=0, identity"}):
        r = client.get("/static/shell.js", headers=headers)
        assert r.status_code == 200 and "Content-Encoding" not in r.headers, headers
        assert r.data == plain


def test_a_game_file_is_gzipped_too_and_a_missing_one_is_404(client: Any) -> None:
    games = Path(__file__).resolve().parents[2] / "controller" / "games"
    script = next(games.glob("*/static/*.js"))
    r = client.get(f"/static/{script.name}", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and gzip.decompress(r.data) == script.read_bytes()
    assert client.get("/static/nothing-here.js", headers={"Accept-Encoding": "gzip"}).status_code == 404


def test_accept_encoding_is_read_as_browsers_send_it() -> None:
    app = Flask(__name__)
    for header, takes in [("gzip", True), ("GZIP;q=0.5", True), ("br, *", True), ("gzip;q=0", False),
                          ("deflate", False), ("", False)]:  # fmt: skip
        with app.test_request_context(headers={"Accept-Encoding": header}):
            assert _takes_gzip(request) is takes, header
