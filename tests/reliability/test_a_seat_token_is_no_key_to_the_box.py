"""Issue 36: one seat's token, sent from many addresses, must not lock everyone else out.

A seated phone's connections and streams are kept when the box is full, but only a few of each per
seat: past that, a seat's connections are shed like a stranger's and its own oldest streams end. The
attacker holds seat 0's token and connects from loopback addresses of its own (127.0.x.y) against the
real server; CI fills a box whose limits are lowered by its hidden flags, `--long` fills the shipped
ones (24 addresses x 32 keep-alive connections for the 768 connections, 64 addresses x 8 streams for
the 512 streams), as the red team did.
"""

from __future__ import annotations

import http.client
import socket
import time
from contextlib import ExitStack
from pathlib import Path

import requests
from web_helpers import SSE, Server, phone_address

from controller.client import session_from
from web.server import Limits

PLAYERS = 5
ATTACKER = 200  # phone_address(ATTACKER + n): the attacker's addresses, away from the phones'
STRANGER = 150  # devices on the Wi-Fi without a seat


def _seat_everyone(box: Server) -> list[str]:
    tokens = []
    for seat in range(PLAYERS):
        r = requests.post(f"{box.url}/api/join", json={"seat": seat}, timeout=10)  # the box's own screen
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return tokens


def _kept_alive(box: Server, address: str, token: str) -> http.client.HTTPConnection | None:
    """A connection from ``address`` that asked `GET /api/me` with ``token`` and stays open (keep-alive);
    None when the box refused it."""
    conn = http.client.HTTPConnection("127.0.0.1", box.port, timeout=10, source_address=(address, 0))
    try:
        conn.request("GET", "/api/me", headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        response.read()
    except OSError:
        conn.close()
        return None
    if response.status != 200:
        conn.close()
        return None
    return conn


def _still_open(conn: http.client.HTTPConnection, token: str) -> bool:
    try:
        conn.request("GET", "/api/me", headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        response.read()
    except (OSError, http.client.HTTPException):
        return False
    return response.status == 200


def test_one_seat_holding_every_connection_never_keeps_the_others_out(tmp_path: Path, long_run: bool) -> None:
    """The attack: seat 0's token in keep-alive `GET /api/me` from 24 addresses x 32 connections held all
    768; every other seated phone, a stranger and the box's own screen got 503 too_many_connections."""
    limit = 768 if long_run else 96
    with Server(tmp_path, "--max-connections", str(limit), players=PLAYERS) as box, ExitStack() as stack:
        tokens = _seat_everyone(box)
        held = []
        t0 = time.monotonic()
        for n in range(limit):
            conn = _kept_alive(box, phone_address(ATTACKER + n // 32), tokens[0])
            if conn is not None:
                stack.callback(conn.close)
                held.append(conn)
        filled_in = time.monotonic() - t0
        assert len(held) == limit  # the box took every one of them: it was full of seat 0's connections
        # every other seated phone, a stranger and the box's own screen, each on a fresh connection
        answers, phones = {}, []
        for seat in range(1, PLAYERS):
            phone = _kept_alive(box, phone_address(seat), tokens[seat])
            answers[f"seat {seat}"] = phone is not None
            if phone is not None:
                stack.callback(phone.close)
                phones.append((phone, tokens[seat]))
        stranger = session_from(phone_address(STRANGER))
        answers["stranger"] = stranger.get(f"{box.url}/api/table", timeout=10).status_code == 200
        stranger.close()
        answers["box"] = requests.get(f"{box.url}/api/table", timeout=10).status_code == 200
        print(f"\nseat 0 held {len(held)} keep-alive connections from {limit // 32} addresses (in "
              f"{filled_in:.1f} s); served on a fresh connection: {answers}")
        assert all(answers.values()), answers
        # a flood of idle sockets from strangers now pushes out seat 0's connections past its few, never
        # another seat's, nor seat 0's newest (a phone and a second tab)
        for n in range(limit):
            source = (phone_address(STRANGER + 1 + n // 32), 0)
            stack.enter_context(socket.create_connection(("127.0.0.1", box.port), 10, source))
        assert all(_still_open(phone, token) for phone, token in phones)
        kept = [_still_open(conn, tokens[0]) for conn in held]
        print(f"after {limit} idle sockets from strangers, seat 0 keeps {sum(kept)} of its connections")
        few = Limits().trusted_per_seat
        assert kept == [False] * (limit - few) + [True] * few


def test_one_seat_holding_every_stream_never_takes_the_others_streams(tmp_path: Path, long_run: bool) -> None:
    """The attack: 512 of seat 0's own streams from 64 addresses filled the stream pool; another seat's
    stream, the public table stream and the box's own table stream got 503 streams_full."""
    limit = 512 if long_run else 40
    with Server(tmp_path, "--max-streams", str(limit), players=PLAYERS) as box, ExitStack() as stack:
        tokens = _seat_everyone(box)
        attack = []
        for n in range(limit):  # 8 a device, the most one address may hold
            stream = SSE(box.port, "/api/me/events", tokens[0], source=phone_address(ATTACKER + n // 8))
            stack.callback(stream.close)
            attack.append(stream)
        # seat 0 still gets its newest streams, with its own view: a phone and a second tab work
        assert all(s.status == 200 for s in attack)
        assert attack[-1].next_event()["seat"] == 0
        # every other seat's own stream, a stranger's table stream and the box's own table stream
        answers = {}
        for seat in range(1, PLAYERS):
            mine = SSE(box.port, "/api/me/events", tokens[seat], source=phone_address(seat))
            stack.callback(mine.close)
            answers[f"seat {seat}"] = mine.status
            if mine.status == 200:
                assert mine.next_event()["seat"] == seat
        stranger = SSE(box.port, "/api/table/events", source=phone_address(STRANGER))
        stack.callback(stranger.close)
        answers["stranger"] = stranger.status
        own = SSE(box.port, "/api/table/events")
        stack.callback(own.close)
        answers["box"] = own.status
        print(f"\n{limit} of seat 0's streams from {limit // 8} addresses against {limit}: {answers}")
        assert answers == {k: 200 for k in answers}, answers
        # the box ended all but seat 0's newest few streams: each sent its view and then its end
        few = Limits().streams_per_seat
        assert all([event["seat"] for event in stream.events()] == [0] for stream in attack[:-few])
