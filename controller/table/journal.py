"""The table's journal: one SQLite file in the data dir that makes a game survive any stop.

What is stored:

- ``meta``: key/value rows -- ``format``, ``players``, ``deal`` (the replay contract's deal object, as
  JSON), ``seed`` (only when one was given; it never leaves this file) and ``created``. A campaign adds
  ``campaign``: JSON ``{"generations": G, "deals": [...]}`` with the deals of generations 2..G (each a
  full deal object; their network is the first deal's). A journal without that row is a single game, so
  journals written before campaigns existed read as they always did.
  ``game`` names the game (its name in controller.games.registry); a journal without it was written
  before the box played more than one game and holds the default game (config.DEFAULT_GAME).
- ``actions``: ``seq`` (1, 2, 3, ... -- equal to the public ``version`` after that action), the action
  in the replay contract's dict form (JSON), who sent it (``phone``, ``pad``, ``bot``) and when.
- ``finished``: earlier games of this table (meta and actions as JSON), kept when the host starts a
  new game; the meta then also holds ``names``, the seats' names as they were (a JSON list), and
  ``ended``, how it ended (``{"over", "winners", "moves"}``, see ``kept.ending``).
- ``seats``: one row per claimed seat: the SHA-256 of its token (never the token itself), who holds it
  (``phone`` or ``bot``) and when it was claimed.
- ``set_aside``: journaled actions that no longer replay (an older build's rules, a hand edit), moved out
  of ``actions`` so the game can go on from the last one that does. Kept, never deleted; each row says
  which game it came from (its ``created``), its old ``seq`` and why it was set aside.
- ``settings``: the table's own data, key/value, not part of any game: seat names (``name:S``), the shot
  clock (``clock_seconds`` and the running decision's ``clock_deadline``), the join code, the seat
  lock and the seats the bots play (``bots``, e.g. ``3,4``), so a restart keeps the bots; the "play
  again" ready check of a finished game (``play_again``, ``GAME:SEATS``, e.g. ``2:0,3``).
  A change is written in the same transaction as the action or claim that causes it.

The game state is never stored: it is ``fold(apply, deal, actions)``, rebuilt on every start.

Durability: WAL mode with ``synchronous=FULL``, and one transaction per accepted action or seat change.
The table acknowledges a request only after that transaction has committed, so an acknowledged action
survives kill -9 and power loss.

Only the table loop thread writes. The connection is opened with ``check_same_thread=False`` because it
is created on the starting thread and then handed to the loop; it is never used by two threads at once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller.games import registry
from controller.games.registry import DEFAULT_GAME

FILENAME = "journal.sqlite3"
FORMAT = 1
#: A settings row that says a box has the journal open. Every start writes it as "starting" into the
#: main file (a checkpoint), then as "running" into the -wal; a clean stop clears it. A main file that
#: says "starting" with no -wal beside it lost the -wal that held its latest moves (deleted, or only
#: the main file copied as a "backup"); one that says "running" had its -wal folded in (by SQLite, or
#: by someone reading the file after a crash), which loses nothing.
OPEN_MARK = "box_open"
OPEN_STARTING = "starting"

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
CREATE TABLE IF NOT EXISTS set_aside (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT NOT NULL,
    seq      INTEGER NOT NULL,
    action   TEXT NOT NULL,
    source   TEXT NOT NULL,
    at       REAL NOT NULL,
    reason   TEXT NOT NULL,
    moved_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
#: the tables a journal must hold once it holds a game; the others are recreated when missing
_ESSENTIAL = ("meta", "actions")
_TABLES = ("meta", "actions", "finished", "seats")

# SQLite's primary result codes that mean "the file cannot be used now", not "the file is damaged":
# BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, PERM (sqlite.org/rescode.html). A disk I/O
# error is among them: a full disk or a file size limit shows up as one while the -shm file is made.
_UNAVAILABLE_CODES = {5: "BUSY", 6: "LOCKED", 7: "NOMEM", 8: "READONLY", 10: "IOERR", 13: "FULL",
                      14: "CANTOPEN", 3: "PERM"}


#: settings to change: a value to store, or None to delete the key
Settings = Mapping[str, str | None] | None
#: one SQL statement and its parameters, for a transaction
Statement = tuple[str, tuple[Any, ...]]


class JournalError(Exception):
    """The journal cannot be read or written."""


class CorruptJournal(JournalError):
    """The journal file exists but is damaged or not a journal of this program."""


class JournalUnavailable(JournalError):
    """The journal cannot be used now (disk full, read-only, no permission): not damage.

    The file is left exactly as it is; ``str(exc)`` is one line saying what happened and what to do.
    """


def is_unavailable(exc: sqlite3.Error) -> bool:
    """Whether an SQLite error is about resources or permissions rather than a damaged file."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and (code & 0xFF) in _UNAVAILABLE_CODES


