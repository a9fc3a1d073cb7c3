"""Betrayal as the box sees it: the ``Game`` the entry point ``jaccuse_table.games: betrayal`` names."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from controller.games import betrayal
from controller.games.betrayal.seats import MAX_PLAYERS, MIN_PLAYERS
from controller.games.game import Game
from controller.games.shape import FullRules


def _rules() -> FullRules[betrayal.GameState, betrayal.Action, betrayal.Deal]:
    return betrayal  # typed: mypy checks the package against the shape every game has


def phone_action(me: Mapping[str, Any], move: Mapping[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random action for ``move``, one of the seat view's ``moves`` (each names its ``army``)."""
    act, army = move["act"], move["army"]
    if act == "army":
        if "suits" in move:
            return {"act": act, "army": army, "suits": rng.choice(move["suits"])}
        count = rng.randint(0, min(move["max_red"], len(move["red"])))
        picked = sorted(rng.sample(range(len(move["red"])), count))
        return {"act": act, "army": army, "red": [move["red"][i] for i in picked]}
    if act == "accuse":
        card, target = rng.choice(move["cards"]), rng.choice(move["targets"])
        return {"act": act, "army": army, "card": card, "target": target}
    if act == "hide":
        return {"act": act, "army": army, "at": rng.choice(move["at"])}
    if act == "end":
        return {"act": act, "army": army}
    if act == "peek":
        return {"act": act, "army": army, "cards": rng.sample(move["cards"], move["count"])}
    return None


GAME: Final = Game.of_package(
    "controller.games.betrayal", _rules, name="betrayal", title="Betrayal",
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, default_players=5,  # the rulebook's best count
    # one army's setup choice: the setup goes on until every army chose
    within_a_decision=frozenset({"army_chosen"}),
    simulate_options={"twos_defend": "play with the optional rule that twos defend (B11)"},
    phone_action=phone_action,
)
