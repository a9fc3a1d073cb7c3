"""The host page around seats that nobody can fill (issue 33): a bigger table dealt on a box with bots
says who takes the new seats before the deal, and lets the host choose; handing a bot's seat to a person
while the seats are locked warns first and offers to unlock, as locking with a free seat does."""

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


def _kinds(base: str) -> list[str]:
    seats = requests.get(f"{base}/api/seats", timeout=5).json()["seats"]
    return ["bot" if x["bot"] else "taken" if x["claimed"] else "free" for x in seats]


def _host(browser: Any, server: Server) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(server.host_link())
    page.wait_for_selector('[data-host-seat="4"] >> text=a bot plays it')
    return ctx, page


def test_a_bigger_table_says_who_takes_the_new_seats_before_the_deal(
    browser: Any, with_bots: Server, shots: Path
) -> None:
    base = with_bots.url
    ctx, host = _host(browser, with_bots)
    seats = host.locator("#newseats")
    assert seats.is_hidden()  # the same count adds no seat: nothing to choose
    host.fill("#players", "7")
    seats.wait_for()
    assert "New seats 5 and 6: who takes them?" in seats.inner_text()
    # bots are playing here, so bots take the new seats unless the host says otherwise
    assert host.is_checked('[data-new-seats="bots"]') and not host.is_checked('[data-new-seats="free"]')
    host.get_by_role("button", name="Deal a new game for the same seats").click()
    question = host.locator("#newgame .question").inner_text()
    assert "The new seats 5 and 6 go to bots." in question, question
    host.screenshot(path=str(shots / "host-bigger-table.png"), full_page=True)
    host.get_by_role("button", name="Yes, deal").click()
    host.wait_for_selector("text=Bots play the new seats 5 and 6.")
    assert _kinds(base) == ["free"] * 4 + ["bot"] * 3
    assert seats.is_hidden()
    tv = ctx.new_page()
    tv.set_viewport_size({"width": 1920, "height": 1080})
    tv.goto(base + "/")
    tv.wait_for_selector('.seat[data-seat="6"]')
    assert "more player" not in tv.locator("#waiting").inner_text().replace("4 more players", "")

    # free seats for people: the host's choice, said in the question, and kept for the next deal
    host.fill("#players", "8")
    seats.wait_for()
    host.check('[data-new-seats="free"]')
    host.get_by_role("button", name="Deal a new game for the same seats").click()
    assert "The new seat 7 stays free for people to join." in host.locator("#newgame .question").inner_text()
    host.get_by_role("button", name="Yes, deal").click()
    host.wait_for_selector("text=The new seat 7 is free")
    assert _kinds(base) == ["free"] * 4 + ["bot"] * 3 + ["free"]
    with_bots.stop()
    # a restart (the journal's count and bots, not the flags'): the choice is journaled, offered again
    args = with_bots.args
    for flag in ("--players", "--bots"):
        at = args.index(flag)
        del args[at:at + 2]
    with_bots.start()
    host.goto(with_bots.host_link())
    host.wait_for_selector('[data-host-seat="7"]')
    host.fill("#players", "9")
    seats.wait_for()
    assert host.is_checked('[data-new-seats="free"]')
    ctx.close()


def test_handing_a_bot_seat_to_a_person_on_a_locked_table_warns_and_offers_to_unlock(
    browser: Any, with_bots: Server, shots: Path
) -> None:
    base, key = with_bots.url, {"X-Host-Key": with_bots.host_key}
    for seat in range(4):
        requests.post(f"{base}/api/join", json={"seat": seat}, timeout=5).raise_for_status()
    requests.post(f"{base}/api/host/lock", json={"locked": True}, headers=key, timeout=5).raise_for_status()
    ctx, host = _host(browser, with_bots)
    host.locator('[data-handover="4"]').click()
    warning = host.locator('[data-handwarn="4"]')
    warning.wait_for()
    assert "The seats are locked" in warning.inner_text() and "nobody can take it" in warning.inner_text()
    host.wait_for_timeout(4500)  # the page's own refresh does not sweep the open warning away
    assert warning.is_visible()
    host.screenshot(path=str(shots / "host-handover-locked.png"), full_page=True)
    assert _kinds(base)[4] == "bot"  # nothing happened yet
    warning.get_by_role("button", name="Cancel").click()
    assert warning.is_hidden() and _kinds(base)[4] == "bot"
    # the suggested way: unlock, then hand over; the seat's code is there to scan
    host.locator('[data-handover="4"]').click()
    host.get_by_role("button", name="Unlock the seats, then hand it over").click()
    host.wait_for_selector("text=Seats unlocked. Seat 4 is free for a person")
    assert _kinds(base)[4] == "free"
    assert not requests.get(f"{base}/api/seats", timeout=5).json()["locked"]
    host.wait_for_selector("img[alt='QR code for seat 4']")
    # handing over anyway keeps the lock, and says what that means
    requests.post(f"{base}/api/host/to-bot", json={"seat": 4}, headers=key, timeout=5).raise_for_status()
    requests.post(f"{base}/api/host/lock", json={"locked": True}, headers=key, timeout=5).raise_for_status()
    host.reload()
    host.wait_for_selector('[data-handover="4"]')
    host.locator('[data-handover="4"]').click()
    host.get_by_role("button", name="Hand it over anyway").click()
    host.wait_for_selector("text=nobody can take it until you unlock them")
    assert _kinds(base)[4] == "free" and requests.get(f"{base}/api/seats", timeout=5).json()["locked"]
    # an unlocked table hands over at once, with no warning
    requests.post(f"{base}/api/host/lock", json={"locked": False}, headers=key, timeout=5).raise_for_status()
    requests.post(f"{base}/api/host/to-bot", json={"seat": 4}, headers=key, timeout=5).raise_for_status()
    host.reload()
    host.locator('[data-handover="4"]').click()
    host.wait_for_selector("text=Seat 4 is free for a person: scan its code.")
    assert host.locator('[data-handwarn="4"]').is_hidden()
    ctx.close()
