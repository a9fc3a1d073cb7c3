"""Who the game waits for, and what each seat may do now with every choice spelled out.

``legal_moves`` lists one entry per act, the choices as lists of what is allowed; ``action_from_move``
turns one entry back into an action (a random pick among its choices), which is how a generic
client or a test plays from a seat's view alone.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from controller.games.hasty import card_choices as cc
from controller.games.hasty.actions import Action
from controller.games.hasty.cards import KEYS
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.engine import BIG_HANDS_PLAYS, looks
from controller.games.hasty.powers import brunette_options
from controller.games.hasty.state import GameState

#: the second edition's kinds (H32-H50), whose moves list every option as a ``choose`` body
SECOND_KINDS = frozenset({"breath", "sniper", "wrong_address", "walk", "wipe", "tangled", "spread", "double",
                          "rebel", "revelation", "thief", "brunette", "private", "hasty", "tuck", "revive"})


def awaiting(s: GameState) -> list[int]:
    seat = s.waiting
    return [] if seat is None or s.phase == "over" else [seat]


def market_choices(market: tuple[int, ...], count: int) -> list[list[str]]:
    """Every different set of ``count`` cards the market offers (a multiset each, in card order)."""
    return [[KEYS[c] for c in pick] for pick in sorted(set(combinations(sorted(market), count)))]


def second_options(s: GameState, seat: int) -> list[dict[str, Any]]:
    """Every option of the pending second-edition choice, each the keys of its ``choose``, in the
    contract's order (H14: a kind asks only when there are two or more)."""
    pending = s.pending
    assert pending is not None
    kind = pending.kind
    if kind in ("breath", "sniper", "wrong_address", "walk", "wipe", "spread"):
        return [{"at": p} for p in pending.options]
    if kind == "tangled":
        return [{"at": at, "indices": list(indices)} for at, indices in cc.tangled_options(s, pending.slot)]
    if kind == "double":
        return [{"at": p, "top": top} for p in pending.options for top in (True, False)]
    if kind == "rebel":
        return [{"index": i, "to": to, "place": place} for i, to, place in cc.rebel_options(s, pending.slot)]
    if kind == "revelation":
        return [{"card": KEYS[c]} for c in sorted(set(s.hands[seat]))]
    if kind == "thief":
        return [{"hand": o} for o in pending.options]
    if kind == "brunette":
        piles, hands = brunette_options(s, seat)
        return [{"at": p} for p in piles] + [{"hand": o} for o in hands]
    if kind == "private":
        targets = cc.private_targets(s, seat)
        swaps = [] if s.eliminated[seat] else [{"swap_hands": o} for o in targets]
        return [{"secret": o} for o in targets] + swaps
    if kind == "hasty":
        return [{"hasty": word} for word in cc.HASTY_WORDS]
    if kind in ("tuck", "revive"):
        return [{"suspect": suspect} for suspect in pending.options]
    raise AssertionError(kind)  # pragma: no cover - only the kinds of SECOND_KINDS come here


def play_targets(s: GameState) -> list[tuple[int, list[bool]]]:
    """Where a card may be played now and with which faces (H6, H36, H47): living positions, each
    with the faces allowed there."""
    shown, alley, plum = looks(s)
    if shown and s.plays:
        return []
    faces = [True] if shown else [False] if alley else [True, False]
    out = []
    dead = s.dead
    for p, slot in enumerate(s.row):
        if dead[slot]:
            continue
        if slot == plum:
            if faces != [False]:
                out.append((p, [True]))
        else:
            out.append((p, faces))
    return out


def legal_moves(s: GameState, seat: int) -> list[dict[str, Any]]:
    """Every act legal for ``seat`` now, each with the choices it can be made with."""
    if s.phase == "over" or seat != s.waiting:
        return []
    pending = s.pending
    if pending is None:
        moves: list[dict[str, Any]] = []
        hand = s.hands[seat]
        if hand and not (s.options.big_hands and s.plays >= BIG_HANDS_PLAYS):
            cards = [KEYS[c] for c in sorted(set(hand))]
            if not s.options.second_edition:
                moves.append({"act": "play", "cards": cards, "at": s.living_positions(), "up": [True, False]})
            else:
                targets = play_targets(s)
                if targets:
                    faces = sorted({up for _, ups in targets for up in ups}, reverse=True)
                    moves.append({"act": "play", "cards": cards, "at": [p for p, _ in targets], "up": faces,
                                  "faces": {str(p): ups for p, ups in targets}})
        moves.append({"act": "end", "discards": len(hand) if s.plays == 0 else 0})
        return moves
    kind = pending.kind
    move: dict[str, Any] = {"act": "choose", "kind": kind}
    if kind in SECOND_KINDS:
        move["options"] = second_options(s, seat)
        return [move]
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


def choice_from_option(seat: int, option: dict[str, Any]) -> Action:
    """The ``choose`` action of one option of ``second_options``."""
    keys = dict(option)
    if "indices" in keys:
        keys["indices"] = tuple(keys["indices"])
    return Action.choice(seat, **keys)


def legal_acts(s: GameState, seat: int) -> list[str]:
    return [m["act"] for m in legal_moves(s, seat)]


def action_from_move(seat: int, move: dict[str, Any], rng: random.Random) -> Action:
    """A random action among the choices of one ``legal_moves`` entry."""
    act = move["act"]
    if act == "play":
        at = rng.choice(move["at"])
        faces = move["faces"][str(at)] if "faces" in move else move["up"]
        return Action(seat, act, card=rng.choice(move["cards"]), at=at, up=rng.choice(faces))
    if act == "end":
        return Action(seat, act)
    kind = move["kind"]
    if kind in SECOND_KINDS:
        return choice_from_option(seat, rng.choice(move["options"]))
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
