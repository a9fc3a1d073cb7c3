"""Betrayal played to the end in Chromium: five seats (one person, four bots) and a two-player game.

The person plays through the phone page (taps, not API calls); every few moves each page's DOM is
checked against what its seat may know: no face-down card of another army, no traitor named before
the joker dies. Screenshots go to artifacts/screenshots/ (docs/img/ keeps copies of the best).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from browser import phones
from browser.page_checks import CONTRAST_JS, TARGETS_JS
from fixtures.browser import Server, serving

from controller.client import random_action

pytestmark = pytest.mark.browser

TITLES = {"Inanimate Object", "Disciple", "Spy", "Guardian", "Expert", "God"}
RANK = {"J": 11, "Q": 12, "K": 13, "A": 14}

# for each other army, the card names the page shows in its row (face-down cards carry none)
ROWS_JS = """() => Object.fromEntries([...document.querySelectorAll('#bpanel .others .brow[data-row]')]
  .map(r => [r.dataset.row, [...r.querySelectorAll('.card')].map(c => c.dataset.card || null)]))"""
LINKED_JS = "document.querySelectorAll('link[rel=stylesheet][href=\"/static/betrayal.css\"]').length"
ARMY_EDGE_JS = "getComputedStyle(document.querySelector('#bboard .barmy')).borderLeftWidth"
TABLE_OVER_JS = "/ wins?!/.test(document.querySelector('#waiting').textContent)"
TABLE_ROWS_JS = """() => Object.fromEntries([...document.querySelectorAll('#bboard .brow[data-row]')]
  .map(r => [r.dataset.row, [...r.querySelectorAll('.card')].map(c => c.dataset.card || null)]))"""


def strength(card: str) -> int:
    if card == "JK":
        return -1
    rank = card[:-1]
    return (RANK[rank] if rank in RANK else int(rank)) + (1 if card[-1] in "SC" else 0)


class Phone(phones.Phone):
    JOINED = "#bpanel section"

    def check_secrets(self) -> None:
        """The page shows no face-down card of another army and names no traitor it may not know."""
        # the view and the DOM drawn from it, read together (a new view may arrive at any moment)
        self.me()
        v, rows, text, peeks = self.page.evaluate(f"""() => [window.jaccuse.me(), ({ROWS_JS})(),
          document.querySelector('#bpanel').innerText + document.querySelector('#prompt').innerText,
          [...document.querySelectorAll('#bpanel .peeks .card')].map(c => c.dataset.card)]""")
        t = v["table"]
        own = {x["army"] for x in v["armies"]}
        if t["rows"] is not None:
            for a, shown in rows.items():
                row = t["rows"][int(a)]
                assert int(a) not in own or len(own) > 1
                expect = [c["card"] if c["up"] else None for c in row]
                assert shown == expect, f"army {a}'s row on seat {self.seat}"
                assert all("card" not in c for c in row if not c["up"])
        text = text.lower()
        if not t["over"] and not t["joker_dead"] and not any(x["traitor"] for x in v["armies"]):
            assert "traitor" not in text, f"seat {self.seat} is told of a traitor it cannot know"
            assert t["traitor"] is None
        peeked = {p["card"] for x in v["armies"] for p in x["peeks"]}
        assert peeked <= set(peeks)


def check_table(table: Any) -> None:
    """The table page shows nothing of the setup choices, and no face-down card."""
    # the view the page has drawn, read in the same turn of its event loop as the DOM
    t, shown = table.evaluate(f"() => [window.jaccuseTable.view(), ({TABLE_ROWS_JS})()]")
    if t is None:
        return
    if t["phase"] == "setup":
        assert shown == {} and t["rows"] is None
        return
    assert all("card" not in c for row in t["rows"] for c in row if not c["up"])
    if not t["over"]:
        for a, cards in shown.items():
            assert cards == [c["card"] if c["up"] else None for c in t["rows"][int(a)]]


def tap_move(
    ph: Phone, v: dict[str, Any], rng: random.Random, shots: Path | None, seen: set[str],
    prefix: str = "betrayal-",
) -> bool:
    """One move made by taps on the phone (strongest card against the weakest known target). False: none."""
    page, t = ph.page, v["table"]
    moves = {m["act"]: m for m in v["moves"]}
    if "army" in moves:
        x = next(x for x in v["armies"] if not x["chosen"])
        panel = f'#bpanel section[data-army="{x["army"]}"]'
        if shots and "setup" not in seen:
            seen.add("setup")
            ph.shot(shots, f"{prefix}phone-setup.png")
        if x["traitor"]:
            for b in page.locator(f"{panel} button[data-red]").all()[:2]:
                b.click()
        else:
            page.locator(f"{panel} button.suitpair:not([disabled])").first.click()
        page.locator(f"{panel} button.primary").click()
        return True
    if "accuse" in moves:
        m = moves["accuse"]
        row = next(x for x in v["armies"] if x["army"] == m["army"])["row"]
        card = max(m["cards"], key=lambda p: strength(row[p]["card"]))
        mine = strength(row[card]["card"])
        rows = t["rows"]
        ups = [(a, p) for a, p in m["targets"] if rows[a][p]["up"] and strength(rows[a][p]["card"]) <= mine]
        target = ups[0] if ups else rng.choice(m["targets"])
        page.click(f'#bpanel button[data-own="{m["army"]}-{card}"]')
        page.click(f'#bpanel .others button[data-place="{target[0]}-{target[1]}"]')
        if shots and "play" not in seen:
            seen.add("play")
            ph.shot(shots, f"{prefix}phone-play.png")
        page.locator("#bpanel .bacts button.primary").click()
        return True
    if "hide" in moves:
        if shots and "after" not in seen:
            seen.add("after")
            ph.shot(shots, f"{prefix}phone-after-win.png")
        page.get_by_role("button", name="Hide it" if rng.random() < 0.7 else "End turn").click()
        return True
    if "peek" in moves:
        m = moves["peek"]
        for a, p in rng.sample(m["cards"], m["count"]):
            page.click(f'#bpanel .others button[data-place="{a}-{p}"]')
        page.locator("#bpanel .bacts button.primary").click()
        page.wait_for_selector("#bpanel .peeks .card")
        if shots and "peek" not in seen:
            seen.add("peek")
            ph.shot(shots, f"{prefix}phone-peek.png")
        return True
    return False


def api_move(ph: Phone, v: dict[str, Any], rng: random.Random) -> bool:
    """A random legal move sent through the page's own send (the second person of a two-player game)."""
    act = random_action(v, rng)
    if act is None:
        return False
    r = ph.page.evaluate("async (a) => { const r = await window.jaccuse.send(a); return r && r.ok; }", act)
    assert r, act
    return True


