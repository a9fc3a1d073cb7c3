"""The players' side in Chromium: names typed in, personal feeds, confirmations, the crisis counter, the
shot clock, the join code, a refused virtual REVEAL, and the table page on a TV with 14 seats.

Three games: one person and four bots with the shot clock on; three people and two bots who parley and
run into a crisis; and fourteen seats on a 1280x800 and a 1920x1080 screen. Screenshots land in
artifacts/screenshots/ (docs/playing.md shows some of them).
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import Server
from test_game_browser import RANKS, Seat, colour, pretty, quality, wait_table

pytestmark = pytest.mark.browser


def _host(server: Server, setting: str, body: dict[str, Any]) -> dict[str, Any]:
    r = requests.post(f"{server.url}/api/host/{setting}", json=body, timeout=5,
                      headers={"X-Host-Key": server.host_key})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _join_page(seat: Seat, name: str) -> None:
    seat.page.goto(seat.url)
    seat.page.fill("#name", name)
    seat.button(f"Take seat {seat.seat}").click()
    seat.page.wait_for_selector("#hand button.card")


def _wait_me(seat: Seat, js: str, timeout: float = 15_000) -> dict[str, Any]:
    """Wait until the phone's own view satisfies ``js`` (an expression over ``m``, the view)."""
    check = f"(() => {{ const m = window.jaccuse && window.jaccuse.me(); return m && ({js}); }})()"
    seat.page.wait_for_function(check, timeout=timeout)
    return seat.page.evaluate("window.jaccuse.me()")  # type: ignore[no-any-return]


def _shot(page: Any, path: Path, full: bool = False) -> None:
    """A screenshot from the top of the page (an action may have scrolled it)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=full)


def _table_page(browser: Any, base: str, width: int = 1280, height: int = 800) -> tuple[Any, Any]:
    """A browser context with the table page open at that screen size."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(base + "/")
    return ctx, page


def _feed(seat: Seat) -> list[str]:
    return [x["text"] for x in seat.me()["feed"]]


def _rank(card: str) -> int:
    return -1 if card.endswith("J") and len(card) == 2 else RANKS.index(card[:-1])


def _top(hand: list[str], want: str | None = None) -> str:
    cards = [c for c in hand if want is None or colour(c) == want]
    return max(cards or hand, key=_rank)


def _bot_membership(data_dir: Path, seat: int) -> str:
    """A bot's membership card, read from the journal (the test's view behind the scenes)."""
    conn = sqlite3.connect(data_dir / "journal.sqlite3")
    try:
        actions = [json.loads(a) for (a,) in conn.execute("SELECT action FROM actions ORDER BY seq")]
    finally:
        conn.close()
    placed = [a["card"] for a in actions if a["act"] in ("membership", "defect") and a["seat"] == seat]
    return str(placed[-1])


def _vote_on_page(seat: Seat, card: str | None) -> None:
    """Select ``card`` and press REVEAL on the phone, or ABSTAIN with None."""
    if card is None:
        seat.button("ABSTAIN", exact=True).click()
        return
    seat.card(card).click()
    seat.page.wait_for_function(f"window.jaccuse.me().selected === '{card}'")
    seat.button("REVEAL", exact=True).click()


def _drive_humans_until(
    server: Server, humans: list[Seat], done: Any, timeout: float = 60.0
) -> dict[str, Any]:
    """Play the people's part until ``done(table)``: memberships, votes (their best card, a red and a
    black one so that rarely a consensus passes), parley answers, enactments; a human President passes.
    Should the bots end the game first, the host deals a new one and play goes on."""
    base = server.url
    end = time.monotonic() + timeout
    while True:
        t = requests.get(f"{base}/api/table", timeout=5).json()
        if done(t):
            return t
        assert time.monotonic() < end, f"never got there: {t['phase']}"
        if t["over"]:
            _host(server, "new-game", {})
            continue
        for i, h in enumerate(humans):
            me = h.me()
            acts = me["acts"]
            action: dict[str, Any] | None = None
            if "membership" in acts:
                action = {"act": "membership", "card": me["hand"][0]}
            elif "vote" in acts:
                action = {"act": "vote", "card": _top(me["hand"], "red" if i % 2 == 0 else "black")}
            elif "parley_reply" in acts:
                action = {"act": "parley_reply", "cards": me["hand"][: me["table"]["parley"]["count"]]}
            elif "enact" in acts:
                action = {"act": "enact", "card": next(c for c in me["hand"] if colour(c) != "neutral")}
            elif "pass" in acts:
                action = {"act": "pass"}
            if action is not None:
                h.page.evaluate(f"window.jaccuse.send({json.dumps(action)})")
                if action["act"] == "vote":
                    h.page.evaluate("window.jaccuse.send({act: 'reveal'})")
        time.sleep(0.1)


