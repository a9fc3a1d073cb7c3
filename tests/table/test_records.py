"""The records of kept games (controller/table/records.py, kept.py): a finished game's record is its
replay file and replays, through the replay command's own code path, to the state the table ended in;
a game being played gives none; the evening's games and the archived ones are all listed and read,
numbered once; the retelling's steps are the rules' own open views of the replayed states."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import registry
from controller.games.jaccuse.replay import summary as campaign_summary
from controller.replay import replay_text
from controller.table import Table, TableConfig, rules_part
from controller.table import records as records_module
from controller.table.evening import winners_of
from controller.table.journal import FILENAME
from controller.table.kept import KeptUnavailable, archives
from controller.table.records import NoSuchGame, NotOver, Records

#: (game, fewest, most seats this test deals, table options it may switch on, campaign lengths); the
#: game's list options (``Game.table_lists``: Hasty's card sets) are drawn too, any non-empty choice
GAMES = {
    "jaccuse": (5, 9, (), (0,)),
    "campaign": (5, 7, (), (2, 4)),
    "betrayal": (2, 8, (), (0,)),
    "hasty": (2, 7, ("traitor", "speedy", "big_hands", "powers"), (0,)),
}


def _open(data_dir: Path, game: str, players: int, seed: int, options: tuple[str, ...] = (),
          campaign: int = 0, new_game: bool = False) -> Table:
    table = Table.open(TableConfig(data_dir=data_dir, game=game, players=players, seed=seed,
                                   options=options, campaign=campaign, new_game=new_game, bot_delay=60))
    table.start()
    return table


def _mirror(game: str, players: int, seed: int, options: tuple[str, ...] = (), campaign: int = 0) -> Any:
    """The state the table dealt from ``seed`` (the table shuffles with ``random.Random(seed)``)."""
    adapter = registry.table_rules(game)
    chosen = {"campaign": campaign, **registry.game(game).deal_options(options)}
    return adapter.deal(players, chosen, random.Random(seed))[0]


def _play(table: Table, state: Any, seed: int, until_over: bool = True, moves: int = 10**6) -> list[Any]:
    """Random bot moves sent to the table as a phone's would be, mirrored here: every state reached."""
    game = table.game_name
    rules, adapter = registry.rules(game), registry.table_rules(game)
    assert rules_part(table.snapshot().public) == rules_part(rules.public_view(state))
    rng = random.Random(seed)
    states = [state]
    while not state.over and len(states) <= moves:
        action = rules.next_bot_action(state, rng)
        assert action is not None
        out = table.submit_action(adapter.seat_of(state, action), action, source="bot")
        assert out.ok, out
        state = rules.apply(state, action).state
        states.append(state)
    assert state.over or not until_over
    assert rules_part(table.snapshot().public) == rules_part(rules.public_view(state))
    return states


def _replayed(record: dict[str, Any]) -> dict[str, Any]:
    """The replay command's answer to a record, as it reads a file (text, through the registry)."""
    return replay_text(json.dumps(record))


def _expected(game: str, state: Any) -> dict[str, Any]:
    summary = campaign_summary(state) if state.__class__.__module__.startswith("controller.games.jaccuse") \
        else registry.rules(game).replay_summary(state)
    return json.loads(json.dumps(summary))


