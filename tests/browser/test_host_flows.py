"""The host page never reaches a dead end (issue 25): remove a player in one flow, give a free seat to a
bot, a warning before locking with a free seat, no QR codes on a locked table, a deal confirmed once,
and bots that survive a restart without --bots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import Server, serving

pytestmark = pytest.mark.browser


@pytest.fixture
def with_bots(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path, 5, "--bots", "1", "--bot-delay", "30")


def _seats(base: str) -> list[dict[str, Any]]:
    return requests.get(f"{base}/api/seats", timeout=5).json()["seats"]  # type: ignore[no-any-return]


def _kinds(base: str) -> list[str]:
    return ["bot" if x["bot"] else "taken" if x["claimed"] else "free" for x in _seats(base)]


def test_the_host_removes_a_player_fills_free_seats_locks_and_deals_once(
    browser: Any, with_bots: Server, shots: Path
) -> None:
    base = with_bots.url
    requests.post(f"{base}/api/join", json={"seat": 0, "name": "Ann"}, timeout=5).raise_for_status()
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    host = ctx.new_page()
    host.set_default_timeout(10_000)
    host.goto(with_bots.host_link())
    assert _kinds(base) == ["taken", "free", "free", "free", "bot"]

    # remove a player: one button, one question (who plays it now?), one answer
    row0 = host.locator('[data-host-seat="0"]')
    row0.get_by_role("button", name="Remove player").click()
    assert "Who plays it now?" in row0.inner_text()
    host.wait_for_timeout(4500)  # the page's own refresh does not sweep the open question away
    assert "Who plays it now?" in row0.inner_text()
    row0.get_by_role("button", name="A bot").click()
    host.wait_for_selector('[data-host-seat="0"] >> text=a bot plays it')
    assert _kinds(base)[0] == "bot" and _seats(base)[0]["name"] == "Ada"  # Ann's name left with her

    # a free seat goes to a bot with one tap
    host.locator('[data-tobot="1"]').click()
    host.wait_for_selector('[data-host-seat="1"] >> text=a bot plays it')

    # locking with free seats warns first, naming them, and offers to give them to bots
    table = ctx.new_page()
    table.set_viewport_size({"width": 1280, "height": 800})
    table.goto(base + "/")
    table.wait_for_selector("img[alt='QR code for seat 2']")
    host.get_by_role("button", name="Lock the seats").click()
    warning = host.locator("#lockwarn")
    warning.wait_for()
    assert "Seats 2, 3 are free" in warning.inner_text()
    host.get_by_role("button", name="Cancel").click()
    assert warning.is_hidden() and not requests.get(f"{base}/api/seats", timeout=5).json()["locked"]
    # the second free seat is for a person after all: "lock anyway" keeps it free, with no QR code
    host.get_by_role("button", name="Lock the seats").click()
    host.get_by_role("button", name="Lock anyway").click()
    host.wait_for_selector("text=Seats locked.")
    table.wait_for_selector('[data-locked="2"]')
    assert table.locator("img.qr, a.qr img").count() == 0
    assert host.locator("#seats img").count() == 0
    host.get_by_role("button", name="Unlock the seats").click()
    host.wait_for_selector("text=Seats unlocked.")
    host.get_by_role("button", name="Lock the seats").click()
    host.get_by_role("button", name="Give them to bots, then lock").click()
    host.wait_for_selector("text=Seats locked.")
    assert _kinds(base) == ["bot"] * 5

    # a deal is confirmed once: the "Yes, deal" button is gone the moment it is used
    host.get_by_role("button", name="Deal a new game for the same seats").click()
    host.get_by_role("button", name="Yes, deal").click()
    host.wait_for_selector("text=Game 2 dealt")
    assert host.get_by_role("button", name="Yes, deal").count() == 0
    again = requests.post(f"{base}/api/host/new-game", json={"replaces": 1},
                          headers={"X-Host-Key": with_bots.host_key}, timeout=5)
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_dealt"
    assert requests.get(f"{base}/api/box", timeout=5).json()["game"] == 2
    host.screenshot(path=str(shots / "host-after-deal.png"), full_page=True)
    ctx.close()

    # a restart without --bots keeps every bot, and names no flag that was not given
    with_bots.stop()
    with_bots.args = [a for a in with_bots.args if a not in ("--bots", "1")]
    with_bots.start()
    assert _kinds(with_bots.url) == ["bot"] * 5
    assert not any("ignored" in line for line in with_bots.output)
