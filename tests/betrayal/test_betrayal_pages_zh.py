"""Betrayal's server-made words in both languages: a zh-TW phone's seat page holds the one-screen how to
play in Chinese; an English phone's holds today's English, whitespace and markup as they were."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from controller.table import Table, TableConfig
from web import create_app

ZH = {"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.8"}
EN = {"Accept-Language": "en-US,en;q=0.9"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, seed=3, game="betrayal"))
    table.start()
    try:
        yield create_app(table, host_key="k" * 43, public_base="http://192.168.4.1:8000").test_client()
    finally:
        table.stop()


def _howto(page: str) -> str:
    found = re.search(r'<details class="panel howto" id="howto-betrayal">.*?</details>', page, re.S)
    assert found, "the seat page holds Betrayal's how to play"
    return found.group(0)


def test_the_how_to_play_in_chinese(client: FlaskClient) -> None:
    howto = _howto(client.get("/seat/1", headers=ZH).get_data(as_text=True))
    assert "背叛怎麼玩" in howto and "<b>叛徒</b>" in howto and "完整規則" in howto
    text = re.sub(r"<[^>]+>", " ", howto)
    assert re.findall(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", text) == []


def test_the_how_to_play_in_english_is_as_it_was(client: FlaskClient) -> None:
    howto = _howto(client.get("/seat/1", headers=EN).get_data(as_text=True))
    assert '<summary class="ctl">How to play Betrayal (one screen)</summary>' in howto
    assert ("<li>One player is the secret <b>traitor</b> (they hold the joker); everyone else is"
            " <b>loyal</b> and\n          hunts them.</li>") in howto
    assert ('<a class="btn" href="/rules/betrayal" target="_blank" rel="noopener">All the rules</a></details>'
            in howto)
