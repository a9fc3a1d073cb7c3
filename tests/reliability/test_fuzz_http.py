"""Generated requests against every route of the web app: never a 5xx, and a refusal changes nothing.

Hypothesis builds requests from the app's own URL map (so a new route is covered without editing this
file): any method, path arguments that are odd seat numbers (negative, huge, not numbers), random JSON
bodies and action-shaped ones, bodies that are not JSON, nested too deep or larger than the 16 KiB
limit, and right, wrong, stale or malformed tokens and host keys, as header, cookie or query. They go
through Flask's test client to an app around a real running Table with its journal: a J'Accuse box,
a Betrayal box and a Hasty Accusations box (action bodies carry any game's keys: armies, suits, red
cards, positions, Hasty's cards face up or down, asked seats, hands looked at, swaps, flips, market
picks).

Examples: 600 per box, or 6000 with `pytest --long`. A second test plays whole Hasty Accusations games
through the API with requests near the legal ones (a seat's legal move with one key changed, or sent
with another seat's token): 400 requests, or 3000 with `--long`.
"""

from __future__ import annotations

import json
import string
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games.betrayal.actions import ACTS as BETRAYAL_ACTS
from controller.games.hasty.actions import ACTS as HASTY_ACTS
from controller.games.hasty.cards import KEYS as HASTY_CARDS
from controller.games.jaccuse.actions import ACTS
from controller.table import Table, TableConfig, load_host_key
from web import MAX_BODY, create_app

PLAYERS = 5
METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS")
HEADER_TEXT = string.ascii_letters + string.digits + " -_.~+/=:;,\"'!@#$%^&*()[]{}<>?\\|`\t"
CONTENT_TYPES = (
    None, "application/json", "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"
)
STATIC_NAMES = ("app.js", "../../etc/passwd", "..%2f..%2fpyproject.toml", "a/b.css")
SCHEMES = ("Bearer ", "Bearer ", "Bearer ", "bearer ", "Basic ", "", "Bearer  ")
CARDS = ("8D", "KS", "2H", "10C", "AH", "JOKER", "", "8d", "JK", *HASTY_CARDS, "Murder", "traitor")
PLACES = st.lists(st.integers(-2, PLAYERS + 1), min_size=0, max_size=3)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
seat_numbers = st.one_of(
    st.integers(-3, PLAYERS + 2), st.integers(min_value=2**31), st.integers(max_value=-(2**31))
)
action_bodies = st.fixed_dictionaries(
    {"act": st.sampled_from((*ACTS, *BETRAYAL_ACTS, *HASTY_ACTS, "", "VOTE", "nothing")) | json_values},
    optional={
        "card": st.sampled_from(CARDS) | st.integers(-2, 30) | json_values,
        "cards": st.lists(st.sampled_from(CARDS), max_size=4) | st.lists(PLACES, max_size=3) | json_values,
        "target": seat_numbers | PLACES | json_values,
        "army": seat_numbers | json_values,
        "suits": st.lists(st.sampled_from(("S", "H", "D", "C", "X", "")), max_size=3) | json_values,
        "red": st.lists(st.sampled_from(CARDS), max_size=6) | json_values,
        "at": st.integers(-2, 30) | json_values,
        "to": seat_numbers,
        "amount": st.integers(-2, 5) | json_values,
        "color": st.sampled_from(("red", "black", "green")) | json_values,
        "seat": seat_numbers | json_values,
        "up": st.booleans() | json_values,
        "ask": seat_numbers | json_values,
        "hand": seat_numbers | json_values,
        "swap": PLACES | st.lists(seat_numbers, max_size=3) | json_values,
        "flip": st.integers(-2, 30) | json_values,
        "kind": st.sampled_from(("pile", "market", "question", "investigate", "switcheroo")) | json_values,
    },
)
bodies = st.one_of(
    st.none(),
    json_values.map(json.dumps),
    action_bodies.map(json.dumps),
    action_bodies.map(json.dumps),
    st.fixed_dictionaries({"seat": seat_numbers | json_values}).map(json.dumps),
    st.binary(max_size=64),
    st.text(max_size=64),
    st.integers(MAX_BODY - 8, MAX_BODY + 64).map(lambda n: '{"act": "' + "x" * n + '"}'),
    st.integers(10, 5000).map(lambda n: "[" * n + "]" * n),
)


class StubDisplay:
    def latest_png(self) -> bytes:
        return b"\x89PNG\r\n"

    def latest_png_without_code(self) -> bytes:
        return b"\x89PNG\r\n"

    def frame_info(self) -> dict[str, object]:
        return {"frames": 1, "version": 0, "version_at": 1.5}


@st.composite

