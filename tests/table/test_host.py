"""The host's commands on their own (controller.table.host), on a stand-in loop: each setting checked,
journaled and only then followed; a refused write changes nothing; the deals and "play again"."""

from __future__ import annotations

import pytest
from loop_stand_in import Loop

from controller.table.retelling import Told
from controller.table.seats import BOTS_KEY, NEW_SEATS_KEY, READY_KEY


def test_an_unknown_setting_is_refused() -> None:
    out = Loop().host.setting("volume", 11)
    assert (out.status, out.code) == (400, "bad_command")


def test_the_shot_clock_is_checked_journaled_and_answered() -> None:
    loop = Loop(holders={s: ("", "bot") for s in range(5)}, settings={"bots": "0,1,2,3,4"})
    assert loop.host.setting("clock", 2).code == "bad_clock"
    assert loop.host.setting("clock", "30").code == "bad_clock"
    out = loop.host.setting("clock", 30)
    assert out.ok and out.data["clock"] == 30 and loop.clock.seconds == 30
    rows = loop.journal.rows()
    assert rows["clock_seconds"] == "30" and rows["clock_deadline"] == repr(loop.clock.deadline)
    assert loop.clock.deadline is not None  # every seat is taken: the opening round runs on the clock
    assert loop.host.setting("clock", 0).ok and loop.clock.deadline is None


def test_the_join_code_the_lock_and_more_seats_per_device() -> None:
    loop = Loop()
    host, seats = loop.host, loop.seats
    out = host.setting("join_code", "new")
    assert out.ok and seats.join_code is not None and seats.join_code.isdigit() and len(seats.join_code) == 6
    assert out.data["join_code"] == seats.join_code
    assert host.setting("join_code", "ab-12 cd").ok and seats.join_code == "AB12CD"
    assert host.setting("join_code", "!").code == "bad_code" and seats.join_code == "AB12CD"
    assert host.setting("join_code", None).ok and seats.join_code is None
    assert host.setting("locked", True).data["locked"] is True and seats.locked
    assert host.setting("multi_seat", True).ok and seats.multi_seat
    assert loop.journal.rows()["seats_locked"] == "1" and loop.journal.rows()["multi_seat"] == "1"


def test_a_setting_the_journal_refuses_changes_nothing() -> None:
    loop = Loop()
    loop.journal.full = True
    out = loop.host.setting("locked", True)
    assert (out.status, out.code) == (503, "journal_unavailable") and not loop.seats.locked
    assert loop.published == 0


def test_a_bots_level_and_name_are_the_hosts_to_set() -> None:
    loop = Loop(holders={4: ("", "bot")}, settings={"bots": "4"})
    host = loop.host
    assert host.setting("bot_level", (4, "genius")).code == "bad_level"
    assert host.setting("bot_level", (0, "random")).code == "not_a_bot"
    assert host.setting("bot_level", (9, "random")).code == "unknown_seat"
    out = host.setting("bot_level", (4, "sensible"))
    assert out.ok and out.data["bot_levels"] == [None, None, None, None, "sensible"]
    assert loop.journal.rows()["bot_level:4"] == "sensible"
    assert host.setting("bot_name", (4, "Robo")).ok and loop.seats.names[4] == "Robo"
    assert host.setting("bot_name", (4, "")).ok and loop.seats.names[4] not in (None, "Robo")
    assert host.setting("bot_name", (0, "X")).code == "not_a_bot"


def test_a_bots_seat_is_handed_to_a_person_and_a_seat_to_the_bot() -> None:
    loop = Loop(holders={4: ("", "bot")}, settings={"bots": "4"})
    assert loop.host.setting("hand_over", 4).ok
    assert loop.seats.kind(4) == "" and loop.seats.handed == frozenset({4})
    assert loop.journal.rows()[BOTS_KEY] == "" and loop.journal.rows()["human:4"] == "1"
    assert loop.host.setting("hand_over", 4).code == "not_a_bot"
    out = loop.host.setting("to_bot", 4)
    assert out.ok and out.data["seat"] == 4 and loop.seats.is_bot(4) and loop.seats.handed == frozenset()


def test_a_new_evening_clears_the_scoreboard() -> None:
    loop = Loop()
    loop.evening = [{"game": 1}]
    assert loop.host.setting("evening", None).ok and loop.evening == []
    assert loop.journal.rows()["evening"] is None


