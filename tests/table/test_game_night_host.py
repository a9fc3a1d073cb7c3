"""Issue 25's host flows at the table level: bots survive a restart, a seat goes back to a bot in one
step, a deal is made once however often it is asked for, and a phone's "play again" is a ready check."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_players_table as players_table  # tests/table is on the path (pytest rootdir insertion)

from controller.games import jaccuse as rules
from controller.table import GameMismatch, Table, TableConfig


def _open(tmp_path: Path, **kw: object) -> Table:
    """A started table of five seats whose bots think for a minute (they wait while a test looks)."""
    return players_table._open(tmp_path, **({"bot_delay": 60.0} | kw))


_settings = players_table._settings


def test_a_restart_without_bots_keeps_the_journals_bots(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=2)
    assert table.snapshot().claimed == (None, None, None, "bot", "bot")
    table.stop()
    assert _settings(tmp_path)["bots"] == "3,4"
    table = _open(tmp_path)  # `run` again without --bots: the bots are still there
    try:
        snap = table.snapshot()
        assert snap.claimed == (None, None, None, "bot", "bot")
        assert snap.public["bots"] == [3, 4] and snap.bot_seats == frozenset({3, 4})
    finally:
        table.stop()


def test_an_explicit_bots_flag_replaces_the_journals_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _open(tmp_path, bots=2).stop()
    table = _open(tmp_path, bots=1, bots_asked=True)
    try:
        assert table.snapshot().claimed == (None, None, None, None, "bot")
    finally:
        table.stop()
    err = capsys.readouterr().err
    assert "--bots 1: the bots play seat 4 (the journal had seats 3, 4)" in err
    assert _settings(tmp_path)["bots"] == "4"


def test_a_phone_seat_and_a_free_seat_go_to_a_bot_in_one_step(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        token = table.join(1, name="Ann").data["token"]
        removed = table.host_setting("to_bot", 1)  # a player leaves: released and given to the bot
        assert removed.ok, removed
        assert table.authenticate(token) is None
        snap = table.snapshot()
        # the bot takes the seat under a bot's name (Ann's name leaves with Ann)
        assert snap.claimed[1] == "bot" and snap.names[1] == "Boole" and snap.public["bots"] == [1]
        assert table.host_setting("to_bot", 1).code == "already_a_bot"
        assert table.host_setting("to_bot", 3).ok  # a seat nobody took
        assert table.snapshot().claimed == (None, "bot", None, "bot", None)
        assert table.host_setting("hand_over", 3).ok  # and back to a person
        assert table.host_setting("to_bot", 9).code == "unknown_seat"
    finally:
        table.stop()
    assert _settings(tmp_path)["bots"] == "1"
    table = _open(tmp_path)
    try:
        assert table.snapshot().claimed == (None, "bot", None, None, None)
    finally:
        table.stop()


def test_a_repeated_deal_deals_once(tmp_path: Path) -> None:
    table = _open(tmp_path)
    try:
        game = table.snapshot().game
        first = table.new_game(replaces=game)
        assert first.ok and first.data["game"] == game + 1
        again = table.new_game(replaces=game)  # the same tap, delivered twice
        assert (again.ok, again.code) == (False, "already_dealt")
        assert table.snapshot().game == game + 1
        assert table.new_game().ok  # without `replaces` the host deals whenever asked
    finally:
        table.stop()


def _finish(table: Table) -> None:
    """Play the game to its end: everyone votes red (or abstains) until red wins."""
    for seat in range(table.players):
        me = table.snapshot().seats[seat]
        if me["membership"] is None:
            assert table.submit_action(seat, rules.Action(seat=seat, act="membership", card=me["hand"][0])).ok
    for _ in range(20):
        snap = table.snapshot()
        if snap.public["over"]:
            return
        for seat in snap.public["eligible"]:
            hand = table.snapshot().seats[seat]["hand"]
            red = [c for c in hand if c[-1] in "HD"]
            if red:
                assert table.submit_action(seat, rules.Action(seat=seat, act="vote", card=red[0])).ok
                assert table.submit_action(seat, rules.Action(seat=seat, act="reveal")).ok
            else:
                assert table.submit_action(seat, rules.Action(seat=seat, act="abstain")).ok
    assert table.snapshot().public["over"]


def test_play_again_from_phones_is_a_ready_check(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5)
    try:
        for seat in range(5):
            assert table.join(seat).ok
        assert table.new_game(only_if_over=True, seat=0).code == "not_over"
        _finish(table)
        game = table.snapshot().game
        asked = table.new_game(only_if_over=True, seat=2)
        assert asked.ok and not asked.data["dealt"] and asked.data["ready"] == [2]
        assert table.snapshot().public["play_again"] == {"ready": [2], "waiting": [0, 1, 3, 4]}
        assert table.snapshot().game == game
        for seat in (0, 1, 3):
            assert not table.new_game(only_if_over=True, seat=seat).data["dealt"]
        # the last one to agree leaves: the host removes them, and the others' agreement deals
        assert table.release(4).ok
        snap = table.snapshot()
        assert snap.game == game + 1 and snap.public["play_again"] is None and not snap.public["over"]
    finally:
        table.stop()


def test_a_finished_game_is_not_offered_for_resuming(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5)
    try:
        for seat in range(5):
            assert table.join(seat).ok
        _finish(table)
    finally:
        table.stop()
    with pytest.raises(GameMismatch) as err:
        Table.open(TableConfig(data_dir=tmp_path, players=6, require_match=frozenset({"players"})))
    message = str(err.value)
    assert "holds a finished 5-player game" in message and "--new-game" in message
    assert "resume" not in message


def test_the_log_names_the_seats_that_abstained(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5)
    try:
        for seat in range(5):
            me = table.snapshot().seats[seat]
            assert table.submit_action(seat, rules.Action(seat=seat, act="membership", card=me["hand"][0])).ok
        card = table.snapshot().seats[0]["hand"][0]
        assert table.submit_action(0, rules.Action(seat=0, act="vote", card=card)).ok
        assert table.submit_action(0, rules.Action(seat=0, act="reveal")).ok
        for seat in (1, 2, 3, 4):
            assert table.submit_action(seat, rules.Action(seat=seat, act="abstain")).ok
        vote = next(line for line in table.snapshot().log if line.startswith("Vote: "))
        assert vote.endswith("; seat 1, seat 2, seat 3 and seat 4 abstained."), vote
    finally:
        table.stop()


def test_bots_have_names_the_host_can_change(tmp_path: Path) -> None:
    table = _open(tmp_path, bots=2)
    try:
        assert table.snapshot().names == (None, None, None, "Dijkstra", "Euler")
        assert table.host_setting("bot_name", (4, "  Robo  ")).ok
        assert table.host_setting("bot_name", (0, "Nope")).code == "not_a_bot"
        assert table.host_setting("bot_name", (3, "x" * 40)).code == "bad_name"
        assert table.host_setting("hand_over", 3).ok  # the bot's name leaves with the bot
        assert table.snapshot().names == (None, None, None, None, "Robo")
    finally:
        table.stop()
    table = _open(tmp_path)
    try:
        assert table.snapshot().names[4] == "Robo"
    finally:
        table.stop()


def test_the_evenings_scoreboard_is_kept_across_games_and_restarts(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5)
    try:
        for seat, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed"]):
            assert table.join(seat, name=name).ok
        assert table.snapshot().public["evening"] == {"games": [], "tally": []}
        _finish(table)
        public = table.snapshot().public
        winners = [public["names"][s] for s in public["winners"]]
        ended = {"game": 1, "name": "jaccuse", "title": "J'Accuse", "winners": winners}
        assert public["evening"]["games"] == [ended]
        ranked = sorted(winners, key=str.casefold)
        assert public["evening"]["tally"] == [{"name": n, "wins": 1} for n in ranked]
        assert table.new_game().ok  # a new deal keeps the evening
        assert table.snapshot().public["evening"]["games"][0]["winners"] == winners
    finally:
        table.stop()
    table = _open(tmp_path)
    try:
        assert table.snapshot().public["evening"]["games"][0]["winners"] == winners
        assert table.host_setting("evening", True).ok  # a new evening
        assert table.snapshot().public["evening"] == {"games": [], "tally": []}
    finally:
        table.stop()


def test_a_bigger_deal_gives_the_new_seats_to_bots_where_bots_play(tmp_path: Path) -> None:
    """Issue 33: 7 seats dealt after 5 on a box with bots: the two new seats are played at once, not left
    free for a game that would wait "for 2 more players" until the host found "Give to a bot"."""
    table = _open(tmp_path, players=5, bots=1)
    try:
        assert table.snapshot().new_seats == "bots"  # what the host page offers before dealing
        dealt = table.new_game(players=7)
        assert dealt.ok and dealt.data["new_seats"] == "bots" and dealt.data["bots"] == [4, 5, 6]
        snap = table.snapshot()
        assert snap.claimed == (None, None, None, None, "bot", "bot", "bot")
        assert snap.public["bots"] == [4, 5, 6]
        # each new bot under a name of its own, and the room is told who plays the new seats
        assert None not in snap.names[4:] and len(set(snap.names[4:])) == 3
        assert "Bots play the new seats 5, 6." in snap.log
    finally:
        table.stop()
    assert _settings(tmp_path)["bots"] == "4,5,6"
    assert "new_seats" not in _settings(tmp_path)  # the host chose nothing: the default is not a choice


def test_the_host_chooses_free_seats_for_people_and_a_restart_keeps_the_choice(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5, bots=1)
    try:
        dealt = table.new_game(players=7, new_seats="free")
        assert dealt.ok and dealt.data["new_seats"] == "free"
        snap = table.snapshot()
        assert snap.claimed == (None, None, None, None, "bot", None, None)
        assert snap.new_seats == "free"  # the next deal offers the host's choice again
        assert any("seats 5, 6 are free" in line for line in snap.log)
        refused = table.new_game(players=8, new_seats="robots")
        assert (refused.ok, refused.status, refused.code) == (False, 400, "bad_game")
        assert table.snapshot().players == 7
    finally:
        table.stop()
    assert _settings(tmp_path)["new_seats"] == "free"
    table = _open(tmp_path)  # a restart: the choice is journaled like the other settings
    try:
        assert table.snapshot().new_seats == "free"
        assert table.new_game(players=8).ok
        assert table.snapshot().claimed == (None, None, None, None, "bot", None, None, None)
        assert table.new_game(players=9, new_seats="bots").ok
        assert table.snapshot().claimed[8] == "bot" and table.snapshot().new_seats == "bots"
    finally:
        table.stop()


def test_without_bots_a_bigger_deal_adds_free_seats(tmp_path: Path) -> None:
    table = _open(tmp_path, players=5)
    try:
        assert table.snapshot().new_seats == "free"
        assert table.new_game(players=6).ok
        assert table.snapshot().claimed == (None,) * 6
        assert table.new_game(players=5).ok  # a smaller deal adds nothing to choose
        assert table.new_game(players=7, new_seats="bots").ok
        assert table.snapshot().claimed == (None,) * 5 + ("bot", "bot")
    finally:
        table.stop()
