"""The table page as a TV in a room (issue 25): at 1920x1080 the seats sit around a table with the game
in the middle, nothing overlaps and nothing scrolls, every text reads from three metres (20 px and up),
and when the last pad is pressed every seat's card shows large before it settles into the log. Five
and fourteen seats; the screenshots go to docs/img (see conftest.DOC_PICTURES)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import doc_picture, serving

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bartholomew", "Zoë", "Ольга", "Νίκος", "José", "Dee", "Eve", "Finn", "Gus", "Hal", "Ivy",
         "Jo", "Kai"]

# every visible text smaller than 20 px (a joker's written label inside a small card aside)
SMALL_TEXT_JS = """() => [...document.querySelectorAll('body *')].filter(e => e.offsetParent !== null
  && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && !e.closest('.lbl')
  && parseFloat(getComputedStyle(e).fontSize) < 20).map(e => [e.textContent.trim().slice(0, 30),
  getComputedStyle(e).fontSize])"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def _seated_election(base: str, players: int) -> list[dict[str, str]]:
    """Every seat taken by name and its membership placed: the first election; the seats' headers."""
    auth = []
    for s in range(players):
        joined = requests.post(f"{base}/api/join", json={"seat": s, "name": NAMES[s]}, timeout=5)
        token = joined.json()["token"]
        auth.append({"Authorization": f"Bearer {token}"})
    for a in auth:
        hand = requests.get(f"{base}/api/me", headers=a, timeout=5).json()["hand"]
        requests.post(f"{base}/api/me/actions", json={"act": "membership", "card": hand[0]}, headers=a,
                      timeout=5).raise_for_status()
    return auth


def _vote_all_but_one(base: str, auth: list[dict[str, str]]) -> None:
    for a in auth[1:]:
        hand = requests.get(f"{base}/api/me", headers=a, timeout=5).json()["hand"]
        requests.post(f"{base}/api/me/actions", json={"act": "vote", "card": hand[-1]}, headers=a,
                      timeout=5).raise_for_status()
        pressed = requests.post(f"{base}/api/me/actions", json={"act": "reveal"}, headers=a, timeout=5)
        pressed.raise_for_status()


BOXES_JS = """(n) => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height} : null; };
  const seats = [];
  for (let s = 0; s < n; s++) seats.push(box(document.querySelector(`.seat[data-seat="${s}"]`)));
  return {seats, middle: box(document.querySelector(".board.jx .top"))};
}"""


def _check_room(page: Any, players: int) -> None:
    sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                          " document.documentElement.scrollHeight, document.documentElement.clientHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"the TV page scrolls: {sizes}"
    # measured in one go: the page redraws its seats on every update, so one element at a time could
    # catch a seat between its removal and its replacement
    page.wait_for_selector(f'.seat[data-seat="{players - 1}"]')
    boxes = page.evaluate(BOXES_JS, players)
    seats, middle = boxes["seats"], boxes["middle"]
    for i, a in enumerate(seats):
        assert a is not None and a["y"] + a["height"] <= 1080 and a["x"] + a["width"] <= 1920
        assert not _overlap(a, middle), f"seat {i} {a} covers the middle of the table {middle}"
        for j in range(i):
            assert not _overlap(a, seats[j]), f"seats {j} and {i} overlap"
    assert page.evaluate(SMALL_TEXT_JS) == [], "text under 20 px on the TV"


def _tv(browser: Any, base: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(base + "/")
    return ctx, page


@pytest.mark.parametrize("players", [5, 14])
def test_the_tv_page_is_a_table_in_a_room_with_a_big_reveal(
    browser: Any, players: int, tmp_path: Path, shots: Path
) -> None:
    for server in serving(tmp_path, players):
        base = server.url
        ctx, page = _tv(browser, base)
        page.wait_for_selector("a.qr >> nth=0")
        _check_room(page, players)
        page.screenshot(path=str(shots / f"tv-{players}-setup.png"))
        auth = _seated_election(base, players)
        _vote_all_but_one(base, auth)
        page.wait_for_selector(f"text={players - 1} of {players} pressed")
        _check_room(page, players)
        page.wait_for_timeout(300)
        page.screenshot(path=doc_picture(f"table-tv-{players}.png"))
        # the last press: every seat's card large, and what it meant in words
        hand = requests.get(f"{base}/api/me", headers=auth[0], timeout=5).json()["hand"]
        requests.post(f"{base}/api/me/actions", json={"act": "vote", "card": hand[-1]}, headers=auth[0],
                      timeout=5).raise_for_status()
        requests.post(f"{base}/api/me/actions", json={"act": "reveal"}, headers=auth[0], timeout=5)
        big = page.locator("#bigreveal")
        big.wait_for(state="visible")
        assert big.locator("[data-big-seat]").count() == players
        card = big.locator(".card").first.bounding_box()
        assert card is not None and card["height"] >= 150, card
        head = big.locator("h2").inner_text()
        assert head and head != "The votes are in", head
        page.wait_for_timeout(600)
        page.screenshot(path=doc_picture(f"table-tv-{players}-reveal.png"))
        big.wait_for(state="hidden", timeout=8_000)  # then it settles into the log
        _check_room(page, players)
        ctx.close()
