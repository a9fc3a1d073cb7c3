"""The host secret: ``DATA_DIR/host-key``, behind the host link (``/host?key=...``).

The file is the truth: a running box re-reads it when it changes, so ``jaccuse-table host-key
--rotate`` (another process) and the host page's "new host link" both end the old link at once.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
from pathlib import Path

FILENAME = "host-key"
MIN_LENGTH = 32


def _write(path: Path, key: str) -> None:
    """Replace the key file atomically, readable by the owner only."""
    tmp = path.with_name(FILENAME + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(fd, "w", encoding="ascii") as fh:
        fh.write(key + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


class HostKey:
    """The current host key of a data dir; thread-safe. ``current()`` costs one ``stat``."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / FILENAME
        self._lock = threading.Lock()
        self._key = ""
        self._seen: tuple[int, int, int] | None = None

    def current(self) -> str:
        """The key in the file now; a missing or unusable file gets a new key (OSError if it cannot)."""
        with self._lock:
            try:
                st = os.stat(self.path)
                seen = (st.st_ino, st.st_mtime_ns, st.st_size)
            except OSError:
                seen = None
            if seen is not None and seen == self._seen and self._key:
                return self._key
            key = self._read()
            if key is None:
                if self._key and seen is None and not os.path.isdir(self.path.parent):
                    return self._key  # the data dir went away under a running box: keep serving
                key = secrets.token_urlsafe(32)
                _write(self.path, key)
                st = os.stat(self.path)
                seen = (st.st_ino, st.st_mtime_ns, st.st_size)
            self._key, self._seen = key, seen
            return key

    def rotate(self) -> str:
        """A new key in place of the old one; the old host link stops working now."""
        with self._lock:
            key = secrets.token_urlsafe(32)
            _write(self.path, key)
            st = os.stat(self.path)
            self._key, self._seen = key, (st.st_ino, st.st_mtime_ns, st.st_size)
            return key

    def value(self) -> str:
        """``current()`` for a running box: the last key known when the file cannot be read or made."""
        try:
            return self.current()
        except OSError:
            return self._key

    def check(self, given: str | None) -> bool:
        return check_host_key(self.value(), given)

    def _read(self) -> str | None:
        """The key in the file; None for a missing or garbled one (a new key replaces it). A file this
        user may not read raises: it is another user's, and replacing it would lock that user out."""
        try:
            key = self.path.read_text(encoding="ascii").strip()
        except PermissionError:
            raise
        except (OSError, UnicodeDecodeError):
            return None
        return key if len(key) >= MIN_LENGTH else None


def load_host_key(data_dir: Path) -> str:
    """The host secret kept in ``DATA_DIR/host-key`` (created on first use, readable by the owner only)."""
    return HostKey(data_dir).current()


def check_host_key(expected: str, given: str | None) -> bool:
    return bool(expected) and bool(given) and hmac.compare_digest(expected.encode(), str(given).encode())
