"""Accusations: targets, correct and incorrect outcomes, the crisis (R15, R16, R17, R19, R20)."""

from __future__ import annotations

from collections import Counter

from helpers import (
    ACCUSE_HANDS,
    ACCUSE_MEMBERS,
    act,
    act_events,
    acts_of,
    elect,
    event_types,
    free_policy,
    game,
    hand,
    policies,
    refuse,
    vote,
    with_changes,
)

from controller.games.jaccuse import GameState, legal_moves, public_view

HANDS, MEMBERS = ACCUSE_HANDS, ACCUSE_MEMBERS


def president0() -> GameState:
    return elect(game(5, hands=HANDS, members=MEMBERS), 0, "9H", 1, "2S")


# ---------------------------------------------------------------- R15 targets


def test_r15_president_cannot_accuse_themself() -> None:
    refuse(president0(), 0, "accuse", "bad_target", target=0, color="red")


def test_r15_target_must_be_a_seat() -> None:
    refuse(president0(), 0, "accuse", "unknown_seat", target=5, color="red")


def test_r15_r19_target_must_hold_a_card() -> None:
    state = president0()
    state = with_changes(state, hands=[*state.hands[:3], [], state.hands[4]])
    refuse(state, 0, "accuse", "target_out", target=3, color="black")
    move = next(m for m in legal_moves(state, 0) if m["act"] == "accuse")
    assert move["targets"] == [1, 2, 4]
    assert move["colors"] == ["red", "black"]


def test_r15_accusable_targets_are_the_other_seats_with_cards() -> None:
    state = president0()
    assert public_view(state)["accusable"] == [1, 2, 3, 4]
    assert public_view(state)["barred"] == [0]


def test_r15_accusation_is_correct_iff_membership_has_that_colour() -> None:
    state = president0()
    _, events = act_events(state, 0, "accuse", target=2, color="red")
    accused = next(e for e in events if e["type"] == "accused")
    assert accused["correct"] is True and accused["membership"] == "4H"
    _, events = act_events(state, 0, "accuse", target=2, color="black")
    assert next(e for e in events if e["type"] == "accused")["correct"] is False
    _, events = act_events(state, 0, "accuse", target=3, color="black")
    assert next(e for e in events if e["type"] == "accused")["correct"] is True


def test_r15_coloured_joker_membership_has_its_colour() -> None:
    state = game(7, hands={0: ["10H"], 1: ["AS"], 2: ["BJ"]}, members={2: "BJ"})
    state = elect(state, 0, "10H", 1, "AS")
    state = act(state, 0, "accuse", target=2, color="black")
    assert state.phase == "replace_membership" and state.after_membership == "enact"


def test_r15_a_neutral_joker_membership_is_never_correct() -> None:
    state = game(11, hands={0: ["KH"], 1: ["QS"], 2: ["NJ"]}, members={2: "NJ"})
    state = elect(state, 0, "KH", 1, "QS")
    for colour in ("red", "black"):
        after, events = act_events(state, 0, "accuse", target=2, color=colour)
        assert next(e for e in events if e["type"] == "accused")["correct"] is False
        assert "NJ" in after.hands[2]  # back to the target (R17)
        assert after.after_membership == "president"


# ---------------------------------------------------------------- R16 correct accusations


def test_r16_correct_card_goes_to_the_president_then_target_places_then_president_enacts() -> None:
    state = president0()
    h0 = hand(state, 0)
    state = act(state, 0, "accuse", target=2, color="red")
    # 1: the membership card is in the President's hand, the target has none
    assert hand(state, 0) == h0 + Counter(["4H"])
    assert state.membership[2] is None
    assert state.phase == "replace_membership"
    assert public_view(state)["awaiting"] == [2] and public_view(state)["replacing"] == 2
    # the President cannot enact before the target has placed
    refuse(state, 0, "enact", "wrong_phase", card="4H")
    refuse(state, 0, "pass", "wrong_phase")
    refuse(state, 3, "membership", "not_your_turn", card="5S")
    assert acts_of(state, 0) == ["give_xp"]
    assert acts_of(state, 2) == ["membership"]
    # 2: the target places a new membership card from its hand
    refuse(state, 2, "membership", "card_not_in_hand", card="4H")
    state = act(state, 2, "membership", card="6H")
    assert state.membership[2] == "6H" and "6H" not in state.hands[2]
    assert state.phase == "enact"
    assert acts_of(state, 0) == ["enact", "give_xp"]
    # 3: the President enacts a coloured card from hand, then a new election begins
    refuse(state, 2, "enact", "not_president", card="5H")
    refuse(state, 0, "enact", "card_not_in_hand", card="5H")
    refuse(state, 0, "pass", "wrong_phase")
    state, events = act_events(state, 0, "enact", card="3H")
    assert [p.to_dict() for p in state.policies] == [{"color": "red", "kind": "enacted", "card": "3H"}]
    assert "3H" not in state.hands[0]
    assert state.phase == "election" and state.president is None
    assert "election" in event_types(events)


