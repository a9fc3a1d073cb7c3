"""The phone where players look at it: every game (and Hasty's second edition) x every stage a phone can
be loaded in x a fresh load, a reload and a second tab, and a phone that was on another game when the host
dealt this one.

Each game is walked once on a box of its own (stages.py: every seat played through the API, so the table
holds still while the pages are looked at); at each stage's first moment the seat in it opens its page the
three ways (loads.py). Every load must meet no page error, show a non-empty prompt within a few seconds and
offer the controls the stage needs, and the three must agree. On the seat's own turn the page must also fit
a 390x844 phone: what to do, the seat's own cards and the action in the first screen, nothing fixed or
sticky over more than a quarter of it. The games and their stages come from the registry and the views,
so a game added later is in the matrix without a line here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from browser import stages
from browser.loads import CONTRACT_JS, PHONE, SeatPhone, layout_problems, problems

pytestmark = pytest.mark.browser

GAMES = stages.games()
#: games walked once more with table options: Hasty Accusations' second edition (every card set and the
#: Suspect Powers: its new cards, powers and choices), and with Big Hands too (the whole big deck dealt:
#: some thirty cards a hand, which must still leave the seat's turn in the first screen)
SECOND = ("--option", "sets=base,advanced,expert", "--option", "powers")
DEALT_WITH = {"hasty-second": ("hasty", SECOND),
              "hasty-second-big-hands": ("hasty", (*SECOND, "--option", "big_hands"))}
EVERYTHING = {walk: game for walk, (game, _) in DEALT_WITH.items() if game in GAMES}
WALKS = (*GAMES, *EVERYTHING)


def walk_name(name: str, locale: str) -> str:
    """The walk of ``name`` on phones whose browsers read ``locale`` (test_phone_matrix_zh.py)."""
    return f"{name}@{locale}"


def _dealt(walk: str) -> tuple[str, tuple[str, ...]]:
    """A walk's game, and the ``--option`` words it is dealt with."""
    return DEALT_WITH.get(walk, (walk, ()))


