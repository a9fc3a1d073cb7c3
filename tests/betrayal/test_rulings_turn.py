"""B8-B12: an accusation, who wins it, what happens to the cards, twos that defend, and the order."""

from __future__ import annotations

import pytest
from betrayal_helpers import act, act_events, choose_all, event_types, make_deal, pile, position, refuse, row

from controller.games.betrayal import new_game, public_view

# ---------------------------------------------------------------- B8


def test_b8_both_cards_turn_face_up() -> None:
    state = position(3, {0: ["JK", "9S", "3D"], 1: ["5H", "KH"], 2: ["4C"]}, turn=0)
    after = act(state, 0, "accuse", card=2, target=[1, 1])  # 3D against KH: loses
    assert row(after, 1) == ["5H", "^KH"]
    after = act(state, 0, "accuse", card=1, target=[1, 0])  # 9S against 5H: wins
    assert row(after, 0) == ["JK", "^9S", "3D"]


def test_b8_the_target_is_in_another_armys_row() -> None:
    state = position(3, {0: ["JK", "9S"], 1: ["5H"], 2: ["4C"]}, turn=0)
    refuse(state, 0, "accuse", "bad_target", card=1, target=[0, 0])
    refuse(state, 0, "accuse", "bad_target", card=1, target=[3, 0])
    refuse(state, 0, "accuse", "bad_target", card=1, target=[-1, 0])
    refuse(state, 0, "accuse", "bad_position", card=1, target=[1, 1])
    refuse(state, 0, "accuse", "bad_position", card=1, target=[1, -1])
    refuse(state, 0, "accuse", "bad_position", card=2, target=[1, 0])
    refuse(state, 0, "accuse", "bad_position", card=-1, target=[1, 0])


def test_b8_with_two_players_the_seats_other_army_may_be_the_target() -> None:
    state = position(2, {0: ["JK", "9S"], 1: ["5H"], 2: ["4C", "8C"], 3: ["2D"]}, turn=0)
    after = act(state, 0, "accuse", card=1, target=[2, 0])
    assert pile(after, 0) == ["4C"]


def test_b8_the_first_turn_goes_to_the_first_army_from_0_that_can_attack() -> None:
    # army 0 is the traitor and holds no black card: adding no red card leaves it only the joker
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    reds = [f"{r}{s}" for s in "HD" for r in ranks]
    state = new_game(make_deal(3, {0: ["JK", *reds[:17]]}))
    state = choose_all(state, {0: {"red": []}})
    assert row(state, 0) == ["JK"] and state.turn == 1
    other = choose_all(new_game(make_deal(3, {0: ["JK", *reds[:17]]})), {0: {"red": ["2H"]}})
    assert other.turn == 0


def test_b8_only_the_army_whose_turn_it_is_accuses() -> None:
    state = position(3, {0: ["JK", "9S"], 1: ["5H"], 2: ["4C"]}, turn=0)
    refuse(state, 1, "accuse", "not_your_turn", card=0, target=[2, 0])
    refuse(state, 1, "end", "wrong_phase")
    refuse(state, 0, "hide", "wrong_phase", at=0)
    refuse(state, 0, "peek", "wrong_phase", cards=[[1, 0], [2, 0]])


# ---------------------------------------------------------------- B9


@pytest.mark.parametrize(
    ("attacker", "target", "attacker_wins"),
    [
        ("9H", "9D", True),  # equal power: the attacker wins
        ("9H", "9S", False),  # 9S is 10
        ("8S", "9H", True),  # 8S is 9
        ("KC", "AH", True),  # 14 against 14
        ("AH", "AC", False),  # 14 against 15
        ("3C", "AC", True),  # the special three
        ("8D", "AS", True),
        ("QS", "AC", True),
        ("QS", "AH", False),  # only a black ace
        ("3C", "4H", True),  # 4 against 4, by power
        ("3C", "5H", False),
        ("2H", "JK", True),  # the joker always dies
        ("2D", "2H", True),
        ("2H", "2C", False),  # 2C is 3
    ],
)
def test_b9_who_wins_an_accusation(attacker: str, target: str, attacker_wins: bool) -> None:
    rows = {0: [attacker, "KD"], 1: [target, "QD"], 2: ["5C"]}
    if "JK" not in (attacker, target):
        rows[2] = ["JK", "5C"]
    state = position(3, rows, turn=0, middle=[])
    after, events = act_events(state, 0, "accuse", card=0, target=[1, 0])
    accused = events[0]
    assert accused["winner"] == ("attacker" if attacker_wins else "defender")
    assert accused["card"] == attacker and accused["target_card"] == target
    assert pile(after, 0 if attacker_wins else 1) == [target if attacker_wins else attacker]


