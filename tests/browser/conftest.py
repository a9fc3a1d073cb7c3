"""Browser tests: a real server process and Debian's Chromium driven by Python Playwright.

JACCUSE_CHROMIUM names the browser to drive (default /usr/bin/chromium). Without it, or without
Playwright, every browser test is skipped with the reason, and the run's summary says so loudly.

How a new browser test gets a page cheaply (the suite runs on parallel workers, see tests/conftest.py):

- The browser: take the session fixture ``browser``. Each worker launches Chromium once and every test of
  that worker shares it; never launch one of your own (its start-up and a browser process more per test).
- The page: a browser context of its own per test, ``ctx = browser.new_context(viewport={"width": 390,
  "height": 844}, has_touch=True)`` then ``page = ctx.new_page()``, and ``ctx.close()`` at the end. A
  context shares nothing (cookies, storage, service workers) with another test's, so tests stay
  independent on a shared browser; a page costs a few tenths of a second (its renderer process), so open
  the pages a test needs, not one per check. ``phones.Phone`` is such a page for a seat, with its page
  errors collected; ``watched_page`` one that records CSP violations.
- The box: ``server`` (or your own fixture around ``serving``) starts a box per test, about half a second.
  A test that changes the box for good (deals, seats, host actions) needs its own. Tests that only look
  may share one: a fixture with ``scope="module"`` built from ``serving(tmp_path_factory.mktemp(..))``;
  tests/conftest.py then keeps that module's tests on one worker, so the box is started once (and they
  run one after another: a long matrix spreads over the workers better as a module per game).
  test_prompts.py goes further: one box, and each state handed to the page by intercepting ``/api/me``
  and its stream, with no game played to reach it.
- Waiting: wait for what the page shows (``page.wait_for_selector``, ``wait_for_function`` on
  ``window.jaccuse.me()``), never a fixed sleep; on a loaded machine a page can be seconds late, and a bot
  (``--bot-delay``) can move again before a poll sees the moment you look for.
- Each worker has its own ``tmp_path`` and every box its own port (``--port 0``): no test picks a port.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.client import BoxProcess

ROOT = Path(__file__).resolve().parents[2]
SERVER_ROOT = Path(os.environ.get("JACCUSE_SERVER_ROOT", ROOT))  # where the server under test runs
CHROMIUM = os.environ.get("JACCUSE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-gpu"]
SHOTS = ROOT / "artifacts" / "screenshots"
#: the pictures docs/ shows are taken by the tests that reach those moments; a run refreshes the tracked
#: copies in docs/img only when JACCUSE_DOC_PICTURES=1 asks (else a test run would leave the tree changed)
DOC_PICTURES = ROOT / "docs" / "img" if os.environ.get("JACCUSE_DOC_PICTURES") == "1" else SHOTS / "docs"


def doc_picture(name: str) -> str:
    """Where to save the picture ``name`` of docs/img (see ``DOC_PICTURES``)."""
    DOC_PICTURES.mkdir(parents=True, exist_ok=True)
    return str(DOC_PICTURES / name)
# A fixed deal keeps a failing run reproducible; JACCUSE_BROWSER_SEED tries another one.
SEED = int(os.environ.get("JACCUSE_BROWSER_SEED", "20261123"))

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover
    sync_playwright = None


def _skip_reason() -> str | None:
    if sync_playwright is None:
        return "BROWSER TESTS SKIPPED: playwright is not installed (.venv/bin/pip install playwright)"
    if not os.path.exists(CHROMIUM):
        return (f"BROWSER TESTS SKIPPED: no Chromium at {CHROMIUM} (apt-get install -y chromium, or set "
                "JACCUSE_CHROMIUM to the browser's path)")
    return None


class Server(BoxProcess):
    """A box for the browser tests: the fixed seed, run from SERVER_ROOT."""

    def __init__(
        self, data_dir: Path, players: int = 5, pads: str = "phone", extra: tuple[str, ...] = ()
    ) -> None:
        # every page of these tests (several phones, the table, the host) connects from 127.0.0.1: lift the
        # per-device limits, which would otherwise treat a whole table of phones as one greedy device
        per_device = ("--streams-per-client", "64", "--connections-per-client", "256")
        # bots are the random ones unless ``extra`` says otherwise: these tests need bots that move at once,
        # not the strong bot's thinking (tests/browser/test_strong_bot.py plays against that one)
        if "--bot-level" not in extra:
            extra = (*extra, "--bot-level", "random")
        super().__init__(
            data_dir, "--seed", str(SEED), *per_device, *extra, players=players, pads=pads, cwd=SERVER_ROOT
        )

    def host_link(self) -> str:
        return (self.data_dir / "host-link.txt").read_text().strip()


def serving(tmp_path: Path, players: int = 5, *extra: str) -> Iterator[Server]:
    """A started box for a fixture to yield from (stopped afterwards): ``players`` seats, ``extra`` flags."""
    srv = Server(tmp_path / "data", players=players, extra=extra).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    assert sync_playwright is not None
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in this folder drives a real browser: `-m "not browser"` skips it for a quick run."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.browser)


def watched_page(ctx: Any) -> tuple[Any, Callable[[], list[str]]]:
    """A page of ``ctx`` (a context made without ``bypass_csp``) and a function giving every CSP
    violation it has met so far, from the page's events and from the console."""
    logged: list[str] = []
    ctx.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " e => (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    page = ctx.new_page()
    page.on("console", lambda m: logged.append(m.text) if "Security Policy" in m.text else None)
    return page, lambda: [*page.evaluate("window.__csp || []"), *logged]
