"""Hasty Accusations on a zh-TW phone, in Chromium: from its own turn, through a second-edition choice
and its "are you sure?", someone else's turn, a review, to the game's end, the prompt and the buttons
hold no English word (the players' names are Chinese here: names stay as they are), also after a
reload; a refusal the box sends is shown in Chinese by its code while the API keeps its English.

Each moment is a box resumed from a journal a seeded bot game wrote (hasty_scenes.py), with every
card set and the Suspect Powers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import hasty_scenes
import pytest
import requests
from scene_box import Table

pytestmark = pytest.mark.browser

NAMES = ("阿華", "小美", "志明", "春嬌")
#: a word of Latin letters: what a Chinese page must not show (digits, "#3" and "+1" are fine)
WORD = re.compile(r"[A-Za-z]{2,}")


def english(page: Any) -> list[str]:
    """The English words in the prompt, the choice or turn boxes and the buttons of the game's panel."""
    texts = [page.inner_text("#prompt")]
    texts += page.locator("#bpanel .hacts, #bpanel button, #bpanel [data-last-review], #bpanel .win, "
                          "#bpanel table").all_inner_texts()
    return [f"{word} in {text!r}" for text in texts for word in WORD.findall(text)]


def read_twice(page: Any, shots: Path, name: str) -> None:
    """No English in the page as loaded, nor after a reload."""
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    assert english(page) == [], english(page)
    page.screenshot(path=str(shots / f"hasty-zh-{name}.png"))
    page.reload()
    page.wait_for_selector("#bpanel .hrow")
    assert english(page) == [], english(page)


def test_a_second_edition_choice_someone_elses_turn_and_a_refusal_in_chinese(
    browser: Any, tables: list[Table], tmp_path: Path, shots: Path
) -> None:
    scene = hasty_scenes.choice("double")
    table = Table(scene, tmp_path, NAMES, "zh-TW")
    tables.append(table)
    seat = scene.state.pending.seat  # type: ignore[union-attr]
    other = (seat + 1) % scene.players
    ctx, page, errors = table.page(browser, other)
    try:
        assert NAMES[seat] in page.inner_text("#prompt")  # "輪到阿華（正在做選擇）。"
        read_twice(page, shots, "someone-elses-turn")
        # a refusal: the API says it in English with its code, the page says it in Chinese by the code
        auth = {"Authorization": f"Bearer {table.tokens[other]}"}
        refused = requests.post(f"{table.url}/api/me/actions", json={"act": "end"}, headers=auth, timeout=10)
        body = refused.json()
        assert refused.status_code >= 400 and WORD.search(body["error"]["message"]), body
        shown = page.evaluate("""async (body) => {
            const shell = await import("/static/shell.js");
            return shell.errorText({status: 409, ok: false, body});
        }""", body)
        assert shown != body["error"]["message"] and not WORD.search(shown), (body, shown)
        assert errors == []
    finally:
        ctx.close()
    ctx, page, errors = table.page(browser, seat)
    try:
        box = '#bpanel .hacts[data-kind="double"]'
        page.wait_for_selector(box)
        read_twice(page, shots, "second-edition-choice")
        # an option that could hurt asks "are you sure?" in Chinese
        page.wait_for_selector(box)
        page.locator(f"{box} [data-choice]").first.click()
        page.wait_for_selector(f"{box} .hsure")
        assert english(page) == [], english(page)
        assert "嗎" in page.inner_text(f"{box} .hsure")
        page.screenshot(path=str(shots / "hasty-zh-are-you-sure.png"))
        assert errors == []
    finally:
        ctx.close()


def test_own_turn_after_a_review_and_the_game_over_in_chinese(
    browser: Any, tables: list[Table], tmp_path: Path, shots: Path
) -> None:
    turn = hasty_scenes.find(lambda s: s.pending is None and s.last_review is not None and s.plays == 0
                             and bool(s.hands[s.turn]))
    table = Table(turn, tmp_path / "turn", NAMES, "zh-TW")
    tables.append(table)
    ctx, page, errors = table.page(browser, turn.state.turn)
    try:
        assert page.locator("#hend").count() == 1
        review = page.inner_text("#bpanel [data-last-review]")
        assert review.startswith("第 ") and "審查" in review, review
        read_twice(page, shots, "own-turn")
        assert errors == []
    finally:
        ctx.close()
    over = hasty_scenes.ended()
    table = Table(over, tmp_path / "over", NAMES, "zh-TW")
    tables.append(table)
    ctx, page, errors = table.page(browser, 0)
    try:
        page.wait_for_selector("#bpanel .win")
        assert "遊戲結束" in page.inner_text("#prompt")
        read_twice(page, shots, "game-over")
        assert errors == []
    finally:
        ctx.close()
