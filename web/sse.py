"""Server-Sent Events for the live views: one broadcaster on the server's event loop, no thread per stream.

When the table publishes a change, its loop thread calls the broadcaster's listener, which only asks the
event loop to run :meth:`Broadcaster.fan_out`. That one call, on the loop, serialises the public view
once and each watched seat's private view once, frames each as one HTTP chunk, and writes the same bytes
to every open stream of that audience: straight to the connection's transport when the connection has
nothing else waiting (the common case: one ``write`` per stream, no task woken), else into the stream's
one-frame mailbox, which the stream's own coroutine sends through the server once its reader has caught
up (a slow reader keeps only the newest frame waiting; older ones are dropped). Nothing here blocks, and
no worker thread is ever held by a stream. The stream's response itself (status, headers, first frame,
end) always goes through the server's ASGI interface, so h11 keeps the connection's HTTP state; the
chunks written in between are the same chunked framing h11 would write.

What a stream sends (the HTTP contract): the current view as soon as it connects, then an event when
the view changes. A change of ``version`` alone is not sent: a vote selection changes nothing the public
or another seat may see but that counter, and an event for it would tell the room that someone is
changing their vote. Between events a comment line goes out every ``heartbeat`` seconds, so proxies keep
the stream open and a vanished phone is noticed. Streams end when the table stops, when a seat's token
stops being valid (the host released the seat; its last event is then the named ``released``, so the
page knows at once), when the client leaves, when a write has been stuck for
``write_deadline`` seconds, and after ``lifetime`` seconds (with a random spread, so reconnections do not
come all at once): EventSource reconnects by itself after the ``retry`` delay and gets the current view.

Limits: at most ``max_streams`` streams open in all and ``per_client`` from one client address; past
either a new stream is answered 503 with the usual JSON error, so an attacker cannot hold the box's
streams, and ordinary requests never wait for a stream (they are served by other workers). A seat's
own streams and the box's screen are served even then (see :meth:`Broadcaster._admit`), but a seat
holds at most ``per_seat`` streams across all addresses: its next one ends its oldest, so one seat's
token cannot take the room kept for the others.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from controller.table import Snapshot, Table
from web.tokens import COOKIE, token_from

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

PUBLIC = -1  # the audience of /api/table/events; seats are 0..N-1
OWN = ("127.0.0.1", "::1")  # the sources of the box's own connections to itself
TABLE_PATH = "/api/table/events"
ME_PATH = "/api/me/events"
PATHS = (TABLE_PATH, ME_PATH)

RETRY_MS = 2000
BATCH = 32  # streams written per turn of the event loop during a fan-out


class _Body(dict[str, Any]):
    """An ASGI body message that also carries its bytes framed as an HTTP/1.1 chunk, made once."""

    __slots__ = ("chunk",)

    def __init__(self, body: bytes, more_body: bool = True) -> None:
        super().__init__(type="http.response.body", body=body, more_body=more_body)
        self.chunk = b"%x\r\n%s\r\n" % (len(body), body) if body else b""


_PING = _Body(b": ping\n\n")
_END = _Body(b"", more_body=False)
# A seat's stream whose token stopped holding the seat (the host released it, or dealt fewer seats) ends
# with this named event, so the page learns why at once instead of finding out by reconnecting; an
# ``onmessage`` reader never sees it (only the unnamed events are views).
_RELEASED = _Body(b'event: released\ndata: {"reason":"released"}\n\n', more_body=False)
STREAM_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache, no-store"),
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]

#: A refusal: HTTP status, error code, message, extra headers.
Refusal = tuple[int, str, str, list[tuple[bytes, bytes]]]
#: Checks run on every stream request before it is admitted (see :meth:`Broadcaster.add_guard`).
Guard = Callable[[Scope], "Refusal | None"]


_encode = json.JSONEncoder(separators=(",", ":")).encode  # made once: json.dumps makes one per call


def _dumps(value: Any) -> str:
    return _encode(value)


class _Audience:
    """The streams of one audience and the last frame they were all sent."""

    __slots__ = ("key", "message", "own", "streams")

    def __init__(self) -> None:
        self.streams: set[_Stream] = set()
        self.key: object = None  # the view without its version: what decides whether to send
        self.message: _Body | None = None
        self.own: tuple[dict[str, Any], str] | None = None  # a seat's own view and its JSON, last made


class _Stream:
    """One open event stream: a one-frame mailbox its connection's coroutine drains."""

    __slots__ = (
        "audience", "client", "ends_at", "key", "last_write", "peer", "pending", "sending_since", "task",
        "token", "transport", "waiter",
    )  # fmt: skip

    def __init__(
        self, audience: int, peer: Any, client: str, token: str | None, ends_at: float, now: float
    ) -> None:
        self.audience = audience
        self.key: object = None  # the content key of the last frame handed to this stream
        self.peer = peer  # the ASGI scope's (address, port) of the connection
        self.client = client
        self.token = token
        self.ends_at = ends_at
        self.last_write = now
        self.sending_since = 0.0
        self.pending: _Body | None = None
        self.waiter: asyncio.Future[None] | None = None
        self.task: asyncio.Task[Any] | None = None
        # the connection, once the response has started, when the server lets the broadcaster write to it
        self.transport: asyncio.WriteTransport | None = None

    def push(self, message: _Body, now: float) -> None:
        """Write ``message`` now if the connection is free, else leave it (replacing an older one) for the
        stream's coroutine; the end always goes through the coroutine, which completes the response."""
        transport = self.transport
        if (
            transport is not None
            and message["more_body"]
            and self.pending is None
            and not self.sending_since
            and not transport.is_closing()
            and not transport.get_write_buffer_size()
        ):
            transport.write(message.chunk)
            self.last_write = now
            return
        if self.pending is None or self.pending["more_body"]:  # an end, once due, stays due
            self.pending = message
        waiter = self.waiter
        if waiter is not None:
            self.waiter = None
            if not waiter.done():
                waiter.set_result(None)


