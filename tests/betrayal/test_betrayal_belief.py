"""Betrayal's belief (controller/games/betrayal/belief.py): what the public events tell one seat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import betrayal
from controller.games.betrayal import sampler
from controller.games.betrayal.belief import Tracker, setup_likelihood
from controller.games.betrayal.cards import FACE, UP
from controller.games.betrayal.deal import hand_sizes
from controller.games.betrayal.strategy import TableMemory, sensible_action
from controller.games.registry import rules, strategy
from controller.games.search import Budget, search


def _sensible_positions(seed: int, players: int = 5) -> list[tuple[betrayal.GameState, list[dict[str, Any]]]]:
    """Every position of one game between sensible bots, with the events before it."""
    rng = random.Random(seed)
    state = betrayal.new_game(betrayal.deal_cards(players, rng))
    memory = TableMemory()
    history: list[dict[str, Any]] = []
    out = []
    while not state.over:
        out.append((state, list(history)))
        action = sensible_action(state, rng.choice(betrayal.awaiting(state)), rng, memory)
        assert action is not None
        result = betrayal.apply(state, action)
        assert isinstance(result, betrayal.Accepted)
        memory.observe(result.events)
        history += result.events
        state = result.state
    return out


@pytest.mark.parametrize("armies", [3, 4, 5, 8])
def test_the_setup_likelihoods_are_distributions_and_the_traitor_keeps_more(armies: int) -> None:
    hand = hand_sizes(armies)[0]
    loyal, traitor = setup_likelihood(armies, hand)
    assert sum(loyal.values()) == pytest.approx(1.0)
    assert sum(traitor.values()) == pytest.approx(1.0)
    mean = [sum(n * p for n, p in d.items()) for d in (loyal, traitor)]
    assert mean[1] > mean[0]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_tracker_follows_every_row_and_knows_the_cards_hidden_again(seed: int) -> None:
    """Replayed from the public events, each row has its length, its face-up cards, and every card
    it remembers (shown, then hidden again) is really there."""
    remembered = 0
    for state, history in _sensible_positions(seed)[::4]:
        if state.phase == "setup":
            continue
        for seat in range(state.players):
            view = betrayal.seat_view(state, seat)
            tracker = Tracker(view, history)
            assert tracker.fits(view)
            for army, slots in enumerate(tracker.rows):
                for slot, code in zip(slots, state.rows[army], strict=True):
                    if slot.card >= 0:
                        assert slot.card == code & FACE
                        remembered += not code & UP
    assert remembered > 0


def test_the_traitor_is_found_far_more_often_than_by_chance() -> None:
    """Over sensible games, the belief puts most of its weight on the true traitor (a blind guess
    among the four other armies puts a quarter on it)."""
    shares = []
    for seed in range(12):
        for state, history in _sensible_positions(seed)[10::10]:
            if state.phase == "setup" or state.joker_dead:
                continue
            seat = next(a for a in range(state.armies) if a != state.traitor)
            view = betrayal.seat_view(state, seat)
            tracker = Tracker(view, history)
            suspects = [a for a in range(state.armies) if a != seat and tracker.rows[a]]
            weights = tracker.traitor_weights(suspects)
            shares.append(weights[suspects.index(state.traitor)] / sum(weights))
    assert len(shares) > 20
    assert sum(shares) / len(shares) > 0.6


def test_prepare_deals_what_sample_state_deals() -> None:
    for state, history in _sensible_positions(3)[::7]:
        view = betrayal.seat_view(state, 1)
        a = sampler.sample_state(view, history, random.Random(9))
        b = sampler.prepare(view, history)(random.Random(9))
        assert a == b and betrayal.seat_view(b, 1) == view


def test_a_card_hidden_again_is_dealt_where_everyone_saw_it_go() -> None:
    for state, history in _sensible_positions(4):
        hid = [e for e in history if e.get("type") == "hid"]
        if state.phase != "turn" or not hid or history[-1].get("type") != "turn":
            continue
        army = hid[-1]["army"]
        seat = next(a for a in range(state.armies) if a != army)
        view = betrayal.seat_view(state, seat)
        tracker = Tracker(view, history)
        known = [(p, slot.card) for p, slot in enumerate(tracker.rows[army])
                 if slot.card >= 0 and not slot.up]
        if not known:
            continue
        for k in range(5):
            dealt = sampler.sample_state(view, history, random.Random(k))
            assert all(dealt.rows[army][p] & FACE == card for p, card in known)
        return
    pytest.fail("no card was hidden again in that game")


def test_the_prepared_candidates_are_legal_and_include_the_plain_ones() -> None:
    core = rules("betrayal")
    checked = 0
    for state, history in _sensible_positions(6)[::5]:
        if state.phase != "turn":
            continue
        seat = state.army_seats[state.turn]
        view = betrayal.seat_view(state, seat)
        dealer = sampler.prepare(view, history)
        first = dealer(random.Random(1))
        moves = dealer.candidates(first, seat)
        assert set(sampler.candidate_actions(first, seat)) <= set(moves)
        for move in moves:
            assert isinstance(core.apply(first, move), core.Accepted)
        checked += 1
    assert checked > 3


def test_the_search_uses_the_prepared_dealer_and_repeats_with_a_seed() -> None:
    state, history = _sensible_positions(2)[40]
    seat = state.army_seats[state.turn] if state.turn is not None else 0
    view = betrayal.seat_view(state, seat)
    runs = [search(rules("betrayal"), strategy("betrayal"), sampler, view, history, random.Random(5),
                   Budget(rollouts=60)) for _ in range(2)]
    assert runs[0] is not None and runs[1] is not None
    assert runs[0].action == runs[1].action and runs[0].stats == runs[1].stats


def test_the_own_play_out_policy_is_legal_and_hides_the_traitors_card_in_front() -> None:
    """The seat's own play-out moves (``Dealer.own_action``) are always accepted; as the traitor,
    a winning card goes back face down at the front of the row."""
    core = rules("betrayal")
    hid_in_front = 0
    for seed in (1, 2, 3):
        for state, history in _sensible_positions(seed)[::3]:
            if state.phase in ("setup", "over") or state.turn is None:
                continue
            seat = state.army_seats[state.turn]
            view = betrayal.seat_view(state, seat)
            dealer = sampler.prepare(view, history)
            sample = dealer(random.Random(seed))
            memory = TableMemory()
            memory.observe(tuple(history))
            move = dealer.own_action(sample, seat, random.Random(0), memory)
            assert move is not None and isinstance(core.apply(sample, move), core.Accepted)
            if state.phase == "after_win" and state.turn == state.traitor:
                assert move.act == "hide" and move.at == 0
                hid_in_front += 1
    assert hid_in_front > 0
