"""Hasty Accusations' second edition on the TV (1920x1080, Chromium): what outlasts a move is on the
board (a review's Poison, Armor and Threat counts, a suspect turned round, the one Madame Rose hides,
turns skipped, Ms. Scarlett's hand limit), and a review with a nested evaluation in it is played out
as a sequence one can follow: the outer pile, the nested one under its own heading, back to the outer.

Each case is a box resumed at a seeded moment of a game with every set and the powers
(hasty_scenes.py); the page is loaded fresh there, as a TV switched on mid-game would be.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import hasty_scenes
import pytest
import requests
from scene_box import Table

from controller.games import hasty as rules
from controller.games.hasty.mechanics import hand_limit

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}


def _tv(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport=TV, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    page.wait_for_selector("#bboard .hrow")
    return ctx, page, errors


def _fits(page: Any) -> None:
    """Nothing on the board scrolls sideways or spills out of its box (the marks, the notes, the names)."""
    over = page.evaluate("""() => {
      const bad = [];
      const all = '#bboard .hmark, #bboard .hnote, #bboard .hname, #bboard .hchip';
      for (const e of document.querySelectorAll(all)) {
        if (e.scrollWidth > e.clientWidth + 1) bad.push(e.textContent);
      }
      return {bad, wide: document.documentElement.scrollWidth > window.innerWidth};
    }""")
    assert over == {"bad": [], "wide": False}, over


def test_tv_shows_a_reviews_counts_while_it_lasts(browser: Any, tables: list[Table], tmp_path: Path,
                                                  shots: Path) -> None:
    scene = hasty_scenes.in_review_with_counts()
    table = Table(scene, tmp_path)
    tables.append(table)
    view = rules.public_view(scene.state)
    extra, review = view["review_extra"], view["review"]
    kinds = (("Poison", extra["poison"]), ("Armor", extra["armor"]), ("Wrong address", extra["wrong"]),
             ("Threat", review["threats"]))
    in_row = {x["suspect"] for x in view["row"]}
    want = {(what, s, n) for what, counts in kinds for s, n in enumerate(counts) if n and s in in_row}
    assert want, hasty_scenes.summary(scene)
    ctx, page, errors = _tv(browser, table.url)
    try:
        page.wait_for_selector("#hnow")
        shown = page.evaluate("""() => [...document.querySelectorAll('#bboard [data-count]')].map((e) => {
          const spot = e.closest('[data-pile]');
          return [e.dataset.count, spot.querySelector('.hname').textContent, e.textContent];
        })""")
        names = view["suspects"]
        for what, s, n in want:
            assert [what, names[s], f"{what} {n}"] in shown, (what, names[s], n, shown)
        assert "Reviewing" in page.inner_text("#hnow")
        _fits(page)
        page.screenshot(path=str(shots / "hasty-second-tv-counts.png"))
        assert errors == []
    finally:
        ctx.close()


def test_tv_marks_turned_and_hidden_suspects(browser: Any, tables: list[Table], tmp_path: Path,
                                             shots: Path) -> None:
    scene = hasty_scenes.turned_and_tucked()
    table = Table(scene, tmp_path)
    tables.append(table)
    view = rules.public_view(scene.state)
    ctx, page, errors = _tv(browser, table.url)
    try:
        rotated = page.eval_on_selector_all("#bboard [data-rotated]",
                                            "es => es.map((e) => +e.dataset.rotated)")
        in_row = {x["suspect"] for x in view["row"]}
        assert rotated and sorted(rotated) == sorted(s for s in view["rotated"] if s in in_row)
        tucked = page.inner_text("#bboard [data-tucked]")
        assert view["suspects"][view["tucked"]] in tucked
        # the powers panel names each living suspect's power (Madame Rose's is the hidden suspect's)
        assert page.locator("#hpowers [data-power]").count() == sum(1 for x in view["row"] if x["alive"])
        # the Poisons and Armors a review left face up in a pile are counted on its tile
        for x in view["row"]:
            ups = [c["card"] for c in x["pile"] if c["up"]] if x["alive"] else []
            kept = ", ".join(f"{w} {ups.count(k)}" for w, k in (("Poison", "poison"), ("Armor", "armor"))
                             if k in ups)
            spot = page.locator(f'#bboard .hrow [data-pile="{view["row"].index(x)}"] [data-kept]')
            assert (spot.get_attribute("data-kept") if spot.count() else "") == kept, (x, kept)
        _fits(page)
        page.screenshot(path=str(shots / "hasty-second-tv-turned.png"))
        assert errors == []
    finally:
        ctx.close()


def test_tv_says_turns_are_skipped_and_the_hand_limit(browser: Any, tables: list[Table],
                                                       tmp_path: Path) -> None:
    skips = hasty_scenes.find(lambda s: s.skips > 0 and s.pending is None and not s.over)
    limit = hasty_scenes.find(lambda s: hand_limit(s) == 1 and s.pending is None and not s.over)
    for scene, words in ((skips, "skipped (Hasty)"), (limit, "Hand limit 1")):
        table = Table(scene, tmp_path / str(len(tables)))
        tables.append(table)
        ctx, page, errors = _tv(browser, table.url)
        try:
            assert words in page.inner_text("#hturn"), page.inner_text("#hturn")
            assert errors == []
        finally:
            ctx.close()


def test_tv_plays_a_nested_review_as_a_sequence(browser: Any, tables: list[Table], tmp_path: Path,
                                                shots: Path) -> None:
    """A Sniper's or a Dying Breath's evaluation inside a review: while it runs the board says which
    review waits for it; once the review ends the TV plays it part by part, the nested one under its own
    heading and then back to the outer pile, every card turned once."""
    scene = hasty_scenes.nested_review()
    table = Table(scene, tmp_path)
    tables.append(table)
    ctx, page, errors = _tv(browser, table.url)
    try:
        waits = page.inner_text("#hnow")
        assert "Waiting for it" in waits, waits
        page.screenshot(path=str(shots / "hasty-second-tv-nested-running.png"))
        # record every heading the review overlay shows, in order
        page.evaluate("""() => { window.heads = []; new MutationObserver(() => {
          const h = document.querySelector('#hreview h2');
          if (h && window.heads[window.heads.length - 1] !== h.textContent) window.heads.push(h.textContent);
        }).observe(document.body, {subtree: true, childList: true, characterData: true}); }""")
        # play on (the rules' own random moves, each sent by the seat that must act) until the review ends
        state, rng = scene.state, random.Random(1)
        while state.review is not None:
            action = rules.next_bot_action(state, rng)
            assert action is not None
            body = {k: v for k, v in action.to_dict().items() if k != "seat"}
            r = requests.post(f"{table.url}/api/me/actions", json=body, timeout=10,
                              headers={"Authorization": f"Bearer {table.tokens[action.seat]}"})
            assert r.status_code == 200, r.text
            result = rules.apply(state, action)
            assert isinstance(result, rules.Accepted)
            state = result.state
        last = rules.public_view(state)["last_review"]
        assert last["nested"], last
        page.wait_for_selector("#hreview:not([hidden])")
        page.wait_for_selector("#hreview[data-part='1']", timeout=30_000)
        page.screenshot(path=str(shots / "hasty-second-tv-nested-review.png"))
        page.wait_for_selector("#hreview .hverdict", timeout=60_000)
        heads = page.evaluate("window.heads")
        names = rules.public_view(state)["suspects"]
        total = len(last["revealed"]) + sum(len(n["revealed"]) for n in last["nested"])
        assert page.get_attribute("#hreview", "data-shown") == str(total)
        # the outer review first, then a nested one named by its cause, and (if its pile had more) back
        assert heads[0].startswith(("Review:", "The Sniper", "Dying Breath", "An empty hand")), heads
        inner = names[last["nested"][0]["suspect"]]
        assert any(inner in h and ("Sniper" in h or "Dying Breath" in h) for h in heads[1:]), heads
        assert any(h.startswith("Back to ") for h in heads) or len(heads) == 2, heads
        assert errors == []
    finally:
        ctx.close()
