"""A finished game retold on the TV (issue 38), for each game at 1920x1080: the host's phone starts it and
steps through it (forwards, back, by turning point, to a moment that decided the game), the TV follows
and moves it itself (arrow keys), a reload of the TV keeps the step, every secret of the step shows on
the board, nothing on the TV scrolls or is cut off; the phone's end screen gives the record, only once
the game is over, and the file replays to the end; "Back to the table" brings the live table back.
The pictures go to the screenshots folder (retell-<game>-<step>.png, the host page's remote and list
retell-host-<game>.png and retell-host-kept-<game>.png, phone-end-download-<game>.png)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from fixtures.browser import SERVER_ROOT, doc_picture, serving

from browser.phones import Phone
from browser.test_tv import SMALL_TEXT_JS
from browser.test_tv_game_end import CLIPPED_JS
from controller.client import RecordProcess, random_action
from controller.replay import replay_text

pytestmark = pytest.mark.browser


class EndPhone(Phone):
    """A seat's phone of any game: joined once its prompt says something."""

    JOINED = "#prompt:not(:empty)"


def _play_to_the_end(base: str, token: str, timeout: float = 240.0) -> dict[str, Any]:
    """Seat 0's moves, random and legal, sent until the game (the bots play the rest) is over."""
    auth, rng = {"Authorization": f"Bearer {token}"}, random.Random(3)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        me = requests.get(f"{base}/api/me", headers=auth, timeout=10).json()
        if me["table"]["over"]:
            return me["table"]  # type: ignore[no-any-return]
        action = random_action(me, rng)
        if action is None:
            time.sleep(0.05)
            continue
        r = requests.post(f"{base}/api/me/actions", json=action, headers=auth, timeout=10)
        if r.status_code == 429:
            time.sleep(float(r.headers.get("Retry-After", "1")))
    raise AssertionError("the game did not end in time")


def _steps(base: str, game: int) -> dict[str, Any]:
    """The whole retelling of game ``game``, as the box gives it (every page)."""
    whole: dict[str, Any] = {}
    start: int | None = 0
    while start is not None:
        page = requests.get(f"{base}/api/games/{game}/steps?from={start}&count=200", timeout=30).json()
        whole = {**page, "steps": whole.get("steps", []) + page["steps"]}
        start = page["next"]
    return whole


def _at(tv: Any, step: int) -> None:
    tv.wait_for_selector(f"#retell[data-step='{step}']")
    here = "document.querySelector('[data-here]')"
    tv.wait_for_function(f"{here} && {here}.dataset.here == '{step}'")


#: the seats around the oval table (J'Accuse's TV) that the game in its middle covers
COVERED_JS = """() => {
  const mid = document.querySelector('.board.jx .top'); if (!mid || mid.offsetParent === null) return [];
  const m = mid.getBoundingClientRect(), out = [];
  for (const s of document.querySelectorAll('.board.jx .seat')) {
    const r = s.getBoundingClientRect();
    const dx = Math.min(r.right, m.right) - Math.max(r.left, m.left);
    const dy = Math.min(r.bottom, m.bottom) - Math.max(r.top, m.top);
    if (dx > 0 && dy > 0) out.push([s.dataset.seat, dx, dy]);
  }
  return out;
}"""


