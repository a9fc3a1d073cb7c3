"""Shared helpers for the web tests: random legal-looking moves, a real server process, an SSE reader.

All three come from ``controller.client``, which the benchmarks use too. ``ServerLoop`` runs the
broadcaster of the live streams on an event loop of its own, as the web server does.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import requests

from controller.client import BoxProcess, EventStream, phone_address, random_action
from controller.games.jaccuse.feed import seat_feed
from controller.i18n import said_json
from controller.replay import replay_text
from controller.table import Table, rules_part
from controller.table.dealt import FEED_LINES
from controller.table.evening import winners_of
from web.sse import Broadcaster

__all__ = [
    "SSE", "FeedMirror", "Server", "ServerLoop", "WaitFor", "env_int", "join_and_place", "phone_address",
    "random_action",
    "seat_everyone_and_listen", "walk_keys",
]  # fmt: skip

def join_and_place(server: BoxProcess, seats: int, names: Sequence[str | None] | None = None) -> list[str]:
    """Seats 0..seats-1 joined from the box's own address (with their names, if given), each placing
    its first card as its membership; the seats' tokens."""
    tokens = []
    for seat in range(seats):
        body = {"seat": seat} | ({"name": names[seat]} if names else {})
        r = requests.post(f"{server.url}/api/join", json=body, timeout=10)
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    for token in tokens:
        auth = {"Authorization": f"Bearer {token}"}
        card = requests.get(f"{server.url}/api/me", headers=auth, timeout=10).json()["hand"][0]
        r = requests.post(f"{server.url}/api/me/actions", json={"act": "membership", "card": card},
                          headers=auth, timeout=10)
        assert r.status_code == 200, r.text
    return tokens


def seat_everyone_and_listen(
    server: BoxProcess, players: int, names: Sequence[str | None] | None = None
) -> tuple[list[requests.Session], dict[int, list[Any]], list[EventStream]]:
    """Join every seat (with its name, if given) and read the table's stream and each seat's from a
    phone address of its own, each on a daemon thread.

    Returns a session per seat (its token set), every event received so far per audience (``-1`` the
    table, ``S`` seat S), and the open streams (close them when done).
    """
    bodies = [{"seat": s} | ({"name": names[s]} if names else {}) for s in range(players)]
    tokens = [requests.post(f"{server.url}/api/join", json=b, timeout=5).json()["token"] for b in bodies]
    sessions = []
    for token in tokens:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        sessions.append(session)
    received: dict[int, list[Any]] = {s: [] for s in range(-1, players)}
    streams = [SSE(server.port, "/api/table/events")] + [
        SSE(server.port, "/api/me/events", tokens[s], source=phone_address(s)) for s in range(players)
    ]

    def read(audience: int, stream: EventStream) -> None:
        try:
            for kind, value in stream.items():
                if kind == "event":
                    received[audience].append(value)
        except (OSError, ValueError):
            pass

    for n, stream in enumerate(streams):
        threading.Thread(target=read, args=(n - 1, stream), daemon=True).start()
    return sessions, received, streams


#: how the devices' feeder waits for a change: None (the table's own wait), or a function of the table
#: that gives the broadcaster's wait (see the ``wait_for`` fixture)
WaitFor = Callable[[Table], Any]


def env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


#: the tests' names for the shared launcher (5 seats, phone pads unless told otherwise) and SSE reader
Server = BoxProcess
SSE = EventStream


def walk_keys(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (key path, value) in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*path, k), v
            yield from walk_keys(v, (*path, k))
    elif isinstance(value, list):
        for v in value:
            yield from walk_keys(v, (*path, "[]"))


