"""Choices (H14): what each kind offers, asking only when there is more than one option, and carrying
out the one made.

Who chooses: the active seat, except ``question_pile`` (the seat asked) and ``market`` (the seat
filling its hand). A choice with no option does nothing; with exactly one it is made at once;
``investigate`` and ``question_pile`` always ask.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from controller.games.common import Refusal
from controller.games.hasty.actions import Action, mask_of
from controller.games.hasty.cards import FACE, INDEX, KEYS, SIDEKICK, UP
from controller.games.hasty.deal import HAND
from controller.games.hasty.mechanics import Event, begin_evaluation, kill, neighbour_slots
from controller.games.hasty.state import GameState, Peek, Pending

#: the keys a ``choose`` of each kind carries; investigate and switcheroo take one of two
KIND_KEYS: dict[str, tuple[tuple[str, ...], ...]] = {
    "pile": (("at",),),
    "sidekick": (("at",),),
    "mover": (("at",),),
    "question_pile": (("at",),),
    "question": (("card", "ask"),),
    "investigate": (("at",), ("hand",)),
    "switcheroo": (("swap",), ("flip",)),
    "market": (("cards",),),
}
_KIND_MASKS: dict[str, tuple[int, ...]] = {
    kind: tuple(mask_of(*keys) for keys in options) for kind, options in KIND_KEYS.items()
}


def largest_piles(s: GameState) -> list[int]:
    """H10: the positions of the largest living piles (none when every pile is empty)."""
    sizes = [(len(s.piles[slot]), p) for p, slot in enumerate(s.row) if not s.dead[slot]]
    most = max((n for n, _ in sizes), default=0)
    return [p for n, p in sizes if n == most] if most else []


def question_options(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(card, seat asked): each distinct card of the hand and each other seat still in."""
    cards = sorted(set(s.hands[seat]))
    others = [o for o in range(s.players) if o != seat and not s.eliminated[o]]
    return [(c, o) for c in cards for o in others]


def switcheroo_options(s: GameState) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs of living positions to swap, and positions whose pile holds two or more cards."""
    living = s.living_positions()
    flips = [p for p in living if len(s.piles[s.row[p]]) >= 2]
    return list(combinations(living, 2)), flips


def mover_options(s: GameState) -> list[int]:
    return [p for p in range(len(s.row)) if p != s.loupe]


def hand_targets(s: GameState, seat: int) -> list[int]:
    return [o for o in range(s.players) if o != seat and not s.eliminated[o]]


def offer(s: GameState, kind: str, ev: list[Event], *, slot: int = -1) -> None:
    """Ask the active seat for a choice of ``kind`` unless it has none or one option (H14)."""
    seat = s.turn
    assert seat is not None
    if kind == "sidekick":
        options = [s.row.index(n) for n in neighbour_slots(s, slot)]
        if len(options) == 1:
            resolve_sidekick(s, slot, options[0], ev)
        elif options:
            _ask(s, Pending("sidekick", seat, tuple(options), slot=slot), ev)
    elif kind == "pile":
        options = largest_piles(s)
        if len(options) == 1:
            begin_evaluation(s, s.row[options[0]], "loupe", ev)
        elif options:
            _ask(s, Pending("pile", seat, tuple(options)), ev)
        else:
            ev.append({"type": "nothing_to_review"})
    elif kind == "mover":
        options = mover_options(s)
        if len(options) == 1:
            _move_loupe(s, options[0], ev)
        elif options:
            _ask(s, Pending("mover", seat, tuple(options)), ev)
    elif kind == "question":
        pairs = question_options(s, seat)
        if len(pairs) == 1:
            _ask_question(s, seat, *pairs[0], ev)
        elif pairs:
            _ask(s, Pending("question", seat), ev)
    elif kind == "switcheroo":
        swaps, flips = switcheroo_options(s)
        if len(swaps) + len(flips) == 1:
            if swaps:
                _swap(s, *swaps[0], ev)
            else:
                _flip(s, flips[0], ev)
        elif swaps or flips:
            _ask(s, Pending("switcheroo", seat), ev)
    elif kind == "investigate":
        _ask(s, Pending("investigate", seat), ev)
    else:  # pragma: no cover - the effects name only the kinds above
        raise AssertionError(kind)


def offer_market(s: GameState, seat: int, ev: list[Event]) -> None:
    """H13: fill ``seat``'s hand to 4 from the market, picking when it holds more than needed."""
    need = HAND - len(s.hands[seat])
    if need <= 0:
        return
    market = s.market
    if len(market) > need and len(set(market)) > 1:
        _ask(s, Pending("market", seat, take=need), ev)
        return
    take = market[:need]
    _take_from_market(s, seat, take, ev)


def _ask(s: GameState, pending: Pending, ev: list[Event]) -> None:
    s.pending = pending
    s.phase = "choose"
    event: dict[str, Any] = {"type": "choice", "kind": pending.kind, "seat": pending.seat}
    if pending.kind == "question_pile":
        event.update(card=KEYS[pending.card], asker=pending.asker)
    ev.append(event)


# ---------------------------------------------------------------- carrying a choice out


def _need(cond: bool, code: str, message: str) -> None:
    if not cond:
        raise Refusal(code, message)


def _living(s: GameState, at: int) -> int:
    _need(s.alive_at(at), "bad_position",
          f"Position {at} is not a living suspect (positions are 0 to {len(s.row) - 1}).")
    return s.row[at]