def _tv(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    """A TV (1920x1080) showing ``url``: its context, its page and the errors the page has thrown."""
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return ctx, page, errors


def _fits(tv: Any) -> None:
    """The TV at this step: nothing scrolls, nothing is cut off or covered, no text under 20 px."""
    tv.wait_for_timeout(300)
    sizes = tv.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert sizes[0] <= 1920 and sizes[1] <= 1080, f"the TV page scrolls: {sizes}"
    assert tv.evaluate(CLIPPED_JS) == []
    assert tv.evaluate(COVERED_JS) == [], "a seat under the middle of the table"
    small = tv.evaluate(SMALL_TEXT_JS)
    assert small == [], f"text under 20 px on the TV: {small[:6]}"


def _secrets_shown(tv: Any, game: str, step: dict[str, Any], players: int) -> None:
    """What only the retelling shows of this step, as its open view says: every seat's secrets."""
    reveal = step["view"]["reveal"]
    if game == "jaccuse":
        for s in range(players):
            hand = tv.locator(f"[data-hand='{s}']")
            assert hand.locator(".mem").count() == max(1, len(reveal["hands"][s])) or not reveal["hands"][s]
            assert tv.locator(f"[data-network='{s}'] .mem").count() == 2
    elif game == "betrayal":
        traitor = reveal["traitor"]
        assert tv.locator(f"[data-army='{traitor}'] .badge.traitor").count() == 1
        if step["view"]["phase"] == "setup":
            for a, hand in enumerate(reveal["hands"]):
                assert tv.locator(f"[data-hand='{a}'] [data-card]").count() == len(hand)
        else:
            for a, row in enumerate(reveal["rows"]):
                assert tv.locator(f"[data-row='{a}'] [data-card]").count() == len(row)
    else:
        suspects = step["view"]["suspects"]
        for s, secret in enumerate(reveal["secrets"]):
            text = tv.locator(f"[data-secret-of='{s}']").inner_text()
            assert (suspects[secret] if isinstance(secret, int) else "Traitor") in text, text
            assert tv.locator(f"[data-hand='{s}'] .hchip").count() == len(reveal["hands"][s])


@pytest.mark.parametrize(("game", "players"), [("jaccuse", 5), ("betrayal", 3), ("hasty", 4)])
def test_a_finished_game_retold_on_the_tv(
    browser: Any, tmp_path: Path, shots: Path, game: str, players: int
) -> None:
    extra = ("--game", game, "--bots", str(players - 1), "--bot-delay", "0.01")
    for server in serving(tmp_path, players, *extra):
        base = server.url
        phone = EndPhone(browser, base, 0)
        phone.join("Ada")
        assert phone.page.locator("#takehome").is_hidden()  # a record holds every secret: not before the end
        token = phone.page.evaluate("localStorage.getItem('jaccuse_token')")
        final = _play_to_the_end(base, token)

        # the phone's end screen: the game goes home as a file that replays to its end
        phone.page.wait_for_selector("#takehome:not([hidden]) #download")
        phone.shot(shots, f"phone-end-download-{game}.png", at="#takehome")
        with phone.page.expect_download() as caught:
            phone.page.click("#download")
        saved = caught.value
        name = saved.suggested_filename
        assert name.startswith(f"{game}-") and name.endswith("-game1.json")
        text = Path(saved.path()).read_text(encoding="utf-8")
        answer = replay_text(text)
        assert answer["ok"] and answer["over"] and answer["applied"] == final["version"]
        (tmp_path / f"{game}-record.json").write_text(text, encoding="utf-8")
        assert phone.errors == []

        whole = _steps(base, 1)
        last, steps = whole["last"], whole["steps"]
        marks = sorted({t["step"] for t in whole["turning_points"]} | {d["step"] for d in whole["decisive"]})
        assert last == final["version"] and whole["decisive"]

        tv_ctx, tv, tv_errors = _tv(browser, base + "/")
        tv.wait_for_selector("#phase >> text=Game over")
        host_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                       bypass_csp=True)
        host = host_ctx.new_page()
        host.set_default_timeout(15_000)
        host.goto(server.host_link())

        # the host's phone retells game 1 from the deal: the TV shows every secret at each step
        host.wait_for_selector("[data-retell='1']")
        host.evaluate("document.getElementById('keptpanel').scrollIntoView({block: 'start'})")
        host.screenshot(path=str(shots / f"retell-host-kept-{game}.png"))
        # how it ended, by the names the winners sat under (a bot's too), never by seat numbers
        (entry,) = requests.get(f"{base}/api/games", timeout=10).json()
        assert entry["names"][0] == "Ada" and all(entry["names"]), entry
        row = host.locator("[data-kept='1']").inner_text()
        assert entry["winners"] and all(entry["names"][s] in row for s in entry["winners"]), row
        assert "seat " not in row, row
        host.click("[data-retell='1']")
        _at(tv, 0)
        assert tv.locator("#retell").is_visible() and tv.locator("[data-retell-stop]").is_visible()
        _secrets_shown(tv, game, steps[0], players)
        tv.screenshot(path=str(shots / f"retell-{game}-0.png"))
        _fits(tv)
        host.wait_for_selector("#remote[data-step='0']")
        # the remote control is brought into view: at the top of the page
        host.wait_for_function("Math.abs(document.getElementById('remote').getBoundingClientRect().top) < 30")
        host.screenshot(path=str(shots / f"retell-host-{game}.png"))
        # forwards, back, by turning point: each where the box says
        host.click("#remote [data-go='forward']")
        _at(tv, 1)
        host.wait_for_selector("#remote[data-step='1']")
        host.click("#remote [data-go='forward']")
        _at(tv, 2)
        host.wait_for_selector("#remote[data-step='2']")
        host.click("#remote [data-go='back']")
        _at(tv, 1)
        host.wait_for_selector("#remote[data-step='1']")
        host.click("#remote [data-go='next_turn']")
        turn = next(m for m in marks if m > 1)
        _at(tv, turn)
        assert tv.locator("#retell .retell-step").inner_text().startswith(f"Move {turn} of {last}")
        # the TV itself moves it (the box's own screen): the arrow keys, and a turning point back
        tv.keyboard.press("ArrowRight")
        _at(tv, turn + 1)
        tv.keyboard.press("ArrowUp")
        _at(tv, turn)
        host.wait_for_selector(f"#remote[data-step='{turn}']")  # and the host's phone follows
        mid = steps[min(last, turn + 1)]
        host.click("#remote [data-go='forward']")
        _at(tv, mid["step"])
        _secrets_shown(tv, game, mid, players)
        tv.screenshot(path=str(shots / f"retell-{game}-{mid['step']}.png"))
        if game == "jaccuse":  # docs/playing.md's picture of a retelling
            tv.screenshot(path=doc_picture("retell-tv.png"))
        _fits(tv)
        # a moment that decided the game: marked on the timeline, and the host's phone goes there
        assert tv.locator(".timeline [data-decisive]").count() == len(whole["decisive"])
        first = whole["decisive"][0]
        host.wait_for_selector(f"#remote[data-step='{mid['step']}']")
        host.click(f"#remote [data-go-step='{first['step']}']")
        _at(tv, first["step"])
        assert tv.locator("[data-decisive-here]").count() == 1
        _secrets_shown(tv, game, steps[first["step"]], players)
        tv.screenshot(path=str(shots / f"retell-{game}-{first['step']}-decisive.png"))
        _fits(tv)
        # a reload of the TV comes back to the same step
        tv.reload()
        _at(tv, first["step"])
        host.click("#remote [data-go='end']")
        _at(tv, last)
        _secrets_shown(tv, game, steps[last], players)
        tv.screenshot(path=str(shots / f"retell-{game}-end.png"))
        _fits(tv)
        # back to the table: the live end again, nothing of the retelling left
        tv.click("[data-retell-stop]")
        tv.wait_for_selector("#retell", state="hidden")
        tv.wait_for_selector("#phase >> text=Game over")
        assert requests.get(f"{base}/api/table", timeout=5).json()["retelling"] is None
        host.wait_for_selector("#remote", state="hidden")
        assert tv_errors == []
        tv_ctx.close()
        host_ctx.close()
        phone.ctx.close()


