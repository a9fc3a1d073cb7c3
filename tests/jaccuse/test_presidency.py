"""The presidency: parley, defect, pass, and who may act (R12, R13, R14, R18, R19)."""

from __future__ import annotations

from collections import Counter

from helpers import act, act_events, acts_of, elect, event_types, game, hand, refuse, vote, with_changes

from controller.games.jaccuse import GameState, legal_moves, public_view, seat_view

HANDS = {
    0: ["9H", "2H", "3H", "4D"],
    1: ["9S", "2S", "3S", "4C"],
    2: ["4H", "5H", "6H"],
    3: ["4S", "5S", "6S"],
    4: ["7H", "7S", "8D"],
}


def president0() -> GameState:
    """Seat 0 is President (9H beat 2S); memberships are the filler cards."""
    return elect(game(5, hands=HANDS), 0, "9H", 1, "2S")


def test_presidency_offers_parley_defect_accuse_pass_to_the_president_only() -> None:
    state = president0()
    assert acts_of(state, 0) == ["parley", "defect", "accuse", "pass", "give_xp"]
    for seat in range(1, 5):
        assert acts_of(state, seat) == []
    assert public_view(state)["awaiting"] == [0]


def test_only_the_president_acts() -> None:
    state = president0()
    refuse(state, 1, "pass", "not_president")
    refuse(state, 1, "defect", "not_president", card="2S")
    refuse(state, 1, "accuse", "not_president", target=2, color="red")
    refuse(state, 1, "parley", "not_president", target=2, cards=["2S"])


# ---------------------------------------------------------------- R18 pass


def test_r18_pass_ends_the_presidency_and_starts_an_election() -> None:
    state = president0()
    state, events = act_events(state, 0, "pass")
    assert state.president is None
    assert state.phase == "election"
    assert state.vote_round is not None and state.vote_round.voters == [0, 1, 2, 3, 4]
    assert state.policies == [] and state.xp == [1, 0, 0, 0, 0]
    assert event_types(events)[:2] == ["passed", "election"]


# ---------------------------------------------------------------- R14 defect


def test_r14_defect_discards_membership_and_places_a_card_from_hand() -> None:
    state = president0()
    old = state.membership[0]
    discard = len(state.discard)
    state = act(state, 0, "defect", card="4D")
    assert state.membership[0] == "4D"
    assert "4D" not in state.hands[0]
    assert old not in state.hands[0]
    assert len(state.discard) == discard + 1 and state.discard[-1] == old
    assert state.phase == "election" and state.president is None


def test_r14_defect_needs_the_card_in_hand() -> None:
    state = president0()
    refuse(state, 0, "defect", "card_not_in_hand", card="9S")


def test_r14_a_president_without_cards_cannot_defect() -> None:
    state = president0()
    state = with_changes(state, hands=[[], *state.hands[1:]])
    assert "defect" not in acts_of(state, 0)
    refuse(state, 0, "defect", "card_not_in_hand", card="2H")
    assert acts_of(state, 0)[:2] == ["accuse", "pass"]


# ---------------------------------------------------------------- R13 parley


def test_r13_parley_swaps_k_cards_each_way() -> None:
    state = president0()
    h0, h2 = hand(state, 0), hand(state, 2)
    state = act(state, 0, "parley", target=2, cards=["2H", "3H"])
    assert state.phase == "parley"
    assert public_view(state)["parley"] == {"president": 0, "target": 2, "count": 2}
    assert public_view(state)["awaiting"] == [2]
    assert hand(state, 0) == h0  # nothing moves until the answer
    state = act(state, 2, "parley_reply", cards=["5H", "6H"])
    assert state.phase == "presidency" and state.president == 0
    assert hand(state, 0) == h0 - Counter(["2H", "3H"]) + Counter(["5H", "6H"])
    assert hand(state, 2) == h2 - Counter(["5H", "6H"]) + Counter(["2H", "3H"])


def test_r13_parley_only_once_per_presidency() -> None:
    state = president0()
    state = act(state, 0, "parley", target=2, cards=["2H"])
    state = act(state, 2, "parley_reply", cards=["5H"])
    assert "parley" not in acts_of(state, 0)
    refuse(state, 0, "parley", "parley_used", target=3, cards=["3H"])
    state = act(state, 0, "pass")
    assert state.parley_used is False


def test_r13_parley_offers_at_least_one_card() -> None:
    refuse(president0(), 0, "parley", "parley_empty", target=2, cards=[])


def test_r13_parley_offer_must_come_from_the_presidents_hand() -> None:
    refuse(president0(), 0, "parley", "card_not_in_hand", target=2, cards=["5H"])
    refuse(president0(), 0, "parley", "card_not_in_hand", target=2, cards=["2H", "2H"])


