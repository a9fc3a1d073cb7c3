"""The phone tells its player what happened (issue 25): the card locked in after REVEAL, a tie explained
with the tied cards in view, the room's last moments with what touched you marked, a note of what
happened while the page was hidden, the hand in rank order, a released phone told so, and a seat
taken over from the bot saying which moves the bot made."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from browser.loads import box_of
from fixtures.browser import Server, doc_picture, serving

pytestmark = pytest.mark.browser

RANK = {"A": 1, "J": 11, "Q": 12, "K": 13}
JOKERS = ("RJ", "BJ", "NJ")


def rank(card: str) -> int:
    return 0 if card in JOKERS else RANK.get(card[:-1]) or int(card[:-1])


def red(card: str) -> bool:
    return card == "RJ" or card[-1] in "HD"


class Api:
    def __init__(self, base: str) -> None:
        self.base = base
        self.tokens: dict[int, str] = {}

    def join(self, seat: int, name: str) -> None:
        r = requests.post(f"{self.base}/api/join", json={"seat": seat, "name": name}, timeout=5)
        r.raise_for_status()
        self.tokens[seat] = r.json()["token"]

    def me(self, seat: int) -> dict[str, Any]:
        return requests.get(f"{self.base}/api/me", headers=self._auth(seat), timeout=5).json()  # type: ignore[no-any-return]

    def act(self, seat: int, **body: Any) -> None:
        r = requests.post(f"{self.base}/api/me/actions", json=body, headers=self._auth(seat), timeout=5)
        assert r.status_code == 200, r.text

    def _auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}


def _tie_pair(hands: dict[int, list[str]]) -> tuple[int, str, int, str]:
    """Two seats holding cards of one rank in different colours (jokers aside): the tie to play."""
    for a, ha in hands.items():
        for b, hb in hands.items():
            if a < b:
                for ca in ha:
                    for cb in hb:
                        jokers = ca in JOKERS or cb in JOKERS
                        if not jokers and rank(ca) == rank(cb) and red(ca) != red(cb):
                            return a, ca, b, cb
    raise AssertionError("no tie possible with this deal")


def _open_phone(browser: Any, base: str, seat: int, token: str) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/seat/{seat}")
    page.evaluate("(t) => { localStorage.setItem('jaccuse_token', t); }", token)
    page.reload()
    page.wait_for_function("window.jaccuse && window.jaccuse.me()", timeout=60_000)
    return page


def _hide(page: Any, hidden: bool) -> None:
    page.evaluate("(h) => { Object.defineProperty(document, 'hidden', {value: h, configurable: true}); "
                  "document.dispatchEvent(new Event('visibilitychange')); }", hidden)


def test_the_phone_tells_a_tie_a_locked_card_the_table_and_what_happened_while_away(
    browser: Any, server: Server, shots: Path
) -> None:
    base = server.url
    api = Api(base)
    for s, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed"]):
        api.join(s, name)
    hands = {s: api.me(s)["hand"] for s in range(5)}
    a, ca, b, cb = _tie_pair(hands)
    for s in range(5):  # memberships that keep the tie's cards in hand
        api.act(s, act="membership", card=next(c for c in hands[s] if c not in (ca, cb)))
    page = _open_phone(browser, base, a, api.tokens[a])

    # the hand in rank order: 2 before 10, jokers first
    shown = page.eval_on_selector_all("#hand button[data-card]", "bs => bs.map(b => b.dataset.card)")
    assert [rank(c) for c in shown] == sorted(rank(c) for c in shown)

    # REVEAL: the phone says which card is locked in, and marks it in the greyed hand
    page.locator(f'#hand button[data-card="{ca}"]').click()
    page.get_by_role("button", name="REVEAL").click()
    page.wait_for_selector("#hand button.locked")
    assert page.locator("#hand button.locked").get_attribute("data-card") == ca
    prompt = page.locator("#prompt").inner_text()
    assert "is locked in" in prompt and prompt.count("Waiting") == 1, prompt

    # away: the page is hidden while the others vote and the tie happens
    _hide(page, True)
    api.act(b, act="vote", card=cb)
    api.act(b, act="reveal")
    for s in range(5):
        if s not in (a, b):
            api.act(s, act="abstain")
    page.wait_for_function("window.jaccuse.me().table.round > 1")
    assert page.locator("#away").is_hidden()
    _hide(page, False)
    page.wait_for_selector("#away")
    assert "A tie" in page.locator("#awaylist").inner_text()

    # the tie panel: between whom, why, who votes again, the tied cards without scrolling
    tie = page.locator("#tie")
    text = tie.inner_text()
    names = {0: "Ann", 1: "Bo", 2: "Cy", 3: "Di", 4: "Ed"}
    assert names[b] in text and "tied for the highest card" in text and "vote again" in text, text
    assert tie.locator("[data-tie] [data-card]").count() == 2
    box = box_of(tie)
    assert box["y"] + box["height"] <= 844  # in view on a 390x844 phone

    # the room's last moments, newest first, the tie marked as touching this seat
    page.click("#tablefeedbox summary")  # folded below the game: a tap opens it
    page.wait_for_selector("#tablefeed li")
    lines = page.locator("#tablefeed li").all()
    assert "Tie between" in lines[0].inner_text() and lines[0].get_attribute("data-you") == "1"
    page.screenshot(path=doc_picture("phone-tie.png"))  # 390x844, for docs/playing.md
    page.get_by_role("button", name="Got it").click()
    assert page.locator("#away").is_hidden()

    # the host releases the seat: the phone is told so, under its own seat title
    key = server.host_key
    r = requests.post(f"{base}/api/host/release", json={"seat": a}, headers={"X-Host-Key": key}, timeout=5)
    assert r.status_code == 200
    page.wait_for_selector(f"text=The host released seat {a}")
    assert page.locator("#title").inner_text() == f"Seat {a}"
    page.context.close()


@pytest.fixture
def one_bot(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 5, "--bots", "1", "--bot-delay", "0.05")


def test_a_seat_taken_from_the_bot_says_the_bot_moved_and_forced_moves_read_in_order(
    browser: Any, one_bot: Server
) -> None:
    base = one_bot.url
    api = Api(base)
    for s in range(4):
        api.join(s, f"P{s}")
    # the bot places seat 4's membership at once; then the host hands the seat to a person
    deadline = 0
    while not requests.get(f"{base}/api/table", timeout=5).json()["membership_placed"][4]:
        deadline += 1
        assert deadline < 200
        requests.get(f"{base}/api/box", timeout=5)
    key = {"X-Host-Key": one_bot.host_key}
    assert requests.post(f"{base}/api/host/hand-over", json={"seat": 4}, headers=key, timeout=5).ok
    api.join(4, "Eve")
    page = _open_phone(browser, base, 4, api.tokens[4])
    page.wait_for_selector("text=The bot placed a membership card for this seat before you took it")
    page.click("#feedbox summary")  # this seat's feed, folded below the game
    feed = page.locator("#feed li").first.inner_text()
    assert feed.startswith("The bot moved for your seat: You placed your membership card"), feed

    # a forced move reads as one line, in order: the shot clock places seat 0's card
    assert requests.post(f"{base}/api/host/clock", json={"seconds": 5}, headers=key, timeout=5).ok
    page.wait_for_function("window.jaccuse.me().table.phase === 'election'", timeout=20_000)
    entries = page.evaluate(
        "async (f) => (await import('/static/shell.js')).feedEntries(f)", api.me(0)["feed"]
    )
    forced = r"Time ran out: .*membership.* You placed your membership card"
    assert re.match(forced, entries[0]["text"]), entries
    page.context.close()