def _serve(tmp_path: Path, *extra: str, players: int = 5, pads: str = "phone") -> Iterator[Server]:
    srv = Server(tmp_path / "data", players=players, pads=pads, extra=extra).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def solo(tmp_path: Path) -> Iterator[Server]:
    yield from _serve(tmp_path, "--bots", "4", "--bot-delay", "0.15")


def test_one_person_and_four_bots_with_the_shot_clock(browser: Any, solo: Server, shots: Path) -> None:
    base = solo.url
    tctx, table = _table_page(browser, base)
    # a bot's seat link says so at once, before any tap
    look = tctx.new_page()
    look.goto(f"{base}/seat/3")
    assert "A bot plays seat 3" in look.locator("#claimnote").inner_text()
    assert look.locator("#joinform").is_hidden()
    look.close()
    # the sounds can be muted, and the page remembers it
    assert table.locator("#sound").inner_text() == "Sound on"
    table.locator("#sound").click()
    assert table.locator("#sound").get_attribute("aria-pressed") == "false"
    table.reload()
    assert table.locator("#sound").inner_text() == "Sound off"
    table.locator("#sound").click()

    # the host turns the shot clock on (6 s a decision) from the host page
    host = tctx.new_page()
    host.goto(solo.host_link())
    host.fill("#seconds", "6")
    host.locator("#setclock").click()
    host.wait_for_selector("text=now 6 s a decision")

    me = Seat(browser, f"{base}/seat/0", 0)
    me.page.goto(me.url)
    me.page.screenshot(path=str(shots / "players-phone-1-join.png"))
    _join_page(me, "  Zoë Ångström  ")
    assert me.page.locator("#title").inner_text() == "Seat 0 · Zoë Ångström"
    table.wait_for_selector('.seat[data-seat="0"] .name')
    assert table.locator('.seat[data-seat="0"] .name').inner_text().strip() == "Zoë Ångström"
    # every seat is taken now, so the membership round runs on the clock too
    me.page.wait_for_selector("#prompt .clock")
    first = me.me()["hand"][0]
    me.card(first).click()
    me.button(f"Place {pretty(first)} as membership").click()
    _wait_me(me, "m.feed.length > 0")
    assert _feed(me)[0] == "You placed your membership card (hold the grey panel to see it)."
    assert pretty(first) not in me.page.locator("#feed").text_content()  # (folded: its text, shown or not)

    # the first election: this player does nothing and the clock abstains for them
    _wait_me(me, "m.acts.includes('vote')")
    table.wait_for_selector("#waiting .clock")
    assert re.fullmatch(r"[1-6] s left", table.locator("#waiting .clock").inner_text())
    _shot(me.page, shots / "players-phone-2-clock.png")
    table.screenshot(path=str(shots / "players-table-1-clock.png"))
    _wait_me(me, "m.feed.length && m.feed.some((x) => x.text === 'Time ran out: you abstained.')", 12_000)
    box = requests.get(f"{base}/api/box", timeout=5).json()
    assert "Out of time for Zoë Ångström: abstains (forced)." in box["log"]
    table.wait_for_selector("text=Out of time for Zoë Ångström")

    # elections until the player is President: it reveals its best card, and a double tap sends once
    for _ in range(20):
        acts = ("vote", "pass", "membership", "enact", "parley_reply")
        view = _wait_me(me, "m.table.over || " + " || ".join(f"m.acts.includes('{a}')" for a in acts), 20_000)
        if view["table"]["over"]:  # the bots ended the game first: a new deal
            _host(solo, "new-game", {})
            _wait_me(me, "!m.table.over")
            continue
        if "pass" in view["acts"]:
            break
        if "vote" in view["acts"]:
            card = _top(view["hand"])
            me.card(card).click()
            me.page.wait_for_function(f"window.jaccuse.me().selected === '{card}'")
            me.button("REVEAL", exact=True).dblclick()
            me.page.wait_for_timeout(200)
            assert me.page.locator("#error").is_hidden(), me.page.locator("#error").inner_text()
        else:
            _drive_humans_until(solo, [me], lambda t, v=view["table"]["version"]: t["version"] > v)
        _wait_me(me, f"m.table.version > {view['table']['version']}")
    else:
        pytest.fail("the player never became President")
    me.page.wait_for_selector("text=You are President")
    prompt = me.page.locator("#prompt").inner_text()
    assert "You may parley first" in prompt and "Seat 0" not in prompt
    # Pass asks first; Cancel sends nothing
    me.button("Pass", exact=True).click()
    me.page.wait_for_selector("text=End your presidency without acting?")
    quality(me.page, "phone page asking to confirm a pass")
    me.page.screenshot(path=str(shots / "players-phone-3-confirm.png"))
    me.button("Cancel", exact=True).click()
    assert me.me()["table"]["phase"] == "presidency"
    me.button("Pass", exact=True).click()
    me.button("Yes, pass", exact=True).click()
    _wait_me(me, "m.table.phase !== 'presidency' || m.table.president !== 0")
    assert me.page.locator("#error").is_hidden()

    # the host turns the clock off: the countdown goes from the pages
    _host(solo, "clock", {"seconds": 0})
    table.wait_for_selector("#waiting .clock", state="detached")
    me.page.wait_for_selector("#prompt .clock", state="detached")
    me.ctx.close()
    tctx.close()