def test_b9_the_special_cards_win_against_a_black_ace_only_when_they_attack() -> None:
    state = position(3, {0: ["AC", "KD"], 1: ["3C", "QD"], 2: ["JK", "5C"]}, turn=0, middle=[])
    after = act(state, 0, "accuse", card=0, target=[1, 0])  # the ace attacks the 3C: 15 >= 4
    assert pile(after, 0) == ["3C"]
    state = position(3, {0: ["AH", "KD"], 1: ["QS", "QD"], 2: ["JK", "5C"]}, turn=0, middle=[])
    after = act(state, 0, "accuse", card=0, target=[1, 0])  # AH 14 >= QS 13: power decides
    assert pile(after, 0) == ["QS"]


# ---------------------------------------------------------------- B10


def test_b10_the_loser_goes_to_the_winners_points_and_the_winner_stays_up() -> None:
    state = position(3, {0: ["JK", "9S", "3D"], 1: ["5H", "KH"], 2: ["4C"]}, turn=0)
    won = act(state, 0, "accuse", card=1, target=[1, 1])  # 9S (10) against KH (13): loses
    assert pile(won, 1) == ["9S"] and row(won, 0) == ["JK", "3D"] and row(won, 1) == ["5H", "^KH"]
    assert won.turn == 1 and won.phase == "turn"  # after a loss the turn ends by itself
    won = act(state, 0, "accuse", card=1, target=[1, 0])
    assert pile(won, 0) == ["5H"] and row(won, 0) == ["JK", "^9S", "3D"] and won.phase == "after_win"


def test_b10_hide_puts_the_card_back_face_down_where_asked_and_ends_the_turn() -> None:
    state = position(3, {0: ["JK", "9S", "3D", "4S"], 1: ["5H", "KH"], 2: ["4C"]}, turn=0)
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    for at, expected in [
        (0, ["9S", "JK", "3D", "4S"]),
        (1, ["JK", "9S", "3D", "4S"]),
        (3, ["JK", "3D", "4S", "9S"]),
    ]:
        hidden, events = act_events(state, 0, "hide", at=at)
        assert row(hidden, 0) == expected
        assert hidden.turn == 1 and event_types(events) == ["hid", "turn"]
        assert "card" not in events[0]
    refuse(state, 0, "hide", "bad_position", at=4)
    refuse(state, 0, "hide", "bad_position", at=-1)
    refuse(state, 1, "hide", "not_your_turn", at=0)
    refuse(state, 0, "accuse", "wrong_phase", card=1, target=[1, 0])


def test_b10_end_leaves_the_card_up_and_a_defenders_survivor_stays_up() -> None:
    state = position(3, {0: ["JK", "9S", "3D"], 1: ["5H", "KH"], 2: ["4C"]}, turn=0)
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    state = act(state, 0, "end")
    assert row(state, 0) == ["JK", "^9S", "3D"] and state.turn == 1
    lost = position(3, {0: ["JK", "3D"], 1: ["5H", "KH"], 2: ["4C"]}, turn=0)
    lost = act(lost, 0, "accuse", card=1, target=[1, 1])
    assert row(lost, 1) == ["5H", "^KH"]
    # nobody can hide the defender's card: it is army 1's turn to accuse now
    refuse(lost, 1, "hide", "wrong_phase", at=0)


# ---------------------------------------------------------------- B11


def test_b11_twos_defend_is_off_unless_turned_on() -> None:
    state = position(3, {0: ["JK", "3H"], 1: ["2D", "KH"], 2: ["4C"]}, turn=0)
    assert state.twos_defend is False
    assert pile(act(state, 0, "accuse", card=1, target=[1, 0]), 0) == ["2D"]
    assert public_view(state)["options"] == {"twos_defend": False}


def test_b11_a_two_kills_an_attacker_that_is_not_a_two_and_survives() -> None:
    state = position(3, {0: ["JK", "AC", "5S"], 1: ["2D", "KH"], 2: ["4C"]}, turn=0, twos_defend=True)
    after, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert events[0]["by_two"] is True and events[0]["winner"] == "defender"
    assert pile(after, 1) == ["AC"] and row(after, 1) == ["^2D", "KH"] and row(after, 0) == ["JK", "5S"]
    assert after.turn == 1


