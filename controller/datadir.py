"""One box per data directory: an exclusive lock held for as long as the box runs.

Two boxes on one journal would each apply their own players' moves to their own copy of the game and
write both into the file: the games diverge silently. The lock is ``flock`` on the directory itself
(it needs no write, so it works on a full disk too) and the kernel drops it when the process ends,
however it ends. Beside it, ``box.lock`` says who holds it (pid, start time, host name), so the second
box can say so; that file is only informative, written when it can be.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import fcntl
import json
import os
import socket
from pathlib import Path

INFO = "box.lock"


class DataDirBusy(Exception):
    """Another process holds the data directory; the message says who and what to do."""


class DataDirLock:
    """The lock on one data directory; release it (or just exit) to let another box start."""

    def __init__(self, data_dir: Path, fd: int) -> None:
        self.data_dir = data_dir
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, data_dir: Path) -> DataDirLock:
        """Lock ``data_dir`` for this process; :class:`DataDirBusy` when another process holds it.

        OSError (a directory this user cannot open) goes to the caller. A file system without
        ``flock`` support gets no lock rather than no box.
        """
        data_dir = Path(data_dir)
        fd = os.open(data_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DataDirBusy(busy_message(data_dir)) from None
        except OSError as exc:
            if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                os.close(fd)
                raise
        lock = cls(data_dir, fd)
        lock._write_info()
        return lock

    def _write_info(self) -> None:
        info = {
            "pid": os.getpid(),
            "started": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "host": socket.gethostname(),
        }
        path = self.data_dir / INFO
        tmp = path.with_name(INFO + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            with open(fd, "w", encoding="utf-8") as fh:
                json.dump(info, fh)
            os.replace(tmp, path)
        except OSError:
            # a full or read-only disk: the lock holds all the same; drop a stale note if possible
            for stale in (tmp, path):
                with contextlib.suppress(OSError):
                    stale.unlink()

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            (self.data_dir / INFO).unlink()
        os.close(self._fd)  # closing the descriptor drops the lock
        self._fd = None


def busy_message(data_dir: Path) -> str:
    """One line: who holds ``data_dir`` (as far as ``box.lock`` says) and what to do about it."""
    who = "another process"
    try:
        info = json.loads((Path(data_dir) / INFO).read_text(encoding="utf-8"))
        pid = int(info["pid"])
        started = str(info.get("started", "at an unknown time"))
        host = str(info.get("host", ""))
        who = f"another box (pid {pid}, started {started}{' on ' + host if host else ''})"
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return (
        f"{who} is already using the data directory {data_dir}; stop it first "
        "(sudo systemctl stop jaccuse-table, or Ctrl-C where it runs) or give this one another --data-dir"
    )
