"""The games a data dir keeps, read without writing a byte: the evening's games and the archived ones.

Where they are, oldest first:

- each journal that ``run --new-game`` archived beside the live one (``journal.sqlite3.archived-STAMP``,
  see ``journal.move_aside``): its ``finished`` games, then the game it held. An archive never changes:
  it is opened ``immutable`` (no lock, no -shm, nothing written), or, when a -wal was archived with it,
  read from a copy in a temporary folder (as ``traces`` reads a journal: SQLite never runs its recovery
  on the real files);
- the live journal the table loop writes: its ``finished`` games, then the game being played. It is
  read through a connection of its own opened read-only (``mode=ro``): in WAL mode a reader sees the
  last committed transaction and never blocks the one writer, so the loop stays the only writer and
  never waits for a reader.

What is kept in memory is an index (``KeptGame``: which game, where, its seats' names and, for a game
dealt over since this was written, how it ended, ``ENDED``); a game's deal and moves (``Content``) are
read only when asked for. A finished game never changes, so its index entry is read once; the index
of an evening of any length costs a few hundred bytes a game.

Games are numbered from 1 over the whole data dir, oldest first; a number never changes while the box
runs (archives are made only at a start, and always hold games older than the live journal's). A
journal that is damaged or not a journal (``.broken-``, ``.unmatched-``) is no kept game.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import os
import re
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.games.registry import DEFAULT_GAME, names
from controller.table.evening import winners_of
from controller.table.journal import FILENAME

#: the names ``move_aside`` gives the journals ``run --new-game`` archives
_ARCHIVED = re.compile(re.escape(FILENAME) + r"\.archived-(\d{8}T\d{6}Z)(?:-(\d+))?")
#: the finished game's meta row that says how it ended (``ending``): written when the next one is dealt
ENDED = "ended"


class KeptUnavailable(Exception):
    """The live journal cannot be read now (a full disk, a file gone); the message says why."""


@dataclass(frozen=True)
class End:
    """How a game ended, as its public view said: over or not, the winning seats, its moves."""

    over: bool
    winners: tuple[int, ...]
    moves: int


def ending(public_view: Mapping[str, Any]) -> dict[str, Any]:
    """The ``ENDED`` meta row of a game dealt over, from its last public view (the table writes it)."""
    over = bool(public_view.get("over"))
    return {"over": over, "winners": winners_of(public_view) if over else [],
            "moves": int(public_view.get("version") or 0)}


@dataclass(frozen=True)
class KeptGame:
    """One kept game in the index: which game it is and where its journal keeps it."""

    #: its number in the data dir, from 1, oldest first
    number: int
    #: its number in its own journal (for the live journal: the table's game number)
    local: int
    #: the file it is kept in (the live journal's name, or an archive's)
    source: str
    game: str
    players: int
    #: when it was dealt (seconds since the epoch; 0 when the journal does not say)
    created: float
    #: the seats' names as the table knew them (None where unnamed, or not kept)
    names: tuple[str | None, ...]
    #: how it ended, when its journal says (a game dealt over since the box writes it), else None
    end: End | None = None
    #: the game the live journal is playing now (it may still run)
    current: bool = False


@dataclass(frozen=True)
class Content:
    """A kept game's deal and moves, as its journal holds them (up to the first unreadable move)."""

    deal: dict[str, Any]
    campaign: dict[str, Any] | None
    actions: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Kept:
    """Every kept game, oldest first; the live journal's current game is the last one."""

    games: tuple[KeptGame, ...]

    def number(self, n: int) -> KeptGame | None:
        return self.games[n - 1] if 1 <= n <= len(self.games) else None

    @property
    def current(self) -> KeptGame | None:
        return self.games[-1] if self.games and self.games[-1].current else None


