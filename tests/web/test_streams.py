"""The broadcaster in-process (web.sse): tokens, what is sent and when, and streams that get stuck.

These drive :meth:`Broadcaster.serve` as an ASGI app on an event loop of their own, with a real Table;
tests/web/test_server_process.py checks the same through the real server.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games.jaccuse import Action
from controller.lan import LanAddress
from controller.table import Table, TableConfig
from web import create_app
from web.guards import BoxNames, host_acceptable, stream_guard
from web.sse import Broadcaster


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=5))
    t.start()
    yield t
    t.stop()


class Client:
    """One stream request: collects what the broadcaster sends; ``leave()`` disconnects it."""

    def __init__(self, path: str, headers: list[tuple[bytes, bytes]] | None = None, client: str = "10.0.0.1"):
        self.scope = {"type": "http", "method": "GET", "path": path, "headers": headers or [],
                      "client": (client, 5555)}  # fmt: skip
        self.status: int | None = None
        self.headers: dict[bytes, bytes] = {}
        self.chunks: list[bytes] = []
        self.done = False
        self._gone = asyncio.Event()
        self._requested = False
        self.block: asyncio.Future[None] | None = None  # set: the next body write never completes

    async def receive(self) -> dict[str, Any]:
        if not self._requested:
            self._requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self._gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self.headers = dict(message["headers"])
            return
        if self.block is not None and message.get("body"):
            await self.block
        self.chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            self.done = True

    def leave(self) -> None:
        self._gone.set()

    def events(self) -> list[dict[str, Any]]:
        text = b"".join(self.chunks).decode()
        return [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:")]

    def body(self) -> dict[str, Any]:
        return json.loads(b"".join(self.chunks))  # type: ignore[no-any-return]


async def _settle(table: Table, broadcaster: Broadcaster) -> None:
    """Let the table's change reach the loop and every stream write it."""
    for _ in range(500):  # up to 5 s on a loaded machine; a quiet one moves on at once
        await asyncio.sleep(0.01)
        if broadcaster._snap.serial == table.snapshot().serial:
            break
    await asyncio.sleep(0.1)  # the streams write what the broadcaster now holds


