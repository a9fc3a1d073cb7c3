"""The journal file: durable settings, round trips, and damaged files moved aside (never overwritten)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from controller.games import jaccuse as rules
from controller.table import CorruptJournal, Journal, Table, TableConfig
from controller.table.journal import FILENAME, move_aside


def test_pragmas_and_round_trip(tmp_path: Path) -> None:
    j = Journal.open(tmp_path / FILENAME)
    assert not j.has_game()
    j.start_game(5, {"hands": [], "network": [], "discard": []}, 7)
    j.append(1, {"seat": 0, "act": "pass"}, "phone")
    j.append(2, {"seat": 1, "act": "abstain"}, "pad")
    j.claim_seat(3, "ab" * 32, "phone")
    assert j._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    j.close()
    j = Journal.open(tmp_path / FILENAME)
    rec = j.load()
    assert rec.players == 5 and rec.seed == 7
    assert rec.actions == [{"seat": 0, "act": "pass"}, {"seat": 1, "act": "abstain"}]
    assert rec.seats == {3: ("ab" * 32, "phone")}
    j.release_seat(3)
    assert j.load().seats == {}
    j.close()


def test_garbage_file_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / FILENAME
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(CorruptJournal):
        Journal.open(path)
    assert path.read_bytes().startswith(b"this is not")  # untouched


def test_move_aside_keeps_companions(tmp_path: Path) -> None:
    path = tmp_path / FILENAME
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).write_text("x")
    target = move_aside(path)
    assert not path.exists()
    assert target.exists() and target.with_name(target.name + "-wal").exists()
    assert move_aside(path) != target  # nothing left: still a fresh name, nothing overwritten


def test_corrupt_journal_recovered_with_new_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / FILENAME).write_bytes(b"\x00garbage" * 500)
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        snap = table.snapshot()
        assert "journal recovered" in snap.status
        assert snap.version == 0
        broken = list(tmp_path.glob(FILENAME + ".broken-*"))
        assert len(broken) == 1 and broken[0].read_bytes().startswith(b"\x00garbage")
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "moved to" in err[0]
    finally:
        table.stop()


def test_truncated_database_recovered(tmp_path: Path) -> None:
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=1))
    table.stop()
    path = tmp_path / FILENAME
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * 200 + data[300:])  # smash the header and first page
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert "journal recovered" in table.snapshot().status
    finally:
        table.stop()


def _journal_with_moves(tmp_path: Path, moves: int = 3) -> list[str]:
    """A journal holding ``moves`` accepted memberships; returns the seat tokens of seats 0 and 1."""
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=1))
    table.start()
    tokens = [table.join(0).data["token"], table.join(1).data["token"]]
    for seat in range(moves):
        card = table.snapshot().seats[seat]["hand"][0]
        assert table.submit_action(seat, rules.Action(seat=seat, act="membership", card=card)).ok
    table.stop()
    return tokens


def _edit(path: Path, sql: str, rows: list[tuple[object, ...]] | None = None) -> None:
    """Change a journal by hand, as someone with the sqlite3 shell would."""
    conn = sqlite3.connect(path)
    try:
        conn.executemany(sql, rows) if rows is not None else conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


def _query(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _add_rows(tmp_path: Path, *rows: tuple[int, str]) -> None:
    insert = "INSERT INTO actions (seq, action, source, at) VALUES (?, ?, 'hand', 0)"
    _edit(tmp_path / FILENAME, insert, list(rows))


def _set_aside(tmp_path: Path) -> list[tuple[object, ...]]:
    return _query(tmp_path / FILENAME, "SELECT seq, action, reason FROM set_aside ORDER BY seq")


def test_a_refused_action_sets_the_tail_aside_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # (this used to move the whole journal aside and deal a new game; issue 13 keeps the game)
    tokens = _journal_with_moves(tmp_path)
    _add_rows(tmp_path, (4, '{"seat":0,"act":"pass"}'), (5, '{"seat":4,"act":"abstain"}'))
    capsys.readouterr()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        snap = table.snapshot()
        assert snap.version == 3 and snap.status == ("resumed at move 3: 2 later action(s) set aside",)
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "action 4 is refused" in err[0] and "set_aside" in err[0]
        assert table.authenticate(tokens[1]) == 1  # the seats are kept too
        assert not list(tmp_path.glob(FILENAME + ".broken-*"))
    finally:
        table.stop()
    assert [(seq, text) for seq, text, _ in _set_aside(tmp_path)] == [
        (4, '{"seat":0,"act":"pass"}'), (5, '{"seat":4,"act":"abstain"}')]


def test_a_deeply_nested_hand_edited_action_is_reported_once_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # json.loads raised RecursionError on every start before (issue 17 point 9)
    _journal_with_moves(tmp_path)
    nested = '{"seat":3,"act":"membership","card":' + "[" * 200_000 + "]" * 200_000 + "}"
    _add_rows(tmp_path, (4, nested))
    capsys.readouterr()
    for _ in range(2):  # and on the next start too: the game is at move 3, nothing more to report
        table = Table.open(TableConfig(data_dir=tmp_path, players=5))
        try:
            assert table.snapshot().version == 3
        finally:
            table.stop()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "action 4 is not a readable JSON object" in err[0]
    assert [(seq, len(text)) for seq, text, _ in _set_aside(tmp_path)] == [(4, len(nested))]


def test_a_nested_action_that_parses_but_is_no_action_is_set_aside(tmp_path: Path) -> None:
    _journal_with_moves(tmp_path)
    _add_rows(tmp_path, (4, '{"seat":3,"act":"membership","card":' + "[" * 500 + "]" * 500 + "}"))
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert table.snapshot().version == 3
        assert "1 later action(s) set aside" in table.snapshot().status[0]
    finally:
        table.stop()


def test_a_gap_in_the_actions_resumes_before_it(tmp_path: Path) -> None:
    _journal_with_moves(tmp_path)
    _add_rows(tmp_path, (5, '{"seat":3,"act":"membership","card":"2H"}'))
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert table.snapshot().version == 3
    finally:
        table.stop()
    assert [reason for *_, reason in _set_aside(tmp_path)] == ["action 4 is missing"]


def test_a_dropped_actions_table_is_damage_reported_in_one_line_and_the_file_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it used to be recreated empty: the game resumed silently at version 0 (issue 17 point 9)
    _journal_with_moves(tmp_path)
    _edit(tmp_path / FILENAME, "DROP TABLE actions")
    capsys.readouterr()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert "journal recovered" in table.snapshot().status
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "no actions table" in err[0] and "moved to" in err[0]
    finally:
        table.stop()
    (kept,) = tmp_path.glob(FILENAME + ".broken-*")
    assert _query(kept, "SELECT COUNT(*) FROM meta")[0][0] >= 3  # the deal is still there


def test_a_dropped_seats_table_keeps_the_game_and_says_seats_must_be_joined_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tokens = _journal_with_moves(tmp_path)
    _edit(tmp_path / FILENAME, "DROP TABLE seats")
    capsys.readouterr()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert table.snapshot().version == 3
        assert table.authenticate(tokens[0]) is None
        assert "journal had lost its seats table(s)" in table.snapshot().status
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "joined again" in err[0]
    finally:
        table.stop()


def test_meta_rows_gone_with_actions_left_is_damage_not_a_fresh_start(tmp_path: Path) -> None:
    # a fresh deal in that file would have deleted the actions: it is moved aside instead
    _journal_with_moves(tmp_path)
    _edit(tmp_path / FILENAME, "DELETE FROM meta")
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert "journal recovered" in table.snapshot().status
    finally:
        table.stop()
    (kept,) = tmp_path.glob(FILENAME + ".broken-*")
    assert _query(kept, "SELECT COUNT(*) FROM actions") == [(3,)]


def test_journal_players_win(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Table.open(TableConfig(data_dir=tmp_path, players=7, seed=3)).stop()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert table.players == 7 and table.snapshot().public["players"] == 7
        err = capsys.readouterr().err
        # no --players was given: the note says what is resumed and names no flag (issue 25)
        assert "holds a 7-player game: resuming it" in err and "--players" not in err
        assert table.snapshot().status == ("resumed the 7-player game",)
    finally:
        table.stop()
