"""Page load: how long a phone and the TV take from opening their page to showing the game.

Every game's page parts are modules of its package, loaded by the shell's script (web/static/gamepart.js)
before the first view is drawn, so a page waits for a few more round trips than the shell alone. Over
loopback those cost nothing; on the box's Wi-Fi each one costs a round trip. The script runs a real box
(mock mode, 5 seats, every seat taken), opens the seat page (390 px) and the table page (1920x1080) in
Chromium again and again, each time in a fresh context (nothing cached), with the network held to a
Wi-Fi-like round trip by Chromium's own emulation, and times from the navigation until the page shows
the game: a card of the hand on the phone, the seats on the TV (``--phone``/``--table`` name other
selectors, for another game). It also counts the requests each page made.

``--language zh_Hant`` loads the pages in Traditional Chinese: the phone as a zh-TW browser (its page then
fetches the JSON catalogue before its scripts run, counted among the requests), the TV with the box's
language set to it by the host.

Run: .venv/bin/python benchmarks/page_load.py [--loads 20] [--rtt-ms 40] [--game jaccuse] [--language en]
(needs Playwright and Chromium, as the browser tests do: JACCUSE_CHROMIUM, default /usr/bin/chromium)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import requests
from _box import Box, bench_dir, join_every_seat, machine, place_memberships, summary_ms

CHROMIUM = os.environ.get("JACCUSE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-gpu"]


def load(browser: Any, url: str, viewport: dict[str, int], shown: str, rtt_ms: float,
         init: str | None, locale: str = "en-US") -> tuple[float, int]:
    """Seconds from navigating to ``url`` until ``shown`` is visible, and the requests made on the way."""
    ctx = browser.new_context(viewport=viewport, locale=locale)
    try:
        if init:
            ctx.add_init_script(init)
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": rtt_ms,
                                                       "downloadThroughput": 2_500_000,
                                                       "uploadThroughput": 1_250_000})
        made: list[str] = []
        page.on("request", lambda r: made.append(r.url))
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_selector(shown, state="visible", timeout=30_000)
        took = time.perf_counter() - t0
        asked = ("/static/", "/i18n/")
        return took, sum(1 for u in made if any(a in u for a in asked) or u.rstrip("/") == url.rstrip("/"))
    finally:
        ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=20, help="page loads of each page")
    ap.add_argument("--rtt-ms", type=float, default=40.0, help="the emulated network's round trip")
    ap.add_argument("--game", default="jaccuse")
    ap.add_argument("--phone", default="#hand button.card", help="what the phone shows once it is drawn")
    ap.add_argument("--table", default="#seats .seat", help="what the TV shows once it is drawn")
    ap.add_argument("--language", default="en", choices=("en", "zh_Hant"), help="the pages' language")
    args = ap.parse_args()
    locale = "zh-TW" if args.language == "zh_Hant" else "en-US"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("needs playwright (.venv/bin/pip install playwright)", file=sys.stderr)
        return 2
    print(f"page load: {machine()}; {args.loads} loads a page, emulated round trip {args.rtt_ms:.0f} ms;"
          f" language {args.language}")
    with bench_dir("jaccuse-pageload-") as tmp, Box(Path(tmp), "--game", args.game, players=5,
                                                    pads="phone") as box:
        tokens = join_every_seat(box)
        if args.game == "jaccuse":
            place_memberships(box, tokens)
        requests.get(f"{box.url}/api/table", timeout=10).raise_for_status()
        key = (box.data_dir / "host-link.txt").read_text().strip().split("key=")[1]
        requests.post(f"{box.url}/api/host/language", json={"language": args.language},
                      headers={"X-Host-Key": key}, timeout=10).raise_for_status()
        token_init = f"localStorage.setItem('jaccuse_token', '{tokens[0]}')"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                pages = [("phone (seat 0, 390 px)", f"{box.url}/seat/0", {"width": 390, "height": 844},
                          args.phone, token_init),
                         ("table (TV, 1920x1080)", f"{box.url}/", {"width": 1920, "height": 1080},
                          args.table, None)]
                for name, url, viewport, shown, init in pages:
                    load(browser, url, viewport, shown, args.rtt_ms, init, locale)  # warm the box up
                    times, counts = [], []
                    for _ in range(args.loads):
                        took, count = load(browser, url, viewport, shown, args.rtt_ms, init, locale)
                        times.append(took)
                        counts.append(count)
                    print(f"{name:24s} {summary_ms(times)}   requests: {max(counts)}")
            finally:
                browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
