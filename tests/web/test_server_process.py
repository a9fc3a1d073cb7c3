"""The real server process on loopback: start-up line, SSE latency, heartbeats, reconnects, clients that
never read, bad input over real HTTP and a clean SIGTERM resume.

Simulated phones connect from loopback addresses of their own (``phone_address``), as real phones have
their own addresses: the box caps live streams per client address.
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest
import requests
from web_helpers import SSE, Server, phone_address

from controller.table.journal import FILENAME


def _join_all(server: Server, players: int = 5) -> list[str]:
    tokens = []
    for seat in range(players):
        r = requests.post(f"{server.url}/api/join", json={"seat": seat}, timeout=10)
        assert r.status_code == 200
        tokens.append(r.json()["token"])
    return tokens


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_startup_line_and_sse_latency(tmp_path: Path) -> None:
    with Server(tmp_path, "--heartbeat", "0.3") as server:
        assert server.output[-1] == f"serving http://127.0.0.1:{server.port}"
        assert any("no Raspberry Pi" in line or "host link" in line for line in server.output)
        assert (tmp_path / "host-key").exists() and (tmp_path / FILENAME).exists()
        tokens = _join_all(server)
        table = SSE(server.port, "/api/table/events")
        me = SSE(server.port, "/api/me/events", tokens[0])
        assert table.status == 200 and me.status == 200
        assert table.resp.getheader("Content-Type", "").startswith("text/event-stream")
        assert table.next_event()["version"] == 0  # the current view at once
        first = me.next_event()
        assert first["seat"] == 0 and first["table"]["version"] == 0
        latencies = []
        for seat in range(5):
            card = requests.get(f"{server.url}/api/me", headers=_auth(tokens[seat]), timeout=5).json()[
                "hand"
            ][0]
            t0 = time.monotonic()
            r = requests.post(
                f"{server.url}/api/me/actions",
                json={"act": "membership", "card": card},
                headers=_auth(tokens[seat]),
                timeout=5,
            )
            assert r.status_code == 200
            view = table.next_event()
            latencies.append(time.monotonic() - t0)
            assert view["version"] == seat + 1
        assert max(latencies) < 1.0, latencies  # each chunk is flushed, not buffered
        # me stream: the seat's own change arrives, and heartbeats keep flowing while nothing changes
        kinds = []
        for kind, _value in me.items():
            kinds.append(kind)
            if kind == "comment" and "event" in kinds:
                break
        assert "comment" in kinds
        # a reconnecting client gets the current view at once
        table.close()
        again = SSE(server.port, "/api/table/events")
        assert again.next_event()["version"] == 5
        again.close()
        me.close()
        # the emulated OLED comes up just after `serving`: /api/box then says so (the table page shows
        # the frame only when it does) and the frame is served
        deadline = time.monotonic() + 10
        while not requests.get(f"{server.url}/api/box", timeout=5).json()["display"]:
            assert time.monotonic() < deadline, "/api/box never said there is a display"
            time.sleep(0.05)
        while (frame := requests.get(f"{server.url}/api/display.png", timeout=5)).status_code != 200:
            assert time.monotonic() < deadline, frame.status_code
            time.sleep(0.05)
        assert frame.headers["Content-Type"] == "image/png"


def test_clients_that_never_read_do_not_stall_the_table(tmp_path: Path) -> None:
    with Server(tmp_path, "--heartbeat", "0.2") as server:
        tokens = _join_all(server)
        stuck = []
        for n in range(20):
            s = socket.create_connection(("127.0.0.1", server.port), source_address=(phone_address(n), 0))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            s.sendall(b"GET /api/table/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            stuck.append(s)  # never read
        t0 = time.monotonic()
        for seat in range(5):
            card = requests.get(f"{server.url}/api/me", headers=_auth(tokens[seat]), timeout=5).json()[
                "hand"
            ][0]
            r = requests.post(
                f"{server.url}/api/me/actions",
                json={"act": "membership", "card": card},
                headers=_auth(tokens[seat]),
                timeout=5,
            )
            assert r.status_code == 200
        assert time.monotonic() - t0 < 5
        live = SSE(server.port, "/api/table/events")
        assert live.next_event()["version"] == 5
        for s in stuck:
            s.close()
        live.close()


def test_bad_input_over_real_http(tmp_path: Path) -> None:
    with Server(tmp_path) as server:
        token = _join_all(server)[0]
        h = _auth(token) | {"Content-Type": "application/json"}
        cases = [
            (b"{", 400),
            (b"[]", 400),
            (b'{"act": "fly"}', 400),
            (b'{"act": "vote", "card": []}', 400),
            (b"x" * 100_000, 413),
            (b'{"act": "pass"}', 409),
        ]
        for body, status in cases:
            r = requests.post(f"{server.url}/api/me/actions", data=body, headers=h, timeout=10)
            assert r.status_code == status, (body[:20], r.status_code)
            assert r.json()["ok"] is False
        # a chunked body with no length is capped too
        r = requests.post(f"{server.url}/api/me/actions", data=iter([b"x" * 8192] * 8), headers=h, timeout=10)
        assert r.status_code in (400, 413)
        assert requests.get(f"{server.url}/api/me", timeout=5).status_code == 401
        assert requests.get(f"{server.url}/api/table", timeout=5).json()["version"] == 0
        # a name that is not the box's (DNS rebinding): the live streams refuse it as the app does
        foreign = {"Host": f"rebind.attacker.example:{server.port}"}
        for path, headers in (("/api/table/events", foreign), ("/api/me/events", foreign | _auth(token)),
                              ("/api/table", foreign)):  # fmt: skip
            r = requests.get(f"{server.url}{path}", headers=headers, timeout=5, stream=True)
            assert r.status_code == 421 and r.json()["error"]["code"] == "unknown_host", path
            assert r.headers["X-Content-Type-Options"] == "nosniff"
        own = SSE(server.port, "/api/me/events", token)
        assert own.status == 200 and own.resp.getheader("X-Content-Type-Options") == "nosniff"
        assert own.next_event()["seat"] == 0
        own.close()


def test_sigterm_then_resume_keeps_state_and_tokens(tmp_path: Path) -> None:
    server = Server(tmp_path, "--bots", "3", "--bot-delay", "0.01").start()
    tokens = _join_all(server, 2)
    events = SSE(server.port, "/api/table/events")
    events.next_event()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if requests.get(f"{server.url}/api/table", timeout=5).json()["version"] >= 3:
            break
        time.sleep(0.05)
    closed = threading.Event()

    def drain() -> None:
        for _ in events.items():
            pass
        closed.set()

    threading.Thread(target=drain, daemon=True).start()
    before = requests.get(f"{server.url}/api/table", timeout=5).json()
    t0 = time.monotonic()
    assert server.terminate() == 0
    assert time.monotonic() - t0 < 5
    assert closed.wait(5)  # open streams end with the process
    server = Server(tmp_path).start()
    try:
        after = requests.get(f"{server.url}/api/table", timeout=5).json()
        assert after["version"] >= before["version"]  # bots may have moved after we looked
        for seat, token in enumerate(tokens):
            assert (
                requests.get(f"{server.url}/api/me", headers=_auth(token), timeout=5).json()["seat"] == seat
            )
        r = requests.post(f"{server.url}/api/join", json={"seat": 4}, timeout=5)
        assert r.status_code == 409  # a restart without --bots keeps the journal's bots (issue 25)
    finally:
        server.kill()
    server = Server(tmp_path, "--bots", "0").start()  # an explicit --bots replaces them
    try:
        r = requests.post(f"{server.url}/api/join", json={"seat": 4}, timeout=5)
        assert r.status_code == 200
        assert any("--bots 0: the bots play no seat" in line for line in server.output)
    finally:
        server.kill()


@pytest.mark.parametrize("pads", ["mock", "serial"])
def test_virtual_pads_press_through_mocked_gpio_or_a_simulated_hub(tmp_path: Path, pads: str) -> None:
    """`--pads mock` drives gpiozero's mock pins; `--pads serial` the hub firmware over a pty."""
    with Server(tmp_path, pads=pads) as server:
        tokens = _join_all(server)
        for token in tokens:
            card = requests.get(f"{server.url}/api/me", headers=_auth(token), timeout=5).json()["hand"][0]
            r = requests.post(
                f"{server.url}/api/me/actions",
                json={"act": "membership", "card": card},
                headers=_auth(token),
                timeout=5,
            )
            assert r.status_code == 200
        r = requests.post(
            f"{server.url}/api/me/actions", json={"act": "abstain"}, headers=_auth(tokens[1]), timeout=5
        )
        assert r.status_code == 409 and r.json()["error"]["code"] == "pads_decide"
        r = requests.post(f"{server.url}/api/mock/pads/1/abstain", timeout=10)
        assert r.status_code == 200 and 1 in r.json()["table"]["pressed"]
        r = requests.post(f"{server.url}/api/mock/pads/1/abstain", timeout=10)
        assert r.status_code == 409  # pressed already this round
        box = requests.get(f"{server.url}/api/box", timeout=5).json()
        assert box["mock"] is True and box["pads"] == pads
        deadline = time.monotonic() + 10  # the OLED comes up just after `serving`, on its own thread
        png = requests.get(f"{server.url}/api/display.png", timeout=5)
        while png.status_code == 404 and time.monotonic() < deadline:
            time.sleep(0.05)
            png = requests.get(f"{server.url}/api/display.png", timeout=5)
        assert png.status_code == 200 and png.content.startswith(b"\x89PNG")


