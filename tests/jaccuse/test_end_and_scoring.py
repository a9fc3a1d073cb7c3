"""The end of the generation and scoring (R20, R21)."""

from __future__ import annotations

from helpers import (
    act,
    act_events,
    elect,
    event_types,
    free_policy,
    game,
    policies,
    refuse,
    vote,
    with_changes,
)

from controller.games.jaccuse import GameState, awaiting, legal_moves, public_view, replay_summary

# 6 players; network cards 0..5. Seat s sees cards (s-1) mod 6 and s:
# seat 0 black+red (mixed), 1 red+red, 2 red+black (mixed), 3 black+black, 4 black+red (mixed),
# 5 red+black (mixed)
NETWORK = ["red", "red", "black", "black", "red", "black"]
HANDS = {
    0: ["2H", "9H"],
    1: ["4S", "10H", "10C", "8C"],
    2: ["2S", "9S"],
    3: ["4H", "5S"],
    4: ["3H", "10D", "9D", "8D"],
    5: ["3S"],
}
MEMBERS = {0: "2H", 1: "4S", 2: "2S", 3: "4H", 4: "3H", 5: "3S"}


def six() -> GameState:
    return game(6, hands=HANDS, members=MEMBERS, network=NETWORK)


def reds(state: GameState, n: int) -> GameState:
    for _ in range(n):
        state = free_policy(state, 0, "9H")
    return state


def blacks(state: GameState, n: int) -> GameState:
    for _ in range(n):
        state = free_policy(state, 2, "9S")
    return state


# ---------------------------------------------------------------- R20


def test_r20_five_same_coloured_policies_end_the_generation_at_stability_5() -> None:
    state = reds(six(), 4)
    assert not state.over
    state = reds(state, 1)
    assert state.over
    assert state.winning_color == "red"
    assert state.phase == "over" and state.vote_round is None


def test_r20_ends_at_once_without_starting_a_new_election() -> None:
    state = reds(six(), 4)
    for seat in range(1, 6):
        state = act(state, seat, "abstain")
    state = act(state, 0, "vote", card="9H")
    state, events = act_events(state, 0, "reveal")
    types = event_types(events)
    assert types[-1] == "over"
    assert "election" not in types


def test_r20_a_policy_of_the_other_colour_breaks_the_run() -> None:
    state = reds(six(), 4)
    state = blacks(state, 1)
    state = reds(state, 4)
    assert not state.over
    assert public_view(state)["streak"] == {"color": "red", "length": 4}
    state = reds(state, 1)
    assert state.over and state.winning_color == "red"


def test_r20_checked_after_an_all_abstain_free_policy() -> None:
    state = blacks(six(), 4)
    state = vote(state, {})
    assert state.over and state.winning_color == "black"
    assert [p.kind for p in state.policies] == ["free"] * 5


def test_r20_checked_after_a_free_policy_in_a_tie_round() -> None:
    state = with_changes(six(), policies=policies("red", "red", "red", "red"))
    state = vote(state, {1: "10H", 4: "10D", 2: "9S"})
    # 10H and 10D are both red, 9S black: 10H and 10D tie
    assert state.vote_round is not None and state.vote_round.number == 2
    state = vote(state, {})
    assert state.over and state.winning_color == "red"
    # the tie-round cards went back to their owners
    assert "10H" in state.hands[1] and "10D" in state.hands[4] and "9S" in state.hands[2]


def test_r20_uses_the_current_stability() -> None:
    state = with_changes(six(), stability=2)
    state = reds(state, 1)
    assert not state.over
    state = reds(state, 1)
    assert state.over


def test_r20_nothing_can_be_played_after_the_end() -> None:
    state = reds(six(), 5)
    refuse(state, 0, "vote", "game_over", card="2H")
    refuse(state, 0, "abstain", "game_over")
    refuse(state, 1, "pass", "game_over")
    refuse(state, 1, "give_xp", "game_over", to=2, amount=1)
    for seat in range(6):
        assert legal_moves(state, seat) == []
    assert awaiting(state) == []


