"""A Betrayal table: dealing, seats and armies over HTTP, refusals, the pad, the shot clock, restarts.

The same table loop, journal and API as J'Accuse; only the game's rules package and its table adapter
(controller/games/betrayal/table_rules.py) differ. Views are compared with the rules core's own.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from controller.client import random_action
from controller.games import betrayal as rules
from controller.games.registry import table_rules
from controller.table import Journal, Snapshot, Table, TableConfig, rules_part
from controller.table.journal import FILENAME
from web import create_app

HOST_KEY = "h" * 43


def _open(tmp_path: Path, players: int = 3, **kw: Any) -> Table:
    cfg = {"data_dir": tmp_path, "players": players, "seed": 7, "game": "betrayal"} | kw
    table = Table.open(TableConfig(**cfg))
    table.start()
    return table


class Box:
    """A Betrayal table behind the Flask app, every seat joined."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.client: FlaskClient = create_app(table, host_key=HOST_KEY).test_client()
        self.tokens: list[str] = []
        for seat in range(table.players):
            r = self.client.post("/api/join", json={"seat": seat})
            assert r.status_code == 200, r.get_json()
            self.tokens.append(r.get_json()["token"])

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def me(self, seat: int) -> dict[str, Any]:
        r = self.client.get("/api/me", headers=self.auth(seat))
        assert r.status_code == 200
        return r.get_json()  # type: ignore[no-any-return]

    def act(self, seat: int, body: dict[str, Any]) -> Any:
        return self.client.post("/api/me/actions", json=body, headers=self.auth(seat))

    def public(self) -> dict[str, Any]:
        return self.client.get("/api/table").get_json()  # type: ignore[no-any-return]

    def random_move(self, rng: random.Random) -> bool:
        """One random legal move by a seat the game waits for; False once it is over."""
        view = self.public()
        if view["over"]:
            return False
        seat = rng.choice(view["awaiting"])
        body = random_action(self.me(seat), rng)
        assert body is not None
        r = self.act(seat, body)
        assert r.status_code == 200, (body, r.get_json())
        return True

    def play_until(
        self, done: Callable[[dict[str, Any]], bool], rng: random.Random, limit: int = 2000
    ) -> None:
        for _ in range(limit):
            if done(self.public()) or not self.random_move(rng):
                return
        raise AssertionError("the game never got there")


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Box]:
    table = _open(tmp_path)
    yield Box(table)
    table.stop()


def _replay(path: Path) -> tuple[rules.GameState, list[str]]:
    j = Journal.open(path)
    rec = j.load()
    j.close()
    assert rec.game == "betrayal"
    state = rules.new_game(rules.Deal.from_dict(rec.players, rec.deal))
    for data in rec.actions:
        result = rules.apply(state, rules.Action.from_dict(data))
        assert isinstance(result, rules.Accepted), (data, result)
        state = result.state
    return state, rec.sources


def _wait(table: Table, ok: Callable[[Snapshot], bool], timeout: float = 10.0) -> Snapshot:
    end = time.monotonic() + timeout
    snap = table.snapshot()
    while not ok(snap):
        assert time.monotonic() < end, "the table never got there"
        snap = table.wait_for_change(snap.serial, 0.5)
    return snap


def test_a_betrayal_table_deals_and_names_its_game(box: Box) -> None:
    view = box.public()
    assert view["game"] == "betrayal" and view["players"] == 3 and view["phase"] == "setup"
    assert view["rows"] is None and sorted(view["awaiting"]) == [0, 1, 2]
    assert box.client.get("/api/box").get_json()["game_name"] == "betrayal"
    me = box.me(1)
    assert [a["army"] for a in me["armies"]] == [1] and me["moves"][0]["act"] == "army"
    assert me["table"] == view


def test_a_whole_game_over_http_matches_the_journal_replayed(box: Box, tmp_path: Path) -> None:
    box.play_until(lambda v: v["over"], random.Random(3))
    view = box.public()
    assert view["over"] and view["winner_side"] in ("traitor", "loyal") and view["reveal"]
    state, sources = _replay(tmp_path / FILENAME)
    assert rules_part(view) == rules_part(rules.public_view(state))
    for seat in range(3):
        assert rules_part(box.me(seat)) == rules_part(rules.seat_view(state, seat))
    assert set(sources) == {"phone"}
    ends = ("The traitor wins!", "The loyal armies win!")
    assert any(line.startswith(ends) for line in box.table.snapshot().log)


