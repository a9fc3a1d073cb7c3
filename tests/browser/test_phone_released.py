"""A phone whose seat the host released learns it at once: its stream ends with the reason (a named
``released`` event), and the page goes straight to its join screen and says why. Before, the page took
the end for a dropped connection: it showed the hand as "reconnecting" and tried the stream again, and
only the refused retries told it, seconds later."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from fixtures.browser import Server

from browser import phones

pytestmark = pytest.mark.browser

# every text the connection line shows, in order, from the moment this runs
CONN_WATCH_JS = """() => {
  window.__conn = [];
  new MutationObserver(() => window.__conn.push(document.getElementById('conn').textContent))
    .observe(document.getElementById('conn'), {childList: true, characterData: true, subtree: true});
}"""


class Phone(phones.Phone):
    JOINED = "#prompt:not(:empty)"


def test_a_released_phone_goes_to_its_join_screen_without_reconnecting(browser: Any, server: Server) -> None:
    phone = Phone(browser, server.url, 1)
    phone.join("Bea")
    page = phone.page
    page.wait_for_selector("#conn:has-text('live')")
    streams: list[str] = []
    page.on("request", lambda r: streams.append(r.url) if r.url.endswith("/api/me/events") else None)
    page.evaluate(CONN_WATCH_JS)

    key = {"X-Host-Key": server.host_key}
    r = requests.post(f"{server.url}/api/host/release", json={"seat": 1}, headers=key, timeout=5)
    assert r.status_code == 200
    page.wait_for_selector("text=The host released seat 1")
    assert page.locator("#game").is_hidden() and page.locator("#join").is_visible()
    assert page.locator("#title").inner_text() == "Seat 1"
    page.wait_for_timeout(2500)  # longer than the stream's retry delay: a page that reconnects would have
    assert streams == [], "the page tried the stream of a released seat again"
    assert not any("reconnecting" in t for t in page.evaluate("window.__conn")), "it said reconnecting"
    assert phone.errors == []
    phone.ctx.close()
