"""B13-B15: rewards at points totals, peeks, elimination by points, and how the turn passes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest
from betrayal_helpers import act, act_events, event_types, position, refuse, row

from controller.games.betrayal import GameState, public_view, replay_summary, seat_view
from controller.games.betrayal.cards import deck
from controller.games.betrayal.seats import army_count
from controller.games.betrayal.state import reward_steps


def with_points(
    players: int, rows: Mapping[int, list[str]], scorer: int, points: int, **kw: object
) -> GameState:
    """``position`` with ``points`` cards in ``scorer``'s pile, taken from cards no row holds."""
    used = Counter(c.lstrip("^") for r in rows.values() for c in r)
    pool = list((Counter(deck(army_count(players))) - used - Counter(["JK"])).elements())
    return position(players, rows, points={scorer: pool[-points:] if points else []}, **kw)  # type: ignore[arg-type]


def steps(armies: int) -> list[tuple[int, str, int]]:
    return [(points, r.kind, r.amount) for points, r in reward_steps(armies)]


# ---------------------------------------------------------------- B13


def test_b13_the_reward_table_for_each_number_of_armies() -> None:
    base = [(3, "draw", 2), (6, "draw", 3), (10, "draw", 5), (15, "peek", 2)]
    assert steps(3) == base
    assert steps(4) == [*base, (20, "draw", 5), (25, "out", 0)]
    for armies in (5, 6, 7, 8):
        assert steps(armies) == [*base, (20, "draw", 5), (25, "draw", 3), (35, "out", 0)]


@pytest.mark.parametrize(
    ("players", "points", "drawn"),
    [(3, 2, 2), (3, 5, 3), (3, 9, 5), (3, 19, 0), (4, 19, 5), (2, 19, 5), (5, 24, 3), (4, 24, None)],
)
def test_b13_reaching_a_total_draws_its_cards(players: int, points: int, drawn: int | None) -> None:
    rows = {0: ["JK", "AS"], 1: ["2H", "3H"], 2: ["4C"]}
    for army in range(3, 4 if players == 2 else players):
        rows[army] = ["5C"] if army == 3 else []
    if players == 2:
        rows[3] = ["5C"]
    state = with_points(players, {a: r for a, r in rows.items() if r}, 0, points, turn=0)
    before = len(state.middle)
    after, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    if drawn is None:  # 25 at four armies: out
        assert after.eliminated[0]
    elif drawn:
        assert len(after.middle) == before - drawn and len(row(after, 0)) == 2 + drawn
        assert {"type": "drew", "army": 0, "count": drawn, "points": points + 1} in events
    else:
        assert "drew" not in event_types(events) and len(row(after, 0)) == 2


def test_b13_each_total_is_reached_once() -> None:
    state = with_points(3, {0: ["JK", "AS", "KS"], 1: ["2H", "3H"], 2: ["4C", "4S"]}, 0, 3, turn=0)
    _, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert "drew" not in event_types(events)


def _peek_position() -> GameState:
    return with_points(3, {0: ["JK", "AS"], 1: ["2H", "3H", "4H"], 2: ["4C", "9D"]}, 0, 14, turn=0)


def test_b13_fifteen_points_let_the_army_look_at_two_cards_and_the_game_waits() -> None:
    state = _peek_position()
    state, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert event_types(events) == ["accused", "peek_due"] and state.phase == "peek" and state.turn == 0
    refuse(state, 0, "end", "wrong_phase")
    refuse(state, 1, "peek", "not_your_turn", cards=[[0, 0], [2, 0]])
    refuse(state, 0, "peek", "peek_count", cards=[[1, 0]])
    refuse(state, 0, "peek", "peek_count", cards=[[1, 0], [1, 1], [2, 0]])
    refuse(state, 0, "peek", "peek_same", cards=[[1, 0], [1, 0]])
    refuse(state, 0, "peek", "bad_target", cards=[[0, 0], [1, 0]])
    refuse(state, 0, "peek", "bad_position", cards=[[1, 2], [1, 0]])
    after, events = act_events(state, 0, "peek", cards=[[2, 1], [1, 0]])
    assert events[0] == {"type": "peeked", "army": 0, "cards": [[2, 1], [1, 0]]}
    assert after.phase == "after_win" and after.turn == 0
    assert replay_summary(after)["peeks"] == [["9D", "3H"], [], []]


