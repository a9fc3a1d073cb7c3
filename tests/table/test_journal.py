"""The journal file: durable settings, round trips, and damaged files moved aside (never overwritten)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

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


def test_unreplayable_journal_moved_aside(tmp_path: Path) -> None:
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=1))
    table.stop()
    conn = sqlite3.connect(tmp_path / FILENAME)
    conn.execute(
        'INSERT INTO actions (seq, action, source, at) VALUES (1, \'{"seat":0,"act":"pass"}\', \'\', 0)'
    )
    conn.commit()
    conn.close()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert "journal recovered" in table.snapshot().status
        assert table.snapshot().version == 0
        assert list(tmp_path.glob(FILENAME + ".broken-*"))
    finally:
        table.stop()


def test_journal_players_win(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Table.open(TableConfig(data_dir=tmp_path, players=7, seed=3)).stop()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert table.players == 7 and table.snapshot().public["players"] == 7
        assert "--players 5 ignored" in capsys.readouterr().err
    finally:
        table.stop()
