"""Second-edition Hasty Accusations tables brought to a wanted moment (a choice of each new kind, a
nested review, a turned or a hidden suspect), for the tests that load a box there.

A moment is found, not laid out: seeded deals (every card set, the Suspect Powers, nine suspects)
are played by the random bot until the moment comes; the deal and the actions up to it are written
as the box's journal, which the box replays when it starts. So the box is in a state the rules reach
by their own moves, and the same seed always gives the same table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.games import hasty as rules
from controller.table.journal import FILENAME, Journal

ALL_SETS = ("base", "advanced", "expert")
#: the second edition's choice kinds (H32-H50), each asked of the seat whose turn it is
KINDS = ("breath", "sniper", "wrong_address", "walk", "wipe", "tangled", "spread", "double", "rebel",
         "revelation", "thief", "brunette", "private", "hasty", "tuck", "revive")
#: the --option words of a table with every set and the powers
OPTIONS = ("--option", "sets=base,advanced,expert", "--option", "powers")


@dataclass(frozen=True)
class Scene:
    """A deal and the actions that bring it to the moment; ``state`` is the state there."""

    players: int
    deal: rules.Deal
    actions: tuple[rules.Action, ...]
    state: rules.GameState

    def write(self, data_dir: Path) -> None:
        """The box's journal of this table at the moment (the box resumes it when it starts)."""
        data_dir.mkdir(parents=True, exist_ok=True)
        journal = Journal.open(data_dir / FILENAME)
        journal.start_game(self.players, self.deal.to_dict(), None, None, "hasty")
        for seq, action in enumerate(self.actions, 1):
            journal.append(seq, action.to_dict(), "phone")
        journal.close()


def find(wanted: Callable[[rules.GameState], bool], players: int = 4, seeds: int = 600,
         skip: int = 0) -> Scene:
    """The first moment of the seeded bot games that ``wanted`` picks (``skip`` such moments passed;
    a game's last state is a moment too)."""
    for seed in range(seeds):
        deal = rules.deal_cards(players, random.Random(seed), sets=ALL_SETS, powers=True, suspects=9)
        state, rng, actions = rules.new_game(deal), random.Random(seed), []
        while len(actions) < 800:
            if wanted(state):
                if not skip:
                    return Scene(players, deal, tuple(actions), state)
                skip -= 1
            if state.over:
                break
            action = rules.next_bot_action(state, rng)
            assert action is not None
            actions.append(action)
            result = rules.apply(state, action)
            assert isinstance(result, rules.Accepted)
            state = result.state
    raise LookupError("no seeded game met the moment: widen the search")


def choice(kind: str, players: int = 4) -> Scene:
    """A table where the seat whose turn it is must make a choice of ``kind``."""
    return find(lambda s: s.pending is not None and s.pending.kind == kind, players)


def ended(players: int = 4) -> Scene:
    """A game played to its end."""
    return find(lambda s: s.over, players, seeds=50)


def nested_review(players: int = 4) -> Scene:
    """A review waiting on an evaluation nested in it (a Sniper's or a Dying Breath's), a choice pending."""
    return find(lambda s: s.review is not None and bool(s.review.outer) and s.pending is not None, players)


def after_nested_review(players: int = 4) -> Scene:
    """The moment a review with a nested evaluation in it has ended."""
    return find(lambda s: s.review is None and s.last_review is not None and bool(s.last_review.nested)
                and s.pending is None and not s.over, players)


def turned_and_tucked(players: int = 4) -> Scene:
    """A suspect turned round and one hidden under Madame Rose, with some Poison or Armor on view."""
    def wanted(s: rules.GameState) -> bool:
        piles = [c for slot in s.row if not s.dead[slot] for c in s.piles[slot]]
        return (any(s.rotated) and s.tucked is not None and s.pending is None and not s.over
                and sum(1 for c in piles if c & rules.cards.UP) >= 3)
    return find(wanted, players)


def in_review_with_counts(players: int = 4) -> Scene:
    """A review under way (a choice pending in it) with a Poison, Armor or Wrong address count."""
    def wanted(s: rules.GameState) -> bool:
        r = s.review
        return (r is not None and s.pending is not None
                and any(r.poison) + any(r.armor) + any(r.wrong) + any(r.threats) >= 2)
    return find(wanted, players)


def summary(scene: Scene) -> dict[str, Any]:
    """What the moment is, for a failing test's message."""
    s = scene.state
    return {"version": s.version, "turn": s.turn, "pending": None if s.pending is None else s.pending.kind}


def rule_of_the_moment(card: str, players: int = 4) -> Scene:
    """A seat's turn, nothing played yet and cards in hand, with ``card`` (Back Alley, Show me your
    hands) showing on top of a pile, or (``plum``) Prof. Plum's power on a living suspect."""
    def wanted(s: rules.GameState) -> bool:
        if s.pending is not None or s.over or s.plays or s.turn is None or not s.hands[s.turn]:
            return False
        view = rules.public_view(s)
        if card == "plum":
            return any(p["power"] == 3 for p in view["powers"]) and not any(view["showing"].values())
        return bool(view["showing"].get(card)) and sum(view["showing"].values()) == 1
    return find(wanted, players)
