"""The box's address on the local network, followed while the box runs.

A Pi often starts before its DHCP lease arrives; an address computed once at start-up would then
leave ``127.0.0.1`` in the QR codes for the whole evening. :class:`LanAddress` asks its source again
when its answer is older than a few seconds (each ask is one UDP ``connect`` that sends nothing, or
one read of ``/proc``), so whoever needs the address -- a QR code, the OLED's start screen, the Host
check -- gets the current one without any thread polling hard.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

#: where the box is reached from the LAN now, or None while it has no address but loopback
AddressSource = Callable[[], "str | None"]
#: every address the box holds now (all interfaces), as text
AddressesSource = Callable[[], "frozenset[str]"]

LOOPBACK = "127.0.0.1"


def routed_address() -> str | None:
    """The source address the kernel would use to reach other hosts (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def local_addresses(proc: Path = Path("/proc/net")) -> frozenset[str]:
    """Every IPv4 and IPv6 address of this machine's interfaces (Linux), loopback included.

    Read from ``/proc/net/fib_trie`` (the kernel's LOCAL routes) and ``/proc/net/if_inet6``; where
    those do not exist (a laptop that is not Linux) it falls back to the routed address.
    """
    found: set[str] = {LOOPBACK, "::1"}
    try:
        last = ""
        for line in (proc / "fib_trie").read_text(encoding="ascii").splitlines():
            text = line.strip()
            if text.startswith("|-- "):
                last = text[4:]
            elif text.startswith("/32 host LOCAL") and last:
                found.add(last)
    except (OSError, UnicodeDecodeError):
        pass
    try:
        for line in (proc / "if_inet6").read_text(encoding="ascii").splitlines():
            parts = line.split()
            if parts and len(parts[0]) == 32:
                found.add(str(ipaddress.IPv6Address(int(parts[0], 16))))
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    routed = routed_address()
    if routed:
        found.add(routed)
    return frozenset(found)


class LanAddress:
    """The address phones reach the box at, asked again when the last answer is ``every`` s old.

    ``fixed`` pins it (the box listens on one address); ``on_change`` hears every change, from
    whichever thread noticed it. Thread-safe.
    """

    def __init__(
        self,
        source: AddressSource = routed_address,
        addresses: AddressesSource = local_addresses,
        *,
        every: float = 5.0,
        fixed: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._source = source
        self._addresses = addresses
        self._every = every
        self._fixed = fixed
        self._clock = clock
        self._lock = threading.Lock()
        self._checked = -float("inf")
        self._forced = -float("inf")
        self._current = fixed or LOOPBACK
        self._all: frozenset[str] = frozenset({LOOPBACK, "::1"} | ({fixed} if fixed else set()))
        self._listeners: list[Callable[[str], None]] = []

    def on_change(self, listener: Callable[[str], None]) -> None:
        self._listeners.append(listener)

    def current(self) -> str:
        """The LAN address now (``127.0.0.1`` while there is none), asking the source when stale."""
        self._refresh(force=False)
        return self._current

    def addresses(self) -> frozenset[str]:
        """Every address the box holds now (for the Host check), asking the source when stale."""
        self._refresh(force=False)
        return self._all

    def recheck(self) -> frozenset[str]:
        """Ask now (at most once a second): for a request naming an address not seen yet."""
        self._refresh(force=True)
        return self._all

    def _refresh(self, *, force: bool) -> None:
        now = self._clock()
        with self._lock:
            if force:
                if now - self._forced < 1.0:
                    return
                self._forced = now
            elif now - self._checked < self._every:
                return
            self._checked = now
            before = self._current
            if self._fixed is None:
                self._current = self._source() or LOOPBACK
            found = set(self._addresses()) | {LOOPBACK, "::1", self._current}
            if self._fixed:
                found.add(self._fixed)
            self._all = frozenset(found)
            changed = self._current != before
            current = self._current
        if changed:
            for listener in list(self._listeners):
                # a listener's fault must not cost the caller its answer
                with contextlib.suppress(Exception):
                    listener(current)


def url_host(address: str) -> str:
    """An address as it goes into a URL: IPv6 in brackets."""
    try:
        return f"[{address}]" if ipaddress.ip_address(address).version == 6 else address
    except ValueError:
        return address
