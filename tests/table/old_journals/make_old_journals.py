"""Write the journals of tests/table/test_old_journals.py the way the build before issue 13 did.

Run it with that build's ``controller`` first on the path (commit 723844f), from the repository root:

    git archive 723844f controller | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old:tests/jaccuse .venv/bin/python tests/table/old_journals/make_old_journals.py

Every action goes through that build's rules engine before it is journaled, as its table did, so the
files hold exactly what the old box accepted: a crisis that ended the generation at the third wrong
accusation, and in the campaign the next generation's memberships placed right after it. Each game is
saved as JSON (the journal's meta rows and actions) beside this script; the test builds the SQLite
file from it with the old schema.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from helpers import ACCUSE_HANDS, ACCUSE_MEMBERS, make_deal  # tests/jaccuse/helpers.py

from controller.games import jaccuse as rules

HERE = Path(__file__).resolve().parent
HANDS, MEMBERS = ACCUSE_HANDS, ACCUSE_MEMBERS
# generation 2 of the campaign: other hands, so the next memberships are other cards
HANDS_2 = {0: ["5D", "6D"], 1: ["10S", "9C"], 2: ["10H", "9D"], 3: ["8S", "8C"], 4: ["10D", "7D"]}
MEMBERS_2 = {0: "5D", 1: "10S", 2: "10H", 3: "8S", 4: "10D"}


def _generation_one() -> list[dict[str, Any]]:
    """Memberships, four red consensus policies, seat 0 elected, three wrong accusations."""
    out: list[dict[str, Any]] = [{"seat": s, "act": "membership", "card": MEMBERS[s]} for s in range(5)]
    for _ in range(4):
        out += [{"seat": 0, "act": "vote", "card": "2H"}, {"seat": 0, "act": "reveal"}]
        out += [{"seat": s, "act": "abstain"} for s in range(1, 5)]
    out += [{"seat": 0, "act": "vote", "card": "9H"}, {"seat": 0, "act": "reveal"},
            {"seat": 1, "act": "vote", "card": "2S"}, {"seat": 1, "act": "reveal"}]
    out += [{"seat": s, "act": "abstain"} for s in range(2, 5)]
    out += [
        {"seat": 0, "act": "accuse", "target": 2, "color": "black"},
        {"seat": 2, "act": "membership", "card": "4H"},
        {"seat": 2, "act": "accuse", "target": 3, "color": "red"},
        {"seat": 3, "act": "membership", "card": "4S"},
        {"seat": 3, "act": "accuse", "target": 4, "color": "black"},
    ]
    return out


def _play(state: rules.GameState, actions: list[dict[str, Any]]) -> rules.GameState:
    for n, data in enumerate(actions, 1):
        result = rules.apply(state, rules.Action.from_dict(data))
        if not isinstance(result, rules.Accepted):
            sys.exit(f"action {n} {data} refused by this build: {result}")
        state = result.state
    return state


def main() -> None:
    deal = make_deal(5, HANDS)
    single = _generation_one()
    state = _play(rules.new_game(deal), single)
    assert state.over and state.membership[4] is None, "run this with the build before issue 13"
    later = make_deal(5, HANDS_2)
    campaign_actions = single + [{"seat": s, "act": "membership", "card": MEMBERS_2[s]} for s in range(5)]
    campaign_actions += [{"seat": 0, "act": "vote", "card": "6D"}]
    state = _play(rules.new_game(deal, generations=2, later_deals=(later,)), campaign_actions)
    assert state.campaign is not None and state.campaign.generation == 2 and state.phase == "election"
    games = {
        "single-ended-by-crisis": {"players": 5, "deal": deal.to_dict(), "actions": single},
        "campaign-next-generation-begun": {
            "players": 5,
            "deal": deal.to_dict(),
            "campaign": {"generations": 2, "deals": [later.to_dict()]},
            "actions": campaign_actions,
        },
    }
    for name, game in games.items():
        (HERE / f"{name}.json").write_text(json.dumps(game, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {name}.json: {len(game['actions'])} actions")


if __name__ == "__main__":
    main()
