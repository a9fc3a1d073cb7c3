"""B5-B7: the setup choices, the rows and the middle pile, and draws."""

from __future__ import annotations

import pytest
from betrayal_helpers import act, act_events, choose_all, make_deal, pile, position, refuse, row

from controller.games.betrayal import GameState, new_game, public_view, replay_summary, seat_view
from controller.games.betrayal.cards import NAMES

# a three-player deal with the cards that matter up front (the rest is filled in)
HANDS = {
    0: ["JK", "9H", "3S", "KH", "2D", "QC", "5H", "AD", "7H", "4D"],
    1: ["2S", "3H", "4C", "5D"],
    2: ["6S", "7D", "8C", "9S"],
}


def game(players: int = 3, hands: dict[int, list[str]] | None = None) -> GameState:
    return new_game(make_deal(players, HANDS if hands is None else hands))


# ---------------------------------------------------------------- B5


def test_b5_the_traitor_keeps_the_joker_its_black_cards_and_the_red_ones_it_names() -> None:
    state = game()
    hand = [NAMES[c] for c in state.hands[0]]
    state = act(state, 0, "army", red=["KH", "9H"])
    expected = [c for c in hand if c in ("JK", "9H", "KH") or c[-1] in "SC"]
    assert row(state, 0) == expected  # in dealt order (B6)
    assert row(state, 0)[:4] == ["JK", "9H", "3S", "KH"]


def test_b5_the_traitor_may_add_no_red_card_and_at_most_five() -> None:
    state = act(game(), 0, "army", red=[])
    assert all(c == "JK" or c[-1] in "SC" for c in row(state, 0))
    refuse(game(), 0, "army", "too_many_red", red=["9H", "KH", "2D", "5H", "AD", "7H"])
    five = act(game(), 0, "army", red=["9H", "KH", "2D", "5H", "AD"])
    assert sum(c[-1] in "HD" for c in row(five, 0)) == 5


def test_b5_the_traitor_names_only_red_cards_it_holds() -> None:
    refuse(game(), 0, "army", "not_red", red=["3S"])
    refuse(game(), 0, "army", "not_red", red=["JK"])
    refuse(game(), 0, "army", "card_not_held", red=["3H"])  # army 1 holds it
    refuse(game(), 0, "army", "card_not_held", red=["9H", "9H"])  # one copy in a one-pack game


def test_b5_with_two_copies_the_first_dealt_joins() -> None:
    hands = {0: ["JK", "KH", "2S", "KH", "3S"]}
    state = new_game(make_deal(5, hands))
    one = act(state, 0, "army", red=["KH"])
    assert row(one, 0)[:4] == ["JK", "KH", "2S", "3S"]  # the second KH went to the middle
    both = act(state, 0, "army", red=["KH", "KH"])
    assert row(both, 0)[:5] == ["JK", "KH", "2S", "KH", "3S"]


def test_b5_a_loyal_army_keeps_every_card_of_two_different_suits() -> None:
    state = game()
    hand = [NAMES[c] for c in state.hands[1]]
    state = act(state, 1, "army", suits=["H", "C"])
    assert row(state, 1) == [c for c in hand if c[-1] in "HC"]
    refuse(game(), 1, "army", "bad_suits", suits=["S", "S"])
    refuse(game(), 1, "army", "bad_suits", suits=["S"])
    refuse(game(), 1, "army", "bad_suits", suits=["S", "H", "D"])


def test_b5_a_choice_that_leaves_no_card_is_refused() -> None:
    # army 2 of a 3-player game holds only spades and diamonds among its given cards; fill it with
    # the same two suits so that hearts and clubs give nothing
    spades = [f"{r}S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10")]
    diamonds = [f"{r}D" for r in ("2", "3", "4", "5", "6", "7", "8", "9")]
    state = new_game(make_deal(3, {2: spades + diamonds}))
    refuse(state, 2, "army", "empty_army", suits=["H", "C"])
    assert act(state, 2, "army", suits=["S", "C"]).chosen[2]
    view = seat_view(state, 2)["armies"][0]
    by_pair = {tuple(c["suits"]): c for c in view["choices"]}
    assert by_pair[("H", "C")]["allowed"] is False and by_pair[("H", "C")]["cards"] == []
    assert by_pair[("S", "D")]["cards"] == spades + diamonds


