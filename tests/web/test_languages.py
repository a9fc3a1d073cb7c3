"""Each phone reads its own language: a zh-TW browser gets the pages in Traditional Chinese, an English one
today's pages byte for byte, a phone's switch (the "lang" cookie) wins over its browser; the table and host
pages follow the box's language (config, then the host's choice); the catalogue the scripts read is served
as cacheable JSON."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from controller.i18n.catalogues import catalogue_version
from controller.table import Table, TableConfig
from web import create_app

HOST_KEY = "k" * 43
ZH = {"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.8"}
EN = {"Accept-Language": "en-US,en;q=0.9"}
_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=6, seed=3))
    t.start()
    yield t
    t.stop()


@pytest.fixture
def client(table: Table) -> FlaskClient:
    return create_app(table, host_key=HOST_KEY, public_base="http://192.168.4.1:8000").test_client()


def _text(html: str) -> str:
    """What a reader sees of a page: its text, without tags, scripts' names or attributes."""
    return re.sub(r"<[^>]+>", " ", html)


def test_a_chinese_phone_gets_the_seat_page_in_chinese(client: FlaskClient) -> None:
    page = client.get("/seat/2", headers=ZH).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in page
    assert "2 號座位" in page and "坐上 2 號座位" in page and "規則" in page and "你不在的時候" in page
    assert f'href="/i18n/zh_Hant.json?v={catalogue_version("zh_Hant")}"' in page
    # no English sentence of the shell is left in what the page shows (the game's title aside)
    for english in ("Take seat", "While you were away", "Got it", "Your name", "Table page", "connecting"):
        assert english not in _text(page), english


def test_an_english_phone_gets_todays_page(client: FlaskClient) -> None:
    en = client.get("/seat/2", headers=EN).data
    assert client.get("/seat/2").data == en  # no header: English, the very same bytes
    page = en.decode()
    assert '<html lang="en">' in page and "i18n" not in page and not _CJK.search(page)
    assert "Take seat 2" in page and "Seat 2 is free." in page


def test_the_switch_wins_over_the_browser_and_each_phone_keeps_its_own(client: FlaskClient,
                                                                       table: Table) -> None:
    client.set_cookie("lang", "en")
    assert not _CJK.search(client.get("/seat/1", headers=ZH).get_data(as_text=True))
    other = create_app(table, host_key=HOST_KEY).test_client()
    other.set_cookie("lang", "zh_Hant")
    assert "1 號座位" in other.get("/seat/1", headers=EN).get_data(as_text=True)
    # a cookie the box does not speak is ignored: the browser's language again
    other.set_cookie("lang", "xx")
    assert "1 號座位" in other.get("/seat/1", headers=ZH).get_data(as_text=True)


def test_error_pages_speak_the_phones_language(client: FlaskClient) -> None:
    missing = client.get("/nowhere", headers=ZH)
    assert missing.status_code == 404 and "找不到頁面" in missing.get_data(as_text=True)
    seat = client.get("/seat/9", headers=ZH)
    assert seat.status_code == 404 and "這張牌桌的座位是 0 到 5 號" in seat.get_data(as_text=True)
    assert "Not found" in client.get("/nowhere", headers=EN).get_data(as_text=True)


def test_table_and_host_pages_follow_the_box_not_the_browser(table: Table) -> None:
    english_box = create_app(table, host_key=HOST_KEY).test_client()
    assert not _CJK.search(_text(english_box.get("/", headers=ZH).get_data(as_text=True)))
    chinese_box = create_app(table, host_key=HOST_KEY, language="zh_Hant").test_client()
    tv = chinese_box.get("/", headers=EN).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in tv and "開啟音效" in tv and "紀錄" in tv
    host = chinese_box.get(f"/host?key={HOST_KEY}", headers=EN).get_data(as_text=True)
    assert "誰可以入座" in host and "出手時限" in host
    assert "需要主持人連結" in chinese_box.get("/host", headers=EN).get_data(as_text=True)


def test_the_host_chooses_the_box_language_and_the_box_keeps_it(client: FlaskClient, table: Table) -> None:
    headers = {"X-Host-Key": HOST_KEY}
    refused = client.post("/api/host/language", json={"language": "klingon"}, headers=headers)
    assert refused.status_code == 400 and refused.get_json()["error"]["code"] == "bad_language"
    assert client.post("/api/host/language", json={"language": "zh_Hant"}).status_code == 401
    chosen = client.post("/api/host/language", json={"language": "zh_Hant"}, headers=headers)
    assert chosen.status_code == 200 and chosen.get_json()["language"] == "zh_Hant"
    assert "開啟音效" in client.get("/", headers=EN).get_data(as_text=True)
    state = client.get("/api/host/state", headers=headers).get_json()
    assert state["language"] == "zh_Hant" and set(state["languages"]) == {"en", "zh_Hant"}
    # journaled like every host setting: a box opened again on the same data keeps it
    data = table.config.data_dir
    table.stop()
    again = Table.open(TableConfig(data_dir=data, players=6, seed=3))
    again.start()
    try:
        assert again.snapshot().language == "zh_Hant"
    finally:
        again.stop()


def test_the_json_catalogue_is_small_and_cached_for_good(client: FlaskClient) -> None:
    version = catalogue_version("zh_Hant")
    r = client.get(f"/i18n/zh_Hant.json?v={version}")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert "immutable" in r.headers["Cache-Control"] and r.headers["ETag"] == f'"{version}"'
    body = json.loads(r.data)
    assert body["domains"]["web"]["Got it"] == "知道了" and body["domains"]["jaccuse"]["red"] == "紅色"
    assert len(r.data) < 150_000  # the shell's words and three games' (Hasty's some 35 kB): once a phone
    again = client.get(f"/i18n/zh_Hant.json?v={version}", headers={"If-None-Match": f'"{version}"'})
    assert again.status_code == 304
    assert client.get("/i18n/zh_Hant.json").headers["Cache-Control"] == "no-cache"  # unversioned: asks again
    assert client.get("/i18n/en.json").status_code == 404 and client.get("/i18n/fr.json").status_code == 404
