"""The crisis (R17 as clarified, issue 13): the third wrong accusation waits for the target's card.

Hand-built positions: a crisis that ends a single game, one that does not, and a crisis that ends a
campaign's non-last and last generation. In each the target is asked for its membership card first,
that card counts for scoring, and the table log tells it in that order.
"""

from __future__ import annotations

from helpers import (
    ACCUSE_HANDS,
    ACCUSE_MEMBERS,
    act,
    act_events,
    event_types,
    game,
    make_deal,
    policies,
    refuse,
    with_changes,
)

from controller.games.jaccuse import GameState, describe_events, new_game, public_view, seat_view
from controller.games.jaccuse.state import Campaign, GenerationResult

HANDS, MEMBERS = ACCUSE_HANDS, ACCUSE_MEMBERS
# the network alternates red, black, red, black, red: seat 4 sees black (card 3) and red (card 4)


def _elect_0(state: GameState) -> GameState:
    for seat in state.vote_round.voters if state.vote_round else ():
        card = {0: "9H", 1: "2S"}.get(seat)
        if card is None:
            state = act(state, seat, "abstain")
        else:
            state = act(state, seat, "vote", card=card)
            state = act(state, seat, "reveal")
    assert state.president == 0
    return state


def _to_third_wrong(state: GameState) -> GameState:
    """Seat 0 President, then three wrong accusations: seat 4, the third target, is to place a card."""
    state = _elect_0(state)
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="red")
    state = act(state, 3, "membership", card="4S")
    state = act(state, 3, "accuse", target=4, color="black")
    assert state.phase == "replace_membership" and state.replacing == 4
    assert state.incorrect_accusations == 3
    return state


def _single(run: int) -> GameState:
    """A single game whose policy row ends in ``run`` red policies."""
    start = game(5, hands=HANDS, members=MEMBERS)
    return with_changes(start, policies=policies("black", *["red"] * run))


def _campaign(run: int, *, last: bool) -> GameState:
    """A 2-generation campaign in generation 1 (or, with ``last``, 2) with ``run`` red policies."""
    first = make_deal(5, HANDS)
    state = new_game(first, generations=2, later_deals=(make_deal(5, HANDS),))
    for seat in range(5):
        state = act(state, seat, "membership", card=MEMBERS[seat])
    changes: dict[str, object] = {"policies": policies("black", *["red"] * run)}
    if last:
        # as if generation 1 had been won by black with these memberships (a hand-built history)
        history = [GenerationResult("black", ["2C", "3C", "4H", "5C", "6D"])]
        changes["campaign"] = Campaign(2, state.campaign.later_deals if state.campaign else (), 2, history,
                                       [1, 1, 0, 1, 0])
    return with_changes(state, **changes)


# ---------------------------------------------------------------- single games


def test_a_crisis_that_ends_the_game_asks_the_target_for_its_membership_first() -> None:
    state = _to_third_wrong(_single(run=4))  # 4 red in a row: the drop to 4 ends the game
    assert not state.over and state.stability == 5
    assert public_view(state)["awaiting"] == [4]
    assert seat_view(state, 4)["acts"] == ["membership"]
    refuse(state, 1, "vote", "wrong_phase", card="2S")
    refuse(state, 4, "membership", "card_not_in_hand", card="9H")
    state, events = act_events(state, 4, "membership", card="7H")
    assert event_types(events) == ["membership_placed", "crisis", "over"]
    assert state.over and state.winning_color == "red" and state.stability == 4
    # it counts for scoring: seat 4's network is mixed, its new red membership aligns it
    assert state.membership[4] == "7H"
    assert 4 in state.aligned
    assert public_view(state)["reveal"]["membership"][4] == "7H"


def test_a_mixed_network_target_placing_the_losing_colour_is_not_aligned() -> None:
    state = act(_to_third_wrong(_single(run=4)), 4, "membership", card="7S")
    assert state.over and state.winning_color == "red"
    assert 4 not in state.aligned


def test_a_crisis_that_does_not_end_the_game_starts_an_election_after_the_membership() -> None:
    state = _to_third_wrong(_single(run=2))
    state, events = act_events(state, 4, "membership", card="8D")
    assert event_types(events) == ["membership_placed", "crisis", "election"]
    assert not state.over and state.stability == 4 and state.phase == "election"
    assert state.president is None and state.membership[4] == "8D"
    # the count stays until an election makes a President (R12)
    assert state.incorrect_accusations == 3
    assert public_view(state)["incorrect_accusations"] == 3


def test_the_log_tells_the_wrong_accusation_the_membership_the_crisis_then_the_end() -> None:
    state = _elect_0(_single(run=4))
    state = act(state, 0, "accuse", target=2, color="black")
    state = act(state, 2, "membership", card="4H")
    state = act(state, 2, "accuse", target=3, color="red")
    state = act(state, 3, "membership", card="4S")
    state, accused = act_events(state, 3, "accuse", target=4, color="black")
    _, placed = act_events(state, 4, "membership", card="7H")
    lines = describe_events(accused) + describe_events(placed)
    assert lines[0].startswith("President seat 3 accused seat 4 of being black")
    assert lines[0].endswith("wrong: seat 4 places a new membership card.")
    assert lines[1:] == [
        "Seat 4 placed a membership card.",
        "Crisis: third wrong accusation; stability 5 -> 4.",
        "Red wins the game. Winners: seat 0.",  # aligned 0, 2, 4; seat 0 has the XP
    ]


# ---------------------------------------------------------------- campaigns


def test_a_crisis_ending_a_non_last_generation_moves_on_only_after_the_membership() -> None:
    state = _to_third_wrong(_campaign(run=4, last=False))
    assert state.campaign is not None and state.campaign.generation == 1
    assert state.phase == "replace_membership" and state.stability == 5
    state, events = act_events(state, 4, "membership", card="7H")
    assert event_types(events)[:4] == ["membership_placed", "crisis", "over", "generation_over"]
    assert event_types(events)[4:] == ["generation", "policy"]
    c = state.campaign
    assert c is not None and c.generation == 2 and state.phase == "setup"
    # generation 1 is scored with the card seat 4 just placed
    assert c.history[0].winning_color == "red"
    assert c.history[0].membership[4] == "7H"
    assert c.vp == [1, 0, 1, 0, 1]  # red memberships: seats 0 (8H), 2 (4H), 4 (7H)
    # stability carried over: 4 after the crisis, +1 for the new generation; the red echo is passed
    assert state.stability == 5
    assert [p.to_dict() for p in state.policies] == [{"color": "red", "kind": "free"}]
    assert state.membership == [None] * 5


def test_a_crisis_ending_the_last_generation_closes_the_campaign_after_the_membership() -> None:
    state = _to_third_wrong(_campaign(run=4, last=True))
    assert state.campaign is not None and not state.campaign.over
    state, events = act_events(state, 4, "membership", card="7S")
    assert event_types(events) == ["membership_placed", "crisis", "over", "generation_over", "campaign_over"]
    c = state.campaign
    assert c is not None and c.over and state.over
    assert c.history[1].membership[4] == "7S"  # black: no VP for seat 4 this generation
    generation_vp = [1, 0, 1, 0, 0]
    # network VP at the end: generation 1 black, generation 2 red; networks r,b,r,b,r (seat s sees s-1, s)
    network_vp = [2, 2, 2, 2, 2]
    assert c.vp == [a + b + g for a, b, g in zip([1, 1, 0, 1, 0], generation_vp, network_vp, strict=True)]
