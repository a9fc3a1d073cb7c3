"""The box's HTTP server: uvicorn's event loop on one port, Flask behind it, the live streams beside it.

Why this shape (benchmarks/server_candidates.py measures it against the alternatives; the README has
the figures): the live streams are long-lived and the table has many of them (14 phones, table
screens), so they are served on an asyncio event loop, where an open stream is a few kilobytes of state
and costs nothing until the broadcaster (``web.sse``) hands it a frame, instead of holding a thread.
uvicorn (with h11, pure Python: nothing to compile on a Pi) parses HTTP and runs that loop. Pages and
the JSON API stay a Flask app, run by a2wsgi's WSGI adapter on a small pool of worker threads that a
stream never occupies.

Everything that would let one client starve the others is stopped here, before Flask:

- connections per client address and in all are capped (a refused connection gets a 503 and is closed);
  when the box is full, the oldest connection not yet known as a seated phone's or the box's own is
  closed to let a new one in, and streams keep room only seated phones and the box's screen may take.
  A seat's token earns that trust for a few connections only (``trusted_per_seat``, across all
  addresses): past them the seat's oldest go back among the strangers', so one seat's token sent from
  many addresses cannot hold the box;
- requests per client address are rate-limited (30 a second, bursts of 60; past that a 429 from the
  event loop, before Flask): a phone needs a few, and a flood from one device costs the box little;
- a request's headers must arrive within ``header_timeout`` seconds of the connection opening (or of the
  previous response on a kept-alive connection), its body within ``body_timeout``: a client trickling
  bytes is dropped instead of holding a connection for ever;
- a body larger than the API's 16 KB limit is refused with 413 before it is read (from its
  Content-Length, or as soon as a chunked body passes the limit), and every accepted body is read in
  full on the event loop before a worker thread sees the request, so no worker waits on the network;
- TCP keepalive and a TCP user timeout on every connection make the kernel give up on a phone that left
  the network without closing (within about ``dead_peer_seconds``), whether its connection is idle or
  has unacknowledged stream data; the broadcaster also drops a stream whose writes stay stuck.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import resource
import signal
import socket
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import h11
from a2wsgi import WSGIMiddleware
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import Server

from controller.table import Table
from controller.table.ratelimit import TokenBucket
from web.sse import PATHS, Broadcaster, Message, Receive, Scope, Send, send_error, token_of

MAX_BODY = 16 * 1024  # the API's body limit (web.MAX_BODY; repeated here so this module stays light)


@dataclass(frozen=True)
class Limits:
    """What one client, and all of them together, may hold of the box."""

    connections: int = 768  # open connections in all (each is a file descriptor)
    per_client: int = 32  # open connections from one address (a browser opens about six)
    trusted_per_seat: int = 8  # connections one seat's token keeps from being shed (two browsers' worth)
    header_timeout: float = 10.0  # seconds to send a request's headers
    body_timeout: float = 10.0  # seconds to send a request's body (at most 16 KB)
    keepalive_timeout: float = 5.0  # an idle kept-alive connection is closed after this
    dead_peer_seconds: int = 45  # about how long a vanished client keeps its connection
    streams: int = 512  # open live streams in all
    streams_per_client: int = 8  # open live streams from one address
    streams_per_seat: int = 4  # one seat's own streams (a phone, a second tab); a fifth ends its oldest
    stream_lifetime: float = 1800.0  # a stream ends after about this long; the page reconnects
    write_deadline: float = 30.0  # a stream whose write stays stuck this long is dropped
    requests_per_second: float = 30.0  # requests from one address (the box's own 127.0.0.1 is exempt)
    request_burst: int = 60  # a page load is some twenty requests at once


def broadcaster_for(table: Table, limits: Limits, heartbeat: float) -> Broadcaster:
    """The live streams' broadcaster for ``table``, held to the streams' share of ``limits``."""
    return Broadcaster(
        table,
        heartbeat=heartbeat,
        max_streams=limits.streams,
        per_client=limits.streams_per_client,
        per_seat=limits.streams_per_seat,
        lifetime=limits.stream_lifetime,
        write_deadline=limits.write_deadline,
    )


def limits_from(args: argparse.Namespace) -> Limits:
    """The limits ``run``'s hidden flags ask for (benchmarks and tests lift them)."""
    return Limits(
        connections=max(1, args.max_connections),
        per_client=max(1, args.connections_per_client),
        header_timeout=args.request_timeout,
        body_timeout=args.request_timeout,
        streams=max(1, args.max_streams),
        streams_per_client=max(1, args.streams_per_client),
        streams_per_seat=max(1, args.streams_per_seat),
        stream_lifetime=args.stream_lifetime,
    )