@pytest.fixture
def five(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 5, "--game", "betrayal", "--bot-delay", "0.05", "--bots", "4")


@pytest.fixture
def two(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 2, "--game", "betrayal", "--bot-delay", "0.05")


def test_betrayal_five_seats_one_person_four_bots(browser: Any, five: Server, shots: Path) -> None:
    base, rng, seen = five.url, random.Random(5), set[str]()
    ann = Phone(browser, base, 0)
    ann.join("Ann")
    tctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    table = tctx.new_page()
    table.goto(base + "/")
    table.wait_for_selector("#bboard .barmy")
    assert table.inner_text("#gamename") == "Betrayal"
    # the game's own style sheet (its parts' STYLES), linked once on each page and applied
    for page in (table, ann.page):
        assert page.evaluate(LINKED_JS) == 1
    assert table.evaluate(ARMY_EDGE_JS) == "8px"
    check_table(table)
    table.screenshot(path=str(shots / "betrayal-table-setup.png"))
    deadline, moves = time.monotonic() + 240, 0
    while time.monotonic() < deadline:
        v = ann.me()
        if v["table"]["over"]:
            break
        if moves % 4 == 0:
            ann.check_secrets()
            check_table(table)
        if tap_move(ann, v, rng, shots, seen):
            moves += 1
            if moves == 3:
                table.screenshot(path=str(shots / "betrayal-table-play.png"))
                # every tap target is at least 44 px and every text readable, on the phone and the table
                assert ann.page.evaluate(TARGETS_JS) == []
                assert ann.page.evaluate(CONTRAST_JS) == [] and table.evaluate(CONTRAST_JS) == []
        ann.settle(v["table"]["version"])
    v = ann.me()
    t = v["table"]
    assert t["over"], "the game did not end in time"
    assert moves > 2 and ann.errors == []
    ann.page.wait_for_selector("#bpanel .titlerow")
    prompt = ann.page.inner_text("#prompt")
    assert "Game over" in prompt and ("You win" in prompt) == (0 in t["winners"])
    rows = ann.page.locator("#bpanel .titlerow").all()
    assert len(rows) == 5 and all(any(x in r.inner_text() for x in TITLES) for r in rows)
    traitor = f'#bpanel .titlerow[data-title-army="{t["traitor"]}"] .badge.traitor'
    assert ann.page.locator(traitor).count() == 1
    ann.shot(shots, "betrayal-phone-end.png")
    table.wait_for_function(TABLE_OVER_JS)
    table.screenshot(path=str(shots / "betrayal-table-end.png"))
    # the rules page the phone links to
    assert ann.page.get_attribute("#ruleslink", "href") == "/rules/betrayal"
    assert "traitor" in requests.get(f"{base}/rules/betrayal", timeout=5).text
    # play again: a new Betrayal deal for the same seats (Ann is the only person: her ready check deals)
    ann.page.get_by_role("button", name="Play again").click()
    # the version starts again: below the finished game's (the four bots may already have moved in the new
    # deal by the time a loaded machine's page looks, so version 0 itself can pass unseen)
    new_deal = "(v) => { const t = window.jaccuse.me().table; return t.version < v && t.phase === 'setup'; }"
    ann.page.wait_for_function(new_deal, arg=t["version"])
    tctx.close()
    ann.ctx.close()


