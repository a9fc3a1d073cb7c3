"""A seat's phone page for the browser tests that play a game through its taps: one class, each
game's test adding what it checks of its own page (``check_secrets``) and what shows it has joined."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any


class Phone:
    """One seat's phone page, in a browser context of its own (a phone-sized, touch viewport)."""

    #: what the phone page shows once the seat has joined (its game's panel)
    JOINED = "#bpanel"

    def __init__(self, browser: Any, base: str, seat: int) -> None:
        self.seat, self.base = seat, base
        # the CSP is checked by test_csp.py; bypassing it here lets Playwright's waits evaluate
        self.ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                       bypass_csp=True)
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(10_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"{e} {getattr(e, 'stack', '')}"))

    def join(self, name: str) -> None:
        self.page.goto(f"{self.base}/seat/{self.seat}")
        self.page.fill("#name", name)
        self.page.click("#joinbtn")
        self.page.wait_for_selector(self.JOINED)

    def me(self) -> dict[str, Any]:
        self.page.wait_for_function("window.jaccuse && window.jaccuse.me()")
        return self.page.evaluate("window.jaccuse.me()")

    def settle(self, version: int) -> dict[str, Any]:
        """The view once the page shows a version past ``version`` (or the same, after a short wait)."""
        with contextlib.suppress(Exception):  # a bot may still be thinking: the caller looks again
            self.page.wait_for_function(f"window.jaccuse.me().table.version > {version}", timeout=3000)
        return self.me()

    def shot(self, shots: Path, name: str, at: str | None = None) -> None:
        """The whole page, or (``at``) the screen scrolled to that element, as a player sees it."""
        if at is None:
            self.page.screenshot(path=str(shots / name), full_page=True)
            return
        # one step in the page (a new view may redraw the element at any moment)
        scroll = "(at) => (document.querySelector(at) || document.body).scrollIntoView({block: 'start'})"
        self.page.evaluate(scroll, at)
        self.page.screenshot(path=str(shots / name))
