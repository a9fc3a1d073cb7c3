"""A game the box was never written for, Toy Tally (tests/games/plugins), installed only through its entry
point: two phones play it to the end in Chromium through its own page parts, the table page follows it,
and the OLED shows its frames; then the host deals J'Accuse and the same pages switch to it."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import requests
from fixtures.browser import Server

from tests.games.toy_install import child_env, install_toy, lit_in_top_row


def test_a_throwaway_game_plays_through_the_phone_and_table_pages(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path / "data", players=2, extra=("--game", "toy"))
    server.env = child_env(install_toy(tmp_path / "site"))
    with server:
        base = server.url
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
        errors: list[str] = []
        phones = []
        for seat in range(2):
            page = ctx.new_page() if seat == 0 else browser.new_context(bypass_csp=True).new_page()
            page.set_default_timeout(10_000)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{base}/seat/{seat}")
            page.fill("#name", f"P{seat}")
            page.click("#joinbtn")
            page.wait_for_selector("#toytotal")
            phones.append(page)
        table = ctx.new_page()
        table.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(base + "/")
        table.wait_for_selector("#toytally")
        assert table.title() == "Toy Tally table"
        assert table.get_attribute("#ruleslink", "href") == "/rules/toy"
        # each turn, the seat whose turn it is taps "Add 2" on its phone until someone reaches 5
        for _ in range(10):
            view = requests.get(f"{base}/api/table", timeout=5).json()
            if view["over"]:
                break
            phone = phones[view["turn"]]
            phone.get_by_role("button", name="Add 2").click()
            phone.wait_for_function(f"window.jaccuse.me().table.version > {view['version']}")
        view = requests.get(f"{base}/api/table", timeout=5).json()
        assert view["over"] and view["total"] == 6 and view["game"] == "toy"
        winner = view["reveal"]["winner"]
        phones[winner].wait_for_selector("#prompt:has-text('you win')")
        table.wait_for_selector("#toytally:has-text('Tally 6 of 5')")
        assert phones[winner].title() == f"Toy Tally · seat {winner}"
        assert not phones[winner].locator("#hand").is_visible()  # no J'Accuse parts here
        # the OLED draws the game with its renderer (the tally as a bar of 10 pixels a point)
        deadline = time.monotonic() + 10
        while lit_in_top_row(requests.get(f"{base}/api/display.png", timeout=5).content) != 60:
            assert time.monotonic() < deadline, "the OLED never drew the final tally"
            time.sleep(0.1)
        # the host deals J'Accuse for five: the same pages load J'Accuse's title and parts
        host = browser.new_context(bypass_csp=True).new_page()
        host.on("pageerror", lambda e: errors.append(str(e)))
        host.goto(server.host_link())
        host.wait_for_selector("#gamesel option[value=jaccuse]", state="attached")
        host.select_option("#gamesel", "jaccuse")
        host.fill("#players", "5")
        host.get_by_role("button", name="Deal a new game").click()
        host.get_by_role("button", name="Yes, deal").click()
        host.wait_for_selector("#said:has-text('dealt')")
        table.wait_for_function("document.querySelector('#gamename').textContent === \"J'Accuse\"")
        assert table.locator("#seats .seat").count() == 5 and not table.locator("#bboard").is_visible()
        assert table.get_attribute("#ruleslink", "href") == "/rules"
        assert not errors, errors