def test_betrayal_two_players_each_plays_two_armies(browser: Any, two: Server, shots: Path) -> None:
    base, rng, seen = two.url, random.Random(2), set[str]()
    ann, bob = Phone(browser, base, 0), Phone(browser, base, 1)
    ann.join("Ann")
    bob.join("Bob")
    for ph, armies in ((ann, (0, 2)), (bob, (1, 3))):
        panels = ph.page.locator("#bpanel section[data-army]")
        assert [int(p.get_attribute("data-army")) for p in panels.all()] == list(armies)
        # told apart by number and colour
        tags = [ph.page.inner_text(f'#bpanel section[data-army="{a}"] .atag') for a in armies]
        assert tags[0] != tags[1] and all(f"Army {a}" in s for a, s in zip(armies, tags, strict=True))
    tctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    table = tctx.new_page()
    table.goto(base + "/")
    deadline, moves = time.monotonic() + 240, 0
    while time.monotonic() < deadline:
        va, vb = ann.me(), bob.me()
        if va["table"]["over"]:
            break
        if moves % 5 == 0:
            ann.check_secrets()
            bob.check_secrets()
            check_table(table)
        done = tap_move(ann, va, rng, shots, seen, "betrayal-2p-") or api_move(bob, vb, rng)
        if done:
            moves += 1
            if moves == 8:
                table.screenshot(path=str(shots / "betrayal-2p-table-play.png"))
        ann.settle(va["table"]["version"])
    t = ann.me()["table"]
    assert t["over"], "the two-player game did not end in time"
    assert ann.errors == [] and bob.errors == []
    ann.page.wait_for_selector("#bpanel .titlerow")
    assert ann.page.locator("#bpanel .titlerow").count() == 4
    # both armies of the winning seat win (B16)
    winners = set(t["winners"])
    assert winners in ({0, 2}, {1, 3})
    ann.shot(shots, "betrayal-2p-phone-end.png")
    table.wait_for_function(TABLE_OVER_JS)
    table.screenshot(path=str(shots / "betrayal-2p-table-end.png"))
    # the host deals J'Accuse for five next: the same pages switch back to J'Accuse's parts
    host = tctx.new_page()
    host.goto(two.host_link())
    host.select_option("#gamesel", "jaccuse")
    assert host.input_value("#players") == "5"
    host.get_by_role("button", name="Deal a new game").click()
    host.get_by_role("button", name="Yes, deal").click()
    host.wait_for_selector("#said:has-text('dealt')")
    table.wait_for_function("document.querySelector('#gamename').textContent === \"J'Accuse\"")
    assert table.locator("#seats .seat").count() == 5 and not table.locator("#bboard").is_visible()
    ann.page.wait_for_selector("#hand .card")
    assert not ann.page.locator("#bpanel").is_visible()
    assert ann.page.get_attribute("#ruleslink", "href") == "/rules"
    for ctx in (tctx, ann.ctx, bob.ctx):
        ctx.close()
