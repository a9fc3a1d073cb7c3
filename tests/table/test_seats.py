"""The seats on their own (controller.table.seats), on a stand-in loop: joining and its refusals, a
change journaled before it is made (and not made when the journal refuses it), the clock the seats
start and stop, releasing, a seat given to a bot or handed to a person, and the seats of a new deal."""

from __future__ import annotations

from loop_stand_in import Loop

from controller.table.seating import Device, hash_token
from controller.table.seats import BOTS_KEY, READY_KEY, last_seats, recorded_bots, recorded_ready, seat_list


def test_a_phone_takes_a_free_seat_with_a_token_only_its_hash_is_kept() -> None:
    loop = Loop()
    seats = loop.seats
    out = seats.join(2, "Ana", device=Device("10.0.0.5"))
    assert out.ok and out.data["seat"] == 2 and out.data["name"] == "Ana"
    token = out.data["token"]
    assert seats.hashes() == ((2, hash_token(token)),) and token not in repr(loop.journal.writes)
    assert seats.claimed() == (None, None, "phone", None, None) and seats.names[2] == "Ana"
    assert seats.claims == 1 and loop.published == 1
    name, args = loop.journal.writes[0]
    assert name == "claim_seat" and args[:3] == (2, hash_token(token), "phone")
    assert args[3]["name:2"] == "Ana" and args[3]["device:2"] == "10.0.0.5"


def test_joining_is_refused_for_what_the_table_does_not_allow() -> None:
    loop = Loop(holders={4: ("", "bot")}, settings={"bots": "4"})
    seats = loop.seats
    assert seats.join(9).code == "unknown_seat"
    assert seats.join(0, "\u202eevil").code == "bad_name"
    assert seats.join(4).code == "seat_taken" and "a bot plays it" in seats.join(4).message
    assert seats.join(0, device=Device("10.0.0.5")).ok
    assert seats.join(0).code == "seat_taken"
    assert seats.join(1, device=Device("10.0.0.5")).code == "one_seat_per_device"
    seats.multi_seat = True
    assert seats.join(1, device=Device("10.0.0.5")).ok
    seats.join_code = "ABC123"
    assert seats.join(2).code == "join_code" and seats.join(2, code="zzz999").code == "join_code"
    assert seats.join(2, code="abc-123").ok
    seats.locked = True
    assert seats.join(3, code="ABC123").status == 403
    assert [args[0] for _, args in loop.journal.writes] == [0, 1, 2]  # a refusal writes nothing


def test_a_change_the_journal_refuses_is_not_made() -> None:
    loop = Loop()
    loop.journal.full = True
    out = loop.seats.join(1, "Bo")
    assert (out.status, out.code) == (503, "journal_unavailable")
    assert "the seat could not be saved" in out.message
    assert loop.seats.claimed() == (None,) * 5 and loop.seats.names[1] is None and loop.seats.claims == 0
    assert loop.published == 0
    loop.journal.full = False
    assert loop.seats.join(1, "Bo").ok
    loop.journal.full = True
    assert loop.seats.rename(1, "Bob").code == "journal_unavailable" and loop.seats.names[1] == "Bo"
    assert loop.seats.release(1).code == "journal_unavailable" and loop.seats.kind(1) == "phone"


def test_the_opening_round_clock_starts_with_the_last_seat_and_stops_when_one_leaves() -> None:
    loop = Loop(players=5, holders={3: ("", "bot"), 4: ("", "bot")}, settings={"clock_seconds": "30",
                                                                                 "bots": "3,4"})
    seats = loop.seats
    for seat in (0, 1):
        assert seats.join(seat).ok and loop.clock.deadline is None
    assert seats.join(2).ok and loop.clock.deadline is not None
    assert loop.journal.writes[-1][1][3]["clock_deadline"] == repr(loop.clock.deadline)
    assert seats.release(2).ok and loop.clock.deadline is None
    assert loop.journal.writes[-1][1][1]["clock_deadline"] is None