def _run(coro: Any) -> Any:
    """Run ``coro`` on an event loop of its own, in a thread of its own (a browser test's Playwright
    may have left an event loop running on this one)."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the test's thread
            out["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def _bearer(token: str) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Bearer {token}".encode())]


@pytest.mark.parametrize(
    "headers",
    [[], [(b"authorization", b"Bearer wrong")], [(b"authorization", b"Basic eA==")],
     [(b"authorization", b"Bearer " + b"x" * 5000)], [(b"cookie", b"jaccuse_token=nope")]],
)  # fmt: skip
def test_me_stream_needs_a_valid_token(table: Table, headers: list[tuple[bytes, bytes]]) -> None:
    assert table.join(0).ok

    async def main() -> Client:
        b = Broadcaster(table)
        b.attach(asyncio.get_running_loop())
        c = Client("/api/me/events", headers)
        await b.serve(c.scope, c.receive, c.send)
        return c

    c = _run(main())
    assert c.status == 401 and c.headers[b"www-authenticate"] == b"Bearer"
    err = c.body()["error"]
    assert err["code"] == "unauthorized" and "seat" not in err["message"].replace("a valid seat token", "")


def test_events_only_when_something_visible_changed(table: Table) -> None:
    """The seat that votes sees its selection; the others and the room see nothing of it."""
    tokens = [table.join(s).data["token"] for s in range(5)]
    for seat in range(5):
        card = table.snapshot().seats[seat]["hand"][0]
        assert table.submit_action(seat, Action(seat=seat, act="membership", card=card)).ok

    async def main() -> tuple[Client, Client, Client, list[str]]:
        b = Broadcaster(table)
        b.attach(asyncio.get_running_loop())
        room = Client("/api/table/events")
        voter = Client("/api/me/events", _bearer(tokens[0]), "10.0.0.2")
        cookie = [(b"cookie", f"a=b; jaccuse_token={tokens[1]}".encode())]
        other = Client("/api/me/events", cookie, "10.0.0.3")
        tasks = [asyncio.create_task(b.serve(c.scope, c.receive, c.send)) for c in (room, voter, other)]
        await _settle(table, b)
        cards = table.snapshot().seats[0]["moves"]
        vote_cards = next(m["cards"] for m in cards if m["act"] == "vote")
        for card in vote_cards[:3]:
            outcome = await asyncio.to_thread(table.submit_action, 0, Action(seat=0, act="vote", card=card))
            assert outcome.ok
            await _settle(table, b)
        assert (await asyncio.to_thread(table.press, 0, "reveal")) is None
        await _settle(table, b)
        for c in (room, voter, other):
            c.leave()
        await asyncio.gather(*tasks)
        return room, voter, other, vote_cards[:3]

    room, voter, other, voted = _run(main())
    assert room.headers[b"content-type"].startswith(b"text/event-stream")
    assert b"".join(room.chunks).startswith(b"retry: 2000\n\n")
    # the three selections (versions 6-8) were never sent to the room nor to seat 1; the press (9) was
    assert [e["version"] for e in room.events()] == [5, 9]
    assert [e["table"]["version"] for e in other.events()] == [5, 9]
    assert [e["selected"] for e in voter.events()] == [None, *voted, voted[-1]]
    assert [e["table"]["version"] for e in voter.events()] == [5, 6, 7, 8, 9]
    assert voter.events()[-1] == json.loads(json.dumps(table.snapshot().seats[0]))


def test_a_released_seat_ends_its_stream(table: Table) -> None:
    token = table.join(2).data["token"]

    async def main() -> Client:
        b = Broadcaster(table)
        b.attach(asyncio.get_running_loop())
        c = Client("/api/me/events", _bearer(token))
        task = asyncio.create_task(b.serve(c.scope, c.receive, c.send))
        await _settle(table, b)
        assert (await asyncio.to_thread(table.release, 2)).ok
        await asyncio.wait_for(task, 2)
        return c

    c = _run(main())
    # the view it had, then the reason it ends: a named event an onmessage reader never takes for a view
    assert c.done and len(c.events()) == 2
    text = b"".join(c.chunks).decode()
    assert text.endswith('event: released\ndata: {"reason":"released"}\n\n')
    assert "seat" in c.events()[0] and c.events()[1] == {"reason": "released"}


def test_a_stream_that_stays_valid_never_says_released(table: Table) -> None:
    token = table.join(2).data["token"]
    other = table.join(3).data["token"]

    async def main() -> Client:
        b = Broadcaster(table)
        b.attach(asyncio.get_running_loop())
        c = Client("/api/me/events", _bearer(token))
        task = asyncio.create_task(b.serve(c.scope, c.receive, c.send))
        await _settle(table, b)
        assert (await asyncio.to_thread(table.release, 3)).ok  # another seat's release changes the claims
        await _settle(table, b)
        c.leave()
        await asyncio.wait_for(task, 2)
        return c

    c = _run(main())
    assert other and "event: released" not in b"".join(c.chunks).decode()


def test_limits_per_client_and_in_all(table: Table) -> None:
    async def main() -> list[int | None]:
        b = Broadcaster(table, max_streams=3, per_client=2, reserved=0)  # no room kept for seats here
        b.attach(asyncio.get_running_loop())
        clients = [Client("/api/table/events", client=a) for a in ("1.1.1.1", "1.1.1.1", "1.1.1.1", "2.2.2.2",
                                                                  "3.3.3.3")]  # fmt: skip
        tasks = []
        for c in clients:
            tasks.append(asyncio.create_task(b.serve(c.scope, c.receive, c.send)))
            await asyncio.sleep(0.01)
        for c in clients:
            c.leave()
        await asyncio.gather(*tasks)
        return [c.status for c in clients]

    assert _run(main()) == [200, 200, 503, 200, 503]


def test_a_stuck_reader_is_dropped_and_holds_nobody_back(table: Table) -> None:
    tokens = [table.join(s).data["token"] for s in range(2)]

    async def main() -> tuple[Client, Client, list[Any]]:
        b = Broadcaster(table, heartbeat=0.05, write_deadline=0.3)
        aborted: list[Any] = []
        b.abort = lambda peer: aborted.append(peer) or False  # no server here: the task is cancelled
        b.attach(asyncio.get_running_loop())
        stuck = Client("/api/table/events", client="9.9.9.9")
        live = Client("/api/me/events", _bearer(tokens[1]))
        t_stuck = asyncio.create_task(b.serve(stuck.scope, stuck.receive, stuck.send))
        t_live = asyncio.create_task(b.serve(live.scope, live.receive, live.send))
        await _settle(table, b)
        stuck.block = asyncio.get_running_loop().create_future()  # its next write never completes
        card = table.snapshot().seats[0]["hand"][0]
        placed = await asyncio.to_thread(table.submit_action, 0, Action(seat=0, act="membership", card=card))
        assert placed.ok
        await _settle(table, b)
        assert live.events()[-1]["table"]["version"] == 1  # not held back by the stuck one
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(t_stuck, 2)
        live.leave()
        await t_live
        return stuck, live, aborted

    _, live, aborted = _run(main())
    assert aborted == [("9.9.9.9", 5555)]
    assert b": ping" in b"".join(live.chunks)  # heartbeats flowed meanwhile


def test_the_devices_are_fed_after_the_streams_were_written(table: Table) -> None:
    """run's device feeder waits in wait_fanned_out: the phones get a change before the OLED is drawn."""
    async def main() -> list[tuple[int, list[int]]]:
        b = Broadcaster(table)
        b.attach(asyncio.get_running_loop())
        c = Client("/api/table/events")
        task = asyncio.create_task(b.serve(c.scope, c.receive, c.send))
        await _settle(table, b)
        before = table.snapshot().serial
        seen: list[tuple[int, list[int]]] = []

        def feeder() -> None:
            snap = b.wait_fanned_out(before, 5)
            seen.append((snap.version, [e["version"] for e in c.events()]))

        waiting = threading.Thread(target=feeder)
        waiting.start()
        card = table.snapshot().seats[0]["hand"][0]
        placed = await asyncio.to_thread(table.submit_action, 0, Action(seat=0, act="membership", card=card))
        assert placed.ok
        await asyncio.to_thread(waiting.join, 5)
        c.leave()
        await task
        return seen

    assert _run(main()) == [(1, [0, 1])]


