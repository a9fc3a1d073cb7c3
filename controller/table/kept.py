"""The games a data dir keeps, read without writing a byte: the evening's games and the archived ones.

Where they are, oldest first:

- each journal that ``run --new-game`` archived beside the live one (``journal.sqlite3.archived-STAMP``,
  see ``journal.move_aside``): its ``finished`` games, then the game it held. An archive never
  changes, so it is read once, from a copy in a temporary folder (as ``traces`` reads a journal: SQLite
  never runs its recovery on the real files), and kept in memory;
- the live journal the table loop writes: its ``finished`` games, then the game being played. It is
  read through a connection of its own opened read-only (``mode=ro``): in WAL mode a reader sees the
  last committed transaction and never blocks the one writer, so the loop stays the only writer and
  never waits for a reader. Its finished games never change either: each is read once.

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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.games.registry import DEFAULT_GAME, names
from controller.table.journal import FILENAME

#: the names ``move_aside`` gives the journals ``run --new-game`` archives
_ARCHIVED = re.compile(re.escape(FILENAME) + r"\.archived-(\d{8}T\d{6}Z)(?:-(\d+))?")


class KeptUnavailable(Exception):
    """The live journal cannot be read now (a full disk, a file gone); the message says why."""


@dataclass(frozen=True)
class KeptGame:
    """One kept game as its journal holds it."""

    #: its number in the data dir, from 1, oldest first
    number: int
    #: its number in its own journal (for the live journal: the table's game number)
    local: int
    #: the file it is kept in (the live journal's name, or an archive's)
    source: str
    game: str
    players: int
    deal: dict[str, Any]
    campaign: dict[str, Any] | None
    actions: tuple[dict[str, Any], ...]
    #: when it was dealt (seconds since the epoch; 0 when the journal does not say)
    created: float
    #: the seats' names as the table knew them (None where unnamed, or not kept)
    names: tuple[str | None, ...]
    #: the game the live journal is playing now (it may still run)
    current: bool = False


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
    """The data dir's kept games, read on demand (``read``); what never changes is read once."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self._lock = threading.Lock()
        self._archives: dict[tuple[str, int, int], list[KeptGame]] = {}  # (name, size, mtime) -> games
        self._finished: list[KeptGame] = []  # the live journal's finished games read so far
        self._rows = 0  # how many of its finished rows they were read from
        self._last_row = 0  # the last one's ``game`` id

    def read(self, current_actions: bool = True) -> Kept:
        """Every kept game as of now: the archives' (read once), then the live journal's. Without
        ``current_actions`` the game being played comes without its actions (a listing needs none)."""
        with self._lock:
            older: list[KeptGame] = []
            for path in archives(self.data_dir):
                older += self._archive(path)
            finished, current = self._live(current_actions)
        games = [*older, *finished, *([current] if current is not None else [])]
        return Kept(tuple(dataclasses.replace(g, number=n) for n, g in enumerate(games, 1)))

    def _archive(self, path: Path) -> list[KeptGame]:
        try:
            st = path.stat()
        except OSError:
            return []
        key = (path.name, st.st_size, st.st_mtime_ns)
        if key not in self._archives:
            self._archives[key] = _read_archive(path)
        return self._archives[key]

    def _live(self, current_actions: bool) -> tuple[list[KeptGame], KeptGame | None]:
        path = self.data_dir / FILENAME
        if not path.is_file():
            return list(self._finished), None
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0,
                                   isolation_level=None)
        except sqlite3.Error as exc:
            raise KeptUnavailable(f"cannot read the journal: {exc}") from exc
        try:
            conn.execute("BEGIN")  # one read transaction: the finished games and the current one agree
            # finished games are only ever added: read the new ones (the table counts them from 1)
            rows = conn.execute("SELECT game, meta, actions FROM finished WHERE game > ? ORDER BY game",
                                (self._last_row,)).fetchall()
            for row_id, meta, actions in rows:
                self._rows += 1
                self._last_row = int(row_id)
                game = _game(json.loads(meta), json.loads(actions), self._rows, FILENAME)
                if game is not None:
                    self._finished.append(game)
            current = _current(conn, self._rows + 1, FILENAME, current=True, actions=current_actions)
            conn.execute("COMMIT")
        except (sqlite3.Error, ValueError, TypeError, KeyError, RecursionError) as exc:
            raise KeptUnavailable(f"cannot read the journal: {exc}") from exc
        finally:
            conn.close()
        return list(self._finished), current