def test_a_release_frees_the_seat_says_so_and_a_new_phone_may_sit_there() -> None:
    loop = Loop()
    seats = loop.seats
    token = seats.join(0, "Ana").data["token"]
    assert seats.release(0).ok
    assert seats.hashes() == () and seats.names[0] is None and seats.claims == 2
    assert hash_token(token) not in repr(seats.holders)
    log = [line for _, line in loop.dealt.chronicle.log]
    assert len(log) == 1 and "Ana" in log[0]
    assert seats.release(0).code == "seat_free"
    assert seats.join(0, "Cy").ok and len(loop.dealt.chronicle.log) == 2  # a take-over is said too


def test_a_seat_goes_to_a_bot_under_a_name_of_its_own_and_back_to_a_person() -> None:
    loop = Loop()
    seats = loop.seats
    assert seats.join(0, "Ana").ok
    out = seats.to_bot(0)  # a phone's seat: released to the bot in one step
    assert out.ok and seats.is_bot(0) and seats.bots == frozenset({0})
    assert seats.names[0] and seats.names[0] != "Ana"
    assert seats.to_bot(1).ok and seats.names[1] not in (None, seats.names[0])
    assert seats.to_bot(1).code == "already_a_bot" and seats.to_bot("1").code == "unknown_seat"
    assert loop.journal.rows()[BOTS_KEY] == "0,1"
    rows = seats.hand_over_rows(1)
    assert isinstance(rows, dict) and rows[BOTS_KEY] == "0" and rows["human:1"] == "1"
    seats.handed_over(1)
    assert seats.kind(1) == "" and seats.handed == frozenset({1}) and seats.bots == frozenset({0})
    assert not isinstance(seats.hand_over_rows(2), dict)  # not a bot's seat


def test_the_bots_are_seated_from_the_flag_or_the_journal_and_never_on_a_phone() -> None:
    loop = Loop(holders={4: ("h", "phone")})
    loop.seats.seat_bots(True, 2, asked=False)
    assert loop.seats.bots == frozenset({3}) and loop.seats.kind(4) == "phone"
    assert loop.journal.rows()[BOTS_KEY] == "3" and loop.seats.names[3]
    again = Loop(settings={"bots": "1"})
    again.seats.seat_bots(False, 2, asked=False)
    assert again.seats.bots == frozenset({1}) and BOTS_KEY not in again.journal.rows()


def test_a_new_deal_drops_the_seats_past_its_count_and_fills_the_new_ones_as_asked() -> None:
    loop = Loop(players=5)
    seats = loop.seats
    assert seats.join(0, "Ana").ok and seats.join(4, "Eve").ok
    rows, opened, added = seats.redeal(3, "free", None)
    assert opened == frozenset() and added == frozenset() and rows["name:4"] is None
    seats.dealt_again(3, rows, added, None)
    assert seats.players == 3 and seats.claimed() == ("phone", None, None)
    assert seats.names == ["Ana", None, None]
    rows, opened, added = seats.redeal(6, "bots", "bots")
    assert opened == added == frozenset({3, 4, 5}) and rows[BOTS_KEY] == "3,4,5"
    seats.dealt_again(6, rows, added, "bots")
    assert seats.bots == added and len({seats.names[s] for s in added}) == 3 and seats.new_seats() == "bots"


def test_the_journal_rows_of_bots_and_the_ready_check_read_back() -> None:
    assert last_seats(2, 5) == frozenset({3, 4}) and last_seats(9, 3) == frozenset({0, 1, 2})
    assert recorded_bots({}, 5) is None and recorded_bots({"bots": "1,x,7"}, 5) == frozenset({1})
    assert recorded_ready({READY_KEY: "2:0,3"}, 2) == {0, 3}
    assert recorded_ready({READY_KEY: "1:0"}, 2) == set()  # the ready check of an earlier game
    assert seat_list(frozenset()) == "no seat" and seat_list(frozenset({4, 2})) == "seats 2, 4"
