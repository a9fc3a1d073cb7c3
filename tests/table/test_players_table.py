"""The players' side of the table: names, personal feeds, the shot clock, the join code and seat lock,
handing a bot's seat to a person, and what `run --new-game` and a mismatched data dir do."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from controller.games import jaccuse as rules
from controller.games.jaccuse.cards import color_of, pretty, rank_value
from controller.table import GameMismatch, Journal, JournalUnavailable, Table, TableConfig, wording
from controller.table.journal import FILENAME
from controller.table.seating import BadName, clean_name, code_matches, labels


def _open(tmp_path: Path, **kw: object) -> Table:
    cfg = {"data_dir": tmp_path, "players": 5, "seed": 11} | kw
    table = Table.open(TableConfig(**cfg))  # type: ignore[arg-type]
    table.start()
    return table


def _settings(tmp_path: Path) -> dict[str, str]:
    conn = sqlite3.connect(tmp_path / FILENAME)
    try:
        return dict(conn.execute("SELECT key, value FROM settings"))
    finally:
        conn.close()


def _sources(tmp_path: Path) -> list[tuple[dict[str, Any], str]]:
    journal = Journal.open(tmp_path / FILENAME)
    try:
        record = journal.load()
        return list(zip(record.actions, record.sources, strict=True))
    finally:
        journal.close()


def _act(table: Table, seat: int, act: str, **keys: Any) -> dict[str, Any]:
    out = table.submit_action(seat, rules.Action(seat=seat, act=act, **keys))
    assert out.ok, out
    return out.data["me"]  # type: ignore[no-any-return]


def _place_all(table: Table) -> None:
    for seat in range(table.players):
        me = table.snapshot().seats[seat]
        if me["membership"] is None:
            _act(table, seat, "membership", card=me["hand"][0])


def _seated(tmp_path: Path) -> Table:
    """A table whose five seats are taken and whose memberships are placed: the first election."""
    table = _open(tmp_path)
    for seat in range(5):
        table.join(seat)
    _place_all(table)
    return table


def _wait(table: Table, cond: Any, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    snap = table.snapshot()
    while not cond(snap):
        assert time.monotonic() < end, "the table never got there"
        snap = table.wait_for_change(snap.serial, 0.2)
    return snap


# ---------------------------------------------------------------- names


def test_names_are_cleaned_and_refused_when_they_could_lie() -> None:
    assert clean_name("  Zoë   Ann ") == "Zoë Ann"
    assert clean_name("   ") is None and clean_name(None) is None
    assert clean_name("李小龍") == "李小龍" and clean_name("أحمد") == "أحمد"
    assert clean_name("Mo 👩\u200d👩\u200d👧") == "Mo 👩\u200d👩\u200d👧"  # joiners are welcome
    assert clean_name("x" * 24) == "x" * 24
    for bad in ("x" * 25, "evil\u202etxt", "a\nb", "nul\x00", 7):
        with pytest.raises(BadName):
            clean_name(bad)
    assert labels(["Ann", None, "ann", "Bo"]) == ["Ann (0)", None, "ann (2)", "Bo"]


# the red team's invisible names (issue 24 point 5): each alone, or with only spaces and marks around it
INVISIBLE = ["\u3164", "\u2800", "\uffa0", "\u115f", "\u034f", "\ufe0f", "\ufe0f\ufe0e", "\u3164 \u3164",
             "\u2800\u2800", "👩\u200d👩\u200d👧", "\u200d", "-", "..."]


def test_a_name_needs_a_visible_letter_or_digit_and_may_not_be_a_seat_label() -> None:
    for bad in [*INVISIBLE, "Seat 3", "seat3", "SEAT #3", "3", "Seat 10", "Ѕеаt 3", "Seat ٣", "Seat  l"]:
        with pytest.raises(BadName):
            clean_name(bad)
    for fine in ("Seat", "Seat Alice", "Alice 3", "R2D2", "❤\ufe0f Ann", "Ωmega", "אבי"):
        assert clean_name(fine) == fine


@pytest.mark.parametrize("second", ["Alice", "alice", "ALICE", "Alice\u200d", "\u0410lice", "Аlісе", "A1ice",
                                    "Alice\u034f", "Ａｌｉｃｅ", "Alice\u200b", "Alice "])
def test_a_name_that_looks_like_a_taken_one_is_refused_and_the_log_isolates_right_to_left_names(
    tmp_path: Path, second: str
) -> None:
    table = _open(tmp_path)
    try:
        assert table.join(0, name="Alice").ok
        refused = table.join(1, name=second)
        assert refused.status == 400 and refused.code == "bad_name", second
        assert "seat 0" in refused.message or "invisible" in refused.message, refused.message
        assert table.snapshot().claimed[1] is None
        token = table.join(1, name="Bob").data["token"]
        assert table.authenticate(token) == 1
        assert table.rename(1, second).code == "bad_name"  # nor may a seated phone rename itself so
        assert table.rename(0, "alice").ok  # a seat may change the case of its own name
        assert table.rename(1, "Seat 0").code == "bad_name"
        # right-to-left names are isolated in every log line, so they cannot reorder the line around them
        assert table.rename(1, "אבי").ok
        assert labels(list(table.snapshot().names)) == ["alice", "\u2068אבי\u2069", None, None, None]
    finally:
        table.stop()


@pytest.mark.parametrize("game", ["jaccuse", "betrayal", "hasty"])
def test_a_name_may_not_carry_another_seats_name_with_a_seat_label_or_the_boxs_words(
    tmp_path: Path, game: str
) -> None:
    """Issue 36: with seat 0 called "N0", seat 1 could call itself "N0 (seat 0)", "0 · N0" or "Out of
    time for N0", and the log read "N0 (seat 0) (seat 1) plays ..."."""
    table = _open(tmp_path, game=game, players=5)
    try:
        assert table.join(0, name="N0").ok and table.join(2, name="Tom").ok
        posers = ["N0 (seat 0)", "0 · N0", "Out of time for N0", "out of time for n0", "N0 #0", "N0 seat 0",
                  "Оut of time for N0", "Hey, out of time for N0", "seat 0: N0", "N0 (0)", "Tom 2"]
        for name in posers:
            refused = table.join(1, name=name)
            assert (refused.status, refused.code) == (400, "bad_name"), name
            assert "box" in refused.message and ("N0" in refused.message or "Tom" in refused.message)
        assert table.snapshot().claimed[1] is None
        token = table.join(1, name="Bob").data["token"]
        for name in posers[:3]:  # nor may a seated phone rename itself so
            assert table.rename(1, name).code == "bad_name", name
        # another seat's name with words of one's own is fine: two Toms tell themselves apart (renames
        # are limited to 8 at once: 3 above, 4 here, 1 below)
        for name in ("Tom H", "Big Tom", "Tom the Great", "N0's friend"):
            assert table.rename(1, name).ok, name
        assert table.authenticate(token) == 1
        # the other way round: a seat called "Out of time for Ann" keeps an Ann from sitting down
        assert table.rename(1, "Out of time for Ann").ok
        assert table.join(3, name="Ann").code == "bad_name"
    finally:
        table.stop()


