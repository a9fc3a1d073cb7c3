"""`jaccuse-table backup DEST`: a safe copy of the box's data dir, taken while it runs or not.

A bare copy of ``journal.sqlite3`` is not a backup: the latest moves may still be in its ``-wal`` file,
and a copy taken while the box writes can be torn. This uses SQLite's backup API on a read-only
connection (a consistent snapshot, whatever the box does meanwhile), checks the copy, and puts the host
key, the host link and the archived journals beside it: everything a box needs to resume the game with
the same seat links. To restore, stop the box and copy the folder's files back into its data dir (see
docs/reliability.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import sys
from pathlib import Path

from controller.config import DEFAULT_PATH as DEFAULT_CONFIG
from controller.config import ConfigError, load_config
from controller.datadir import default_data_dir
from controller.table.journal import OPEN_MARK

JOURNAL = "journal.sqlite3"
BESIDE = ("host-key", "host-link.txt")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dest", type=Path, help="a new (or empty) folder to write the backup into")
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="the box's data dir (default: as `run` chooses it)"
    )
    parser.add_argument(
        "--config", type=Path, default=None, help=f"TOML config file (default: {DEFAULT_CONFIG} if it exists)"
    )


def _fail(line: str, status: int = 1) -> int:
    print(f"jaccuse-table: {line}", file=sys.stderr)
    return status


def backup(data_dir: Path, dest: Path) -> tuple[int, list[str]]:
    """Copy the journal (SQLite's backup API) and the files beside it; (moves of the game, files)."""
    source = data_dir / JOURNAL
    dest.mkdir(mode=0o700, parents=True, exist_ok=True)
    target = dest / JOURNAL
    # read-only: the backup never creates a -wal or -shm in the box's folder, nor takes a write lock
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            # the copy is complete: it is not a journal whose -wal went missing (see OPEN_MARK)
            with dst:
                dst.execute("DELETE FROM settings WHERE key = ?", (OPEN_MARK,))
            if dst.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                raise sqlite3.DatabaseError("the copy fails its integrity check")
            meta = dict(dst.execute("SELECT key, value FROM meta").fetchall())
            if "players" not in meta:
                raise sqlite3.DatabaseError("the journal holds no game")
            moves = int(dst.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
        finally:
            dst.close()
    finally:
        src.close()
    copied = [JOURNAL]
    others = [data_dir / name for name in BESIDE] + sorted(data_dir.glob(JOURNAL + ".*"))
    for path in others:
        if path.is_file():
            shutil.copy2(path, dest / path.name)
            copied.append(path.name)
    return moves, copied


def main(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        return _fail(str(exc), 2)
    data_dir = args.data_dir or (Path(config.data_dir) if config.data_dir else default_data_dir())
    dest: Path = args.dest
    if not (data_dir / JOURNAL).is_file():
        return _fail(f"no journal in {data_dir} (give the box's --data-dir)", 2)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        return _fail(f"{dest} is not a new or empty folder; name another one", 2)
    try:
        moves, copied = backup(data_dir, dest)
    except (OSError, sqlite3.Error) as exc:
        return _fail(f"backup of {data_dir} failed: {exc}; nothing in {data_dir} was changed")
    print(f"backed up the game at move {moves} from {data_dir} to {dest}: {', '.join(copied)}")
    return 0
