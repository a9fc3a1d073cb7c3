"""Hasty Accusations' second edition on the phone, in Chromium: each new choice kind is asked of the
seat whose turn it is, with its options where the thumb is, and answered by taps; the other seats'
phones only say whom the table waits for.

Each case is a box resumed from a journal that brings a seeded game with every card set and the
Suspect Powers to a choice of that kind (hasty_scenes.py). The seat's phone must show the choice in
its first screen (390x844), with a question in the prompt, and the taps must make a move the box
accepts; a choice that could hurt asks "are you sure?" before it is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hasty_scenes
import pytest
from browser.loads import PHONE, box_of
from scene_box import NAMES, Table

pytestmark = pytest.mark.browser

#: the kinds that ask "are you sure?" for some option: the first option tapped is one of those
SURE = {"wrong_address", "wipe", "double", "revelation", "tuck", "revive"}
#: cards that ask nothing when played in regular play (a review's cards do nothing there)
QUIET = ("murder", "threat", "bodyguard", "stop", "safe_stop", "sniper", "on_the_clock", "delay")


def answer(page: Any, kind: str) -> None:
    """Tap through the choice as a player would: the first option of each step, then its confirmation."""
    box = f'#bpanel .hacts[data-kind="{kind}"]'
    if kind == "rebel":
        for step in ("index", "to", "place"):
            page.locator(f"{box} [data-{step}]").first.click()
        page.locator(f'{box} [data-confirm="rebel"]').click()
    elif kind == "tangled":
        page.locator(f"{box} [data-at]").last.click()
        cards = page.locator(f"{box} button[data-index]")
        for i in range(min(2, cards.count())):
            cards.nth(cards.count() - 1 - i).click()
        page.locator(f'{box} [data-confirm="tangled"]').click()
    else:
        page.locator(f"{box} [data-choice]").first.click()
        if kind in SURE:
            # nothing is sent before the player says yes: the choice still waits
            page.wait_for_selector(f"{box} .hsure")
            assert page.evaluate("window.jaccuse.me().table.pending.kind") == kind
            page.locator(f'{box} .hsure [data-confirm="{kind}"]').click()


@pytest.mark.parametrize("kind", hasty_scenes.KINDS)
def test_each_new_choice_is_asked_of_its_seat_and_answered_by_taps(
    browser: Any, tables: list[Table], tmp_path: Path, shots: Path, kind: str
) -> None:
    scene = hasty_scenes.choice(kind)
    table = Table(scene, tmp_path)
    tables.append(table)
    seat = scene.state.pending.seat  # type: ignore[union-attr]
    assert seat == scene.state.turn  # every new choice is the active seat's (H14, H45)
    before = table.me(seat)
    move = before["moves"][0]
    assert move["kind"] == kind and len(move["options"]) >= 2
    # another seat's phone: no choice, only whom the table waits for
    other = (seat + 1) % scene.players
    ctx, page, errors = table.page(browser, other)
    try:
        assert page.locator("#bpanel .hacts[data-kind]").count() == 0
        assert NAMES[seat] in page.inner_text("#prompt")  # "Ada's turn (a choice)"
        assert errors == []
    finally:
        ctx.close()
    ctx, page, errors = table.page(browser, seat)
    try:
        box = f'#bpanel .hacts[data-kind="{kind}"]'
        page.wait_for_selector(box)
        prompt = page.inner_text("#prompt")
        assert len(prompt) > 30 and "Waiting" not in prompt, prompt
        # the question and its first options are in the first screen, where the thumb is
        first = box_of(page.locator(f"{box} button").first)
        assert first["y"] + first["height"] <= PHONE["height"], (kind, first)
        page.screenshot(path=str(shots / f"hasty-second-phone-{kind}.png"))
        answer(page, kind)
        page.wait_for_function("(v) => window.jaccuse.me().table.version > v", arg=before["table"]["version"])
        after = table.me(seat)
        assert after["table"]["version"] == before["table"]["version"] + 1
        if kind in ("tangled", "private"):  # what it showed: on this phone, in the box of what only it knows
            assert len(after["peeks"]) == len(before["peeks"]) + 1
            page.wait_for_selector(f'#bpanel .hpeeks [data-peek="{len(after["peeks"]) - 1}"]')
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("rule", ["back_alley", "show_hands", "plum"])
def test_a_face_the_rules_of_the_moment_refuse_is_off_with_the_reason_before_the_tap(
    browser: Any, tables: list[Table], tmp_path: Path, shots: Path, rule: str
) -> None:
    """Back Alley (face down, under the pile), Show me your hands (face up, one card a turn) and Prof.
    Plum's power (face up only on his pile) are told on the phone once a card and a pile are picked:
    the face they refuse is off and the line above the buttons says why."""
    scene = hasty_scenes.rule_of_the_moment(rule)
    table = Table(scene, tmp_path)
    tables.append(table)
    seat = scene.state.turn
    assert seat is not None
    v = table.me(seat)
    t, play = v["table"], next(m for m in v["moves"] if m["act"] == "play")
    if rule == "plum":
        at = next(i for i, x in enumerate(t["row"]) if x["alive"] and any(
            p["power"] == 3 and p["suspect"] == x["suspect"] for p in t["powers"]))
    else:  # a pile whose top card does not show the rule (a card played there would cover it)
        tops = {a: (t["row"][a]["pile"] or [{}])[-1].get("card") for a in play["at"]}
        at = next(a for a in play["at"] if tops[a] != rule)
    # a card that asks nothing when it lands (a review's card does nothing in regular play)
    quiet = [k for k in play["cards"] if k in QUIET] or play["cards"]
    allowed = play["faces"][str(at)]
    assert len(allowed) == 1
    ctx, page, errors = table.page(browser, seat)
    try:
        page.locator(f'#bpanel .hhand button.hcard[data-hcard="{quiet[0]}"]').first.click()
        page.click(f'#bpanel .hrow button.hspot[data-pile="{at}"]')
        why = page.inner_text("#bpanel [data-why]")
        words = {"back_alley": "Back Alley", "show_hands": "Show me your hands", "plum": "Prof. Plum"}[rule]
        assert words in why, why
        up = page.locator('#bpanel .hplay button[data-up="1"]')
        down = page.locator('#bpanel .hplay button[data-up="0"]')
        assert up.is_disabled() != allowed[0] and down.is_disabled() == allowed[0]
        page.screenshot(path=str(shots / f"hasty-second-phone-rule-{rule}.png"))
        (up if allowed[0] else down).click()
        page.wait_for_function("(v) => window.jaccuse.me().table.version > v", arg=t["version"])
        if rule == "show_hands":  # one card a turn: the phone says so, and offers only the end of the turn
            page.wait_for_function("/Show me your hands/.test(document.getElementById('prompt').innerText)")
            assert not any(m["act"] == "play" for m in table.me(seat)["moves"])
        assert errors == []
    finally:
        ctx.close()
