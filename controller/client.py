"""Helpers for programs that drive a box over its HTTP API (test drivers, benchmarks, simple bots).

They work on the JSON of a seat's private view (`GET /api/me`), never on rules state, so a client
built on them sees exactly what a phone sees.
"""

from __future__ import annotations

import random
from typing import Any


def random_action(me: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random action built from the view's ``moves``: legal when sent, unless another seat moves first."""
    moves = me.get("moves") or []
    if not moves:
        return None
    move = rng.choice(moves)
    act = move["act"]
    hand = list(me.get("hand") or [])
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
