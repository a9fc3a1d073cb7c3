"""Experience points: earned by election only, given freely at any time before the end (R12, R17, R22)."""

from __future__ import annotations

from helpers import act, act_events, acts_of, elect, free_policy, game, refuse, vote

from controller.games.jaccuse import GameState, legal_moves, public_view

HANDS = {
    0: ["9H", "8H", "2H"],
    1: ["9S", "2S", "3S"],
    2: ["4H", "5H"],
    3: ["4S", "5S"],
    4: ["7H", "7S"],
}
MEMBERS = {2: "4H", 3: "4S", 4: "7H"}


def xp_game() -> GameState:
    """Seat 0 has won two elections (2 XP); seat 1 is President now with 1 XP."""
    state = game(5, hands=HANDS, members=MEMBERS)
    state = elect(state, 0, "9H", 1, "2S")
    state = act(state, 0, "pass")
    state = elect(state, 0, "8H", 1, "2S")
    state = act(state, 0, "pass")
    state = elect(state, 1, "9S", 0, "2H")
    assert state.xp == [2, 1, 0, 0, 0]
    return state


def test_r22_a_seat_gives_part_of_its_xp_to_another() -> None:
    state = xp_game()
    state, events = act_events(state, 0, "give_xp", to=3, amount=1)
    assert state.xp == [1, 1, 0, 1, 0]
    assert events == ({"type": "xp_given", "seat": 0, "to": 3, "amount": 1},)
    assert public_view(state)["xp"] == [1, 1, 0, 1, 0]


def test_r22_a_seat_may_give_all_it_holds() -> None:
    state = act(xp_game(), 0, "give_xp", to=2, amount=2)
    assert state.xp == [0, 1, 2, 0, 0]
    assert "give_xp" not in acts_of(state, 0)


def test_r22_giving_more_than_held_is_refused() -> None:
    refuse(xp_game(), 0, "give_xp", "not_enough_xp", to=2, amount=3)
    refuse(xp_game(), 2, "give_xp", "not_enough_xp", to=0, amount=1)


def test_r22_xp_is_a_whole_number_of_at_least_one_given() -> None:
    # giving 0 is refused as pointless; negative amounts would take XP and are refused
    refuse(xp_game(), 0, "give_xp", "bad_amount", to=2, amount=0)
    refuse(xp_game(), 0, "give_xp", "bad_amount", to=2, amount=-1)


def test_r22_xp_goes_to_another_existing_seat() -> None:
    refuse(xp_game(), 0, "give_xp", "bad_target", to=0, amount=1)
    refuse(xp_game(), 0, "give_xp", "unknown_seat", to=5, amount=1)
    refuse(xp_game(), 0, "give_xp", "unknown_seat", to=-1, amount=1)


def test_r22_xp_may_be_given_in_any_phase() -> None:
    state = xp_game()
    # presidency of another seat
    state = act(state, 0, "give_xp", to=1, amount=1)
    # during a parley
    state = act(state, 1, "parley", target=2, cards=["3S"])
    state = act(state, 1, "give_xp", to=0, amount=1)
    state = act(state, 2, "parley_reply", cards=["5H"])
    # while an accused seat replaces its membership
    state = act(state, 1, "accuse", target=2, color="black")
    state = act(state, 0, "give_xp", to=2, amount=1)
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "pass")
    # during an election, also by a seat that has already pressed
    state = act(state, 2, "abstain")
    state = act(state, 2, "give_xp", to=4, amount=1)
    assert sum(state.xp) == 3
    assert state.xp == [1, 1, 0, 0, 1]


def test_r22_give_xp_is_offered_with_its_bounds() -> None:
    state = xp_game()
    move = next(m for m in legal_moves(state, 0) if m["act"] == "give_xp")
    assert move == {"act": "give_xp", "to": [1, 2, 3, 4], "max": 2}
    assert "give_xp" not in acts_of(state, 2)


def test_r22_gifts_decide_the_winner_by_xp() -> None:
    # network alternating: seat 0 red+red (4 red, 0 red); seat 2 black+red mixed with red membership
    state = xp_game()
    state = act(state, 1, "pass")
    state = act(state, 0, "give_xp", to=2, amount=2)
    for _ in range(5):
        state = free_policy(state, 2, "5H")
    assert state.over and state.winning_color == "red"
    assert 0 in state.aligned and 2 in state.aligned
    assert state.winners == [2]


def test_r22_no_gift_after_the_end() -> None:
    state = xp_game()
    state = act(state, 1, "pass")
    for _ in range(5):
        state = vote(state, {2: "5H"})
    assert state.over
    refuse(state, 0, "give_xp", "game_over", to=2, amount=1)


def test_r12_r17_xp_comes_from_elections_only() -> None:
    state = xp_game()
    state = act(state, 1, "accuse", target=2, color="black")  # wrong
    state = act(state, 2, "membership", card="4H")
    assert state.president == 2
    assert state.xp == [2, 1, 0, 0, 0]  # the accused seat became President without XP
    state = act(state, 2, "accuse", target=4, color="red")  # correct
    state = act(state, 4, "membership", card="7S")
    state = act(state, 2, "enact", card="7H")
    assert state.xp == [2, 1, 0, 0, 0]
