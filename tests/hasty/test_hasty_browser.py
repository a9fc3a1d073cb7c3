"""Hasty Accusations played to the end in Chromium: four seats (one person, three bots), and a game
with the Traitor variant.

The person plays through the phone page (taps, not API calls): cards onto piles face up or face down,
End turn, and every choice a card asks. Every few moves each page is checked against what its seat may
know: no face-down card and no other seat's secret. Screenshots go to artifacts/screenshots/
(docs/img/ keeps copies: hasty-*.png).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from browser import phones
from browser.page_checks import CONTRAST_JS, TARGETS_JS
from fixtures.browser import Server, serving, watched_page

pytestmark = pytest.mark.browser

# the face-up cards each pile shows, as the page draws them (face-down cards show none)
ROW_JS = """(sel) => [...document.querySelectorAll(sel + ' .hrow[data-row=""] .hspot')]
  .map(s => [...s.querySelectorAll('.hchip')].map(c => c.textContent))"""
TITLES = {
    "murder": "Murder", "threat": "Threat", "bodyguard": "Bodyguard", "sidekick": "Sidekick", "stop": "Stop",
    "jester": "Jester", "delay": "Delay Tactics", "bomb": "Bomb", "question": "Burning Question",
    "investigator": "Investigator", "mover": "Mover", "switcheroo": "Switcheroo",
}
SUSPECTS = ("Ms. Scarlett", "Rev. Green", "Col. Mustard", "Prof. Plum", "Mrs. Peacock", "Doctor White",
            "Bella Baker", "Monsieur Brunette", "Madame Rose")


class Phone(phones.Phone):
    JOINED = "#bpanel .hrow"

    def check_secrets(self) -> None:
        """The page shows only face-up cards in the piles, and no other seat's secret suspect."""
        v, shown, text = self.page.evaluate(f"""() => [window.jaccuse.me(), ({ROW_JS})('#bpanel'),
          document.querySelector('#bpanel').innerText]""")
        t = v["table"]
        assert all("card" not in c for x in t["row"] for c in x["pile"] if not c["up"])
        assert shown == face_up(t)
        if not t["over"]:
            assert t["reveal"] is None and "secret" not in t
            assert "traitor" not in str(t.get("out")) and ("Traitor" not in text or v["secret"] == "traitor")


def face_up(t: dict[str, Any]) -> list[list[str]]:
    """Each pile's face-up cards as the page names them (a dead suspect's pile is gone)."""
    return [[TITLES[c["card"]] for c in x["pile"] if c["up"]] if x["alive"] else [] for x in t["row"]]


def check_table(table: Any) -> None:
    t, shown = table.evaluate(f"() => [window.jaccuseTable.view(), ({ROW_JS})('#bboard')]")
    if t is None or t["over"]:
        return
    assert t["reveal"] is None
    assert all("card" not in c for x in t["row"] for c in x["pile"] if not c["up"])
    assert shown == face_up(t)


def tap_move(ph: Phone, v: dict[str, Any], rng: random.Random, shots: Path | None, seen: set[str],
             prefix: str) -> bool:
    """One move made by taps on the phone. False: nothing to do now."""
    page, t = ph.page, v["table"]
    moves = {m["act"]: m for m in v["moves"]}
    if "choose" in moves:
        m = moves["choose"]
        page.wait_for_selector(f'#bpanel .hacts[data-kind="{m["kind"]}"]')
        if shots and f"choice-{m['kind']}" not in seen and m["kind"] != "market":
            seen.add(f"choice-{m['kind']}")
            ph.shot(shots, f"{prefix}phone-choice-{m['kind']}.png")
        if m["kind"] == "question":
            page.locator('#bpanel .hhand button.hcard').filter(has_text=TITLES[m["cards"][0]]).first.click()
            page.click(f'#bpanel [data-ask="{rng.choice(m["ask"])}"]')
            page.locator("#bpanel .hacts button.primary").click()
        else:
            options = page.locator("#bpanel .hacts [data-choice]").all()
            rng.choice(options).click()
        return True
    if "play" in moves and t["plays"] < rng.choice((1, 2, 2, 3)):
        m = moves["play"]
        key = rng.choice(m["cards"])
        page.locator(f'#bpanel .hhand button.hcard[data-hcard="{key}"]').first.click()
        at = rng.choice(m["at"])
        page.click(f'#bpanel .hrow button.hspot[data-pile="{at}"]')
        up = rng.random() < 0.6
        if shots and "play" not in seen:
            seen.add("play")
            ph.shot(shots, f"{prefix}phone-play.png")
        page.click(f'#bpanel .hplay button[data-up="{1 if up else 0}"]')
        return True
    if "end" in moves:
        if shots and "end-turn" not in seen and t["plays"]:
            seen.add("end-turn")
            ph.shot(shots, f"{prefix}phone-turn.png")
        page.click("#hend")
        return True
    return False


