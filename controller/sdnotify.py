"""systemd's notify protocol, with the standard library only.

Without ``NOTIFY_SOCKET`` (a laptop, a test) every call is a cheap no-op, so callers never check
whether they run under systemd.
"""

from __future__ import annotations

import os
import socket


class Notifier:
    def __init__(self, address: str | None = None) -> None:
        address = address if address is not None else os.environ.get("NOTIFY_SOCKET")
        self._address: str | None = None
        self._sock: socket.socket | None = None
        if address:
            # a leading @ names a socket in the abstract namespace
            self._address = "\0" + address[1:] if address.startswith("@") else address
            self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)

    @property
    def enabled(self) -> bool:
        return self._sock is not None

    def notify(self, message: str) -> bool:
        if self._sock is None or self._address is None:
            return False
        try:
            self._sock.sendto(message.encode(), self._address)
        except OSError:
            return False
        return True

    def ready(self, status: str = "") -> bool:
        return self.notify("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def watchdog(self) -> bool:
        return self.notify("WATCHDOG=1")

    def stopping(self) -> bool:
        return self.notify("STOPPING=1")

    def status(self, text: str) -> bool:
        return self.notify(f"STATUS={text}")


def watchdog_interval() -> float | None:
    """Half the watchdog period systemd asked for (seconds), or None when there is none."""
    usec = os.environ.get("WATCHDOG_USEC")
    pid = os.environ.get("WATCHDOG_PID")
    if not usec or (pid and pid != str(os.getpid())):
        return None
    try:
        return int(usec) / 2_000_000
    except ValueError:
        return None