def unavailable(path: Path, what: str) -> JournalUnavailable:
    """The error for a journal that cannot be used now, with advice from the file system itself."""
    return JournalUnavailable(f"cannot use the journal {path}: {what}. {advice(path)}")


def advice(path: Path) -> str:
    """What to do about a journal that cannot be opened or written, checked on the file system."""
    path = Path(path)
    folder = path.parent
    untouched = "the game in it is untouched" if path.exists() else "nothing was changed"
    read_only, free = _space(folder)
    denied = False
    if path.is_file():
        try:
            os.close(os.open(path, os.O_RDWR))
        except OSError as exc:
            read_only = read_only or exc.errno == errno.EROFS
            denied = exc.errno in (errno.EACCES, errno.EPERM)
    if read_only:
        return (f"{folder} is on a read-only file system: remount it read-write or give the box another "
                f"--data-dir; {untouched}")
    if denied or not os.access(folder, os.W_OK | os.X_OK):
        who = _user()
        return (f"This user ({who}) may not open or write it: give the folder back to the box's user "
                f"(sudo chown -R {who} {folder}) or start the box as its owner; {untouched}")
    if 0 <= free < LOW_SPACE:
        return (f"The disk holding {folder} is full ({free // 1024} KiB free): free some space and start "
                f"the box again; {untouched}")
    return f"Check that its disk has free space and is writable, then start the box again; {untouched}"


#: below this much free space a failed write is put down to a full disk
LOW_SPACE = 1024 * 1024


def _space(folder: Path) -> tuple[bool, int]:
    """(read-only?, bytes free to this user) of the file system holding ``folder``; -1 when unknown."""
    try:
        st = os.statvfs(folder)
    except OSError:
        return False, -1
    return bool(st.f_flag & os.ST_RDONLY), st.f_bavail * st.f_frsize


def disk_full(path: Path) -> bool:
    """Whether the disk holding ``path`` has (next to) no room left."""
    free = _space(Path(path).parent)[1]
    return 0 <= free < LOW_SPACE


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError):
        return str(os.geteuid())