class KeptGames:
    """The data dir's kept games: the index (``read``) and a game's content (``content``)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self._lock = threading.Lock()
        self._archives: dict[tuple[str, int, int], list[KeptGame]] = {}  # (name, size, mtime) -> index
        self._finished: list[KeptGame] = []  # the live journal's finished games indexed so far
        self._rows = 0  # how many of its finished rows they were read from
        self._last_row = 0  # the last one's ``game`` id

    def read(self) -> Kept:
        """The index of every kept game as of now: the archives' (read once), then the live journal's."""
        with self._lock:
            older: list[KeptGame] = []
            for path in archives(self.data_dir):
                older += self._archive(path)
            with _live(self.data_dir) as conn:
                finished = self._new_finished(conn)
                current = _current(conn, self._rows + 1, FILENAME, current=True)
        games = [*older, *finished, *([current] if current is not None else [])]
        return Kept(tuple(dataclasses.replace(g, number=n) for n, g in enumerate(games, 1)))

    def content(self, game: KeptGame) -> Content:
        """The deal and the moves of a game of the index."""
        if game.source == FILENAME:
            with _live(self.data_dir) as conn:
                return _content(conn, game.local)
        with _archive(self.data_dir / game.source) as conn:
            if conn is None:
                raise KeptUnavailable(f"cannot read the archived journal {game.source}")
            return _content(conn, game.local)

    def _archive(self, path: Path) -> list[KeptGame]:
        try:
            st = path.stat()
        except OSError:
            return []
        key = (path.name, st.st_size, st.st_mtime_ns)
        if key not in self._archives:
            self._archives[key] = _index_archive(path)
        return self._archives[key]

    def _new_finished(self, conn: sqlite3.Connection) -> list[KeptGame]:
        """The live journal's finished games: only ever added to, so only the new rows are read."""
        rows = conn.execute("SELECT game, meta FROM finished WHERE game > ? ORDER BY game",
                            (self._last_row,)).fetchall()
        for row_id, meta in rows:
            self._rows += 1
            self._last_row = int(row_id)
            game = _indexed(json.loads(meta), self._rows, FILENAME)
            if game is not None:
                self._finished.append(game)
        return list(self._finished)


def archives(data_dir: Path) -> list[Path]:
    """The journals ``run --new-game`` archived in ``data_dir``, oldest first."""
    found = []
    for path in Path(data_dir).glob(FILENAME + ".archived-*"):
        match = _ARCHIVED.fullmatch(path.name)
        if match and path.is_file():
            found.append((match.group(1), int(match.group(2) or 0), path))
    return [path for _, _, path in sorted(found)]


_READ_ERRORS = (sqlite3.Error, ValueError, TypeError, KeyError, RecursionError)


