"""Resolving a round: consensus, the highest card, and tie rounds (R9, R10, R11, R12)."""

from __future__ import annotations

from collections import Counter

from helpers import act, election, event_types, free_policy, game, hand, refuse, vote, with_changes

from controller.games.jaccuse import GameState, public_view

FIVE = {
    0: ["9H", "2H", "3H"],
    1: ["9S", "2S", "3S"],
    2: ["4H", "5H", "6H"],
    3: ["4S", "5S", "6S"],
    4: ["7H", "7S", "8D"],
}


def five() -> GameState:
    return game(5, hands=FIVE)


# ---------------------------------------------------------------- R9 consensus


def test_r9_all_revealed_cards_red_is_a_red_consensus() -> None:
    state = five()
    hands_before = [Counter(h) for h in state.hands]
    state, events = election(state, {0: "9H", 2: "4H", 4: "7H"})
    assert [(p.color, p.kind) for p in state.policies] == [("red", "free")]
    assert [Counter(h) for h in state.hands] == hands_before  # every card back in its hand
    assert state.president is None and state.phase == "election"
    assert state.xp == [0] * 5
    assert "consensus" in event_types(events)


def test_r9_all_black_is_a_black_consensus() -> None:
    state = vote(five(), {1: "9S", 3: "4S"})
    assert [p.color for p in state.policies] == ["black"]


def test_r9_exactly_one_seat_revealing_is_consensus_on_its_colour() -> None:
    state = vote(five(), {3: "6S"})
    assert [p.color for p in state.policies] == ["black"]
    assert "6S" in state.hands[3]


def test_r9_single_coloured_card_with_neutral_jokers_is_consensus() -> None:
    state = game(11, hands={0: ["NJ"], 1: ["KS"], 2: ["2H"]})
    state = vote(state, {0: "NJ", 1: "KS"})
    assert [p.color for p in state.policies] == ["black"]
    assert "NJ" in state.hands[0] and "KS" in state.hands[1]
    assert state.president is None


def test_r9_same_coloured_cards_with_a_neutral_joker_is_consensus() -> None:
    state = game(11, hands={0: ["NJ"], 1: ["KH"], 2: ["2H"]})
    state = vote(state, {0: "NJ", 1: "KH", 2: "2H"})
    assert [p.color for p in state.policies] == ["red"]


def test_r9_only_neutral_jokers_revealed_passes_nothing_and_returns_the_card() -> None:
    state = game(11, hands={0: ["NJ"]})
    state, events = election(state, {0: "NJ"})
    assert state.policies == []
    assert "NJ" in state.hands[0]
    assert state.phase == "election" and state.vote_round is not None and state.vote_round.number == 1
    assert "only_neutral" in event_types(events)


def test_r9_only_neutral_jokers_passes_nothing_even_after_a_policy() -> None:
    state = game(11, hands={0: ["NJ"], 1: ["KS"]})
    state = free_policy(state, 1, "KS")
    state = vote(state, {0: "NJ"})
    assert [p.color for p in state.policies] == ["black"]


def test_r9_mixed_colours_is_no_consensus() -> None:
    state = vote(five(), {0: "2H", 1: "3S"})
    assert state.policies == []
    assert state.president == 1


# ---------------------------------------------------------------- R10 the highest card


def test_r10_highest_coloured_card_makes_its_owner_president() -> None:
    state = vote(five(), {0: "9H", 1: "2S", 2: "6H", 3: "5S"})
    assert state.president == 0
    assert state.phase == "presidency"


def test_r10_face_cards_rank_ten_jack_queen_king() -> None:
    state = game(9, hands={0: ["10H"], 1: ["JS"], 2: ["QH"], 3: ["KS"]})
    assert vote(state, {0: "10H", 1: "JS"}).president == 1
    assert vote(state, {1: "JS", 2: "QH"}).president == 2
    assert vote(state, {2: "QH", 3: "KS"}).president == 3


def test_r10_ace_ranks_below_two() -> None:
    state = game(7, hands={0: ["AH"], 1: ["2S"]})
    assert vote(state, {0: "AH", 1: "2S"}).president == 1


def test_r10_jokers_rank_below_aces() -> None:
    state = game(7, hands={0: ["RJ"], 1: ["AS"], 2: ["BJ"], 3: ["AH"]})
    assert vote(state, {0: "RJ", 1: "AS"}).president == 1
    assert vote(state, {2: "BJ", 3: "AH"}).president == 3