@dataclass
class GameRecord:
    """Everything a journal holds about the current game."""

    players: int
    deal: dict[str, Any]
    seed: int | None
    campaign: dict[str, Any] | None = None  # {"generations": G, "deals": [deal, ...]} or None
    #: the readable actions, from seq 1 up to the first one that is missing or unreadable
    actions: list[dict[str, Any]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # who sent each action: phone, pad, bot, clock
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (token_hash, kind)
    #: every action row stored, readable or not (more than ``len(actions)`` when one is unreadable)
    stored: int = 0
    #: why reading stopped before the last stored row (a gap, a row that is not a JSON object)
    unreadable: str | None = None
    created: str = ""
    settings: dict[str, str] = field(default_factory=dict)
    #: the game's name (``meta.game``); a journal written before the box knew more games is J'Accuse
    game: str = DEFAULT_GAME


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
        #: tables that were missing when the file was opened (recreated empty), for the caller to report
        self.missing_tables: tuple[str, ...] = ()

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: Path) -> Journal:
        """Open (or create) the journal at ``path`` and check it.

        Raises :class:`CorruptJournal` when the file is not a database, fails ``PRAGMA integrity_check``,
        or has a schema or meta rows this program cannot read, and :class:`JournalUnavailable` when it
        cannot be used now (a full disk, a read-only file system, a file this user may not open). The
        caller decides what to do; this never deletes, renames or overwrites anything.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                # the file holds the shuffle seed and token hashes: readable by the owner only
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except OSError as exc:
            raise unavailable(path, exc.strerror or str(exc)) from exc
        conn: sqlite3.Connection | None = None
        try:
            conn = _connect(path)
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                detail = "; ".join(str(r[0]) for r in rows[:3])
                raise CorruptJournal(f"integrity check failed: {detail}")
            missing = _check_tables(conn)
            conn.executescript(_SCHEMA)
            journal = cls(path, conn)
            journal.missing_tables = missing
            journal._check_meta()
            # a journal that opens but cannot be written (a read-only mount that kept its -shm file)
            # would take the game's moves and lose them: find out now, not at the first move
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("UPDATE meta SET value = value WHERE key = 'format'")
            conn.execute("COMMIT")
        except JournalError:
            if conn is not None:
                conn.close()
            raise
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            name = getattr(exc, "sqlite_errorname", "")
            if is_unavailable(exc):
                raise unavailable(path, f"{exc} ({name})" if name else str(exc)) from exc
            raise CorruptJournal(f"unreadable journal: {exc}") from exc
        except (ValueError, TypeError, RecursionError) as exc:
            if conn is not None:
                conn.close()
            raise CorruptJournal(f"unreadable journal: {exc}") from exc
        return journal

    @classmethod
    def create(cls, path: Path, first_game: Callable[[Journal], object]) -> Journal:
        """A new journal at ``path`` (which must not exist) that holds its game from the first moment:
        ``first_game`` records it (``lambda journal: journal.start_game(...)``).

        The file is made under another name, gets its game, is closed (SQLite folds its -wal back in)
        and only then takes the journal's name: a box stopped half-way through its first start never
        leaves an empty journal, which the next start would take for a game that was lost.
        """
        path = Path(path)
        temp = path.with_name("journal-new.sqlite3")
        for leftover in (temp, temp.with_name(temp.name + "-wal"), temp.with_name(temp.name + "-shm")):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()  # a first start that was stopped half-way: nothing of a game in it
        journal = cls.open(temp)
        try:
            first_game(journal)
        finally:
            journal.close()
        try:
            os.replace(temp, path)
            fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            raise unavailable(path, exc.strerror or str(exc)) from exc
        return cls.open(path)

    def _check_meta(self) -> None:
        meta = self._meta()
        if not meta:
            if self.action_count():
                raise CorruptJournal("the journal holds actions but no game (its meta rows are gone)")
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
        _check_game(meta.get("game", DEFAULT_GAME))

    def _meta(self) -> dict[str, str]:
        return {k: v for k, v in self._conn.execute("SELECT key, value FROM meta")}

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()

    # ------------------------------------------------------------------ reading
    def has_game(self) -> bool:
        return "players" in self._meta()

    def load(self) -> GameRecord:
        """Read the whole game; raises :class:`CorruptJournal` when the game itself is unreadable.

        Actions are read in order up to the first one that is missing or unreadable (a hand edit, a
        JSON text nested too deep to parse): ``unreadable`` then says why, and the caller decides
        whether to go on from there (see :meth:`set_aside`).
        """
        try:
            meta = self._meta()
            seed = meta.get("seed")
            record = GameRecord(
                players=int(meta["players"]),
                deal=json.loads(meta["deal"]),
                seed=int(seed) if seed is not None else None,
                campaign=_check_campaign(json.loads(meta["campaign"])) if "campaign" in meta else None,
                created=meta.get("created", ""),
                game=_check_game(meta.get("game", DEFAULT_GAME)),
            )
            expected = 1
            rows = self._conn.execute("SELECT seq, action, source FROM actions ORDER BY seq")
            for seq, text, source in rows:
                record.stored += 1
                if record.unreadable is not None:
                    continue
                if seq != expected:
                    record.unreadable = f"action {expected} is missing"
                    continue
                action = _parse_action(text)
                if action is None:
                    record.unreadable = f"action {seq} is not a readable JSON object"
                    continue
                record.actions.append(action)
                record.sources.append(str(source))
                expected += 1
            for seat, token_hash, kind in self._conn.execute("SELECT seat, token_hash, kind FROM seats"):
                record.seats[int(seat)] = (str(token_hash), str(kind))
            record.settings = self.settings()
        except CorruptJournal:
            raise
        except sqlite3.Error as exc:
            if is_unavailable(exc):
                raise unavailable(self.path, str(exc)) from exc
            raise CorruptJournal(f"unreadable journal: {exc}") from exc
        except (KeyError, ValueError, TypeError, RecursionError) as exc:
            raise CorruptJournal(f"unreadable journal: {exc}") from exc
        return record

    def settings(self) -> dict[str, str]:
        """The table's settings (names, shot clock, join code, seat lock): see the module docstring."""
        return {str(k): str(v) for k, v in self._conn.execute("SELECT key, value FROM settings")}

    def action_count(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])

    # ------------------------------------------------------------------ writing
    def _transaction(self, statements: Iterable[Statement]) -> None:
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
        self,
        players: int,
        deal: dict[str, Any],
        seed: int | None,
        campaign: dict[str, Any] | None = None,
        game: str = DEFAULT_GAME,
        settings: Settings = None,
        *,
        archive: bool = False,
        ended: dict[str, Any] | None = None,
    ) -> None:
        """Record a new game (or campaign) of ``game``, with the table ``settings`` it starts with (one
        transaction). In an empty journal every seat row goes; with ``archive`` (a new deal at a running
        table) the current game is kept in ``finished``, with the seats' names as they were and ``ended``
        (how it ended, ``kept.ending``, so that listing it needs no replay), and the seats are kept but
        those from ``players`` up: a table dealt again with fewer seats must not bring an old token back
        to life should it grow again later.
        """
        statements: list[Statement] = []
        if archive:
            statements.append(self._archived(ended))
        meta_rows = _new_meta(players, deal, seed, campaign, game)
        statements += [
            ("DELETE FROM meta", ()),
            ("DELETE FROM actions", ()),
            ("DELETE FROM seats WHERE seat >= ?", (players,)) if archive else ("DELETE FROM seats", ()),
            *(("INSERT INTO meta (key, value) VALUES (?, ?)", (k, v)) for k, v in meta_rows.items()),
        ]
        self._transaction(statements + _setting_rows(settings))

    def _archived(self, ended: dict[str, Any] | None) -> Statement:
        """The statement that keeps the current game in ``finished``: its meta (with how it ended and
        who played it, as the table named them: a retelling tells them) and its actions."""
        meta = self._meta()
        if ended is not None:
            meta["ended"] = json.dumps(ended)
        names = self.settings()
        if "players" in meta:
            meta["names"] = json.dumps([names.get(f"name:{s}") or None for s in range(int(meta["players"]))])
        actions = [json.loads(a) for (a,) in self._conn.execute("SELECT action FROM actions ORDER BY seq")]
        return ("INSERT INTO finished (meta, actions, at) VALUES (?, ?, ?)",
                (json.dumps(meta), json.dumps(actions), time.time()))

    def set_aside(self, after: int, reason: str) -> int:
        """Move every action after number ``after`` into ``set_aside`` (one transaction); returns how many.

        For a journal whose tail no longer replays: the game goes on from action ``after`` and the
        new actions take the freed numbers, while the old ones stay in the file with the reason.
        """
        game = self._meta().get("created", "")
        now = time.time()
        count = int(self._conn.execute("SELECT COUNT(*) FROM actions WHERE seq > ?", (after,)).fetchone()[0])
        self._transaction([
            (
                "INSERT INTO set_aside (game, seq, action, source, at, reason, moved_at) "
                "SELECT ?, seq, action, source, at, ?, ? FROM actions WHERE seq > ? ORDER BY seq",
                (game, reason, now, after),
            ),
            ("DELETE FROM actions WHERE seq > ?", (after,)),
        ])
        return count

    def probe(self) -> None:
        """One small committed write, to learn whether the journal can be written again (JournalError)."""
        self._transaction([("UPDATE meta SET value = value WHERE key = 'format'", ())])

    def games_played(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM finished").fetchone()[0])

    def append(self, seq: int, action: dict[str, Any], source: str, settings: Settings = None) -> None:
        """Durably add accepted action number ``seq``; returns only after the commit."""
        self._transaction(
            [
                (
                    "INSERT INTO actions (seq, action, source, at) VALUES (?, ?, ?, ?)",
                    (seq, json.dumps(action, separators=(",", ":")), source, time.time()),
                ),
                *_setting_rows(settings),
            ]
        )

    def claim_seat(self, seat: int, token_hash: str, kind: str, settings: Settings = None) -> None:
        self._transaction(
            [
                (
                    "INSERT INTO seats (seat, token_hash, kind, at) VALUES (?, ?, ?, ?)",
                    (seat, token_hash, kind, time.time()),
                ),
                *_setting_rows(settings),
            ]
        )

    def release_seat(self, seat: int, settings: Settings = None) -> None:
        self._transaction([("DELETE FROM seats WHERE seat = ?", (seat,)), *_setting_rows(settings)])

    def mark_open(self) -> None:
        """Say in the journal's main file that a box has it open (see :data:`OPEN_MARK`)."""
        mark = "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)"
        self._transaction([(mark, (OPEN_MARK, OPEN_STARTING))])
        try:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            raise JournalError(str(exc)) from exc
        # only in the -wal from here on: a main file that says "starting" with no -wal beside it lost one
        self._transaction([(mark, (OPEN_MARK, "running"))])

    def close_cleanly(self) -> None:
        """Clear the open mark and close: SQLite folds the -wal into the main file and removes it."""
        with contextlib.suppress(JournalError):
            self._transaction([("DELETE FROM settings WHERE key = ?", (OPEN_MARK,))])
        self.close()

    def set_settings(self, settings: Settings) -> None:
        """Change table settings on their own (a name, the host's clock or join code); one transaction."""
        self._transaction(_setting_rows(settings))



def _setting_rows(settings: Settings) -> list[Statement]:
    rows: list[tuple[str, tuple[Any, ...]]] = []
    for key, value in (settings or {}).items():
        if value is None:
            rows.append(("DELETE FROM settings WHERE key = ?", (key,)))
        else:
            rows.append(("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, value)))
    return rows


def _new_meta(
    players: int, deal: dict[str, Any], seed: int | None, campaign: dict[str, Any] | None, game: str
) -> dict[str, str]:
    meta = {
        "format": str(FORMAT),
        "game": _check_game(game),
        "players": str(players),
        "deal": json.dumps(deal),
        "created": str(time.time()),
    }
    if seed is not None:
        meta["seed"] = str(seed)
    if campaign is not None:
        meta["campaign"] = json.dumps(_check_campaign(campaign))
    return meta


def _parse_action(text: object) -> dict[str, Any] | None:
    """A journaled action, or None when the row is not a JSON object (or nests too deep to parse)."""
    try:
        action = json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        return None
    return action if isinstance(action, dict) else None


def _check_tables(conn: sqlite3.Connection) -> tuple[str, ...]:
    """Which of this program's tables an existing journal lacks; a missing essential one is damage.

    A file with none of them is new (or empty). One that holds a game but lost its ``actions`` (or
    ``meta``) table would otherwise be recreated empty and resume silently at version 0.
    """
    names = {str(n) for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    present = [t for t in _TABLES if t in names]
    if not present:
        return ()
    missing = tuple(t for t in _TABLES if t not in names)
    lost = [t for t in missing if t in _ESSENTIAL]
    if lost:
        raise CorruptJournal(f"the journal has no {' or '.join(lost)} table (dropped by hand?)")
    return missing


def _check_game(name: object) -> str:
    """The ``game`` meta row: a game this box plays (a journal of another one is not this box's)."""
    if name not in registry.names():
        raise CorruptJournal(f"the journal holds a game this box does not play ({name!r})")
    return str(name)


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


def move_aside(path: Path, label: str = "broken") -> Path:
    """Rename a journal (and its -wal/-shm companions) out of the way; returns the new name.

    Nothing is deleted: a damaged journal stays next to the new one for a post-mortem, and one archived
    by ``run --new-game`` (``label`` "archived") stays there to be looked at or restored.
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
        n += 1
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, target.with_name(target.name + suffix))
    if path.exists():
        os.replace(path, target)
    return target
