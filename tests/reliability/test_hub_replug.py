"""The pad hub unplugged and plugged back in the middle of votes: no press is lost and none counts twice.

The hub is the real firmware logic (firmware/hub.py) behind a simulated USB cable that can be pulled
out at any moment: bytes in flight are lost, writes while it is out fail, and the port the Pi side
holds goes dead. The Pi side is the real SerialPads reader feeding a real Table with its journal. In
every election round the seats vote from their phones, then press their pads; somewhere among those
presses the cable comes out, some presses happen while it is out, time passes (so the hub re-sends
unacknowledged presses) and it goes back in. In some rounds the Pi's ACKs get lost before the unplug,
so the hub sends again presses the Pi already has. The round must resolve with each press applied
once: a lost press leaves the round waiting, a doubled one is refused by the rules (and counted).

The hub is powered by its USB cable, so in half the rounds the unplug is a real one: the hub goes dark,
presses made meanwhile are not seen, what it had not delivered is gone, and it boots afresh (a new
boot id, sequence numbers from 1 again). Those players press again once their light asks, as at the
table; the others are a data-only glitch, where the hub keeps its outbox and re-sends it.

Rounds: 100, or 400 with `pytest --long`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

from fake_cable import Cable

from controller.devices.serial_pads import SerialPads
from controller.games import jaccuse as rules
from controller.table import Table, TableConfig

PLAYERS = 8
CODES = {"reveal": "R", "abstain": "A"}


def wait_until(condition: Any, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.001)
    return bool(condition())


def act(table: Table, seat: int, **action: Any) -> bool:
    return table.submit_action(seat, rules.Action.from_dict({"seat": seat, **action})).ok


def play_outside_elections(table: Table, rng: random.Random) -> None:
    """Phone moves (a president mostly passes) until an election round waits for votes."""
    for _ in range(500):
        snap = table.snapshot()
        view = snap.public
        if view["over"]:
            assert table.new_game().ok
            continue
        if view["phase"] == "election" and view["awaiting"]:
            return
        seat = rng.choice(view["awaiting"])
        moves = {m["act"]: m for m in snap.seats[seat]["moves"]}
        hand = list(snap.seats[seat]["hand"])
        if "pass" in moves and rng.random() < 0.8:
            act(table, seat, act="pass")
        elif "membership" in moves:
            act(table, seat, act="membership", card=rng.choice(moves["membership"]["cards"]))
        elif "parley_reply" in moves and len(hand) >= moves["parley_reply"]["count"]:
            act(table, seat, act="parley_reply", cards=rng.sample(hand, moves["parley_reply"]["count"]))
        elif "enact" in moves:
            act(table, seat, act="enact", card=rng.choice(moves["enact"]["cards"]))
        elif "defect" in moves and moves["defect"]["cards"]:
            act(table, seat, act="defect", card=rng.choice(moves["defect"]["cards"]))
        elif "accuse" in moves:
            move = moves["accuse"]
            target, color = rng.choice(move["targets"]), rng.choice(move["colors"])
            act(table, seat, act="accuse", target=target, color=color)
        elif "pass" in moves:
            act(table, seat, act="pass")
    raise AssertionError("no election round came up")


def test_hub_unplugged_mid_vote_loses_and_doubles_no_press(tmp_path: Path, long_run: bool) -> None:
    rounds = 400 if long_run else 100
    rng = random.Random(2024)
    table = Table.open(TableConfig(data_dir=tmp_path, players=PLAYERS, pads="serial", seed=9))
    table.start()
    cable = Cable(PLAYERS, boot="rel1")
    delivered: Counter[tuple[int, str]] = Counter()
    expected: Counter[tuple[int, str]] = Counter()

    def on_press(seat: int, button: str) -> None:
        delivered[(seat, button)] += 1
        table.press(seat, button)

    pads = SerialPads("sim", PLAYERS, open_port=cable.open, reconnect_interval=0.001, ping_interval=0.05)
    pads.start(on_press)
    presses_total = 0
    dropped_by_hub = 0
    power_cuts = 0
    try:
        assert wait_until(lambda: pads.connected)
        for number in range(rounds):
            assert sum(table.snapshot().pad_refusals) == 0  # checked before a new game resets the counts
            play_outside_elections(table, rng)
            snap = table.snapshot()
            plan = []
            for seat in snap.public["awaiting"]:
                me = snap.seats[seat]
                cards = next((m["cards"] for m in me["moves"] if m["act"] == "vote"), [])
                voted = me["selected"] is not None
                if not voted and cards:
                    voted = act(table, seat, act="vote", card=rng.choice(cards))
                plan.append((seat, "reveal" if voted and rng.random() < 0.8 else "abstain"))
            rng.shuffle(plan)
            pads.set_epoch(number)  # a new vote round, as the box's wiring would name it
            before = table.snapshot().version
            out_at = rng.randrange(len(plan))  # the cable comes out after this many presses
            back_at = rng.randrange(out_at, len(plan) + 1)  # and goes back in after this many
            power_cut = rng.random() < 0.5  # a real unplug: the hub loses power
            power_cuts += power_cut
            cable.drop_acks = rng.random() < 0.3  # then the hub re-sends presses the Pi already has
            round_start = Counter(delivered)
            retry: list[tuple[int, str]] = []
            for i in range(len(plan) + 1):
                if i == out_at:
                    time.sleep(rng.choice([0, 0, 0.0005, 0.002]))  # ACKs sometimes still in flight
                    cable.unplug(power_off=power_cut)
                if i == out_at:
                    cable.tick(rng.randrange(0, 4000))  # re-sends run; past 3 s the hub counts as unlinked
                if i == back_at:
                    if rng.random() < 0.5:
                        time.sleep(0.002)  # long enough for the reader to notice, sometimes
                    cable.replug()
                if i < len(plan):
                    if cable.press(plan[i][0], CODES[plan[i][1]]):
                        if not power_cut:
                            expected[plan[i]] += 1
                    else:
                        retry.append(plan[i])
            if power_cut:  # what the old hub had not delivered died with it: still waiting, press again
                # the new hub has heard the Pi and been told the round (its presses carry it)
                assert wait_until(lambda: cable.linked() and cable.hub.epoch == pads._wire_epoch)
                arrived = delivered - round_start
                for press in plan:
                    if arrived[press]:
                        expected[press] += 1
                    elif press not in retry:
                        retry.append(press)
            if retry:  # the red blink (or the waiting light) told these players to press again
                assert wait_until(cable.linked)
                for seat, button in retry:
                    assert cable.press(seat, CODES[button])
                    expected[(seat, button)] += 1
                dropped_by_hub += len(retry)
            presses_total += len(plan)
            target = before + len(plan)
            resolved = wait_until(lambda t=target: table.snapshot().version >= t)  # type: ignore[misc]
            assert resolved, f"a press was lost: at version {table.snapshot().version} of {target}"
            cable.tick(1500)  # any press still unacknowledged is sent again now
        assert wait_until(lambda: not cable.hub.outbox)
        time.sleep(0.05)
        snap = table.snapshot()
        assert sum(snap.pad_refusals) == 0, snap.pad_refusals  # a doubled press would have been refused
        assert delivered == expected
        assert cable.opens > rounds // 2
        assert pads.duplicates > 0  # the re-sent copies really happened, and were dropped
        assert cable.boots == power_cuts + 1 and power_cuts > rounds // 4
    finally:
        pads.close()
        table.stop()
    assert pads.stale == 0  # every press belonged to its round
    print(
        f"hub replug: {rounds} rounds, {presses_total} presses, {pads.duplicates} re-sent copies dropped, "
        f"{dropped_by_hub} pressed again after the hub dropped them or lost power ({power_cuts} power cuts)"
    )


def test_a_press_queued_across_a_new_vote_round_is_dropped(tmp_path: Path) -> None:
    table = Table.open(TableConfig(data_dir=tmp_path, players=PLAYERS, pads="serial", seed=9))
    table.start()
    cable = Cable(PLAYERS, boot="rel2")
    delivered: list[tuple[int, str]] = []
    dropped: list[tuple[int, str, str]] = []

    def on_press(seat: int, button: str) -> None:
        delivered.append((seat, button))
        table.press(seat, button)

    pads = SerialPads("sim", PLAYERS, open_port=cable.open, reconnect_interval=0.001, ping_interval=0.05)
    pads.set_epoch(1)
    pads.start(on_press, on_drop=lambda seat, button, why: dropped.append((seat, button, why)))
    try:
        rng = random.Random(5)
        play_outside_elections(table, rng)
        assert wait_until(lambda: pads.connected and cable.hub.epoch != "-")
        seat = table.snapshot().public["awaiting"][0]
        cable.unplug()
        assert cable.press(seat, "A")  # made in round 1 just as the cable came out: queued in the hub
        cable.tick(2000)  # two seconds pass on the hub's clock
        pads.set_epoch(2)  # meanwhile the table moved on to another round
        version = table.snapshot().version
        cable.replug()
        assert wait_until(lambda: bool(dropped) and not cable.hub.outbox)
        assert dropped == [(seat, "abstain", "stale")] and delivered == []
        assert pads.stale == 1
        time.sleep(0.05)
        assert table.snapshot().version == version  # the table never saw it
        assert cable.press(seat, "A")  # pressed again in the new round: it counts
        assert wait_until(lambda: delivered == [(seat, "abstain")])
    finally:
        pads.close()
        table.stop()
