"""J'Accuse on a zh-TW phone: at each kind of moment (the membership choice, a vote, an accusation being
made, the end of a game) the prompt and the buttons read as Chinese, with no English sentence left (card
ranks and names aside); a refusal the box sends is shown in Chinese by its code.

The states are played with the rules core and handed to the real page by intercepting `/api/me` and its
stream, as tests/jaccuse/test_prompts_browser.py does (its ``Play`` keeps the log and feeds)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.browser import Server
from test_prompts_browser import END_HANDS, END_MEMBERS, END_NETWORK, Play, _json, _path, _stream, h

pytestmark = pytest.mark.browser

ZH_PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "locale": "zh-TW"}
NAMES: list[str | None] = ["阿華", "小美", None, "阿明", None, None]
#: two Latin words in a row: an English phrase (a card is "10♥", a name is Chinese, REVEAL stands alone)
_ENGLISH = re.compile(r"[A-Za-z]{2,}[ ,.:'-]+[A-Za-z]{2,}")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("zh") / "data", players=6, pads="phone").start()
    try:
        yield srv
    finally:
        srv.stop()


def _phone(browser: Any, box: Server, me: dict[str, Any]) -> Any:
    page = browser.new_context(**ZH_PHONE).new_page()
    page.set_default_timeout(10_000)
    page.route(_path("/api/me"), lambda route: _json(route, me))
    # the stream never answers: the page stays on /api/me's view, online, its buttons live
    page.route(_path("/api/me/events"), lambda route: _stream(route, None))
    page.goto(f"{box.url}/seat/{me['seat']}")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function("document.getElementById('prompt').textContent.length > 0")
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    return page


def _close(page: Any) -> None:
    page.unroute_all(behavior="ignoreErrors")
    page.context.close()


def _reads_chinese(page: Any) -> str:
    """The prompt and every button of the moves: Chinese, with no English phrase in them."""
    said = page.locator("#prompt").inner_text()
    buttons = page.locator("#acts button").all_inner_texts()
    for text in [said, *buttons]:
        assert not _ENGLISH.search(text), text
    assert _CJK.search(said), said
    assert all(_CJK.search(b) or b.strip() in ("", "0", "1") for b in buttons), buttons
    return said


def _names(play: Play) -> Play:
    play.names = list(NAMES[: play.state.players]) + [None] * (play.state.players - len(NAMES))
    return play


def test_membership_vote_accusation_and_the_end_read_in_chinese(browser: Any, box: Server) -> None:
    # the membership choice, first thing of a game
    setup = _names(Play(h.setup_game(6), []))
    page = _phone(browser, box, setup.me(0))
    said = _reads_chinese(page)
    assert "黨籍牌" in said
    page.locator("#hand button").first.click()
    assert "放作黨籍" in page.locator("#acts button.primary").inner_text()
    _close(page)

    # a vote: the prompt, the REVEAL and ABSTAIN buttons, the public table
    play = _names(Play(h.game(5, hands=h.ACCUSE_HANDS, members=h.ACCUSE_MEMBERS), []))
    page = _phone(browser, box, play.me(0))
    said = _reads_chinese(page)
    assert "亮牌" in said and "棄權" in page.locator("#acts").inner_text()
    assert "穩定度" in page.locator("#public").inner_text()
    _close(page)

    # an accusation being made by the President: the moves' buttons and the choices they open
    play.vote({0: "9H", 1: "2S"})
    assert play.state.president == 0
    page = _phone(browser, box, play.me(0))
    assert "你是總統" in _reads_chinese(page)
    page.locator('#acts button[data-mode="accuse"]').click()
    page.locator("#acts button[data-target]").first.click()
    page.locator("#acts button", has_text="紅色").click()
    _reads_chinese(page)
    accuse = page.locator("#acts button.primary").inner_text()
    assert accuse.startswith("指控") and accuse.endswith("是紅色"), accuse
    assert page.locator('#acts button[data-mode="accuse"]').get_attribute("aria-pressed") == "true"
    _close(page)

    # the end of a game, explained to a seat that lost on XP
    end = Play(h.game(6, hands=END_HANDS, members=END_MEMBERS, network=END_NETWORK), list(NAMES))
    end.vote({4: "10D", 3: "5S"})
    end.do(4, "pass")
    while not end.state.over:
        end.vote({0: "9H"})
    page = _phone(browser, box, end.me(1))
    said = _reads_chinese(page)
    assert said.startswith("遊戲結束：紅色獲勝。") and "輸在經驗值" in said, said
    public = page.locator("#public").inner_text()
    assert "所有人的牌" in public and not _ENGLISH.search(public), public
    _close(page)


def test_a_refusal_is_shown_in_chinese_by_its_code(browser: Any, box: Server) -> None:
    play = _names(Play(h.game(5, hands=h.ACCUSE_HANDS, members=h.ACCUSE_MEMBERS), []))
    play.vote({0: "9H", 1: "2S"})
    page = _phone(browser, box, play.me(0))
    refusal = {"ok": False, "error": {"code": "target_barred",
                                      "message": "Seat 1 has been President since the last election."}}
    page.route(_path("/api/me/actions"), lambda route: route.fulfill(
        status=409, content_type="application/json", body=json.dumps(refusal)))
    page.locator('#acts button[data-mode="accuse"]').click()
    page.locator("#acts button[data-target]").first.click()
    page.locator("#acts button", has_text="黑色").click()
    page.locator("#acts button.primary").click()
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").inner_text() == "這個座位在上次選舉後當過總統，不能被指控。"
    _close(page)
