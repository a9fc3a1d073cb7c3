"""A game whose rules offer ``apply_own`` (J'Accuse) has its play-outs run in place: the search must
weigh exactly what it weighs through ``apply``, only spend less on each move, and leave the sampled
state it started from as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.games.registry import rules, strategy
from controller.games.registry import sampler as sampler_of
from controller.games.search import Budget, StrongBot
from tests.search.test_never_cheats import positions


class _WithoutInPlace:
    """The same rules, with ``apply_own`` hidden: the play-outs then go through ``apply``."""

    def __init__(self, core: Any) -> None:
        self._core = core

    def __getattr__(self, name: str) -> Any:
        if name == "apply_own":
            raise AttributeError(name)
        return getattr(self._core, name)


@pytest.mark.parametrize("players", [5, 8])
def test_in_place_play_outs_weigh_the_same_as_apply(players: int) -> None:
    core, plan, sampler = rules("jaccuse"), strategy("jaccuse"), sampler_of("jaccuse")
    assert hasattr(core, "apply_own")
    compared = 0
    for seed in range(4):  # some 60 (5 players) and 140 (8 players) positions searched both ways
        for n, (state, history) in enumerate(positions("jaccuse", players, seed, "sensible")):
            if n % 7:
                continue
            seat = core.awaiting(state)[0]
            before = core.replay_summary(state)
            results = []
            for table_rules in (core, _WithoutInPlace(core)):
                bot = StrongBot(table_rules, plan, sampler, Budget(rollouts=16))
                bot.observe(tuple(history))
                action = bot.action(state, seat, random.Random(seed * 100 + n))
                results.append((action, bot.last.stats if bot.last is not None else None))
            assert results[0] == results[1]
            assert core.replay_summary(state) == before  # the position searched from is untouched
            if results[0][1]:
                compared += 1
    assert compared >= 10