def test_b13_a_peek_shows_to_the_peeking_seat_only_for_the_rest_of_the_game() -> None:
    state = act(_peek_position(), 0, "accuse", card=1, target=[1, 0])
    state = act(state, 0, "peek", cards=[[2, 1], [1, 0]])
    state = act(state, 0, "end")
    mine = seat_view(state, 0)["armies"][0]["peeks"]
    assert mine == [{"army": 2, "position": 1, "card": "9D"}, {"army": 1, "position": 0, "card": "3H"}]
    # 3H is army 1's, 9D army 2's: each seat sees its own card, and no seat the other's
    assert seat_view(state, 1)["armies"][0]["peeks"] == seat_view(state, 2)["armies"][0]["peeks"] == []
    assert "9D" not in str(seat_view(state, 1)) and "3H" not in str(seat_view(state, 2))
    assert "9D" not in str(public_view(state)) and "3H" not in str(public_view(state))
    state = act(state, 1, "accuse", card=0, target=[2, 0])  # later moves keep it
    assert seat_view(state, 0)["armies"][0]["peeks"] == mine


def test_b13_a_peek_looks_at_fewer_cards_when_fewer_exist_face_up_ones_included() -> None:
    state = with_points(3, {0: ["JK", "AS"], 1: ["3H", "^4H"], 2: ["9D"]}, 0, 14, turn=0)
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    # two cards left in the other rows: 4H (face up) and 9D
    after = act(state, 0, "peek", cards=[[1, 0], [2, 0]])
    assert replay_summary(after)["peeks"][0] == ["4H", "9D"]


def test_b13_a_defenders_peek_is_taken_out_of_turn_then_the_turn_passes_from_the_attacker() -> None:
    state = with_points(3, {0: ["JK", "3S"], 1: ["KH", "4H"], 2: ["4C", "6C"]}, 1, 14, turn=0)
    state, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert event_types(events) == ["accused", "peek_due"]
    assert state.phase == "peek" and state.turn == 1 and state.attacker == 0
    assert public_view(state)["awaiting"] == [1]
    refuse(state, 0, "accuse", "wrong_phase", card=0, target=[1, 0])
    state, events = act_events(state, 1, "peek", cards=[[0, 0], [2, 1]])
    assert event_types(events) == ["peeked", "turn"] and state.turn == 1 and state.phase == "turn"
    assert replay_summary(state)["peeks"][1] == ["JK", "6C"]


def test_b13_two_players_use_the_four_army_totals() -> None:
    state = with_points(2, {0: ["JK", "AS"], 1: ["2H", "3H"], 2: ["4C"], 3: ["5C"]}, 0, 24, turn=0)
    after = act(state, 0, "accuse", card=1, target=[1, 0])
    assert after.eliminated[0] and after.over and after.winner_side == "loyal"


# ---------------------------------------------------------------- B14


def test_b14_an_army_out_by_points_loses_its_row_and_nobody_scores_it() -> None:
    rows = {0: ["JK", "5C"], 1: ["AS", "3C", "^KD"], 2: ["4C", "8C"], 3: ["6C"], 4: ["7C"]}
    state = with_points(5, rows, 1, 34, turn=1)
    after = act(state, 1, "accuse", card=0, target=[2, 0])
    assert after.eliminated[1] and row(after, 1) == []
    assert sorted(after.gone) == sorted(state.rows[1][i] & 63 for i in range(3))
    assert [len(p) for p in after.points] == [0, 35, 0, 0, 0]
    assert replay_summary(after)["rows"][1] == [] and replay_summary(after)["eliminated"] == [1]
    assert after.phase == "turn" and after.turn == 2


# ---------------------------------------------------------------- B15


def test_b15_the_turn_passes_clockwise_over_eliminated_armies() -> None:
    state = position(5, {0: ["KS"], 1: ["JK", "5H"], 2: [], 3: ["4C"], 4: ["7C"]}, turn=1, eliminated=[2])
    after = act(state, 1, "accuse", card=1, target=[0, 0])  # loses
    assert after.turn == 3
    state = position(5, {0: ["KS"], 1: ["JK", "5H"], 2: [], 3: ["4C", "4D"], 4: ["7C"]}, turn=4,
                     eliminated=[2])
    assert act(state, 4, "accuse", card=0, target=[3, 0]).phase == "after_win"
    assert act(act(state, 4, "accuse", card=0, target=[3, 0]), 4, "end").turn == 0


def test_b15_the_traitor_with_only_the_joker_is_passed_over() -> None:
    state = position(3, {0: ["JK", "2H"], 1: ["KS"], 2: ["5C", "6C"]}, turn=1)
    after = act(state, 1, "accuse", card=0, target=[0, 1])  # kills 2H: the traitor keeps only the joker
    after = act(after, 1, "end")
    assert after.turn == 2
    after = act(after, 2, "accuse", card=0, target=[1, 0])  # 5C loses to KS
    assert after.turn == 1  # army 0 skipped


def test_b15_the_turn_may_come_back_to_the_same_army() -> None:
    state = position(4, {0: ["JK"], 1: ["KS", "QS"], 2: ["5C", "6C"], 3: ["3D"]}, turn=2,
                     eliminated=[3])
    after = act(state, 2, "accuse", card=0, target=[1, 0])  # loses; army 0 only has the joker
    assert after.turn == 1
