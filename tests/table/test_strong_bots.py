"""Bots at the table: the strong bot thinks off the loop and plays whole games, and the host's choice of
a seat's bot is journaled. (How the bots' turns are scheduled is tests/table/test_bot_turns.py.)"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from controller.games import registry
from controller.table import Table, TableConfig
from controller.table import bots as table_bots
from controller.table.bots import Job, Thinker


def _open(tmp_path: Path, **kw: Any) -> Table:
    cfg = {"data_dir": tmp_path, "players": 5, "seed": 3, "bot_delay": 0.0005,
           "bot_level": "strong", "bot_think": 0.002} | kw
    table = Table.open(TableConfig(**cfg))
    table.start()
    return table


def _play_out(table: Table, limit: float = 120.0) -> None:
    """Wait for the bots to finish the game (the limit only keeps a broken build from hanging)."""
    deadline = time.monotonic() + limit
    while not table.snapshot().public["over"] and time.monotonic() < deadline:
        table.wait_for_change(table.snapshot().serial, 0.5)


@pytest.mark.parametrize(("game", "players"), [("jaccuse", 5), ("betrayal", 3), ("hasty", 4)])
def test_strong_bots_play_a_whole_game_and_it_resumes(tmp_path: Path, game: str, players: int) -> None:
    thought: list[Job] = []
    post = Thinker.post

    def spy(self: Thinker, job: Job) -> None:
        thought.append(job)
        post(self, job)

    Thinker.post = spy  # type: ignore[method-assign]
    try:
        table = _open(tmp_path, game=game, players=players, bots=players)
        _play_out(table)
        before = table.snapshot()
        table.stop()
    finally:
        Thinker.post = post  # type: ignore[method-assign]
    assert before.public["over"]
    assert before.claimed == ("bot",) * players and before.bot_levels == ("strong",) * players
    assert thought and {job.seat for job in thought} == set(range(players))
    again = Table.open(TableConfig(data_dir=tmp_path, players=players, game=game, bots=players,
                                   bot_level="strong"))
    try:
        assert again.snapshot().public == before.public
    finally:
        again.stop()


def test_the_hosts_bot_level_is_journaled_and_checked(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=2, bot_level="strong", players=5)
    try:
        assert table.snapshot().bot_levels == (None, None, None, "strong", "strong")
        out = table.host_setting("bot_level", (4, "sensible"))
        assert out.ok and table.snapshot().bot_levels[4] == "sensible"
        assert table.host_setting("bot_level", (0, "random")).code == "not_a_bot"
        assert table.host_setting("bot_level", (3, "genius")).status == 400
        assert table.host_setting("bot_level", (9, "random")).status == 404
    finally:
        table.stop()
    again = Table.open(TableConfig(data_dir=tmp_path, players=5, bots=2, bot_level="strong"))
    try:
        assert again.snapshot().bot_levels == (None, None, None, "strong", "sensible")
    finally:
        again.stop()


def test_a_game_without_a_sampler_gets_the_sensible_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    plain = dataclasses.replace(registry.game("jaccuse"), sampler=None)
    monkeypatch.setattr(registry, "game", lambda name: plain)
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, bots=1, bot_level="strong"))
    try:
        assert table.snapshot().bot_levels[4] == "sensible"
    finally:
        table.stop()
    assert table_bots.LEVELS == ("random", "sensible", "strong")
