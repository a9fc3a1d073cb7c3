"""The room's retelling never leaks the game being played (issue 38): for each game, game 1 is played
to its end, game 2 is dealt, and the host retells game 1 on the TV while game 2 is played move by
move. At every move of game 2:

- the public view, and every seat's copy of it, is what it would be without the retelling, save the
  ``retelling`` key, which names a game and a step and holds nothing else;
- game 2's record, steps and retelling are refused (409 ``not_over``) and the refusal moves nothing;
- the listing says of game 2 no more than its public view;
- game 1's steps (every secret of game 1) are the same as before game 2 was dealt.

Once game 2 is over it is retold like any finished game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from web_helpers import LISTED_KEYS

from controller.client import random_action
from controller.games import registry
from controller.table import Table, TableConfig, rules_part
from web import create_app

KEY = "r" * 32
HOST = {"X-Host-Key": KEY}
#: what the public view's ``retelling`` holds: where the room is, never a view
RETELLING_KEYS = {"game", "name", "step", "last"}
PLAYERS = {"jaccuse": 5, "betrayal": 3, "hasty": 4}


@pytest.fixture(params=sorted(PLAYERS))
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Table]:
    name = request.param
    t = Table.open(TableConfig(data_dir=tmp_path, game=name, players=PLAYERS[name], seed=11))
    t.start()
    yield t
    t.stop()


def _move(table: Table, rng: random.Random) -> bool:
    """One seat's random legal move, read from its own view (as a phone would); False once over."""
    snap = table.snapshot()
    if snap.public["over"]:
        return False
    for seat in rng.sample(range(snap.players), snap.players):
        action = random_action(snap.seats[seat], rng)
        if action is None:
            continue
        parsed, game = table.parse_action(seat, action)
        if table.submit_action(seat, parsed, source="bot", game=game).ok:
            return True
    raise AssertionError(f"no seat could move at version {snap.version}")


def _retell(client: FlaskClient, body: dict[str, Any], status: int = 200) -> Any:
    r = client.post("/api/host/retell", json=body, headers=HOST)
    assert r.status_code == status, r.data[:300]
    return r.get_json()


def _without(view: dict[str, Any]) -> dict[str, Any]:
    """A view less the retelling (in it, and in the table's view a seat's view carries)."""
    out = {k: v for k, v in view.items() if k != "retelling"}
    if isinstance(out.get("table"), dict):
        out["table"] = _without(out["table"])
    return out


def _all_steps(client: FlaskClient, number: int) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    start: int | None = 0
    while start is not None:
        page = client.get(f"/api/games/{number}/steps?from={start}&count=200").get_json()
        steps += page["steps"]
        start = page["next"]
    return steps


def test_a_retelling_of_game_1_tells_nothing_of_game_2(client: FlaskClient, table: Table) -> None:
    rng = random.Random(5)
    while _move(table, rng):
        pass
    first = _all_steps(client, 1)
    last = len(first) - 1
    assert table.new_game().ok
    name = table.snapshot().game_name
    retold = {"game": 1, "name": name, "step": 0, "last": last}
    assert _retell(client, {"game": 1})["retelling"] == retold
    moves = 0
    while True:
        moves += 1
        step = moves % (last + 1)
        retold = _retell(client, {"game": 1, "step": step})["retelling"]
        assert set(retold) == RETELLING_KEYS and retold["step"] == step
        shown = client.get("/api/table").get_json()
        snap = table.snapshot()
        assert shown["retelling"] == retold and all(v["table"]["retelling"] == retold for v in snap.seats)
        assert client.get("/api/host/state", headers=HOST).get_json()["retelling"] == retold
        if shown["over"]:
            break
        # game 2 is refused everywhere, and asking moves nothing
        for path in ("/api/table/record", "/api/games/2/record", "/api/games/2/steps?from=0&count=1"):
            r = client.get(path)
            assert r.status_code == 409 and set(r.get_json()) == {"ok", "error"}, (path, r.data[:200])
        refused = _retell(client, {"game": 2, "step": 0}, 409)
        assert refused["error"]["code"] == "not_over" and set(refused) == {"ok", "error"}
        assert client.get("/api/table").get_json()["retelling"] == retold
        listed = client.get("/api/games").get_json()
        assert all(set(g) == LISTED_KEYS for g in listed) and [g["game"] for g in listed] == [1, 2]
        assert listed[1]["winners"] == [] and not listed[1]["over"] and listed[1]["moves"] == shown["version"]
        # game 1's step is game 1's, as it was before game 2 was dealt
        page = client.get(f"/api/games/1/steps?from={step}&count=1").get_json()
        assert page["steps"] == [first[step]] and page["last"] == last
        # the views are those of no retelling, save its key
        ended = _retell(client, {"game": None})
        assert ended == {"ok": True, "retelling": None}
        plain = client.get("/api/table").get_json()
        assert plain["retelling"] is None and _without(shown) == _without(plain)
        assert [_without(v) for v in table.snapshot().seats] == [_without(v) for v in snap.seats]
        assert rules_part(plain) == rules_part(shown)
        assert _move(table, rng)
    # game 2 over: retold like game 1
    assert moves > 3
    over = _retell(client, {"game": 2, "move": "end"})["retelling"]
    assert over == {"game": 2, "name": name, "step": shown["version"], "last": shown["version"]}
    assert registry.game(name).title in {g["title"] for g in client.get("/api/games").get_json()}


@pytest.fixture
def client(table: Table) -> FlaskClient:
    return create_app(table, host_key=KEY).test_client()
