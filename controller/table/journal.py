"""The table's journal: one SQLite file in the data dir that makes a game survive any stop.

What is stored:

- ``meta``: key/value rows -- ``format``, ``players``, ``deal`` (the replay contract's deal object, as
  JSON), ``seed`` (only when one was given; it never leaves this file) and ``created``. A campaign adds
  ``campaign``: JSON ``{"generations": G, "deals": [...]}`` with the deals of generations 2..G (each a
  full deal object; their network is the first deal's). A journal without that row is a single game, so
  journals written before campaigns existed read as they always did.
- ``actions``: ``seq`` (1, 2, 3, ... -- equal to the public ``version`` after that action), the action
  in the replay contract's dict form (JSON), who sent it (``phone``, ``pad``, ``bot``) and when.
- ``finished``: earlier games of this table (meta and actions as JSON), kept when the host starts a
  new game.
- ``seats``: one row per claimed seat: the SHA-256 of its token (never the token itself), who holds it
  (``phone`` or ``bot``) and when it was claimed.

The game state is never stored: it is ``fold(apply, deal, actions)``, rebuilt on every start.

Durability: WAL mode with ``synchronous=FULL``, and one transaction per accepted action or seat change.
The table acknowledges a request only after that transaction has committed, so an acknowledged action
survives kill -9 and power loss.

Only the table loop thread writes. The connection is opened with ``check_same_thread=False`` because it
is created on the starting thread and then handed to the loop; it is never used by two threads at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILENAME = "journal.sqlite3"
FORMAT = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    seq    INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    at     REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS finished (
    game    INTEGER PRIMARY KEY AUTOINCREMENT,
    meta    TEXT NOT NULL,
    actions TEXT NOT NULL,
    at      REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    seat       INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL,
    kind       TEXT NOT NULL DEFAULT 'phone',
    at         REAL NOT NULL
);
"""


class JournalError(Exception):
    """The journal cannot be read or written."""


class CorruptJournal(JournalError):
    """The journal file exists but is damaged or not a journal of this program."""


@dataclass
class GameRecord:
    """Everything a journal holds about the current game."""

    players: int
    deal: dict[str, Any]
    seed: int | None
    campaign: dict[str, Any] | None = None  # {"generations": G, "deals": [deal, ...]} or None
    actions: list[dict[str, Any]] = field(default_factory=list)
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (token_hash, kind)


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10.0)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    # The journal is appended to and read once at start-up: a small page cache does, and keeps SQLite's
    # default (up to 2 MB, filled as the file grows over an evening) out of the box's memory.
    conn.execute("PRAGMA cache_size=-256")
    return conn