def test_r10_a_two_beats_a_coloured_joker_and_the_neutral_joker_is_ignored() -> None:
    state = game(11, hands={0: ["RJ"], 1: ["BJ"], 2: ["NJ"], 3: ["2S"]})
    assert vote(state, {0: "RJ", 2: "NJ", 3: "2S"}).president == 3


def test_r10_neutral_joker_never_wins() -> None:
    state = game(11, hands={0: ["NJ"], 1: ["RJ"], 2: ["BJ"]})
    # RJ and BJ tie at joker rank; the neutral joker, level with them in rank, is not counted
    state, events = election(state, {0: "NJ", 1: "RJ", 2: "BJ"})
    tie = next(e for e in events if e["type"] == "tie")
    assert tie["seats"] == [1, 2]
    assert state.president is None


# ---------------------------------------------------------------- R11 tie rounds


def _tie() -> GameState:
    """9H (seat 0) and 9S (seat 1) tie; seat 2 revealed 4H; seats 3 and 4 abstained."""
    state, events = election(five(), {0: "9H", 1: "9S", 2: "4H"})
    assert "tie" in event_types(events)
    return state


def test_r11_tie_starts_a_round_for_every_seat_that_revealed_and_holds_a_card() -> None:
    state = _tie()
    assert state.phase == "election"
    assert state.vote_round is not None
    assert state.vote_round.number == 2
    assert state.vote_round.voters == [0, 1, 2]  # seat 2 lost but revealed; 3 and 4 abstained
    refuse(state, 3, "abstain", "not_voting")
    refuse(state, 4, "vote", "not_voting", card="7H")


def test_r11_cards_already_on_the_table_stay_there() -> None:
    state = _tie()
    assert sorted(state.table_cards) == [(0, "9H"), (1, "9S"), (2, "4H")]
    assert "9H" not in state.hands[0] and "4H" not in state.hands[2]
    assert public_view(state)["table_cards"] == [
        {"seat": 0, "card": "9H"}, {"seat": 1, "card": "9S"}, {"seat": 2, "card": "4H"}
    ]
    assert public_view(state)["hand_counts"] == [5, 5, 5, 6, 6]
    refuse(state, 0, "vote", "card_not_in_hand", card="9H")


def test_r11_winner_judged_on_the_new_rounds_cards_only() -> None:
    state = _tie()
    state = vote(state, {0: "2H", 1: "3S", 2: "5H"})
    # new cards: 2H, 3S, 5H -> 5H is highest though 9H and 9S lie on the table
    assert state.president == 2


def test_r11_consensus_judged_on_the_new_rounds_cards_only() -> None:
    state = _tie()
    # only seat 1 reveals in the tie round: one coloured card is a consensus (R9), although the
    # table still holds red and black cards from the first round
    state = vote(state, {1: "2S"})
    assert [p.color for p in state.policies] == ["black"]
    assert state.table_cards == []
    assert "9H" in state.hands[0] and "9S" in state.hands[1] and "4H" in state.hands[2]
    assert "2S" in state.hands[1]
    assert state.president is None and state.phase == "election"


def test_r11_nobody_revealing_in_a_tie_round_passes_nothing_without_a_policy() -> None:
    state = _tie()
    hands_before = [len(h) for h in state.hands]
    state, _events = election(state, {})
    assert state.policies == []
    assert state.table_cards == []
    assert [len(h) for h in state.hands] == [hands_before[0] + 1, hands_before[1] + 1, hands_before[2] + 1,
                                             hands_before[3], hands_before[4]]
    assert state.phase == "election" and state.vote_round is not None and state.vote_round.number == 1
    assert state.vote_round.voters == [0, 1, 2, 3, 4]


def test_r11_nobody_revealing_in_a_tie_round_passes_a_free_policy_of_the_latest_colour() -> None:
    state = free_policy(five(), 3, "4S")
    state = vote(state, {0: "9H", 1: "9S", 2: "4H"})
    assert state.vote_round is not None and state.vote_round.number == 2
    state = vote(state, {})
    assert [(p.color, p.kind) for p in state.policies] == [("black", "free"), ("black", "free")]
    assert state.table_cards == []
    assert "9H" in state.hands[0]


def test_r11_a_second_tie_starts_a_third_round_for_the_second_rounds_revealers() -> None:
    state = _tie()
    state = vote(state, {0: "3H", 1: "3S"})  # seat 2 abstains this time
    assert state.vote_round is not None and state.vote_round.number == 3
    assert state.vote_round.voters == [0, 1]
    assert len(state.table_cards) == 5
    state = vote(state, {0: "2H", 1: "4C"})
    assert state.president == 1
    assert state.table_cards == []


