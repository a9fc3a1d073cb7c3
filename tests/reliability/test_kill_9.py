"""kill -9 at random moments: every acknowledged action survives, tokens stay valid, the file stays sound.

Cycles: 20 for a J'Accuse box and 6 each for a Betrayal, a Hasty Accusations and a second-edition Hasty
box (every card set and the powers), or 200 and 60
with `pytest --long`;
JACCUSE_CRASH_CYCLES overrides them all. Each cycle restarts the
real server on the same data dir, drives it from one thread per seat over HTTP, and kills it with
SIGKILL after a random delay (some cycles kill it while it is still starting up). At the end the
journal passes SQLite's integrity check and replays to exactly the views the server shows.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from web_helpers import Server, env_int, random_action

from controller.games import registry
from controller.table import rules_part
from controller.table.journal import FILENAME
from tests.hasty import hasty_scenes  # seeded moments of real games, written as journals

PLAYERS = 5


def _journal(path: Path) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        rows = conn.execute("SELECT seq, action FROM actions ORDER BY seq").fetchall()
    finally:
        conn.close()
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
    return int(meta["players"]), json.loads(meta["deal"]), [json.loads(a) for _, a in rows]


def _replay(rules: Any, players: int, deal: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
    state = rules.new_game(rules.Deal.from_dict(players, deal))
    for a in actions:
        result = rules.apply(state, rules.Action.from_dict(a))
        assert isinstance(result, rules.Accepted)
        state = result.state
    return state


def _drive(
    url: str,
    seat: int,
    token: str,
    rng: random.Random,
    acked: list[tuple[int, dict[str, Any]]],
    lock: threading.Lock,
    stop: threading.Event,
    journaled: Any,
) -> None:
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {token}"
    while not stop.is_set():
        try:
            me = s.get(f"{url}/api/me", timeout=5).json()
            action = random_action(me, rng)
            if action is None:
                time.sleep(0.005)
                continue
            r = s.post(f"{url}/api/me/actions", json=action, timeout=5)
        except (requests.RequestException, ValueError):
            return  # the server was killed
        if r.status_code == 200:
            version = r.json()["me"]["table"]["version"]
            with lock:
                acked.append((version, journaled(seat, action)))
        else:
            # 409: refused by the rules; 429: the seat changes its vote faster than the box allows
            assert r.status_code in (409, 429), (r.status_code, r.text)


#: a box's game and its table options (Hasty's second edition: every card set and the Suspect Powers)
BOXES = {"jaccuse": ("jaccuse", ()), "betrayal": ("betrayal", ()), "hasty": ("hasty", ()),
         "hasty-second": ("hasty", ("--option", "sets=base,advanced,expert", "--option", "powers"))}


@pytest.mark.parametrize("box", list(BOXES))
def test_kill_9_loses_no_acknowledged_action(tmp_path: Path, long_run: bool, box: str) -> None:
    game, options = BOXES[box]
    few, many = (20, 200) if game == "jaccuse" else (6, 60)
    cycles = env_int("JACCUSE_CRASH_CYCLES", many if long_run else few)
    rng = random.Random(env_int("JACCUSE_CRASH_SEED", 1234))
    rules = registry.rules(game)
    server = Server(tmp_path, "--game", game, *options, players=PLAYERS)

    def journaled(seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """The journal's form of a phone's action: J'Accuse and Hasty Accusations add the token's
        seat, Betrayal names the army in the action itself."""
        return action if game == "betrayal" else {"seat": seat, **action}

    tokens: list[str] = []
    acked: list[tuple[int, dict[str, Any]]] = []
    lock = threading.Lock()
    journal = tmp_path / FILENAME
    games, total = 1, 0
    for cycle in range(cycles):
        if cycle and cycle % 5 == 0:
            server.spawn()  # kill during start-up, before or while the journal opens
            time.sleep(rng.uniform(0.0, 0.4))
            server.kill()
        server.start()
        url = server.url
        if not tokens:
            for seat in range(PLAYERS):
                r = requests.post(f"{url}/api/join", json={"seat": seat}, timeout=5)
                assert r.status_code == 200
                tokens.append(r.json()["token"])
        view = requests.get(f"{url}/api/table", timeout=5).json()
        with lock:
            top = max((v for v, _ in acked), default=0)
        assert view["version"] >= top
        if view["over"]:  # random play ends games quickly: the host deals a new one for the same seats
            key = (tmp_path / "host-key").read_text().strip()
            r = requests.post(f"{url}/api/host/new-game", headers={"X-Host-Key": key}, timeout=5)
            assert r.status_code == 200
            games += 1
            with lock:
                total += len(acked)
                acked.clear()  # each was checked against the journal when its cycle ended
        for seat, token in enumerate(tokens):
            me = requests.get(f"{url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=5)
            assert me.status_code == 200 and me.json()["seat"] == seat
        stop = threading.Event()
        threads = [
            threading.Thread(
                target=_drive,
                args=(url, seat, tokens[seat], random.Random(rng.random()), acked, lock, stop, journaled),
            )
            for seat in range(PLAYERS)
        ]
        for t in threads:
            t.start()
        time.sleep(rng.uniform(0.05, 0.5))
        server.kill()
        stop.set()
        for t in threads:
            t.join(10)
        players, deal, actions = _journal(journal)
        assert players == PLAYERS
        with lock:
            for version, action in acked:
                assert version <= len(actions), (version, len(actions))
                assert actions[version - 1] == action
    assert acked, "no action was acknowledged at all"
    print(f"crash loop: {cycles} cycles, {games} games, {total + len(acked)} acknowledged actions")
    versions = [v for v, _ in acked]
    assert len(versions) == len(set(versions))
    server.start()
    try:
        players, deal, actions = _journal(journal)
        state = _replay(rules, players, deal, actions)
        public = requests.get(f"{server.url}/api/table", timeout=5).json()
        assert public["game"] == game
        assert rules_part(public) == rules_part(rules.public_view(state))
        for seat, token in enumerate(tokens):
            me = requests.get(f"{server.url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=5)
            assert rules_part(me.json()) == rules_part(rules.seat_view(state, seat))
    finally:
        server.kill()
    assert not list(tmp_path.glob(FILENAME + ".broken-*"))  # nothing was ever judged corrupt


def test_a_play_again_press_survives_kill_9(tmp_path: Path) -> None:
    """Issue 36: a seat's "play again" was answered 200 (`ready: [0]`) and forgotten by a restart after
    kill -9. It is journaled before it is answered, like every action."""

    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    box = Server(tmp_path, players=PLAYERS)
    with box:
        base = box.url
        tokens = [requests.post(f"{base}/api/join", json={"seat": s}, timeout=5).json()["token"]
                  for s in range(PLAYERS)]

        def act(seat: int, body: dict[str, Any]) -> None:
            r = requests.post(f"{base}/api/me/actions", json=body, headers=auth(tokens[seat]), timeout=5)
            assert r.status_code == 200, r.text

        for s, token in enumerate(tokens):
            act(s, {"act": "membership",
                    "card": requests.get(f"{base}/api/me", headers=auth(token), timeout=5).json()["hand"][0]})
        for _ in range(10):  # everyone votes red (or abstains): red consensus until the game ends
            table = requests.get(f"{base}/api/table", timeout=5).json()
            if table["over"]:
                break
            for s in table["eligible"]:
                hand = requests.get(f"{base}/api/me", headers=auth(tokens[s]), timeout=5).json()["hand"]
                red = [c for c in hand if c[-1] in "HD"]
                if red:
                    act(s, {"act": "vote", "card": red[0]})
                    act(s, {"act": "reveal"})
                else:
                    act(s, {"act": "abstain"})
        assert requests.get(f"{base}/api/table", timeout=5).json()["over"]
        for n, seat in enumerate((2, 0)):
            r = requests.post(f"{base}/api/table/new-game", headers=auth(tokens[seat]), timeout=5)
            assert r.status_code == 200 and r.json()["ready"] == sorted((2, 0)[: n + 1]), r.text
        box.kill()  # SIGKILL, right after the answer

        box.start()
        base = box.url
        table = requests.get(f"{base}/api/table", timeout=5).json()
        assert table["over"] and table["play_again"] == {"ready": [0, 2], "waiting": [1, 3, 4]}
        # the check goes on where it was: the last three presses deal the next game
        for seat in (1, 3):
            r = requests.post(f"{base}/api/table/new-game", headers=auth(tokens[seat]), timeout=5)
            assert r.status_code == 200 and r.json()["dealt"] is False
        r = requests.post(f"{base}/api/table/new-game", headers=auth(tokens[4]), timeout=5)
        assert r.status_code == 200 and r.json()["dealt"] is True and r.json()["game"] == 2
        box.kill()
    # the journal keeps no ready check for the new game (the old one's was dealt with it)
    conn = sqlite3.connect(f"file:{tmp_path / FILENAME}?mode=ro", uri=True)
    try:
        assert conn.execute("SELECT value FROM settings WHERE key = 'play_again'").fetchall() == []
    finally:
        conn.close()


def test_a_second_edition_review_killed_midway_comes_back_as_it_was(tmp_path: Path) -> None:
    """Hasty Accusations with every card set and the Suspect Powers, in a review with an evaluation
    nested in it (a Sniper's or a Dying Breath's) and a choice pending: the box is killed with SIGKILL
    after each acknowledged action, and once while an action is in flight, until the review is over.
    Each restart shows exactly the state the acknowledged actions make (the nested evaluations waiting,
    the Poison and Armor counts, the pending choice, each seat's own view), and the journal replays to
    it."""
    # a nested review with four moves still to make in it (the first such moments end sooner)
    scene = hasty_scenes.find(
        lambda s: s.review is not None and bool(s.review.outer) and s.pending is not None, skip=8)
    scene.write(tmp_path)
    rules = registry.rules("hasty")
    state, rng = scene.state, random.Random(7)
    server = Server(tmp_path, "--game", "hasty", players=scene.players)
    server.start()
    tokens = [requests.post(f"{server.url}/api/join", json={"seat": s}, timeout=5).json()["token"]
              for s in range(scene.players)]

    def same_as(state: Any) -> None:
        public = requests.get(f"{server.url}/api/table", timeout=5).json()
        assert public["version"] == state.version
        assert rules_part(public) == rules_part(json.loads(json.dumps(rules.public_view(state))))
        for seat, token in enumerate(tokens):
            me = requests.get(f"{server.url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=5)
            assert rules_part(me.json()) == rules_part(json.loads(json.dumps(rules.seat_view(state, seat))))
        players, deal, actions = _journal(tmp_path / FILENAME)
        assert _replay(rules, players, deal, actions) == state

    assert state.review is not None and state.review.outer  # the moment: a nested evaluation under way
    nested_seen, kills = False, 0
    try:
        while state.review is not None:
            action = rules.next_bot_action(state, rng)
            body = {k: v for k, v in action.to_dict().items() if k != "seat"}
            auth = {"Authorization": f"Bearer {tokens[action.seat]}"}
            if kills == 1:  # once: killed while the action is on its way; it counts only if acknowledged
                sent = threading.Thread(target=_post_quietly,
                                        args=(f"{server.url}/api/me/actions", body, auth))
                sent.start()
                time.sleep(0.002)
                server.kill()
                sent.join(10)
                server.start()
                _, _, actions = _journal(tmp_path / FILENAME)
                if len(actions) > state.version:  # journaled before the kill: the box must show it
                    state = rules.apply(state, action).state
                same_as(state)
                kills += 1
                continue
            r = requests.post(f"{server.url}/api/me/actions", json=body, headers=auth, timeout=10)
            assert r.status_code == 200, r.text
            state = rules.apply(state, action).state
            nested_seen = nested_seen or bool(state.review is not None and state.review.outer)
            server.kill()
            kills += 1
            server.start()
            same_as(state)
        assert state.last_review is not None and state.last_review.nested
        print(f"second-edition review: {kills} kills, ended at version {state.version}")
    finally:
        server.kill()
    assert kills >= 4
    assert not list(tmp_path.glob(FILENAME + ".broken-*"))


def _post_quietly(url: str, body: dict[str, Any], headers: dict[str, str]) -> None:
    """An action sent to a box that may be killed before it answers."""
    with contextlib.suppress(requests.RequestException):
        requests.post(url, json=body, headers=headers, timeout=5)
