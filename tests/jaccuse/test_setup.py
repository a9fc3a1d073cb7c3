"""Setup: the state after the deal, membership cards, seats and networks (R1, R2, R6)."""

from __future__ import annotations

import pytest
from helpers import act, acts_of, game, refuse, setup_game

from controller.games.jaccuse import public_view, seat_view


def test_new_game_starts_in_setup_with_stability_5_no_xp_no_policies() -> None:
    state = setup_game(5)
    assert state.phase == "setup"
    assert state.stability == 5
    assert state.xp == [0] * 5
    assert state.policies == []
    assert state.membership == [None] * 5
    assert state.president is None
    assert len(state.discard) == 1
    assert public_view(state)["awaiting"] == [0, 1, 2, 3, 4]


def test_membership_card_comes_from_the_hand() -> None:
    state = setup_game(5, hands={0: ["9H"]})
    state = act(state, 0, "membership", card="9H")
    assert state.membership[0] == "9H"
    assert "9H" not in state.hands[0]
    assert len(state.hands[0]) == 6


def test_membership_card_not_in_hand_is_refused() -> None:
    state = setup_game(5, hands={1: ["9H"]})
    refuse(state, 0, "membership", "card_not_in_hand", card="9H")


def test_membership_can_be_placed_only_once_at_setup() -> None:
    state = setup_game(5)
    state = act(state, 0, "membership", card=state.hands[0][0])
    refuse(state, 0, "membership", "membership_placed", card=state.hands[0][0])


def test_election_starts_only_when_every_seat_placed_membership() -> None:
    state = setup_game(6)
    for seat in range(5):
        state = act(state, seat, "membership", card=state.hands[seat][0])
        assert state.phase == "setup"
        refuse(state, seat, "vote", "wrong_phase", card=state.hands[seat][0])
    state = act(state, 5, "membership", card=state.hands[5][0])
    assert state.phase == "election"
    assert state.vote_round is not None
    assert state.vote_round.voters == list(range(6))
    assert state.vote_round.number == 1


def test_membership_seats_may_place_in_any_order() -> None:
    state = setup_game(5)
    for seat in (3, 0, 4, 1, 2):
        state = act(state, seat, "membership", card=state.hands[seat][0])
    assert state.phase == "election"


def test_membership_outside_setup_and_accusations_is_refused() -> None:
    state = game(5)
    refuse(state, 0, "membership", "wrong_phase", card=state.hands[0][0])


def test_membership_placed_is_hidden_but_flagged_in_public_view() -> None:
    state = setup_game(5, hands={2: ["10H"]})
    state = act(state, 2, "membership", card="10H")
    view = public_view(state)
    assert view["membership_placed"] == [False, False, True, False, False]
    assert "10H" not in repr(view)
    assert seat_view(state, 2)["membership"] == "10H"
    assert seat_view(state, 1)["membership"] is None


def test_setup_legal_moves_are_only_membership() -> None:
    state = setup_game(5)
    assert acts_of(state, 0) == ["membership"]
    state = act(state, 0, "membership", card=state.hands[0][0])
    assert acts_of(state, 0) == []


# ---------------------------------------------------------------- R1, R2 networks


@pytest.mark.parametrize("players", list(range(5, 15)))
def test_r2_seat_sees_network_cards_right_neighbour_then_own(players: int) -> None:
    # a network with no period, so that a wrong index would show
    network = ["red", "red", "black", "black", "red", "black", "black", "red", "red", "black", "red",
               "black", "black", "red"][:players]
    half = -(-players // 2)
    if network.count("red") > half or network.count("black") > half:
        pytest.skip("not a legal network for this count")
    state = setup_game(players, network=network)
    for seat in range(players):
        assert seat_view(state, seat)["network"] == [network[(seat - 1) % players], network[seat]]


@pytest.mark.parametrize("players", [5, 8, 14])
def test_r1_r2_network_card_k_is_shared_by_seat_k_and_its_left_neighbour(players: int) -> None:
    state = setup_game(players)
    for k in range(players):
        left_neighbour = (k + 1) % players  # R1
        # card k is seat k's own (second) card and its left neighbour's first card
        assert state.network_of(k)[1] == state.network[k]
        assert state.network_of(left_neighbour)[0] == state.network[k]


def test_r2_seat_zero_network_wraps_to_the_last_card() -> None:
    state = setup_game(5, network=["black", "red", "red", "black", "red"])
    assert seat_view(state, 0)["network"] == ["red", "black"]
    assert seat_view(state, 4)["network"] == ["black", "red"]


def test_r2_network_is_not_in_the_public_view_before_the_end() -> None:
    state = game(6)
    view = public_view(state)
    assert view["reveal"] is None
    assert "network" not in view
