"""Is this request from the box itself? The table page on the box's own screen gets the host link and
the join code; a phone on the Wi-Fi never does.

"The box itself" is any client whose address is one of the box's own: loopback, and also the LAN
address when the box's browser opened the page through it (the address printed at start-up). A
packet from another machine cannot carry one of our addresses as its source on the LAN, so this
holds without any secret; the host key is still needed everywhere else.

The addresses come from the kernel's tables (``/proc/net/fib_trie`` and ``/proc/net/if_inet6`` on
Linux), read again every few seconds since DHCP may change them, with the resolver as a fallback.
"""

from __future__ import annotations

import ipaddress
import itertools
import socket
import threading
import time
from pathlib import Path
from typing import Final

REFRESH_SECONDS: Final = 10.0

_lock = threading.Lock()
_cache: tuple[float, frozenset[str]] = (0.0, frozenset())


def _from_proc() -> set[str]:
    found: set[str] = set()
    try:
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
    except OSError:
        lines = []
    for previous, line in itertools.pairwise(lines):
        # "|-- 192.168.1.5" followed by "/32 host LOCAL" names one of this machine's IPv4 addresses
        if line.strip() == "/32 host LOCAL" and "|--" in previous:
            found.add(previous.split("|--", 1)[1].strip())
    try:
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            raw = line.split()[0] if line.split() else ""
            if len(raw) == 32:
                found.add(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    except (OSError, ValueError):
        pass
    return found


def _from_resolver() -> set[str]:
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.add(str(info[4][0]))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the route
            found.add(str(s.getsockname()[0]))
    except OSError:
        pass
    return found


def own_addresses() -> frozenset[str]:
    """The box's own IP addresses (cached for a few seconds)."""
    global _cache
    now = time.monotonic()
    with _lock:
        stamp, addresses = _cache
        if addresses and now - stamp < REFRESH_SECONDS:
            return addresses
        addresses = frozenset(_from_proc() | _from_resolver())
        _cache = (now, addresses)
        return addresses


def is_the_box(remote_addr: str | None) -> bool:
    """True for a client on this machine: a loopback address or one of the box's own addresses."""
    if not remote_addr:
        return False
    try:
        ip = ipaddress.ip_address(remote_addr.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return True
    if ip.is_unspecified:
        return False
    return str(ip) in own_addresses()