@pytest.fixture
def three(tmp_path: Path) -> Iterator[Server]:
    yield from _serve(tmp_path, "--bots", "2", "--bot-delay", "0.15")


def test_three_people_parley_and_run_into_a_crisis(browser: Any, three: Server, shots: Path) -> None:
    base = three.url
    tctx, table = _table_page(browser, base)
    humans = [Seat(browser, f"{base}/seat/{s}", s) for s in range(3)]
    names = ["Ann", "Βασίλης", "<b>Bo</b>"]
    for h, name in zip(humans, names, strict=True):
        _join_page(h, name)
    # names are text everywhere: the markup in a name is shown, never run
    table.wait_for_selector('.seat[data-seat="2"] .name')
    assert table.locator('.seat[data-seat="2"] .name').inner_text().strip() == "<b>Bo</b>"
    assert table.locator(".seat b").count() == 0
    for h in humans:
        first = h.me()["hand"][0]
        h.card(first).click()
        h.button(f"Place {pretty(first)} as membership").click()

    # elections until one of the people is President
    t = _drive_humans_until(three, [], lambda t: t["phase"] == "election")
    for _ in range(30):
        t = _drive_humans_until(three, humans, lambda t, v=t["version"]: t["version"] > v and (
            (t["phase"] == "presidency" and t["president"] in (0, 1, 2)) or t["phase"] == "election"), 30)
        if t["phase"] == "presidency" and t["president"] in (0, 1, 2) and not t["parley"]:
            break
    else:
        pytest.fail("no person became President")
    p = humans[t["president"]]
    h2, h3 = [h for h in humans if h is not p]
    me = _wait_me(p, "m.acts.includes('parley')")

    # a parley: the President offers one card to h2, who gives one back (a double tap sends once)
    offered = me["hand"][0]
    p.button("Parley", exact=True).click()
    p.page.locator(f'#acts button[data-target="{h2.seat}"]').click()
    p.card(offered).click()
    p.button(f"Offer 1 card to {h2.seat} · {names[h2.seat]}").click()  # a choice says the seat too
    h2.page.wait_for_selector("text=Choose 1 card of yours to give back")
    answered = h2.me()["hand"][0]
    h2.card(answered).click()
    h2.button("Give back 1/1").dblclick()
    _wait_me(p, "m.table.phase === 'presidency'")
    h2.page.wait_for_timeout(200)
    assert h2.page.locator("#error").is_hidden()
    gave, got = pretty(offered), pretty(answered)
    assert _feed(p)[0] == f"Parley with {names[h2.seat]}: you gave {gave} and got {got}."
    assert _feed(h2)[0] == f"Parley with {names[p.seat]}: you gave {got} and got {gave}."
    # h3 learns only that it happened (a bot President may have parleyed with h3 in an earlier round:
    # only the lines of this parley count)
    assert not any("Parley with" in x["text"] for x in h3.me()["feed"] if x["version"] > t["version"])
    _shot(p.page, shots / "players-phone-4-feed.png")

    # three wrong accusations in a row: the President accuses h2, h2 accuses h3, h3 accuses a bot
    def accuse_wrongly(accuser: Seat, target: int, membership: str, name: str) -> None:
        wrong = "black" if colour(membership) == "red" else "red"
        _wait_me(accuser, "m.acts.includes('accuse')")
        accuser.button("Accuse", exact=True).click()
        accuser.page.locator(f'#acts button[data-target="{target}"]').click()
        accuser.button("♥ red" if wrong == "red" else "♠ black").click()
        accuser.button(f"Accuse {name} of being {wrong}").click()

    def replace_membership(seat: Seat) -> None:
        me = _wait_me(seat, "m.acts.includes('membership')")
        seat.card(me["hand"][0]).click()
        seat.button(f"Place {pretty(me['hand'][0])} as membership").click()

    accuse_wrongly(p, h2.seat, h2.me()["membership"], f"{h2.seat} · {names[h2.seat]}")
    replace_membership(h2)
    table.wait_for_selector('#crisis[data-crisis="1"]')
    _wait_me(h2, f"m.table.president === {h2.seat} && m.table.phase === 'presidency'")
    assert any("you are President now" in line for line in _feed(h2))
    accuse_wrongly(h2, h3.seat, h3.me()["membership"], f"{h3.seat} · {names[h3.seat]}")
    replace_membership(h3)
    table.wait_for_selector('#crisis[data-crisis="2"]')
    table.wait_for_selector("text=one more is a crisis")
    h3.page.wait_for_selector('#public [data-crisis="2"]')
    quality(h3.page, "phone page with two wrong accusations")
    _shot(h3.page, shots / "players-phone-5-crisis-counter.png", full=True)
    table.screenshot(path=str(shots / "players-table-2-crisis-counter.png"))
    view = _wait_me(h3, "m.acts.includes('accuse')")
    bot = next(s for s in view["table"]["accusable"] if s >= 3)
    bot_name = requests.get(f"{base}/api/table", timeout=5).json()["names"][bot]  # bots have names
    accuse_wrongly(h3, bot, _bot_membership(three.data_dir, bot), f"{bot} · {bot_name}")
    t = wait_table(base, lambda t: t["stability"] == 4 and t["phase"] == "election", 15)
    for h in humans:
        _wait_me(h, "m.feed.some((x) => x.text.startsWith('Crisis'))")
    assert table.locator("#stability").inner_text().strip().endswith("4")

    # the box out of reach: the buttons are off until it is back
    h2.ctx.set_offline(True)
    h2.page.wait_for_selector("#conn:has-text('offline')", timeout=15_000)
    assert all(b.is_disabled() for b in h2.page.locator("#acts button, #hand button").all())
    h2.ctx.set_offline(False)
    h2.page.wait_for_selector("#conn:has-text('live')", timeout=15_000)
    assert any(b.is_enabled() for b in h2.page.locator("#hand button").all())

    # the host's new game asks first
    host = tctx.new_page()
    host.goto(three.host_link())
    host.get_by_role("button", name="Deal a new game for the same seats").click()
    host.get_by_role("button", name="Cancel").click()
    assert requests.get(f"{base}/api/table", timeout=5).json()["version"] > 0
    host.get_by_role("button", name="Deal a new game for the same seats").click()
    host.get_by_role("button", name="Yes, deal").click()
    # a new deal: setup again, where only the two bots can have moved yet (each places its membership a
    # moment after the deal, sometimes before a loaded machine's page or poll sees version 0)
    wait_table(base, lambda t: t["version"] <= len(t["bots"]) and t["phase"] == "setup")
    for h in humans:
        _wait_me(h, "m.table.phase === 'setup' && m.table.version <= m.table.bots.length && !m.feed.length")
        assert h.me()["name"] == names[h.seat]  # the names stay for the next game
    for h in humans:
        h.ctx.close()
    tctx.close()