_Due = tuple[_Stream, _Body, object]  # a stream, the frame it is due, and that frame's content key


class Broadcaster:
    """Fans the table's snapshots out to every open stream; lives on one asyncio event loop."""

    def __init__(
        self,
        table: Table,
        *,
        heartbeat: float = 15.0,
        max_streams: int = 512,
        per_client: int = 8,
        lifetime: float = 1800.0,
        write_deadline: float = 30.0,
        reserved: int | None = None,
        per_seat: int = 4,
    ) -> None:
        self.table = table
        self.per_seat = per_seat  # one seat's own streams, across all addresses; a newer one ends the oldest
        self._by_seat: dict[int, dict[_Stream, None]] = {}  # a seat's own streams, oldest first
        # streams only seated phones and the box's own screen may take: others stop short of them
        self.reserved = min(32, max_streams // 2) if reserved is None else reserved
        # is a request the box itself (its own screen)? set by the server; by default 127.0.0.1 and ::1
        self.from_the_box: Callable[[Scope], bool] = lambda scope: _client(scope) in OWN
        self._public: dict[_Stream, None] = {}  # the streams anyone may take, oldest first
        self.shed = 0  # streams ended to make room: public ones, or a seat's oldest past its share
        self.heartbeat = heartbeat
        self.max_streams = max_streams
        self.per_client = per_client
        self.lifetime = lifetime
        self.write_deadline = write_deadline
        self._guards: list[Guard] = []
        # set by the server: drops a connection by its ASGI ``client`` (address, port) at once
        self.abort: Callable[[Any], bool] | None = None
        # set by the server: the transport of a connection, by its ASGI ``client``, for direct writes
        self.transport_of: Callable[[Any], asyncio.WriteTransport | None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._audiences: dict[int, _Audience] = {}
        self._clients: dict[str, int] = {}
        self._streams: set[_Stream] = set()
        self._snap: Snapshot = table.snapshot()
        self._claims = self._snap.claims
        self._wake_pending = False
        self._tick: asyncio.TimerHandle | None = None
        self._done = threading.Condition()
        self._done_serial = self._snap.serial
        self._generation = 0  # the fan-out being delivered; a newer one takes over what is left
        self.fan_outs = 0  # how many times a change was fanned out (for tests and benchmarks)

    # ------------------------------------------------------------------ wiring
    def add_guard(self, guard: Guard) -> None:
        """Run ``guard(scope)`` on every stream request before it is admitted; a refusal is answered.

        This is the one place where stream requests are admitted outside Flask: request checks that the
        Flask app applies to every request (the Host header, for one) belong here too.
        """
        self._guards.append(guard)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start serving on ``loop`` (the server's): listen to the table and start the heartbeat."""
        self._loop = loop
        self.table.add_listener(self._wake)
        self._tick = loop.call_later(self.heartbeat, self._on_tick)
        self.fan_out()

    def _wake(self) -> None:
        """The table's listener (its loop thread): ask the event loop to fan out, once per burst."""
        if self._wake_pending or self._loop is None:
            return
        self._wake_pending = True
        try:
            self._loop.call_soon_threadsafe(self._woken)
        except RuntimeError:  # the event loop is closed: the server is gone
            self._wake_pending = False

    def _woken(self) -> None:
        self._wake_pending = False
        self.fan_out()

    # ------------------------------------------------------------------ fan-out (event loop)
    def fan_out(self) -> None:
        """Bring every stream up to the table's newest snapshot: render once per audience, hand out."""
        snap = self.table.snapshot()
        if snap.serial == self._snap.serial and not (snap.closed and self._streams):
            return
        self._snap = snap
        self.fan_outs += 1
        now = self._loop.time() if self._loop is not None else 0.0
        if snap.closed:
            for stream in list(self._streams):
                stream.push(_END, now)
        else:
            if snap.claims != self._claims:
                self._claims = snap.claims
                self._check_tokens()
            public: tuple[str, str] | None = None
            due: list[_Due] = []
            for audience_id, audience in self._audiences.items():
                if not audience.streams or audience_id >= snap.players:
                    continue  # (a seat past a new game's smaller count: its streams were just ended)
                if public is None:
                    public = _public_parts(snap)
                key, message = _render(snap, audience_id, public, audience)
                if key != audience.key:
                    audience.key, audience.message = key, message
                key, message = audience.key, audience.message
                assert message is not None
                due.extend((stream, message, key) for stream in audience.streams if stream.key is not key)
            self._generation += 1
            self._deliver(self._generation, due, 0, snap.serial)
            return
        self._after_writers(snap.serial)

    def _deliver(self, generation: int, due: list[_Due], start: int, serial: int) -> None:
        """Hand frames to streams, ``BATCH`` at a time, letting the loop run other callbacks in between.

        A phone's own answer (the response to its action) waits on this loop too: between two batches
        it gets its turn instead of queueing behind every stream of a large audience.
        """
        if generation != self._generation:
            return  # a newer fan-out took over; it checked every stream again
        now = self._loop.time() if self._loop is not None else 0.0
        stop = min(len(due), start + BATCH)
        for n in range(start, stop):
            stream, message, key = due[n]
            stream.key = key
            stream.push(message, now)
        if stop < len(due) and self._loop is not None:
            self._loop.call_soon(self._deliver, generation, due, stop, serial)
        elif stop < len(due):
            self._deliver(generation, due, stop, serial)
        else:
            self._after_writers(serial)

    def _after_writers(self, serial: int) -> None:
        # A stream whose frame went to its mailbox is written by its coroutine, which runs next on this
        # loop; this runs after them, so whoever waits in wait_fanned_out (the OLED's feeder) goes once
        # the phones are served.
        if self._loop is not None:
            self._loop.call_soon(self._fanned_out, serial)
        else:
            self._fanned_out(serial)

    def _fanned_out(self, serial: int) -> None:
        with self._done:
            self._done_serial = max(self._done_serial, serial)
            self._done.notify_all()

    def _check_tokens(self) -> None:
        """After seat claims changed: end the streams whose token no longer holds their seat."""
        for stream in list(self._streams):
            if stream.audience != PUBLIC and self.table.authenticate(stream.token) != stream.audience:
                stream.push(_RELEASED, 0.0)

    def wait_fanned_out(self, after_serial: int, timeout: float | None) -> Snapshot:
        """Like :meth:`Table.wait_for_change`, but returns once the change was written to the streams.

        The devices feeder waits here, so the OLED and pad lights are drawn after the phones' streams
        were written, not competing with them for the CPU. Without an event loop attached (no server),
        it is the table's own wait.
        """
        if self._loop is None:
            return self.table.wait_for_change(after_serial, timeout)
        with self._done:
            self._done.wait_for(lambda: self._done_serial > after_serial or self.table.closed, timeout)
        snap = self._snap
        return snap if snap.serial > after_serial else self.table.snapshot()

    def _on_tick(self) -> None:
        """Once per heartbeat: pings for quiet streams, ends for old or stuck ones."""
        assert self._loop is not None
        now = self._loop.time()
        for stream in self._streams:
            if stream.sending_since and now - stream.sending_since > self.write_deadline:
                # the reader stopped reading: drop its connection (or, failing that, the stream)
                if not (self.abort is not None and self.abort(stream.peer)) and stream.task is not None:
                    stream.task.cancel()
            elif now >= stream.ends_at:
                stream.push(_END, now)
            elif now - stream.last_write >= self.heartbeat * 0.5 and stream.pending is None:
                stream.push(_PING, now)
        self._tick = self._loop.call_later(self.heartbeat, self._on_tick)

    def close(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
        for stream in list(self._streams):
            stream.push(_END, 0.0)

    @property
    def open_streams(self) -> int:
        return len(self._streams)

    # ------------------------------------------------------------------ one stream (ASGI)
    async def serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI endpoint of both stream paths."""
        privileged = self._privileged(scope)
        refusal = self._admit(scope, privileged)
        if refusal is not None:
            await send_error(send, *refusal)
            return
        assert self._loop is not None
        loop = self._loop
        audience_id, token = self._audience_of(scope)
        client = _client(scope)
        now = loop.time()
        spread = self.lifetime * 0.2
        ends_at = now + self.lifetime - random.uniform(0, spread)
        stream = _Stream(audience_id, scope.get("client"), client, token, ends_at, now)
        stream.task = asyncio.current_task()
        self.fan_out()  # catch up first, so the first frame is current and no change is sent twice
        audience = self._audiences.get(audience_id)
        if audience is None:
            audience = self._audiences[audience_id] = _Audience()
        key, first = _render(self._snap, audience_id, _public_parts(self._snap))
        if not audience.streams:
            audience.key, audience.message = key, first
        stream.key = audience.key
        audience.streams.add(stream)
        self._streams.add(stream)
        if not privileged:
            self._public[stream] = None
        elif audience_id != PUBLIC:
            self._by_seat.setdefault(audience_id, {})[stream] = None
        self._clients[client] = self._clients.get(client, 0) + 1
        gone = asyncio.ensure_future(_until_disconnect(receive))
        gone.add_done_callback(lambda _: stream.push(_END, 0.0))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
            if scope.get("method") == "HEAD":
                await send(_END)
                return
            opening = b"retry: %d\n\n" % RETRY_MS + first["body"]
            await send({"type": "http.response.body", "body": opening, "more_body": True})
            stream.last_write = loop.time()
            if self.transport_of is not None and scope.get("http_version") == "1.1":
                # HTTP/1.1 without a length: h11 sends the body chunked, so chunks may be written directly
                stream.transport = self.transport_of(stream.peer)
            if self._snap.closed:
                stream.push(_END, 0.0)
            while True:
                message = stream.pending
                if message is None:
                    stream.waiter = loop.create_future()
                    await stream.waiter
                    continue
                stream.pending = None
                stream.sending_since = loop.time()
                await send(message)
                stream.sending_since = 0.0
                if not message["more_body"]:  # an end (_END, _RELEASED) completes the response
                    return
                stream.last_write = loop.time()
        finally:
            gone.cancel()
            audience.streams.discard(stream)
            self._streams.discard(stream)
            self._public.pop(stream, None)
            self._forget_seat_stream(stream)
            left = self._clients.get(client, 1) - 1
            if left:
                self._clients[client] = left
            else:
                self._clients.pop(client, None)

    def _privileged(self, scope: Scope) -> bool:
        """A seated phone's own stream, or the box's own screen: served whoever else holds streams."""
        if scope.get("path") == ME_PATH:
            return self.table.authenticate(token_of(scope)) is not None
        return self.from_the_box(scope)

    def _forget_seat_stream(self, stream: _Stream) -> None:
        mine = self._by_seat.get(stream.audience)
        if mine is not None:
            mine.pop(stream, None)
            if not mine:
                del self._by_seat[stream.audience]

    def _end_oldest_of_seat(self, seat: int) -> None:
        """A seat at its share of streams opens one more: its oldest ends (a tab left open, a phone gone
        from the Wi-Fi) instead of the new one being refused or another seat's room taken."""
        mine = self._by_seat.get(seat) or {}
        while len(mine) >= self.per_seat:
            oldest = next(iter(mine))
            self._forget_seat_stream(oldest)
            self._streams.discard(oldest)  # counted out now; its coroutine ends it at once
            audience = self._audiences.get(seat)
            if audience is not None:
                audience.streams.discard(oldest)
            oldest.push(_END, 0.0)
            self.shed += 1

    def _make_room(self) -> bool:
        """End the oldest public stream to make room for a privileged one; False if there is none."""
        for stream in self._public:
            del self._public[stream]
            self._streams.discard(stream)  # counted out now; its coroutine ends it at once
            stream.push(_END, 0.0)
            self.shed += 1
            return True
        return False

    def _admit(self, scope: Scope, privileged: bool = False) -> Refusal | None:
        """The one gate of every stream request: method, token, guards, then the stream limits.

        Public streams may fill the box only up to ``reserved`` streams short of its limit; a seated
        phone's stream or the box's own screen takes the reserved room, and past it the oldest public
        stream is ended for it, so a device with many addresses can never keep a seated phone out. A
        seat's stream past its ``per_seat`` ends that seat's oldest first, so the privileged streams
        stay a few a seat (plus the box's own, ``per_client`` an address) and a full box always has a
        public one to end; should it have none, the box's own screen is served all the same.
        """
        if scope.get("method") not in ("GET", "HEAD"):
            return 405, "method_not_allowed", "live streams are read with GET", [(b"allow", b"GET, HEAD")]
        for guard in self._guards:
            refusal = guard(scope)
            if refusal is not None:
                return refusal
        if scope.get("path") == ME_PATH:
            _, token = self._audience_of(scope)
            if self.table.authenticate(token) is None:
                return 401, "unauthorized", "a valid seat token is needed", [(b"www-authenticate", b"Bearer")]
        retry = [(b"retry-after", b"5")]
        limit = self.max_streams if privileged else self.max_streams - self.reserved
        room_for_it = self._clients.get(_client(scope), 0) < self.per_client
        seat = self._audience_of(scope)[0] if privileged else PUBLIC
        if room_for_it and seat != PUBLIC:
            self._end_oldest_of_seat(seat)
        if privileged and room_for_it and len(self._streams) >= limit:
            self._make_room()
        box = privileged and seat == PUBLIC  # the box's own screen
        if len(self._streams) >= limit and not (box and room_for_it):
            return 503, "streams_full", (
                f"the box already serves {self.max_streams} live streams, its limit; try again shortly"
            ), retry  # fmt: skip
        if self._clients.get(_client(scope), 0) >= self.per_client:
            return 503, "too_many_streams", (
                f"this device already has {self.per_client} live streams open, the most one device may "
                "hold; close a tab showing the table and try again"
            ), retry  # fmt: skip
        return None

    def _audience_of(self, scope: Scope) -> tuple[int, str | None]:
        if scope.get("path") != ME_PATH:
            return PUBLIC, None
        token = token_of(scope)
        seat = self.table.authenticate(token)
        return (seat if seat is not None else PUBLIC), token


def token_of(scope: Scope) -> str | None:
    """The seat token an ASGI request carries (``Authorization: Bearer``, else the page's cookie)."""
    authorization, cookie_header = "", ""
    for name, value in scope.get("headers") or ():
        if name == b"authorization":
            authorization = value.decode("latin-1")
        elif name == b"cookie":
            cookie_header = value.decode("latin-1")
    return token_from(authorization, _cookie(cookie_header, COOKIE))


async def _until_disconnect(receive: Receive) -> None:
    """Returns when the client has gone (the request itself has no body to read)."""
    while (await receive()).get("type") != "http.disconnect":
        pass


def _public_parts(snap: Snapshot) -> tuple[str, str]:
    """The public view as JSON, and the same without ``version`` (what decides whether to send)."""
    public = snap.public
    rest = _dumps({k: v for k, v in public.items() if k != "version"})
    head = f'{{"version":{snap.version}'
    body = f"{head},{rest[1:]}" if rest != "{}" else head + "}"
    return body, rest


def _render(
    snap: Snapshot, audience: int, public: tuple[str, str], last: _Audience | None = None
) -> tuple[object, _Body]:
    """(content key, ASGI body message) of one audience's event for ``snap``.

    A seat's view carries the public view under ``table``; it is the same view the public stream
    sends, so it is spliced in as JSON text instead of being serialised again for every seat. With
    ``last`` (the audience's last frame), a seat view equal to the last one is not serialised again,
    and an event that would change nothing for the audience is not framed: a vote changes one seat's
    view, not the other thirteen.
    """
    body, rest = public
    if audience == PUBLIC:
        key: object = rest
        text = body
    else:
        view = {k: v for k, v in snap.seats[audience].items() if k != "table"}
        if last is not None and last.own is not None and last.own[0] == view:
            own = last.own[1]
        else:
            own = _dumps(view)
            if last is not None:
                last.own = (view, own)
        key = (own, rest)
    if last is not None and last.message is not None and key == last.key:
        return last.key, last.message
    if audience != PUBLIC:
        text = own[:-1] + ',"table":' + body + "}" if own != "{}" else '{"table":' + body + "}"
    frame = b"id: %d\ndata: %s\n\n" % (snap.version, text.encode("utf-8"))
    return key, _Body(frame)


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


def _cookie(header: str, name: str) -> str | None:
    """One cookie's value from a Cookie header (the token is URL-safe base64: no quoting to undo)."""
    for part in header.split(";"):
        key, sep, value = part.strip().partition("=")
        if sep and key == name:
            return value.strip().strip('"') or None
    return None


async def send_error(
    send: Send, status: int, code: str, message: str, headers: list[tuple[bytes, bytes]] | None = None,
    close: bool = False,
) -> None:
    """Answer with the API's JSON error shape, outside Flask."""
    body = _dumps({"ok": False, "error": {"code": code, "message": message}}).encode()
    head = [
        (b"content-type", b"application/json"),
        (b"content-length", b"%d" % len(body)),
        (b"cache-control", b"no-store"),
        (b"x-content-type-options", b"nosniff"),
        *(headers or ()),
    ]
    if close:
        head.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body, "more_body": False})


