"""The round under way lives in the state per seat; ``vote_round`` is a picture of it, read or set.

The engine keeps ``round_number``, ``voters``, ``selected`` and ``waiting`` so that a press changes
one list; views, the sampler and tests read or set the round whole through ``vote_round``. Both
ways must say the same thing, and ``apply_own`` without an events list must change a state exactly
as with one.
"""

from __future__ import annotations

import random

import pytest
from helpers import played_states

from controller.games.common import Refusal
from controller.games.jaccuse import apply_own, next_bot_action
from controller.games.jaccuse.state import GameState, VoteRound, new_state


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (8, 2), (14, 3)])
def test_the_picture_says_what_the_fields_say(players: int, seed: int) -> None:
    rounds = 0
    for state in played_states(players, seed):
        r = state.vote_round
        if not state.round_number:
            assert r is None and state.voters == state.selected == state.waiting == []
            continue
        rounds += 1
        assert r is not None and state.phase == "election"
        assert (r.number, r.voters, r.waiting) == (state.round_number, state.voters, state.waiting)
        assert set(r.pressed) == set(r.voters) - set(r.waiting)
        # a voter that pressed revealed exactly when a card stays selected (abstaining takes it back)
        for seat, how in r.pressed.items():
            assert (how == "reveal") == (seat in r.selected)
        assert all(state.selected[seat] == card for seat, card in r.selected.items())
        # and the picture set back gives the very same state
        again = state.copy()
        again.vote_round = r
        assert again == state
        assert new_state(**_fields_but_round(state), vote_round=r) == state
    assert rounds > 10


def _fields_but_round(s: GameState) -> dict[str, object]:
    out = {name: getattr(s, name) for name in GameState.__dataclass_fields__}
    for name in ("round_number", "voters", "selected", "waiting"):
        del out[name]
    return out


def test_a_picture_set_by_hand_keeps_no_card_for_an_abstainer() -> None:
    state = played_states(5, 4)[5].copy()  # the first election, nobody pressed yet
    assert state.round_number == 1 and state.voters == [0, 1, 2, 3, 4]
    chosen = {1: state.hands[1][0], 2: state.hands[2][0]}
    state.vote_round = VoteRound(1, [0, 1, 2, 3, 4], chosen, {1: "abstain", 2: "reveal"})
    assert state.selected == [None, None, state.hands[2][0], None, None]
    assert state.waiting == [0, 3, 4]
    assert state.vote_round is not None and state.vote_round.pressed == {1: "abstain", 2: "reveal"}


def test_a_picture_with_a_reveal_but_no_card_is_refused() -> None:
    state = played_states(5, 4)[5].copy()
    with pytest.raises(ValueError, match="seat 3 pressed reveal without a selected card"):
        state.vote_round = VoteRound(1, [0, 1, 2, 3, 4], {}, {3: "reveal"})


def test_a_picture_of_no_round_clears_the_fields() -> None:
    state = played_states(5, 4)[5].copy()
    state.vote_round = None
    assert (state.round_number, state.voters, state.selected, state.waiting) == (0, [], [], [])


@pytest.mark.parametrize(("players", "seed"), [(6, 5), (11, 6)])
def test_apply_own_without_events_changes_a_state_as_with_them(players: int, seed: int) -> None:
    states = played_states(players, seed)
    rng = random.Random(seed)
    moves = made = 0
    for state in states[:-1]:
        action = next_bot_action(state, rng)
        assert action is not None
        quiet, loud = state.derive(), state.derive()
        events: list[dict[str, object]] = []
        try:
            apply_own(loud, action, events)
        except Refusal:
            with pytest.raises(Refusal):
                apply_own(quiet, action, None)
            continue
        apply_own(quiet, action, None)
        assert quiet == loud
        moves += 1
        made += len(events)
    assert moves > 100 and made > 50
