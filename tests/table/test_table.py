"""The table loop: single writer, journal before acknowledgement, resume, seats, bots and fan-out."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

from controller.games import jaccuse as rules
from controller.table import Journal, Table, TableConfig, rules_part
from controller.table.journal import FILENAME


def _open(tmp_path: Path, **kw: object) -> Table:
    cfg = {"data_dir": tmp_path, "players": 5, "seed": 11} | kw
    table = Table.open(TableConfig(**cfg))  # type: ignore[arg-type]
    table.start()
    return table


def _membership(table: Table, seat: int) -> rules.Action:
    card = table.snapshot().seats[seat]["hand"][0]
    return rules.Action(seat=seat, act="membership", card=card)


def _replay(path: Path) -> rules.GameState:
    j = Journal.open(path)
    rec = j.load()
    j.close()
    state = rules.new_game(rules.Deal.from_dict(rec.players, rec.deal))
    for data in rec.actions:
        result = rules.apply(state, rules.Action.from_dict(data))
        assert isinstance(result, rules.Accepted)
        state = result.state
    return state


def test_accept_journals_before_answer_and_refuse_changes_nothing(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        out = table.submit_action(0, _membership(table, 0))
        assert out.ok and out.data["me"]["table"]["version"] == 1
        # the action is committed by the time the answer arrives: a second connection sees it
        j = Journal.open(tmp_path / FILENAME)
        assert j.action_count() == 1
        j.close()
        refused = table.submit_action(0, rules.Action(seat=0, act="pass"))
        assert not refused.ok and refused.status == 409 and refused.code
        assert table.snapshot().version == 1
    finally:
        table.stop()


def test_pads_decide_refuses_phone_presses(tmp_path: Path) -> None:
    table = _open(tmp_path, pads="mock")
    try:
        out = table.submit_action(0, rules.Action(seat=0, act="abstain"))
        assert out.status == 409 and out.code == "pads_decide"
    finally:
        table.stop()


def test_seat_tokens_survive_restart_and_release(tmp_path: Path) -> None:
    table = _open(tmp_path)
    tok = table.join(2).data["token"]
    assert len(tok) >= 43  # 32 random bytes
    assert table.join(2).status == 409
    assert table.join(9).status == 404
    assert table.authenticate(tok) == 2
    assert table.authenticate(tok + "x") is None and table.authenticate(None) is None
    table.stop()
    table = _open(tmp_path)
    try:
        assert table.authenticate(tok) == 2
        assert table.release(2).ok
        assert table.authenticate(tok) is None
        assert table.release(2).status == 409
        assert table.join(2).ok
    finally:
        table.stop()
    raw = (tmp_path / FILENAME).read_bytes()
    assert tok.encode() not in raw  # only the hash is stored


def test_bots_play_and_resume_rebuilds_exactly(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=5, bot_delay=0.0005)
    deadline = time.monotonic() + 20
    while not table.snapshot().public["over"] and time.monotonic() < deadline:
        table.wait_for_change(table.snapshot().serial, 0.5)
    before = table.snapshot()
    table.stop()
    assert before.public["over"]
    assert before.claimed == ("bot",) * 5
    again = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        snap = again.snapshot()
        assert snap.public == before.public
        assert snap.seats == before.seats
        state = _replay(tmp_path / FILENAME)
        assert rules.public_view(state) == rules_part(snap.public)
    finally:
        again.stop()


def test_concurrent_submits_equal_sequential_replay(tmp_path: Path) -> None:
    table = _open(tmp_path)
    acked: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(60):
            seat = rng.randrange(5)
            me = table.snapshot().seats[seat]
            if not me["moves"]:
                continue
            move = rng.choice(me["moves"])
            data: dict = {"act": move["act"]}
            if "cards" in move and move["cards"] and move["act"] in ("membership", "vote", "defect", "enact"):
                data["card"] = rng.choice(move["cards"])
            action = (
                rules.Action.from_dict(data, seat=seat)
                if move["act"] in ("membership", "vote", "defect", "enact", "reveal", "abstain", "pass")
                else None
            )
            if action is None:
                continue
            out = table.submit_action(seat, action)
            if out.ok:
                with lock:
                    acked.append((out.data["me"]["table"]["version"], action.to_dict()))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = table.snapshot()
    table.stop()
    versions = sorted(v for v, _ in acked)
    assert versions == list(range(1, final.version + 1))
    j = Journal.open(tmp_path / FILENAME)
    rec = j.load()
    j.close()
    for v, action in acked:
        assert rec.actions[v - 1] == action
    assert rules.public_view(_replay(tmp_path / FILENAME)) == rules_part(final.public)


def test_waiters_get_latest_and_stop_wakes_them(tmp_path: Path) -> None:
    table = _open(tmp_path)
    first = table.snapshot()
    for seat in range(5):
        table.submit_action(seat, _membership(table, seat))
    latest = table.wait_for_change(first.serial, 1.0)
    assert latest.version == 5  # a late reader skips straight to the newest view
    woke = threading.Event()

    def waiter() -> None:
        snap = table.wait_for_change(table.snapshot().serial, 30)
        if snap.closed:
            woke.set()

    t = threading.Thread(target=waiter)
    t.start()
    time.sleep(0.05)
    table.stop()
    t.join(2)
    assert woke.is_set()
    assert table.submit_action(0, rules.Action(seat=0, act="pass")).status == 503


def test_pad_press_is_a_command(tmp_path: Path) -> None:
    table = _open(tmp_path, pads="mock")
    try:
        for seat in range(5):
            table.submit_action(seat, _membership(table, seat))
        reply = table.pad_waiter(1, "abstain")
        table.press(1, "abstain")
        out = reply.wait(2)
        assert out is not None and out.ok
        assert 1 in table.snapshot().public["pressed"]
        reply = table.pad_waiter(1, "abstain")
        table.press(1, "abstain")  # already pressed this round: refused, LED flash counter rises
        out = reply.wait(2)
        assert out is not None and not out.ok
        assert table.snapshot().pad_refusals[1] == 1
        j = Journal.open(tmp_path / FILENAME)
        sources = [r[0] for r in j._conn.execute("SELECT source FROM actions ORDER BY seq")]
        j.close()
        assert sources[-1] == "pad"
        assert json.dumps(table.snapshot().public).find("seed") == -1
    finally:
        table.stop()


def test_the_loop_itself_pings_the_watchdog(tmp_path: Path) -> None:
    pings: list[str] = []
    table = _open(tmp_path, watchdog=lambda: pings.append(threading.current_thread().name),
                  watchdog_every=0.02)
    try:
        deadline = time.monotonic() + 5
        while len(pings) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(pings) >= 3 and set(pings) == {"table-loop"}
        # pings do not get in the way of commands
        assert table.submit_action(0, _membership(table, 0)).ok
    finally:
        table.stop()


def test_play_again_only_once_the_game_is_over(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        refused = table.new_game(only_if_over=True)
        assert (refused.ok, refused.code) == (False, "not_over")
        assert table.snapshot().game == 1
        assert table.new_game().ok  # the host may end a game at any moment
        assert table.snapshot().game == 2
    finally:
        table.stop()