def test_b5_the_traitor_sends_red_and_a_loyal_army_suits() -> None:
    refuse(game(), 0, "army", "traitor_picks_red", suits=["S", "C"])
    refuse(game(), 1, "army", "loyal_picks_suits", red=["3H"])
    refuse(game(), 1, "army", "loyal_picks_suits", red=[])


def test_b5_a_choice_is_made_once_in_setup_only() -> None:
    state = act(game(), 1, "army", suits=["H", "C"])
    refuse(state, 1, "army", "already_chosen", suits=["S", "D"])
    played = choose_all(state)
    refuse(played, 2, "army", "wrong_phase", suits=["S", "D"])
    refuse(state, 0, "accuse", "wrong_phase", card=1, target=[1, 0])


def test_b5_a_choice_takes_effect_at_once_but_shows_nothing_until_all_have_chosen() -> None:
    state = game()
    table_before = public_view(state)
    state, events = act_events(state, 1, "army", suits=["H", "C"])
    # the replay output shows the row and the middle pile at once
    summary = replay_summary(state)
    assert summary["rows"][1] and summary["middle_count"] == 18 - len(summary["rows"][1])
    # the table and the other seats see only that army 1 has chosen
    table = public_view(state)
    changed = {k for k in table if table[k] != table_before[k]}
    assert changed == {"version", "chosen", "awaiting", "awaiting_armies"}
    assert table["rows"] is None and table["middle_count"] is None and table["row_lengths"] is None
    assert events == ({"type": "army_chosen", "army": 1},)
    other = seat_view(state, 2)
    assert other["table"] == table and other["armies"][0]["hand"] is not None
    # army 1's own seat sees its row
    assert [c["card"] for c in seat_view(state, 1)["armies"][0]["row"]] == [
        c["card"] for c in summary["rows"][1]
    ]


def test_b5_the_last_choice_lays_out_the_rows_and_starts_the_game() -> None:
    state = act(game(), 1, "army", suits=["H", "C"])
    state = act(state, 2, "army", suits=["S", "D"])
    state, events = act_events(state, 0, "army", red=["KH"])
    assert [e["type"] for e in events] == ["army_chosen", "armies_set", "turn"]
    table = public_view(state)
    assert table["row_lengths"] == [len(r) for r in state.rows]
    assert table["middle_count"] == len(state.middle) == 53 - sum(len(r) for r in state.rows)
    assert all(not c["up"] and "card" not in c for r in table["rows"] for c in r)


def test_b5_seat_views_offer_each_loyal_pair_and_the_traitors_reds() -> None:
    state = game()
    traitor = seat_view(state, 0)["armies"][0]
    assert traitor["traitor"] is True
    assert traitor["choices"]["red"] == [c for c in traitor["hand"] if c[-1] in "HD"]
    assert traitor["choices"]["keeps"] == [c for c in traitor["hand"] if c == "JK" or c[-1] in "SC"]
    assert traitor["choices"]["max_red"] == 5
    loyal = seat_view(state, 1)["armies"][0]
    assert loyal["traitor"] is False
    assert [tuple(c["suits"]) for c in loyal["choices"]] == [
        ("S", "H"), ("S", "D"), ("S", "C"), ("H", "D"), ("H", "C"), ("D", "C")
    ]
    for choice in loyal["choices"]:
        assert choice["cards"] == [c for c in loyal["hand"] if c[-1] in choice["suits"]]


# ---------------------------------------------------------------- B6


def test_b6_the_rest_goes_to_the_middle_and_rows_keep_the_dealt_order() -> None:
    state = game()
    state = act(state, 2, "army", suits=["S", "D"])
    hand = [NAMES[c] for c in state.hands[2]]
    assert row(state, 2) == [c for c in hand if c[-1] in "SD"]
    assert sorted(NAMES[c] for c in state.middle) == sorted(c for c in hand if c[-1] in "HC")


