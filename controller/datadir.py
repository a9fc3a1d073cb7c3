"""The data directory: where it is, and one box per data directory (an exclusive lock held for as long
as the box runs).

Where: systemd's ``STATE_DIRECTORY``, else ``$XDG_DATA_HOME/jaccuse-table``, else
``~/.local/share/jaccuse-table`` (:func:`default_data_dir`), unless the config or ``--data-dir`` names one.

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
import stat
from pathlib import Path

INFO = "box.lock"
APP_NAME = "jaccuse-table"


def default_data_dir() -> Path:
    """systemd's STATE_DIRECTORY, else $XDG_DATA_HOME/jaccuse-table, else ~/.local/share/jaccuse-table."""
    state_dir = os.environ.get("STATE_DIRECTORY", "")
    if state_dir:
        return Path(state_dir.split(":")[0])
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / APP_NAME
    return Path.home() / ".local" / "share" / APP_NAME


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


class DataDirRefused(Exception):
    """The data dir cannot be used safely by this user; the message says why and what to do, in one line."""


#: the files a box keeps in its data dir (their -wal/-shm and archives start with the journal's name)
BOX_FILES = ("journal.sqlite3", "host-key", "host-link.txt", "box.lock")


def check_access(data_dir: Path) -> None:
    """Refuse, before anything is written, a data dir this user cannot read or that another user owns.

    A folder the user may not look into made ``Path.exists()`` raise on Python 3.11 (a traceback), and
    files of another user were half replaced (a new host key) before the box stopped at the journal.
    Checked here, without writing: the folder itself (if it exists) and every file of the box in it
    must belong to this user and be readable by it (whether they can be written is the journal's own
    check, which knows a read-only disk from a full one). A folder that does not exist yet is
    the caller's to create.
    """
    data_dir = Path(data_dir)
    me = _user_name(os.geteuid())
    try:
        st = os.stat(data_dir)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DataDirRefused(
            f"cannot look at the data dir {data_dir}: {exc.strerror or exc}. This user ({me}) needs to reach "
            f"it: sudo chown -R {me} {data_dir} (and its parent folders), or start the box as its owner; "
            "nothing was changed"
        ) from None
    if not stat.S_ISDIR(st.st_mode):
        raise DataDirRefused(f"the data dir {data_dir} is not a folder; give the box another --data-dir")
    _own(data_dir, st, me, data_dir)
    if not os.access(data_dir, os.R_OK | os.X_OK):  # (writing is the journal's check: a read-only disk)
        raise DataDirRefused(
            f"this user ({me}) may not open the data dir {data_dir}: sudo chown -R {me} {data_dir}, "
            "or start the box as its owner; nothing was changed"
        )
    try:
        entries = list(os.scandir(data_dir))
    except OSError as exc:
        raise DataDirRefused(f"cannot list the data dir {data_dir}: {exc.strerror or exc}; nothing was "
                             "changed") from None
    for entry in entries:
        if not entry.name.startswith(BOX_FILES):
            continue
        path = Path(entry.path)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            why = exc.strerror or exc
            raise DataDirRefused(f"cannot look at {path}: {why}; nothing was changed") from None
        _own(path, st, me, data_dir)
        if stat.S_ISREG(st.st_mode) and not os.access(path, os.R_OK):
            raise DataDirRefused(
                f"this user ({me}) may not open {path}: sudo chown -R {me} {data_dir}, or start "
                "the box as its owner; the game in it is untouched"
            )


def _own(path: Path, st: os.stat_result, me: str, data_dir: Path) -> None:
    """Refuse a file or folder of another user: writing beside it would leave files it cannot read."""
    if st.st_uid == os.geteuid():
        return
    owner = _user_name(st.st_uid)
    raise DataDirRefused(
        f"{path} belongs to {owner}, not to this user ({me}), who may not open or write the box's files "
        f"there: start the box as {owner} (sudo -u {owner} ...) or give them over (sudo chown -R {me} "
        f"{data_dir}); the game in it is untouched"
    )


def _user_name(uid: int) -> str:
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return str(uid)


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