def path_for(draw: st.DrawFn, rule: Any) -> str:
    path = rule.rule
    for name, converter in rule._converters.items():
        kind = type(converter).__name__
        if kind == "IntegerConverter":
            if draw(st.booleans()):
                value = str(draw(seat_numbers))
            else:
                value = quote(draw(st.text(max_size=6)), safe="")
        elif kind == "PathConverter":
            value = draw(st.sampled_from(STATIC_NAMES))
        else:
            value = draw(st.sampled_from(("reveal", "abstain", "vote", "")) | st.text(max_size=8))
            value = quote(value, safe="")
        for form in (f"<int:{name}>", f"<path:{name}>", f"<{name}>"):
            path = path.replace(form, value)
    return str(path)


@pytest.mark.parametrize("game", ["jaccuse", "betrayal", "hasty"])
def test_no_request_gets_a_5xx_or_changes_state_when_refused(
    tmp_path: Path, long_run: bool, game: str
) -> None:
    table = Table.open(TableConfig(data_dir=tmp_path, players=PLAYERS, pads="mock", seed=3, game=game))
    table.start()
    host_key = load_host_key(tmp_path)
    app = create_app(table, host_key=host_key, mock_press=table.press, display=StubDisplay())
    client = app.test_client()
    rules = list(app.url_map.iter_rules())
    tokens: dict[int, str] = {}
    for seat in range(3):  # some seats held by phones, the rest free to join
        tokens[seat] = client.post("/api/join", json={"seat": seat}).get_json()["token"]
    stale = client.post("/api/join", json={"seat": 3}).get_json()["token"]
    released = client.post("/api/host/release", json={"seat": 3}, headers={"X-Host-Key": host_key})
    assert released.status_code == 200
    hits: Counter[str] = Counter()
    statuses: Counter[int] = Counter()

    credentials = st.one_of(
        st.sampled_from((None, "valid", "stale", "host")),
        st.just("valid"),
        st.text(HEADER_TEXT, max_size=40),
        st.just("x" * 600),
    )

    def credential(kind: str | None) -> str | None:
        if kind == "valid":
            return tokens[min(tokens)] if tokens else None
        if kind == "stale":
            return stale
        if kind == "host":
            return host_key
        return kind

    # one hypothesis run per route, mostly aimed at it: every route is fuzzed however many there are
    # (hypothesis draws unevenly, so one run over all of them can miss a route now and then)
    aimed: list[Any] = []

    @settings(
        max_examples=max(20, (6000 if long_run else 600) // len(rules)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
        database=None,
    )
    @given(data=st.data())
    def one_request(data: st.DataObject) -> None:
        rule = aimed[0] if data.draw(st.integers(0, 3)) else data.draw(st.sampled_from(rules))
        from_rule = data.draw(st.integers(0, 9)) > 0
        if from_rule:
            path = data.draw(path_for(rule))
        else:
            path = "/api/" + quote(data.draw(st.text(max_size=12)))
        allowed = sorted(m for m in rule.methods or () if m not in ("HEAD", "OPTIONS"))
        usual = from_rule and data.draw(st.integers(0, 4)) > 0  # mostly a method the route takes
        method = data.draw(st.sampled_from(allowed if usual else METHODS))
        body = data.draw(bodies)
        headers: dict[str, str] = {}
        auth = credential(data.draw(credentials))
        scheme = data.draw(st.sampled_from(SCHEMES))
        if auth is not None:
            headers["Authorization"] = scheme + auth
        host = credential(data.draw(credentials))
        if host is not None:
            headers["X-Host-Key"] = host
        content_type = data.draw(st.sampled_from(CONTENT_TYPES))
        if content_type:
            headers["Content-Type"] = content_type
        query = ""
        key = credential(data.draw(credentials))
        if key is not None and data.draw(st.booleans()):
            query = "key=" + quote(key)
        cookie = credential(data.draw(credentials))
        if cookie is not None:
            client.set_cookie("jaccuse_token", quote(cookie), domain="localhost")
        else:
            client.delete_cookie("jaccuse_token", domain="localhost")

        before = table.snapshot()
        response = client.open(
            path, method=method, data=body, headers=headers, query_string=query, buffered=False
        )
        try:
            status = response.status_code
            streaming = response.mimetype == "text/event-stream"
            payload = None if streaming else response.get_data()
        finally:
            response.close()
        if from_rule:
            hits[rule.rule] += 1
        statuses[status] += 1
        assert status < 500, (method, path, status, payload)
        table.wait_for_change(before.serial, 0.0)
        after = table.snapshot()
        if status >= 400:
            assert (after.version, after.game, after.claimed, after.public) == (
                before.version, before.game, before.claimed, before.public,
            ), (method, path, status)  # fmt: skip
        elif status == 200 and path == "/api/join" and payload:
            answer = json.loads(payload)
            tokens[answer["seat"]] = answer["token"]

    try:
        for target in rules:
            aimed[:] = [target]
            one_request()
    finally:
        table.stop()
    missed = [r.rule for r in rules if not hits[r.rule]]
    assert not missed, f"never requested: {missed}"
    assert statuses[200] and any(400 <= code < 500 for code in statuses)
    print("statuses:", dict(sorted(statuses.items())))


#: a change to a legal Hasty action: the key, whether it is dropped (when there), its new value
hasty_changes = st.tuples(
    st.sampled_from(("act", "card", "at", "up", "ask", "hand", "swap", "flip", "cards", "seat")),
    st.booleans(),
    st.one_of(
        st.sampled_from(HASTY_ACTS + HASTY_CARDS), st.integers(-2, 12), st.booleans(),
        st.lists(st.integers(-1, 12), min_size=2, max_size=2),
        st.lists(st.sampled_from(HASTY_CARDS), max_size=5), json_values,
    ),
)


def _changed(action: dict[str, Any], change: tuple[str, bool, Any]) -> dict[str, Any]:
    """A legal Hasty action with one key changed, dropped or added: near the legal ones, where the
    rules' own checks (not the shape's) must refuse it."""
    key, drop, value = change
    changed = dict(action)
    if key in changed and drop:
        del changed[key]
    else:
        changed[key] = value
    return changed


def test_hasty_actions_near_the_legal_ones_are_applied_or_change_nothing(
    tmp_path: Path, long_run: bool
) -> None:
    """Whole Hasty games through the API, every seat held: each request is a seat's random legal
    move, that move with one key changed, or another seat's move sent with this seat's token. Never a
    5xx; a refusal changes nothing; an acceptance adds exactly one action; and the journal replays
    to the views the box serves (the engine, not the request, says who acts: the token's seat)."""
    import random
    import sqlite3

    from controller.client import random_action
    from controller.games import hasty
    from controller.table import rules_part
    from controller.table.journal import FILENAME

    table = Table.open(TableConfig(data_dir=tmp_path, players=PLAYERS, pads="mock", seed=5, game="hasty"))
    table.start()
    host_key = load_host_key(tmp_path)
    app = create_app(table, host_key=host_key, mock_press=table.press, display=StubDisplay())
    client = app.test_client()
    tokens = [client.post("/api/join", json={"seat": s}).get_json()["token"] for s in range(PLAYERS)]
    statuses: Counter[int] = Counter()
    games = [0]

    @settings(max_examples=3000 if long_run else 400, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def one_request(data: st.DataObject) -> None:
        # every draw first, whatever the table's state (hypothesis replays draws, not the table)
        other_seat = data.draw(st.integers(0, 4)) == 0
        someone, seed = data.draw(st.integers(0, PLAYERS - 1)), data.draw(st.integers(0, 2**32))
        change = data.draw(hasty_changes) if data.draw(st.integers(0, 2)) == 0 else None
        before = table.snapshot()
        if before.public["over"]:
            assert client.post("/api/host/new-game", headers={"X-Host-Key": host_key}).status_code == 200
            games[0] += 1
            return
        waiting = before.public["waiting"]
        sender = someone if other_seat else waiting
        auth = {"Authorization": f"Bearer {tokens[waiting]}"}
        me = client.get("/api/me", headers=auth).get_json()
        action = random_action(me, random.Random(seed))
        assert action is not None
        if change is not None:
            action = _changed(action, change)
        r = client.post("/api/me/actions", json=action, headers={"Authorization": f"Bearer {tokens[sender]}"})
        statuses[r.status_code] += 1
        assert r.status_code < 500, (action, r.status_code, r.get_data())
        after = table.snapshot()
        if r.status_code >= 400:
            assert (after.version, after.public) == (before.version, before.public), (action, r.status_code)
        else:
            assert r.status_code == 200 and after.version == before.version + 1, (action, r.status_code)

    try:
        one_request()
        final = table.snapshot()
        views = [client.get("/api/me", headers={"Authorization": f"Bearer {t}"}).get_json() for t in tokens]
    finally:
        table.stop()
    print(f"hasty near-legal actions: {dict(sorted(statuses.items()))}, {games[0]} new games")
    assert statuses[200] and statuses[409]
    conn = sqlite3.connect(tmp_path / FILENAME)
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    journal = [json.loads(a) for (a,) in conn.execute("SELECT action FROM actions ORDER BY seq")]
    conn.close()
    state = hasty.new_game(hasty.Deal.from_dict(int(meta["players"]), json.loads(meta["deal"])))
    for raw in journal:
        result = hasty.apply(state, hasty.Action.from_dict(raw, PLAYERS))
        assert isinstance(result, hasty.Accepted), (raw, result)
        state = result.state
    assert len(journal) == final.version
    assert rules_part(final.public) == rules_part(json.loads(json.dumps(hasty.public_view(state))))
    for seat, me in enumerate(views):
        assert rules_part(me) == rules_part(json.loads(json.dumps(hasty.seat_view(state, seat))))