def test_corrupt_journal_reported_and_moved_aside(tmp_path: Path) -> None:
    (tmp_path / FILENAME).write_bytes(b"not a database at all" * 50)
    with Server(tmp_path) as server:
        box = requests.get(f"{server.url}/api/box", timeout=5).json()
        assert "journal recovered" in box["status"]
        assert requests.get(f"{server.url}/api/table", timeout=5).json()["version"] == 0
    assert list(tmp_path.glob(FILENAME + ".broken-*"))


def test_sixteen_phones_and_two_table_screens_at_once(tmp_path: Path) -> None:
    """14 seats, two of them open on a second phone too, and two table screens: all stay live."""
    with Server(tmp_path, "--heartbeat", "0.5", players=14) as server:
        tokens = _join_all(server, 14)
        streams = [SSE(server.port, "/api/me/events", tokens[s], source=phone_address(s)) for s in range(14)]
        streams += [
            SSE(server.port, "/api/me/events", tokens[s], source=phone_address(20 + s)) for s in (0, 1)
        ]
        streams += [SSE(server.port, "/api/table/events", source=phone_address(30 + n)) for n in range(2)]
        try:
            assert all(s.status == 200 for s in streams)
            assert all(s.next_event() for s in streams)  # the current view on connect
            card = requests.get(f"{server.url}/api/me", headers=_auth(tokens[5]), timeout=5).json()["hand"][0]
            r = requests.post(f"{server.url}/api/me/actions", json={"act": "membership", "card": card},
                              headers=_auth(tokens[5]), timeout=5)
            assert r.status_code == 200
            for stream in streams:  # every one of the 18 gets the change
                view = stream.next_event()
                table = view.get("table", view)
                assert table["version"] == 1
            # ordinary requests are still served while 18 streams are open
            assert requests.get(f"{server.url}/api/table", timeout=5).status_code == 200
        finally:
            for stream in streams:
                stream.close()