def norm(value: Any) -> Any:
    """A value as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def env_ints(name: str, default: str) -> list[int]:
    """A comma list of whole numbers from the environment (the player counts a leak test plays)."""
    return [int(p) for p in os.environ.get(name, default).split(",") if p.strip()]


def wait_caught_up(received: dict[int, list[Any]], game: Any, state: Any, seconds: float = 15) -> None:
    """Until every stream's last event is ``game``'s view of ``state`` for its audience (-1: the table)."""
    expected = {-1: rules_part(norm(game.public_view(state)))}
    expected |= {s: rules_part(norm(game.seat_view(state, s))) for s in received if s >= 0}
    deadline = time.monotonic() + seconds
    while not all(received[s] and rules_part(received[s][-1]) == expected[s] for s in received):
        assert time.monotonic() < deadline, "the SSE streams did not catch up with the last state"
        time.sleep(0.05)


def check_received(
    game: Any,
    received: dict[int, list[Any]],
    states: dict[int, Any],
    check_public: Callable[[dict[str, Any], Any], None],
    check_seat: Callable[[dict[str, Any], int, Any], None],
) -> None:
    """Every event of the table's stream (-1) and of each seat's is ``game``'s view of the state of its
    version for that audience and passes the test's own checks; no seat's stream is empty."""
    for view in received[-1]:
        state = states[view["version"]]
        check_public(view, state)
        assert "feed" not in view
        assert rules_part(view) == rules_part(norm(game.public_view(state)))
    for seat in (s for s in received if s >= 0):
        assert received[seat], f"seat {seat} got no event"
        for me in received[seat]:
            state = states[me["table"]["version"]]
            check_seat(me, seat, state)
            assert rules_part(me) == rules_part(norm(game.seat_view(state, seat)))


#: what /api/games says of a kept game: no more than the public view shows (no deal, no secret)
LISTED_KEYS = {"game", "name", "title", "players", "names", "over", "winners", "moves", "current"}
#: a replay answer's keys the public view shows in another form (betrayal's peeks: cards with places)
_RECORD_FORMS: dict[str, Callable[[Any], Any]] = {
    "peeks": lambda peeks: [[p["card"] if isinstance(p, dict) and "army" in p else p for p in seat]
                            for seat in peeks],
}


def check_records(
    url: str, public: dict[str, Any], game: str, session: Any = requests, host_key: str | None = None
) -> dict[str, Any] | None:
    """The records endpoints answer as the public view ``public`` of the game being played allows
    (HTTP contract, "Records"): while it runs, no record and no step (409 ``not_over``, an error and
    nothing else) and a listing that says nothing the view does not; once it is over, its record, which
    ``jaccuse-table replay``'s own code path replays to the end ``public`` shows (returned).
    With the ``host_key``, the host's retelling too: refused while the game runs (the public view's
    ``retelling`` stays empty), and once it is over it shows the game's deal on the table, then ends."""
    if host_key is not None:
        check_retelling(url, public, host_key)
    listed = session.get(f"{url}/api/games", timeout=10)
    assert listed.status_code == 200, listed.text
    games = listed.json()
    entry = games[-1]
    assert set(entry) == LISTED_KEYS and all(set(g) == LISTED_KEYS for g in games)
    assert entry["current"] and (entry["name"], entry["players"]) == (game, public["players"])
    assert entry["over"] == public["over"] and entry["moves"] == public["version"]
    assert entry["winners"] == (winners_of(public) if public["over"] else [])
    number = entry["game"]
    paths = ["/api/table/record", f"/api/games/{number}/record", f"/api/games/{number}/steps",
             "/api/table/record?download=1", f"/api/games/{number}/steps?from=0&count=1"]
    answers = [session.get(url + path, timeout=30) for path in paths]
    if not public["over"]:
        for r in answers:
            assert r.status_code == 409, r.text[:300]
            body = r.json()
            assert set(body) == {"ok", "error"} and body["error"]["code"] == "not_over"
            assert "Content-Disposition" not in r.headers
        return None
    assert all(r.status_code == 200 for r in answers), [r.text[:200] for r in answers]
    record: dict[str, Any] = answers[0].json()
    assert answers[1].json() == record == answers[3].json() and "seed" not in record
    assert answers[3].headers["Content-Disposition"].endswith(f'-game{number}.json"')
    assert answers[2].json()["steps"][0]["view"]["reveal"] is not None
    check_replay(replay_text(answers[0].text), public)
    return record


