"""J'Accuse on a 390x844 phone around a wrong accusation: a President who taps Accuse sees the seats and
colours to choose without scrolling, and after the accusation turned out wrong every phone says why the
accused is President now, under the prompt, not only far down the feed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import stages
from browser.loads import PHONE, SeatPhone

pytestmark = pytest.mark.browser

COLOUR = {"H": "red", "D": "red", "S": "black", "C": "black"}
# the rectangles (top, bottom) of what a President picks after tapping Accuse, with the window's height
PICKS_JS = """() => [innerHeight, ...[...document.querySelectorAll('#acts [data-target], #acts button')]
  .filter((b) => /^(♥ red|♠ black)$/.test(b.innerText) || b.dataset.target !== undefined)
  .map((b) => { const r = b.getBoundingClientRect(); return [b.innerText, r.top, r.bottom]; })]"""


@pytest.fixture(scope="module")
def presidency(tmp_path_factory: pytest.TempPathFactory) -> Iterator[stages.Walk]:
    """J'Accuse walked to its first presidency (seats played through the API). Each test takes the
    President the table has when it runs (the wrong accusation makes another one, who may accuse too)."""
    walk = stages.start("jaccuse", tmp_path_factory.mktemp("president") / "data")
    try:
        next(walk.walk(("turn",)))
        yield walk
    finally:
        walk.server.stop()


def president(walk: stages.Walk) -> int:
    p = walk.me(0)["table"]["president"]
    assert any(m["act"] == "accuse" for m in walk.me(p)["moves"]), "the President may accuse"
    return int(p)


def test_a_president_who_taps_accuse_sees_the_choices(browser: Any, presidency: stages.Walk) -> None:
    walk = presidency
    p = president(walk)
    phone = SeatPhone(browser, walk.url, p, walk.tokens[p])
    try:
        page, errors = phone.open()
        page.goto(f"{walk.url}/seat/{p}")
        phone.read(page, "president", errors, walk.me(p)["table"]["version"])
        page.click("#acts button:text-is('Accuse')")
        page.wait_for_selector("#acts [data-target]")
        page.wait_for_timeout(600)  # the page scrolls the choices into view (smoothly)
        height, *picks = page.evaluate(PICKS_JS)
        assert height == PHONE["height"]
        targets = [x for x in picks if x[0] not in ("♥ red", "♠ black")]
        colours = [x for x in picks if x[0] in ("♥ red", "♠ black")]
        assert len(colours) == 2 and targets, picks
        for text, top, bottom in picks:
            assert top >= 0 and bottom <= height, f"{text!r} is out of sight ({top:.0f}-{bottom:.0f} px)"
        assert errors == []
    finally:
        phone.close()


def test_after_a_wrong_accusation_the_phones_say_why(browser: Any, presidency: stages.Walk) -> None:
    walk = presidency
    p = president(walk)
    move = next(m for m in walk.me(p)["moves"] if m["act"] == "accuse")
    # a target whose membership has a colour, accused of the other one: a wrong accusation
    held = [(t, walk.me(t)["membership"]) for t in move["targets"]]
    target, card = next((t, c) for t, c in held if c and c[-1] in COLOUR)
    wrong = "red" if COLOUR[card[-1]] == "black" else "black"
    assert walk.act(p, {"act": "accuse", "target": target, "color": wrong})
    replace = walk.me(target)["moves"][0]
    assert walk.act(target, {"act": "membership", "card": replace["cards"][0]})
    assert walk.me(target)["table"]["president"] == target
    name = stages.NAMES[target]
    for seat in (next(s for s in range(walk.players) if s not in (p, target)), target):
        phone = SeatPhone(browser, walk.url, seat, walk.tokens[seat])
        try:
            page, errors = phone.open()
            page.goto(f"{walk.url}/seat/{seat}")
            seen = phone.read(page, "after", errors, walk.me(seat)["table"]["version"])
            told = "you" if seat == target else name
            assert f"The accusation against {told} was wrong" in seen.shown["prompt"], seen.shown["prompt"]
            box = page.locator("#prompt").bounding_box()
            assert box is not None and box["y"] + box["height"] <= PHONE["height"]
            assert errors == []
        finally:
            phone.close()
