"""A whole game played through the phone pages and watched on the table page, in Chromium."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from browser.page_checks import CONTRAST_JS, TARGETS_JS

pytestmark = pytest.mark.browser

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUIT = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
CARD_TEXT = re.compile(r"(10|[2-9AJQK])([♥♦♠♣])")

JOKERS = {"RJ": ("red joker", "red"), "BJ": ("black joker", "black"), "NJ": ("neutral joker", "neutral")}


def pretty(card: str) -> str:
    """The card as the pages label it."""
    return JOKERS[card][0] if card in JOKERS else card[:-1] + SUIT[card[-1]]


def colour(card: str) -> str:
    return JOKERS[card][1] if card in JOKERS else "red" if card[-1] in "HD" else "black"


class Seat:
    def __init__(self, browser: Any, url: str, seat: int) -> None:
        self.seat = seat
        self.ctx = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True
        )
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(10_000)
        self.url = url

    def me(self) -> dict[str, Any]:
        return self.page.evaluate("async () => (await fetch('/api/me')).json()")  # type: ignore[no-any-return]

    def sync(self, version: int) -> dict[str, Any]:
        self.page.wait_for_function(
            f"window.jaccuse && window.jaccuse.me() && window.jaccuse.me().table.version >= {version}"
        )
        return self.page.evaluate("window.jaccuse.me()")  # type: ignore[no-any-return]

    def button(self, name: str, exact: bool = False) -> Any:
        return self.page.get_by_role("button", name=name, exact=exact)

    def card(self, card: str) -> Any:
        return self.page.locator(f'#hand button[data-card="{card}"]')

    def check_no_foreign_secret(self, others: list[dict[str, Any]]) -> None:
        me = self.me()
        t = me["table"]
        allowed = set(me["hand"]) | {me["membership"]} | {x["card"] for x in t["table_cards"] + t["revealed"]}
        allowed |= {p["card"] for p in t["policies"] if "card" in p}
        if t["reveal"]:
            allowed |= {c for c in t["reveal"]["membership"] if c}
        foreign = set()
        for o in others:
            foreign |= set(o["hand"]) | {o["membership"]}
        foreign -= allowed
        text = self.page.evaluate("document.body.innerText")
        seen = {m.group(0) for m in CARD_TEXT.finditer(text)}
        dom_cards = set(
            self.page.evaluate("[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)")
        )
        assert not ({pretty(c) for c in foreign if c} & seen), f"seat {self.seat} shows another seat's card"
        assert not (foreign & dom_cards), f"seat {self.seat} holds another seat's card in the DOM"
        nets = self.page.evaluate("[...document.querySelectorAll('[data-net]')].map(e => e.dataset.net)")
        assert nets == me["network"]


def quality(page: Any, what: str) -> None:
    assert page.evaluate(TARGETS_JS) == [], f"{what}: touch targets under 44x44"
    assert page.evaluate(CONTRAST_JS) == [], f"{what}: text under 4.5:1 contrast"


def weigh(page: Any, url: str) -> int:
    """Bytes transferred (headers + bodies) while loading ``url``; the SSE stream's first event included."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    total = [0]
    sse: set[str] = set()
    cdp.on("Network.responseReceived", lambda e: sse.add(e["requestId"])
           if "event-stream" in e["response"].get("mimeType", "") else None)
    cdp.on("Network.loadingFinished", lambda e: total.__setitem__(0, total[0] + int(e["encodedDataLength"])))
    cdp.on("Network.dataReceived", lambda e: total.__setitem__(0, total[0] + int(e["dataLength"]))
           if e["requestId"] in sse else None)
    page.goto(url)
    page.wait_for_timeout(1500)  # the SSE stream never ends, so "networkidle" never comes
    return total[0]