def test_refusals_and_army_ownership(box: Box) -> None:
    me = box.me(0)
    assert box.act(0, {"act": "army", "army": 1, "suits": ["S", "H"]}).get_json()["error"]["code"] == (
        "not_your_army"
    )
    assert box.act(0, {"act": "army", "army": 1, "suits": ["S", "H"]}).status_code == 409
    assert box.act(0, {"act": "army", "army": 7, "suits": ["S", "H"]}).status_code == 409
    assert box.act(0, {"act": "army", "army": "0", "suits": ["S", "H"]}).status_code == 400
    assert box.act(0, {"act": "fly"}).status_code == 400
    assert box.act(0, {"act": "army", "suits": ["S", "X"]}).status_code == 400
    r = box.act(0, {"act": "accuse", "card": 0, "target": [1, 0]})  # nobody accuses during setup
    assert r.status_code == 409 and r.get_json()["ok"] is False
    assert box.public()["version"] == 0
    # the army may be left out with one army per seat
    move = me["moves"][0]
    body = {"act": "army", "suits": move["suits"][0]} if "suits" in move else {"act": "army", "red": []}
    r = box.act(0, body)
    assert r.status_code == 200 and r.get_json()["me"]["armies"][0]["chosen"]


def test_two_players_each_seat_plays_two_armies(tmp_path: Path) -> None:
    table = _open(tmp_path, players=2)
    try:
        box = Box(table)
        me = box.me(1)
        assert [a["army"] for a in me["armies"]] == [1, 3]
        assert {m["army"] for m in me["moves"]} == {1, 3}
        r = box.act(1, {"act": "army", "suits": ["S", "H"]})  # which of the two?
        assert r.status_code == 400 and "army" in r.get_json()["error"]["message"]
        assert box.act(1, {"act": "army", "army": 0, "suits": ["S", "H"]}).status_code == 409
        box.play_until(lambda v: v["over"], random.Random(5))
        view = box.public()
        assert view["over"] and len(view["winners"]) == 2
        state, _ = _replay(tmp_path / FILENAME)
        assert rules_part(view) == rules_part(rules.public_view(state))
    finally:
        table.stop()


def _press(table: Table, seat: int) -> Any:
    reply = table.pad_waiter(seat, "reveal")
    table.press(seat, "reveal")
    outcome = reply.wait(10.0)
    assert outcome is not None
    return outcome


def test_a_pad_press_ends_the_turn_after_a_win_and_is_refused_otherwise(tmp_path: Path) -> None:
    table = _open(tmp_path, pads="mock")
    try:
        box = Box(table)
        refused = _press(table, 0)
        assert not refused.ok and refused.code == "nothing_to_end"
        assert table.snapshot().pad_refusals[0] == 1 and table.snapshot().version == 0
        rng = random.Random(11)
        # random moves, but never a hide or an end: stop at the first won accusation
        for _ in range(500):
            view = box.public()
            if view["phase"] == "after_win":
                break
            seat = view["awaiting"][0]
            body = random_action(box.me(seat), rng)
            assert body is not None
            assert box.act(seat, body).status_code == 200
        view = box.public()
        assert view["phase"] == "after_win"
        attacker = view["army_seats"][view["turn"]]
        other = (attacker + 1) % 3
        assert not _press(table, other).ok  # not your turn: refused, flashes the other pad
        lights = table_rules("betrayal").pad_lights(view, 3)
        assert lights[attacker] == "wait" and lights[other] == "off"
        done = _press(table, attacker)
        assert done.ok
        after = box.public()
        assert after["version"] == view["version"] + 1 and after["phase"] != "after_win"
        _, sources = _replay(tmp_path / FILENAME)
        assert sources[-1] == "pad"
        j = Journal.open(tmp_path / FILENAME)
        assert j.load().actions[-1] == {"army": view["turn"], "act": "end"}
        j.close()
    finally:
        table.stop()


