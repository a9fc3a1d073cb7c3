"""The pages run under their own Content-Security-Policy: no violation, and the live view arrives."""

from __future__ import annotations

from typing import Any

from fixtures.browser import Server, watched_page


def test_pages_work_under_their_content_security_policy(browser: Any, server: Server) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})  # no bypass_csp here
    try:
        page, violations = watched_page(ctx)
        page.goto(f"{server.url}/")
        page.locator(".seat").first.wait_for()
        page.goto(f"{server.url}/seat/1")
        page.locator("#joinbtn").click()  # the real join flow: token in storage and cookie, SSE
        page.locator("#hand .card").first.wait_for()
        page.wait_for_function("document.getElementById('conn').textContent.includes('live')")
        assert violations() == []
    finally:
        ctx.close()