def play_to_end(ph: Phone, table: Any, shots: Path, prefix: str, seed: int) -> dict[str, Any]:
    rng, seen = random.Random(seed), set[str]()
    deadline, moves = time.monotonic() + 300, 0
    while time.monotonic() < deadline:
        v = ph.me()
        if v["table"]["over"]:
            break
        if moves % 4 == 0:
            ph.check_secrets()
            check_table(table)
        if tap_move(ph, v, rng, shots, seen, prefix):
            moves += 1
            if moves == 6:
                table.screenshot(path=str(shots / f"{prefix}table-play.png"))
                # every tap target is at least 44 px and every text readable, on the phone and the TV
                assert ph.page.evaluate(TARGETS_JS) == []
                assert ph.page.evaluate(CONTRAST_JS) == [] and table.evaluate(CONTRAST_JS) == []
                # nothing wider than a 390 px phone, nothing scrolling on the TV
                wide = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
                sizes = ph.page.evaluate(wide)
                assert sizes[0] <= sizes[1], f"the phone page scrolls sideways: {sizes}"
                sizes = table.evaluate(wide)
                assert sizes[0] <= sizes[1], f"the TV page scrolls sideways: {sizes}"
        if v["out"] and "out" not in seen:
            seen.add("out")
            ph.page.wait_for_selector("#bpanel .hout")
            ph.shot(shots, f"{prefix}phone-out.png", "#bpanel .hout")
        if v["peeks"] and "peek" not in seen:
            seen.add("peek")
            ph.page.wait_for_selector("#bpanel .hpeeks")
            ph.shot(shots, f"{prefix}phone-peek.png", "#bpanel .hpeeks")
        ph.settle(v["table"]["version"])
    v = ph.me()
    assert v["table"]["over"], "the game did not end in time"
    assert moves > 2 and ph.errors == []
    return v


@pytest.fixture
def four(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 4, "--game", "hasty", "--bots", "3", "--bot-delay", "0.05")


@pytest.fixture
def traitor(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 4, "--game", "hasty", "--bots", "3", "--bot-delay", "0.05",
                       "--option", "traitor")