def archives(data_dir: Path) -> list[Path]:
    """The journals ``run --new-game`` archived in ``data_dir``, oldest first."""
    found = []
    for path in Path(data_dir).glob(FILENAME + ".archived-*"):
        match = _ARCHIVED.fullmatch(path.name)
        if match and path.is_file():
            found.append((match.group(1), int(match.group(2) or 0), path))
    return [path for _, _, path in sorted(found)]


def _read_archive(path: Path) -> list[KeptGame]:
    """An archived journal's games, read from a copy (its -wal too); none when it cannot be read."""
    with _copy_of(path) as copy:
        if copy is None:
            return []
        try:
            conn = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True, isolation_level=None)
        except sqlite3.Error:
            return []
        try:
            games: list[KeptGame] = []
            tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "finished" in tables:
                rows = conn.execute("SELECT meta, actions FROM finished ORDER BY game").fetchall()
                for local, (meta, actions) in enumerate(rows, 1):
                    game = _game(json.loads(meta), json.loads(actions), local, path.name)
                    if game is not None:
                        games.append(game)
            if {"meta", "actions"} <= tables:
                last = _current(conn, len(games) + 1, path.name, current=False)
                if last is not None:
                    games.append(last)
            return games
        except (sqlite3.Error, ValueError, TypeError, KeyError, RecursionError):
            return []  # a damaged archive keeps no game the box can show
        finally:
            conn.close()


@contextlib.contextmanager
def _copy_of(path: Path) -> Iterator[Path | None]:
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
            wal = path.with_name(path.name + "-wal")
            if wal.is_file():
                shutil.copyfile(wal, copy.with_name(FILENAME + "-wal"))
        except OSError:
            yield None
            return
        yield copy


def _current(
    conn: sqlite3.Connection, local: int, source: str, current: bool, actions: bool = True
) -> KeptGame | None:
    """The game a journal holds now (its meta and, with ``actions``, its actions), or None when it
    holds none."""
    meta = {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM meta")}
    if "players" not in meta:
        return None
    rows = conn.execute("SELECT action FROM actions ORDER BY seq") if actions else ()
    done = [json.loads(a) for (a,) in rows]
    settings = {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM settings")}
    players = int(meta["players"])
    meta["names"] = json.dumps([settings.get(f"name:{s}") or None for s in range(players)])
    game = _game(meta, done, local, source)
    return None if game is None else dataclasses.replace(game, current=current)


def _game(meta: dict[str, Any], actions: list[Any], local: int, source: str) -> KeptGame | None:
    """A kept game from its journal meta rows and actions; None for a game this box does not play."""
    name = str(meta.get("game", DEFAULT_GAME))
    if name not in names():
        return None
    players = int(meta["players"])
    campaign = json.loads(meta["campaign"]) if "campaign" in meta else None
    raw_names = json.loads(meta["names"]) if "names" in meta else []
    seat_names = tuple((str(n) if n else None) for n in list(raw_names)[:players])
    seat_names += (None,) * (players - len(seat_names))
    try:
        created = float(meta.get("created") or 0)
    except ValueError:
        created = 0.0
    return KeptGame(number=0, local=local, source=source, game=name, players=players,
                    deal=json.loads(meta["deal"]), campaign=campaign,
                    actions=tuple(itertools.takewhile(lambda a: isinstance(a, dict), actions)),
                    created=created, names=seat_names)

