"""The host link file: ``host-link.txt`` in the data dir, kept current while the box runs.

The host link (``<base>/host?key=...``) is private: the file is the owner's alone (mode 0600). The box
writes it at start and whenever its address or its host key changes (``jaccuse-table host-key
--rotate``); the pages, QR codes, the OLED and the Host check ask the LAN address themselves.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final, Protocol

LINK_FILE: Final = "host-link.txt"
#: how often the box looks at its LAN address and host key (to rewrite host-link.txt)
FOLLOW_EVERY: Final = 5.0


class KeySource(Protocol):
    """The host key as it is now (``controller.table.HostKey``)."""

    def value(self) -> str: ...


def write_host_link(data_dir: Path, link: str) -> None:
    """Write the link for the owner only; a failure is said on stderr, never fatal."""
    path = data_dir / LINK_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(link + "\n")
    except OSError as exc:
        print(f"could not write {path}: {exc}", file=sys.stderr, flush=True)


class HostLinkFollower:
    """Rewrites ``host-link.txt`` (and says so) when the box's address or host key changed, looking
    every ``FOLLOW_EVERY`` seconds on a thread of its own."""

    def __init__(self, data_dir: Path, base: Callable[[], str], host_key: KeySource) -> None:
        self._data_dir = data_dir
        self._base = base
        self._host_key = host_key
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.base = base()
        self.link = f"{self.base}/host?key={host_key.value()}"

    def start(self) -> None:
        write_host_link(self._data_dir, self.link)
        self._thread = threading.Thread(target=self._run, name="follow-address", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(FOLLOW_EVERY):
            self.check()

    def check(self) -> None:
        base = self._base()
        link = f"{base}/host?key={self._host_key.value()}"
        if base != self.base:
            print(f"the box's address changed: table page {base}/", flush=True)
            self.base = base
        if link != self.link:
            self.link = link
            write_host_link(self._data_dir, link)

    def stop(self) -> None:
        self._stop.set()
