"""Wording and small layout fixes of issue 25, as a browser shows them: the table page before anyone
sat down and when the box is down, a start-up notice said once in players' words then hidden, the
phone's header on a 390 px screen, and REVEAL saying why it is off."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from fixtures.browser import Server

pytestmark = pytest.mark.browser


def test_the_table_page_says_how_to_sit_down_and_when_the_box_is_down(browser: Any, server: Server) -> None:
    base = server.url
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    table = ctx.new_page()
    table.set_default_timeout(10_000)
    table.goto(base + "/")
    table.wait_for_selector("text=Scan a seat's QR code with your phone to sit down.")
    requests.post(f"{base}/api/join", json={"seat": 0, "name": "Ann"}, timeout=5).raise_for_status()
    table.wait_for_selector(
        "text=Waiting for Ann to place a membership card, and for 4 more players to sit down")
    assert table.locator("#boxdown").is_hidden()
    server.kill()  # the plug is pulled: the page says so instead of looking live for ever
    table.wait_for_selector("#boxdown", state="visible")
    assert "cannot be reached" in table.locator("#boxdown").inner_text()
    ctx.close()


def test_a_start_up_notice_is_said_once_in_players_words(browser: Any, server: Server) -> None:
    base = server.url
    requests.post(f"{base}/api/join", json={"seat": 0, "name": "Ann"}, timeout=5).raise_for_status()
    token = requests.post(f"{base}/api/join", json={"seat": 1}, timeout=5).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    hand = requests.get(f"{base}/api/me", headers=auth, timeout=5).json()["hand"]
    requests.post(f"{base}/api/me/actions", json={"act": "membership", "card": hand[0]},
                  headers=auth, timeout=5).raise_for_status()
    server.stop()
    server.start()
    base = server.url
    status = requests.get(f"{base}/api/box", timeout=5).json()["status"]
    assert any(s.startswith("resumed the 5-player game") for s in status)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    table = ctx.new_page()
    table.set_default_timeout(10_000)
    table.goto(base + "/")
    said = "#status >> text=The box was restarted: the game carries on where it stopped."
    table.wait_for_selector(said)
    assert "version" not in table.locator("#status").inner_text()
    # a minute later by the box's clock (its /api/box `now`, moved on here) the notice is old news: it
    # goes, and a reload does not bring it back (issue 33: a reloaded TV told it again for a minute)
    table.route("**/api/box*", lambda route: route.fulfill(
        response=(r := route.fetch()), json={**r.json(), "now": r.json()["now"] + 61}))
    table.wait_for_function("() => document.getElementById('status').textContent === ''")
    table.reload()
    table.wait_for_selector('.seat[data-seat="4"]')
    table.wait_for_timeout(3500)  # a refresh of the box's status or two
    assert table.locator("#status").inner_text() == ""
    table.unroute("**/api/box*")
    table.reload()
    table.wait_for_selector(said)  # within the minute a reload still tells it
    # once the host deals another game the notice is not about the game dealt any more
    host = {"X-Host-Key": server.host_key}
    requests.post(f"{base}/api/host/new-game", json={}, headers=host, timeout=5).raise_for_status()
    table.wait_for_function("() => document.getElementById('status').textContent === ''")
    table.reload()
    table.wait_for_selector("#phase >> text=game 2")
    table.wait_for_timeout(3500)
    assert table.locator("#status").inner_text() == ""
    ctx.close()


def test_the_phone_header_fits_a_390_px_screen_and_reveal_says_why_it_is_off(
    browser: Any, server: Server
) -> None:
    base = server.url
    tokens = [requests.post(f"{base}/api/join", json={"seat": s, "name": n}, timeout=5).json()["token"]
              for s, n in enumerate(["Bartholomew", "Bo", "Cy", "Di", "Ed"])]
    for t in tokens:
        auth = {"Authorization": f"Bearer {t}"}
        hand = requests.get(f"{base}/api/me", headers=auth, timeout=5).json()["hand"]
        requests.post(f"{base}/api/me/actions", json={"act": "membership", "card": hand[0]}, headers=auth,
                      timeout=5).raise_for_status()
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/seat/0")
    page.evaluate("(t) => localStorage.setItem('jaccuse_token', t)", tokens[0])
    page.reload()
    page.wait_for_selector("text=REVEAL (tap a card first)")
    title, rules = page.locator("#title").bounding_box(), page.locator("#ruleslink").bounding_box()
    assert title and rules and rules["y"] < title["y"] + title["height"], "the Rules button wrapped"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#hand button[data-card]").first.click()
    page.get_by_role("button", name="REVEAL", exact=True).wait_for()
    ctx.close()
