"""The shot clock's forced moves: the undecided abstain, a President passes, the rest get a random card."""

from __future__ import annotations

import random

from helpers import FIVE_HANDS, act, elect, game, setup_game
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.jaccuse import Accepted, apply, awaiting, deal_cards, new_game, next_bot_action
from controller.games.jaccuse.cards import color_of
from controller.games.jaccuse.timeout import timeout_actions

HANDS = FIVE_HANDS


def test_undecided_voters_abstain_and_pressed_ones_are_left_alone() -> None:
    state = game(5, hands=HANDS)
    state = act(state, 0, "vote", card="9H")
    state = act(state, 0, "reveal")
    forced = timeout_actions(state, random.Random(1))
    assert [(a.seat, a.act) for a in forced] == [(s, "abstain") for s in (1, 2, 3, 4)]


def test_a_president_who_runs_out_passes() -> None:
    state = elect(game(5, hands=HANDS), 0, "9H", 1, "2S")
    assert [(a.seat, a.act) for a in timeout_actions(state, random.Random(1))] == [(0, "pass")]


def test_membership_parley_answer_and_enactment_get_a_random_legal_card() -> None:
    state = setup_game(5, hands=HANDS)
    forced = timeout_actions(state, random.Random(7))
    assert [a.seat for a in forced] == [0, 1, 2, 3, 4]
    assert all(a.act == "membership" and a.card in state.hands[a.seat] for a in forced)

    state = elect(game(5, hands=HANDS, members={2: "4H"}), 0, "9H", 1, "2S")
    parley = act(state, 0, "parley", target=3, cards=["2H", "3H"])
    (reply,) = timeout_actions(parley, random.Random(7))
    assert reply.seat == 3 and reply.act == "parley_reply" and reply.cards is not None
    assert len(reply.cards) == 2 and set(reply.cards) <= set(parley.hands[3])
    assert isinstance(apply(parley, reply), Accepted)

    accused = act(state, 0, "accuse", target=2, color="red")
    (place,) = timeout_actions(accused, random.Random(7))
    assert place.seat == 2 and place.act == "membership"
    enacting = act(accused, 2, "membership", card="5H")
    (enact,) = timeout_actions(enacting, random.Random(7))
    assert enact.seat == 0 and enact.act == "enact" and enact.card is not None
    assert color_of(enact.card) is not None


def test_the_same_rng_forces_the_same_moves() -> None:
    state = setup_game(5, hands=HANDS)
    assert timeout_actions(state, random.Random(3)) == timeout_actions(state, random.Random(3))


@settings(max_examples=60)
@given(players=st.integers(5, 14), seed=st.integers(0, 2**32 - 1))
def test_forced_moves_are_always_legal_and_cover_everyone_awaited(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng))
    for step in range(300):
        if state.over:
            return
        if step % 3 == 0:
            forced = timeout_actions(state, rng)
            assert sorted(a.seat for a in forced) == awaiting(state)
            for action in forced:
                result = apply(state, action)
                assert isinstance(result, Accepted), (action, result)
                state = result.state
        else:
            action = next_bot_action(state, rng)
            assert action is not None
            result = apply(state, action)
            assert isinstance(result, Accepted)
            state = result.state
