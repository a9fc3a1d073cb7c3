"""Vote flipping (issue 17.5): superseded votes are not journaled, and changes are rate-limited per seat."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from controller.games import jaccuse as rules
from controller.table import Journal, Table, TableConfig
from controller.table.journal import FILENAME


def _elected(tmp_path: Path, **kw: object) -> Table:
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, seed=11, **kw))  # type: ignore[arg-type]
    table.start()
    for seat in range(5):
        card = table.snapshot().seats[seat]["hand"][0]
        assert table.submit_action(seat, rules.Action(seat=seat, act="membership", card=card)).ok
    assert table.snapshot().public["phase"] == "election"
    return table


def _vote_cards(table: Table, seat: int) -> list[str]:
    moves = table.snapshot().seats[seat]["moves"]
    return list(next(m["cards"] for m in moves if m["act"] == "vote"))


def test_queued_votes_of_one_seat_become_one_journal_row(tmp_path: Path) -> None:
    table = _elected(tmp_path)
    try:
        hold = threading.Event()
        held = threading.Event()

        def block_once() -> None:  # holds the loop after its next publish, so the votes queue up
            if not held.is_set():
                held.set()
                hold.wait(5)

        table.add_listener(block_once)
        cards0, cards1 = _vote_cards(table, 0), _vote_cards(table, 1)
        vote = rules.Action(seat=1, act="vote", card=cards1[0])
        first = threading.Thread(target=table.submit_action, args=(1, vote))
        first.start()
        assert held.wait(2)  # the loop is now held inside that vote's publish
        results: dict[str, object] = {}
        sends = [(0, cards0[0]), (1, cards1[1]), (0, cards0[1]), (0, cards0[2])]
        threads = []
        for n, (seat, card) in enumerate(sends):
            def send(n: int = n, seat: int = seat, card: str = card) -> None:
                results[f"{n}"] = table.submit_action(seat, rules.Action(seat=seat, act="vote", card=card))
            threads.append(threading.Thread(target=send))
            threads[-1].start()
            time.sleep(0.05)  # queued in this order
        hold.set()
        first.join(5)
        for t in threads:
            t.join(5)
        codes = [(results[str(n)].ok, results[str(n)].code) for n in range(4)]  # type: ignore[attr-defined]
        # seat 0's first two votes were replaced by its third; seat 1's vote between them stands
        assert codes == [(False, "superseded"), (True, ""), (False, "superseded"), (True, "")]
        assert results["0"].status == 409  # type: ignore[attr-defined]
        snap = table.snapshot()
        assert snap.seats[0]["selected"] == cards0[2] and snap.seats[1]["selected"] == cards1[1]
        assert snap.version == 5 + 3
    finally:
        table.stop()
    journal = Journal.open(tmp_path / FILENAME)
    actions = journal.load().actions
    journal.close()
    expected = [(1, cards1[0]), (1, cards1[1]), (0, cards0[2])]
    assert [(a["seat"], a.get("card")) for a in actions[5:]] == expected


def test_vote_changes_are_rate_limited_per_seat(tmp_path: Path) -> None:
    table = _elected(tmp_path, vote_changes_per_second=1.0, vote_change_burst=2)
    try:
        cards = _vote_cards(table, 0)
        outcomes = [table.submit_action(0, rules.Action(seat=0, act="vote", card=cards[n % len(cards)]))
                    for n in range(4)]  # fmt: skip
        # the first selection is free; then two changes (the burst); the third change is too fast
        assert [o.status for o in outcomes] == [200, 200, 200, 429]
        assert outcomes[3].code == "too_fast" and table.snapshot().version == 5 + 3
        # another seat is not limited by seat 0's flipping
        other = _vote_cards(table, 1)
        assert all(table.submit_action(1, rules.Action(seat=1, act="vote", card=c)).ok for c in other[:3])
        time.sleep(1.1)  # the bucket refills
        assert table.submit_action(0, rules.Action(seat=0, act="vote", card=cards[0])).ok
    finally:
        table.stop()
