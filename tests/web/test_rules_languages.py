"""The rules page in a phone's language: a Chinese phone reads each game's rules.zh_Hant.md (generated
into the game's templates like rules.md), an English phone the very page it read before."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from controller.games import registry
from controller.i18n import DEFAULT, LANGUAGES
from controller.table import Table, TableConfig
from web import create_app, rulesdoc

ZH = {"Accept-Language": "zh-TW,zh;q=0.9"}
EN = {"Accept-Language": "en-US,en;q=0.9"}
_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    table = Table.open(TableConfig(data_dir=tmp_path, players=6, seed=3))
    table.start()
    yield create_app(table, host_key="k" * 43, public_base="http://192.168.4.1:8000").test_client()
    table.stop()


def _main(html: str) -> str:
    return html.split('<main class="rules">', 1)[1].split("</main>", 1)[0]


def test_every_rules_page_in_every_language_is_generated_from_its_markdown() -> None:
    for language in LANGUAGES:
        for game, (markdown, page) in rulesdoc.docs(language).items():
            assert markdown.is_file()
            assert page.read_text(encoding="utf-8") == rulesdoc.generated(game, language), (
                f"{page.name} is stale: run .venv/bin/python -m web.rulesdoc")


@pytest.mark.parametrize("game", registry.names())
def test_a_chinese_phone_reads_the_rules_in_chinese_and_an_english_one_as_before(client: FlaskClient,
                                                                              game: str) -> None:
    english_doc = rulesdoc.target(game).read_text(encoding="utf-8")
    english = client.get(f"/rules/{game}", headers=EN).get_data(as_text=True)
    assert _main(english).strip().startswith(english_doc.strip()[:200]) and not _CJK.search(english)
    assert client.get(f"/rules/{game}").data == client.get(f"/rules/{game}", headers=EN).data
    chinese = client.get(f"/rules/{game}", headers=ZH).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in chinese
    told = rulesdoc.target(game, "zh_Hant").read_text(encoding="utf-8")
    assert told.strip() in _main(chinese)
    # the body is the Chinese rules: its prose (outside tags and card codes) has no English sentence
    text = re.sub(r"<[^>]+>", " ", _main(chinese))
    assert len(_CJK.findall(text)) > 500
    assert "The rules" not in text and english_doc[english_doc.index("<h1"):][:80] not in chinese
    # a cookie's choice wins over the browser
    client.set_cookie("lang", "en")
    assert not _CJK.search(_main(client.get(f"/rules/{game}", headers=ZH).get_data(as_text=True)))


def test_the_default_rules_link_follows_the_phone_too(client: FlaskClient) -> None:
    default = client.get("/rules", headers=ZH).get_data(as_text=True)
    assert rulesdoc.target(None, "zh_Hant").read_text(encoding="utf-8").strip() in default
    assert DEFAULT == "en"


def test_a_heading_in_chinese_keeps_an_anchor() -> None:
    html = rulesdoc.render("# 標題\n\n## 一段話 看懂\n\ntext\n")
    assert '<h2 id="一段話-看懂">' in html and 'href="#一段話-看懂"' in html
    assert rulesdoc.slug("J'Accuse: the Rules") == "j-accuse-the-rules"


def test_a_picture_on_a_chinese_rules_page_speaks_chinese() -> None:
    """A figure's words (its title and caption, drawn inside the SVG) are the page's language too."""
    pages = {game: rulesdoc.target(game, "zh_Hant").read_text(encoding="utf-8") for game in registry.names()}
    pictures = [(game, svg) for game, page in pages.items()
                for svg in re.findall(r"<svg.*?</svg>", page, re.S)]
    assert pictures  # J'Accuse's seats and network cards
    for game, svg in pictures:
        said = re.findall(r"<(?:title|text)[^>]*>.*?</(?:title|text)>", svg)
        words = [re.sub(r"<[^>]+>", "", t) for t in said]
        latin = [w for w in words if re.search(r"[A-Za-z]{2,}", w)]
        assert not latin, f"{game}: English words in a picture of the Chinese rules: {latin}"
        assert any(_CJK.search(w) for w in words)