def test_r16_president_may_enact_any_coloured_card_even_of_the_other_colour() -> None:
    state = act(president0(), 0, "accuse", target=3, color="black")
    state = act(state, 3, "membership", card="6S")
    state = act(state, 0, "enact", card="2H")
    assert state.policies[-1].color == "red" and state.policies[-1].card == "2H"


def test_r16_a_neutral_joker_cannot_be_enacted() -> None:
    state = game(11, hands={0: ["KH", "NJ"], 1: ["QS"], 2: ["2S"]}, members={2: "2S"})
    state = elect(state, 0, "KH", 1, "QS")
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card=state.hands[2][0])
    refuse(state, 0, "enact", "neutral_policy", card="NJ")
    move = next(m for m in legal_moves(state, 0) if m["act"] == "enact")
    assert "NJ" not in move["cards"] and "2S" in move["cards"]
    state = act(state, 0, "enact", card="2S")
    assert state.policies[-1].color == "black"


def test_r16_correct_accusation_gives_no_xp_and_keeps_the_count() -> None:
    state = act(president0(), 0, "accuse", target=2, color="red")
    assert state.xp == [1, 0, 0, 0, 0]
    assert state.incorrect_accusations == 0


def test_r16_an_enacted_policy_can_end_the_generation() -> None:
    state = with_changes(president0(), policies=policies("red", "red", "red", "red"))
    state = act(state, 0, "accuse", target=2, color="red")
    state = act(state, 2, "membership", card="5H")
    state = act(state, 0, "enact", card="2H")
    assert state.over and state.winning_color == "red"


# ---------------------------------------------------------------- R17 incorrect accusations


def test_r17_target_takes_the_card_back_and_places_one_same_allowed() -> None:
    state = president0()
    h2 = hand(state, 2)
    state = act(state, 0, "accuse", target=2, color="black")
    assert hand(state, 2) == h2 + Counter(["4H"])
    assert state.membership[2] is None
    assert state.phase == "replace_membership"
    state = act(state, 2, "membership", card="4H")
    assert state.membership[2] == "4H"
    assert hand(state, 2) == h2


def test_r17_target_may_place_a_different_card() -> None:
    state = act(president0(), 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="5H")
    assert state.membership[2] == "5H" and "4H" in state.hands[2]


def test_r17_target_becomes_president_once_placed_without_xp() -> None:
    state = act(president0(), 0, "accuse", target=2, color="black")
    assert state.president == 0  # not before the membership is placed
    assert state.incorrect_accusations == 1
    state, events = act_events(state, 2, "membership", card="4H")
    assert state.president == 2 and state.phase == "presidency"
    assert state.xp == [1, 0, 0, 0, 0]
    assert "president" in event_types(events)
    assert acts_of(state, 2) == ["parley", "defect", "accuse", "pass"]


def test_r17_new_president_may_parley_then_act() -> None:
    state = president0()
    state = act(state, 0, "parley", target=1, cards=["2H"])
    state = act(state, 1, "parley_reply", cards=["3S"])
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "parley", target=3, cards=["5H"])
    state = act(state, 3, "parley_reply", cards=["5S"])
    state = act(state, 2, "defect", card="5S")
    assert state.membership[2] == "5S" and state.phase == "election"


def test_r17_everyone_president_since_the_election_is_barred() -> None:
    state = act(president0(), 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    refuse(state, 2, "accuse", "target_barred", target=0, color="red")
    assert public_view(state)["barred"] == [0, 2]
    assert public_view(state)["accusable"] == [1, 3, 4]
    state = act(state, 2, "accuse", target=3, color="red")
    state = act(state, 3, "membership", card="4S")
    assert state.president == 3
    refuse(state, 3, "accuse", "target_barred", target=0, color="red")
    refuse(state, 3, "accuse", "target_barred", target=2, color="red")
    move = next(m for m in legal_moves(state, 3) if m["act"] == "accuse")
    assert move["targets"] == [1, 4]


def test_r17_the_bar_is_lifted_by_the_next_election() -> None:
    state = act(president0(), 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "pass")
    state = vote(state, {1: "9S", 0: "2H"})
    assert state.president == 1
    assert public_view(state)["accusable"] == [0, 2, 3, 4]


def _two_wrong(state: GameState) -> GameState:
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="red")
    return act(state, 3, "membership", card="4S")


