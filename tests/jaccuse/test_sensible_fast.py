"""The sensible bot reads the state directly (it plays out the strong bot's search); it must make
the very moves, with the very same draws from the RNG, as the plain reading of ``legal_moves``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.jaccuse import (
    Accepted,
    Action,
    GameState,
    apply,
    bot_action,
    deal_cards,
    legal_moves,
    new_game,
)
from controller.games.jaccuse.cards import color_of, rank_value
from controller.games.jaccuse.strategy import TableMemory, sensible_action, wanted_colour


def reference(s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action | None:
    """The sensible bot as first written: its choices from ``legal_moves``."""
    moves = {m["act"]: m for m in legal_moves(s, seat) if m["act"] != "give_xp"}
    if not moves:
        return None
    hand = s.hands[seat]
    want = wanted_colour(s, seat)
    mine = sorted((c for c in hand if color_of(c) == want), key=rank_value)
    if "membership" in moves:
        return Action(seat, "membership", card=(mine[0] if mine else rng.choice(hand)))
    if "reveal" in moves:
        return Action(seat, "reveal")
    if "vote" in moves:
        if mine:
            return Action(seat, "vote", card=mine[-1] if rng.random() < 0.75 else rng.choice(mine))
        in_tie_round = s.vote_round is not None and s.vote_round.number > 1
        coloured = sorted((c for c in hand if color_of(c) is not None), key=rank_value)
        if in_tie_round and coloured:
            return Action(seat, "vote", card=coloured[0])
        return Action(seat, "abstain")
    if "enact" in moves:
        choices = mine or [c for c in hand if color_of(c) is not None]
        return Action(seat, "enact", card=choices[-1])
    if "parley_reply" in moves:
        theirs = sorted(hand, key=lambda c: (color_of(c) == want, rank_value(c)))
        return Action(seat, "parley_reply", cards=tuple(theirs[: moves["parley_reply"]["count"]]))
    if "accuse" in moves:
        for target in moves["accuse"]["targets"]:
            lean = memory.lean(target)
            if lean is not None and lean != want:
                return Action(seat, "accuse", target=target, color=lean)
    if "pass" in moves:
        return Action(seat, "pass")
    return bot_action(s, seat, rng)


@settings(max_examples=25)
@given(players=st.integers(5, 14), seed=st.integers(0, 100_000))
def test_the_fast_reading_makes_the_same_moves_with_the_same_draws(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng))
    memory = TableMemory()
    compared = 0
    for step in range(600):
        if state.over:
            break
        for seat in range(players):
            a, b = random.Random(step), random.Random(step)
            assert sensible_action(state, seat, a, memory) == reference(state, seat, b, memory)
            assert a.getstate() == b.getstate()
            compared += 1
        # random and sensible moves mixed, to reach parleys, defections and accusations too
        seat = rng.choice([s for s in range(players) if reference(state, s, random.Random(0), memory)])
        mixed = bot_action if rng.random() < 0.5 else None
        action = mixed(state, seat, rng) if mixed else sensible_action(state, seat, rng, memory)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        memory.observe(result.events)
        state = result.state
    assert compared > 0
