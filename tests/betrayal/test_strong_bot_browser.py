"""The strong bot at the table, in Chromium: a person plays Betrayal through the phone page against two
bots that `run --bots 2` seats as strong bots; the host page shows each bot seat's level and changes
one of them mid-game (the other stays strong to the end). Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import Server
from test_betrayal_browser import Phone, check_table, tap_move

pytestmark = pytest.mark.browser


@pytest.fixture
def three(tmp_path: Path) -> Iterator[Server]:
    extra = ("--game", "betrayal", "--bots", "2", "--bot-level", "strong", "--bot-delay", "0.05")
    srv = Server(tmp_path / "data", players=3, extra=extra).start()
    try:
        yield srv
    finally:
        srv.stop()


def _levels(server: Server) -> list[Any]:
    seats = requests.get(f"{server.url}/api/seats", timeout=5).json()["seats"]
    return [s["level"] for s in seats]


def test_a_person_plays_a_whole_game_against_strong_bots(browser: Any, three: Server, shots: Path) -> None:
    base, rng, seen = three.url, random.Random(27), set[str]()
    assert _levels(three) == [None, "strong", "strong"]  # the default of `run --bots`
    ann = Phone(browser, base, 0)
    ann.join("Ann")
    hctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    host = hctx.new_page()
    host.goto(three.host_link())
    host.wait_for_selector('select[data-bot-level="2"]')
    assert host.input_value('select[data-bot-level="1"]') == "strong"
    assert host.locator('select[data-bot-level="0"]').count() == 0  # a person's seat has no level
    deadline, moves, changed = time.monotonic() + 240, 0, False
    while time.monotonic() < deadline:
        v = ann.me()
        if v["table"]["over"]:
            break
        if moves % 4 == 0:
            ann.check_secrets()  # playing against the strong bot shows nothing more of its armies
        if moves == 2 and not changed:
            # the host makes seat 2 a sensible bot mid-game, through the page
            host.select_option('select[data-bot-level="2"]', "sensible")
            host.wait_for_selector("#said:has-text('sensible bot')")
            host.screenshot(path=str(shots / "strong-bot-host.png"))
            changed = True
            assert _levels(three) == [None, "strong", "sensible"]
        if tap_move(ann, v, rng, None, seen, "strong-"):
            moves += 1
        ann.settle(v["table"]["version"])
    t = ann.me()["table"]
    assert t["over"], "the game did not end in time"
    assert changed and moves > 2 and ann.errors == []
    ann.page.wait_for_selector("#bpanel .titlerow")
    assert "Game over" in ann.page.inner_text("#prompt")
    ann.shot(shots, "strong-bot-phone-end.png")
    tctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    table = tctx.new_page()
    table.goto(base + "/")
    table.wait_for_selector("#bboard .barmy")
    check_table(table)
    # the bots played their armies as any seat does: their moves are in the journal as the bot's
    with sqlite3.connect(three.data_dir / "journal.sqlite3") as db:
        sources = {row[0] for row in db.execute("SELECT source FROM actions")}
    assert {"phone", "bot"} <= sources
    # the page reads the choices back from the box
    host.reload()
    host.wait_for_selector('select[data-bot-level="2"]')
    assert host.input_value('select[data-bot-level="2"]') == "sensible"
    assert host.input_value('select[data-bot-level="1"]') == "strong"
    for ctx in (hctx, tctx, ann.ctx):
        ctx.close()
