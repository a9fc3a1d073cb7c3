"""The bot's fast paths and the engine's copy on write, checked against the plain definitions.

``bot_action`` lists election and setup moves straight from the state; here it must pick exactly
what choosing from ``legal_moves`` picks, drawing the same numbers from the RNG. ``apply`` shares
unchanged parts between states; here no state, nor anything inside it, may change once made.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from helpers import played_states

from controller.games.jaccuse import (
    Accepted,
    Action,
    apply,
    awaiting,
    bot_action,
    deal_cards,
    legal_moves,
    new_game,
    next_bot_action,
    play_bot_game,
)
from controller.games.jaccuse.deal import deal_next_generation
from controller.games.jaccuse.state import GameState


def reference_bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """The bot as first written: every choice made from ``legal_moves``."""
    every = legal_moves(s, seat)
    moves = [m for m in every if m["act"] != "give_xp"]
    if not moves:
        return None
    gift = next((m for m in every if m["act"] == "give_xp"), None)
    if gift is not None and rng.random() < 0.02:
        return Action(seat, "give_xp", to=rng.choice(gift["to"]), amount=rng.randint(1, gift["max"]))
    acts = [m["act"] for m in moves]
    move: dict[str, Any]
    if "reveal" in acts:
        roll = rng.random()
        pick = "reveal" if roll < 0.75 else ("abstain" if roll < 0.9 else "vote")
        move = next(m for m in moves if m["act"] == pick)
    elif "vote" in acts:
        pick = "abstain" if rng.random() < 0.15 else "vote"
        move = next(m for m in moves if m["act"] == pick)
    else:
        move = rng.choice(moves)
    act = move["act"]
    if act in ("membership", "vote", "defect", "enact"):
        return Action(seat, act, card=rng.choice(move["cards"]))
    if act == "parley":
        target = rng.choice(move["targets"])
        k = rng.randint(1, target["max"])
        return Action(seat, act, target=target["seat"], cards=tuple(rng.sample(s.hands[seat], k)))
    if act == "parley_reply":
        return Action(seat, act, cards=tuple(rng.sample(s.hands[seat], move["count"])))
    if act == "accuse":
        return Action(seat, act, target=rng.choice(move["targets"]), color=rng.choice(move["colors"]))
    return Action(seat, act)


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (8, 3), (12, 4)])
def test_the_bot_picks_what_legal_moves_would_pick(players: int, seed: int) -> None:
    states = played_states(players, seed)
    draws = random.Random(seed)
    for state in states:
        # seats out of range too, and seats with XP to give (the rare gift draws)
        for seat in range(-1, players + 1):
            for rich in (False, True):
                s = state
                if rich and 0 <= seat < players:
                    s = state.copy()
                    s.xp[seat] = 3
                for _ in range(2):
                    rng_state = random.Random(draws.random()).getstate()
                    fast, slow = random.Random(), random.Random()
                    fast.setstate(rng_state)
                    slow.setstate(rng_state)
                    assert bot_action(s, seat, fast) == reference_bot_action(s, seat, slow)
                    assert fast.getstate() == slow.getstate()


@pytest.mark.parametrize(("players", "seed"), [(6, 1), (10, 2)])
def test_next_bot_action_picks_like_rng_choice_of_awaiting(players: int, seed: int) -> None:
    for i, state in enumerate(played_states(players, seed)):
        a, b = random.Random(i), random.Random(i)
        waiting = awaiting(state)
        expected = reference_bot_action(state, b.choice(waiting), b) if waiting else None
        assert next_bot_action(state, a) == expected
        assert a.getstate() == b.getstate()


def test_derive_shares_every_field() -> None:
    state = played_states(8, 9)[40]
    derived = state.derive()
    assert derived is not state and derived == state
    for f in fields(GameState):
        assert getattr(derived, f.name) is getattr(state, f.name), f.name


@pytest.mark.parametrize(
    ("players", "seed", "generations"), [(6, 1, None), (9, 2, None), (13, 3, None), (8, 4, 4)]
)
def test_no_state_changes_once_made(players: int, seed: int, generations: int | None) -> None:
    states = played_states(players, seed, generations)
    snapshots = [s.copy() for s in states]
    # replay all of it again on top, plus a move by every waiting seat from every state
    rng = random.Random(seed)
    for state in states:
        for seat in awaiting(state):
            action = bot_action(state, seat, rng)
            if action is not None:
                assert isinstance(apply(state, action), Accepted)
    assert [s == c for s, c in zip(states, snapshots, strict=True)] == [True] * len(states)


class _OwnRandom(random.Random):
    """An RNG the bot cannot assume is a plain ``random.Random``: it must call ``choice`` itself."""

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return super().choice(seq)


def test_the_bot_falls_back_to_the_rngs_own_choice() -> None:
    for state in played_states(7, 11)[::5]:
        for seat in range(7):
            fast, slow = _OwnRandom(seat), _OwnRandom(seat)
            assert bot_action(state, seat, fast) == reference_bot_action(state, seat, slow)
            assert fast.getstate() == slow.getstate()
        a, b = _OwnRandom(3), _OwnRandom(3)
        waiting = awaiting(state)
        expected = reference_bot_action(state, b.choice(waiting), b) if waiting else None
        assert next_bot_action(state, a) == expected
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize(
    ("players", "seed", "generations"), [(5, 0, None), (8, 1, None), (14, 2, None), (8, 3, 4)]
)
def test_play_bot_game_plays_like_next_bot_action_and_apply(
    players: int, seed: int, generations: int | None
) -> None:
    """``play_bot_game`` runs the rules in place (``apply_own``); the plain loop
    of ``next_bot_action`` and ``apply`` from the same RNG must give the same moves and states."""
    game = play_bot_game(players, seed, generations=generations)
    rng = random.Random(seed)
    deal = deal_cards(players, rng)
    later = tuple(deal_next_generation(deal, rng) for _ in range((generations or 1) - 1))
    state = new_game(deal, generations=generations, later_deals=later)
    actions = []
    while state.phase != "over":
        action = next_bot_action(state, rng)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
        actions.append(action)
    assert game.deal == deal and game.later_deals == later
    assert list(game.actions) == actions
    assert game.final == state