@pytest.fixture
def one_second(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("controller.table.shotclock.MIN_SECONDS", 1)
    return 1


def test_the_shot_clock_forces_random_legal_moves_and_logs_them(tmp_path: Path, one_second: int) -> None:
    table = _open(tmp_path)
    try:
        Box(table)  # every seat taken: the setup runs on the clock
        assert table.host_setting("clock", 1).ok
        # nobody moves: the setup is forced for all three, then a turn, then the clock pauses
        snap = _wait(table, lambda s: s.version >= 4, 15)
        assert snap.public["phase"] != "setup"
        lines = [line for line in snap.log if "(forced)" in line]
        assert lines and lines[0].startswith("Out of time for army ")
        feeds = [f["text"] for seat in range(3) for f in snap.seats[seat]["feed"]]
        assert any(t.startswith("Time ran out:") for t in feeds)
    finally:
        table.stop()
    state, sources = _replay(tmp_path / FILENAME)
    assert sources[:3] == ["clock"] * 3 and state.version >= 4


def test_restart_resumes_the_betrayal_game_with_its_seats(tmp_path: Path) -> None:
    table = _open(tmp_path)
    box = Box(table)
    rng = random.Random(8)
    for _ in range(20):
        box.random_move(rng)
    before = table.snapshot()
    table.stop()
    # the flags ask for J'Accuse, unasked: the journal's game wins, with a note
    table = Table.open(TableConfig(data_dir=tmp_path, players=6))
    try:
        snap = table.snapshot()
        assert table.game_name == "betrayal" and snap.public["game"] == "betrayal"
        assert snap.public == before.public and snap.seats == before.seats
        assert "resumed the 3-player game of betrayal at move 20" in snap.status
        assert table.authenticate(box.tokens[2]) == 2
    finally:
        table.stop()


def test_the_host_deals_another_game_and_seat_count(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5)
    try:
        box = Box(table)
        host = {"X-Host-Key": HOST_KEY}
        r = box.client.post("/api/host/new-game", json={"game": "jaccuse", "players": 3}, headers=host)
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_game"
        r = box.client.post("/api/host/new-game", json={"game": "chess"}, headers=host)
        assert r.status_code == 400
        r = box.client.post("/api/host/new-game", json={"players": 3}, headers=host)
        assert r.status_code == 200 and r.get_json()["players"] == 3
        assert table.players == 3 and box.public()["players"] == 3
        assert table.authenticate(box.tokens[4]) is None and table.authenticate(box.tokens[2]) == 2
        r = box.client.post("/api/host/new-game", json={"game": "jaccuse", "players": 5}, headers=host)
        assert r.status_code == 200 and r.get_json()["game_name"] == "jaccuse"
        view = box.public()
        assert view["game"] == "jaccuse" and view["players"] == 5 and "stability" in view
        # seats 3 and 4 were released when the table shrank: their old tokens stay dead
        assert table.authenticate(box.tokens[4]) is None and table.snapshot().claimed[3:] == (None, None)
    finally:
        table.stop()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert table.game_name == "jaccuse" and table.authenticate(box.tokens[4]) is None
        assert table.authenticate(box.tokens[0]) == 0
    finally:
        table.stop()


def test_the_flags_asking_for_another_game_stop_the_resume(tmp_path: Path) -> None:
    from controller.table import GameMismatch

    _open(tmp_path).stop()
    with pytest.raises(GameMismatch, match=r"game of betrayal .* add --new-game"):
        Table.open(TableConfig(data_dir=tmp_path, players=3, game="jaccuse",
                               require_match=frozenset({"game"})))
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, game="jaccuse", new_game=True,
                                   require_match=frozenset({"game", "players"})))
    try:
        assert table.game_name == "jaccuse" and table.players == 5
    finally:
        table.stop()


def test_bots_play_a_betrayal_table_to_the_end(tmp_path: Path) -> None:
    table = _open(tmp_path, players=4, bots=4, bot_delay=0.0)
    try:
        snap = _wait(table, lambda s: s.public["over"], 60)
        assert snap.public["winner_side"] in ("traitor", "loyal")
    finally:
        table.stop()
    state, sources = _replay(tmp_path / FILENAME)
    assert state.over and set(sources) == {"bot"}


def test_the_host_state_names_the_game_and_the_games_it_can_deal(box: Box) -> None:
    state = box.client.get("/api/host/state", headers={"X-Host-Key": HOST_KEY}).get_json()
    assert state["game_name"] == "betrayal"
    assert state["games"]["betrayal"] == {"title": "Betrayal", "min_players": 2, "max_players": 8}
    assert state["games"]["jaccuse"] == {"title": "J'Accuse", "min_players": 5, "max_players": 14}
