"""A 2-generation campaign played through five phone pages and watched on the table page, in Chromium.

Generation 1: everyone places a membership on the phone, one seat reveals a red card (consensus) and
then every election is abstained, so free red policies follow until the run reaches the stability.
Generation 2 starts with the red historical echo; one seat reveals black and abstentions carry black to
the win. The checks read the pages (VP, history, echo, carried-over stability, final scores) and compare
them with what the rules say each seat must have scored.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import Server
from test_game_browser import CARD_TEXT, Seat, colour, pretty, quality, wait_table

pytestmark = pytest.mark.browser
PLAYERS = 5


@pytest.fixture
def campaign_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data", players=PLAYERS, extra=("--campaign", "2")).start()
    try:
        yield srv
    finally:
        srv.stop()


def _no_foreign_secret(seat: Seat, mes: list[dict[str, Any]], history: list[dict[str, Any]]) -> None:
    """No other seat's hand, current membership or network shows on this phone (finished generations'
    memberships were revealed to everyone, so those may show)."""
    me = seat.me()
    t = me["table"]
    allowed = set(me["hand"]) | {me["membership"]} | {x["card"] for x in t["table_cards"] + t["revealed"]}
    allowed |= {p["card"] for p in t["policies"] if "card" in p}
    allowed |= {m for h in history for m in h["membership"] if m}
    foreign = set()
    for other in mes:
        if other["seat"] != seat.seat:
            foreign |= set(other["hand"]) | {other["membership"]}
    foreign -= allowed
    text = seat.page.evaluate("document.body.innerText")
    shown = {m.group(0) for m in CARD_TEXT.finditer(text)}
    assert not ({pretty(c) for c in foreign if c} & shown), f"seat {seat.seat} shows another seat's card"
    nets = seat.page.evaluate("[...document.querySelectorAll('.net')].map(e => e.textContent)")
    assert nets == me["network"], f"seat {seat.seat} shows network cards that are not its own"


def _vote_round(seats: list[Seat], base: str, t: dict[str, Any], revealer: Seat | None, card: str | None,
                by_page: bool) -> dict[str, Any]:
    """One election: ``revealer`` reveals ``card`` (on the page), everyone else abstains."""
    for s in seats:
        me = s.sync(t["version"])
        if s.seat not in me["table"]["eligible"]:
            continue
        if s is revealer and card is not None:
            s.card(card).click()
            s.page.wait_for_function(f"window.jaccuse.me().selected === '{card}'")
            s.button("REVEAL", exact=True).click()
        elif by_page:
            s.button("ABSTAIN", exact=True).click()
        else:
            s.page.evaluate("window.jaccuse.send({act: 'abstain'})")
    version = t["version"]
    return wait_table(base, lambda x: x["version"] > version and not x["pressed"]
                      and x["phase"] in ("election", "setup", "over"))


def _place_memberships(seats: list[Seat], base: str, version: int) -> tuple[dict[str, Any], list[str]]:
    placed = []
    for s in seats:
        first = s.sync(version)["hand"][0]
        s.card(first).click()
        s.button(f"Place {pretty(first)} as membership").click()
        placed.append(first)
    return wait_table(base, lambda x: x["phase"] == "election"), placed


def _play_generation(seats: list[Seat], base: str, t: dict[str, Any], want: str) -> dict[str, Any]:
    """A consensus on ``want`` then abstentions (free policies of that colour) until the generation ends."""
    generation = t["campaign"]["generation"]
    revealer = next(s for s in seats if any(colour(c) == want for c in s.me()["hand"] if c[-1] in "HDSC"))
    card = next(c for c in revealer.me()["hand"] if c[-1] in "HDSC" and colour(c) == want)
    t = _vote_round(seats, base, t, revealer, card, by_page=True)
    for n in range(8):
        if t["over"] or t["campaign"]["generation"] != generation:
            return t
        t = _vote_round(seats, base, t, None, None, by_page=n < 2)
    raise AssertionError("the generation did not end")


def test_two_generation_campaign(browser: Any, campaign_server: Server, shots: Path) -> None:
    base = campaign_server.url
    t0 = time.monotonic()
    tctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    table = tctx.new_page()
    table.set_default_timeout(10_000)
    table.goto(base + "/")
    table.wait_for_selector("a.qr >> nth=4")
    table.wait_for_selector("text=Generation 1 of 2")
    seats = [Seat(browser, f"{base}/seat/{s}", s) for s in range(PLAYERS)]
    for s in seats:
        s.page.goto(s.url)
        s.button(f"Take seat {s.seat}").click()
        s.page.wait_for_selector("#hand button.card")

    # ---- generation 1: red
    t, gen1 = _place_memberships(seats, base, 0)
    nets = [s.me()["network"] for s in seats]  # each seat's own two network cards (for the final check)
    seats[0].page.wait_for_selector("text=Campaign: generation 1 of 2")
    seats[0].page.screenshot(path=str(shots / "campaign-phone-1-gen1.png"), full_page=True)
    t = _play_generation(seats, base, t, "red")
    assert not t["over"] and t["campaign"]["generation"] == 2 and t["phase"] == "setup"
    history = t["campaign"]["history"]
    assert history == [{"winning_color": "red", "membership": gen1}]
    vp1 = [1 if (m == "RJ" or (m[-1] in "HD")) else 0 for m in gen1]
    assert t["campaign"]["vp"] == vp1

    # between generations: the echo, the carried-over stability, VP and the history are on the pages
    table.wait_for_selector("text=Generation 2 of 2")
    table.wait_for_selector("[data-carried]")
    assert table.locator("#policies .chip.echo").count() == 1
    assert "echo" in table.locator("#policies .chip.echo").inner_text()
    table.wait_for_selector('#result td[data-won="1"]')
    assert table.locator('#result td[data-won="1"]').inner_text() == "Red"
    for s, card in enumerate(gen1):
        shown = table.locator(f'#result tr[data-history-seat="{s}"] [data-member]')
        assert shown.get_attribute("data-member") == card
    for s in range(PLAYERS):
        assert table.locator(f'#result tr[data-score-seat="{s}"] td.vp').inner_text() == str(vp1[s])
        assert f"VP {vp1[s]}" in table.locator(f'.seat[data-seat="{s}"]').inner_text()
    p0 = seats[0].page
    p0.wait_for_selector("text=Generation 2 of 2: a new hand")
    p0.wait_for_selector('#public td[data-won="1"]')
    assert p0.locator("#public .chip.echo").count() == 1
    assert p0.locator("#public td.vp").all_inner_texts() == [str(v) for v in vp1]
    # play again is refused until the whole campaign is over, and the phones offer no such button
    status = p0.evaluate("async () => (await fetch('/api/table/new-game', {method: 'POST', "
                         "headers: {'Content-Type': 'application/json'}, body: '{}'})).status")
    assert status == 409 and p0.get_by_role("button", name="Play again").count() == 0
    mes = [s.me() for s in seats]
    for s in seats:
        _no_foreign_secret(s, mes, history)
    quality(p0, "phone page between generations")
    p0.screenshot(path=str(shots / "campaign-phone-2-gen2.png"), full_page=True)
    table.screenshot(path=str(shots / "campaign-table-2-gen2.png"), full_page=True)

    # ---- generation 2: black, after the red echo
    t, gen2 = _place_memberships(seats, base, t["version"])
    assert t["policies"][0] == {"color": "red", "kind": "free"}
    mes = [s.me() for s in seats]
    for s in seats:
        _no_foreign_secret(s, mes, history)
    t = _play_generation(seats, base, t, "black")
    assert t["over"] and t["campaign"]["over"]
    c = t["campaign"]
    assert [h["winning_color"] for h in c["history"]] == ["red", "black"]

    # expected totals: membership VP per generation, then 1 per network card per matching generation
    expected = []
    for s in range(PLAYERS):
        vp = vp1[s] + (1 if gen2[s] == "BJ" or gen2[s][-1] in "SC" else 0)
        vp += sum(1 for card in nets[s] for won in ("red", "black") if card == won)
        expected.append(vp)
    assert c["vp"] == expected
    best = max(expected)
    leaders = [s for s in range(PLAYERS) if expected[s] == best]
    top = max(t["xp"][s] for s in leaders)
    assert c["winners"] == [s for s in leaders if t["xp"][s] == top]

    # the end reveals everything: final score table with networks and winners, on the table and phones
    table.wait_for_selector("text=Campaign over: final scores")
    for s in range(PLAYERS):
        cell = table.locator(f'#result tr[data-score-seat="{s}"]')
        assert cell.locator("td.vp").inner_text() == str(expected[s])
        assert cell.locator(".net").all_inner_texts() == nets[s]
        assert ("winner" in cell.inner_text()) == (s in c["winners"])
    assert table.locator('#result td[data-won="2"]').inner_text() == "Black"
    assert table.locator('#result tr[data-history-seat="3"] [data-member]').all_inner_texts() == [
        pretty(gen1[3]), pretty(gen2[3])]
    for s in seats:
        s.page.wait_for_selector("text=Final scores")
        prompt = s.page.locator("#prompt").inner_text()
        assert prompt.startswith("Campaign over") and f"You scored {expected[s.seat]} VP" in prompt
    assert re.search(r"Winners?: seats? ", table.locator("#waiting").inner_text())
    table.wait_for_timeout(300)
    quality(table, "table page at the campaign's end")
    quality(p0, "phone page at the campaign's end")
    p0.screenshot(path=str(shots / "campaign-phone-3-over.png"), full_page=True)
    table.screenshot(path=str(shots / "campaign-table-3-over.png"), full_page=True)

    # play again now deals a new 2-generation campaign (once every phone asked: it ends the game for everyone)
    for s in seats:  # every phone agrees (a ready check)
        s.button("Play again").click()
    t = wait_table(base, lambda x: x["version"] == 0 and x["campaign"]["generation"] == 1)
    assert t["campaign"]["generations"] == 2 and t["campaign"]["history"] == []
    table.wait_for_selector("text=Generation 1 of 2")
    assert requests.get(f"{base}/api/table", timeout=5).json()["reveal"] is None
    print(f"\ncampaign took {time.monotonic() - t0:.1f}s")
    for s in seats:
        s.ctx.close()
    tctx.close()
