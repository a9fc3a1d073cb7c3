"""The samplers deal what a seat cannot see leaning the way the public events point."""

from __future__ import annotations

import random
from typing import Any

from controller.games import betrayal, jaccuse
from controller.games.betrayal import sampler as betrayal_sampler
from controller.games.jaccuse import sampler as jaccuse_sampler
from controller.games.jaccuse.strategy import wanted_colour


def _jaccuse_first_vote(players: int = 6) -> tuple[jaccuse.GameState, list[dict[str, Any]]]:
    rng = random.Random(8)
    state = jaccuse.new_game(jaccuse.deal_cards(players, rng))
    history: list[dict[str, Any]] = []
    for seat in range(players):
        result = jaccuse.apply(state, jaccuse.Action(seat, "membership", card=state.hands[seat][0]))
        assert isinstance(result, jaccuse.Accepted)
        state, history = result.state, history + list(result.events)
    return state, history


def _share_wanting_red(view: dict[str, Any], history: list[dict[str, Any]], seat: int) -> float:
    rng = random.Random(1)
    samples = [jaccuse_sampler.sample_state(view, history, rng) for _ in range(400)]
    return sum(wanted_colour(s, seat) == "red" for s in samples) / len(samples)


def test_a_seat_that_revealed_red_is_dealt_as_wanting_red_more_often() -> None:
    state, history = _jaccuse_first_vote()
    view = jaccuse.seat_view(state, 0)
    red_votes = [{"type": "revealed", "round": 1, "cards": [{"seat": 3, "card": c}], "abstained": []}
                 for c in ("9H", "8D", "7H", "6D")]
    black_votes = [{"type": "revealed", "round": 1, "cards": [{"seat": 3, "card": c}], "abstained": []}
                   for c in ("9S", "8C", "7S", "6C")]
    # without votes the share follows from the network cards seat 0 sees (they leave more of the other)
    neutral = _share_wanting_red(view, history, 3)
    assert _share_wanting_red(view, history + red_votes, 3) > neutral + 0.1
    assert _share_wanting_red(view, history + black_votes, 3) < neutral - 0.2


def test_the_army_that_showed_black_cards_is_dealt_the_joker_more_often() -> None:
    rng = random.Random(5)
    state = betrayal.new_game(betrayal.deal_cards(5, rng))
    while state.phase == "setup":
        result = betrayal.apply(state, betrayal.next_bot_action(state, rng))
        assert isinstance(result, betrayal.Accepted)
        state = result.state
    me = next(a for a in range(5) if a != state.traitor)
    suspect = next(a for a in range(5) if a not in (me, state.traitor))
    view = betrayal.seat_view(state, me)
    shown = [{"type": "accused", "army": suspect, "card": c, "target": [me, 0], "target_card": "2H"}
             for c in ("KS", "QC", "JS", "10C")]
    # the suspect's black cards count against it; the 2H each time is the other side's
    rng = random.Random(2)
    draws = [betrayal_sampler.sample_state(view, shown, rng).traitor for _ in range(400)]
    assert draws.count(suspect) / len(draws) > 0.5  # 0.25 when nothing points anywhere
    assert me not in draws
