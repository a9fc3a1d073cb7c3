"""Every package's catalogue is whole and compiled: each message its files say has a translation in every
language (the same placeholders), none is left that no file says, and each committed .mo is what its .po
compiles to (the box loads the .mo as shipped)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from controller.i18n import Said, from_accept_language, known_language, said_json
from controller.i18n.catalogues import browser_catalogue, packages, po_path, render
from controller.i18n.tool import mo_bytes, problems


@pytest.mark.parametrize("domain,folder", list(packages()),
                         ids=lambda x: str(x) if isinstance(x, str) else "")
def test_each_catalogue_is_complete_and_compiled(domain: str, folder: Path) -> None:
    assert problems(domain, folder) == []


def _copy(tmp_path: Path, folder: Path) -> Path:
    """A package's messages and catalogues, copied where a test may break them."""
    dest = tmp_path / folder.name
    shutil.copytree(folder, dest, ignore=shutil.ignore_patterns("__pycache__", "*.png"))
    return dest


def test_the_check_finds_a_stale_mo(tmp_path: Path) -> None:
    web = _copy(tmp_path, dict(packages())["web"])
    po = po_path(web, "zh_Hant")
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "取消"', 'msgstr "作罷"'), encoding="utf-8")
    found = problems("web", web)
    assert any("stale" in p for p in found), found
    po.with_suffix(".mo").write_bytes(mo_bytes(po, "zh_Hant"))
    assert problems("web", web) == []


def test_the_check_finds_a_message_in_one_language_only(tmp_path: Path) -> None:
    web = _copy(tmp_path, dict(packages())["web"])
    script = web / "static" / "shell.js"
    extra = '\nconst extra = t("A message only English has");\n'
    script.write_text(script.read_text(encoding="utf-8") + extra, encoding="utf-8")
    assert any("lacks 'A message only English has'" in p for p in problems("web", web))


def test_the_check_finds_a_message_no_file_says_and_a_lost_placeholder(tmp_path: Path) -> None:
    web = _copy(tmp_path, dict(packages())["web"])
    script = web / "static" / "table.js"
    text = script.read_text(encoding="utf-8")
    script.write_text(text.replace('t("Sound off")', '"Sound off"'), encoding="utf-8")
    po = po_path(web, "zh_Hant")
    lost = po.read_text(encoding="utf-8").replace('msgstr "剩 {n} 秒"', 'msgstr "剩幾秒"')
    po.write_text(lost, encoding="utf-8")
    found = problems("web", web)
    assert any("'Sound off', which no file says" in p for p in found), found
    assert any("other placeholders" in p and "剩幾秒" in p for p in found), found


@pytest.mark.parametrize("header,language", [
    ("zh-TW,zh;q=0.9,en;q=0.8", "zh_Hant"), ("zh-Hant", "zh_Hant"), ("zh-HK", "zh_Hant"),
    ("zh-Hant-TW", "zh_Hant"), ("zh-hant-hk;q=1", "zh_Hant"), ("en-US,en;q=0.9", "en"),
    ("zh-CN,zh;q=0.9", "en"),
    ("zh", "en"), ("fr-FR,zh-TW;q=0.5", "zh_Hant"), ("", "en"), (None, "en"), ("de;q=0.9,zh-TW;q=0", "en"),
    ("en;q=0.5,zh-TW;q=0.8", "zh_Hant"),
])
def test_a_browser_gets_traditional_chinese_only_when_it_asks(header: str | None, language: str) -> None:
    assert from_accept_language(header) == language


def test_known_languages() -> None:
    assert known_language("zh_Hant") == known_language("zh-Hant") == known_language("zh-TW") == "zh_Hant"
    assert known_language("en") == "en" and known_language("fr") is None and known_language("") is None


def test_a_said_line_is_its_english_text_and_its_message() -> None:
    line = Said("controller", "Seat {seat} was taken again after the host released it, as {name}.", None,
                seat=3, name="阿華")
    assert line == "Seat 3 was taken again after the host released it, as 阿華."
    assert said_json(line) == {"d": "controller", "id": line.msgid, "p": {"seat": 3, "name": "阿華"}}
    assert render(line, "en") == str(line)
    assert render(line, "zh_Hant") == "3 號座位在主持人釋出後又有人坐了，名字是阿華。"
    assert said_json("a plain line") is None and render("a plain line", "zh_Hant") == "a plain line"


def test_a_said_line_nests_and_counts() -> None:
    cards = Said("jaccuse", "{n} card", "{n} cards", n=2)
    line = Said("jaccuse", "{who} offers you a parley: choose {cards} to give back.", None,
                who="Ada", cards=cards)
    assert line == "Ada offers you a parley: choose 2 cards to give back."
    assert Said("jaccuse", "{n} card", "{n} cards", n=1) == "1 card"
    nested = said_json(line)
    assert nested is not None
    assert nested["p"]["cards"] == {"d": "jaccuse", "id": "{n} card", "p": {"n": 2}, "pl": "{n} cards"}
    assert render(line, "zh_Hant") == "Ada找你談判：請選 2 張牌交回去。"


def test_the_browser_catalogue_holds_every_package_by_domain() -> None:
    import json

    body = json.loads(browser_catalogue("zh_Hant"))
    assert body["lang"] == "zh_Hant" and body["plural"] == "0"
    assert body["domains"]["web"]["Cancel"] == "取消"
    assert body["domains"]["jaccuse"]["{n} card"] == ["{n} 張牌"]
    assert "controller" in body["domains"]