#: the box itself (its own table screen, a local script): never rate-limited, always let in
LOCAL = ("127.0.0.1", "::1")

_REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n"
    b"retry-after: 5\r\ncontent-length: %d\r\n\r\n%s"
)


def _refusal(message: str) -> bytes:
    body = b'{"ok":false,"error":{"code":"too_many_connections","message":"%s"}}' % message.encode()
    return _REFUSED % (len(body), body)


#: who a trusted connection belongs to: a seat (its number), or the box itself (never capped)
BOX = "box"
Owner = int | str


class _Connections:
    """Counts connections per client address, and finds a connection by its (address, port).

    A connection is *trusted* once a request on it carried a seated phone's token or came from the box
    itself (see :meth:`Front.__call__`). When the box is full, a new connection is let in by closing
    the oldest untrusted one: a device with many addresses can fill the box with idle sockets, but
    never keep a seated phone (whose connection is trusted at its first request) out. A seat's token
    earns trust for at most ``trusted_per_seat`` connections: a newer one puts the seat's oldest back
    among the untrusted, first in line to be closed, so the trusted connections stay few (a handful a
    seat, plus the box's own) and a full box always has one to close. The box's own screen (127.0.0.1,
    ::1) is let in even when there is none.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.by_client: dict[str, int] = {}
        self.by_peer: dict[Any, asyncio.Transport] = {}
        self.client_of: dict[Any, str] = {}
        self.untrusted: OrderedDict[Any, None] = OrderedDict()  # peers not (yet) trusted, oldest first
        self.owner_of: dict[Any, Owner] = {}  # trusted peers: whose they are
        self.by_seat: dict[Owner, dict[Any, None]] = {}  # a seat's trusted peers, oldest first
        self.total = 0
        self.refused = 0
        self.shed = 0  # untrusted connections closed to let a new one in
        self.demoted = 0  # a seat's connections put back among the untrusted past its share

    def open(self, client: str, peer: Any, transport: asyncio.Transport) -> bytes | None:
        """Count a new connection in, or the canned 503 to answer it with."""
        if self.by_client.get(client, 0) >= self.limits.per_client:
            self.refused += 1
            return _refusal("this device has too many connections open to the box")
        if self.total >= self.limits.connections and not self._shed_oldest() and client not in LOCAL:
            self.refused += 1
            return _refusal("the box has as many connections open as it can take; try again shortly")
        self.by_client[client] = self.by_client.get(client, 0) + 1
        self.by_peer[peer] = transport
        self.client_of[peer] = client
        if client in LOCAL:
            self.owner_of[peer] = BOX  # the box's own screen: trusted from the start
        else:
            self.untrusted[peer] = None
        self.total += 1
        return None

    def trust(self, peer: Any, owner: Owner) -> None:
        """A request on this connection proved it is a seat's phone or the box: keep it when full,
        within the seat's share."""
        if peer not in self.untrusted:
            return
        del self.untrusted[peer]
        self.owner_of[peer] = owner
        if owner == BOX:
            return
        mine = self.by_seat.setdefault(owner, {})
        mine[peer] = None
        while len(mine) > self.limits.trusted_per_seat:
            oldest = next(iter(mine))
            del mine[oldest]
            del self.owner_of[oldest]
            self.untrusted[oldest] = None
            self.untrusted.move_to_end(oldest, last=False)  # the first to be closed for a newcomer
            self.demoted += 1

    def _shed_oldest(self) -> bool:
        for peer in self.untrusted:
            transport = self.by_peer[peer]
            self.close(self.client_of[peer], peer)  # counted out now, before the abort takes effect
            transport.abort()
            self.shed += 1
            return True
        return False

    def close(self, client: str, peer: Any) -> None:
        if peer not in self.by_peer:
            return  # already counted out (shed)
        left = self.by_client.get(client, 1) - 1
        if left:
            self.by_client[client] = left
        else:
            self.by_client.pop(client, None)
        self.by_peer.pop(peer, None)
        self.client_of.pop(peer, None)
        self.untrusted.pop(peer, None)
        owner = self.owner_of.pop(peer, None)
        if owner is not None and owner != BOX:
            mine = self.by_seat.get(owner)
            if mine is not None:
                mine.pop(peer, None)
                if not mine:
                    del self.by_seat[owner]
        self.total -= 1

    def abort(self, peer: Any) -> bool:
        transport = self.by_peer.get(peer)
        if transport is None:
            return False
        transport.abort()
        return True


