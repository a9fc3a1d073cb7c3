"""What a group asks for next (issue 25): bots with names the host can change, a one-screen "how to
play" open in the first game, and a nudge for the player everyone waits for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import Server, serving

pytestmark = pytest.mark.browser


@pytest.fixture
def two_bots(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 5, "--bots", "2", "--bot-delay", "0.05")


def test_named_bots_how_to_play_and_a_nudge(browser: Any, two_bots: Server, shots: Path) -> None:
    base = two_bots.url
    names = requests.get(f"{base}/api/table", timeout=5).json()["names"]
    assert names == [None, None, None, "Dijkstra", "Euler"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True)
    host = ctx.new_page()
    host.set_default_timeout(10_000)
    host.goto(two_bots.host_link())
    name = host.locator('[data-botname="3"]')
    assert name.input_value() == "Dijkstra"
    name.fill("Robo")
    host.locator('[data-host-seat="3"]').get_by_role("button", name="Rename").click()
    host.wait_for_selector("text=The bot on seat 3 is Robo now.")
    assert requests.get(f"{base}/api/table", timeout=5).json()["names"][3] == "Robo"

    tokens = [requests.post(f"{base}/api/join", json={"seat": s, "name": n}, timeout=5).json()["token"]
              for s, n in enumerate(["Ann", "Bo", "Cy"])]
    phone = ctx.new_page()
    phone.set_default_timeout(10_000)
    phone.add_init_script(
        "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };")
    phone.goto(f"{base}/seat/0")
    phone.evaluate("(t) => localStorage.setItem('jaccuse_token', t)", tokens[0])
    phone.reload()
    how = phone.locator("#howto-jaccuse")
    phone.wait_for_function("window.jaccuse && window.jaccuse.me()", timeout=20_000)
    how.wait_for()
    assert how.get_attribute("open") is not None  # open by itself in the evening's first game
    box = how.bounding_box()
    assert box is not None and box["height"] <= 844, f"the how-to-play is more than a screen: {box}"
    phone.screenshot(path=str(shots / "phone-how-to-play.png"), full_page=True)

    # everyone else placed their membership card: the phone says everyone waits for Ann, and buzzes later
    phone.clock.install()  # the nudge's timer starts after this: the test moves time on by itself
    for token in tokens[1:]:
        auth = {"Authorization": f"Bearer {token}"}
        hand = requests.get(f"{base}/api/me", headers=auth, timeout=5).json()["hand"]
        requests.post(f"{base}/api/me/actions", json={"act": "membership", "card": hand[0]}, headers=auth,
                      timeout=5).raise_for_status()
    phone.wait_for_function("window.jaccuse.me() && window.jaccuse.me().table.awaiting.length === 1",
                            polling=100)
    phone.wait_for_selector("#waited >> text=Everyone is waiting for you.")
    assert phone.evaluate("window.__buzz.length") == 0
    phone.clock.run_for(21_000)
    phone.wait_for_function("window.__buzz.length === 1")

    # closing the how-to-play keeps it closed
    phone.locator("#howto-jaccuse summary").click()
    # the details' toggle event comes after the click: wait until it was kept before reloading
    phone.wait_for_function("localStorage.getItem('jaccuse_howto-jaccuse') === 'closed'")
    phone.reload()
    phone.wait_for_function("window.jaccuse && window.jaccuse.me()")
    assert phone.locator("#howto-jaccuse").get_attribute("open") is None
    ctx.close()