@dataclass
class Walked:
    """One game's walk: per stage, what was wrong (empty: nothing), the seat and its view."""

    found: dict[str, list[str]] = field(default_factory=dict)
    seat: dict[str, int] = field(default_factory=dict)
    layout: list[str] | None = None
    shown: dict[str, Any] = field(default_factory=dict)
    views: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (stage, a seat's view)
    server: Any = None  # the game's box, kept running for the contract's check (it serves the parts)


class Matrix:
    """The walks, made once each, the first time a test asks for its game (any test order)."""

    def __init__(self, browser: Any, root: Path) -> None:
        self.browser, self.root = browser, root
        self.walks: dict[str, Walked] = {}
        self.contracts: dict[str, list[str]] = {}

    def of(self, name: str) -> Walked:
        if name not in self.walks:
            self.walks[name] = self._walk(name)
        return self.walks[name]

    def contract(self, name: str) -> list[str]:
        """What breaks the parts' contract of game ``name``, called with its walk's views (and, before
        them, the next game's part with one of its views), on fresh module instances in the page."""
        if name not in self.contracts:
            walked = self.of(name)
            name = EVERYTHING.get(name, name)
            others = [g for g in GAMES if g != name]
            other = None
            if others:
                theirs = self.of(others[0])
                middle = theirs.views[len(theirs.views) // 2][1]
                other = {"stem": stages.game(others[0]).page_parts, "view": middle}
            ctx = self.browser.new_context(viewport=PHONE)
            try:
                page = ctx.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
                page.goto(f"{walked.server.url}/seat/0")
                page.wait_for_selector("#join:not([hidden])")
                args = {"stem": stages.game(name).page_parts, "views": walked.views, "other": other}
                found = page.evaluate(CONTRACT_JS, args)
                self.contracts[name] = [*found, *errors]
            finally:
                ctx.close()
        return self.contracts[name]

    def close(self) -> None:
        for walked in self.walks.values():
            walked.server.stop()

    def _walk(self, name: str) -> Walked:
        out = Walked()
        walk_of, _, locale_word = name.partition("@")
        locale = locale_word or None
        game, options = _dealt(walk_of)
        walk = stages.start(game, self.root / name / "data", *options)
        out.server = walk.server
        phones: dict[int, SeatPhone] = {}
        try:
            for stage, seat, views in walk.walk():
                if seat not in phones:
                    phones[seat] = SeatPhone(self.browser, walk.url, seat, walk.tokens[seat], locale)
                phone = phones[seat]
                loads = phone.three_loads(views[seat]["table"]["version"])
                out.found[stage] = problems(loads, views[seat], stage, locale)
                out.seat[stage] = seat
                out.shown[stage] = loads[0].shown
                other = (seat + 1) % walk.players
                out.views += [(f"{stage}, seat {s}", views[s]) for s in (seat, other)]
                if stage == "turn":
                    out.layout = layout_problems(phone.layout())
        finally:
            for phone in phones.values():
                phone.close()
        return out


def matrix_of(browser: Any, tmp_path_factory: pytest.TempPathFactory, label: str) -> Iterator[Matrix]:
    """A module's matrix (its walks made on first use), its boxes stopped when the module is done."""
    matrix = Matrix(browser, tmp_path_factory.mktemp(label))
    try:
        yield matrix
    finally:
        matrix.close()


@pytest.fixture(scope="module")
def matrix(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    yield from matrix_of(browser, tmp_path_factory, "matrix")


def check_stage(matrix: Matrix, walk: str, stage: str) -> None:
    """The loads at ``stage`` of ``walk`` found nothing wrong (or the game has no such stage)."""
    walked = matrix.of(walk)
    if stage not in walked.found:
        # a stage a game does not have (no setup before play, no vote): the walk went to the game's end
        assert stage not in ("turn", "others", "over"), f"{walk}'s walk never met {stage!r}: all games do"
        pytest.skip(f"{walk} has no {stage!r} stage (walked to the end)")
    assert walked.found[stage] == [], f"{walk}, stage {stage!r}, seat {walked.seat[stage]}"


def check_own_turn(matrix: Matrix, walk: str) -> None:
    walked = matrix.of(walk)
    assert walked.layout is not None, f"{walk}'s walk met no turn"
    assert walked.layout == [], f"{walk} at 390x844 on the seat's own turn"


@pytest.mark.parametrize("stage", stages.STAGES)
@pytest.mark.parametrize("name", WALKS)
def test_a_phone_loads_at_every_stage(matrix: Matrix, name: str, stage: str) -> None:
    check_stage(matrix, name, stage)


@pytest.mark.parametrize("name", WALKS)
def test_the_seats_own_turn_fits_a_phone_screen(matrix: Matrix, name: str) -> None:
    check_own_turn(matrix, name)


@pytest.mark.parametrize("name", WALKS)
def test_every_games_parts_keep_their_contract(matrix: Matrix, name: str) -> None:
    """PhonePart in web/static/shell.js: prompt and the phase are functions of their arguments, callable
    before any render, after reset and after other views; render meets any view first. For every game."""
    assert matrix.contract(name) == [], f"{name}'s page parts"


# ------------------------------------------------------------ a deal while the phone shows another game
def circuit(games: tuple[str, ...]) -> list[str]:
    """Games to deal one after another so that every ordered pair (a, b) of different games is dealt
    exactly once with a right before b, starting from the box's own first game (an Euler circuit of the
    complete directed graph, Hierholzer's way)."""
    left = {a: [b for b in games if b != a] for a in games}
    stack, order = [games[0]], []
    while stack:
        if left[stack[-1]]:
            stack.append(left[stack[-1]].pop(0))
        else:
            order.append(stack.pop())
    return order[::-1]


def test_the_circuit_deals_every_ordered_pair() -> None:
    order = circuit(("a", "b", "c"))
    assert {(x, y) for x, y in itertools.pairwise(order)} >= set(itertools.permutations("abc", 2))
    assert len(order) == 7  # no pair dealt twice


@dataclass
class Dealt:
    """After dealing ``to`` while the phone showed ``frm``: what was wrong with the followed page."""

    found: list[str]


class Deals:
    """One box, one phone on seat 0 kept open, the games dealt from the host in ``circuit`` order."""

    def __init__(self, browser: Any, root: Path) -> None:
        self.browser, self.root = browser, root
        self.results: dict[tuple[str, str], list[str]] | None = None

    def of(self, frm: str, to: str) -> list[str]:
        if self.results is None:
            self.results = self._run()
        return self.results[(frm, to)]

    def _run(self) -> dict[tuple[str, str], list[str]]:
        order = circuit(GAMES)
        players = max(min(stages.PLAYERS, stages.game(g).max_players) for g in GAMES)
        walk = stages.start(order[0], self.root / "data")
        assert walk.players == players
        phone = SeatPhone(self.browser, walk.url, 0, walk.tokens[0])
        results: dict[tuple[str, str], list[str]] = {}
        try:
            page, errors = phone.open()
            page.goto(f"{walk.url}/seat/0")
            phone.read(page, "first game", errors, 0)
            for frm, to in itertools.pairwise(order):
                errors.clear()
                walk.host("new-game", {"game": to, "players": players})
                v = walk.me(0)
                page.wait_for_function("(g) => (window.jaccuse.me() || {table: {}}).table.game === g", arg=to)
                followed = phone.read(page, f"{frm} then {to}", errors, v["table"]["version"])
                # the seat opened afresh in a second tab shows the game as it is: so must the followed page
                tab, tab_errors = phone.open()
                tab.goto(f"{walk.url}/seat/0")
                fresh = phone.read(tab, "fresh tab", tab_errors, v["table"]["version"])
                tab.close()
                found = [*(f"followed: {e}" for e in followed.errors), *(f"fresh: {e}" for e in fresh.errors)]
                for key in ("prompt", "phase", "title", "howto", "rules", "enabled"):
                    if followed.shown[key] != fresh.shown[key]:
                        found.append(f"after the deal the phone shows {key} {followed.shown[key]!r}; "
                                     f"a fresh load {fresh.shown[key]!r}")
                if not followed.shown["prompt"]:
                    found.append("the prompt is empty after the deal")
                results[(frm, to)] = found
                # a move in the new game, so the next deal meets a phone that has played this one
                views = walk.views()
                walk.step(views)
        finally:
            phone.close()
            walk.server.stop()
        return results


@pytest.fixture(scope="module")
def deals(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deals]:
    yield Deals(browser, tmp_path_factory.mktemp("deals"))


@pytest.mark.parametrize(("frm", "to"), list(itertools.permutations(GAMES, 2)))
def test_a_phone_follows_a_deal_of_another_game(deals: Deals, frm: str, to: str) -> None:
    assert deals.of(frm, to) == [], f"seat 0's phone on {frm} when the host dealt {to}"
