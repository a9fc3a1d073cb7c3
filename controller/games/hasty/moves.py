"""Who the game waits for, and what each seat may do now with every choice spelled out.

``legal_moves`` lists one entry per act, the choices as lists of what is allowed; ``action_from_move``
turns one entry back into an action (a random pick among its choices), which is how a generic
client or a test plays from a seat's view alone.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from controller.games.hasty.actions import Action
from controller.games.hasty.cards import KEYS
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.engine import BIG_HANDS_PLAYS
from controller.games.hasty.state import GameState


def awaiting(s: GameState) -> list[int]:
    seat = s.waiting
    return [] if seat is None or s.phase == "over" else [seat]


def market_choices(market: tuple[int, ...], count: int) -> list[list[str]]:
    """Every different set of ``count`` cards the market offers (a multiset each, in card order)."""
    return [[KEYS[c] for c in pick] for pick in sorted(set(combinations(sorted(market), count)))]


def legal_moves(s: GameState, seat: int) -> list[dict[str, Any]]:
    """Every act legal for ``seat`` now, each with the choices it can be made with."""
    if s.phase == "over" or seat != s.waiting:
        return []
    pending = s.pending
    if pending is None:
        moves: list[dict[str, Any]] = []
        hand = s.hands[seat]
        if hand and not (s.options.big_hands and s.plays >= BIG_HANDS_PLAYS):
            moves.append({"act": "play", "cards": [KEYS[c] for c in sorted(set(hand))],
                          "at": s.living_positions(), "up": [True, False]})
        moves.append({"act": "end", "discards": len(hand) if s.plays == 0 else 0})
        return moves
    kind = pending.kind
    move: dict[str, Any] = {"act": "choose", "kind": kind}
    if kind in ("pile", "sidekick", "mover"):
        move["at"] = list(pending.options)
    elif kind == "question_pile":
        move.update(at=s.living_positions(), card=KEYS[pending.card], asker=pending.asker)
    elif kind == "question":
        pairs = question_options(s, seat)
        move.update(cards=sorted({KEYS[c] for c, _ in pairs}, key=KEYS.index),
                    ask=sorted({o for _, o in pairs}))
    elif kind == "investigate":
        move.update(at=s.living_positions(), hand=hand_targets(s, seat))
    elif kind == "switcheroo":
        swaps, flips = switcheroo_options(s)
        move.update(swap=[list(p) for p in swaps], flip=flips)
    else:
        move.update(count=pending.take, market=[KEYS[c] for c in sorted(s.market)],
                    picks=market_choices(s.market, pending.take))
    return [move]


def legal_acts(s: GameState, seat: int) -> list[str]:
    return [m["act"] for m in legal_moves(s, seat)]


def action_from_move(seat: int, move: dict[str, Any], rng: random.Random) -> Action:
    """A random action among the choices of one ``legal_moves`` entry."""
    act = move["act"]
    if act == "play":
        return Action(seat, act, card=rng.choice(move["cards"]), at=rng.choice(move["at"]),
                      up=rng.choice(move["up"]))
    if act == "end":
        return Action(seat, act)
    kind = move["kind"]
    if kind in ("pile", "sidekick", "mover", "question_pile"):
        return Action(seat, act, at=rng.choice(move["at"]))
    if kind == "question":
        return Action(seat, act, card=rng.choice(move["cards"]), ask=rng.choice(move["ask"]))
    if kind == "investigate":
        if move["hand"] and rng.random() < 0.5:
            return Action(seat, act, hand=rng.choice(move["hand"]))
        return Action(seat, act, at=rng.choice(move["at"]))
    if kind == "switcheroo":
        options: list[tuple[str, Any]] = [("swap", p) for p in move["swap"]]
        options += [("flip", p) for p in move["flip"]]
        name, value = rng.choice(options)
        if name == "swap":
            return Action(seat, act, swap=(value[0], value[1]))
        return Action(seat, act, flip=value)
    return Action(seat, act, cards=tuple(rng.choice(move["picks"])))