class Journal:
    """An open journal file. Create with :meth:`open`; write only from the table loop."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self._conn = conn

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: Path) -> Journal:
        """Open (or create) the journal at ``path`` and check it.

        Raises :class:`CorruptJournal` when the file is unreadable, fails ``PRAGMA integrity_check``, or
        has a schema or meta rows this program cannot read. The caller decides what to do then (see
        :func:`move_aside`); this never deletes or overwrites anything.
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            # the file holds the shuffle seed and token hashes: readable by the owner only
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            conn = _connect(path)
        except sqlite3.Error as exc:
            raise CorruptJournal(f"cannot open {path}: {exc}") from exc
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                detail = "; ".join(str(r[0]) for r in rows[:3])
                raise CorruptJournal(f"integrity check failed: {detail}")
            conn.executescript(_SCHEMA)
            journal = cls(path, conn)
            journal._check_meta()
        except CorruptJournal:
            conn.close()
            raise
        except (sqlite3.Error, ValueError, TypeError) as exc:
            conn.close()
            raise CorruptJournal(f"unreadable journal: {exc}") from exc
        return journal

    def _check_meta(self) -> None:
        meta = self._meta()
        if not meta:
            return
        fmt = meta.get("format")
        if fmt != str(FORMAT):
            raise CorruptJournal(f"unknown journal format {fmt!r}")
        if "players" not in meta or "deal" not in meta:
            raise CorruptJournal("journal meta lacks players or deal")
        int(meta["players"])
        json.loads(meta["deal"])
        if "campaign" in meta:
            _check_campaign(json.loads(meta["campaign"]))

    def _meta(self) -> dict[str, str]:
        return {k: v for k, v in self._conn.execute("SELECT key, value FROM meta")}

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()

    # ------------------------------------------------------------------ reading
    def has_game(self) -> bool:
        return "players" in self._meta()

    def load(self) -> GameRecord:
        """Read the whole game; raises :class:`CorruptJournal` on anything unreadable."""
        try:
            meta = self._meta()
            seed = meta.get("seed")
            record = GameRecord(
                players=int(meta["players"]),
                deal=json.loads(meta["deal"]),
                seed=int(seed) if seed is not None else None,
                campaign=_check_campaign(json.loads(meta["campaign"])) if "campaign" in meta else None,
            )
            expected = 1
            for seq, text in self._conn.execute("SELECT seq, action FROM actions ORDER BY seq"):
                if seq != expected:
                    raise CorruptJournal(f"action {expected} is missing from the journal")
                action = json.loads(text)
                if not isinstance(action, dict):
                    raise CorruptJournal(f"action {seq} is not an object")
                record.actions.append(action)
                expected += 1
            for seat, token_hash, kind in self._conn.execute("SELECT seat, token_hash, kind FROM seats"):
                record.seats[int(seat)] = (str(token_hash), str(kind))
        except CorruptJournal:
            raise
        except (sqlite3.Error, KeyError, ValueError, TypeError) as exc:
            raise CorruptJournal(f"unreadable journal: {exc}") from exc
        return record

    def action_count(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])

    # ------------------------------------------------------------------ writing
    def _transaction(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            for sql, params in statements:
                conn.execute(sql, params)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise JournalError(str(exc)) from exc

    def start_game(
        self, players: int, deal: dict[str, Any], seed: int | None, campaign: dict[str, Any] | None = None
    ) -> None:
        """Record a new game (or campaign) in an empty journal (one transaction)."""
        rows: list[tuple[str, tuple[Any, ...]]] = [
            ("DELETE FROM meta", ()),
            ("DELETE FROM actions", ()),
            ("DELETE FROM seats", ()),
        ]
        meta = _new_meta(players, deal, seed, campaign)
        rows += [("INSERT INTO meta (key, value) VALUES (?, ?)", (k, v)) for k, v in meta.items()]
        self._transaction(rows)

    def next_game(
        self, players: int, deal: dict[str, Any], seed: int | None, campaign: dict[str, Any] | None = None
    ) -> None:
        """Archive the current game into ``finished`` and start a new one, keeping the seats (atomic)."""
        meta = self._meta()
        actions = [json.loads(a) for (a,) in self._conn.execute("SELECT action FROM actions ORDER BY seq")]
        new_meta = _new_meta(players, deal, seed, campaign)
        rows: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO finished (meta, actions, at) VALUES (?, ?, ?)",
                (json.dumps(meta), json.dumps(actions), time.time()),
            ),
            ("DELETE FROM meta", ()),
            ("DELETE FROM actions", ()),
        ]
        rows += [("INSERT INTO meta (key, value) VALUES (?, ?)", (k, v)) for k, v in new_meta.items()]
        self._transaction(rows)

    def games_played(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM finished").fetchone()[0])

    def append(self, seq: int, action: dict[str, Any], source: str) -> None:
        """Durably add accepted action number ``seq``; returns only after the commit."""
        self._transaction(
            [
                (
                    "INSERT INTO actions (seq, action, source, at) VALUES (?, ?, ?, ?)",
                    (seq, json.dumps(action, separators=(",", ":")), source, time.time()),
                )
            ]
        )

    def claim_seat(self, seat: int, token_hash: str, kind: str) -> None:
        self._transaction(
            [
                (
                    "INSERT INTO seats (seat, token_hash, kind, at) VALUES (?, ?, ?, ?)",
                    (seat, token_hash, kind, time.time()),
                )
            ]
        )

    def release_seat(self, seat: int) -> None:
        self._transaction([("DELETE FROM seats WHERE seat = ?", (seat,))])


def _new_meta(
    players: int, deal: dict[str, Any], seed: int | None, campaign: dict[str, Any] | None
) -> dict[str, str]:
    meta = {
        "format": str(FORMAT),
        "players": str(players),
        "deal": json.dumps(deal),
        "created": str(time.time()),
    }
    if seed is not None:
        meta["seed"] = str(seed)
    if campaign is not None:
        meta["campaign"] = json.dumps(_check_campaign(campaign))
    return meta


def _check_campaign(data: object) -> dict[str, Any]:
    """The shape of the ``campaign`` meta row (the rules check the deals themselves on replay)."""
    if not isinstance(data, dict):
        raise ValueError("campaign meta is not an object")
    generations, deals = data.get("generations"), data.get("deals")
    if isinstance(generations, bool) or not isinstance(generations, int):
        raise ValueError("campaign meta lacks a whole number of generations")
    if not isinstance(deals, list) or len(deals) != generations - 1:
        raise ValueError("campaign meta does not hold one deal per later generation")
    return {"generations": generations, "deals": deals}


def move_aside(path: Path) -> Path:
    """Rename a damaged journal (and its -wal/-shm companions) out of the way; returns the new name.

    Nothing is deleted: the old file stays next to the new journal for a post-mortem.
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, target.with_name(target.name + suffix))
    if path.exists():
        os.replace(path, target)
    return target