@pytest.mark.parametrize("kind", sorted(GAMES))
@settings(max_examples=4, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_finished_games_record_replays_to_the_tables_end(tmp_path_factory: pytest.TempPathFactory,
                                                           kind: str, data: st.DataObject) -> None:
    low, high, flags, lengths = GAMES[kind]
    game = "jaccuse" if kind == "campaign" else kind
    players = data.draw(st.integers(low, high), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    options = tuple(f for f in flags if data.draw(st.booleans(), label=f))
    for name, listed in registry.game(game).table_lists.items():
        values = data.draw(st.lists(st.sampled_from(list(listed.values)), min_size=1, unique=True),
                           label=name)
        options += (f"{name}={','.join(values)}",)
    campaign = data.draw(st.sampled_from(lengths), label="campaign")
    data_dir = tmp_path_factory.mktemp("records")
    table = _open(data_dir, game, players, seed, options, campaign)
    try:
        records = Records(data_dir, table.snapshot)
        states = _play(table, _mirror(game, players, seed, options, campaign), seed)
        final = states[-1]
        kept, record = records.record(None)
        assert kept.number == 1 and kept.current
        assert record["game"] == game and record["players"] == players and "seed" not in record
        assert len(record["actions"]) == final.version
        answer = _replayed(record)
        assert answer["ok"] and answer["applied"] == final.version
        expected = _expected(game, final)
        assert {k: answer[k] for k in expected} == expected
        assert answer["winners"] == json.loads(json.dumps(list(final.winners)))
        public = registry.rules(game).public_view(final)
        if "options" in public:  # every option the game was dealt with, in the file's own words
            assert record["options"] == public["options"]
            # each flag on and each list's values (Hasty's sets, where not the base set alone) as dealt
            known = registry.game(game)
            assert known.options_words(record["options"]) == known.canonical_words(options)
        if campaign:
            assert record["version"] == 2 and record["campaign"]["generations"] == campaign
            assert len(record["campaign"]["deals"]) == campaign - 1
            assert answer["campaign_over"] and answer["campaign_winners"] == public["campaign"]["winners"]
        listed = records.games()
        assert [(g["game"], g["over"], g["winners"]) for g in listed] == [(1, True, winners_of(public))]
        # dealt again: the same game is kept as finished, its record unchanged; the new one gives none
        assert table.new_game().ok
        assert records.record(1)[1] == record
        with pytest.raises(NotOver):
            records.record(2)
        with pytest.raises(NotOver):
            records.record(None)
        assert [g["over"] for g in records.games()] == [True, False]
    finally:
        table.stop()


def test_a_running_game_gives_no_record_and_no_steps_and_lists_nothing_secret(tmp_path: Path) -> None:
    table = _open(tmp_path, "betrayal", 3, 7)
    try:
        records = Records(tmp_path, table.snapshot)
        _play(table, _mirror("betrayal", 3, 7), 7, until_over=False, moves=12)
        for ask in (lambda: records.record(None), lambda: records.record(1), lambda: records.steps(1)):
            with pytest.raises(NotOver):
                ask()
        for number in (0, 2, -1):
            with pytest.raises(NoSuchGame):
                records.record(number)
        listed = records.games()
        assert listed == [{"game": 1, "name": "betrayal", "title": "Betrayal", "players": 3,
                           "names": [None, None, None], "over": False, "winners": [], "moves": 12,
                           "current": True}]
    finally:
        table.stop()


def test_the_evenings_games_and_the_archived_ones_are_listed_oldest_first(tmp_path: Path) -> None:
    table = _open(tmp_path, "hasty", 3, 11)
    try:
        first = _play(table, _mirror("hasty", 3, 11), 11)[-1]
        assert table.join(0, "Ann").ok
        assert table.new_game(game="betrayal").ok  # the host deals another game half-way through
        abandoned = table.snapshot()
        assert abandoned.game == 2
        records = Records(tmp_path, table.snapshot)
        one = records.record(1)[1]
    finally:
        table.stop()
    # --new-game archives the journal; the next box lists its games before its own
    table = _open(tmp_path, "jaccuse", 5, 12, new_game=True)
    try:
        assert len(archives(tmp_path)) == 1
        records = Records(tmp_path, table.snapshot)
        listed = records.games()
        assert [(g["game"], g["name"], g["over"], g["current"]) for g in listed] == [
            (1, "hasty", True, False), (2, "betrayal", False, False), (3, "jaccuse", False, True)]
        assert listed[0]["winners"] == list(first.winners)
        assert listed[0]["names"] == ["Ann", None, None]  # an archived game's listing keeps its names
        assert records.record(1)[1] == one
        kept, untouched = records.record(2)  # no longer played: its record is given, as far as it went
        assert kept.source.startswith(FILENAME + ".archived-") and untouched["actions"] == []
        steps = records.steps(1)
        assert steps["names"][0] == "Ann"  # a finished game keeps the names its seats had
        with pytest.raises(NotOver):
            records.record(3)
        _play(table, _mirror("jaccuse", 5, 12), 12)
        assert records.record(3)[0].number == 3
        assert Records.filename(records.record(3)[0]).startswith("jaccuse-") and \
            Records.filename(records.record(3)[0]).endswith("-game3.json")
    finally:
        table.stop()
    archive = archives(tmp_path)[0]
    assert not archive.with_name(archive.name + "-shm").exists()  # an archive is read from a copy


def test_reading_records_writes_nothing_to_the_journal(tmp_path: Path) -> None:
    """The table loop stays the only writer: the journal and its -wal are the same bytes after reads."""
    table = _open(tmp_path, "betrayal", 2, 5)
    try:
        _play(table, _mirror("betrayal", 2, 5), 5)
        files = [tmp_path / FILENAME, tmp_path / (FILENAME + "-wal")]
        before = [p.read_bytes() for p in files]
        records = Records(tmp_path, table.snapshot)
        for _ in range(3):
            assert records.record(1)[1]["actions"] and records.games()[0]["over"]
            assert records.steps(1, 0, 5)["steps"]
        assert [p.read_bytes() for p in files] == before
    finally:
        table.stop()
    # read while no box runs: the journal itself is not written (SQLite may add an empty -wal beside it)
    main = (tmp_path / FILENAME).read_bytes()

    over = SimpleNamespace(game=1, public={"over": True, "winners": [], "version": 0})
    records = Records(tmp_path, lambda: over)
    actions = records.record(1)[1]["actions"]
    assert (tmp_path / FILENAME).read_bytes() == main
    conn = sqlite3.connect(f"{(tmp_path / FILENAME).as_uri()}?mode=ro", uri=True)
    assert conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == len(actions)
    conn.close()


@pytest.mark.parametrize(("game", "players", "campaign"), [("jaccuse", 6, 0), ("jaccuse", 5, 2),
                                                           ("betrayal", 4, 0), ("hasty", 5, 0)])
def test_the_steps_are_the_rules_open_views_of_the_replayed_states(
    tmp_path: Path, game: str, players: int, campaign: int
) -> None:
    table = _open(tmp_path, game, players, 21, campaign=campaign)
    try:
        states = _play(table, _mirror(game, players, 21, campaign=campaign), 21)
        records = Records(tmp_path, table.snapshot)
        rules, retelling = registry.rules(game), registry.retelling(game)
        seen: list[dict[str, Any]] = []
        start = 0
        while start is not None:
            page = records.steps(1, start, 40)
            assert page["last"] == len(states) - 1 and page["from"] == start
            assert len(page["steps"]) == page["to"] - page["from"] + 1 <= 40
            seen += page["steps"]
            start = page["next"]
        assert [s["step"] for s in seen] == list(range(len(states)))
        record = records.record(1)[1]
        events = []
        for step, state in zip(seen, states, strict=True):
            assert json.loads(json.dumps(step["view"])) == json.loads(json.dumps(rules.open_view(state)))
            assert step["view"]["reveal"] is not None  # every secret shown, at every step
            if step["step"]:
                assert step["action"] == record["actions"][step["step"] - 1]
                result = rules.apply(states[step["step"] - 1], rules.Action.from_dict(step["action"]))
                events.append(result.events)
                assert step["turning"] == retelling.turning_point(result.events)
        decisive = retelling.decisive(events, states[-1])
        assert decisive and decisive[len(states) - 1] == "end"  # the last step ended the game
        assert page["decisive"] == [{"step": k, "why": why} for k, why in sorted(decisive.items())]
        assert [s["decisive"] for s in seen] == [decisive.get(s["step"]) for s in seen]
        assert any(s["turning"] for s in seen[:-1])
        # a page asked for past the end, or too big, is cut to the game
        assert records.steps(1, 10**6, 10**6)["steps"][-1]["step"] == len(states) - 1
        assert len(records.steps(1, 0, 10**6)["steps"]) <= 200
    finally:
        table.stop()


def test_a_listing_replays_no_game_dealt_over_since_it_says_how_it_ended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays: list[int] = []
    real = records_module.replay

    def counted(kept: Any, content: Any) -> Any:
        replays.append(kept.number)
        return real(kept, content)

    monkeypatch.setattr(records_module, "replay", counted)
    table = _open(tmp_path, "betrayal", 3, 4)
    try:
        final = _play(table, _mirror("betrayal", 3, 4), 4)[-1]
        assert table.new_game().ok
        assert table.new_game().ok  # the second game, set aside before it began
        records = Records(tmp_path, table.snapshot)
        listed = records.games()
        assert [(g["over"], g["winners"], g["moves"]) for g in listed] == [
            (True, sorted(final.winners), final.version), (False, [], 0), (False, [], 0)]
        assert replays == []  # the journal said how each ended
    finally:
        table.stop()
    # a journal written before games kept their end: each is replayed once, for every listing after
    conn = sqlite3.connect(tmp_path / FILENAME)
    for row, meta in conn.execute("SELECT game, meta FROM finished").fetchall():
        old = {k: v for k, v in json.loads(meta).items() if k != "ended"}
        conn.execute("UPDATE finished SET meta = ? WHERE game = ?", (json.dumps(old), row))
    conn.commit()
    conn.close()
    table = Table.open(TableConfig(data_dir=tmp_path, game="betrayal", players=3))
    table.start()
    try:
        records = Records(tmp_path, table.snapshot)
        assert [g["over"] for g in records.games()] == [True, False, False]
        assert [g["winners"] for g in records.games()] == [sorted(final.winners), [], []]
        assert sorted(replays) == [1, 2]
    finally:
        table.stop()


def test_an_archive_with_its_wal_is_read_from_a_copy(tmp_path: Path) -> None:
    """A box that stopped without closing leaves its moves in the -wal; --new-game archives both, and
    the records read them without SQLite ever opening the archived files themselves."""
    crashed = tmp_path / "crashed"
    table = _open(crashed, "hasty", 2, 6)
    try:
        final = _play(table, _mirror("hasty", 2, 6), 6)[-1]
        box = tmp_path / "box"
        box.mkdir()
        for name in (FILENAME, FILENAME + "-wal"):  # the files as a pulled plug leaves them
            (box / name).write_bytes((crashed / name).read_bytes())
    finally:
        table.stop()
    assert (box / (FILENAME + "-wal")).stat().st_size > 0
    table = _open(box, "hasty", 2, 7, new_game=True)
    try:
        (archive,) = archives(box)
        files = {p.name: p.read_bytes() for p in box.iterdir() if p.name.startswith(archive.name)}
        assert len(files[archive.name + "-wal"]) > 0  # the moves are in it
        records = Records(box, table.snapshot)
        listed = records.games()
        assert [(g["name"], g["over"], g["current"]) for g in listed] == [("hasty", True, False),
                                                                          ("hasty", False, True)]
        record = records.record(1)[1]
        assert len(record["actions"]) == final.version
        assert _replayed(record)["winners"] == list(final.winners)
        assert {p.name: p.read_bytes() for p in box.iterdir() if p.name.startswith(archive.name)} == files
    finally:
        table.stop()


def test_a_kept_game_whose_deal_no_longer_reads_is_listed_and_its_record_refused(tmp_path: Path) -> None:
    table = _open(tmp_path, "betrayal", 2, 9)
    try:
        _play(table, _mirror("betrayal", 2, 9), 9, until_over=False, moves=6)
        assert table.new_game().ok
    finally:
        table.stop()
    conn = sqlite3.connect(tmp_path / FILENAME)  # a hand edit: the finished game's deal is no deal
    (meta,) = conn.execute("SELECT meta FROM finished").fetchone()
    damaged = {**json.loads(meta), "deal": json.dumps({"hands": [["2S"]]})}
    damaged.pop("ended")
    conn.execute("UPDATE finished SET meta = ?", (json.dumps(damaged),))
    conn.commit()
    conn.close()
    table = Table.open(TableConfig(data_dir=tmp_path, game="betrayal", players=2))
    table.start()
    try:
        records = Records(tmp_path, table.snapshot)
        assert [(g["game"], g["over"]) for g in records.games()] == [(1, False), (2, False)]
        with pytest.raises(KeptUnavailable, match="deal cannot be read"):
            records.record(1)
    finally:
        table.stop()