def test_r11_a_seat_whose_vote_was_its_last_card_does_not_vote_again() -> None:
    state = five()
    state = with_changes(state, hands=[h if s != 2 else ["9D"] for s, h in enumerate(state.hands)])
    state = vote(state, {0: "9H", 1: "9S", 2: "9D"})
    assert state.vote_round is not None and state.vote_round.voters == [0, 1]
    assert state.hands[2] == []


def test_r11_a_tie_with_nobody_left_to_vote_again_is_treated_as_nobody_revealing() -> None:
    # Judgement call (engine's): if every revealer of a tied round has no card left, the tie round
    # cannot be played; the engine applies R8 as if nobody revealed and returns the table cards.
    state = five()
    state = with_changes(state, hands=[["9H"], ["9S"], *state.hands[2:]])
    state = vote(state, {0: "9H", 1: "9S"})
    assert state.policies == []
    assert state.hands[0] == ["9H"] and state.hands[1] == ["9S"]
    assert state.phase == "election" and state.vote_round is not None and state.vote_round.number == 1


def test_r11_a_neutral_joker_revealer_votes_again_in_the_tie_round() -> None:
    state = game(11, hands={0: ["9H"], 1: ["9S"], 2: ["NJ"]})
    state = vote(state, {0: "9H", 1: "9S", 2: "NJ"})
    assert state.vote_round is not None and state.vote_round.voters == [0, 1, 2]


def test_r11_tie_round_selections_are_pressed_afresh() -> None:
    state = _tie()
    assert state.vote_round is not None and state.vote_round.pressed == {} and state.vote_round.selected == {}
    refuse(state, 0, "reveal", "no_vote_selected")
    state = act(state, 0, "vote", card="2H")
    assert state.vote_round is not None and state.vote_round.selected == {0: "2H"}


# ---------------------------------------------------------------- R12 aftermath


def test_r12_winning_card_is_discarded_face_down_and_others_return() -> None:
    state = five()
    discard = len(state.discard)
    state = vote(state, {0: "9H", 1: "2S", 2: "6H"})
    assert state.president == 0
    assert len(state.discard) == discard + 1 and state.discard[-1] == "9H"
    assert "9H" not in state.hands[0]
    assert "2S" in state.hands[1] and "6H" in state.hands[2]
    assert state.table_cards == []
    assert public_view(state)["discard_count"] == discard + 1


def test_r12_president_gains_one_xp() -> None:
    state = vote(five(), {0: "9H", 1: "2S"})
    assert state.xp == [1, 0, 0, 0, 0]


def test_r12_earlier_tie_round_cards_return_including_the_presidents() -> None:
    state = _tie()
    before = [hand(state, s) for s in range(5)]
    state = vote(state, {0: "3H", 1: "2S"})
    assert state.president == 0
    assert state.discard[-1] == "3H"
    assert hand(state, 0) == before[0] - Counter(["3H"]) + Counter(["9H"])
    assert hand(state, 1) == before[1] + Counter(["9S"])
    assert hand(state, 2) == before[2] + Counter(["4H"])
    assert state.table_cards == []
    assert state.xp == [1, 0, 0, 0, 0]


def test_r9_r11_only_neutral_jokers_in_a_tie_round_passes_nothing_and_returns_all() -> None:
    state = game(11, hands={0: ["9H"], 1: ["9S"], 2: ["NJ", "2D"]})
    state = free_policy(state, 1, "9S")
    state = vote(state, {0: "9H", 1: "9S", 2: "2D"})
    assert state.vote_round is not None and state.vote_round.number == 2
    state = vote(state, {2: "NJ"})
    assert [p.color for p in state.policies] == ["black"]  # R9, not R8: no free policy
    assert state.table_cards == []
    assert "9H" in state.hands[0] and "9S" in state.hands[1]
    assert {"NJ", "2D"} <= set(state.hands[2])


def test_r7_r9_consensus_cards_are_shown_in_the_revealed_event() -> None:
    _, events = election(five(), {0: "9H", 2: "4H"})
    revealed = next(e for e in events if e["type"] == "revealed")
    assert revealed["cards"] == [{"seat": 0, "card": "9H"}, {"seat": 2, "card": "4H"}]
    assert event_types(events).index("revealed") < event_types(events).index("consensus")
