"""B1-B4: armies and seats, the deck, power, and the deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from betrayal_helpers import act, choose_all, make_deal, position, refuse, row

from controller.games.betrayal import Deal, DealError, awaiting, deal_cards, legal_moves, new_game, seat_view
from controller.games.betrayal.cards import deck, power
from controller.games.betrayal.deal import hand_sizes
from controller.games.betrayal.seats import armies_of, army_count, seat_of

# ---------------------------------------------------------------- B1


def test_b1_two_players_play_four_armies_seat_0_has_0_and_2() -> None:
    assert army_count(2) == 4
    assert armies_of(2, 0) == (0, 2) and armies_of(2, 1) == (1, 3)
    assert [seat_of(2, a) for a in range(4)] == [0, 1, 0, 1]
    for players in range(3, 9):
        assert army_count(players) == players
        assert [armies_of(players, s) for s in range(players)] == [(s,) for s in range(players)]
    assert armies_of(3, 3) == () and armies_of(2, -1) == ()


def test_b1_a_two_player_seat_sees_and_moves_both_its_armies_told_apart() -> None:
    state = new_game(make_deal(2))
    view = seat_view(state, 0)
    assert [a["army"] for a in view["armies"]] == [0, 2]
    assert [m["army"] for m in view["moves"]] == [0, 2]
    assert view["armies"][0]["traitor"] is True and view["armies"][1]["traitor"] is False
    assert awaiting(state) == [0, 1]
    state = act(state, 0, "army", red=[])
    state = act(state, 2, "army", suits=["S", "H"])
    assert awaiting(state) == [1]
    assert legal_moves(state, 0) == []


def test_b1_each_army_is_played_separately_and_army_0_moves_first() -> None:
    state = choose_all(new_game(make_deal(2, {0: ["2S"]})))
    assert state.phase == "turn" and state.turn == 0
    # clockwise by army: 0 (seat 0), 1 (seat 1), 2 (seat 0), 3 (seat 1)
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        state = act(state, state.turn, "accuse", card=0 if state.rows[state.turn][0] != 52 else 1,
                    target=[(state.turn + 1) % 4, 0])
        if state.phase == "after_win":
            state = act(state, state.turn, "end")
    assert seen[:2] == [0, 1]
    assert awaiting(state) == [seat_of(2, state.turn)]


def test_b1_an_army_of_another_seat_is_not_moved_by_this_seat() -> None:
    state = position(2, {0: ["JK", "KS"], 1: ["5H"], 2: ["9C"], 3: ["4D"]}, turn=0)
    assert [m["army"] for m in legal_moves(state, 0)] == [0]
    assert legal_moves(state, 1) == []
    refuse(state, 1, "accuse", "not_your_turn", card=0, target=[0, 1])


# ---------------------------------------------------------------- B2


@pytest.mark.parametrize(("players", "size"), [(2, 53), (3, 53), (4, 53), (5, 105), (6, 105), (8, 105)])
def test_b2_one_pack_and_a_joker_up_to_four_armies_two_packs_from_five(players: int, size: int) -> None:
    cards = deck(army_count(players))
    assert len(cards) == size
    counts = Counter(cards)
    assert counts["JK"] == 1
    copies = 1 if size == 53 else 2
    assert {n for name, n in counts.items() if name != "JK"} == {copies}
    assert len(counts) == 53 and "10H" in counts and "AS" in counts


def test_b2_equal_names_are_interchangeable_in_a_two_pack_deal() -> None:
    deal = make_deal(5, {0: ["KH", "KH"]})
    state = choose_all(new_game(deal), {0: {"red": ["KH", "KH"]}})
    assert row(state, 0).count("KH") == 2


# ---------------------------------------------------------------- B3


def test_b3_power_number_court_ace_and_one_more_for_black() -> None:
    assert [power(c) for c in ("2H", "10D", "JH", "QD", "KH", "AH")] == [2, 10, 11, 12, 13, 14]
    assert power("4S") == power("5H") == 5
    assert power("JC") == power("QH") == 12
    assert power("AS") == power("AC") == 15
    assert power("2C") == 3


def test_b3_the_joker_cannot_attack_and_always_dies_when_attacked() -> None:
    state = position(3, {0: ["JK", "3S"], 1: ["2H", "5D"], 2: ["AC"]}, turn=0)
    refuse(state, 0, "accuse", "joker_cannot_attack", card=0, target=[1, 0])
    weakest = position(3, {0: ["5S"], 1: ["2H", "5D"], 2: ["JK", "AC"]}, turn=1)
    after = act(weakest, 1, "accuse", card=0, target=[2, 0])
    assert after.joker_dead and row(after, 2) == ["AC"] and row(after, 1) == ["^2H", "5D"]


# ---------------------------------------------------------------- B4


def test_b4_three_players_get_18_18_and_17() -> None:
    assert hand_sizes(3) == [18, 18, 17]
    assert hand_sizes(4) == [14, 13, 13, 13]
    assert hand_sizes(5) == [21] * 5
    assert hand_sizes(8) == [14] + [13] * 7
    deal = deal_cards(3, random.Random(4))
    assert [len(h) for h in deal.hands] == [18, 18, 17]


def test_b4_the_deal_goes_round_robin_from_army_0() -> None:
    # the seeded deal shuffles the deck, then hands card i to army i mod A
    rng = random.Random(11)
    deal = deal_cards(4, rng)
    again = random.Random(11)
    shuffled = deck(4)
    again.shuffle(shuffled)
    assert deal.hands == tuple(tuple(shuffled[a::4]) for a in range(4))
    assert deal == deal_cards(4, random.Random(11))
    assert deal != deal_cards(4, random.Random(12))


def test_b4_a_seeded_deal_carries_a_roll_for_every_card_it_could_draw() -> None:
    deal = deal_cards(6, random.Random(3))
    assert len(deal.rolls) == 105 and all(r >= 0 for r in deal.rolls)
    assert len(set(deal.rolls)) > 100


@pytest.mark.parametrize(
    "hands",
    [
        [["JK"]],  # one hand for three armies
        [[*deck(3)[:18]], [*deck(3)[18:35]], [*deck(3)[35:]]],  # 18, 17, 18
        [[*deck(3)[:17], "AS"], [*deck(3)[18:36]], [*deck(3)[36:]]],  # a second AS for 6H
    ],
)
def test_b4_a_given_deal_must_be_the_deck_in_the_dealt_sizes(hands: list[list[str]]) -> None:
    with pytest.raises(DealError):
        Deal.from_dict(3, {"hands": hands})


def test_b4_a_given_deal_keeps_its_order_and_rolls_default_to_none() -> None:
    cards = deck(3)
    hands = [cards[0::3], cards[1::3], cards[2::3]]
    deal = Deal.from_dict(3, {"hands": hands})
    assert deal.rolls == () and [list(h) for h in deal.hands] == hands
    with pytest.raises(DealError):
        Deal.from_dict(3, {"hands": hands, "rolls": [1, -2]})
    with pytest.raises(DealError):
        Deal.from_dict(3, {"hands": hands, "rolls": [True]})
    with pytest.raises(DealError):
        Deal.from_dict(3, {"hands": [*hands[:2], [*hands[2][:-1], "ZZ"]]})
