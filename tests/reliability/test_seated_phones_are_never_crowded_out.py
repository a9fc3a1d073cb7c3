"""Issue 24, point 2: a device with many addresses fills the box's connections or streams, and seated
phones (and the box's own screen) are served all the same.

The attacker connects from loopback addresses of its own (127.0.x.y) against the real server. CI fills
a box whose limits are lowered by its hidden flags; `--long` fills the shipped limits, as the red team
did (26 addresses x 32 idle sockets for the 768 connections, 64 addresses x 8 streams for the 512
streams).
"""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack
from pathlib import Path

import requests
from web_helpers import SSE, Server, phone_address

from controller.client import session_from

PLAYERS = 5
ATTACKER = 200  # phone_address(ATTACKER + n): the attacker's addresses, away from the phones'


def _seat_everyone(box: Server) -> list[str]:
    tokens = []
    for seat in range(PLAYERS):
        r = requests.post(f"{box.url}/api/join", json={"seat": seat}, timeout=10)  # the box's own screen
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return tokens


def _idle(box: Server, n: int) -> socket.socket | None:
    """One idle connection from the attacker's ``n``-th address (None if the box refused it at once)."""
    s = socket.create_connection(("127.0.0.1", box.port), timeout=10,
                                 source_address=(phone_address(ATTACKER + n // 32), 0))
    s.setblocking(False)
    try:
        if s.recv(1, socket.MSG_PEEK) is not None:
            s.close()
            return None
    except BlockingIOError:
        pass
    return s


def test_idle_sockets_from_many_addresses_never_keep_a_seated_phone_out(
    tmp_path: Path, long_run: bool
) -> None:
    """The attack: 26 addresses x 32 idle sockets filled the 768 connections; a seated phone got
    503 too_many_connections 20 times of 20."""
    limit = 768 if long_run else 96
    sockets = limit + 64  # more than the box takes, 32 from each address
    with Server(tmp_path, "--max-connections", str(limit), players=PLAYERS) as box, ExitStack() as stack:
        tokens = _seat_everyone(box)
        for n in range(sockets):
            s = _idle(box, n)
            if s is not None:
                stack.callback(s.close)
        # the box is full of the attacker's idle sockets: the next one only gets in by pushing out the
        # oldest of them (never a seated phone's)
        answers, times = [], []
        for n in range(20):
            session = session_from(phone_address(n % PLAYERS))  # a fresh connection each time
            session.headers["Authorization"] = f"Bearer {tokens[n % PLAYERS]}"
            t0 = time.monotonic()
            r = session.get(f"{box.url}/api/me", timeout=10)
            times.append(time.monotonic() - t0)
            answers.append(r.status_code)
            session.close()
        print(f"\n{sockets} idle sockets from {sockets // 32 + 1} addresses against {limit} connections: "
              f"a seated phone served {answers.count(200)} times of 20, slowest {max(times) * 1000:.1f} ms")
        assert answers == [200] * 20
        # the box's own screen is served too
        assert requests.get(f"{box.url}/api/table", timeout=10).status_code == 200


def test_streams_from_many_addresses_never_take_a_seated_phones_stream(
    tmp_path: Path, long_run: bool
) -> None:
    """The attack: 64 addresses x 8 streams filled the 512 streams; a seated phone's own stream got
    503 streams_full."""
    limit = 512 if long_run else 40
    with Server(tmp_path, "--max-streams", str(limit), players=PLAYERS) as box, ExitStack() as stack:
        tokens = _seat_everyone(box)
        statuses = []
        for n in range(limit + 8):  # 8 a device, as many devices as it takes and more
            stream = SSE(box.port, "/api/table/events", source=phone_address(ATTACKER + n // 8))
            stack.callback(stream.close)
            statuses.append(stream.status)
        taken = statuses.count(200)
        assert 0 < taken < limit and set(statuses) == {200, 503}
        # every seated phone still gets its own stream, with its view, and the box's screen its table
        for seat, token in enumerate(tokens):
            mine = SSE(box.port, "/api/me/events", token, source=phone_address(seat))
            stack.callback(mine.close)
            assert mine.status == 200 and mine.next_event()["seat"] == seat
        own = SSE(box.port, "/api/table/events")
        stack.callback(own.close)
        assert own.status == 200 and own.next_event()["version"] == 0
        # even past the reserved room, a seated phone's stream pushes out an attacker's, never the reverse
        extra = [SSE(box.port, "/api/me/events", tokens[0], source=phone_address(0)) for _ in range(3)]
        for stream in extra:
            stack.callback(stream.close)
        assert [s.status for s in extra] == [200, 200, 200]
        print(f"\n{len(statuses)} streams tried from {len(statuses) // 8} addresses against {limit}: the "
              f"attacker got {taken}, every seated phone and the box's screen got theirs")
