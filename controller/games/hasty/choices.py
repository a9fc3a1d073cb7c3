"""Choices (H14): what each kind offers, asking only when there is more than one option, and carrying
out the one made (the second edition's kinds: ``card_choices.py`` and ``powers.py``).

Who chooses: the active seat, except ``question_pile`` (the seat asked) and ``market`` (the seat
filling its hand). A choice with no option does nothing; with exactly one it is made at once;
``investigate``, ``question_pile`` and ``hasty`` always ask. ``resolve`` checks a ``choose`` in full
before it changes anything, so a refused one changes nothing (H24).
"""

from __future__ import annotations

from itertools import combinations

from controller.games.common import Refusal
from controller.games.hasty import card_choices as cc
from controller.games.hasty import powers
from controller.games.hasty.actions import Action, mask_of
from controller.games.hasty.cards import FACE, INDEX, KEYS, SIDEKICK, UP
from controller.games.hasty.deal import HAND
from controller.games.hasty.mechanics import (
    Event,
    ask,
    begin_evaluation,
    hand_limit,
    kill,
    misaddress,
    neighbour_slots,
    tuck,
)
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
    # the second edition's (H25-H52)
    "breath": (("at",),),
    "sniper": (("at",),),
    "wrong_address": (("at",),),
    "walk": (("at",),),
    "wipe": (("at",),),
    "tangled": (("at", "indices"),),
    "spread": (("at",),),
    "double": (("at", "top"),),
    "rebel": (("index", "to", "place"),),
    "revelation": (("card",),),
    "thief": (("hand",),),
    "brunette": (("at",), ("hand",)),
    "private": (("secret",), ("swap_hands",)),
    "hasty": (("hasty",),),
    "tuck": (("suspect",),),
    "revive": (("suspect",),),
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
            ask(s, Pending("sidekick", seat, tuple(options), -1, -1, slot), ev)
    elif kind == "pile":
        options = largest_piles(s)
        if len(options) == 1:
            begin_evaluation(s, s.row[options[0]], "loupe", ev)
        elif options:
            ask(s, Pending("pile", seat, tuple(options)), ev)
        else:
            ev.append({"type": "nothing_to_review"})
    elif kind == "mover":
        options = mover_options(s)
        if len(options) == 1:
            _move_loupe(s, options[0], ev)
        elif options:
            ask(s, Pending("mover", seat, tuple(options)), ev)
    elif kind == "question":
        pairs = question_options(s, seat)
        if len(pairs) == 1:
            _ask_question(s, seat, *pairs[0], ev)
        elif pairs:
            ask(s, Pending("question", seat), ev)
    elif kind == "switcheroo":
        swaps, flips = switcheroo_options(s)
        if len(swaps) + len(flips) == 1:
            if swaps:
                _swap(s, *swaps[0], ev)
            else:
                _flip(s, flips[0], ev)
        elif swaps or flips:
            ask(s, Pending("switcheroo", seat), ev)
    elif kind == "investigate":
        ask(s, Pending("investigate", seat), ev)
    else:  # pragma: no cover - the effects name only the kinds above
        raise AssertionError(kind)


def offer_market(s: GameState, seat: int, ev: list[Event]) -> None:
    """H13: fill ``seat``'s hand to the hand limit (4, or 1 under H46) from the market, picking when
    it holds more than needed."""
    need = (hand_limit(s) if s.options.powers else HAND) - len(s.hands[seat])
    if need <= 0:
        return
    market = s.market
    if len(market) > need and len(set(market)) > 1:
        ask(s, Pending("market", seat, (), -1, -1, -1, need), ev)
        return
    take = market[:need]
    _take_from_market(s, seat, take, ev)


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
    if kind == "market":  # the commonest choice first
        assert a.cards is not None
        _need(len(a.cards) == pending.take, "bad_count", f"Take exactly {pending.take} card(s).")
        picked = tuple(INDEX[c] for c in a.cards)
        left = list(s.market)
        for card in picked:  # a multiset the market must hold (a few cards: quicker than Counters)
            _need(card in left, "not_in_market", "The market does not hold those cards.")
            left.remove(card)
        _settle(s)
        _take_from_market(s, pending.seat, picked, ev)
    elif kind in ("pile", "sidekick", "mover"):
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
        _resolve_second(s, pending, a, ev)


def _pick(value: int, options: tuple[int, ...] | list[int], what: str) -> None:
    _need(value in options, "bad_option", f"Pick one of {what} {', '.join(map(str, options)) or '(none)'}.")


