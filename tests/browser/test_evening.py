"""A whole evening for three people and two bots, played through the pages in Chromium (issue 25): the
first game to its end with a lost phone released and its player back, Play again as a ready check, the
second game with a player who leaves (the bot takes over) and comes back (the host hands the seat
back), and the host dealing Betrayal next. At every step some page offers the next move: no dead end.
Phone pictures for docs/img are taken on the way (390x844)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import Server, doc_picture, serving

from controller.client import random_action
from tests.betrayal.test_betrayal_browser import Phone as BetrayalPhone

pytestmark = pytest.mark.browser

PEOPLE = {0: "Ann", 1: "Bo", 2: "Cy"}


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 5, "--bots", "2", "--bot-delay", "0.05")


class Phone(BetrayalPhone):
    """A phone of Betrayal's browser test's kind, for either game: joined once its view is there."""

    def join(self, name: str) -> None:
        self.page.goto(f"{self.base}/seat/{self.seat}")
        self.page.fill("#name", name)
        self.page.click("#joinbtn")
        self.page.wait_for_function("window.jaccuse && window.jaccuse.me()")

    def send(self, action: dict[str, Any]) -> bool:
        script = "async (a) => { const r = await window.jaccuse.send(a); return r && r.ok; }"
        return bool(self.page.evaluate(script, action))

    def close(self) -> None:
        assert not self.errors, self.errors
        self.ctx.close()


def _table(base: str) -> dict[str, Any]:
    return requests.get(f"{base}/api/table", timeout=5).json()  # type: ignore[no-any-return]


def _move(phones: dict[int, Phone], rng: random.Random) -> bool:
    """One move by a person whose turn it is (a vote is followed by its REVEAL); False when none could."""
    for seat in rng.sample(sorted(phones), len(phones)):
        me = phones[seat].me()
        if seat not in me["table"]["awaiting"] or not me["moves"]:
            continue
        me["moves"] = [m for m in me["moves"] if m["act"] != "give_xp"] or me["moves"]
        action = random_action(me, rng)
        assert action is not None, f"seat {seat} is awaited and offered {me['moves']}, hand {me['hand']}"
        if phones[seat].send(action) and action["act"] == "vote":
            phones[seat].send({"act": "reveal"})
        return True
    return False


def _no_dead_end(base: str, phones: dict[int, Phone]) -> None:
    """Whoever the game waits for can move: a person's page offers a move, a bot moves by itself.

    The table may move on while this looks (the bots are quick), and a change that alters nothing a
    seat sees sends it no event, so a page is compared with the table until both show the same moment.
    """
    for _ in range(50):
        t = _table(base)
        if t["over"]:
            for p in phones.values():
                assert p.page.locator("#acts").inner_text().strip(), "a finished game offers no next step"
            return
        people = [s for s in t["awaiting"] if s in phones]
        if not people:
            return  # the bots' turn
        for seat in people:
            me = phones[seat].me()
            if me["table"]["phase"] == t["phase"] and me["table"]["awaiting"] == t["awaiting"]:
                assert me["moves"], f"seat {seat} is awaited but its phone offers no move"
                return
        time.sleep(0.2)
    t = _table(base)
    pages = {s: (p.me()["table"]["version"], p.me()["table"]["phase"], p.me()["table"]["awaiting"],
                 p.page.locator("#conn").inner_text()) for s, p in phones.items()}
    raise AssertionError(f"no page caught up with the table at version {t['version']} ({t['phase']}, "
                         f"awaiting {t['awaiting']}): {pages}")


def _play_until(
    base: str, phones: dict[int, Phone], rng: random.Random, done: Any, limit: float = 150
) -> None:
    deadline = time.monotonic() + limit
    idle_since = None
    while not done(_table(base)):
        assert time.monotonic() < deadline, f"the game did not get there in {limit} s: {_table(base)}"
        if _move(phones, rng):
            idle_since = None
            continue
        _no_dead_end(base, phones)
        idle_since = idle_since or time.monotonic()
        if time.monotonic() - idle_since > 15:
            t = _table(base)
            views = {s: (p.me()["table"]["version"], p.me()["table"]["awaiting"],
                         [m["act"] for m in p.me()["moves"]]) for s, p in phones.items()}
            raise AssertionError(f"nobody moved for 15 s at version {t['version']}, {t['phase']}, awaiting "
                                 f"{t['awaiting']}; the phones show {views}")
        time.sleep(0.1)


def test_a_three_person_evening_has_no_dead_end(browser: Any, evening: Server, shots: Path) -> None:
    base, rng = evening.url, random.Random(25)
    tctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    table = tctx.new_page()
    table.goto(base + "/")
    phones = {s: Phone(browser, base, s) for s in PEOPLE}
    for s, name in PEOPLE.items():
        phones[s].join(name)
    assert _table(base)["names"][3:] == ["Dijkstra", "Euler"]

    # game 1: played until the first election is under way, then Cy's phone is lost
    _play_until(base, phones, rng, lambda t: t["phase"] == "election")
    phones[0].page.screenshot(path=doc_picture("phone-evening-vote.png"))
    host = tctx.new_page()
    host.goto(evening.host_link())
    row = host.locator('[data-host-seat="2"]')
    row.get_by_role("button", name="Remove player").click()
    row.get_by_role("button", name="Another person").click()
    phones[2].page.wait_for_selector("text=The host released seat 2")
    phones[2].close()
    phones[2] = Phone(browser, base, 2)  # Cy scans the seat's code again with another phone
    phones[2].join("Cy")
    _play_until(base, phones, rng, lambda t: t["over"])
    assert len(_table(base)["evening"]["games"]) == 1, _table(base)["evening"]
    for p in phones.values():
        p.page.wait_for_function("window.jaccuse.me().table.over")
        p.page.wait_for_selector("#tonight:not([hidden])")
        # the end of a game (everyone's cards face up) fits the phone's width
        assert p.page.evaluate("document.documentElement.scrollWidth") <= 390
    phones[1].page.locator("#tonight").scroll_into_view_if_needed()
    phones[1].page.screenshot(path=doc_picture("phone-evening-over.png"))

    # Play again is a ready check: two ready, the third still looking; then the third agrees
    phones[0].page.get_by_role("button", name="Play again").click()
    phones[1].page.get_by_role("button", name="Play again").click()
    phones[2].page.wait_for_selector("text=Ann and Bo are ready for another game.")
    assert phones[2].page.locator("#away").is_hidden()  # the page was in view all along
    phones[2].page.locator("#acts").scroll_into_view_if_needed()
    phones[2].page.screenshot(path=doc_picture("phone-evening-ready.png"))
    assert _table(base)["over"]
    table.wait_for_selector("text=ready: Ann and Bo")
    phones[2].page.get_by_role("button", name="Play again").click()
    for p in phones.values():
        p.page.wait_for_function("!window.jaccuse.me().table.over")  # the bots may have moved already
    assert table.locator("#tonight [data-scoreboard]").count() == 1

    # game 2: Bo leaves for a while (the bot plays on), then the host hands the seat back to Bo
    _play_until(base, phones, rng, lambda t: t["phase"] != "setup")
    host.reload()
    row = host.locator('[data-host-seat="1"]')
    row.get_by_role("button", name="Remove player").click()
    row.get_by_role("button", name="A bot").click()
    host.wait_for_selector('[data-host-seat="1"] >> text=a bot plays it')
    phones[1].page.wait_for_selector("text=The host released seat 1")
    phones[1].close()
    del phones[1]
    _play_until(base, phones, rng, lambda t: t["version"] >= 12 or t["over"])
    host.locator('[data-handover="1"]').click()
    host.wait_for_selector('[data-host-seat="1"] >> text=free')
    phones[1] = Phone(browser, base, 1)
    phones[1].join("Bo")
    _play_until(base, phones, rng, lambda t: t["over"])
    assert len(_table(base)["evening"]["games"]) == 2

    # the host deals Betrayal next, without waiting for the ready check
    host.reload()
    host.locator('[data-host-seat="0"]').wait_for()  # the page has the box's state: the choice stays
    host.select_option("#gamesel", "betrayal")
    host.get_by_role("button", name="Deal a new game for the same seats").click()
    host.get_by_role("button", name="Yes, deal").click()
    host.wait_for_selector("text=Game 3 dealt: Betrayal")
    for p in phones.values():
        p.page.wait_for_selector("#bpanel section")
        assert p.me()["moves"], "a Betrayal setup offers every person a move"
    table.wait_for_selector("text=Betrayal")
    table.screenshot(path=str(shots / "evening-table-end.png"))
    for p in phones.values():
        p.close()
    tctx.close()
