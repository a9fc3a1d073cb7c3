"""Each game's retelling marks (its ``retell`` module) checked against the states of whole bot games,
not against the events they are read from: the steps that decided a game are the ones whose state
changes say so (J'Accuse's last streak, Betrayal's B16, Hasty's H23), and the open view shows every
secret at every step while the rest of it is the public view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.games import registry
from controller.games.jaccuse.engine import trailing_run


def _game(
    name: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> tuple[list[Any], list[Any]]:
    """A random bot game at the table's deal: every state and every action's events."""
    rules, adapter = registry.rules(name), registry.table_rules(name)
    state = adapter.deal(players, options or {}, random.Random(seed))[0]
    states, events, rng = [state], [], random.Random(seed)
    while not state.over:
        result = rules.apply(state, rules.next_bot_action(state, rng))
        state = result.state
        states.append(state)
        events.append(result.events)
    return states, events


@pytest.mark.parametrize("seed", range(6))
def test_jaccuse_is_decided_by_its_last_streak(seed: int) -> None:
    states, events = _game("jaccuse", 5 + seed, seed)
    final = states[-1]
    marks = registry.retelling("jaccuse").decisive(events, final)
    colour, run = trailing_run(final)
    streak = {}
    if final.winning_color is not None:
        passed = [k for k in range(1, len(states)) if len(states[k].policies) > len(states[k - 1].policies)]
        streak = {k: "streak" for k in passed[-run:]}
        assert all(final.policies[-1 - i].color == colour for i in range(run))
    assert marks == {**streak, len(states) - 1: "end"}


def test_a_campaign_is_decided_generation_by_generation() -> None:
    states, events = _game("jaccuse", 5, 2, {"campaign": 4})
    marks = registry.retelling("jaccuse").decisive(events, states[-1])
    ends = [k for k in range(1, len(states))
            if states[k].campaign.generation > states[k - 1].campaign.generation]
    assert len(ends) == 3
    assert [k for k, why in sorted(marks.items()) if why == "generation"] == ends
    assert [k for k, why in marks.items() if why == "end"] == [len(states) - 1]
    kinds = [registry.retelling("jaccuse").turning_point(e) for e in events]
    assert [k for k, kind in enumerate(kinds, 1) if kind == "generation"] == ends


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (2, 3, 5, 8) for s in range(3)])
def test_betrayal_is_decided_as_b16_says(players: int, seed: int) -> None:
    states, events = _game("betrayal", players, seed)
    final = states[-1]
    marks = registry.retelling("betrayal").decisive(events, final)
    want: dict[int, str] = {}
    for k in range(1, len(states)):
        before, after = states[k - 1], states[k]
        out = [a for a in range(final.armies) if after.eliminated[a] and not before.eliminated[a]]
        if final.winner_side == "loyal":
            if after.joker_dead and not before.joker_dead:
                want[k] = "joker"
            if after.deaths > before.deaths:
                want[k] = "traitor_loss"
            if final.traitor in out:
                want[k] = "elimination"
        elif any(a != final.traitor for a in out):
            want[k] = "elimination"
    want[len(states) - 1] = "end"
    assert marks == want


@pytest.mark.parametrize(("players", "seed", "traitor"), [(p, s, t) for p in (2, 4, 7) for s in range(2)
                                                          for t in (False, True)])
def test_hasty_is_decided_by_who_is_knocked_out(players: int, seed: int, traitor: bool) -> None:
    states, events = _game("hasty", players, seed, {"traitor": traitor})
    marks = registry.retelling("hasty").decisive(events, states[-1])
    want: dict[int, str] = {}
    for k in range(1, len(states)):
        before, after = states[k - 1], states[k]
        if traitor and sum(after.dead) > sum(before.dead):
            want[k] = "death"
        if sum(after.eliminated) > sum(before.eliminated):
            want[k] = "elimination"
    want[len(states) - 1] = "end"
    assert marks == want


@pytest.mark.parametrize(("name", "players", "secret"), [
    ("jaccuse", 6, ("hands", "membership", "network", "selected")),
    ("betrayal", 3, ("traitor", "hands", "rows", "middle")),
    ("hasty", 4, ("secrets", "hands", "row")),
])
def test_the_open_view_shows_every_secret_at_every_step(
    name: str, players: int, secret: tuple[str, ...]
) -> None:
    rules = registry.rules(name)
    states, _ = _game(name, players, 1)
    for state in states[:: max(1, len(states) // 25)]:
        view, public = rules.open_view(state), rules.public_view(state)
        assert {k: v for k, v in view.items() if k != "reveal"} == {
            k: v for k, v in public.items() if k != "reveal"}
        assert set(secret) <= set(view["reveal"])
        if public["reveal"] is not None:  # at the end: what the end shows, and more
            assert public["reveal"].items() <= view["reveal"].items()
    start = rules.open_view(states[0])["reveal"]
    hands = start["hands"]
    assert sum(len(h) for h in hands) > 0  # the deal itself, in full