def resolve(s: GameState, a: Action, ev: list[Event]) -> None:
    """Carry out ``a`` for the pending choice, or raise Refusal having changed nothing."""
    pending = s.pending
    assert pending is not None
    kind = pending.kind
    if a.choice_mask() not in _KIND_MASKS[kind]:
        wanted = " or ".join("+".join(k) for k in KIND_KEYS[kind])
        raise Refusal("wrong_choice", f"The game waits for a {kind} choice, made with {wanted}.")
    if kind in ("pile", "sidekick", "mover"):
        assert a.at is not None
        _need(a.at in pending.options, "bad_option",
              f"Pick one of positions {', '.join(map(str, pending.options))}.")
        _settle(s)
        if kind == "pile":
            begin_evaluation(s, s.row[a.at], "loupe", ev)
        elif kind == "sidekick":
            resolve_sidekick(s, pending.slot, a.at, ev)
        else:
            _move_loupe(s, a.at, ev)
    elif kind == "question_pile":
        assert a.at is not None
        slot = _living(s, a.at)
        _settle(s)
        s.piles[slot] = (*s.piles[slot], pending.card | UP)
        ev.append({"type": "question_placed", "seat": pending.seat, "asker": pending.asker,
                   "card": KEYS[pending.card], "at": a.at})
    elif kind == "question":
        assert a.card is not None and a.ask is not None
        card = INDEX[a.card]
        _need(card in s.hands[pending.seat], "not_in_hand", f"You hold no {a.card}.")
        _need(a.ask in hand_targets(s, pending.seat), "bad_seat",
              f"Seat {a.ask} cannot be asked: ask another seat still in the game.")
        _settle(s)
        _ask_question(s, pending.seat, card, a.ask, ev)
    elif kind == "investigate":
        _settle_investigate(s, pending.seat, a, ev)
    elif kind == "switcheroo":
        if a.swap is not None:
            x, y = a.swap
            _living(s, x)
            _living(s, y)
            _need(x != y, "bad_option", "Swap two different suspects.")
            _settle(s)
            _swap(s, min(x, y), max(x, y), ev)
        else:
            assert a.flip is not None
            slot = _living(s, a.flip)
            _need(len(s.piles[slot]) >= 2, "bad_option", "Only a pile of two or more cards can be flipped.")
            _settle(s)
            _flip(s, a.flip, ev)
    else:
        assert a.cards is not None
        picked = Counter(INDEX[c] for c in a.cards)
        _need(len(a.cards) == pending.take, "bad_count", f"Take exactly {pending.take} card(s).")
        _need(not picked - Counter(s.market), "not_in_market", "The market does not hold those cards.")
        _settle(s)
        _take_from_market(s, pending.seat, tuple(INDEX[c] for c in a.cards), ev)


def _settle(s: GameState) -> None:
    s.pending = None
    s.phase = "play"


def _settle_investigate(s: GameState, seat: int, a: Action, ev: list[Event]) -> None:
    if a.hand is not None:
        _need(a.hand in hand_targets(s, seat), "bad_seat",
              f"Seat {a.hand}'s hand cannot be looked at: pick another seat still in the game.")
        _settle(s)
        cards = tuple(sorted(s.hands[a.hand]))
        s.peeks = s.peeks[:]
        s.peeks[seat] = (*s.peeks[seat], Peek("hand", a.hand, cards))
        ev.append({"type": "investigated", "seat": seat, "hand": a.hand})
        return
    assert a.at is not None
    slot = _living(s, a.at)
    _settle(s)
    cards = tuple(c & FACE for c in s.piles[slot])
    s.peeks = s.peeks[:]
    s.peeks[seat] = (*s.peeks[seat], Peek("pile", a.at, cards))
    ev.append({"type": "investigated", "seat": seat, "pile": a.at})


def resolve_sidekick(s: GameState, slot: int, at: int, ev: list[Event]) -> None:
    """H16: a Sidekick anywhere in the chosen pile kills the suspect above the Sidekick's pile."""
    found = any(c & FACE == SIDEKICK for c in s.piles[s.row[at]])
    ev.append({"type": "sidekick", "at": at, "found": found})
    if found:
        kill(s, slot, "sidekick", ev)


def _move_loupe(s: GameState, at: int, ev: list[Event]) -> None:
    s.loupe = at
    ev.append({"type": "loupe_moved", "to": at})


def _ask_question(s: GameState, seat: int, card: int, ask: int, ev: list[Event]) -> None:
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    ev.append({"type": "asked", "seat": seat, "ask": ask, "card": KEYS[card]})
    _ask(s, Pending("question_pile", ask, card=card, asker=seat), ev)


def _swap(s: GameState, x: int, y: int, ev: list[Event]) -> None:
    a, b = s.row[x], s.row[y]
    s.suspect_at = s.suspect_at[:]
    s.suspect_at[a], s.suspect_at[b] = s.suspect_at[b], s.suspect_at[a]
    ev.append({"type": "swapped", "at": [x, y]})


def _flip(s: GameState, at: int, ev: list[Event]) -> None:
    slot = s.row[at]
    pile = list(s.piles[slot])
    pile[0], pile[-1] = pile[-1], pile[0]
    s.piles[slot] = tuple(pile)
    ev.append({"type": "flipped", "at": at})


def _take_from_market(s: GameState, seat: int, cards: tuple[int, ...], ev: list[Event]) -> None:
    market = list(s.market)
    for card in cards:
        market.remove(card)
    s.market = tuple(market)
    s.hands[seat] = s.hands[seat] + cards
    if cards:
        ev.append({"type": "took", "seat": seat, "cards": [KEYS[c] for c in cards]})
