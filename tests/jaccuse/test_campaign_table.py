"""Campaigns at the table: dealt up front, journaled, rebuilt on resume, and play again only at the end."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from controller.games import jaccuse as rules
from controller.table import CorruptJournal, Journal, Snapshot, Table, TableConfig, rules_part
from controller.table.journal import FILENAME
from controller.table.resume import deal_game, game_from_record


def _open(tmp_path: Path, **kw: Any) -> Table:
    cfg: dict[str, Any] = {"data_dir": tmp_path, "players": 5, "seed": 21, "campaign": 2} | kw
    table = Table.open(TableConfig(**cfg))
    table.start()
    return table


def _until(table: Table, cond: Callable[[Snapshot], bool], timeout: float = 30.0) -> Snapshot:
    deadline = time.monotonic() + timeout
    snap = table.snapshot()
    while not cond(snap):
        assert time.monotonic() < deadline, f"never reached: {snap.public['phase']} v{snap.version}"
        snap = table.wait_for_change(snap.serial, 0.5)
    return snap


def _record(tmp_path: Path) -> Any:
    j = Journal.open(tmp_path / FILENAME)
    try:
        return j.load()
    finally:
        j.close()


def _replay(tmp_path: Path) -> rules.GameState:
    rec = _record(tmp_path)
    state = game_from_record(rec.players, rec.deal, rec.campaign)
    for data in rec.actions:
        result = rules.apply(state, rules.Action.from_dict(data))
        assert isinstance(result, rules.Accepted)
        state = result.state
    return state


def test_a_campaign_is_dealt_up_front_from_the_shuffle_and_journaled(tmp_path: Path) -> None:
    table = _open(tmp_path, campaign=4)
    try:
        public = table.snapshot().public
        assert public["campaign"] == {
            "generation": 1, "generations": 4, "history": [], "vp": [0] * 5, "over": False, "winners": [],
        }
    finally:
        table.stop()
    rec = _record(tmp_path)
    assert rec.campaign is not None and rec.campaign["generations"] == 4
    assert len(rec.campaign["deals"]) == 3
    # the same order of draws as a version 2 replay script with this seed and no given deals
    rng = random.Random(21)
    first = rules.deal_cards(5, rng)
    assert rec.deal == first.to_dict()
    for raw in rec.campaign["deals"]:
        dealt = rules.deal_cards(5, rng)
        assert raw == {"hands": [list(h) for h in dealt.hands], "network": list(first.network),
                       "discard": list(dealt.discard)}


def test_deal_game_checks_the_length() -> None:
    state, _, campaign = deal_game(6, 0, random.Random(1))
    assert state.campaign is None and campaign is None
    for bad in (1, 3, 10):
        with pytest.raises(rules.DealError):
            deal_game(6, bad, random.Random(1))


def test_journal_round_trip_and_old_journals(tmp_path: Path) -> None:
    _, deal, campaign = deal_game(7, 2, random.Random(3))
    j = Journal.open(tmp_path / "a.sqlite3")
    j.start_game(7, deal, None, campaign)
    j.close()
    j = Journal.open(tmp_path / "a.sqlite3")
    rec = j.load()
    assert (rec.players, rec.deal, rec.campaign) == (7, deal, campaign)
    j.start_game(7, deal, None, None, archive=True)  # the next game may be a single one again
    assert j.load().campaign is None
    archived = json.loads(j._conn.execute("SELECT meta FROM finished").fetchone()[0])
    assert json.loads(archived["campaign"]) == campaign
    j.close()
    # a journal written before campaigns existed has no campaign row and reads as a single game
    j = Journal.open(tmp_path / "old.sqlite3")
    j.start_game(5, deal_game(5, 0, random.Random(4))[1], 9)
    j.close()
    j = Journal.open(tmp_path / "old.sqlite3")
    assert j.load().campaign is None
    j.close()
    # a damaged campaign row is a damaged journal
    conn = sqlite3.connect(tmp_path / "a.sqlite3")
    conn.execute("UPDATE meta SET value = ? WHERE key = 'deal'", (json.dumps(deal),))
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('campaign', ?)",
                 (json.dumps({"generations": 4, "deals": []}),))
    conn.commit()
    conn.close()
    with pytest.raises(CorruptJournal):
        Journal.open(tmp_path / "a.sqlite3")


def test_bots_play_a_whole_campaign_and_resume_rebuilds_it(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=5, bot_delay=0.0005)
    seen_generations = set()
    try:
        snap = _until(table, lambda s: (seen_generations.add(s.public["campaign"]["generation"]) or
                                        s.public["over"]), timeout=60)
    finally:
        table.stop()
    assert seen_generations == {1, 2}
    c = snap.public["campaign"]
    assert c["over"] and len(c["history"]) == 2 and c["winners"]
    assert snap.public["reveal"] is not None  # networks are revealed only now
    again = Table.open(TableConfig(data_dir=tmp_path, players=5))  # no campaign flag: the journal wins
    try:
        assert again.snapshot().public == snap.public
        assert again.snapshot().seats == snap.seats
        assert rules.public_view(_replay(tmp_path)) == rules_part(snap.public)
        assert "resumed the 5-player 2-generation campaign at move" in again.snapshot().status[0]
        assert again.snapshot().status
    finally:
        again.stop()


def test_resume_mid_campaign_after_stop_or_abandon(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=5, bot_delay=0.0005)
    try:
        _until(table, lambda s: s.public["campaign"]["generation"] == 2 and s.version % 3 == 0, timeout=60)
    finally:
        table.stop()
    before = table.snapshot()
    assert before.public["campaign"]["generation"] == 2 and not before.public["over"]
    again = Table.open(TableConfig(data_dir=tmp_path, players=5, campaign=4))
    # abandoned without stop (as after a kill): a third open still rebuilds the same state
    third = Table.open(TableConfig(data_dir=tmp_path, players=5, campaign=0))
    try:
        for other in (again, third):
            assert other.snapshot().public == before.public
            assert other.snapshot().seats == before.seats
        assert rules.public_view(_replay(tmp_path)) == rules_part(before.public)
    finally:
        third.stop()
        again.stop()


def test_play_again_only_when_the_whole_campaign_is_over(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=5, bot_delay=0.0005)
    try:
        _until(table, lambda s: s.public["campaign"]["generation"] == 2)
        # between generations and during the last one the game is not over
        refused = table.new_game(only_if_over=True)
        assert (refused.ok, refused.code) == (False, "not_over")
        snap = _until(table, lambda s: s.public["over"], timeout=60)
        assert snap.public["campaign"]["over"]
        assert table.new_game(only_if_over=True).ok
        assert table.new_game(only_if_over=True).code == "not_over"  # a second press deals nothing
        snap = table.snapshot()  # the bots play on at once: a new 2-generation campaign
        assert snap.game == 2 and not snap.public["over"]
        assert snap.public["campaign"]["generations"] == 2
    finally:
        table.stop()
    rec = _record(tmp_path)
    assert rec.campaign is not None and rec.campaign["generations"] == 2 and rec.seed is None


def test_host_new_game_keeps_the_campaign_length_and_single_games_stay_single(tmp_path: Path) -> None:
    table = _open(tmp_path / "c", campaign=6)
    try:
        assert table.new_game().ok
        assert table.snapshot().public["campaign"]["generations"] == 6
    finally:
        table.stop()
    table = _open(tmp_path / "s", campaign=0)
    table.stop()
    # an old single game is resumed as it is, whatever the flag says
    table = _open(tmp_path / "s", campaign=2)
    try:
        assert table.snapshot().public["campaign"] is None
        assert table.snapshot().status == ("resumed the 5-player game",)
    finally:
        table.stop()
