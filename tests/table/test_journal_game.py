"""The journal names its game; one written before the box played more than one game holds J'Accuse."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from test_old_journals import write_old_journal

from controller.table import GameMismatch, Journal, Table, TableConfig
from controller.table.journal import FILENAME


def _meta(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.close()


def test_an_old_journal_without_a_game_row_is_jaccuse(tmp_path: Path) -> None:
    write_old_journal(tmp_path, "single-ended-by-crisis")
    assert "game" not in _meta(tmp_path / FILENAME)
    journal = Journal.open(tmp_path / FILENAME)
    try:
        assert journal.load().game == "jaccuse"
    finally:
        journal.close()
    # a Betrayal box asked for explicitly does not take it for its own
    with pytest.raises(GameMismatch, match="game of jaccuse"):
        Table.open(TableConfig(data_dir=tmp_path, players=5, game="betrayal",
                               require_match=frozenset({"game"})))
    # unasked, the journal's game wins: J'Accuse, as the views say
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, game="betrayal"))
    try:
        assert table.game_name == "jaccuse" and table.snapshot().public["game"] == "jaccuse"
        assert "stability" in table.snapshot().public
    finally:
        table.stop()
    assert "game" not in _meta(tmp_path / FILENAME)  # resuming does not rewrite the old meta


def test_a_new_journal_records_its_game(tmp_path: Path) -> None:
    for game, players in (("jaccuse", 5), ("betrayal", 3), ("hasty", 4)):
        data = tmp_path / game
        Table.open(TableConfig(data_dir=data, players=players, game=game)).stop()
        assert _meta(data / FILENAME)["game"] == game


def test_a_journal_of_a_game_this_box_does_not_play_is_moved_aside(tmp_path: Path) -> None:
    Table.open(TableConfig(data_dir=tmp_path, players=5)).stop()
    conn = sqlite3.connect(tmp_path / FILENAME)
    conn.execute("UPDATE meta SET value = 'chess' WHERE key = 'game'")
    conn.commit()
    conn.close()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    try:
        assert "journal recovered" in table.snapshot().status
        assert list(tmp_path.glob(FILENAME + ".broken-*"))
    finally:
        table.stop()