# ---------------------------------------------------------------- the app's request guards and views

BOX = "192.168.1.20"  # the box's LAN address in these tests


def _box_names() -> BoxNames:
    return BoxNames(LanAddress(lambda: BOX, lambda: frozenset({BOX})), hostname="jaccuse-box")


def _host(name: str) -> list[tuple[bytes, bytes]]:
    return [(b"host", name.encode())]


def test_streams_answer_only_to_the_box_names_like_the_app(table: Table) -> None:
    """DNS rebinding: a page whose name the attacker points at the box, in the box's own browser (a
    loopback client), may not read the live views either; the box's own names still may."""
    token = table.join(0).data["token"]
    names = _box_names()

    async def main() -> list[Client]:
        b = Broadcaster(table)
        b.add_guard(stream_guard(names))
        b.attach(asyncio.get_running_loop())
        clients = [
            Client("/api/table/events", _host("rebind.attacker.example:8000"), client="127.0.0.1"),
            Client("/api/me/events", _host("rebind.attacker.example") + _bearer(token), client="127.0.0.1"),
            Client("/api/table/events", _host("192.168.1.21:8000")),  # not an address the box holds
            Client("/api/table/events", _host(f"{BOX}:8000")),
            Client("/api/table/events", _host("jaccuse-box.local:8000")),
            Client("/api/me/events", _host("localhost:8000") + _bearer(token), client="127.0.0.1"),
            Client("/api/table/events"),  # no Host at all (HTTP/1.0): accepted, as by the app
        ]
        tasks = [asyncio.create_task(b.serve(c.scope, c.receive, c.send)) for c in clients]
        await _settle(table, b)
        for c in clients:
            c.leave()
        await asyncio.gather(*tasks)
        return clients

    clients = _run(main())
    assert [c.status for c in clients] == [421, 421, 421, 200, 200, 200, 200]
    for refused in clients[:3]:
        assert refused.body()["error"]["code"] == "unknown_host" and refused.done
    assert clients[5].events()[0]["seat"] == 0
    # the Flask side answers the same name the same way
    app = create_app(table, names=names)
    r = app.test_client().get("/api/table", headers={"Host": "rebind.attacker.example:8000"})
    assert r.status_code == 421 and r.get_json() == clients[0].body()
    for c in clients:
        assert c.headers[b"x-content-type-options"] == b"nosniff", c.status


