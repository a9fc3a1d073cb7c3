"""Snapshots and their fan-out on their own (controller.table.snapshots): what a snapshot holds beside
the rules' views, and how the publisher hands the newest one to waiters, listeners and token checks."""

from __future__ import annotations

import threading
import time

from loop_stand_in import Loop

from controller.table.seating import hash_token
from controller.table.snapshots import SEAT_KEYS, TABLE_KEYS, Publisher, Snapshot, build, rules_part


def _snapshot(serial: int = 0, loop: Loop | None = None) -> Snapshot:
    loop = loop or Loop()
    return build(serial, loop.dealt, loop.seats, loop.bots.seat_levels(), loop.clock, loop.evening,
                 ["resumed"], {"hub": "hub unplugged"}, (12.5, 1))


def test_a_snapshot_is_the_rules_views_with_the_tables_data_beside_them() -> None:
    loop = Loop(holders={4: ("", "bot")}, settings={"bots": "4", "join_code": "ABC123"})
    assert loop.seats.join(0, "Ana", code="ABC123").ok
    snap = _snapshot(3, loop)
    rules, state = loop.dealt.rules, loop.dealt.state
    assert set(TABLE_KEYS) <= set(snap.public) and rules_part(snap.public) == rules.public_view(state)
    for seat, view in enumerate(snap.seats):
        assert set(SEAT_KEYS) <= set(view) and view["table"] is snap.public
        assert rules_part(view) == rules_part(rules.seat_view(state, seat, rules.public_view(state)))
    assert snap.serial == 3 and snap.players == 5 and snap.claimed == ("phone", None, None, None, "bot")
    assert snap.public["names"][0] == "Ana" and snap.public["bots"] == [4] and snap.public["join_code_needed"]
    assert snap.join_code == "ABC123" and "ABC123" not in repr(snap.public) + repr(snap.seats)
    assert snap.status == ("resumed", "hub unplugged") and snap.notices == ("hub",)
    assert (snap.said_at, snap.said_game, snap.game_name) == (12.5, 1, "jaccuse")
    assert snap.bot_levels == (None, None, None, None, "random") and snap.public["play_again"] is None


def test_a_waiter_gets_the_newest_snapshot_and_a_listener_every_change() -> None:
    first = _snapshot(0)
    publisher = Publisher(first, ())
    heard: list[int] = []
    publisher.add_listener(lambda: heard.append(publisher.current.serial))
    publisher.add_listener(lambda: 1 / 0)  # a faulty listener costs the others nothing
    assert publisher.wait_for_change(0, 0.01) is first  # nothing newer: the timeout answers
    got: list[Snapshot] = []
    waiter = threading.Thread(target=lambda: got.append(publisher.wait_for_change(0, 5)))
    waiter.start()
    time.sleep(0.05)
    publisher.publish(_snapshot(1), ())
    publisher.publish(_snapshot(2), ())
    waiter.join(5)
    assert got and got[0].serial in (1, 2) and heard == [1, 2]
    assert publisher.wait_for_change(0, 5).serial == 2  # a late waiter skips what it missed


def test_closing_wakes_every_waiter_once() -> None:
    publisher = Publisher(_snapshot(4), ())
    heard: list[bool] = []
    publisher.add_listener(lambda: heard.append(publisher.current.closed))
    got: list[Snapshot] = []
    waiter = threading.Thread(target=lambda: got.append(publisher.wait_for_change(4, 5)))
    waiter.start()
    time.sleep(0.05)
    publisher.close()
    publisher.close()
    waiter.join(5)
    assert got[0].closed and got[0].serial == 5 and publisher.closed and heard == [True]
    assert publisher.wait_for_change(99, 5).closed  # no wait once closed


def test_a_token_opens_only_its_own_seat() -> None:
    publisher = Publisher(_snapshot(), ((1, hash_token("one")), (3, hash_token("three"))))
    assert publisher.authenticate("one") == 1 and publisher.authenticate("three") == 3
    assert publisher.authenticate("two") is None and publisher.authenticate("") is None
    assert publisher.authenticate(None) is None and publisher.authenticate("one" * 200) is None
    publisher.publish(_snapshot(1), ())  # the seat was released: its token stops working
    assert publisher.authenticate("one") is None
