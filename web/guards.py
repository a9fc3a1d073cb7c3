"""Request guards: the box answers only to its own names, takes writes only from its own pages.

- **Host** (every request): the name in the ``Host`` header must be one of the box's own -- an address
  it holds now, ``localhost``, its host name (also with ``.local``), the name in ``JACCUSE_PUBLIC_BASE``
  or one listed in the ``allowed_hosts`` setting. A page on another site whose name an attacker points
  at the box (DNS rebinding) sends its own name and is refused, so it cannot read the host link from a
  browser running on the box. Answered 421.
- **Origin** (every state-changing request): a browser says which page sent the request; a page that
  is not the box's own (scheme, host and port compared exactly, no user info) is refused (403).
  Requests without an ``Origin`` (curl, scripts, the tests) are judged by the other checks.
- **JSON** (every state-changing request): a body must be sent as ``application/json``, and no other
  content type is taken even with an empty body (415). Forms and ``text/plain`` bodies -- what a page
  on another site can send without the browser asking first -- never reach an endpoint.
- **nosniff** on every response.

:func:`host_acceptable` is the plain check; :func:`stream_guard` applies it to the live streams, which
the server serves outside Flask (``web.sse``). Streams are only read (GET), so the Origin and JSON checks
have nothing to guard there; their answers carry nosniff too.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from flask import Flask, Response, jsonify, request

from controller.lan import LanAddress, local_addresses
from web.sse import Refusal, Scope

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: the loopback sources the kernel picks for the box's own connections to itself
OWN_LOOPBACK = frozenset({"127.0.0.1", "::1"})
_DEFAULT_PORTS = {"http": 80, "https": 443}


class BoxNames:
    """The names and addresses this box answers to; addresses are followed as they change."""

    def __init__(
        self,
        lan: LanAddress | None = None,
        extra: Iterable[str] = (),
        public_base: str | None = None,
        hostname: str | None = None,
    ) -> None:
        self.lan = lan if lan is not None else LanAddress()
        own = (hostname if hostname is not None else socket.gethostname()).lower().rstrip(".")
        names = {"localhost", own, f"{own}.local"} if own else {"localhost"}
        names |= {_bare(name) for name in extra if name}
        if public_base:
            base = urlsplit(public_base).hostname
            if base:
                names.add(_bare(base))
        self.names = frozenset(n for n in names if n)

    def accepts(self, name: str) -> bool:
        """Whether ``name`` (a host name or address, without port) is one of the box's own."""
        bare = _bare(name)
        if not bare:
            return False
        ip = _ip(bare)
        if ip is None:
            return bare in self.names or bare.endswith(".localhost")
        if ip.is_loopback or (ip.version == 6 and ip.ipv4_mapped is not None and ip.ipv4_mapped.is_loopback):
            return True
        text = str(ip.ipv4_mapped) if ip.version == 6 and ip.ipv4_mapped is not None else str(ip)
        return text in self.lan.addresses() or text in self.lan.recheck()


def split_host(value: str) -> tuple[str, int | None] | None:
    """``host[:port]`` (IPv6 in brackets) as (host, port), or None when malformed."""
    value = value.strip()
    if not value or any(c.isspace() or c in "/\\@?#" for c in value):
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[1:end], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port_text = rest[1:] if rest else ""
    elif value.count(":") == 1:
        host, port_text = value.split(":")
    elif ":" in value:  # a bare IPv6 address, no port
        host, port_text = value, ""
    else:
        host, port_text = value, ""
    if port_text:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return None
        return host, int(port_text)
    return host, None


def host_acceptable(host: str | None, names: BoxNames) -> bool:
    """Whether a ``Host`` header value names this box. No header at all (HTTP/1.0) is accepted:
    DNS rebinding needs a browser, and browsers always send one."""
    if host is None or host == "":
        return True
    parts = split_host(host)
    return parts is not None and names.accepts(parts[0])


