"""The strong bot sees what its seat sees: a sampled world shows the seat exactly its own view, and
two tables that differ only in what the seat cannot see get the same move from the same seed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.registry import rules, strategy
from controller.games.registry import sampler as sampler_of
from controller.games.search import Budget, StrongBot

TABLES = [("jaccuse", 5), ("jaccuse", 6), ("jaccuse", 8), ("betrayal", 2), ("betrayal", 3), ("betrayal", 5),
          ("hasty", 3), ("hasty", 4), ("hasty", 6), ("hasty+", 3), ("hasty+", 5)]
#: a table name's game and the options its deal takes ("hasty+": every card set, with the Suspect Powers)
DEALS: dict[str, tuple[str, dict[str, Any]]] = {
    "hasty+": ("hasty", {"sets": ["base", "advanced", "expert"], "powers": True}),
}


def positions(table: str, players: int, seed: int, policy: str) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    """Every position of one bot game, with the public events before it."""
    game, options = DEALS.get(table, (table, {}))
    core, plan = rules(game), strategy(game)
    sampler = sampler_of(game)
    rng = random.Random(seed)
    state = core.new_game(core.deal_cards(players, rng, **options))
    memory = plan.TableMemory()
    history: list[dict[str, Any]] = []
    while not state.over:
        yield state, list(history)
        seat = rng.choice(core.awaiting(state))
        if policy == "sensible":
            action = plan.sensible_action(state, seat, rng, memory)
        else:
            action = core.bot_action(state, seat, rng)
        result = core.apply(state, action)
        assert isinstance(result, core.Accepted)
        memory.observe(result.events)
        history += [sampler.public_event(e) for e in result.events]
        state = result.state


@settings(max_examples=16)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000),
       policy=st.sampled_from(["random", "sensible"]))
def test_a_sampled_state_shows_the_seat_exactly_its_view(
    table: tuple[str, int], seed: int, policy: str
) -> None:
    name, players = table
    game = DEALS.get(name, (name, {}))[0]
    core, sampler = rules(game), sampler_of(game)
    checked = 0
    for i, (state, history) in enumerate(positions(name, players, seed, policy)):
        if i % 3:
            continue
        for seat in range(players):  # every seat, not only those who move: a peek may be old
            view = core.seat_view(state, seat)
            sample = sampler.sample_state(view, history, random.Random(i))
            assert core.seat_view(sample, seat) == view, (game, players, seed, i, seat)
            checked += 1
    assert checked >= 5


def test_cards_a_seat_peeked_at_never_leave_the_joker_nowhere() -> None:
    """A regression: a seat had peeked at both hidden cards of a row; when the sample made that row
    the traitor's, the peeked cards went back first and left no hidden place for the joker."""
    sampler = sampler_of("betrayal")
    core = rules("betrayal")
    after_peeks = 0
    for i, (state, history) in enumerate(positions("betrayal", 5, 56, "sensible")):
        for seat in range(5):
            view = core.seat_view(state, seat)
            if any(mine["peeks"] for mine in view["armies"]):
                after_peeks += 1
                for k in range(3):
                    sample = sampler.sample_state(view, history, random.Random(100 * i + k))
                    assert core.seat_view(sample, seat) == view
    assert after_peeks > 0


def _jaccuse_twin(state: Any, seat: int) -> Any | None:
    """The same table with two other seats' hands of one size swapped, or None."""
    if state.phase != "election":
        return None
    others = [s for s in range(state.players) if s != seat and s not in state.vote_round.selected
              and s not in state.vote_round.pressed]
    for a in others:
        for b in others:
            if a < b and len(state.hands[a]) == len(state.hands[b]) and sorted(state.hands[a]) != sorted(
                state.hands[b]
            ):
                twin = state.copy()
                twin.hands[a], twin.hands[b] = state.hands[b], state.hands[a]
                return twin
    return None


def _betrayal_twin(state: Any, seat: int) -> Any | None:
    """The same table with face-down cards of two other armies (neither the joker) swapped, or None."""
    from controller.games.betrayal.cards import JOKER, UP

    if state.phase != "turn":
        return None
    hidden = [(a, p) for a in range(state.armies) if state.army_seats[a] != seat
              for p, c in enumerate(state.rows[a]) if not c & UP and c != JOKER]
    for a, p in hidden:
        for b, q in hidden:
            if a < b and state.rows[a][p] != state.rows[b][q]:
                twin = state.copy()
                twin.rows[a][p], twin.rows[b][q] = state.rows[b][q], state.rows[a][p]
                return twin
    return None


def _hasty_twin(state: Any, seat: int) -> Any | None:
    """The same table with two other seats' hands of one size swapped, else two face-down cards of
    different kinds in the piles swapped, or None."""
    others = [s for s in range(state.players) if s != seat and not state.eliminated[s]]
    for a in others:
        for b in others:
            if a < b and len(state.hands[a]) == len(state.hands[b]) and sorted(state.hands[a]) != sorted(
                state.hands[b]
            ):
                twin = state.copy()
                twin.hands[a], twin.hands[b] = state.hands[b], state.hands[a]
                return twin
    from controller.games.hasty.cards import UP

    hidden = [(slot, k) for slot in state.row for k, c in enumerate(state.piles[slot]) if not c & UP]
    for x, (slot, k) in enumerate(hidden):
        for other, j in hidden[x + 1:]:
            if state.piles[slot][k] != state.piles[other][j]:
                twin = state.copy()
                one, two = list(twin.piles[slot]), list(twin.piles[other])
                if slot == other:
                    one[k], one[j] = one[j], one[k]
                    twin.piles[slot] = tuple(one)
                else:
                    one[k], two[j] = two[j], one[k]
                    twin.piles[slot], twin.piles[other] = tuple(one), tuple(two)
                return twin
    return None


_TWINS = {"jaccuse": _jaccuse_twin, "betrayal": _betrayal_twin, "hasty": _hasty_twin}


@pytest.mark.parametrize(("name", "players"), [("jaccuse", 6), ("betrayal", 5), ("hasty", 4), ("hasty+", 4)])
def test_secrets_it_cannot_see_do_not_change_its_move(name: str, players: int) -> None:
    game = DEALS.get(name, (name, {}))[0]
    core, plan, sampler = rules(game), strategy(game), sampler_of(game)
    twin_of = _TWINS[game]
    compared = 0
    for seed in range(40):
        for state, history in positions(name, players, seed, "sensible"):
            seat = core.awaiting(state)[0]
            twin = twin_of(state, seat)
            if twin is None:
                continue
            assert core.replay_summary(twin) != core.replay_summary(state)
            assert core.seat_view(twin, seat) == core.seat_view(state, seat)
            moves = []
            for table in (state, twin):
                bot = StrongBot(core, plan, sampler, Budget(rollouts=12))
                bot.observe(tuple(history))
                moves.append((bot.action(table, seat, random.Random(seed)), bot.last))
            (first, first_result), (second, second_result) = moves
            assert first == second
            assert first_result is not None and second_result is not None
            assert first_result.stats == second_result.stats
            if first_result.rollouts:
                compared += 1
            break
        if compared >= 4:
            break
    assert compared >= 4, "not enough positions where the bot had a real choice"