def _resolve_second(s: GameState, pending: Pending, a: Action, ev: list[Event]) -> None:
    """The second edition's kinds (H32-H50): checked in full, then carried out."""
    kind = pending.kind
    seat = pending.seat
    if kind in ("breath", "sniper", "wrong_address", "walk", "wipe", "spread"):
        assert a.at is not None
        _pick(a.at, pending.options, "positions")
        _settle(s)
        if kind == "breath":
            cc.breathe(s, a.at, ev)
        elif kind == "sniper":
            cc.snipe(s, a.at, ev)
        elif kind == "wrong_address":
            misaddress(s, pending.slot, a.at, KEYS[pending.card], ev)
        elif kind == "walk":
            cc.walk(s, pending.slot, pending.where, a.at, ev)
        elif kind == "wipe":
            cc.wipe(s, pending.slot, a.at, ev)
        else:
            cc.place_spread(s, pending.card, a.at, ev)
            cc.spread_next(s, pending.slot, pending.queue, ev)
    elif kind == "tangled":
        assert a.at is not None and a.indices is not None
        _pick(a.at, pending.options, "positions")
        size = len(s.piles[s.row[a.at]])
        if size >= cc.TANGLE:
            _need(len(a.indices) == cc.TANGLE and len(set(a.indices)) == cc.TANGLE
                  and all(0 <= i < size for i in a.indices), "bad_option",
                  f"Pick two different cards of that pile, by their places 0 to {size - 1} from the bottom.")
        else:
            _need(list(a.indices) == list(range(size)), "bad_option",
                  f"That pile holds {size} card(s): move {list(range(size))}.")
        _settle(s)
        cc.tangle(s, pending.slot, a.at, a.indices, ev)
    elif kind == "double":
        assert a.at is not None and a.top is not None
        _pick(a.at, pending.options, "positions")
        _settle(s)
        cc.double_cross(s, pending.slot, a.at, a.top, ev)
    elif kind == "rebel":
        assert a.card_index is not None and a.to is not None and a.place is not None
        source = pending.slot
        _need(0 <= a.card_index < len(s.piles[source]), "bad_option",
              f"Pick a card of the pile at {s.row.index(source)} by its place,"
              f" 0 to {len(s.piles[source]) - 1}.")
        _pick(a.to, cc.other_positions(s, source), "positions")
        size = len(s.piles[s.row[a.to]])
        _need(0 <= a.place <= size, "bad_option",
              f"Put it at a place from 0 (the bottom) to {size} (the top).")
        _settle(s)
        cc.rebel_move(s, source, a.card_index, a.to, a.place, ev)
        cc.rebel_next(s, pending.queue, ev)
    elif kind == "revelation":
        assert a.card is not None
        card = INDEX[a.card]
        _need(card in s.hands[seat], "not_in_hand", f"You hold no {a.card}.")
        _settle(s)
        cc.reveal_onto(s, seat, card, pending.slot, ev)
        cc.revelation_next(s, pending.queue, ev)
    elif kind == "thief":
        assert a.hand is not None
        _pick(a.hand, pending.options, "seats")
        _settle(s)
        cc.steal(s, a.hand, cc.TAKE, "thief", ev)
    elif kind == "brunette":
        piles, hands = powers.brunette_options(s, seat)
        _settle_brunette(s, a, piles, hands, ev)
    elif kind == "private":
        targets = cc.private_targets(s, seat)
        if a.secret is not None:
            _pick(a.secret, targets, "seats")
            _settle(s)
            cc.look_at_secret(s, a.secret, ev)
        else:
            assert a.swap_hands is not None
            _need(not s.eliminated[seat], "seat_out", "A player who is out cannot swap hands.")
            _pick(a.swap_hands, targets, "seats")
            _settle(s)
            cc.swap_hands(s, a.swap_hands, ev)
    elif kind == "hasty":
        assert a.hasty is not None
        _need(a.hasty in cc.HASTY_WORDS, "bad_option", "Pick \"draw\" or \"skip\".")
        _settle(s)
        cc.hasty(s, a.hasty, ev)
    elif kind in ("tuck", "revive"):
        assert a.suspect is not None
        _pick(a.suspect, pending.options, "suspects")
        _settle(s)
        if kind == "tuck":
            tuck(s, a.suspect, ev)
        else:
            powers.revive(s, a.suspect, ev)
    else:  # pragma: no cover - every kind that can be pending is above
        raise AssertionError(kind)


def _settle_brunette(s: GameState, a: Action, piles: list[int], hands: list[int], ev: list[Event]) -> None:
    if a.at is not None:
        _pick(a.at, piles, "non-empty piles")
        _settle(s)
        cc.steal_from_pile(s, a.at, "brunette", ev)
    else:
        assert a.hand is not None
        _pick(a.hand, hands, "seats")
        _settle(s)
        cc.steal(s, a.hand, 1, "brunette", ev)


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


def _ask_question(s: GameState, seat: int, card: int, asked: int, ev: list[Event]) -> None:
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    ev.append({"type": "asked", "seat": seat, "ask": asked, "card": KEYS[card]})
    ask(s, Pending("question_pile", asked, (), card, seat), ev)


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