@contextlib.contextmanager
def _live(data_dir: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the live journal, in one read transaction (so the finished games and
    the current one agree); KeptUnavailable when it cannot be read."""
    path = data_dir / FILENAME
    if not path.is_file():
        raise KeptUnavailable("the data dir holds no journal")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0,
                               isolation_level=None)
    except sqlite3.Error as exc:
        raise KeptUnavailable(f"cannot read the journal: {exc}") from exc
    try:
        conn.execute("BEGIN")
        yield conn
        conn.execute("COMMIT")
    except _READ_ERRORS as exc:
        raise KeptUnavailable(f"cannot read the journal: {exc}") from exc
    finally:
        conn.close()


@contextlib.contextmanager
def _archive(path: Path) -> Iterator[sqlite3.Connection | None]:
    """A connection to an archived journal that writes nothing beside it (None: it cannot be opened)."""
    wal = path.with_name(path.name + "-wal")
    with contextlib.ExitStack() as stack:
        try:
            if wal.is_file() and wal.stat().st_size > 0:  # moves still in its -wal: read a copy of both
                copy = stack.enter_context(_copy_of(path, wal))
                if copy is None:
                    yield None
                    return
                conn = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True, isolation_level=None)
            else:  # never changed again: no lock, no -shm
                conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True,
                                       isolation_level=None)
        except (OSError, sqlite3.Error):
            yield None
            return
        stack.callback(conn.close)
        yield conn


@contextlib.contextmanager
def _copy_of(path: Path, wal: Path) -> Iterator[Path | None]:
    try:
        folder = tempfile.TemporaryDirectory(prefix="jaccuse-kept-")
    except OSError:
        yield None
        return
    with folder as tmp:
        copy = Path(tmp) / FILENAME
        try:
            shutil.copyfile(path, copy)
            os.chmod(copy, 0o600)  # it holds secrets, as the journal does
            shutil.copyfile(wal, copy.with_name(FILENAME + "-wal"))
        except OSError:
            yield None
            return
        yield copy


def _index_archive(path: Path) -> list[KeptGame]:
    """An archived journal's index; none when it cannot be read (a damaged archive keeps no game)."""
    with _archive(path) as conn:
        if conn is None:
            return []
        try:
            games: list[KeptGame] = []
            tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            rows = _finished_rows(conn) if "finished" in tables else 0
            if rows:
                metas = conn.execute("SELECT meta FROM finished ORDER BY game").fetchall()
                games += [g for local, (meta,) in enumerate(metas, 1)
                          if (g := _indexed(json.loads(meta), local, path.name)) is not None]
            if {"meta", "actions"} <= tables:
                last = _current(conn, rows + 1, path.name, current=False)
                if last is not None:
                    games.append(last)
            return games
        except _READ_ERRORS:
            return []


def _finished_rows(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COUNT(*) FROM finished").fetchone()[0])


def _current(conn: sqlite3.Connection, local: int, source: str, current: bool) -> KeptGame | None:
    """The index entry of the game a journal holds now, or None when it holds none."""
    meta = {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM meta")}
    if "players" not in meta:
        return None
    settings = dict(conn.execute("SELECT key, value FROM settings WHERE key LIKE 'name:%'").fetchall())
    meta["names"] = json.dumps([settings.get(f"name:{s}") or None for s in range(int(meta["players"]))])
    game = _indexed(meta, local, source)
    return None if game is None else dataclasses.replace(game, current=current)


def _indexed(meta: Mapping[str, Any], local: int, source: str) -> KeptGame | None:
    """A game's index entry from its journal meta rows; None for a game this box does not play."""
    name = str(meta.get("game", DEFAULT_GAME))
    if name not in names():
        return None
    players = int(meta["players"])
    raw_names = json.loads(meta["names"]) if "names" in meta else []
    seat_names = tuple((str(n) if n else None) for n in list(raw_names)[:players])
    try:
        created = float(meta.get("created") or 0)
    except ValueError:
        created = 0.0
    return KeptGame(number=0, local=local, source=source, game=name, players=players, created=created,
                    names=seat_names + (None,) * (players - len(seat_names)), end=_end(meta))


def _end(meta: Mapping[str, Any]) -> End | None:
    try:
        ended = json.loads(meta[ENDED])
        return End(bool(ended["over"]), tuple(int(s) for s in ended["winners"]), int(ended["moves"]))
    except (KeyError, ValueError, TypeError):
        return None


def _content(conn: sqlite3.Connection, local: int) -> Content:
    """Game ``local``'s deal and moves: its finished row, or the journal's current game when ``local``
    is the one after them (a game dealt over since the index was read is found among the finished)."""
    if _finished_rows(conn) < local:
        meta = {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM meta")}
        rows: Sequence[Any] = [json.loads(a) for (a,) in
                               conn.execute("SELECT action FROM actions ORDER BY seq")]
    else:
        found = conn.execute("SELECT meta, actions FROM finished ORDER BY game LIMIT 1 OFFSET ?",
                             (local - 1,)).fetchone()
        if found is None:
            raise KeptUnavailable(f"the journal no longer holds game {local}")
        meta, rows = json.loads(found[0]), json.loads(found[1])
    return Content(deal=json.loads(meta["deal"]),
                   campaign=json.loads(meta["campaign"]) if "campaign" in meta else None,
                   actions=tuple(itertools.takewhile(lambda a: isinstance(a, dict), rows)))