def test_a_deal_is_journaled_whole_then_made() -> None:
    loop = Loop(players=5)
    assert loop.seats.join(0, "Ana").ok
    out = loop.host.deal(players=6, new_seats="bots")
    assert out.ok and out.data == {"game": 2, "game_name": "jaccuse", "players": 6, "dealt": True,
                                   "new_seats": "bots", "bots": [5]}
    name, args = loop.journal.writes[-1]
    assert name == "start_game" and args[:2] == (6, "jaccuse") and args[3] is True  # the last one archived
    assert args[2][BOTS_KEY] == "5" and args[2][NEW_SEATS_KEY] == "bots" and args[2][READY_KEY] is None
    assert loop.dealt.number == 2 and loop.dealt.players == 6 and loop.dealt.state.version == 0
    assert [line for _, line in loop.dealt.chronicle.log] == ["Game 2 begins.", "Bots play the new seat 5."]
    assert loop.seats.claimed() == ("phone", None, None, None, None, "bot")


@pytest.mark.parametrize(("kw", "code"), [
    ({"game": "chess"}, "bad_game"),
    ({"players": 99}, "bad_game"),
    ({"chosen": {"turbo": True}}, "bad_game"),
    ({"new_seats": "aliens"}, "bad_game"),
])
def test_a_deal_the_game_does_not_take_is_refused(kw: dict[str, object], code: str) -> None:
    loop = Loop()
    out = loop.host.deal(**kw)  # type: ignore[arg-type]
    assert out.code == code and loop.dealt.number == 1 and loop.journal.writes == []


def test_a_deal_the_journal_refuses_keeps_the_game() -> None:
    loop = Loop()
    before = loop.dealt
    loop.journal.full = True
    assert loop.host.deal().code == "journal_unavailable" and loop.dealt is before


def test_another_game_can_be_dealt_and_a_repeated_tap_deals_once() -> None:
    loop = Loop(players=5)
    out = loop.host.new_game(-1, False, "betrayal", 3, 1, None, None)
    assert out.ok and loop.dealt.name == "betrayal" and loop.dealt.players == 3
    assert "betrayal, 3 players" in loop.dealt.chronicle.log[0][1]
    again = loop.host.new_game(-1, False, "betrayal", 3, 1, None, None)  # it meant to replace game 1
    assert again.code == "already_dealt" and loop.dealt.number == 2


def test_play_again_waits_for_every_seated_person() -> None:
    loop = Loop(players=5, holders={s: ("", "bot") for s in (2, 3, 4)}, settings={"bots": "2,3,4"})
    assert loop.seats.join(0).ok and loop.seats.join(1).ok
    assert loop.host.play_again(0).code == "not_over"
    loop.play_to_the_end()
    out = loop.host.play_again(0)
    assert out.ok and out.data == {"game": 1, "dealt": False, "ready": [0]}
    assert loop.journal.rows()[READY_KEY] == "1:0"
    assert loop.host.play_again(3).code == "seat_free"  # a bot's seat does not ask
    out = loop.host.play_again(1)
    assert out.ok and out.data["dealt"] and loop.dealt.number == 2 and loop.seats.ready == set()


def test_the_rooms_retelling_moves_publishes_and_writes_nothing() -> None:
    loop = Loop()
    told = Told(game=1, name="jaccuse", last=20, marks=(4, 9, 20))
    out = loop.host.retell((told, None, None))
    assert out.ok and out.data["retelling"] == {"game": 1, "name": "jaccuse", "step": 0, "last": 20}
    assert loop.host.retell((told, None, "next_turn")).data["retelling"]["step"] == 4
    assert loop.host.retell((told, 30, None)).data["retelling"]["step"] == 20  # past the end: the end
    assert loop.host.retell((told, None, "prev_turn")).data["retelling"]["step"] == 9
    assert loop.host.retell(None).ok and loop.host.retelling is None
    assert loop.published == 5 and loop.journal.writes == []
    loop.journal.full = True  # a full disk refuses no retelling: it writes nothing
    assert loop.host.retell((told, 3, None)).ok and loop.host.retelling is not None


def test_a_new_deal_ends_the_rooms_retelling() -> None:
    loop = Loop()
    loop.host.retell((Told(game=1, name="jaccuse", last=20), 5, None))
    assert loop.host.deal().ok and loop.host.retelling is None
