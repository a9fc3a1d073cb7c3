"""The TV at 1920x1080 when a game ends (issue 33), for every game: the page does not scroll, no seat's
box cuts off what it says (J'Accuse's seats cut off their network), every text is there to read, and
J'Accuse's policy row shows every policy alike and a single game ends as a game, not a generation.
The pictures go to the screenshots folder."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import serving

from browser.test_tv import SMALL_TEXT_JS

pytestmark = pytest.mark.browser

# every seat's box, and every text inside one, that is cut off (wider or taller than its box shows)
CLIPPED_JS = """() => {
  const seen = (e) => e.offsetParent !== null && e.clientWidth > 0;
  const out = [];
  for (const box of document.querySelectorAll('.seat, .hseat, .barmy')) {
    if (!seen(box)) continue;
    if (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)
      out.push(['box', box.className, box.innerText.slice(0, 60), box.scrollWidth, box.clientWidth,
        box.scrollHeight, box.clientHeight]);
    const r = box.getBoundingClientRect();
    for (const e of box.querySelectorAll('div, span, b')) {
      // a name cut with "..." is cut on purpose (the seat's header)
      if (!seen(e) || getComputedStyle(e).textOverflow === 'ellipsis') continue;
      const q = e.getBoundingClientRect();
      if (e.scrollWidth > e.clientWidth + 1 || q.bottom > r.bottom + 1 || q.right > r.right + 1)
        out.push(['text', e.className, e.innerText.slice(0, 60), e.scrollWidth, e.clientWidth,
          q.bottom, r.bottom]);
    }
  }
  return out;
}"""


def _over(base: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        t = requests.get(f"{base}/api/table", timeout=5).json()
        if t["over"]:
            return t  # type: ignore[no-any-return]
        time.sleep(0.2)
    raise AssertionError("the bots did not finish the game in time")


@pytest.mark.parametrize(
    ("game", "players"), [("jaccuse", 6), ("jaccuse", 14), ("betrayal", 5), ("hasty", 5)]
)
def test_the_tv_at_a_games_end_cuts_nothing_off(
    browser: Any, tmp_path: Path, shots: Path, game: str, players: int
) -> None:
    for server in serving(tmp_path, players, "--game", game, "--bots", str(players), "--bot-delay", "0.01"):
        t = _over(server.url)
        ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
        page = ctx.new_page()
        page.set_default_timeout(10_000)
        page.goto(server.url + "/")
        page.wait_for_selector("#phase >> text=Game over")
        page.wait_for_timeout(500)
        sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert sizes[0] <= 1920 and sizes[1] <= 1080, f"the TV page scrolls: {sizes}"
        assert page.evaluate(CLIPPED_JS) == []
        assert page.evaluate(SMALL_TEXT_JS) == [], "text under 20 px on the TV"
        page.screenshot(path=str(shots / f"tv-end-{game}-{players}.png"))
        if game == "jaccuse":
            _jaccuse_end(page, t, players)
        ctx.close()


def _jaccuse_end(page: Any, t: dict[str, Any], players: int) -> None:
    # every seat says its membership and its network, in full
    for s in range(players):
        assert page.locator(f'[data-membership="{s}"]').inner_text().startswith("membership")
        network = page.locator(f'[data-network="{s}"]')
        assert network.inner_text().replace(" ", "").startswith("network")
        assert network.locator(".mem").count() == 2
    # each policy chip alike: its colour's mark, then how it passed
    chips = page.locator("#policies .chip")
    assert chips.count() == len(t["policies"]) > 0
    for i, p in enumerate(t["policies"]):
        chip = chips.nth(i)
        assert chip.locator(".mark").inner_text() == ("♥" if p["color"] == "red" else "♠")
        how = chip.locator(".how").inner_text()
        assert how == ("free" if p["kind"] == "free" else "★" if p["card"].endswith("J") else how) and how
    # a single game ends as a game: no generation in what the room reads
    log = page.locator("#log").inner_text()
    assert "wins the game" in log or "game ends with no winning colour" in log, log
    assert "generation" not in (log + page.locator("#waiting").inner_text()).lower()
