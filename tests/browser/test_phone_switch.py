"""A phone while the host deals another game: until the new game's page and part have loaded, the last
game's cards stay drawn but out of reach (the section is inert), the prompt says a new game is being
opened, and the body's data-game names the game drawn, which the page tests wait for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser import stages
from browser.loads import SeatPhone

pytestmark = pytest.mark.browser


def test_the_last_games_cards_are_out_of_reach_while_the_next_game_loads(
    browser: Any, tmp_path: Path
) -> None:
    # two games a table of the walk's size can both play (every game at five seats)
    games = stages.games()
    first, second = games[0], games[1]
    walk = stages.start(first, tmp_path / "data")
    phone = SeatPhone(browser, walk.url, 0, walk.tokens[0])
    try:
        page, errors = phone.open()
        page.goto(f"{walk.url}/seat/0")
        phone.read(page, "first game", errors, 0)
        assert page.evaluate("document.body.dataset.game") == first
        assert page.evaluate("document.getElementById('game').inert") is False

        held: list[Any] = []
        holding = [True]

        def box(route: Any) -> None:  # the page's question of what the box deals waits here
            if holding[0]:
                held.append(route)
            else:
                route.continue_()

        page.route("**/api/box", box)
        walk.host("new-game", {"game": second, "players": walk.players})
        page.wait_for_function("(g) => window.jaccuse.me().table.game === g", arg=second)
        page.wait_for_function("() => document.body.hasAttribute('data-switching')")
        assert page.evaluate("document.getElementById('game').inert") is True
        assert page.evaluate("document.body.dataset.game") == first  # still the last game's drawing
        assert "new game" in page.inner_text("#prompt")
        # a tap on what is still drawn does nothing: nothing is sent
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.url) if "/api/me/actions" in r.url else None)
        button = page.locator("#bpanel button").first
        if button.count():
            button.click(force=True, timeout=2000)
        page.wait_for_timeout(300)
        assert sent == []

        while not held:
            page.wait_for_timeout(50)
        holding[0] = False
        for route in held:
            route.continue_()
        drawn = "(g) => document.body.dataset.game === g && !document.body.hasAttribute('data-switching')"
        page.wait_for_function(drawn, arg=second)
        assert page.evaluate("document.getElementById('game').inert") is False
        seen = phone.read(page, "second game", errors, 0)
        assert "new game" not in seen.shown["prompt"] and seen.shown["prompt"]
        assert errors == []
    finally:
        phone.close()
        walk.server.stop()