def test_every_stream_answer_says_nosniff(table: Table) -> None:
    async def main() -> list[Client]:
        b = Broadcaster(table, max_streams=1)
        b.attach(asyncio.get_running_loop())
        clients = [Client("/api/table/events"), Client("/api/table/events", client="10.0.0.9"),
                   Client("/api/me/events"), Client("/api/me/events", _bearer("nope"))]  # fmt: skip
        tasks = [asyncio.create_task(b.serve(c.scope, c.receive, c.send)) for c in clients]
        await _settle(table, b)
        post = Client("/api/table/events")
        post.scope["method"] = "POST"
        await b.serve(post.scope, post.receive, post.send)
        for c in clients:
            c.leave()
        await asyncio.gather(*tasks)
        return [*clients, post]

    clients = _run(main())
    assert [c.status for c in clients] == [200, 503, 401, 401, 405]
    for c in clients:
        assert c.headers[b"x-content-type-options"] == b"nosniff", c.status


def test_streams_send_exactly_the_views_the_api_answers(table: Table) -> None:
    """What the table adds to the rules' views (names, the shot clock, the seat lock, the join code
    needed, each seat's feed and refused pad presses) reaches the streams as GET /api/table and
    GET /api/me give it: both read the same published snapshot."""
    tokens = [table.join(s, name=f"P{s}").data["token"] for s in range(5)]
    assert table.host_setting("clock", 60).ok and table.host_setting("join_code", "new").ok
    assert table.host_setting("locked", True).ok
    for seat in range(5):
        card = table.snapshot().seats[seat]["hand"][0]
        assert table.submit_action(seat, Action(seat=seat, act="membership", card=card)).ok
    table.press(1, "reveal")  # nobody has voted yet: refused, and counted for seat 1's pad light
    app = create_app(table)
    http = app.test_client()

    async def main() -> tuple[Client, list[Client]]:
        b = Broadcaster(table)
        b.attach(asyncio.get_running_loop())
        room = Client("/api/table/events")
        seats = [Client("/api/me/events", _bearer(t), f"10.0.1.{n}") for n, t in enumerate(tokens)]
        tasks = [asyncio.create_task(b.serve(c.scope, c.receive, c.send)) for c in (room, *seats)]
        await _settle(table, b)
        for c in (room, *seats):
            c.leave()
        await asyncio.gather(*tasks)
        return room, seats

    room, seats = _run(main())
    public = http.get("/api/table", headers={"Host": "localhost"}).get_json()
    assert room.events()[-1] == public
    assert public["names"] == [f"P{s}" for s in range(5)] and public["clock"]["seconds"] == 60
    assert public["seats_locked"] is True and public["join_code_needed"] is True
    assert "join_code" not in json.dumps(public).replace("join_code_needed", "")
    for seat, stream in enumerate(seats):
        me = http.get("/api/me", headers={"Host": "localhost", "Authorization": f"Bearer {tokens[seat]}"})
        assert stream.events()[-1] == me.get_json()
        assert me.get_json()["name"] == f"P{seat}" and me.get_json()["feed"]
    assert seats[1].events()[-1]["pad_refusals"] == 1


HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)


def test_stream_requests_of_any_shape_get_a_well_formed_answer(table: Table) -> None:
    """The stream paths are outside Flask, so the HTTP fuzz test (tests/reliability) does not reach them:
    generated stream requests (any method, Host, scheme, token, cookie, client) are each answered with a
    status the contract knows, the JSON error shape and nosniff; a seat's stream opens only with its own
    token and under one of the box's names; and nothing the table holds changes."""
    tokens = [table.join(s).data["token"] for s in range(3)]
    names = _box_names()
    before = table.snapshot()
    token_values = st.one_of(st.sampled_from(tokens), st.sampled_from(["", "nope", "x" * 600]), HEADER_TEXT)
    hosts = st.one_of(
        st.none(), st.sampled_from((f"{BOX}:8000", "localhost", "jaccuse-box.local", "evil.example",
                                    "[::1]:80", "127.0.0.1:0", "a b", "")), HEADER_TEXT,
    )  # fmt: skip

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(
        method=st.sampled_from(("GET",) * 6 + ("HEAD", "POST", "PUT", "DELETE", "OPTIONS")),
        path=st.sampled_from(("/api/table/events", "/api/me/events", "/api/me/events")),
        host=hosts,
        scheme=st.sampled_from(("Bearer ", "bearer ", "Basic ", "", None)),
        token=token_values,
        cookie=st.none() | token_values.map(lambda t: f"jaccuse_token={t}") | HEADER_TEXT,
        client=st.sampled_from(("10.0.0.1", "127.0.0.1", "::1", "192.168.1.50")),
    )
    def one_request(method: str, path: str, host: str | None, scheme: str | None, token: str,
                    cookie: str | None, client: str) -> None:  # fmt: skip
        headers: list[tuple[bytes, bytes]] = []
        if host is not None:
            headers.append((b"host", host.encode()))
        if scheme is not None:
            headers.append((b"authorization", (scheme + token).encode()))
        if cookie is not None:
            headers.append((b"cookie", cookie.encode()))
        c = Client(path, headers, client)
        c.scope["method"] = method
        c.leave()  # gone at once: a stream that opens sends its first frame and ends

        async def main() -> None:
            b = Broadcaster(table, per_client=64)
            b.add_guard(stream_guard(names))
            b.attach(asyncio.get_running_loop())
            await asyncio.wait_for(b.serve(c.scope, c.receive, c.send), 5)
            b.close()

        _run(main())
        assert c.done and c.headers[b"x-content-type-options"] == b"nosniff", c.status
        if method not in ("GET", "HEAD"):
            assert c.status == 405
        elif not host_acceptable(host, names):
            assert c.status == 421
        elif path == "/api/me/events":
            # the header wins when it is there and not empty (only a Bearer one carries a token); else
            # the page's cookie
            if scheme is not None and scheme + token:
                sent = token.strip() if scheme.lower() == "bearer " else None
            else:
                prefix = "jaccuse_token="
                sent = cookie[len(prefix):] if cookie and cookie.startswith(prefix) else None
            seat = table.authenticate(sent)
            if seat is None:
                assert c.status == 401
            else:
                assert c.status == 200
                if method == "GET":
                    assert c.events()[0]["seat"] == seat
        else:
            assert c.status == 200
        if c.status != 200:
            error = c.body()["error"]
            assert error["code"] and error["message"]

    one_request()
    after = table.snapshot()
    assert (after.version, after.claimed, after.public) == (before.version, before.claimed, before.public)
