"""J'Accuse as the box sees it: the ``Game`` the entry point ``jaccuse_table.games: jaccuse`` names.

Kept out of the compiled build (setup.py's NOT_COMPILED), like the other modules that drive the core
from outside.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, Final

from controller.games import jaccuse
from controller.games.game import Game
from controller.games.jaccuse.cards import MAX_PLAYERS, MIN_PLAYERS
from controller.games.shape import FullRules


def _rules() -> FullRules[jaccuse.GameState, jaccuse.Action, jaccuse.Deal]:
    return jaccuse  # typed: mypy checks the package against the shape every game has


def pad_round(view: Mapping[str, Any]) -> Hashable | None:
    """A vote round is open while the view is an election waiting for seats; a tie re-vote (another
    ``round``) or other voters make a new one."""
    if view.get("phase") != "election" or view.get("over") or not view.get("awaiting"):
        return None
    return (view.get("round"), tuple(view.get("eligible") or ()))


def check_options(options: Mapping[str, Any]) -> str | None:
    """J'Accuse takes a campaign (the config checks its length)."""
    unknown = sorted(k for k, v in options.items() if v and k != "campaign")
    return f"J'Accuse has no {unknown[0]}" if unknown else None


def phone_action(me: Mapping[str, Any], move: Mapping[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random action for ``move``, one of the seat view ``me``'s ``moves``."""
    act, hand = move["act"], list(me.get("hand") or [])
    if act in ("membership", "vote", "defect", "enact"):
        return {"act": act, "card": rng.choice(move["cards"])} if move["cards"] else None
    if act in ("reveal", "abstain", "pass"):
        return {"act": act}
    if act == "parley":
        target = rng.choice(move["targets"])
        k = rng.randint(1, target["max"])
        return {"act": act, "target": target["seat"], "cards": rng.sample(hand, k)}
    if act == "parley_reply":
        k = move["count"]
        return {"act": act, "cards": rng.sample(hand, k)} if len(hand) >= k else None
    if act == "accuse":
        return {"act": act, "target": rng.choice(move["targets"]), "color": rng.choice(move["colors"])}
    if act == "give_xp":
        return {"act": act, "to": rng.choice(move["to"]), "amount": rng.randint(1, move["max"])}
    return None


GAME: Final = Game.of_package(
    "controller.games.jaccuse", _rules, name="jaccuse", title="J'Accuse",
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, default_players=6,
    rules_template="rules_doc.html",
    pad_round=pad_round,
    # a press, a membership card placed, XP given: the decision goes on
    within_a_decision=frozenset({"pressed", "membership_placed", "xp_given"}),
    own_check_options=check_options,
    phone_action=phone_action,
)
