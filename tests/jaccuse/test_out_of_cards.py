"""Seats that run out of influence cards, reached by play (R19), and what they keep (R21, R22)."""

from __future__ import annotations

from helpers import act, acts_of, elect, free_policy, game, refuse, vote

from controller.games.jaccuse import GameState, legal_moves, public_view

WINS = ["10H", "10D", "9H", "9D", "8H", "8D"]


def seat0_out() -> GameState:
    """Seat 0 wins six elections with its six cards and passes each time: its hand is empty."""
    state = game(5, hands={0: [*WINS, "7H"], 1: ["2S", "3S"], 2: ["2H"]}, members={0: "7H"})
    for card in WINS:
        state = elect(state, 0, card, 1, "2S")
        state = act(state, 0, "pass")
    assert state.hands[0] == []
    return state


def test_r19_a_seat_that_played_its_last_card_is_out_of_the_election() -> None:
    state = seat0_out()
    assert state.vote_round is not None and state.vote_round.voters == [1, 2, 3, 4]
    assert public_view(state)["eligible"] == [1, 2, 3, 4]
    assert "vote" not in acts_of(state, 0) and "abstain" not in acts_of(state, 0)
    refuse(state, 0, "abstain", "not_voting")
    refuse(state, 0, "vote", "not_voting", card="2H")


def test_r19_an_out_seat_cannot_be_accused_or_a_parley_target() -> None:
    state = seat0_out()
    state = elect(state, 1, "3S", 2, "2H")
    refuse(state, 1, "accuse", "target_out", target=0, color="red")
    refuse(state, 1, "parley", "parley_too_many", target=0, cards=["2S"])
    moves = {m["act"]: m for m in legal_moves(state, 1)}
    assert 0 not in moves["accuse"]["targets"]
    assert 0 not in [t["seat"] for t in moves["parley"]["targets"]]


def test_r19_an_out_seat_keeps_membership_and_network_for_scoring() -> None:
    state = seat0_out()
    assert state.membership[0] == "7H"
    # seat 0: network black(4)+red(0), mixed, so its red membership decides
    for _ in range(5):
        state = free_policy(state, 2, "2H")
    assert state.over and state.winning_color == "red"
    assert 0 in state.aligned
    assert state.winners == [0]  # six XP from six presidencies


def test_r19_r22_an_out_seat_may_still_give_xp() -> None:
    state = seat0_out()
    assert state.xp[0] == 6
    state = act(state, 0, "give_xp", to=3, amount=2)
    assert state.xp[0] == 4 and state.xp[3] == 2
    assert acts_of(state, 0) == ["give_xp"]


def test_r19_out_seat_not_awaited_and_election_resolves_without_it() -> None:
    state = seat0_out()
    assert 0 not in public_view(state)["awaiting"]
    state = vote(state, {1: "3S", 2: "2H"})
    assert state.president == 1
