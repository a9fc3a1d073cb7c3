"""The loop on its own (controller.table.table.TableLoop), driven by hand: every command kind goes to its
handler, a change is journaled before it is published (and refused when it cannot be), a queued later
vote of the same seat replaces an earlier one, and the loop answers whatever is pending when it stops."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.games import jaccuse as rules
from controller.table.command import Command, PadWaiters, Reply
from controller.table.journal import JournalError
from controller.table.resume import open_data_dir
from controller.table.table import CANNOT_SAVE, TableLoop
from controller.table.table_config import TableConfig

#: the loop's queue and pad waiters, as the table hands them to it
COMMANDS: queue.Queue[Command]
PADS: PadWaiters


@pytest.fixture
def loop(tmp_path: Path) -> Iterator[TableLoop]:
    global COMMANDS, PADS
    COMMANDS, PADS = queue.Queue(), PadWaiters()
    config = TableConfig(data_dir=tmp_path, players=5, seed=11, pads="mock")
    table_loop = TableLoop(config, open_data_dir(config), COMMANDS, PADS)
    yield table_loop
    table_loop.journal.close_cleanly()


def _membership(loop: TableLoop, seat: int) -> rules.Action:
    return rules.Action(seat=seat, act="membership", card=loop.publisher.current.seats[seat]["hand"][0])


def _elect(loop: TableLoop) -> None:
    for seat in range(5):
        assert loop.handle(Command("act", seat=seat, payload=_membership(loop, seat))).ok
    assert loop.dealt.state.phase == "election"


def test_each_command_kind_has_its_handler(loop: TableLoop) -> None:
    assert loop.handle(Command("dance")).code == "bad_command"
    assert loop.handle(Command("join", seat=0, payload=("Ana", None, None))).data["name"] == "Ana"
    assert loop.handle(Command("rename", seat=0, payload="Anna")).ok and loop.seats.names[0] == "Anna"
    assert loop.handle(Command("host", payload=("locked", True))).ok and loop.seats.locked
    assert loop.handle(Command("release", seat=0)).ok and loop.seats.kind(0) == ""
    assert loop.handle(Command("notice", payload=("hub", "hub unplugged"))).ok
    assert loop.publisher.current.status[-1] == "hub unplugged"
    assert loop.handle(Command("notice", payload=("hub", None))).ok and not loop.publisher.current.notices
    assert loop.handle(Command("clock", source="clock")).ok  # no clock running: nothing to do
    assert loop.handle(Command("bot", source="bot")).ok  # no bot waits: nothing to do
    out = loop.handle(Command("act", seat=1, payload=_membership(loop, 1)))
    assert out.ok and out.data["me"]["seat"] == 1 and loop.publisher.current.version == 1
    out = loop.handle(Command("new_game", payload=(False, None, None, None, None, None)))
    assert out.ok and loop.dealt.number == 2 and loop.publisher.current.game == 2


def test_an_action_read_for_an_earlier_game_is_refused(loop: TableLoop) -> None:
    action = _membership(loop, 0)
    assert loop.handle(Command("new_game", payload=(False, None, None, None, None, None))).ok
    out = loop.handle(Command("act", seat=0, payload=action, game=1))
    assert (out.status, out.code) == (409, "new_game") and loop.dealt.state.version == 0


def test_a_change_is_journaled_before_it_is_published(
    loop: TableLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = loop.publisher.current.serial

    def full(*args: object) -> None:
        raise JournalError("database or disk is full")

    monkeypatch.setattr(loop.journal, "append", full)
    out = loop.handle(Command("act", seat=0, payload=_membership(loop, 0)))
    assert (out.status, out.code) == (503, "journal_unavailable")
    snap = loop.publisher.current
    assert loop.dealt.state.version == 0 and snap.version == 0 and CANNOT_SAVE in snap.notices
    assert "the disk is full" in snap.status[-1] and snap.serial == serial + 1  # only the fault was said
    monkeypatch.undo()
    assert loop.handle(Command("act", seat=0, payload=_membership(loop, 0))).ok
    assert CANNOT_SAVE not in loop.publisher.current.notices and loop.journal.action_count() == 1


def test_a_pad_press_the_game_refuses_is_counted_and_answers_its_waiters(loop: TableLoop) -> None:
    waiting = PADS.add(2, "reveal")
    out = loop.handle(Command("pad", seat=2, payload="reveal", source="pad"))  # nothing to reveal yet
    assert not out.ok and waiting.wait(1) == out
    assert loop.publisher.current.pad_refusals[2] == 1


def _vote_cards(loop: TableLoop, seat: int) -> list[str]:
    return list(next(m["cards"] for m in loop.publisher.current.seats[seat]["moves"] if m["act"] == "vote"))


def _queued(loop: TableLoop, *commands: Command) -> list[Reply]:
    replies = []
    for cmd in commands:
        cmd.reply = Reply()
        replies.append(cmd.reply)
        COMMANDS.put(cmd)
    COMMANDS.put(Command("stop"))
    return replies


def test_a_later_queued_vote_of_the_same_seat_replaces_an_earlier_one(loop: TableLoop) -> None:
    _elect(loop)
    seat, other = loop.publisher.current.public["eligible"][:2]
    cards, other_cards = (_vote_cards(loop, s) for s in (seat, other))
    replies = _queued(
        loop,
        Command("act", seat=seat, payload=rules.Action(seat=seat, act="vote", card=cards[0])),
        Command("act", seat=other, payload=rules.Action(seat=other, act="vote", card=other_cards[0])),
        Command("act", seat=seat, payload=rules.Action(seat=seat, act="vote", card=cards[1])),
    )
    before = loop.journal.action_count()
    loop.run()  # until the stop command queued last
    first, middle, last = (reply.wait(1) for reply in replies)
    assert first is not None and first.code == "superseded"
    assert middle is not None and middle.ok and last is not None and last.ok
    assert loop.journal.action_count() == before + 2
    assert loop.publisher.current.seats[seat]["selected"] == cards[1]


def test_what_is_queued_when_the_loop_stops_is_answered(loop: TableLoop) -> None:
    pending = Command("rename", seat=0, payload="Ana")
    pending.reply = Reply()
    COMMANDS.put(Command("stop"))
    COMMANDS.put(pending)
    loop.run()
    out = pending.reply.wait(1)
    assert out is not None and out.code == "stopping"