def wait_table(base: str, cond: Any, timeout: float = 10.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        t = requests.get(f"{base}/api/table", timeout=5).json()
        if cond(t):
            return t  # type: ignore[no-any-return]
        assert time.monotonic() < end, f"table never reached the expected state: {t['phase']}"
        time.sleep(0.05)


def test_whole_game(browser: Any, server: Any, shots: Path) -> None:
    base = server.url
    t0 = time.monotonic()
    tctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    table = tctx.new_page()
    table.set_default_timeout(10_000)
    table_bytes = weigh(table, base + "/")
    table.wait_for_selector("a.qr >> nth=4")
    links = table.eval_on_selector_all("a.qr", "els => els.map(e => e.href)")
    assert links == [f"{base}/seat/{s}" for s in range(5)]
    svg = requests.get(f"{base}/qr/seat/0.svg", timeout=5)
    assert svg.headers["Content-Type"].startswith("image/svg+xml") and b"<svg" in svg.content
    quality(table, "table page at setup")
    table.screenshot(path=str(shots / "table-1-setup.png"))

    seats = [Seat(browser, links[s], s) for s in range(5)]
    phone_bytes = weigh(seats[0].page, links[0])
    for s in seats:
        if s.seat:
            s.page.goto(s.url)
        s.button(f"Take seat {s.seat}").click()
        s.page.wait_for_selector("#hand button.card")
    assert requests.post(f"{base}/api/join", json={"seat": 0}, timeout=5).status_code == 409
    seats[0].page.screenshot(path=str(shots / "phone-1-setup.png"))
    quality(seats[0].page, "phone page at setup")

    # hold to peek: the secret shows only while held
    p0 = seats[0].page
    assert p0.locator("#secret").is_hidden()
    p0.locator("#peek").hover()
    p0.mouse.down()
    assert p0.locator("#secret").is_visible()
    p0.mouse.up()
    assert p0.locator("#secret").is_hidden()

    # membership = first card
    for s in seats:
        first = s.me()["hand"][0]
        s.card(first).click()
        s.button(f"Place {pretty(first)} as membership").click()
    t = wait_table(base, lambda t: t["phase"] == "election")

    # a refusal shows the engine's message
    seats[1].page.evaluate("window.jaccuse.send({act: 'pass'})")
    assert seats[1].page.locator("#error").inner_text().strip()

    # election 1: one red and one black card of different ranks; the rest abstain -> a President
    mes = [s.me() for s in seats]
    rank = lambda c: RANKS.index(c[:-1])  # noqa: E731
    red = max((c for c in mes[0]["hand"] if colour(c) == "red"), key=rank)
    black = max((c for c in mes[1]["hand"] if colour(c) == "black" and rank(c) != rank(red)), key=rank)
    for s, card in ((seats[0], red), (seats[1], black)):
        s.sync(t["version"])
        s.card(card).click()
        s.page.wait_for_function(f"window.jaccuse.me().selected === '{card}'")
        s.button("REVEAL", exact=True).click()
    seats[0].page.screenshot(path=str(shots / "phone-2-election.png"))
    table.screenshot(path=str(shots / "table-2-election.png"))
    for s in seats[2:]:
        s.button("ABSTAIN", exact=True).click()
    t = wait_table(base, lambda t: t["phase"] == "presidency")
    pres = seats[t["president"]]
    assert t["president"] == (0 if rank(red) > rank(black) else 1)

    # parley: offer one card to the next seat, which gives one back
    me = pres.sync(t["version"])
    other = seats[(pres.seat + 1) % 5]
    pres.button("Parley", exact=True).click()
    pres.button(f"{other.seat} (max", exact=False).click()
    pres.card(me["hand"][0]).click()
    pres.button(f"Offer 1 card to seat {other.seat}").click()
    t = wait_table(base, lambda t: t["phase"] == "parley")
    ome = other.sync(t["version"])
    other.card(ome["hand"][0]).click()
    other.button("Give back 1/1").click()
    t = wait_table(base, lambda t: t["phase"] == "presidency")

    # accuse a seat of its true colour (the test knows it through that seat's own view)
    me = pres.sync(t["version"])
    target = next(seats[x] for x in me["table"]["accusable"])
    true_colour = colour(target.me()["membership"])
    pres.button("Accuse", exact=True).click()
    pres.page.locator(f'#acts button[data-target="{target.seat}"]').click()
    pres.button("♥ red" if true_colour == "red" else "♠ black").click()
    quality(pres.page, "phone page in presidency")
    pres.page.screenshot(path=str(shots / "phone-3-presidency.png"))
    table.screenshot(path=str(shots / "table-3-presidency.png"))
    pres.button(f"Accuse seat {target.seat} of being {true_colour}").click()
    t = wait_table(base, lambda t: t["phase"] == "replace_membership")
    tme = target.sync(t["version"])
    target.card(tme["hand"][0]).click()
    target.button(f"Place {pretty(tme['hand'][0])} as membership").click()
    t = wait_table(base, lambda t: t["phase"] == "enact")
    me = pres.sync(t["version"])
    enact = next(c for c in me["hand"] if colour(c) == true_colour)
    pres.card(enact).click()
    pres.button(f"Enact {pretty(enact)}").click()
    t = wait_table(base, lambda t: t["phase"] in ("election", "over"))

    # a reload comes back to the same seat with no action
    seats[2].page.reload()
    seats[2].page.wait_for_selector("#hand button.card")
    assert seats[2].page.locator("#join").is_hidden()

    # consensus elections in the enacted colour until the generation ends
    for _ in range(8):
        if t["over"]:
            break
        for s in seats:
            me = s.sync(t["version"])
            if s.seat not in me["table"]["eligible"]:
                continue
            cards = [c for c in me["hand"] if colour(c) == true_colour]
            if cards:
                s.card(cards[0]).click()
                s.page.wait_for_function(f"window.jaccuse.me().selected === '{cards[0]}'")
                s.button("REVEAL", exact=True).click()
            else:
                s.button("ABSTAIN", exact=True).click()
        version = t["version"]
        t = wait_table(base, lambda t, v=version: t["version"] > v and t["phase"] in ("election", "over")
                       and not t["pressed"])
    assert t["over"] and t["winning_color"] == true_colour

    mes = [s.me() for s in seats]
    for s in seats:
        s.sync(t["version"])
        s.check_no_foreign_secret([m for m in mes if m["seat"] != s.seat])
    seats[0].page.wait_for_selector("text=Play again")
    if t["reveal"]["aligned"]:
        table.wait_for_selector("text=aligned")
    table.wait_for_timeout(300)
    quality(table, "table page at the end")
    quality(seats[0].page, "phone page at the end")
    seats[0].page.screenshot(path=str(shots / "phone-4-over.png"), full_page=True)
    table.screenshot(path=str(shots / "table-4-over.png"), full_page=True)

    # play again: a ready check; the new deal for the same seats comes once every phone asked
    seats[3].button("Play again").click()
    seats[3].page.wait_for_selector("[data-ready]")
    seats[0].page.wait_for_selector("text=is ready for another game")
    assert requests.get(f"{base}/api/table", timeout=5).json()["version"] != 0
    for s in seats[:3] + seats[4:]:
        s.button("Play again").click()
    t = wait_table(base, lambda t: t["phase"] == "setup" and t["version"] == 0)
    for s in seats:
        s.page.wait_for_function("window.jaccuse.me().table.phase === 'setup'")
        assert s.button(re.compile("Place")).count() == 1

    # the host releases a lost phone: that page falls back to the join screen
    host = tctx.new_page()
    host.goto(server.host_link())
    row = host.locator('[data-host-seat="4"]')
    row.get_by_role("button", name="Remove player").click()
    row.get_by_role("button", name="Another person").click()
    seats[4].page.wait_for_selector("#joinbtn", state="visible")

    # the host link got out: the host ends it, and the page moves to the new one, which works
    old = server.host_link()
    host.get_by_role("button", name="New host link").click()
    host.get_by_role("button", name="Yes, new link").click()
    host.wait_for_url(lambda url: "key=" in url and url != old)
    host.locator('[data-host-seat="4"]').wait_for()
    assert requests.get(old, timeout=5).status_code == 401

    took = time.monotonic() - t0
    print(f"\npage weight: table {table_bytes} B, phone {phone_bytes} B; game took {took:.1f}s")
    assert table_bytes < 100_000 and phone_bytes < 100_000
    for s in seats:
        s.ctx.close()
    tctx.close()