FOURTEEN = ["Ann", "Bartholomew-Maximilian", "Zoë", "Ольга", "Νίκος", "José", "Dee", "Eve", "Finn", "Gus",
            "Hal", "Ivy", "Jo", "Kai"]


@pytest.fixture
def fourteen(tmp_path: Path) -> Iterator[Server]:
    yield from _serve(tmp_path, players=14, pads="mock")


def _fits(page: Any) -> None:
    sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                          " document.documentElement.scrollHeight, document.documentElement.clientHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"the table page scrolls: {sizes}"


def test_fourteen_seats_fit_a_tv_and_a_refused_virtual_reveal_flashes(
    browser: Any, fourteen: Server, shots: Path
) -> None:
    base = fourteen.url
    code = _host(fourteen, "join-code", {"code": "new"})["join_code"]
    screens = {}
    for w, h in ((1280, 800), (1920, 1080)):
        _, page = _table_page(browser, base, w, h)
        page.wait_for_selector("a.qr >> nth=13")
        page.wait_for_selector("#joincode:not([hidden])")  # the box's own screen shows the join code
        assert code in page.locator("#joincode").inner_text()
        _fits(page)
        page.screenshot(path=str(shots / f"players-table-14-setup-{w}x{h}.png"))
        screens[w] = page
    # the seats are taken with the code (a QR code scanned from the box's screen carries it)
    tokens = []
    for s in range(14):
        r = requests.post(f"{base}/api/join", json={"seat": s, "name": FOURTEEN[s], "code": code}, timeout=5)
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
    hands = [requests.get(f"{base}/api/me", headers=a, timeout=5).json()["hand"] for a in auth]
    def act(seat: int, action: dict[str, Any]) -> None:
        requests.post(f"{base}/api/me/actions", json=action, headers=auth[seat], timeout=5).raise_for_status()

    for s in range(14):
        act(s, {"act": "membership", "card": hands[s][0]})
    t = wait_table(base, lambda t: t["phase"] == "election")
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone_ctx.add_init_script(f"localStorage.setItem('jaccuse_token', {json.dumps(tokens[0])})")
    phone = phone_ctx.new_page()
    phone.goto(f"{base}/seat/0")
    phone.wait_for_selector("#hand button.card")

    # seat 0 presses its virtual REVEAL with no card chosen: the seat flashes on the table and the phone
    tv = screens[1280]
    tv.locator('button[data-pad="0-reveal"]').click()
    tv.wait_for_selector('.seat[data-seat="0"] .refusal')
    assert "select a card" in tv.locator('.seat[data-seat="0"] .refusal').inner_text()
    phone.wait_for_selector("#flash:not([hidden])")
    assert "refused" in phone.locator("#flash").inner_text()

    # everybody votes: seats 0-6 a red card, 7-13 a black one, and presses the virtual pads
    for s in range(14):
        hand = requests.get(f"{base}/api/me", headers=auth[s], timeout=5).json()["hand"]
        card = _top(hand, "red" if s < 7 else "black")
        act(s, {"act": "vote", "card": card})
    for s in range(14):
        requests.post(f"{base}/api/mock/pads/{s}/reveal", json={}, timeout=5).raise_for_status()
    t = wait_table(base, lambda t: t["version"] >= 42 and not t["pressed"])
    _host(fourteen, "clock", {"seconds": 300})
    if t["phase"] == "presidency":  # a wrong accusation, for the crisis counter
        president = t["president"]
        target = next(s for s in t["accusable"])
        mine = requests.get(f"{base}/api/me", headers=auth[target], timeout=5).json()["membership"]
        wrong = "black" if colour(mine) == "red" else "red"
        act(president, {"act": "accuse", "target": target, "color": wrong})
        act(target, {"act": "membership", "card": mine})
    for w, page in screens.items():
        page.wait_for_selector("#waiting .clock")
        page.wait_for_timeout(400)
        _fits(page)
        quality(page, f"table page with 14 seats at {w}")
        page.screenshot(path=str(shots / f"players-table-14-game-{w}x{page.viewport_size['height']}.png"))
    phone.screenshot(path=str(shots / "players-phone-6-fourteen.png"))
    phone_ctx.close()
    for page in screens.values():
        page.context.close()
