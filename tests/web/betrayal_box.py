"""A three-seat Betrayal table and its Flask test client, played by the rules' random bot: what the
records and retelling API tests share."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from controller.games import registry
from controller.table import Table, TableConfig, rules_part
from web import create_app

KEY = "k" * 32
HOST = {"X-Host-Key": KEY}
SEED = 8


def opened(data_dir: Path) -> Iterator[Table]:
    """The table, started; stopped when the fixture that yields from this ends."""
    table = Table.open(config(data_dir))
    table.start()
    yield table
    table.stop()


def client_of(table: Table) -> FlaskClient:
    return create_app(table, host_key=KEY).test_client()


def config(data_dir: Path) -> TableConfig:
    return TableConfig(data_dir=data_dir, game="betrayal", players=3, seed=SEED)


def play(table: Table, moves: int = 10**6) -> Any:
    """The rules' random bot's moves sent to the table up to version ``moves`` or the end, on from
    where an earlier call left it (mirrored here, and checked against it); the state reached."""
    rules, adapter = registry.rules("betrayal"), registry.table_rules("betrayal")
    state = adapter.deal(3, {"campaign": 0}, random.Random(SEED))[0]
    rng = random.Random(1)
    played = table.snapshot().version
    while not state.over and state.version < moves:
        action = rules.next_bot_action(state, rng)
        if state.version >= played:
            assert table.submit_action(adapter.seat_of(state, action), action, source="bot").ok
        state = rules.apply(state, action).state
    assert rules_part(table.snapshot().public) == rules_part(rules.public_view(state))
    return state