def test_b6_positions_move_up_when_a_card_leaves() -> None:
    state = position(3, {0: ["JK", "KS"], 1: ["2H", "3H", "4H"], 2: ["5C"]}, turn=0)
    state = act(state, 0, "accuse", card=1, target=[1, 1])
    assert row(state, 1) == ["2H", "4H"]
    state = act(state, 0, "end")
    assert state.turn == 1
    state = act(state, 1, "accuse", card=1, target=[2, 0])  # 4H, now at position 1
    assert pile(state, 2) == ["4H"]


# ---------------------------------------------------------------- B7


def _draw_position(rolls: list[int], middle: list[str]) -> GameState:
    # army 0 has 2 points; its win gives the third, and a draw of 2
    return position(
        3, {0: ["JK", "AS"], 1: ["2H", "3H"], 2: ["4C"]}, points={0: ["2D", "3D"]},
        middle=middle, rolls=rolls, turn=0,
    )


def test_b7_draws_pick_rolls_mod_size_in_the_sorted_middle_pile() -> None:
    # sorted by suit S, H, D, C then rank: [9S, KH, 5D, 10C]
    state = _draw_position([5, 2], ["10C", "5D", "KH", "9S"])
    state, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    # 5 mod 4 = 1 -> KH; then [9S, 5D, 10C], 2 mod 3 = 2 -> 10C
    assert row(state, 0) == ["JK", "^AS", "KH", "10C"]
    assert sorted(NAMES[c] for c in state.middle) == ["5D", "9S"]
    assert {"type": "drew", "army": 0, "count": 2, "points": 3} in events
    assert state.drawn == 2


def test_b7_past_the_end_of_the_rolls_the_index_is_0() -> None:
    state = _draw_position([3], ["10C", "5D", "KH", "9S"])
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    # 3 mod 4 -> 10C; no roll left -> index 0 of [9S, KH, 5D] -> 9S
    assert row(state, 0)[2:] == ["10C", "9S"]


def test_b7_the_draw_count_runs_over_the_whole_game_and_every_army() -> None:
    state = position(
        3, {0: ["JK", "AS", "KS"], 1: ["QC", "3H", "8H"], 2: ["4C", "5C"]},
        points={0: ["2D", "3D"], 1: ["4D", "5D"]}, middle=["10C", "KH", "5H", "9S"],
        rolls=[0, 0, 1, 1], turn=0,
    )
    # sorted middle [9S, 5H, KH, 10C]: army 0's AS kills 3H, 3 points: rolls 0, 0 draw 9S then 5H
    state = act(state, 0, "accuse", card=1, target=[1, 1])
    assert row(state, 0) == ["JK", "^AS", "KS", "9S", "5H"] and state.drawn == 2
    state = act(state, 0, "end")
    # army 1's QC kills 4C, 3 points: rolls 1, 1 (the third and fourth) on [KH, 10C] give 10C then KH
    state = act(state, 1, "accuse", card=0, target=[2, 0])
    assert row(state, 1) == ["^QC", "8H", "10C", "KH"] and state.drawn == 4 and state.middle == []


def test_b7_an_empty_middle_pile_gives_nothing() -> None:
    state = _draw_position([], [])
    state, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
    assert row(state, 0) == ["JK", "^AS"]
    assert {"type": "drew", "army": 0, "count": 0, "points": 3} in events
    one = _draw_position([7, 7], ["5D"])
    one = act(one, 0, "accuse", card=1, target=[1, 0])
    assert row(one, 0) == ["JK", "^AS", "5D"] and one.drawn == 1


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_b7_the_middle_pile_holds_every_card_no_army_kept(players: int) -> None:
    state = choose_all(new_game(make_deal(players)))
    kept = sum(len(r) for r in state.rows)
    assert len(state.middle) + kept == len(state.all_cards())
    assert state.middle == sorted(state.middle)
