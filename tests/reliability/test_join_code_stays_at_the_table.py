"""Issue 24, points 1 and 2 (join codes): the join code stays with the people who can see the box.

Each test starts the real box and plays the other devices on the Wi-Fi from loopback addresses of
their own (127.0.x.y; only 127.0.0.1, which the kernel gives the box's own connections, counts as the
box's own screen), exactly as the red team did.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from pathlib import Path

import requests
from PIL import Image
from web_helpers import Server, phone_address

from controller.client import session_from

PLAYERS = 6
STRANGER = phone_address(230)  # a laptop on the Wi-Fi, not at the table


def _host(box: Server, setting: str, body: object) -> dict[str, object]:
    r = requests.post(f"{box.url}/api/host/{setting}", json=body, headers={"X-Host-Key": box.host_key},
                      timeout=10)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _frame(session: requests.Session, box: Server) -> tuple[bytes, int]:
    """The OLED's frame as its pixels, and its number."""
    r = session.get(f"{box.url}/api/display.png", timeout=10)
    assert r.status_code == 200, r.text
    return Image.open(io.BytesIO(r.content)).convert("1").tobytes(), int(r.headers["X-Frame"])


def _wait(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_the_oled_image_a_stranger_reads_never_carries_the_join_code(tmp_path: Path) -> None:
    """The attack: GET /api/display.png from the Wi-Fi during the start screen read "Join code NNNNNN"."""
    with Server(tmp_path, players=PLAYERS) as box:
        own_screen, stranger = requests.Session(), session_from(STRANGER)
        _wait(lambda: requests.get(f"{box.url}/api/display.png", timeout=10).status_code == 200)
        before, _ = _frame(own_screen, box)
        code = str(_host(box, "join-code", {"code": "new"})["join_code"])
        _wait(lambda: _frame(own_screen, box)[0] != before)  # the start screen now shows the code
        with_code, _ = _frame(own_screen, box)
        seen, _ = _frame(stranger, box)
        assert seen != with_code, "a device on the Wi-Fi got the frame with the join code"
        # the host, wherever it is, gets the code (its key opens it), as on the host page
        host_view = stranger.get(f"{box.url}/api/display.png", headers={"X-Host-Key": box.host_key},
                                 timeout=10)
        assert Image.open(io.BytesIO(host_view.content)).convert("1").tobytes() == with_code
        # what the stranger saw is the same screen with no code on it at all
        _host(box, "join-code", {"code": None})
        _wait(lambda: _frame(own_screen, box)[0] != with_code)
        assert _frame(own_screen, box)[0] == seen and _frame(stranger, box)[0] == seen
        # and nothing else a stranger may read carries it either
        _host(box, "join-code", {"code": code})
        for path in ("/api/box", "/api/table", "/api/seats", "/", "/seat/0", "/qr/seat/0.svg"):
            assert code not in stranger.get(f"{box.url}{path}", timeout=10).text, path


def test_one_device_takes_one_seat_unless_the_host_allows_more(tmp_path: Path) -> None:
    """The attack: one address took seats 0-5 as soon as it had the code."""
    with Server(tmp_path, players=PLAYERS) as box:
        code = str(_host(box, "join-code", {"code": "new"})["join_code"])
        grabber = session_from(phone_address(231))
        r = grabber.post(f"{box.url}/api/join", json={"seat": 0, "code": code}, timeout=10)
        assert r.status_code == 200
        for seat in range(1, PLAYERS):  # the same browser (its seat cookie) ...
            r = grabber.post(f"{box.url}/api/join", json={"seat": seat, "code": code}, timeout=10)
            assert r.status_code == 409 and r.json()["error"]["code"] == "one_seat_per_device", r.text
        fresh = session_from(phone_address(231))  # ... or a fresh script on the same device
        r = fresh.post(f"{box.url}/api/join", json={"seat": 1, "code": code}, timeout=10)
        assert r.status_code == 409 and "seat 0" in r.json()["error"]["message"]
        cookie = session_from(phone_address(232))  # ... or the seat's cookie carried to another address
        cookie.cookies.update(grabber.cookies)
        r = cookie.post(f"{box.url}/api/join", json={"seat": 1, "code": code}, timeout=10)
        assert r.status_code == 409
        seats = requests.get(f"{box.url}/api/seats", timeout=10).json()["seats"]
        assert [s["claimed"] for s in seats] == [True] + [False] * (PLAYERS - 1)
        # another phone still joins; the host may let one phone hold several seats (a shared tablet)
        assert session_from(phone_address(233)).post(
            f"{box.url}/api/join", json={"seat": 1, "code": code}, timeout=10).status_code == 200
        assert _host(box, "multi-seat", {"allowed": True})["multi_seat"] is True
        join = f"{box.url}/api/join"
        assert fresh.post(join, json={"seat": 2, "code": code}, timeout=10).status_code == 200
        _host(box, "multi-seat", {"allowed": False})
        assert fresh.post(join, json={"seat": 3, "code": code}, timeout=10).status_code == 409
        # a released seat frees its device again
        _host(box, "release", {"seat": 0})
        _host(box, "release", {"seat": 2})
        assert fresh.post(join, json={"seat": 3, "code": code}, timeout=10).status_code == 200


def test_guessing_from_many_addresses_is_limited_across_all_of_them_and_the_host_sees_it(
    tmp_path: Path,
) -> None:
    """The attack: from 40 addresses 200 wrong guesses went through in 0.3 s with no 429."""
    with Server(tmp_path, players=PLAYERS) as box:
        code = str(_host(box, "join-code", {"code": "new"})["join_code"])
        guesses = [f"{n:06d}" for n in range(1000) if f"{n:06d}" != code][:200]
        statuses: list[int] = []
        t0 = time.monotonic()
        for n, guess in enumerate(guesses):
            attacker = session_from(phone_address(100 + n % 40))
            r = attacker.post(f"{box.url}/api/join", json={"seat": 0, "code": guess}, timeout=10)
            statuses.append(r.status_code)
        took = time.monotonic() - t0
        checked = statuses.count(403)
        print(f"\n{len(guesses)} guesses from 40 addresses in {took:.1f} s: {checked} checked, "
              f"{statuses.count(429)} refused 429")
        assert set(statuses) <= {403, 429} and checked == 20, statuses
        state = requests.get(f"{box.url}/api/host/state", headers={"X-Host-Key": box.host_key},
                             timeout=10).json()
        assert state["join_guesses"] == {"wrong_last_minute": 20, "under_attack": True}
        # even the right code waits meanwhile: a 429 says nothing about whether a guess was right
        r = session_from(phone_address(90)).post(f"{box.url}/api/join", json={"seat": 0, "code": code},
                                                 timeout=10)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert requests.get(f"{box.url}/api/seats", timeout=10).json()["seats"][0]["claimed"] is False