def _three_wrong(state: GameState) -> GameState:
    """Three wrong accusations in a row; the third target (seat 4) has yet to place its card."""
    return act(_two_wrong(state), 3, "accuse", target=4, color="black")


def test_r17_third_incorrect_accusation_asks_the_target_for_its_membership_before_the_crisis() -> None:
    state, events = act_events(_two_wrong(president0()), 3, "accuse", target=4, color="black")
    # nothing of the crisis yet: the target places its membership card first (R17)
    assert "crisis" not in event_types(events)
    assert state.stability == 5
    assert state.incorrect_accusations == 3
    assert state.phase == "replace_membership" and state.replacing == 4
    assert public_view(state)["awaiting"] == [4]
    # no new election (and no vote) until the target has placed its membership card
    refuse(state, 1, "vote", "wrong_phase", card="2S")
    state, events = act_events(state, 4, "membership", card="7H")
    assert state.stability == 4
    assert state.phase == "election" and state.president is None
    assert state.vote_round is not None and state.vote_round.number == 1
    assert "president" not in event_types(events)
    assert state.xp == [1, 0, 0, 0, 0]


def test_r17_the_crisis_follows_the_placed_membership_in_the_events() -> None:
    state = _three_wrong(president0())
    _, events = act_events(state, 4, "membership", card="7H")
    assert event_types(events) == ["membership_placed", "crisis", "election"]
    crisis = events[1]
    assert crisis["from"] == 5 and crisis["stability"] == 4


def test_r17_stability_never_drops_below_1() -> None:
    state = with_changes(president0(), stability=1)
    state = _three_wrong(state)
    assert state.stability == 1
    assert not state.over
    state, events = act_events(state, 4, "membership", card="7H")
    assert state.stability == 1
    assert {"type": "crisis", "from": 1, "stability": 1} in events
    assert state.phase == "election"


def test_r17_r20_a_crisis_that_ends_the_generation_comes_after_the_membership() -> None:
    state = with_changes(president0(), policies=policies("black", "red", "red", "red", "red"))
    state = _three_wrong(state)
    # the run of 4 red would end the game at stability 4, but the drop waits for seat 4's card
    assert not state.over and state.stability == 5
    assert state.phase == "replace_membership" and state.replacing == 4
    assert acts_of(state, 4) == ["membership"]
    state, events = act_events(state, 4, "membership", card="7S")
    assert event_types(events) == ["membership_placed", "crisis", "over"]
    assert state.over and state.winning_color == "red" and state.stability == 4
    # the membership placed counts: nobody is left without one at scoring
    assert None not in state.membership
    assert state.membership[4] == "7S"


def test_r17_r21_the_membership_placed_before_a_crisis_end_can_align_a_mixed_network() -> None:
    # seat 4 sees black(3) + red(4): mixed, so its membership decides; it places a red card
    state = with_changes(president0(), policies=policies("black", "red", "red", "red", "red"))
    state = _three_wrong(state)
    state = act(state, 4, "membership", card="7H")
    assert state.over and state.winning_color == "red"
    assert state.network_of(4) == ("black", "red")
    assert 4 in state.aligned


def test_r17_two_incorrect_accusations_are_no_crisis() -> None:
    state = president0()
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="red")
    state = act(state, 3, "membership", card="4S")
    assert state.stability == 5 and state.president == 3


def test_r17_a_correct_accusation_between_wrong_ones_ends_the_chain() -> None:
    state = act(president0(), 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="black")  # correct
    state = act(state, 3, "membership", card="5S")
    state = act(state, 2, "enact", card="4S")
    assert state.phase == "election" and state.stability == 5


def test_r16_r17_a_free_policy_after_a_crisis_counts_against_the_lower_stability() -> None:
    state = with_changes(president0(), policies=policies("red", "red", "red"))
    state = _three_wrong(state)
    state = act(state, 4, "membership", card="7H")
    assert not state.over and state.stability == 4
    state = free_policy(state, 2, "5H")
    assert state.over and state.winning_color == "red"
