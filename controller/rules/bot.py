"""Seeded bots choosing among the moves of ``legal_moves``: whatever they pick is legal.

For speed the bot does not call ``legal_moves``: it lists the same acts in the same order straight
from the state, and builds the choices (cards, targets) of the one act it picks, the same lists
``legal_moves`` gives. It draws the same numbers from the RNG as choosing from ``legal_moves``
would, so the same seed plays the same game; tests/rules/test_bot_fast_path.py checks the two
against each other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import Final, TypeVar

from controller.rules.actions import Action
from controller.rules.cards import color_of
from controller.rules.deal import Deal, deal_cards, deal_next_generation
from controller.rules.engine import Accepted, accusable, apply
from controller.rules.moves import awaiting
from controller.rules.state import GameState, new_game

T = TypeVar("T")
_Random = random.Random


def _choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: for a plain ``random.Random``, the same draws without its two inner calls."""
    n = len(seq)
    if type(rng) is not _Random or not n:
        return rng.choice(seq)
    # Random.choice is seq[self._randbelow(len(seq))], and Random._randbelow is this loop
    k = n.bit_length()
    getrandbits = rng.getrandbits
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return seq[i]


#: actions are values, so the bot hands out one shared object per (seat, act, card)
_ACTIONS: dict[tuple[int, str, str | None], Action] = {}


def _action(seat: int, act: str, card: str | None = None) -> Action:
    key = (seat, act, card)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(seat, act, card=card)
    return action


def _gift(s: GameState, seat: int, rng: random.Random) -> Action:
    to = rng.choice([t for t in range(s.players) if t != seat])
    return Action(seat, "give_xp", to=to, amount=rng.randint(1, s.xp[seat]))


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for ``seat``, or None when it has nothing to do.

    Giving XP is legal at any time, so it is chosen only rarely and never as the only move,
    otherwise a bot would stall a game by gifting forever.

    The moves are those of ``legal_moves(s, seat)``, in its order, but listed straight from the
    state, and a move's choices (cards, targets) only once it is picked.
    """
    if not 0 <= seat < s.players:
        return None
    phase = s.phase
    if phase == "election":
        # vote, then reveal with a card selected, then abstain
        r = s.vote_round
        assert r is not None
        if seat not in r.voters or seat in r.pressed:
            return None
        if s.xp[seat] > 0 and rng.random() < 0.02:
            return _gift(s, seat, rng)
        if seat in r.selected:
            # a selected card: mostly reveal, sometimes abstain or change the selection
            roll = rng.random()
            if roll < 0.75:
                return _action(seat, "reveal")
            if roll < 0.9:
                return _action(seat, "abstain")
        elif rng.random() < 0.15:
            return _action(seat, "abstain")
        return _action(seat, "vote", _choice(rng, sorted(set(s.hands[seat]))))
    hand = s.hands[seat]
    targets: list[int] = []
    acts: tuple[str, ...]
    if phase == "setup":
        if s.membership[seat] is not None:
            return None
        acts = _PLACE
    elif phase == "replace_membership":
        if seat != s.replacing:
            return None
        acts = _PLACE
    elif phase == "presidency":
        if seat != s.president:
            return None
        listed: list[str] = []
        if not s.parley_used and hand and any(s.hands[t] for t in range(s.players) if t != seat):
            listed.append("parley")
        if hand:
            listed.append("defect")
        targets = accusable(s)
        if targets:
            listed.append("accuse")
        listed.append("pass")
        acts = tuple(listed)
    elif phase == "parley":
        if s.parley is None or seat != s.parley.target:
            return None
        acts = _REPLY
    elif phase == "enact":
        if seat != s.president:
            return None
        acts = _ENACT
    else:
        return None
    if s.xp[seat] > 0 and rng.random() < 0.02:
        return _gift(s, seat, rng)
    act = _choice(rng, acts)
    if act in ("membership", "defect"):
        return _action(seat, act, _choice(rng, sorted(set(hand))))
    if act == "enact":
        return _action(seat, act, _choice(rng, sorted({c for c in hand if color_of(c) is not None})))
    if act == "parley":
        offers = [(t, min(len(hand), len(s.hands[t]))) for t in range(s.players) if t != seat and s.hands[t]]
        target, most = _choice(rng, offers)
        k = rng.randint(1, most)
        return Action(seat, act, target=target, cards=tuple(rng.sample(hand, k)))
    if act == "parley_reply":
        assert s.parley is not None
        return Action(seat, act, cards=tuple(rng.sample(hand, len(s.parley.offered))))
    if act == "accuse":
        return Action(seat, act, target=_choice(rng, targets), color=_choice(rng, _COLORS))
    return _action(seat, act)


_PLACE: Final = ("membership",)
_REPLY: Final = ("parley_reply",)
_ENACT: Final = ("enact",)
_COLORS: Final = ("red", "black")


def next_bot_action(s: GameState, rng: random.Random) -> Action | None:
    """A move by one of the seats the game waits for, picked at random (all seats are bots)."""
    if s.phase == "election":
        # awaiting(s), inlined for the commonest phase
        r = s.vote_round
        assert r is not None
        pressed = r.pressed
        waiting = [*filterfalse(pressed.__contains__, r.voters)] if pressed else r.voters
    else:
        waiting = awaiting(s)
    n = len(waiting)
    if not n:
        return None
    if type(rng) is not _Random:
        return bot_action(s, rng.choice(waiting), rng)
    # _choice(rng, waiting), inlined
    k = n.bit_length()
    getrandbits = rng.getrandbits
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return bot_action(s, waiting[i], rng)


@dataclass(frozen=True, slots=True)
class BotGame:
    deal: Deal
    later_deals: tuple[Deal, ...]
    actions: tuple[Action, ...]
    final: GameState


def play_bot_game(
    players: int, seed: int, max_actions: int = 20_000, generations: int | None = None
) -> BotGame:
    """A whole game (or campaign) played by random bots; deterministic for a given seed."""
    rng = random.Random(seed)
    deal = deal_cards(players, rng)
    later: tuple[Deal, ...] = ()
    if generations is not None:
        later = tuple(deal_next_generation(deal, rng) for _ in range(generations - 1))
    state = new_game(deal, generations=generations, later_deals=later)
    log: list[Action] = []
    while state.phase != "over" and len(log) < max_actions:
        action = next_bot_action(state, rng)
        if action is None:
            break
        result = apply(state, action)
        if not isinstance(result, Accepted):
            raise AssertionError(f"bot chose a refused move {action}: {result}")
        state = result.state
        log.append(action)
    return BotGame(deal, later, tuple(log), state)
