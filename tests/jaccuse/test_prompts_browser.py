"""What the pages say in states a real game reaches only by luck: the phone's tie-round prompts, the
President's prompt after a parley, the end-of-game explanation and the network reveal in words, and the
table page's card box in a tie round and a virtual pad's refusal on a TV.

The pages are the real ones, served by a real box (14 seats, virtual pads); the state they show is
played with the rules core (tests/jaccuse/helpers.py) and handed to the page by intercepting `/api/me`,
`/api/table` and their event streams (one `data:` event each), so every state renders the same way on
every run. What the box's table adds to the rules' views (names, feed, clock...) is added here in the
same shape (controller/table/table.py, TABLE_KEYS and SEAT_KEYS); the log and the feeds are the rules'
own lines (rules.describe_events, feed.seat_feed).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from fixtures.browser import Server
from test_players_browser import FOURTEEN, _fits

from controller.games import jaccuse as rules
from controller.games.jaccuse.feed import seat_feed
from controller.games.jaccuse.screens import render
from controller.oled_kit.model import DisplayModel

pytestmark = pytest.mark.browser

_HELPERS = Path(__file__).parent / "helpers.py"
_spec = importlib.util.spec_from_file_location("jaccuse_rules_helpers", _HELPERS)
assert _spec is not None and _spec.loader is not None
h: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(h)

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


class Play:
    """A game played through the rules core, with the log and the personal feeds the box would keep."""

    def __init__(self, state: Any, names: list[str | None]) -> None:
        self.state, self.names = state, names
        self.log: list[str] = []
        self.feeds: list[list[tuple[int, str]]] = [[] for _ in range(state.players)]

    def do(self, seat: int, act: str, **keys: Any) -> None:
        result = rules.apply(self.state, h.action(seat, act, **keys))
        assert isinstance(result, rules.Accepted), f"seat {seat} {act} {keys}: {result}"
        self.state = result.state
        self.log.extend(rules.describe_events(result.events, self.names))
        for s, feed in enumerate(self.feeds):
            feed.extend((self.state.version, line) for line in seat_feed(result.events, s, self.names))

    def vote(self, votes: dict[int, str]) -> None:
        """One round: the seats named reveal that card, every other voter abstains."""
        r = self.state.vote_round
        for seat in r.voters:
            if seat in votes:
                self.do(seat, "vote", card=votes[seat])
                self.do(seat, "reveal")
            else:
                self.do(seat, "abstain")

    def table(self) -> dict[str, Any]:
        view = rules.public_view(self.state)
        view.update(names=list(self.names), clock={"seconds": 0, "deadline": None}, seats_locked=False,
                    join_code_needed=False)
        return view

    def me(self, seat: int) -> dict[str, Any]:
        view = rules.seat_view(self.state, seat)
        view.update(table=self.table(), name=self.names[seat], pad_refusals=0,
                    feed=[{"version": v, "text": t} for v, t in reversed(self.feeds[seat][-5:])])
        return view


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("prompts") / "data", players=14, pads="mock").start()
    try:
        yield srv
    finally:
        srv.stop()


def _json(route: Any, body: Any, status: int = 200) -> None:
    route.fulfill(status=status, content_type="application/json", body=json.dumps(body))


def _stream(route: Any, view: dict[str, Any] | None) -> None:
    """The event stream: one event, then a retry far beyond the test (None: the stream never answers)."""
    if view is not None:
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"},
                      body=f"retry: 3600000\ndata: {json.dumps(view)}\n\n")


def _path(path: str) -> Any:
    return lambda url: urlparse(url).path == path


def _phone(browser: Any, box: Server, first: dict[str, Any], then: dict[str, Any] | None = None,
           stream: bool = True) -> Any:
    """A phone on the seat of ``first``: /api/me answers ``first``, its stream then sends ``then``."""
    page = browser.new_context(**PHONE).new_page()
    page.set_default_timeout(10_000)
    page.route(_path("/api/me"), lambda route: _json(route, first))
    page.route(_path("/api/me/events"), lambda route: _stream(route, (then or first) if stream else None))
    page.goto(f"{box.url}/seat/{first['seat']}")
    page.wait_for_selector("#game:not([hidden])")
    return page


def _prompt(page: Any, text: str) -> str:
    """Wait for the phone's prompt to read ``text`` exactly (the stream's view may come a moment later)."""
    with contextlib.suppress(Exception):  # the assertion below shows what the phone said instead
        page.wait_for_function("t => document.getElementById('prompt').textContent === t", arg=text,
                               timeout=5_000)
    said: str = page.locator("#prompt").inner_text()
    assert said == text
    return said


def _close(page: Any) -> None:
    # A route handler may still be fetching the real /api/box when the page closes; its error would
    # surface in the next test step. Dropping the routes first, ignoring their errors, ends them quietly.
    page.unroute_all(behavior="ignoreErrors")
    page.context.close()


# ---------------------------------------------------------------------- the phone: tie rounds


def _tie_game() -> Play:
    """Five seats: seat 0's 9H and seat 1's 9S tie; seat 2 revealed its only card; 3 and 4 abstained."""
    play = Play(h.game(5, hands={0: ["9H", "2H", "3H"], 1: ["9S", "2S", "3S"], 2: ["9D"]}),
                ["Ann", None, "Zoë", "Dee", None])
    hands = [x if s != 2 else ["9D"] for s, x in enumerate(play.state.hands)]
    play.state = h.with_changes(play.state, hands=hands)
    play.vote({0: "9H", 1: "9S", 2: "9D"})
    t = play.state
    assert t.phase == "election" and t.vote_round.number == 2 and t.vote_round.voters == [0, 1]
    assert t.hands[2] == [] and (2, "9D") in t.table_cards
    return play


def test_tie_round_prompts_on_the_phones(browser: Any, box: Server) -> None:
    play = _tie_game()
    # a seat that votes again is told it is a tie round (the box has virtual pads: REVEAL is on the pad)
    page = _phone(browser, box, play.me(0))
    _prompt(page, "Tie round 1: you vote again. Tap a card to select it, then press REVEAL or ABSTAIN on "
                  "your pad.")
    # the phone shows the cards lying on the table once, under their label
    public = page.locator("#public")
    assert "On the table (tie round)" in public.inner_text()
    assert public.locator(".card").count() == len(play.state.table_cards) == 3
    _close(page)

    # seat 2's only card lies on the table: it waits, and is not told it has no cards
    me = play.me(2)
    assert me["hand"] == [] and 2 not in me["table"]["eligible"]
    page = _phone(browser, box, me)
    said = _prompt(page, "Tie round 1. Your card lies on the table in this tie round; the seats still "
                         "holding cards vote again. Waiting for Ann and seat 1.")
    assert "no cards" not in said
    _close(page)

    # seat 3 abstained and still holds its cards: not a voter in the tie round, but not out of cards
    me = play.me(3)
    assert me["hand"] and 3 not in me["table"]["eligible"]
    page = _phone(browser, box, me)
    said = _prompt(page, "Tie round 1: only the seats that revealed in the last round vote again; you wait. "
                         "Waiting for Ann and seat 1.")
    assert "no cards" not in said
    _close(page)


# ---------------------------------------------------------------------- the phone: after a parley


def test_the_presidents_prompt_drops_parley_once_parleyed(browser: Any, box: Server) -> None:
    play = Play(h.game(5, hands=h.ACCUSE_HANDS, members=h.ACCUSE_MEMBERS), ["Ann", "Bo", None, None, None])
    play.vote({0: "9H", 1: "2S"})
    assert play.state.president == 0 and play.state.phase == "presidency"
    before = play.me(0)
    page = _phone(browser, box, before)
    _prompt(page, "You are President. You may parley first, then defect, accuse or pass.")
    _close(page)

    play.do(0, "parley", target=1, cards=["2H"])
    play.do(1, "parley_reply", cards=[sorted(play.state.hands[1])[0]])
    after = play.me(0)
    assert "parley" not in after["acts"] and "pass" in after["acts"]
    # the phone opened before the parley; the stream brings the view after it: the prompt follows
    page = _phone(browser, box, before, after)
    said = _prompt(page, "You are President. Defect, accuse or pass.")
    assert "parley" not in said.lower()
    page.click("#feedbox summary")  # this seat's feed, folded below the game
    assert page.locator("#feed li").first.inner_text().startswith("Parley with Bo: you gave 2♥ and got")
    _close(page)


# ---------------------------------------------------------------------- the phone: the end of a game

#: six seats (network cards red, red, black, black, red, black; seat s sees cards s-1 and s):
#: seat 0 black+red with a red membership, 1 red+red, 2 red+black with a black one, 3 black+black,
#: 4 black+red with a red one, 5 red+black with a black one
END_NETWORK = ["red", "red", "black", "black", "red", "black"]
END_HANDS = {0: ["2H", "9H"], 1: ["4S", "10H", "10C", "8C"], 2: ["2S", "9S"], 3: ["4H", "5S"],
             4: ["3H", "10D", "9D", "8D"], 5: ["3S"]}
END_MEMBERS = {0: "2H", 1: "4S", 2: "2S", 3: "4H", 4: "3H", 5: "3S"}


def _game_over() -> Play:
    """Red wins; seats 0, 1 and 4 are aligned; seat 4 was President once (1 XP) and wins alone."""
    play = Play(h.game(6, hands=END_HANDS, members=END_MEMBERS, network=END_NETWORK),
                ["Ann", "Bo", None, "Dee", "Eve", None])
    play.vote({4: "10D", 3: "5S"})
    assert play.state.president == 4
    play.do(4, "pass")
    while not play.state.over:
        play.vote({0: "9H"})  # a free red policy by consensus, five times
    t = play.state
    assert t.winning_color == "red" and t.aligned == [0, 1, 4] and t.winners == [4] and t.xp[4] == 1
    return play


END_TEXT = {
    4: "Game over: red wins. Your network is black and red, so your membership card decided: 3♥, red, so you "
       "were aligned. You win!",
    0: "Game over: red wins. Your network is black and red, so your membership card decided: 2♥, red, so you "
       "were aligned. You lost on XP: the winner had 1 XP, you had 0.",
    1: "Game over: red wins. Your network is both red, so you were aligned with red. You lost on XP: the "
       "winner had 1 XP, you had 0.",
    3: "Game over: red wins. Your network is both black, so you were not aligned with red. You did not win "
       "this time.",
    2: "Game over: red wins. Your network is red and black, so your membership card decided: 2♠, black, so "
       "you were not aligned. You did not win this time.",
}
NETWORK_WORDS = ["black and red: the membership card decides", "both red: red whatever the membership",
                 "red and black: the membership card decides", "both black: black whatever the membership",
                 "black and red: the membership card decides", "red and black: the membership card decides"]


def test_the_end_of_a_game_explains_itself_on_every_phone(browser: Any, box: Server, shots: Path) -> None:
    play = _game_over()
    for seat, text in END_TEXT.items():
        page = _phone(browser, box, play.me(seat), stream=seat != 0)
        _prompt(page, text)
        if seat == 0:
            # everyone's cards, the network in plain words, the aligned seats marked
            rows = page.locator("table.reveal tr[data-reveal-seat]")
            assert rows.count() == 6
            for s in range(6):
                cells = rows.nth(s).locator("td")
                assert cells.nth(2).inner_text() == NETWORK_WORDS[s]
                assert (cells.nth(3).inner_text() == "aligned") == (s in (0, 1, 4))
            assert "Play again" in page.locator("#acts").inner_text()
            # the picture for docs/playing.md, from the explanation down (the stream never answers on this
            # page, so the phone's status line above it would only say "connecting")
            page.evaluate("document.getElementById('prompt').scrollIntoView()")
            page.wait_for_timeout(200)
            page.screenshot(path=str(shots / "prompts-phone-game-over.png"))
        _close(page)


# ---------------------------------------------------------------------- the table page on a TV


def _fourteen() -> Play:
    """Fourteen named seats in a tie round: 9H and 9S tied, four more cards lie on the table."""
    hands = {0: ["9H", "5H"], 1: ["9S", "5S"], 2: ["4H"], 3: ["6S"], 4: ["7H"], 5: ["8C"]}
    play = Play(h.game(14, hands=hands), list(FOURTEEN))
    play.vote({0: "9H", 1: "9S", 2: "4H", 3: "6S", 4: "7H", 5: "8C"})
    return play


def _table(browser: Any, box: Server, play: Play, width: int = 1280, height: int = 800) -> Any:
    view = play.table()
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(10_000)
    page.route(_path("/api/table"), lambda route: _json(route, view))
    page.route(_path("/api/table/events"), lambda route: _stream(route, view))
    seats = {"players": view["players"], "locked": False, "code_needed": False,
             "seats": [{"seat": s, "claimed": True, "bot": False, "name": n, "handed_over": False}
                       for s, n in enumerate(view["names"])]}
    page.route(_path("/api/seats"), lambda route: _json(route, seats))

    def box_info(route: Any) -> None:  # the real box's answer, with this game's log
        real = route.fetch().json()
        _json(route, {**real, "log": play.log, "version": view["version"]})
    page.route(_path("/api/box"), box_info)
    frame = io.BytesIO()
    render(DisplayModel(view=view)).save(frame, format="PNG")
    page.route(_path("/api/display.png"), lambda route: route.fulfill(status=200, content_type="image/png",
                                                                       body=frame.getvalue()))
    page.goto(box.url + "/")
    page.wait_for_selector(f".seat >> nth={view['players'] - 1}")
    return page


def test_the_table_labels_the_cards_and_shows_a_tie_rounds_cards_once(browser: Any, box: Server) -> None:
    # after an election won outright: the last vote's cards, each under its seat's name
    play = Play(h.game(14, hands={0: ["9H"], 1: ["2S"], 2: ["4H"]}), list(FOURTEEN))
    play.vote({0: "9H", 1: "2S", 2: "4H"})
    assert play.state.phase == "presidency" and not play.state.table_cards
    page = _table(browser, box, play)
    cards = page.locator("#election [data-cards]")
    assert cards.get_attribute("data-cards") == "revealed"
    assert cards.locator("b").inner_text() == "Revealed in the last vote"
    assert cards.locator(".card").count() == 3
    assert [x.inner_text() for x in cards.locator(".name").all()] == FOURTEEN[:3]
    _close(page)

    # a tie round: every card shown so far lies on the table, the last round's among them, shown once
    play = _fourteen()
    t = play.table()
    assert t["revealed"] and all(x in t["table_cards"] for x in t["revealed"])
    page = _table(browser, box, play)
    election = page.locator("#election")
    assert election.locator("[data-cards]").count() == 1
    assert election.locator("b").inner_text() == "On the table from this election's earlier rounds"
    assert "Revealed in the last vote" not in election.inner_text()
    assert election.locator(".card").count() == len(t["table_cards"]) == 6
    assert "tie round 1" in election.inner_text()
    _close(page)


def _inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_refused_virtual_reveal_fits_its_seat_on_a_tv(browser: Any, box: Server, shots: Path,
                                                         size: tuple[int, int]) -> None:
    play = _fourteen()
    refusal = h.refuse(play.state, 0, "reveal", "no_vote_selected")
    page = _table(browser, box, play, *size)
    page.route(_path("/api/mock/pads/0/reveal"), lambda route: _json(
        route, {"error": {"code": refusal.code, "message": refusal.message}}, 409))
    page.wait_for_selector("#oledbox:not([hidden])")
    _fits(page)
    w, ht = size
    if size == (1280, 800):
        page.screenshot(path=str(shots / f"prompts-table-14-tie-{w}x{ht}.png"))
    seat = page.locator('.seat[data-seat="0"]')
    seat.locator('button[data-pad="0-reveal"]').click()
    flash = seat.locator(".refusal")
    flash.wait_for()
    assert flash.inner_text() == "Seat 0 must select a card before pressing reveal."
    page.screenshot(path=str(shots / f"prompts-table-14-refused-{w}x{ht}.png"))  # before the checks
    box_ = seat.bounding_box()
    shown = flash.bounding_box()
    assert _inside(shown, box_), f"the refusal {shown} overflows seat 0 {box_}"
    # the refusal covers neither pad button, and both stay whole inside the seat
    for name in ("reveal", "abstain"):
        button = seat.locator(f'button[data-pad="0-{name}"]')
        assert button.is_visible()
        b = button.bounding_box()
        assert _inside(b, box_), f"{name.upper()} {b} is cut off by seat 0's box {box_}"
        assert not _overlap(b, shown), f"the refusal {shown} hides {name.upper()} {b}"
    # the whole message is readable in the flash (nothing clipped inside it)
    assert page.evaluate("e => e.scrollHeight <= e.clientHeight + 1", flash.element_handle())
    _fits(page)
    _close(page)
