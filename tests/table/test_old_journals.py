"""Journals written by the build before issue 13 (a crisis used to end a generation at the accusation).

The games in ``old_journals/`` were played through that build's rules (``make_old_journals.py`` says
how). Opened now, their actions replay under ruling R17 as clarified: a single game that had ended at
the crisis asks the third target for its membership card and goes on; a campaign whose next generation
had already been dealt resumes at the accusation, and the actions that no longer apply are kept in the
journal's ``set_aside`` table. Neither is treated as damage, and the box starts.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from controller.games import jaccuse as rules
from controller.table import Journal, Table, TableConfig
from controller.table.journal import FILENAME

HERE = Path(__file__).resolve().parent / "old_journals"

# the schema of the build before issue 13, as it wrote it
OLD_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE actions (seq INTEGER PRIMARY KEY, action TEXT NOT NULL, source TEXT NOT NULL DEFAULT '',
                      at REAL NOT NULL);
CREATE TABLE finished (game INTEGER PRIMARY KEY AUTOINCREMENT, meta TEXT NOT NULL, actions TEXT NOT NULL,
                       at REAL NOT NULL);
CREATE TABLE seats (seat INTEGER PRIMARY KEY, token_hash TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'phone',
                    at REAL NOT NULL);
"""


def write_old_journal(data_dir: Path, name: str, seats: dict[int, str] | None = None) -> dict[str, Any]:
    """The SQLite journal the old build kept for the game in ``old_journals/NAME.json``."""
    game = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    data_dir.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(data_dir / FILENAME, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(OLD_SCHEMA)
    meta = {"format": "1", "players": str(game["players"]), "deal": json.dumps(game["deal"]),
            "created": "1700000000.0"}
    if "campaign" in game:
        meta["campaign"] = json.dumps(game["campaign"])
    conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    rows = [(n, json.dumps(a, separators=(",", ":")), "phone", time.time())
            for n, a in enumerate(game["actions"], 1)]
    conn.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)", rows)
    for seat, token_hash in (seats or {}).items():
        conn.execute("INSERT INTO seats VALUES (?, ?, 'phone', 0)", (seat, token_hash))
    conn.close()
    return game


def _act(table: Table, seat: int, act: str, **keys: Any) -> None:
    outcome = table.submit_action(seat, rules.Action.from_dict({"seat": seat, "act": act, **keys}))
    assert outcome.ok, outcome


def test_a_single_game_ended_by_a_crisis_now_asks_for_the_membership_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from controller.table import hash_token

    game = write_old_journal(tmp_path, "single-ended-by-crisis", seats={4: hash_token("seat-four")})
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))
    table.start()
    try:
        snap = table.snapshot()
        # every journaled action replays: nothing is set aside, nothing is moved
        assert snap.version == len(game["actions"])
        assert snap.status == (f"resumed the 5-player game at move {snap.version}",)
        assert not list(tmp_path.glob(FILENAME + ".broken-*"))
        assert capsys.readouterr().err == ""
        view = snap.public
        assert not view["over"] and view["phase"] == "replace_membership"
        assert view["awaiting"] == [4] and view["stability"] == 5
        assert table.authenticate("seat-four") == 4
        _act(table, 4, "membership", card="7H")
        snap = table.snapshot()
        assert snap.public["over"] and snap.public["winning_color"] == "red"
        assert snap.public["stability"] == 4
        assert snap.public["reveal"]["membership"][4] == "7H"
        assert snap.log[-3:] == (
            "Seat 4 placed a membership card.",
            "Crisis: third wrong accusation; stability 5 -> 4.",
            "Red wins the game. Winners: seat 0.",
        )
    finally:
        table.stop()
    # the new action took the next number: the journal replays to the same end
    journal = Journal.open(tmp_path / FILENAME)
    try:
        record = journal.load()
        assert len(record.actions) == len(game["actions"]) + 1 and record.unreadable is None
    finally:
        journal.close()


def test_a_campaign_whose_next_generation_had_begun_resumes_at_the_crisis_and_keeps_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_old_journal(tmp_path, "campaign-next-generation-begun")
    actions = game["actions"]
    accusation = next(n for n, a in enumerate(actions, 1) if a == {
        "seat": 3, "act": "accuse", "target": 4, "color": "black"})
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, campaign=2))
    table.start()
    try:
        snap = table.snapshot()
        assert snap.version == accusation
        assert snap.public["phase"] == "replace_membership" and snap.public["awaiting"] == [4]
        assert snap.public["campaign"]["generation"] == 1
        tail = len(actions) - accusation
        assert snap.status == (f"resumed at move {accusation}: {tail} later action(s) set aside",)
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1
        assert f"action {accusation + 1} is refused by this version's rules (not_your_turn)" in err[0]
        assert not list(tmp_path.glob(FILENAME + ".broken-*"))
        # the game goes on: the target places its card, the crisis ends generation 1, generation 2 deals
        _act(table, 4, "membership", card="7H")
        view = table.snapshot().public
        assert view["campaign"]["generation"] == 2 and view["phase"] == "setup"
        assert view["campaign"]["history"][0]["membership"][4] == "7H"
        assert view["version"] == accusation + 1
    finally:
        table.stop()
    # nothing is lost: the old tail is kept, in order, with the reason
    conn = sqlite3.connect(tmp_path / FILENAME)
    try:
        kept = conn.execute("SELECT seq, action, reason, game FROM set_aside ORDER BY seq").fetchall()
    finally:
        conn.close()
    assert [seq for seq, *_ in kept] == list(range(accusation + 1, len(actions) + 1))
    assert [json.loads(text) for _, text, *_ in kept] == actions[accusation:]
    assert all("not_your_turn" in reason for *_, reason, _ in kept)
    assert {g for *_, g in kept} == {"1700000000.0"}
    # and a restart resumes where the table is now, with nothing more to set aside
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, campaign=2))
    try:
        assert table.snapshot().version == accusation + 1
        resumed = f"resumed the 5-player 2-generation campaign at move {accusation + 1}"
        assert table.snapshot().status == (resumed,)
    finally:
        table.stop()
