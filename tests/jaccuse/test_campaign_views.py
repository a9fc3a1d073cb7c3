"""Campaigns through the table and the JSON API: no seat ever sees another seat's network before the end.

Whole random campaigns (the rules' bot plays every seat) are driven through a :class:`Table`; the test
mirrors every acknowledged action on its own copy of the state and checks, after every action, the public
view and every seat's private view the table publishes, and every few actions the same views fetched over
HTTP with each seat's token. Cards are counted through the public view alone, across generations.
Sizes: JACCUSE_CAMPAIGN_RUNS (default 3) campaigns.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from web_helpers import FeedMirror, env_int, walk_keys

from controller.games import jaccuse as rules
from controller.games.jaccuse.cards import influence_deck
from controller.table import Table, TableConfig, rules_part
from controller.table.resume import deal_game
from web import create_app

HOST_KEY = "k" * 43
SECRET_KEYS = {"hand", "hands", "selected", "membership", "network", "parley_offered", "moves", "seed"}


def _check_public(view: dict[str, Any], state: rules.GameState) -> None:
    c = state.campaign
    assert c is not None
    for path, _ in walk_keys(view):
        if path[-1] not in SECRET_KEYS:
            continue
        if path[:2] == ("campaign", "history") and path[-1] == "membership":
            continue  # revealed when that generation ended
        assert path[0] == "reveal" and c.over and path[-1] in ("membership", "network"), path
    camp = view["campaign"]
    assert camp["generation"] == c.generation and camp["vp"] == c.vp
    assert camp["history"] == [h.to_dict() for h in c.history]
    # finished generations show the memberships they ended with, nothing of the current one
    assert len(camp["history"]) == c.generation - 1 + (1 if c.over else 0)
    if c.over:
        assert view["reveal"]["network"] == list(state.network)
        assert camp["winners"] and camp["over"]
    else:
        assert view["reveal"] is None and camp["winners"] == [] and not view["over"]
    # every influence card is accounted for in public counts, whatever the generation
    placed = sum(view["membership_placed"])
    enacted = sum(1 for p in view["policies"] if "card" in p)
    total = sum(view["hand_counts"]) + placed + view["discard_count"] + len(view["table_cards"]) + enacted
    assert total == len(influence_deck(state.players))


def _check_private(me: dict[str, Any], seat: int, state: rules.GameState, feeds: FeedMirror) -> None:
    assert me["seat"] == seat
    # the seat's own feed, exactly: the lines the rules tell this seat and no other
    assert me["feed"] == feeds.view(seat)
    assert me["network"] == list(state.network_of(seat))
    assert me["hand"] == sorted(state.hands[seat])
    assert me["membership"] == state.membership[seat]
    for path, _ in walk_keys(me):
        if path[-1] in SECRET_KEYS and len(path) > 1:
            assert path[0] == "table", path
    _check_public(me["table"], state)


@pytest.mark.parametrize("run", range(env_int("JACCUSE_CAMPAIGN_RUNS", 3)))
def test_bot_campaigns_through_the_table_leak_nothing(tmp_path: Path, run: int) -> None:
    rng = random.Random(run)
    players = [5, 14, 7, 8, 6, 9, 11, 12][run % 8]
    generations = [2, 2, 4, 4][run % 4]
    seed = 500 + run
    mirror, _, _ = deal_game(players, generations, random.Random(seed))
    table = Table.open(TableConfig(data_dir=tmp_path, players=players, seed=seed, campaign=generations))
    table.start()
    try:
        client = create_app(table, host_key=HOST_KEY).test_client()
        tokens = [client.post("/api/join", json={"seat": s}).get_json()["token"] for s in range(players)]
        generations_seen = {1}
        feeds = FeedMirror(players)
        steps = 0
        while not mirror.over:
            assert steps < 20_000, "the campaign did not end"
            seat = rng.choice(rules.awaiting(mirror))
            action = rules.bot_action(mirror, seat, rng)
            assert action is not None
            out = table.submit_action(seat, action, source="bot")
            assert out.ok, out.error()
            result = rules.apply(mirror, action)
            assert isinstance(result, rules.Accepted)
            mirror = result.state
            feeds.add(result.events, mirror.version)
            steps += 1
            assert mirror.campaign is not None
            new_generation = mirror.campaign.generation not in generations_seen
            generations_seen.add(mirror.campaign.generation)
            snap = table.snapshot()
            assert snap.version == mirror.version
            _check_public(snap.public, mirror)
            for s in range(players):
                _check_private(snap.seats[s], s, mirror, feeds)
            if steps % 25 == 0 or new_generation or mirror.over:
                _check_public(client.get("/api/table").get_json(), mirror)
                for s in range(players):
                    me = client.get("/api/me", headers={"Authorization": f"Bearer {tokens[s]}"}).get_json()
                    _check_private(me, s, mirror, feeds)
        assert generations_seen == set(range(1, generations + 1))
        # play again is for the end of the whole campaign, and deals another campaign of that length
        # once every seated phone asked for it (a ready check)
        for s in range(players):
            r = client.post("/api/table/new-game", json={}, headers={"Authorization": f"Bearer {tokens[s]}"})
            assert r.status_code == 200, r.get_json()
            assert r.get_json()["dealt"] == (s == players - 1)
        view = client.get("/api/table").get_json()
        assert view["campaign"]["generations"] == generations and view["version"] == 0
    finally:
        table.stop()


def test_play_again_is_refused_between_generations(tmp_path: Path) -> None:
    rng = random.Random(1)
    mirror, _, _ = deal_game(5, 2, random.Random(77))
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=77, campaign=2))
    table.start()
    try:
        client = create_app(table, host_key=HOST_KEY).test_client()
        token = client.post("/api/join", json={"seat": 0}).get_json()["token"]
        assert mirror.campaign is not None
        while mirror.campaign.generation == 1:
            seat = rng.choice(rules.awaiting(mirror))
            action = rules.bot_action(mirror, seat, rng)
            assert action is not None
            assert table.submit_action(seat, action).ok
            result = rules.apply(mirror, action)
            assert isinstance(result, rules.Accepted)
            mirror = result.state
        r = client.post("/api/table/new-game", json={}, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 409 and r.get_json()["error"]["code"] == "not_over"
        assert client.get("/api/table").get_json()["campaign"]["generation"] == 2
    finally:
        table.stop()


def test_kill_9_mid_campaign_resumes_the_same_campaign(tmp_path: Path) -> None:
    import json
    import sqlite3
    import time

    import requests
    from web_helpers import Server

    from controller.table.resume import game_from_record

    server = Server(tmp_path, "--campaign", "2", "--bots", "5", "--bot-level", "random",
                    "--bot-delay", "0.002").start()
    try:
        deadline = time.monotonic() + 60
        while requests.get(f"{server.url}/api/table", timeout=5).json()["campaign"]["generation"] < 2:
            assert time.monotonic() < deadline, "generation 2 never came"
            time.sleep(0.05)
    finally:
        server.kill()
    conn = sqlite3.connect(tmp_path / "journal.sqlite3")
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    actions = [json.loads(a) for (a,) in conn.execute("SELECT action FROM actions ORDER BY seq")]
    conn.close()
    state = game_from_record(5, json.loads(meta["deal"]), json.loads(meta["campaign"]))
    for data in actions:
        result = rules.apply(state, rules.Action.from_dict(data))
        assert isinstance(result, rules.Accepted)
        state = result.state
    assert state.campaign is not None and state.campaign.generation >= 2
    # restarted without --campaign: the journal's campaign wins, in exactly the journaled state
    with Server(tmp_path) as again:
        view = requests.get(f"{again.url}/api/table", timeout=5).json()
        assert rules_part(view) == json.loads(json.dumps(rules.public_view(state)))