def _tune(sock: socket.socket | None, dead_peer_seconds: int) -> None:
    """No Nagle delay, and have the kernel drop a connection whose peer is gone: keepalive probes, and
    a cap on how long sent data may stay unacknowledged (without it a stream to a vanished phone
    retries for ~15 min)."""
    if sock is None:
        return
    idle = max(5, dead_peer_seconds // 3)
    interval = max(1, (dead_peer_seconds - idle) // 4)
    options = [
        (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),  # a response's head and body go out at once
        (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1),
        (socket.IPPROTO_TCP, getattr(socket, "TCP_KEEPIDLE", None), idle),
        (socket.IPPROTO_TCP, getattr(socket, "TCP_KEEPINTVL", None), interval),
        (socket.IPPROTO_TCP, getattr(socket, "TCP_KEEPCNT", None), 4),
        (socket.IPPROTO_TCP, getattr(socket, "TCP_USER_TIMEOUT", None), dead_peer_seconds * 1000),
    ]
    for level, name, value in options:
        if name is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(level, name, value)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with per-address connection limits and request deadlines.

    ``guard`` is set on a subclass made by :func:`_protocol_class` (uvicorn builds the protocol
    itself, from the class given as ``Config(http=...)``).
    """

    guard: _Connections

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_for: object = None
        self._client_addr = self.client[0] if self.client else "?"
        refusal = self.guard.open(self._client_addr, self.client, transport)
        self._counted = refusal is None
        if refusal is not None:
            transport.write(refusal)
            transport.close()
            return
        _tune(transport.get_extra_info("socket"), self.guard.limits.dead_peer_seconds)
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._counted:
            self._counted = False
            self.guard.close(self._client_addr, self.client)
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._counted:
            return  # refused: the canned answer is on its way out
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def _watch(self) -> None:
        """Keep a deadline on whatever part of a request is still awaited from the client."""
        state = self.conn.their_state
        limits = self.guard.limits
        if state is h11.IDLE:
            self._arm(h11.IDLE, limits.header_timeout)
        elif state is h11.SEND_BODY:
            self._arm(h11.SEND_BODY, limits.body_timeout)
        else:
            self._disarm()

    def _arm(self, state: object, seconds: float) -> None:
        if self._waiting_for is state and self._deadline is not None:
            return
        self._disarm()
        self._waiting_for = state
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._waiting_for = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def _protocol_class(connections: _Connections) -> type[GuardedH11Protocol]:
    return type("BoxH11Protocol", (GuardedH11Protocol,), {"guard": connections})


class Front:
    """The ASGI app on the port: streams to the broadcaster, everything else (bodies read) to Flask."""

    def __init__(self, wsgi_app: Any, broadcaster: Broadcaster, workers: int, limits: Limits) -> None:
        self.flask = WSGIMiddleware(wsgi_app, workers=workers)
        self.broadcaster = broadcaster
        self.limits = limits
        self._rates: dict[str, TokenBucket] = {}
        # set by the server: marks a connection (its ASGI ``client``) as a seat's phone's or the box's
        self.trust: Callable[[Any, Owner], None] | None = None
        self.untrusted: Callable[[Any], bool] = lambda peer: False

    def _too_many(self, scope: Scope) -> bool:
        client = scope.get("client")
        address = str(client[0]) if client else "?"
        if address in LOCAL or self.limits.requests_per_second <= 0:
            return False
        now = time.monotonic()
        bucket = self._rates.get(address)
        if bucket is None:
            if len(self._rates) >= 4096:  # forget the addresses that have been quiet
                self._rates = {a: b for a, b in self._rates.items() if not b.full(now)}
            limits = self.limits
            bucket = self._rates[address] = TokenBucket(limits.requests_per_second, limits.request_burst)
        return not bucket.take(now)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        peer = scope.get("client")
        if self.trust is not None and self.untrusted(peer):
            owner = self._owner(scope)
            if owner is not None:
                self.trust(peer, owner)
        if self._too_many(scope):
            await send_error(send, 429, "too_many_requests",
                             "this device sends requests faster than the box answers anyone; slow down",
                             [(b"retry-after", b"1")])  # fmt: skip
            return
        if scope["path"] in PATHS:
            await self.broadcaster.serve(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > MAX_BODY:
            await _too_large(send)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = bool(message.get("more_body"))
            if len(body) > MAX_BODY:
                await _too_large(send)
                return
        # a2wsgi types the ASGI messages as TypedDicts; these are the same dicts, as uvicorn hands them over
        await self.flask(scope, _replay(bytes(body), receive), send)  # type: ignore[arg-type]


    def _owner(self, scope: Scope) -> Owner | None:
        """The box, for a request from the box itself; else the seat whose token it carries (checked in
        constant time); else None."""
        if self.broadcaster.from_the_box(scope):
            return BOX
        return self.broadcaster.table.authenticate(token_of(scope))


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers") or ():
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _too_large(send: Send) -> None:
    message = f"the request body is larger than the {MAX_BODY // 1024} KB limit"
    await send_error(send, 413, "too_large", message, close=True)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive() that hands over the already read body once, then waits on the connection."""
    handed = False

    async def again() -> Message:
        nonlocal handed
        if not handed:
            handed = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


def listen(host: str, port: int, backlog: int = 512) -> socket.socket:
    """The listening socket (bind errors surface here, before anything else starts)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto given explicitly: asyncio turns Nagle's algorithm off only on sockets that say they are TCP
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    sock.setblocking(False)
    return sock


def _raise_file_limit(wanted: int) -> None:
    """Each connection is a file descriptor: lift the soft limit towards what the limits allow."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


class BoxServer:
    """Serves ``wsgi_app`` and the broadcaster's streams on ``sock`` until :meth:`stop` or a signal."""

    def __init__(
        self,
        wsgi_app: Any,
        broadcaster: Broadcaster,
        sock: socket.socket,
        *,
        workers: int = 8,
        limits: Limits | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.sock = sock
        self.broadcaster = broadcaster
        self.connections = _Connections(self.limits)
        broadcaster.abort = self.connections.abort
        broadcaster.transport_of = self.connections.by_peer.get
        self.front = Front(wsgi_app, broadcaster, workers, self.limits)
        self.front.trust = self.connections.trust
        self.front.untrusted = self.connections.untrusted.__contains__
        self.config = Config(
            self.front,
            http=_protocol_class(self.connections),
            ws="none",
            lifespan="off",
            interface="asgi3",
            log_config=None,
            access_log=False,
            proxy_headers=False,  # no proxy in front of the box: a client's address is its own
            server_header=False,
            date_header=False,
            timeout_keep_alive=int(self.limits.keepalive_timeout),
            timeout_graceful_shutdown=2,
        )
        self._server = Server(self.config)
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def run(self, on_ready: Callable[[], None], on_signal: Callable[[], None] | None = None) -> None:
        """Serve until stopped; ``on_ready`` runs once the port answers, ``on_signal`` on SIGTERM/SIGINT."""
        _raise_file_limit(self.limits.connections + 64)
        # A request hops between the event loop and a worker thread a few times; each hop waits for the
        # GIL, which a busy thread (the OLED's renderer, the table loop) holds for up to the switch
        # interval: 1 ms instead of Python's 5 keeps those waits short.
        sys.setswitchinterval(0.001)
        asyncio.run(self._main(on_ready, on_signal))

    async def _main(self, on_ready: Callable[[], None], on_signal: Callable[[], None] | None) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        self._stop = asyncio.Event()
        self.config.load()
        self._server.lifespan = self.config.lifespan_class(self.config)  # "off": does nothing
        await self._server.startup(sockets=[self.sock])
        await self._server.on_tick(0)  # sets uvicorn's default headers once; no 10 Hz tick while idle
        self.broadcaster.attach(loop)

        def signalled() -> None:
            if on_signal is not None:
                on_signal()
            self.stop()

        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(ValueError, RuntimeError, NotImplementedError):
                loop.add_signal_handler(sig, signalled)
        on_ready()
        try:
            await self._stop.wait()
        finally:
            self.broadcaster.close()
            await self._server.shutdown(sockets=[self.sock])
            self.front.flask.executor.shutdown(wait=False, cancel_futures=True)

    def stop(self) -> None:
        """Stop serving (any thread): open streams end, the port closes, ``run`` returns."""
        loop, stop = self._loop, self._stop
        if loop is None or stop is None:
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(stop.set)
