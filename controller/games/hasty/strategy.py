"""A sensible bot for balance simulations: it tries to keep its own suspect alive and others' dead,
using only what its seat may know (its hand, its secret, the public table, its peeks).

On its turn it buries Murders and Threats face down under the largest pile that is not its own
suspect's (the pile a review will pick), covers its own pile with a face-down Stop or Bodyguard when
that pile is in danger, and plays the other cards face up when it wants the loupe to move on. It
plays at most two cards a turn, so it keeps something for later. In choices it steers the danger
away from itself: the review of another's pile, the Sidekick's check where it helps, a Switcheroo
that walks its suspect off a dangerous pile, a harmful card handed to a pile not its own, and from
the market the cards that kill or protect.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games.hasty.actions import Action
from controller.games.hasty.bot import choice_action
from controller.games.hasty.cards import (
    BODYGUARD,
    FACE,
    KEYS,
    MURDER,
    SIDEKICK,
    STOP,
    THREAT,
    TRAITOR,
    UP,
)
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.engine import BIG_HANDS_PLAYS
from controller.games.hasty.state import GameState

HARM: Final = frozenset({MURDER, THREAT})
SAFE: Final = frozenset({STOP, BODYGUARD})
#: market picks, most wanted first
WANTED: Final = (MURDER, STOP, BODYGUARD, THREAT)
MAX_PLAYS: Final = 2


@dataclass
class TableMemory:
    """Public play counts: how often each seat played face down on each suspect, a hint of whose
    suspect a seat is not."""

    face_down: dict[int, Counter[int]] = field(default_factory=dict)

    def observe(self, events: tuple[dict[str, Any], ...]) -> None:
        for event in events:
            if event.get("type") == "played" and not event["up"]:
                self.face_down.setdefault(event["seat"], Counter())[event["at"]] += 1


def _own_position(s: GameState, seat: int) -> int | None:
    secret = s.secrets[seat]
    return None if secret == TRAITOR else s.position_of_suspect(secret)


def _danger(s: GameState, position: int) -> int:
    """How likely the pile kills: its size, and the killing cards showing in it."""
    pile = s.piles[s.row[position]]
    shown = sum(1 for c in pile if c & UP and c & FACE in HARM)
    return len(pile) + 2 * shown


def _target(s: GameState, own: int | None) -> int:
    """The largest living pile that is not the seat's own (ties: the leftmost)."""
    others = [p for p in s.living_positions() if p != own] or s.living_positions()
    return max(others, key=lambda p: (len(s.piles[s.row[p]]), -p))


def _own_in_danger(s: GameState, own: int | None) -> bool:
    if own is None:
        return False
    sizes = [len(s.piles[s.row[p]]) for p in s.living_positions()]
    return len(s.piles[s.row[own]]) >= max(sizes) - 1 and _danger(s, own) > 0


def _turn(s: GameState, seat: int, rng: random.Random) -> Action:
    hand = s.hands[seat]
    limit = BIG_HANDS_PLAYS if s.options.big_hands else MAX_PLAYS
    if not hand or s.plays >= limit:
        return Action(seat, "end")
    own = _own_position(s, seat)
    harm = [c for c in hand if c in HARM]
    if harm:
        return Action(seat, "play", card=KEYS[harm[0]], at=_target(s, own), up=False)
    safe = [c for c in hand if c in SAFE]
    if safe and own is not None and _own_in_danger(s, own):
        return Action(seat, "play", card=KEYS[safe[0]], at=own, up=False)
    others = [c for c in hand if c not in HARM and c not in SAFE]
    if others and s.plays == 0:
        living = [p for p in s.living_positions() if p != own] or s.living_positions()
        return Action(seat, "play", card=KEYS[others[0]], at=rng.choice(living), up=True)
    return Action(seat, "end")


def _choose(s: GameState, seat: int, rng: random.Random) -> Action:
    pending = s.pending
    assert pending is not None
    kind = pending.kind
    own = _own_position(s, seat)
    if kind == "pile":
        options = [p for p in pending.options if p != own] or list(pending.options)
        return Action(seat, "choose", at=max(options, key=lambda p: _danger(s, p)))
    if kind == "sidekick":
        mine = s.suspect_at[pending.slot] == s.secrets[seat]

        def has(p: int) -> bool:
            # the seat cannot see face-down cards: it goes by the face-up Sidekicks and the size
            return any(c & UP and c & FACE == SIDEKICK for c in s.piles[s.row[p]])

        ranked = sorted(pending.options, key=lambda p: (has(p), len(s.piles[s.row[p]])))
        return Action(seat, "choose", at=ranked[0] if mine else ranked[-1])
    if kind == "question":
        pairs = question_options(s, seat)
        harmful = [pair for pair in pairs if pair[0] in HARM]
        card, ask = rng.choice(harmful or pairs)
        return Action(seat, "choose", card=KEYS[card], ask=ask)
    if kind == "question_pile":
        if pending.card in SAFE and own is not None:
            return Action(seat, "choose", at=own)
        return Action(seat, "choose", at=_target(s, own))
    if kind == "investigate":
        hands = hand_targets(s, seat)
        if hands:
            return Action(seat, "choose", hand=rng.choice(hands))
        return Action(seat, "choose", at=_target(s, own))
    if kind == "switcheroo":
        swaps, _ = switcheroo_options(s)
        if own is not None and _own_in_danger(s, own) and swaps:
            calm = min((p for p in s.living_positions() if p != own), key=lambda p: _danger(s, p),
                       default=None)
            if calm is not None:
                return Action(seat, "choose", swap=(own, calm))
        theirs = [pair for pair in swaps if own not in pair]
        if theirs:
            return Action(seat, "choose", swap=rng.choice(theirs))
        return choice_action(s, seat, rng)
    if kind == "market":
        market = list(s.market)
        picked: list[int] = []
        for card in sorted(market, key=lambda c: WANTED.index(c) if c in WANTED else len(WANTED)):
            if len(picked) < pending.take:
                picked.append(card)
        return Action(seat, "choose", cards=tuple(KEYS[c] for c in picked))
    return choice_action(s, seat, rng)


def sensible_action(s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action | None:
    """A move for ``seat`` if the game waits for it, else None."""
    if s.phase == "over" or seat != s.waiting:
        return None
    if s.pending is not None:
        return _choose(s, seat, rng)
    return _turn(s, seat, rng)


__all__ = ["TableMemory", "sensible_action"]