def origin_acceptable(origin: str, host: str | None, names: BoxNames, scheme: str = "http") -> bool:
    """Whether a browser's ``Origin`` is the box itself: the request's own scheme, and the same host and
    port as its ``Host`` (or a name of the box when no Host was sent). An origin is only ever
    ``scheme://host[:port]``: one with user info (``http://evil.example@box``), a query or a fragment is
    not a browser's and is refused."""
    try:
        parts = urlsplit(origin)
        port = parts.port
    except ValueError:
        return False
    if parts.scheme not in _DEFAULT_PORTS or parts.scheme != scheme.lower() or not parts.hostname:
        return False
    if "@" in parts.netloc or parts.path not in ("", "/") or parts.query or parts.fragment or "?" in origin:
        return False
    port = port or _DEFAULT_PORTS[parts.scheme]
    if not names.accepts(parts.hostname):
        return False
    if not host:
        return True
    split = split_host(host)
    if split is None:
        return False
    host_name, host_port = split
    if host_port is None:
        host_port = _DEFAULT_PORTS.get(scheme, 80)
    return _bare(host_name) == _bare(parts.hostname) and host_port == port


def is_loopback(address: str | None) -> bool:
    """Whether a peer address is this machine itself (127.0.0.0/8, ::1, or IPv4-mapped loopback)."""
    ip = _ip(address or "")
    if ip is None:
        return False
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped.is_loopback
    return ip.is_loopback


def is_the_box(address: str | None, names: BoxNames | None = None) -> bool:
    """Whether a peer address is the box itself: loopback, or an address the box holds (its own browser
    opened the page through the LAN address printed at start-up).

    A packet from another machine on the LAN cannot carry one of the box's addresses as its source, so
    this needs no secret. Of the loopback range only 127.0.0.1 and ::1 count (see the code). The
    addresses come from ``names`` (the app's, followed as they change), else from the kernel's tables.
    """
    ip = _ip(_bare(address or ""))
    if ip is not None and is_loopback(address):
        # The kernel gives a connection to any loopback address the source 127.0.0.1 (or ::1); another
        # 127.x.y.z source is a socket bound to it on purpose (the tests' stand-in phones), not the box's
        # own screen, and gets what a phone gets.
        return str(ip.ipv4_mapped if ip.version == 6 and ip.ipv4_mapped is not None else ip) in OWN_LOOPBACK
    if ip is None or ip.is_unspecified:
        return False
    text = str(ip.ipv4_mapped) if ip.version == 6 and ip.ipv4_mapped is not None else str(ip)
    return text in (names.lan.addresses() if names is not None else local_addresses())


def _bare(name: str) -> str:
    name = name.strip().lower().rstrip(".")
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name.split("%", 1)[0]  # an IPv6 zone (fe80::1%eth0) names the link, not the host


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


UNKNOWN_HOST = (421, "unknown_host", "this box does not answer to that name; use its address")


def stream_guard(names: BoxNames) -> Callable[[Scope], Refusal | None]:
    """The Host check for an ASGI request (the live streams): the same answer as :func:`install` gives.

    Several Host headers are joined with commas, as the WSGI side sees them, so both refuse alike.
    """

    def guard(scope: Scope) -> Refusal | None:
        given = [value.decode("latin-1") for name, value in scope.get("headers") or () if name == b"host"]
        if host_acceptable(",".join(given) if given else None, names):
            return None
        return (*UNKNOWN_HOST, [])

    return guard


def _refuse(status: int, code: str, message: str) -> tuple[Response, int]:
    if request.path.startswith("/api/"):
        return jsonify({"ok": False, "error": {"code": code, "message": message}}), status
    return Response(message + "\n", status=status, mimetype="text/plain"), status


def install(app: Flask, names: BoxNames) -> None:
    """Put the guards in front of every route of ``app``."""
    app.config["JACCUSE_BOX_NAMES"] = names

    @app.before_request
    def _guard() -> tuple[Response, int] | None:
        host = request.headers.get("Host")
        if not host_acceptable(host, names):
            return _refuse(*UNKNOWN_HOST)
        if request.method not in STATE_CHANGING:
            return None
        origin = request.headers.get("Origin")
        if origin is not None and not origin_acceptable(origin, host, names, request.scheme):
            return _refuse(403, "cross_origin", "requests that change the game come from the box's own pages")
        if origin is None and request.headers.get("Sec-Fetch-Site") in ("cross-site", "same-site"):
            return _refuse(403, "cross_origin", "requests that change the game come from the box's own pages")
        kind = request.headers.get("Content-Type")
        has_body = bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "")
        if (kind is not None or has_body) and request.mimetype != "application/json":
            return _refuse(415, "json_required", "send the body as JSON (Content-Type: application/json)")
        return None

    @app.after_request
    def _nosniff(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
