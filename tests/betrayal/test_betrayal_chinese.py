"""Betrayal read in Traditional Chinese: three zh-TW phones play a game to its end; at the setup, on a
phone's own turn, on someone else's turn and at the end (and after a reload at each) the prompt, the
header and every button read as Chinese, with no English sentence left; a refusal shows in Chinese by
its code while the API keeps its code and English message; the TV follows the box's language."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures.browser import Server, serving

from controller.client import random_action

pytestmark = pytest.mark.browser

NAMES = ("阿華", "小美", "志明")
#: two English words in a row: a sentence (or a phrase) left untranslated; card ranks, suit signs and
#: numbers are not words
ENGLISH = re.compile(r"[A-Za-z]{2,}[\s,.:;'!?-]+[A-Za-z]{2,}")
#: Han characters: the page says something in Chinese
HAN = re.compile(r"[\u4e00-\u9fff]")

# what a player reads: the phase, the prompt, the error line, every button and the game's panel
READ_JS = """() => ({
  phase: document.querySelector('#phase').innerText,
  prompt: document.querySelector('#prompt').innerText,
  buttons: [...document.querySelectorAll('button')].filter(b => b.offsetParent !== null)
    .map(b => b.innerText.trim()).filter(Boolean),
  panel: document.querySelector('#bpanel').innerText,
})"""


@pytest.fixture
def three(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 3, "--game", "betrayal")


def _english(text: str) -> list[str]:
    return ENGLISH.findall(text)


def check_chinese(page: Any, moment: str) -> dict[str, Any]:
    """The page as its player reads it is Chinese: the prompt says something in Chinese, and neither
    it, the header's phase, a button nor the game's panel holds an English sentence."""
    read = page.evaluate(READ_JS)
    assert HAN.search(read["prompt"]), f"{moment}: the prompt {read['prompt']!r}"
    assert HAN.search(read["phase"]), f"{moment}: the phase {read['phase']!r}"
    for where in ("phase", "prompt", "panel"):
        assert _english(read[where]) == [], f"{moment}: {where} reads {read[where]!r}"
    for text in read["buttons"]:
        assert _english(text) == [], f"{moment}: a button reads {text!r}"
    return read


def check_with_reload(page: Any, moment: str) -> dict[str, Any]:
    read = check_chinese(page, moment)
    page.reload()
    page.wait_for_function("window.jaccuse && window.jaccuse.me()")
    page.wait_for_selector("#bpanel section")
    again = check_chinese(page, f"{moment}, reloaded")
    assert again["prompt"].split("\n")[0] == read["prompt"].split("\n")[0], moment
    return again


def me(page: Any) -> dict[str, Any]:
    page.wait_for_function("window.jaccuse && window.jaccuse.me()")
    view: dict[str, Any] = page.evaluate("window.jaccuse.me()")
    return view


def send(page: Any, act: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "async (a) => { const r = await window.jaccuse.send(a); return {ok: r.ok, body: r.body}; }", act)
    return result


def wait_version(page: Any, version: int) -> None:
    page.wait_for_function(f"window.jaccuse.me() && window.jaccuse.me().table.version >= {version}")


def test_betrayal_phone_and_tv_in_chinese(browser: Any, three: Server, shots: Path) -> None:
    rng = random.Random(37)
    errors: list[str] = []
    contexts = []
    pages = []
    for seat, name in enumerate(NAMES):
        ctx = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844}, has_touch=True,
                                  bypass_csp=True)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda e, seat=seat: errors.append(f"phone {seat}: {e}"))
        page.goto(f"{three.url}/seat/{seat}")
        page.fill("#name", name)
        page.click("#joinbtn")
        page.wait_for_selector("#bpanel section")
        pages.append(page)
    assert three.host("language", {"language": "zh_Hant"})["language"] == "zh_Hant"
    tv_ctx = browser.new_context(locale="en-US", viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    contexts.append(tv_ctx)
    try:
        tv = tv_ctx.new_page()
        tv.on("pageerror", lambda e: errors.append(f"tv: {e}"))
        tv.goto(three.url + "/")
        tv.wait_for_selector("#bboard .barmy")
        # the setup: every phone chooses; the first one's page before and after its choice
        first = pages[0]
        check_with_reload(first, "setup")
        first.screenshot(path=str(shots / "betrayal-zh-phone-setup.png"))
        assert "叛徒" in first.inner_text("#bpanel") or "花色" in first.inner_text("#bpanel")
        for page in pages:
            act = random_action(me(page), rng)
            assert act is not None and send(page, act)["ok"], act
        seen: set[str] = set()
        for _ in range(400):
            views = [me(page) for page in pages]
            table = max(views, key=lambda v: int(v["table"]["version"]))["table"]
            for page in pages:
                wait_version(page, table["version"])
            views = [me(page) for page in pages]
            if views[0]["table"]["over"]:
                break
            mover = next(i for i, v in enumerate(views) if v["moves"])
            waiter = next(i for i, v in enumerate(views) if not v["moves"])
            if "own" not in seen and views[mover]["moves"][0]["act"] == "accuse":
                seen.add("own")
                check_with_reload(pages[mover], "its own turn")
                pages[mover].screenshot(path=str(shots / "betrayal-zh-phone-turn.png"))
                read = check_with_reload(pages[waiter], "someone else's turn")
                assert "輪到" in read["prompt"] or "偷看" in read["prompt"], read["prompt"]
                # a refusal by its code: the API's English, the page's Chinese
                mine = views[waiter]["armies"][0]["army"]
                refused = send(pages[waiter], {"army": mine, "act": "end"})
                assert not refused["ok"] and refused["body"]["error"]["code"] == "wrong_phase"
                assert refused["body"]["error"]["message"].startswith("That cannot be done now")
                pages[waiter].wait_for_selector("#error:not([hidden])")
                assert pages[waiter].inner_text("#error") == "現在不能這樣做：遊戲在別的階段。"
            if "tv" not in seen and table["last_accusation"] and table["points"][0] and table["version"] > 12:
                # the TV in the box's language mid-game: the last accusation, the rows, the pile
                seen.add("tv")
                tv.wait_for_function(f"window.jaccuseTable.view().version >= {table['version']}")
                tv_text = tv.inner_text("#bboard") + tv.inner_text("#waiting")
                assert "上一次指控" in tv_text and "發動指控" in tv_text and _english(tv_text) == [], tv_text
                tv.screenshot(path=str(shots / "betrayal-zh-tv-play.png"))
            act = random_action(views[mover], rng)
            assert act is not None
            send(pages[mover], act)
        assert {"own", "tv"} <= seen
        for index, page in enumerate(pages):
            wait_version(page, table["version"])
            page.wait_for_function("window.jaccuse.me().table.over")
            read = check_with_reload(page, f"game over, seat {index}")
            assert "遊戲結束" in read["prompt"]
            assert any("再玩" in b for b in read["buttons"]), read["buttons"]
        pages[0].screenshot(path=str(shots / "betrayal-zh-phone-over.png"))
        tv.wait_for_function("window.jaccuseTable.view().over")
        tv.wait_for_selector("#bend")
        tv_text = tv.inner_text("#bboard") + tv.inner_text("#waiting")
        assert "獲勝" in tv_text and _english(tv_text) == [], tv_text
        tv.screenshot(path=str(shots / "betrayal-zh-tv-over.png"))
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