def check_retelling(url: str, public: dict[str, Any], host_key: str) -> None:
    """The host's retelling of the game being played: 409 ``not_over`` and nothing published while it
    runs; once it is over, step 0 of it in the public view (which tells nothing else), then none."""
    number = requests.get(f"{url}/api/games", timeout=10).json()[-1]["game"]
    auth = {"X-Host-Key": host_key}
    for body in ({"game": number}, {"game": number, "step": 3}, {"game": number, "move": "end"}):
        r = requests.post(f"{url}/api/host/retell", json=body, headers=auth, timeout=10)
        if not public["over"]:
            assert r.status_code == 409 and r.json()["error"]["code"] == "not_over", r.text[:300]
            assert set(r.json()) == {"ok", "error"}
        else:
            assert r.status_code == 200, r.text[:300]
        shown = requests.get(f"{url}/api/table", timeout=10).json()["retelling"]
        if not public["over"]:
            assert shown is None
        else:
            last = public["version"]
            assert shown == {"game": number, "name": public["game"], "last": last,
                             "step": last if "move" in body else min(3, last) if "step" in body else 0}
    if public["over"]:
        r = requests.post(f"{url}/api/host/retell", json={"game": None}, headers=auth, timeout=10)
        assert r.status_code == 200
        assert requests.get(f"{url}/api/table", timeout=10).json()["retelling"] is None


def check_replay(answer: dict[str, Any], public: dict[str, Any]) -> None:
    """A replay answer reaches the end the table's final public view shows: every key of the answer
    the view shows too (openly, or under ``reveal`` at the end) holds the same, and the winners."""
    assert answer["ok"] and answer["over"] and answer["applied"] == public["version"], answer.get("error")
    reveal = public.get("reveal") or {}
    compared = 0
    for key, value in answer.items():
        if key in ("ok", "error", "applied"):
            continue
        shown = reveal[key] if key in reveal else public.get(key, ...)
        if shown is ...:
            continue
        form = _RECORD_FORMS.get(key, lambda v: v)
        assert norm(value) == norm(form(shown)), (key, value, shown)
        compared += 1
    assert compared >= 8, f"only {compared} keys compared"
    campaign = public.get("campaign")
    if campaign:
        assert answer["campaign_over"] and answer["campaign_winners"] == campaign["winners"]
        assert answer["vp"] == campaign["vp"]


class FeedMirror:
    """Every seat's personal feed as the table must show it, kept from the mirrored actions' events."""

    def __init__(self, players: int) -> None:
        self.feeds: list[deque[tuple[int, str]]] = [deque(maxlen=FEED_LINES) for _ in range(players)]

    def add(
        self, events: Sequence[dict[str, Any]], version: int, names: Sequence[str | None] | None = None
    ) -> None:
        for seat, feed in enumerate(self.feeds):
            feed.extend((version, line) for line in seat_feed(events, seat, names))

    def view(self, seat: int) -> list[dict[str, Any]]:
        """As the view shows it: each line's English text, and its message when it was written as one."""
        out: list[dict[str, Any]] = []
        for v, text in reversed(self.feeds[seat]):
            said = said_json(text)
            out.append({"version": v, "text": text, "said": said} if said else {"version": v, "text": text})
        return out


class ServerLoop:
    """A broadcaster attached to an event loop on a thread of its own, as the web server runs it."""

    def __init__(self, table: Table) -> None:
        self.loop = asyncio.new_event_loop()
        self.broadcaster = Broadcaster(table)
        self._thread = threading.Thread(target=self.loop.run_forever, name="test-server-loop", daemon=True)
        self._thread.start()
        attached = threading.Event()

        def attach() -> None:
            self.broadcaster.attach(self.loop)
            attached.set()

        self.loop.call_soon_threadsafe(attach)
        assert attached.wait(5)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.broadcaster.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)
        self.loop.close()