def test_a_new_deal_takes_the_tv_back_to_the_table(browser: Any, tmp_path: Path) -> None:
    """The room's retelling ends when the next game is dealt; an older game can be retold meanwhile, and
    the TV shows what the public view says after a reload."""
    for server in serving(tmp_path, 3, "--game", "betrayal", "--bots", "3", "--bot-delay", "0.01"):
        base, key = server.url, server.host_link().split("key=", 1)[1]
        deadline = time.monotonic() + 120
        while not requests.get(f"{base}/api/table", timeout=5).json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        ctx, tv, _ = _tv(browser, base + "/")
        tv.click("#retellstart")  # the box's own screen retells the game just ended
        _at(tv, 0)
        host = {"X-Host-Key": key}
        dealt = requests.post(f"{base}/api/host/new-game", json={}, headers=host, timeout=10)
        assert dealt.status_code == 200
        tv.wait_for_selector("#retell", state="hidden")
        assert requests.post(f"{base}/api/host/retell", json={"game": 1, "step": 4}, headers=host,
                             timeout=10).json()["retelling"]["step"] == 4
        _at(tv, 4)
        assert requests.post(f"{base}/api/host/retell", json={"game": 2}, headers=host,
                             timeout=10).status_code == 409  # the game being played: never
        tv.reload()
        _at(tv, 4)
        ctx.close()


