"""The search itself: its budget, its determinism, whole games with strong seats, and its choices."""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.games import jaccuse
from controller.games.driver import play_bots
from controller.games.registry import rules, strategy
from controller.games.registry import sampler as sampler_of
from controller.games.search import Budget, StrongBot, search
from controller.games.search.ismcts import GameSampler
from controller.games.shape import missing_members


@pytest.mark.parametrize("game", ["jaccuse", "betrayal", "hasty"])
def test_every_game_has_a_sampler(game: str) -> None:
    assert missing_members(sampler_of(game), GameSampler) == []  # type: ignore[type-abstract]


def _election(players: int = 6, seed: int = 3) -> tuple[jaccuse.GameState, list[dict[str, Any]]]:
    """A J'Accuse table right after the memberships, at its first vote."""
    rng = random.Random(seed)
    state = jaccuse.new_game(jaccuse.deal_cards(players, rng))
    history: list[dict[str, Any]] = []
    for seat in range(players):
        result = jaccuse.apply(state, jaccuse.Action(seat, "membership", card=state.hands[seat][0]))
        assert isinstance(result, jaccuse.Accepted)
        state = result.state
        history += result.events
    return state, history


def test_rollouts_bound_the_search_and_a_seed_repeats_it() -> None:
    state, history = _election()
    view = jaccuse.seat_view(state, 0)
    core, plan, sampler = rules("jaccuse"), strategy("jaccuse"), sampler_of("jaccuse")
    one = search(core, plan, sampler, view, history, random.Random(5), Budget(rollouts=17))
    two = search(core, plan, sampler, view, history, random.Random(5), Budget(rollouts=17))
    assert one is not None and two is not None
    # every live candidate plays each round's deal, so a round may end past the budget
    assert 17 <= one.rollouts == sum(n for _, n, _ in one.stats) < 17 + len(one.stats)
    assert one.action == two.action and one.stats == two.stats
    assert len(one.stats) > 2  # several cards of each colour, and abstaining


def test_a_clock_budget_stops_the_search_when_time_is_up() -> None:
    state, history = _election()
    ticks = iter(range(1_000_000))
    clock = lambda: next(ticks) * 0.01  # noqa: E731 - every reading of the clock is 10 ms later
    result = search(rules("jaccuse"), strategy("jaccuse"), sampler_of("jaccuse"), jaccuse.seat_view(state, 0),
                    history, random.Random(1), Budget(rollouts=10_000, seconds=0.1, clock=clock))
    assert result is not None
    rounds = result.stats[0][1]  # the sensible move plays every round
    assert 5 <= rounds <= 10
    assert result.rollouts >= rounds


def test_a_seat_with_nothing_to_do_gets_no_move() -> None:
    state, history = _election()
    result = jaccuse.apply(state, jaccuse.Action(0, "abstain"))
    assert isinstance(result, jaccuse.Accepted)
    assert search(rules("jaccuse"), strategy("jaccuse"), sampler_of("jaccuse"),
                  jaccuse.seat_view(result.state, 0), history, random.Random(1)) is None


def test_a_lone_legal_move_is_played_without_thinking() -> None:
    from controller.games.betrayal import Action, apply, deal_cards, new_game, seat_view
    from controller.games.betrayal.cards import UP

    rng = random.Random(2)
    state = new_game(deal_cards(3, rng))
    plan = strategy("betrayal")
    memory = plan.TableMemory()
    while state.phase != "after_win":
        action = plan.sensible_action(state, rules("betrayal").awaiting(state)[0], rng, memory)
        result = apply(state, action)
        state = result.state  # type: ignore[union-attr]
    assert state.rows[state.turn][state.card_at] & UP
    bot = StrongBot(rules("betrayal"), plan, sampler_of("betrayal"), Budget(rollouts=8))
    move = bot.decide(seat_view(state, state.army_seats[state.turn]), random.Random(0))
    assert isinstance(move, Action) and move.act in ("hide", "end")


@pytest.mark.parametrize(("game", "players", "policies"), [
    ("jaccuse", 5, ["strong", "sensible", "random", "sensible", "strong"]),
    ("betrayal", 3, ["strong", "sensible", "sensible"]),
    ("betrayal", 2, ["strong", "random"]),
    ("hasty", 4, ["strong", "sensible", "random", "strong"]),
])
def test_strong_seats_play_whole_games(game: str, players: int, policies: list[str]) -> None:
    core = rules(game)
    rng = random.Random(11)
    state = core.new_game(core.deal_cards(players, rng))
    final, actions = play_bots(core, strategy(game), state, rng, policies, 20_000,
                               sampler=sampler_of(game), budget=Budget(rollouts=4))
    assert final.over and actions > 0


def test_per_seat_policies_are_checked() -> None:
    core = rules("jaccuse")
    state = core.new_game(core.deal_cards(5, random.Random(1)))
    with pytest.raises(ValueError, match="5 seats"):
        play_bots(core, strategy("jaccuse"), state, random.Random(1), ["sensible"] * 4, 10)
    with pytest.raises(ValueError, match="unknown policy"):
        play_bots(core, strategy("jaccuse"), state, random.Random(1), ["sensible"] * 4 + ["clever"], 10)


def test_all_sensible_per_seat_is_the_sensible_table() -> None:
    core, plan = rules("jaccuse"), strategy("jaccuse")
    finals = []
    for policy in ("sensible", ["sensible"] * 6):
        rng = random.Random(4)
        state = core.new_game(core.deal_cards(6, rng))
        finals.append(core.replay_summary(play_bots(core, plan, state, rng, policy, 50_000)[0]))
    assert finals[0] == finals[1]