def test_b11_a_two_attacked_by_a_two_follows_b9() -> None:
    state = position(3, {0: ["JK", "2S"], 1: ["2D", "KH"], 2: ["4C"]}, turn=0, twos_defend=True)
    after, events = act_events(state, 0, "accuse", card=1, target=[1, 0])  # 3 against 2
    assert events[0]["by_two"] is False and pile(after, 0) == ["2D"]
    state = position(3, {0: ["JK", "2H"], 1: ["2C", "KH"], 2: ["4C"]}, turn=0, twos_defend=True)
    assert pile(act(state, 0, "accuse", card=1, target=[1, 0]), 1) == ["2H"]  # 2 against 3


def test_b11_a_two_among_the_traitors_last_three_cards_does_not_defend() -> None:
    rows = {0: ["KS", "5D"], 1: ["JK", "2H", "9C"], 2: ["4C"]}
    state = position(3, rows, turn=0, twos_defend=True)
    after = act(state, 0, "accuse", card=0, target=[1, 1])  # three cards, the joker included
    assert pile(after, 0) == ["2H"]
    rows[1] = ["JK", "2H", "9C", "3C"]
    state = position(3, rows, turn=0, twos_defend=True)
    after = act(state, 0, "accuse", card=0, target=[1, 1])  # four cards: the two defends
    assert pile(after, 1) == ["KS"]
    # after the joker's death, the count is of what is left
    dead = position(3, {0: ["KS"], 1: ["2H", "9C", "3C", "4S"], 2: ["4C"]}, turn=0,
                    twos_defend=True, joker_dead=True, traitor=1, middle=[])
    assert pile(act(dead, 0, "accuse", card=0, target=[1, 0]), 1) == ["KS"]
    dead = position(3, {0: ["KS"], 1: ["2H", "9C", "3C"], 2: ["4C"]}, turn=0,
                    twos_defend=True, joker_dead=True, traitor=1, middle=[])
    assert pile(act(dead, 0, "accuse", card=0, target=[1, 0]), 0) == ["2H"]


def test_b11_a_two_in_a_loyal_row_defends_however_short_the_row() -> None:
    state = position(3, {0: ["JK", "KS"], 1: ["2H"], 2: ["4C"]}, turn=0, twos_defend=True)
    after = act(state, 0, "accuse", card=1, target=[1, 0])
    assert pile(after, 1) == ["KS"] and row(after, 1) == ["^2H"]


# ---------------------------------------------------------------- B12


def test_b12_an_army_left_without_cards_is_out_before_any_reward() -> None:
    # army 1's last card dies; the traitor needs one loyal army out at three armies: it wins
    # at once, so its third point draws nothing
    state = position(3, {0: ["JK", "KS"], 1: ["5H"], 2: ["4C"]}, points={0: ["2D", "3D"]}, turn=0)
    after, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert event_types(events) == ["accused", "eliminated", "over"]
    assert after.over and after.winner_side == "traitor" and row(after, 0) == ["JK", "^KS"]


def test_b12_a_defender_takes_its_reward_at_once_out_of_turn() -> None:
    state = position(3, {0: ["JK", "3S"], 1: ["KH", "4H"], 2: ["4C", "6C"]}, points={1: ["2D", "3D"]},
                     middle=["9S", "9H"], turn=0)
    after, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert event_types(events) == ["accused", "drew", "turn"]
    assert row(after, 1) == ["^KH", "4H", "9S", "9H"] and after.turn == 1


def test_b12_after_a_win_the_reward_comes_first_then_hide_or_end() -> None:
    state = position(3, {0: ["JK", "KS"], 1: ["5H", "6H"], 2: ["4C"]}, points={0: ["2D", "3D"]},
                     middle=["9S"], turn=0)
    after, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert event_types(events) == ["accused", "drew"]
    assert after.phase == "after_win" and row(after, 0) == ["JK", "^KS", "9S"]
    hidden = act(after, 0, "hide", at=2)
    assert row(hidden, 0) == ["JK", "9S", "KS"]


def test_b12_an_attacker_put_out_by_its_points_loses_its_turn() -> None:
    # four armies: 25 points eliminate; army 1 (loyal) wins its 25th point
    points = [c + s for s in "SHD" for c in ("2", "3", "4", "5", "6", "7", "8", "9")][:24]
    state = position(4, {0: ["JK", "5C"], 1: ["AS", "3C"], 2: ["4C"], 3: ["6C", "7C"]},
                     points={1: points}, turn=1)
    after, events = act_events(state, 1, "accuse", card=0, target=[3, 0])
    assert event_types(events) == ["accused", "eliminated", "turn"]
    assert events[1] == {"type": "eliminated", "army": 1, "reason": "points"}
    assert after.turn == 2 and row(after, 1) == []