def test_run_record_shows_a_file_without_dealing(browser: Any, tmp_path: Path, shots: Path) -> None:
    """`jaccuse-table run --record FILE` as a real process: the file retold at /, stepped on its own, no
    data dir made, nothing dealt; a file that is no game stops it with one line and exit status 2."""
    for server in serving(tmp_path, 4, "--game", "hasty", "--bots", "4", "--bot-delay", "0.01"):
        deadline = time.monotonic() + 120
        while not requests.get(f"{server.url}/api/table", timeout=5).json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        record = requests.get(f"{server.url}/api/table/record", timeout=10).json()
    path = tmp_path / "taken-home.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    home = tmp_path / "home"
    with RecordProcess(path, home, cwd=SERVER_ROOT) as box:
        listed = requests.get(f"{box.url}/api/games", timeout=10).json()
        assert [(g["game"], g["name"], g["over"], g["moves"]) for g in listed] == \
            [(1, "hasty", True, len(record["actions"]))]
        assert requests.get(f"{box.url}/api/games/1/record", timeout=10).json() == record
        assert requests.get(f"{box.url}/api/table", timeout=10).status_code == 404  # no table at all
        ctx, page, errors = _tv(browser, box.url + "/")
        _at(page, 0)
        page.keyboard.press("ArrowRight")
        _at(page, 1)
        page.keyboard.press("ArrowDown")  # the next turning point
        page.wait_for_function("window.jaccuseRecord.at().step > 1")
        step = page.evaluate("window.jaccuseRecord.at().step")
        page.click("[data-go='forward']")
        _at(page, step + 1)
        page.reload()  # the step is in the address
        _at(page, step + 1)
        page.screenshot(path=str(shots / "retell-record-file.png"))
        _fits(page)
        assert errors == []
        ctx.close()
    assert not home.exists() or not any(home.rglob("journal*")), "run --record wrote a journal"
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "hasty", "players": 1, "actions": []}', encoding="utf-8")
    done = RecordProcess(bad, home, cwd=SERVER_ROOT).run_to_end()
    assert done.returncode == 2 and "is not a record of a game" in done.stderr
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize("players", [10, 14])
def test_a_big_table_retold_fits_the_tv_at_every_stage(browser: Any, tmp_path: Path, shots: Path,
                                                         players: int) -> None:
    """J'Accuse at 10 and 14 seats, retold: the middle of the table (the policy track, the stability, a
    crisis) never covers a seat, from the deal through the turning points to the end, where a long
    game's middle is at its fullest."""
    for server in serving(tmp_path, players, "--bots", str(players), "--bot-delay", "0.005"):
        base, key = server.url, server.host_link().split("key=", 1)[1]
        deadline = time.monotonic() + 300
        while not requests.get(f"{base}/api/table", timeout=5).json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.5)
        whole = _steps(base, 1)
        last = whole["last"]
        marks = sorted({t["step"] for t in whole["turning_points"]} | {d["step"] for d in whole["decisive"]})
        stops = sorted({0, *marks[:: max(1, len(marks) // 12)], *(last * k // 8 for k in range(1, 8)), last})
        ctx, tv, errors = _tv(browser, base + "/")
        host = {"X-Host-Key": key}
        for step in stops:
            told = requests.post(f"{base}/api/host/retell", json={"game": 1, "step": step}, headers=host,
                                 timeout=10)
            assert told.status_code == 200, told.text
            _at(tv, step)
            try:
                _fits(tv)
            except AssertionError:
                tv.screenshot(path=str(shots / f"retell-jaccuse-{players}-{step}-covered.png"))
                raise
        tv.screenshot(path=str(shots / f"retell-jaccuse-{players}-end.png"))
        assert errors == []
        ctx.close()
