"""Resuming on its own (controller.table.resume): a journaled game replayed with what the table told of
it, a replay that stops where the rules no longer follow, the words for a kept game, and the data dir
opened for the loop (a new deal, a resumed one, one the flags do not describe)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from controller.games import registry
from controller.table.journal import FILENAME, GameRecord, Journal
from controller.table.resume import GameMismatch, deal_game, describe, open_data_dir, rebuild
from controller.table.table_config import TableConfig


def _record(players: int = 5, moves: int = 5, extra: list[dict[str, object]] | None = None) -> GameRecord:
    """A journal's record of a J'Accuse game whose first ``moves`` moves the random bot made."""
    state, deal, campaign = deal_game(players, 0, random.Random(4))
    rules, rng = registry.rules("jaccuse"), random.Random(9)
    actions = []
    for _ in range(moves):
        action = rules.next_bot_action(state, rng)
        actions.append(action.to_dict())
        state = rules.apply(state, action).state
    actions += extra or []
    return GameRecord(players=players, deal=deal, seed=None, campaign=campaign, actions=actions,
                      sources=["phone"] * len(actions), settings={"name:0": "Ana"})


def test_a_replay_gives_the_state_the_log_and_the_events_of_the_game() -> None:
    record = _record(moves=5)
    done = rebuild(record)
    assert done.stopped is None and done.state.version == 5
    assert done.history and len(done.chronicle.log) >= 1
    assert all(version <= 5 for version, _ in done.chronicle.log)
    assert done.chronicle.last_by and set(done.chronicle.last_by.values()) == {"phone"}
    assert done.hesitations.public_version(5) == 5  # no vote was changed in the opening round


@pytest.mark.parametrize(("extra", "why"), [
    ({"seat": 0, "act": "membership", "card": "nonsense"}, "is not a valid action"),
    ({"seat": 0, "act": "sing"}, "is not a valid action"),
])
def test_a_replay_stops_at_the_first_action_that_no_longer_reads(extra: dict[str, object], why: str) -> None:
    done = rebuild(_record(moves=3, extra=[extra]))
    assert done.state.version == 3 and done.stopped is not None
    assert done.stopped.startswith("action 4 ") and why in done.stopped


def test_a_replay_stops_at_an_action_the_rules_refuse() -> None:
    record = _record(moves=2)
    record.actions.append(dict(record.actions[0]))  # the same seat places a card again
    record.sources.append("phone")
    done = rebuild(record)
    assert done.state.version == 2 and done.stopped and "refused by this version's rules" in done.stopped


def test_a_kept_game_in_words() -> None:
    record = _record(moves=0)
    assert describe(record) == "5-player game"
    record.campaign = {"generations": 4, "deals": []}
    assert describe(record) == "5-player 4-generation campaign"
    record.game, record.campaign = "betrayal", None
    assert describe(record, ("a", "b")) == "5-player game of betrayal with the table options a, b"


def test_a_data_dir_is_opened_for_a_new_game_then_resumed(tmp_path: Path) -> None:
    config = TableConfig(data_dir=tmp_path, players=5, bots=2, seed=3)
    first = open_data_dir(config)
    try:
        assert first.status == [] and first.holders == {} and first.dealt.number == 1
        assert first.journal.settings()["bots"] == "3,4"  # the bots' seats are kept from the first moment
        state = first.dealt.state
        action = first.dealt.rules.next_bot_action(state, random.Random(1))
        first.journal.append(1, action.to_dict(), "phone")
    finally:
        first.journal.close_cleanly()
    again = open_data_dir(config)
    try:
        assert again.dealt.state.version == 1 and again.status == ["resumed the 5-player game at move 1"]
        assert again.history and again.dealt.chronicle.last_by
    finally:
        again.journal.close_cleanly()
    with pytest.raises(GameMismatch) as err:
        open_data_dir(TableConfig(data_dir=tmp_path, players=4, game="betrayal",
                                  require_match=frozenset({"game"})))
    assert "holds a 5-player game of jaccuse at move 1" in str(err.value) and "\n" not in str(err.value)
    kept = Journal.open(tmp_path / FILENAME)  # a game the flags do not describe is left as it was
    try:
        assert kept.action_count() == 1
    finally:
        kept.close()