def test_the_box_words_a_name_may_not_borrow_are_learned_from_the_lines_it_writes() -> None:
    """The words come from the games' own writers and the table's lines, not from a list: each game's
    forced-move line puts "Out of time for" before a name, and the table's release line "seat N (".
    """
    w = wording.words  # the words as a reader sees them (skeletons: "time" is "tirne")
    for game in ("jaccuse", "betrayal", "hasty"):
        box = wording.around_names(game)
        assert w("time for") in box.pairs and w("released")[0] not in box.after
        assert w("released seat") in box.pairs  # from the table's own line about a release
    assert w("for")[0] in wording.around_names("jaccuse").before
    assert w("placed")[0] in wording.around_names("jaccuse").after  # "N0 placed a membership card."
    assert not wording.poses_as("Tom Black", "Tom", "jaccuse")  # "Black" is a surname, not the box's


def test_a_name_is_journaled_with_the_claim_shown_everywhere_and_survives_a_restart(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        assert table.join(0, name="  <b>Ann</b> ").data["name"] == "<b>Ann</b>"
        assert table.join(1, name="x" * 25).code == "bad_name"
        assert table.snapshot().claimed[1] is None  # a refused name takes no seat
        table.join(1, name="Bo")
        snap = table.snapshot()
        assert snap.public["names"] == ["<b>Ann</b>", "Bo", None, None, None]
        assert snap.seats[3]["table"]["names"] == snap.public["names"]
        assert snap.seats[0]["name"] == "<b>Ann</b>"
        assert _settings(tmp_path)["name:0"] == "<b>Ann</b>"
        _act(table, 0, "membership", card=snap.seats[0]["hand"][0])
        assert table.snapshot().log[-1] == "<b>Ann</b> placed a membership card."
        assert table.rename(1, "Bodil").ok and table.rename(1, "\u202e").code == "bad_name"
        assert table.rename(4, "Ghost").code == "seat_free"
    finally:
        table.stop()
    table = _open(tmp_path)
    try:
        assert table.snapshot().public["names"][:2] == ["<b>Ann</b>", "Bodil"]
        assert table.snapshot().log[-1] == "<b>Ann</b> placed a membership card."
        assert table.release(1).ok
        assert table.snapshot().public["names"][1] is None and "name:1" not in _settings(tmp_path)
    finally:
        table.stop()


# ---------------------------------------------------------------- feeds


def test_each_seat_reads_its_own_feed_newest_first_and_it_is_rebuilt_on_restart(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        table.join(0, name="Ann")
        _place_all(table)
        me = table.snapshot().seats[0]
        card = me["membership"]
        assert me["feed"][0]["text"] == "You placed your membership card (hold the grey panel to see it)."
        # no feed names a membership card: the phone keeps it under the hold-to-peek panel
        for seat in range(5):
            assert all(pretty(card) not in x["text"] for x in table.snapshot().seats[seat]["feed"])
        assert "feed" not in table.snapshot().public
        _act(table, 0, "vote", card=me["hand"][0])
        _act(table, 0, "reveal")
        for seat in range(1, 5):
            _act(table, seat, "abstain")  # a lone card: consensus
        before = [v["feed"] for v in table.snapshot().seats]
    finally:
        table.stop()
    table = _open(tmp_path)
    try:
        assert [v["feed"] for v in table.snapshot().seats] == before
    finally:
        table.stop()


# ---------------------------------------------------------------- the shot clock


@pytest.fixture
def one_second(monkeypatch: pytest.MonkeyPatch) -> int:
    """Lets the tests run the clock at 1 s a decision (a real table gets at least 5)."""
    monkeypatch.setattr("controller.table.shotclock.MIN_SECONDS", 1)
    return 1


def test_the_clock_forces_abstentions_logs_them_and_journals_them_as_clock(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        assert table.host_setting("clock", 3).code == "bad_clock"  # under 5 s is no clock
        assert table.host_setting("clock", True).code == "bad_clock"
        assert table.host_setting("clock", 5).ok
        assert table.snapshot().public["clock"] == {"seconds": 5, "deadline": None}  # seats still free
        for seat in range(5):
            table.join(seat)
        deadline = table.snapshot().public["clock"]["deadline"]
        assert deadline is not None and 4 < deadline - time.time() <= 5
        assert _settings(tmp_path)["clock_deadline"] == repr(deadline)
        _place_all(table)
        election = table.snapshot().public["clock"]["deadline"]
        assert election is not None and election >= deadline
        me = _act(table, 0, "vote", card=table.snapshot().seats[0]["hand"][0])
        assert me["table"]["clock"]["deadline"] == election  # choosing a card does not restart it
        _act(table, 0, "reveal")
        assert table.snapshot().public["clock"]["deadline"] == election
        pressed = table.snapshot().version
        snap = _wait(table, lambda s: s.version >= pressed + 4, 10)
        assert snap.public["policies"]  # seat 0's lone card was a consensus
        assert snap.public["clock"]["deadline"] > election  # the next election has its own
    finally:
        table.stop()
    forced = [(a, src) for a, src in _sources(tmp_path) if src == "clock"]
    assert [(a["seat"], a["act"]) for a, _ in forced] == [(s, "abstain") for s in range(1, 5)]
    assert "Out of time for seat 1: abstains (forced)." in snap.log
    assert snap.seats[1]["feed"][0]["text"] == "Time ran out: you abstained."
    table = _open(tmp_path)  # the log and feeds tell the forced moves again after a restart
    try:
        assert "Out of time for seat 1: abstains (forced)." in table.snapshot().log
    finally:
        table.stop()


def test_a_running_clock_survives_a_restart_and_fires_when_due(tmp_path: Path, one_second: int) -> None:
    table = _seated(tmp_path)
    assert table.host_setting("clock", 2).ok
    deadline = table.snapshot().public["clock"]["deadline"]
    table.stop()
    table = _open(tmp_path)
    try:
        assert table.snapshot().public["clock"] == {"seconds": 2, "deadline": deadline}
        snap = _wait(table, lambda s: s.version >= 10, 10)
        assert time.time() >= deadline - 0.05
        assert [src for _, src in _sources(tmp_path)][5:10] == ["clock"] * 5
        assert snap.public["phase"] == "election"  # all abstained: nothing passed, a new election
    finally:
        table.stop()


def test_an_abandoned_table_pauses_its_clock(tmp_path: Path, one_second: int) -> None:
    """Nobody but the clock moved for two deadlines: it stops rather than write for ever."""
    table = _seated(tmp_path)
    try:
        table.host_setting("clock", 1)
        # two rounds of nobody: the first forced round starts another deadline, the second pauses
        snap = _wait(table, lambda s: s.version >= 15 and s.public["clock"]["deadline"] is None, 15)
        assert snap.version == 15
        time.sleep(0.3)
        assert table.snapshot().version == 15
        me = _act(table, 2, "vote", card=snap.seats[2]["hand"][0])  # somebody is back: it runs again
        assert me["table"]["clock"]["deadline"] is not None
    finally:
        table.stop()


def test_a_president_who_runs_out_of_time_passes(tmp_path: Path, one_second: int) -> None:
    table = _seated(tmp_path)
    try:
        hands = [v["hand"] for v in table.snapshot().seats]
        red = next(c for c in hands[0] if color_of(c) == "red")
        black = next(c for c in hands[1] if color_of(c) == "black"
                     and rank_value(c) != rank_value(red))
        for seat, card in ((0, red), (1, black)):
            _act(table, seat, "vote", card=card)
            _act(table, seat, "reveal")
        for seat in (2, 3, 4):
            _act(table, seat, "abstain")
        president = table.snapshot().public["president"]
        table.host_setting("clock", 1)
        snap = _wait(table, lambda s: s.public["phase"] == "election", 10)
        actions = _sources(tmp_path)
        assert actions[-1] == ({"seat": president, "act": "pass"}, "clock")
        assert f"Out of time for seat {president}: passes (forced)." in snap.log
    finally:
        table.stop()


# ---------------------------------------------------------------- join code, seat lock, hand-over


def test_a_join_code_and_the_seat_lock_keep_seats_from_strangers(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        out = table.host_setting("join_code", "new")
        code = out.data["join_code"]
        assert len(code) == 6 and code.isdigit()
        assert table.snapshot().join_code == code
        assert table.snapshot().public["join_code_needed"] is True
        assert code not in str(table.snapshot().public) and code not in str(table.snapshot().seats)
        assert table.join(0).code == "join_code"
        assert table.join(0, code="000000" if code != "000000" else "111111").code == "join_code"
        assert table.join(0, code=f" {code[:3]}-{code[3:]} ").ok  # as typed, with a space or dash
        assert table.host_setting("join_code", "ab").code == "bad_code"
        assert table.host_setting("join_code", "ab12").ok
        assert table.join(1, code="AB12").ok
        assert table.host_setting("locked", True).ok
        assert table.join(2, code="AB12").code == "seats_locked"
        assert table.snapshot().public["seats_locked"] is True
    finally:
        table.stop()
    table = _open(tmp_path)  # both survive a restart
    try:
        assert table.join(2, code="AB12").code == "seats_locked"
        assert table.host_setting("locked", False).ok and table.host_setting("join_code", None).ok
        assert table.join(2).ok
    finally:
        table.stop()
    assert code_matches("AB12", "ab 12")
    assert not code_matches("AB12", None) and not code_matches("AB12", "x" * 100)


def test_the_host_hands_a_bots_seat_to_a_person(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=2, bot_delay=60)
    try:
        assert table.snapshot().claimed == (None, None, None, "bot", "bot")
        assert table.join(4).code == "seat_taken"
        assert table.host_setting("hand_over", 2).code == "not_a_bot"
        assert table.host_setting("hand_over", 4).ok
        assert table.snapshot().claimed[4] is None
    finally:
        table.stop()
    table = _open(tmp_path, bots=2, bot_delay=60)  # still the person's after a restart
    try:
        assert table.snapshot().claimed == (None, None, None, "bot", None)
        token = table.join(4, name="Dee").data["token"]
        assert table.release(4).ok and table.snapshot().claimed[4] is None  # not back to the bot
        assert table.authenticate(token) is None
    finally:
        table.stop()


# ---------------------------------------------------------------- --new-game and a mismatched data dir


def test_a_data_dir_holding_another_game_is_not_resumed_silently(tmp_path: Path) -> None:
    table = _open(tmp_path, players=6)
    table.join(0, name="Ann")
    _act(table, 0, "membership", card=table.snapshot().seats[0]["hand"][0])
    table.stop()
    with pytest.raises(GameMismatch) as err:
        Table.open(TableConfig(data_dir=tmp_path, players=5, require_match=frozenset({"players"})))
    message = str(err.value)
    assert "6-player game at move 1" in message and "5-player game" in message and "--new-game" in message
    assert "\n" not in message
    # without the explicit flags the game resumes as before
    table = _open(tmp_path, players=5)
    assert table.players == 6
    table.stop()
    with pytest.raises(GameMismatch, match="--campaign"):
        Table.open(TableConfig(data_dir=tmp_path, players=6, campaign=2,
                               require_match=frozenset({"campaign"})))
    table = _open(tmp_path, players=5, new_game=True, require_match=frozenset({"players"}))
    try:
        assert table.players == 5 and table.snapshot().version == 0
        assert table.snapshot().claimed == (None,) * 5 and table.snapshot().public["names"] == [None] * 5
    finally:
        table.stop()
    archived = sorted(p.name for p in tmp_path.iterdir() if ".archived-" in p.name)
    assert archived and archived[0].startswith(FILENAME + ".archived-")
    old = Journal.open(tmp_path / archived[0])  # never deleted: the old game is all there
    try:
        assert old.load().players == 6 and old.action_count() == 1
    finally:
        old.close()


def test_new_game_in_a_data_dir_that_cannot_be_changed_stops_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import controller.table.resume as table_module

    _open(tmp_path, players=6).stop()
    before = (tmp_path / FILENAME).read_bytes()

    def refuse(path: Path, label: str = "broken") -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(table_module, "move_aside", refuse)
    with pytest.raises(JournalUnavailable) as err:
        Table.open(TableConfig(data_dir=tmp_path, players=5, new_game=True))
    message = str(err.value)
    assert "--new-game" in message and "Permission denied" in message and "\n" not in message
    assert (tmp_path / FILENAME).read_bytes() == before  # the last game is left as it was