def test_r13_parley_target_must_hold_at_least_k_cards() -> None:
    state = president0()
    state = with_changes(state, hands=[*state.hands[:2], ["4H", "5H"], *state.hands[3:]])
    refuse(state, 0, "parley", "parley_too_many", target=2, cards=["2H", "3H", "4D"])
    state = act(state, 0, "parley", target=2, cards=["2H", "3H"])
    assert state.phase == "parley"


def test_r13_parley_target_is_another_existing_seat() -> None:
    state = president0()
    refuse(state, 0, "parley", "bad_target", target=0, cards=["2H"])
    refuse(state, 0, "parley", "unknown_seat", target=5, cards=["2H"])
    refuse(state, 0, "parley", "unknown_seat", target=-1, cards=["2H"])


def test_r13_reply_must_be_exactly_k_cards_of_the_targets_hand() -> None:
    state = act(president0(), 0, "parley", target=2, cards=["2H", "3H"])
    refuse(state, 2, "parley_reply", "parley_wrong_count", cards=["5H"])
    refuse(state, 2, "parley_reply", "parley_wrong_count", cards=["4H", "5H", "6H"])
    refuse(state, 2, "parley_reply", "parley_wrong_count", cards=[])
    refuse(state, 2, "parley_reply", "card_not_in_hand", cards=["5H", "2H"])
    refuse(state, 2, "parley_reply", "card_not_in_hand", cards=["5H", "5H"])


def test_r13_only_the_target_answers() -> None:
    state = act(president0(), 0, "parley", target=2, cards=["2H"])
    refuse(state, 3, "parley_reply", "not_parley_target", cards=["4S"])
    refuse(state, 0, "parley_reply", "not_parley_target", cards=["3H"])
    assert acts_of(state, 2) == ["parley_reply"]
    assert next(m for m in legal_moves(state, 2) if m["act"] == "parley_reply")["count"] == 1


def test_r13_president_cannot_act_while_the_parley_is_unanswered() -> None:
    state = act(president0(), 0, "parley", target=2, cards=["2H"])
    refuse(state, 0, "pass", "parley_pending")
    refuse(state, 0, "defect", "parley_pending", card="3H")
    refuse(state, 0, "accuse", "parley_pending", target=3, color="red")
    refuse(state, 0, "parley", "parley_pending", target=3, cards=["3H"])
    assert acts_of(state, 0) == ["give_xp"]


def test_r13_offered_cards_are_shown_only_to_the_president() -> None:
    state = act(president0(), 0, "parley", target=2, cards=["2H"])
    assert seat_view(state, 0)["parley_offered"] == ["2H"]
    for seat in range(1, 5):
        assert seat_view(state, seat)["parley_offered"] is None
    assert "2H" not in repr(public_view(state))


def test_r13_parley_happens_before_the_action_and_the_action_follows() -> None:
    state = act(president0(), 0, "parley", target=2, cards=["2H"])
    state = act(state, 2, "parley_reply", cards=["4H"])
    state = act(state, 0, "defect", card="4H")
    assert state.membership[0] == "4H"
    assert state.phase == "election"


def test_r13_parley_legal_targets_list_the_most_cards_each_can_swap() -> None:
    state = president0()
    state = with_changes(state, hands=[*state.hands[:2], ["4H"], [], *state.hands[4:]])
    move = next(m for m in legal_moves(state, 0) if m["act"] == "parley")
    targets = {t["seat"]: t["max"] for t in move["targets"]}
    assert targets == {1: 5, 2: 1, 4: 5}  # min(own 5, theirs); seat 3 is out (R19)


def test_r19_a_seat_without_cards_cannot_be_a_parley_target() -> None:
    state = president0()
    state = with_changes(state, hands=[*state.hands[:3], [], state.hands[4]])
    refuse(state, 0, "parley", "parley_too_many", target=3, cards=["2H"])


# ---------------------------------------------------------------- R12 the incorrect count resets


def test_r12_incorrect_count_resets_at_the_next_president() -> None:
    state = game(5, hands=HANDS, members={2: "4H", 3: "4S", 4: "7H"})
    state = elect(state, 0, "9H", 1, "2S")
    state = act(state, 0, "accuse", target=2, color="black")  # wrong: 4H
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="red")  # wrong: 4S
    state = act(state, 3, "membership", card="4S")
    assert public_view(state)["incorrect_accusations"] == 2
    state = act(state, 3, "pass")
    state = vote(state, {1: "9S", 0: "2H"})
    assert state.president == 1
    assert public_view(state)["incorrect_accusations"] == 0
    # one more wrong accusation is only the first of the new count: no crisis
    state = act(state, 1, "accuse", target=4, color="black")
    state = act(state, 4, "membership", card="7H")
    assert state.stability == 5 and state.president == 4
