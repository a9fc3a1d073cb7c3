"""Hasty's sampler under every variant: a sampled state shows the seat exactly its view, owes the
engine the same work as the true state (so play-outs go on as the real game would), keeps what an
Investigator showed the seat, and leans the way the table points."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import hasty
from controller.games.hasty import sampler
from controller.games.hasty.strategy import TableMemory, sensible_action


def _positions(players: int, seed: int, sensible: bool, **options: Any
               ) -> Iterator[tuple[hasty.GameState, list[dict[str, Any]]]]:
    rng = random.Random(seed)
    state = hasty.new_game(hasty.deal_cards(players, rng, **options))
    memory = TableMemory()
    history: list[dict[str, Any]] = []
    while not state.over:
        yield state, list(history)
        seat = hasty.awaiting(state)[0]
        action = sensible_action(state, seat, rng, memory) if sensible else hasty.bot_action(state, seat, rng)
        result = hasty.apply(state, action)
        assert isinstance(result, hasty.Accepted)
        memory.observe(result.events)
        history += [sampler.public_event(e) for e in result.events]
        state = result.state


SETS = [["base"], ["advanced"], ["expert"], ["base", "advanced"], ["base", "advanced", "expert"]]


@settings(max_examples=24, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10_000), sensible=st.booleans(),
       traitor=st.booleans(), speedy=st.booleans(), big_hands=st.booleans(), sets=st.sampled_from(SETS),
       powers=st.booleans())
def test_every_variant_samples_the_view_and_the_work_still_owed(
    players: int, seed: int, sensible: bool, traitor: bool, speedy: bool, big_hands: bool, sets: list[str],
    powers: bool
) -> None:
    for i, (state, history) in enumerate(_positions(players, seed, sensible, traitor=traitor, speedy=speedy,
                                                    big_hands=big_hands, sets=sets, powers=powers)):
        if i % 4:
            continue
        for seat in range(players):
            view = hasty.seat_view(state, seat)
            sample = sampler.sample_state(view, history, random.Random(i))
            assert hasty.seat_view(sample, seat) == view
            if not speedy:  # without Speedy a slot is its position in both states
                assert (sample.pending, sample.tasks, sample.review, sample.ended) == (
                    state.pending, state.tasks, state.review, state.ended)
            if seat == state.waiting:
                # the sample plays on: every candidate is a legal move there
                for action in sampler.candidate_actions(sample, seat):
                    assert isinstance(hasty.apply(sample, action), hasty.Accepted), action


def test_a_pile_the_seat_investigated_keeps_the_cards_it_saw() -> None:
    seen = 0
    for seed in range(200):
        for state, history in _positions(4, seed, False):  # the sensible bot looks at hands
            for seat in range(4):
                piles = [p for p in state.peeks[seat] if p.kind == "pile"]
                if not piles:
                    continue
                peek = piles[-1]
                slot = state.row[peek.target]
                now = [c & 15 for c in state.piles[slot]]
                if now[: len(peek.cards)] != list(peek.cards) or peek is not state.peeks[seat][-1]:
                    continue  # the pile was stirred since; the sampler need not keep it
                sample = sampler.sample_state(hasty.seat_view(state, seat), history, random.Random(seed))
                got = [c & 15 for c in sample.piles[peek.target]]
                assert got[: len(peek.cards)] == list(peek.cards)
                seen += 1
        if seen >= 5:
            break
    assert seen >= 5


def test_a_seat_that_played_face_up_on_a_suspect_is_dealt_it_less_often() -> None:
    state = hasty.new_game(hasty.deal_cards(4, random.Random(3)))
    view = hasty.seat_view(state, 0)
    target = next(s for s in range(5) if s != view["secret"])
    plays = [{"type": "played", "seat": 2, "at": target, "up": True, "card": "mover"}] * 3
    rng = random.Random(1)
    plain = [sampler.sample_state(view, [], rng).secrets[2] for _ in range(300)]
    leaned = [sampler.sample_state(view, plays, rng).secrets[2] for _ in range(300)]
    assert leaned.count(target) < plain.count(target) / 2
