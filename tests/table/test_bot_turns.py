"""The bots' turns on their own (controller.table.bot_turns), driven by hand on a stand-in loop: who is
asked when, what a strong bot is asked with, held and stale moves, the shot clock's margin."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from loop_stand_in import Loop

from controller.games import registry
from controller.table import bot_turns
from controller.table import bots as table_bots
from controller.table.bots import BotMove, Job, Thinker, decide


def _loop(bots: tuple[int, ...] = (3, 4), level: str = "strong", delay: float = 60.0, **kw: Any) -> Loop:
    """A table whose ``bots`` seats the bots play, at ``level``."""
    return Loop(holders={s: ("", "bot") for s in bots}, settings={"bots": ",".join(map(str, bots))},
                level=level, delay=delay, **kw)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[Job]:
    """The jobs the strong bots are given (nothing is thought: the test plays the thinker)."""
    jobs: list[Job] = []
    monkeypatch.setattr(Thinker, "post", lambda self, job: jobs.append(job))
    return jobs


def test_every_awaited_strong_seat_is_asked_once_with_its_own_view_and_the_events(asked: list[Job]) -> None:
    loop = _loop()
    loop.bots.schedule()
    loop.bots.schedule()  # asked already: not again
    assert sorted(job.seat for job in asked) == [3, 4]
    assert set(loop.bots.thinking) == {3, 4}
    rules, state = loop.dealt.rules, loop.dealt.state
    for job in asked:
        # all the search gets: the seat's private view as the rules give it, and the public events
        assert job.view == rules.seat_view(state, job.seat) and job.view["seat"] == job.seat
        assert job.history == () and job.game == 1 and job.decision == loop.bots.decision
        assert set(Job.__dataclass_fields__) == {
            "seat", "game", "decision", "game_name", "view", "history", "seed", "think", "wall"}
        move = decide(job)  # the same question gives the same move: it depends on the job alone
        assert move.action == decide(job).action or move.action is None
    assert loop.bots.due is None  # no quick bot waits: the timer stays off


def test_a_stale_strong_move_is_dropped_and_the_seat_asked_again(asked: list[Job]) -> None:
    loop = _loop(bots=(0, 1, 2, 3, 4))
    loop.bots.schedule()
    assert set(loop.bots.thinking) == set(range(5))
    stale = BotMove(seat=0, game=1, decision=loop.bots.decision - 1, action=None, seconds=0.0)
    assert loop.bots.play(stale).ok and loop.moves == []
    assert 0 not in loop.bots.thinking  # dropped: the next schedule asks seat 0 again
    loop.bots.schedule()
    assert 0 in loop.bots.thinking and [job.seat for job in asked].count(0) == 2


class Later:
    """The bots' clocks, moved on by hand."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.ahead

    def time(self) -> float:
        return time.time() + self.ahead


def test_an_early_strong_move_is_held_until_its_time_then_played_by_the_timer(
    asked: list[Job], monkeypatch: pytest.MonkeyPatch
) -> None:
    later = Later()
    monkeypatch.setattr(bot_turns, "time", later)
    loop = _loop(bots=(4,))
    loop.bots.schedule()
    job = asked[0]
    move = decide(job)
    assert move.action is not None
    loop.bots.play(move)  # due about a minute from now (the bot delay)
    assert loop.moves == [] and 4 not in loop.bots.thinking
    loop.bots.schedule()
    assert loop.bots.due is not None and loop.bots.due > time.monotonic() + 20  # the timer waits for it
    assert loop.bots.play(None).ok and loop.moves == []  # not yet
    later.ahead = 120.0  # its time has come
    loop.bots.play(None)
    assert loop.moves == [(4, move.action, "bot")]


def test_a_new_decision_makes_thoughts_stale_and_the_events_are_kept(asked: list[Job]) -> None:
    loop = _loop(bots=(4,), level="random")
    decision = loop.bots.decision
    for seat in range(5):  # the opening round: every seat places a card
        action = loop.dealt.rules.bot_action(loop.dealt.state, seat, random.Random(seat))
        assert loop.act(seat, action, "phone").ok
    assert loop.bots.decision > decision and loop.bots.history
    loop.bots.new_deal(5)
    assert loop.bots.history == [] and loop.bots.due is None and loop.bots.thinking == {}


def test_quick_bots_move_one_at_a_time_on_the_timer(asked: list[Job]) -> None:
    loop = _loop(bots=(2, 3, 4), level="random", delay=0.001)
    loop.bots.schedule()
    assert asked == [] and loop.bots.due is not None
    assert loop.bots.play(None).ok
    assert len(loop.moves) == 1 and loop.moves[0][0] in (2, 3, 4) and loop.moves[0][2] == "bot"
    loop.bots.levels[2] = "sensible"
    loop.bots.due = None
    loop.bots.schedule()
    loop.bots.play(None)
    assert len(loop.moves) == 2


def test_a_strong_bot_answers_before_the_shot_clock(asked: list[Job]) -> None:
    """With the clock running, a strong decision gets at most half of what is left (less a margin) of
    wall time, and its move is due before the deadline, however long the bot delay."""
    loop = _loop(bots=(4,), delay=60.0)
    loop.clock.deadline = time.time() + 5.0
    loop.bots.schedule()
    assert [job.seat for job in asked] == [4]
    assert asked[0].wall <= (5.0 - table_bots.CLOCK_MARGIN) / 2
    assert loop.bots.thinking[4] <= time.monotonic() + 5.0 - table_bots.CLOCK_MARGIN


def test_levels_come_from_the_host_else_the_default_and_strong_needs_a_sampler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loop = _loop(bots=(3, 4))
    loop.bots.set_level(3, "random")
    assert loop.bots.seat_levels() == (None, None, None, "random", "strong")
    import dataclasses

    plain = dataclasses.replace(registry.game("jaccuse"), sampler=None)
    monkeypatch.setattr(registry, "game", lambda name: plain)
    assert loop.bots.level(4) == "sensible"
