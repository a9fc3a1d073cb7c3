"""What a data dir holds before the box opens anything in it read-write.

SQLite is quick to tidy up: opened beside a ``-wal`` it does not recognise (the main file deleted or
truncated), it discards that file, which may hold a whole evening's moves; opened on a journal whose
``-wal`` was lost, it finds no game and the box would deal a new one. So the box looks first, without
writing: it reads the journal from a copy (so SQLite's recovery never runs on the real files), walks
the ``-wal`` with SQLite's own rules (:mod:`controller.table.wal`), and lists the traces a game leaves
(the host key, archived or set-aside journals, the journal itself, a ``-wal``). A data dir that had a
game and now has no readable one is the caller's to refuse, in one line, keeping every file.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from controller.table import wal
from controller.table.journal import (
    FILENAME,
    OPEN_MARK,
    OPEN_STARTING,
    CorruptJournal,
    Journal,
    JournalError,
)

#: files beside the journal that only a box that ran here leaves
KEPT_FILES = ("host-key", "host-link.txt")


@dataclass
class Look:
    """One look at a data dir. ``kind``: ``missing``, ``empty`` (0 bytes), ``no_game`` (a journal with
    no game in it), ``wal_lost`` (a game whose -wal went missing while a box had it open), ``damaged``
    (not a journal this box can read) or ``game``."""

    kind: str
    detail: str = ""
    traces: list[str] = field(default_factory=list)  # what shows a game was kept here
    wal: wal.WalReport = field(default_factory=lambda: wal.WalReport(0, 0))
    has_wal: bool = False


def look(data_dir: Path) -> Look:
    """Look at ``data_dir`` without writing to it (a copy of the journal is read in a temporary dir)."""
    data_dir = Path(data_dir)
    path = data_dir / FILENAME
    wal_path = path.with_name(FILENAME + "-wal")
    wal_exists = wal_path.exists()
    has_wal = wal_exists and wal_path.stat().st_size > 0
    traces = [name for name in KEPT_FILES if (data_dir / name).exists()]
    traces += sorted(p.name for p in data_dir.glob(FILENAME + ".*"))  # archived or set-aside journals
    if has_wal:
        traces.append(wal_path.name)
    if not path.exists():
        return Look("missing", "its journal is missing", traces, has_wal=has_wal)
    traces.insert(0, path.name)
    if path.stat().st_size == 0:
        return Look("empty", "its journal is empty (0 bytes)", traces, has_wal=has_wal)
    report = wal.inspect(wal_path) if has_wal else wal.WalReport(0, 0)
    kind, detail = _read_copy(path, wal_path if has_wal else None, wal_exists)
    return Look(kind, detail, traces, report, has_wal)


def _read_copy(path: Path, wal_path: Path | None, wal_exists: bool = True) -> tuple[str, str]:
    """Open a copy of the journal (and its -wal) the way the box would, and say what it holds.

    Without room for the copy, say "game": the real open then reports what it finds, as it always did
    (a -wal beside a journal that has a header is the journal's own, and SQLite replays it).
    """
    try:
        temp = tempfile.TemporaryDirectory(prefix="jaccuse-look-")
    except OSError:
        return "game", ""
    with temp as tmp:
        copy = Path(tmp) / FILENAME
        try:
            shutil.copyfile(path, copy)
            if wal_path is not None:
                shutil.copyfile(wal_path, copy.with_name(FILENAME + "-wal"))
        except OSError:
            return "game", ""  # no room to look: the real open reports what it finds, as before
        try:
            journal = Journal.open(copy)
        except CorruptJournal as exc:
            return "damaged", str(exc)
        except (JournalError, sqlite3.Error):
            return "game", ""  # cannot be used *now* (no room in the temporary dir): the real open says
        try:
            if not journal.has_game():
                return "no_game", "its journal holds no game (was its -wal file deleted, or only the "\
                    "journal copied?)"
            journal.load()
            if not wal_exists and journal.settings().get(OPEN_MARK) == OPEN_STARTING:
                return "wal_lost", ("the box that had it open did not stop cleanly and the -wal file "
                                    "with its latest moves is gone (deleted, or only the journal copied?)")
        except CorruptJournal as exc:
            return "damaged", str(exc)
        except (JournalError, sqlite3.Error) as exc:
            return "damaged", f"unreadable journal: {exc}"
        finally:
            journal.close()
    return "game", ""


def keep_wal_copy(path: Path, label: str) -> Path | None:
    """Copy the journal's -wal beside it (``journal.sqlite3-wal.LABEL-STAMP``) before SQLite rewrites it."""
    import time

    wal_path = Path(path).with_name(FILENAME + "-wal")
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = wal_path.with_name(f"{wal_path.name}.{label}-{stamp}")
    with contextlib.suppress(OSError):
        shutil.copyfile(wal_path, target)
        target.chmod(0o600)
        return target
    return None
