"""Bots at the table: the strong bot thinks off the loop and plays whole games, the host's choice of a
seat's bot is journaled, and a strong bot is asked with its own seat's view and nothing else."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from controller.games import registry
from controller.table import Table, TableConfig
from controller.table import bots as table_bots
from controller.table.bots import BotMove, Job, Thinker, decide


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


def test_a_strong_bot_is_asked_with_its_own_view_and_the_events_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The job is all the search gets: the seat's private view as the rules give it (no other seat's
    hand) and the game's events; the table's state never leaves the loop."""
    seen: list[tuple[Job, dict[str, Any]]] = []
    table_ref: list[Table] = []
    post = Thinker.post

    def spy(self: Thinker, job: Job) -> None:
        table = table_ref[0]
        seen.append((job, table._rules.seat_view(table._state, job.seat)))  # on the loop thread
        post(self, job)

    monkeypatch.setattr(Thinker, "post", spy)
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=4, bots=2, bot_level="strong",
                                   bot_think=0.002, bot_delay=0.0005))
    table_ref.append(table)
    table.start()
    try:
        for seat in range(3):  # the people's seats sit down; the opening round then waits for them
            assert table.join(seat).ok
        deadline = time.monotonic() + 30
        while not seen and time.monotonic() < deadline:
            table.wait_for_change(table.snapshot().serial, 0.5)
    finally:
        table.stop()
    assert seen
    assert {f.name for f in Job.__dataclass_fields__.values()} == {
        "seat", "game", "decision", "game_name", "view", "history", "seed", "think", "wall"}
    for job, own in seen:
        assert job.seat in (3, 4) and job.view == own and job.view["seat"] == job.seat
        move = decide(job)  # the same question gives the same move: it depends on the job alone
        assert move.action == decide(job).action or move.action is None


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


def test_a_stale_strong_move_is_dropped_and_asked_again(tmp_path: Path) -> None:
    """A move thought for a decision that has passed is not played; the seat is asked anew."""
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=5, bots=5, bot_level="strong",
                                   bot_think=0.002, bot_delay=60.0))
    try:
        table._schedule_bot()  # the loop is not running: the test plays it by hand
        assert set(table._thinking) == set(range(5))
        stale = BotMove(seat=0, game=table._game, decision=table._decision - 1, action=None, seconds=0.0)
        assert table._strong_move(stale).ok and table.snapshot().version == 0
        assert 0 not in table._thinking  # dropped: the next schedule asks seat 0 again
        table._schedule_bot()
        assert 0 in table._thinking
    finally:
        table.stop()


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


def test_a_strong_bot_answers_before_the_shot_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the clock running, a strong decision gets at most half of what is left (less a margin) of
    wall time, and its move is due before the deadline, however long the bot delay."""
    asked: list[Job] = []
    monkeypatch.setattr(Thinker, "post", lambda self, job: asked.append(job))
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=6, bots=1, bot_level="strong",
                                   bot_delay=60.0))
    try:
        table._clock.deadline = time.time() + 5.0
        table._schedule_bot()
        assert [job.seat for job in asked] == [4]
        assert asked[0].wall <= (5.0 - table_bots.CLOCK_MARGIN) / 2
        assert table._thinking[4] <= time.monotonic() + 5.0 - table_bots.CLOCK_MARGIN
    finally:
        table.stop()