def _table(browser: Any, base: str) -> tuple[Any, Any]:
    tctx = browser.new_context(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    table = tctx.new_page()
    table.goto(base + "/")
    table.wait_for_selector("#bboard .hrow")
    return tctx, table


def test_hasty_four_seats_one_person_three_bots(browser: Any, four: Server, shots: Path) -> None:
    base = four.url
    ann = Phone(browser, base, 0)
    ann.join("Ann")
    tctx, table = _table(browser, base)
    assert table.inner_text("#gamename") == "Hasty Accusations"
    check_table(table)
    # the secret suspect shows only while the panel is held
    v = ann.me()
    assert v["secret"] != "traitor" and v["table"]["options"]["traitor"] is False
    name = SUSPECTS[v["secret"]]
    assert name not in ann.page.inner_text("#hpeek")
    ann.page.locator("#hpeek").hover()  # scrolled into view (a new view may redraw it meanwhile)
    ann.page.mouse.down()
    ann.page.wait_for_selector("#hpeek .hsecret")
    assert name in ann.page.inner_text("#hpeek")
    ann.shot(shots, "hasty-phone-peek-secret.png")
    ann.page.mouse.up()
    ann.page.wait_for_function("!document.querySelector('#hpeek .hsecret')")
    ann.shot(shots, "hasty-phone-start.png")
    table.screenshot(path=str(shots / "hasty-table-start.png"))
    # a review on the table: played out card by card, the verdict large
    v = play_to_end(ann, table, shots, "hasty-", 7)
    t = v["table"]
    prompt = ann.page.inner_text("#prompt")
    assert "Game over" in prompt and ("You win" in prompt) == (0 in t["winners"])
    ann.page.wait_for_selector("#bpanel table.reveal")
    assert ann.page.locator("#bpanel [data-end-seat]").count() == 4
    ann.shot(shots, "hasty-phone-end.png")
    table.wait_for_function("/Game over/.test(document.querySelector('#waiting').textContent)")
    table.wait_for_selector("#hreview", state="hidden", timeout=90_000)
    table.screenshot(path=str(shots / "hasty-table-end.png"))
    assert ann.page.get_attribute("#ruleslink", "href") == "/rules/hasty"
    assert "loupe" in requests.get(f"{base}/rules/hasty", timeout=5).text
    tctx.close()
    ann.ctx.close()


def test_hasty_review_is_played_out_on_the_table(browser: Any, four: Server, shots: Path) -> None:
    """The table plays each review card by card at its own pace, then the verdict, from the view."""
    base = four.url
    ann = Phone(browser, base, 0)
    ann.join("Ann")
    tctx, table = _table(browser, base)
    rng, seen = random.Random(3), set[str]()
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        v = ann.me()
        if v["table"]["over"] or v["table"]["reviews"] > 0:
            break
        tap_move(ann, v, rng, None, seen, "x")
        ann.settle(v["table"]["version"])
    assert v["table"]["reviews"] > 0 or v["table"]["over"]
    table.wait_for_selector("#hreview:not([hidden]) [data-turned='0'], #hreview:not([hidden]) .hverdict",
                            timeout=20_000)
    with contextlib.suppress(Exception):
        table.wait_for_selector("#hreview .hverdict", timeout=30_000)
        table.screenshot(path=str(shots / "hasty-table-review.png"))
    assert ann.errors == []
    tctx.close()
    ann.ctx.close()


def test_hasty_traitor_variant(browser: Any, traitor: Server, shots: Path) -> None:
    base = traitor.url
    ann = Phone(browser, base, 0)
    ann.join("Ann")
    tctx, table = _table(browser, base)
    v = ann.me()
    assert v["table"]["options"]["traitor"] is True
    assert "Traitor variant" in table.inner_text("#hturn")
    v = play_to_end(ann, table, shots, "hasty-traitor-", 11)
    t = v["table"]
    traitor_seat = t["reveal"]["traitor"]
    assert isinstance(traitor_seat, int) and t["reveal"]["secrets"][traitor_seat] == "traitor"
    ann.page.wait_for_selector("#bpanel table.reveal")
    assert "the Traitor" in ann.page.inner_text(f'#bpanel [data-end-seat="{traitor_seat}"]')
    ann.shot(shots, "hasty-traitor-phone-end.png")
    table.wait_for_function("/Game over/.test(document.querySelector('#waiting').textContent)")
    table.wait_for_selector("#hreview", state="hidden", timeout=90_000)
    assert "Traitor" in table.inner_text("#hend")
    table.screenshot(path=str(shots / "hasty-traitor-table-end.png"))
    # the host's new-game dialog offers the game's table options, ticked as this game was dealt
    host = tctx.new_page()
    host.goto(traitor.host_link())
    host.wait_for_selector("#dealopts input[data-option='traitor']")
    assert host.is_checked("#opt-traitor") and not host.is_checked("#opt-speedy")
    host.uncheck("#opt-traitor")
    host.check("#opt-speedy")
    host.locator("#dealopts").screenshot(path=str(shots / "hasty-host-options.png"))
    host.get_by_role("button", name="Deal a new game").click()
    host.get_by_role("button", name="Yes, deal").click()
    host.wait_for_selector("#said:has-text('dealt')")
    ann.page.wait_for_function(
        "(() => { const t = window.jaccuse.me().table; return !t.version && t.options.speedy; })()")
    assert ann.me()["table"]["options"]["traitor"] is False
    # J'Accuse has no table options: the dialog hides the box
    host.select_option("#gamesel", "jaccuse")
    assert not host.locator("#dealopts").is_visible()
    tctx.close()
    ann.ctx.close()


def test_hasty_pages_and_their_style_sheet_work_under_the_csp(browser: Any, four: Server) -> None:
    """The game's own style sheet (hasty.css, linked by its page parts) loads under the pages' CSP."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})  # no bypass_csp here
    try:
        page, violations = watched_page(ctx)
        page.goto(f"{four.url}/")
        page.locator("#bboard .hrow").wait_for()
        styled = "getComputedStyle(document.querySelector('.hrow')).display === 'grid'"
        page.wait_for_function(styled)
        page.goto(f"{four.url}/seat/0")
        page.locator("#joinbtn").click()
        page.locator("#bpanel .hhand .hcard").first.wait_for()
        page.wait_for_function(styled)
        assert violations() == []
    finally:
        ctx.close()


@pytest.fixture
def pads(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data", players=3, pads="mock", extra=("--game", "hasty", "--bots", "2")).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_hasty_pad_press_ends_the_turn(browser: Any, pads: Server, shots: Path) -> None:
    """The table page's virtual pads (mock mode): the active seat's press ends its turn, another's is
    refused and says why."""
    tctx, table = _table(browser, pads.url)
    try:
        table.wait_for_selector("[data-pad='0-reveal']")
        table.click("[data-pad='1-reveal']")
        table.wait_for_selector(".hseat[data-seat='1'] .refusal")
        assert "not your turn" in table.inner_text(".hseat[data-seat='1'] .refusal")
        assert table.evaluate("window.jaccuseTable.view().turn") == 0
        table.click("[data-pad='0-reveal']")
        table.wait_for_function("window.jaccuseTable.view().turn !== 0")
    finally:
        tctx.close()