# ---------------------------------------------------------------- R21


def test_r21_same_coloured_network_decides_alone_and_mixed_uses_membership() -> None:
    state = reds(six(), 5)
    # 0: mixed, red membership; 1: red network (black membership ignored); 4: mixed, red membership
    # 3: black network (red membership ignored); 2 and 5: mixed, black membership
    assert state.aligned == [0, 1, 4]


def test_r21_black_win_aligns_the_black_network_and_black_memberships() -> None:
    state = blacks(six(), 5)
    assert state.winning_color == "black"
    assert state.aligned == [2, 3, 5]


def test_r21_aligned_seats_all_win_when_xp_is_equal() -> None:
    state = reds(six(), 5)
    assert state.xp == [0] * 6
    assert state.winners == [0, 1, 4]


def test_r21_most_xp_among_aligned_seats_wins() -> None:
    state = six()
    state = elect(state, 4, "10D", 3, "5S")
    state = act(state, 4, "pass")
    state = reds(state, 5)
    assert state.xp == [0, 0, 0, 0, 1, 0]
    assert state.winners == [4]


def test_r21_xp_of_unaligned_seats_does_not_count() -> None:
    state = six()
    state = elect(state, 3, "5S", 0, "2D")
    state = act(state, 3, "pass")
    state = reds(state, 5)
    assert state.xp[3] == 1
    assert 3 not in state.aligned
    assert state.winners == [0, 1, 4]


def test_r21_equal_top_xp_shares_the_victory() -> None:
    state = six()
    state = elect(state, 4, "10D", 3, "5S")
    state = act(state, 4, "pass")
    state = elect(state, 1, "10C", 0, "9H")
    state = act(state, 1, "pass")
    state = reds(state, 5)
    assert state.xp == [0, 1, 0, 0, 1, 0]
    assert state.winners == [1, 4]


def test_r21_no_aligned_seat_means_no_winners() -> None:
    # alternating network: every seat has mixed network cards; every membership is red
    members = {0: "2H", 1: "3H", 2: "4H", 3: "5H", 4: "6H", 5: "7H"}
    hands = {0: ["2H", "9S"], 1: ["3H"], 2: ["4H"], 3: ["5H"], 4: ["6H"], 5: ["7H"]}
    state = game(6, hands=hands, members=members)
    for _ in range(5):
        state = free_policy(state, 0, "9S")
    assert state.over and state.winning_color == "black"
    assert state.aligned == [] and state.winners == []


def test_r17_r21_a_crisis_end_scores_the_target_by_the_membership_it_just_placed() -> None:
    # seat 4: network black(3)+red(4) mixed; it places a black card before the crisis ends the game
    hands = {0: ["9H", "2H"], 1: ["2S"], 2: ["4H"], 3: ["4S"], 4: ["7H", "7S"]}
    state = game(5, hands=hands, members={2: "4H", 3: "4S", 4: "7H"})
    state = with_changes(state, policies=policies("red", "red", "red", "red"))
    state = elect(state, 0, "9H", 1, "2S")
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="red")
    state = act(state, 3, "membership", card="4S")
    state = act(state, 3, "accuse", target=4, color="black")
    assert not state.over and state.replacing == 4
    state = act(state, 4, "membership", card="7S")
    assert state.over and state.winning_color == "red"
    assert state.membership[4] == "7S"
    assert 4 not in state.aligned
    assert 0 in state.aligned  # seat 0: red+red network


def test_r21_end_reveals_membership_network_and_alignment_publicly() -> None:
    state = reds(six(), 5)
    view = public_view(state)
    assert view["reveal"] == {
        "membership": list(state.membership),
        "network": NETWORK,
        "aligned": [0, 1, 4],
    }
    assert view["winners"] == [0, 1, 4] and view["winning_color"] == "red"
    summary = replay_summary(state)
    assert summary["over"] is True and summary["aligned"] == [0, 1, 4] and summary["winners"] == [0, 1, 4]
