"""The choices of the advanced and expert cards (H33-H44): what each offers, counted as the contract
counts them (H14: none does nothing, exactly one is made unasked), and carrying out the one made.

Each kind has an ``offer_*`` (or ``start_*`` for a card that asks several times in a row, such as
Rebel, Spread the love and Revelation) that the card's effect calls, an ``*_options`` the bots and
the views list, and a function that does the chosen thing. ``choices.resolve`` checks a seat's
``choose`` against the options before anything changes (H24).
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

from controller.games.hasty.cards import FACE, KEYS, UP
from controller.games.hasty.mechanics import (
    Event,
    ask,
    begin_evaluation,
    draw_into_hand,
    hand_limit,
    neighbour_slots,
    next_roll,
    to_discard,
)
from controller.games.hasty.state import GameState, Note, Peek, Pending

#: H39: Walk it back and Thief take this many cards
TAKE: Final = 3
#: H42: Tangled Up moves this many cards
TANGLE: Final = 2
HASTY_WORDS: Final = ("draw", "skip")


def _seat(s: GameState) -> int:
    assert s.turn is not None
    return s.turn


def other_positions(s: GameState, slot: int) -> list[int]:
    """The positions of the living suspects but the one above ``slot``."""
    at = s.row.index(slot)
    return [p for p in s.living_positions() if p != at]


def _under_evaluation(s: GameState) -> set[int]:
    return set(s.review.slots()) if s.review is not None else set()


def _note(s: GameState, seat: int, note: Note) -> None:
    notes = list(s.notes)
    notes[seat] = (*notes[seat], note)
    s.notes = notes


# ---------------------------------------------------------------- Dying Breath, Sniper (H32-H34)


def breath_options(s: GameState) -> list[int]:
    """H33: the positions of the smallest non-empty living piles not under evaluation."""
    under = _under_evaluation(s)
    sizes = [(len(s.piles[slot]), p) for p, slot in enumerate(s.row)
             if not s.dead[slot] and s.piles[slot] and slot not in under]
    least = min((n for n, _ in sizes), default=0)
    return [p for n, p in sizes if n == least]


def offer_breath(s: GameState, ev: list[Event]) -> None:
    """The evaluation counts as a review begun before a tie is chosen, as a loupe's does (H10)."""
    options = breath_options(s)
    if options:
        s.reviews += 1
    if len(options) == 1:
        breathe(s, options[0], ev)
    elif options:
        ask(s, Pending("breath", _seat(s), tuple(options)), ev)


def breathe(s: GameState, at: int, ev: list[Event]) -> None:
    begin_evaluation(s, s.row[at], "dying_breath", ev)


def sniper_options(s: GameState, slot: int) -> list[int]:
    under = _under_evaluation(s)
    return [s.row.index(n) for n in neighbour_slots(s, slot) if n not in under]


def offer_sniper(s: GameState, slot: int, ev: list[Event]) -> None:
    options = sniper_options(s, slot)
    if len(options) == 1:
        snipe(s, options[0], ev)
    elif options:
        ask(s, Pending("sniper", _seat(s), tuple(options)), ev)


def snipe(s: GameState, at: int, ev: list[Event]) -> None:
    """H34: the pile is evaluated; then (the engine's ``snipe`` task) whoever stands above it takes a
    kill."""
    slot = s.row[at]
    s.tasks.append(("snipe", slot, 0))
    s.reviews += 1
    ev.append({"type": "sniped", "at": at})
    begin_evaluation(s, slot, "sniper", ev)


# ---------------------------------------------------------------- Walk it back, Thief (H39)


def _walk_stock(s: GameState, slot: int, own: int, where: int) -> list[int]:
    """The cards Walk it back may take from the pile at ``slot``: all of them, or on its own pile
    (where it lies at ``where``) all the others."""
    pile = list(s.piles[slot])
    if slot == own and where >= 0:
        del pile[where]
    return pile


def walk_options(s: GameState, own: int, where: int) -> list[int]:
    return [p for p, slot in enumerate(s.row)
            if not s.dead[slot] and _walk_stock(s, slot, own, where)]


def offer_walk(s: GameState, slot: int, where: int, ev: list[Event]) -> None:
    options = walk_options(s, slot, where)
    if len(options) == 1:
        walk(s, slot, where, options[0], ev)
    elif options:
        ask(s, Pending("walk", _seat(s), tuple(options), -1, -1, slot, 0, (), where), ev)


def walk(s: GameState, own: int, where: int, at: int, ev: list[Event]) -> None:
    """The top three cards of the chosen pile (never the Walk it back itself) go to the active
    seat's hand; an eliminated seat takes nothing (H39)."""
    seat = _seat(s)
    if s.eliminated[seat]:
        ev.append({"type": "walked", "seat": seat, "at": at, "count": 0, "shown": []})
        return
    slot = s.row[at]
    pile = list(s.piles[slot])
    mine = slot == own and where >= 0
    walker = pile.pop(where) if mine else 0
    taken = pile[-TAKE:]
    pile = pile[:-TAKE]
    if mine:
        pile.insert(min(where, len(pile)), walker)
    s.piles[slot] = tuple(pile)
    cards = tuple(c & FACE for c in taken)
    s.hands[seat] = s.hands[seat] + cards
    _note(s, seat, Note("took", "walk_back", -1, at, cards))
    ev.append({"type": "walked", "seat": seat, "at": at, "count": len(cards),
               "shown": [KEYS[c & FACE] for c in taken if c & UP], "cards": [KEYS[c] for c in cards]})


def thief_options(s: GameState, seat: int) -> list[int]:
    return [o for o in range(s.players) if o != seat and not s.eliminated[o] and s.hands[o]]


def offer_thief(s: GameState, ev: list[Event]) -> None:
    options = thief_options(s, _seat(s))
    if len(options) == 1:
        steal(s, options[0], TAKE, "thief", ev)
    elif options:
        ask(s, Pending("thief", _seat(s), tuple(options)), ev)


def steal(s: GameState, victim: int, count: int, by: str, ev: list[Event]) -> None:
    """H39, H47, H49: ``count`` cards of ``victim``'s hand at random, one by one, to the active seat
    (which takes nothing when it is out)."""
    seat = _seat(s)
    if s.eliminated[seat]:
        ev.append({"type": "stolen", "seat": seat, "from": victim, "count": 0, "card": by})
        return
    hand = sorted(s.hands[victim])
    taken: list[int] = []
    for _ in range(min(count, len(hand))):
        taken.append(hand.pop(next_roll(s) % len(hand)))
    s.hands[victim] = tuple(hand)
    s.hands[seat] = s.hands[seat] + tuple(taken)
    _note(s, seat, Note("took", by, victim, -1, tuple(taken)))
    _note(s, victim, Note("lost", by, seat, -1, tuple(taken)))
    ev.append({"type": "stolen", "seat": seat, "from": victim, "count": len(taken), "card": by,
               "cards": [KEYS[c] for c in taken]})


def steal_from_pile(s: GameState, at: int, by: str, ev: list[Event]) -> None:
    """H47, H49: one card of the pile at random (counted from the bottom) to the active seat."""
    seat = _seat(s)
    if s.eliminated[seat]:
        ev.append({"type": "stolen", "seat": seat, "at": at, "count": 0, "card": by})
        return
    slot = s.row[at]
    pile = list(s.piles[slot])
    code = pile.pop(next_roll(s) % len(pile))
    s.piles[slot] = tuple(pile)
    card = code & FACE
    s.hands[seat] = s.hands[seat] + (card,)
    _note(s, seat, Note("took", by, -1, at, (card,)))
    ev.append({"type": "stolen", "seat": seat, "at": at, "count": 1, "card": by,
               "shown": [KEYS[card]] if code & UP else [], "cards": [KEYS[card]]})


# ---------------------------------------------------------------- Hasty (H40)


def offer_hasty(s: GameState, ev: list[Event]) -> None:
    ask(s, Pending("hasty", _seat(s)), ev)


def hasty(s: GameState, word: str, ev: list[Event]) -> None:
    seat = _seat(s)
    if word == "skip":
        s.skips += 1
        ev.append({"type": "hasty", "seat": seat, "pick": word, "skips": s.skips})
        return
    ev.append({"type": "hasty", "seat": seat, "pick": word})
    draw_into_hand(s, seat, hand_limit(s) - len(s.hands[seat]), ev)


# ---------------------------------------------------------------- Memory Wipe, Tangled Up (H42)


def offer_wipe(s: GameState, slot: int, ev: list[Event]) -> None:
    options = [s.row.index(n) for n in neighbour_slots(s, slot)]
    if len(options) <= 1:
        wipe(s, slot, options[0] if options else None, ev)
    else:
        ask(s, Pending("wipe", _seat(s), tuple(options), -1, -1, slot), ev)


def wipe(s: GameState, slot: int, at: int | None, ev: list[Event]) -> None:
    """This pile and the chosen neighbour's go to the discard pile; an evaluation of either ends at
    once and keeps nothing it revealed."""
    slots = [slot] if at is None else [slot, s.row[at]]
    count = 0
    for target in slots:
        count += len(s.piles[target])
        to_discard(s, s.piles[target])
        s.piles[target] = ()
    review = s.review
    if review is not None:
        outer = tuple(f._replace(wiped=True) if f.slot in slots else f for f in review.outer)
        s.review = review._replace(wiped=review.wiped or review.slot in slots, outer=outer)
    ev.append({"type": "wiped", "at": [s.row.index(t) for t in slots], "count": count})


def tangled_count(s: GameState, slot: int) -> int:
    """H42's options: each neighbour with every ordered pair of its indices (one option, all its
    indices, for a pile of fewer than two cards)."""
    total = 0
    for n in neighbour_slots(s, slot):
        k = len(s.piles[n])
        total += k * (k - 1) if k >= TANGLE else 1
    return total


def tangled_options(s: GameState, slot: int) -> list[tuple[int, tuple[int, ...]]]:
    out: list[tuple[int, tuple[int, ...]]] = []
    for n in neighbour_slots(s, slot):
        k = len(s.piles[n])
        at = s.row.index(n)
        if k >= TANGLE:
            out += [(at, pair) for pair in permutations(range(k), TANGLE)]
        else:
            out.append((at, tuple(range(k))))
    return out


def offer_tangled(s: GameState, slot: int, ev: list[Event]) -> None:
    count = tangled_count(s, slot)
    if count == 1:
        at, indices = tangled_options(s, slot)[0]
        tangle(s, slot, at, indices, ev)
    elif count:
        options = tuple(s.row.index(n) for n in neighbour_slots(s, slot))
        ask(s, Pending("tangled", _seat(s), options, -1, -1, slot), ev)


def tangle(s: GameState, slot: int, at: int, indices: tuple[int, ...], ev: list[Event]) -> None:
    """The active seat sees the neighbour's pile (a peek), then the picked cards go onto the top of
    this pile, the first listed first, faces kept."""
    seat = _seat(s)
    source = s.row[at]
    pile = s.piles[source]
    seen = tuple(c & FACE for c in pile)
    s.peeks = s.peeks[:]
    s.peeks[seat] = (*s.peeks[seat], Peek("pile", at, seen))
    moved = tuple(pile[i] for i in indices)
    s.piles[source] = tuple(c for i, c in enumerate(pile) if i not in indices)
    s.piles[slot] = s.piles[slot] + moved
    ev.append({"type": "tangled", "seat": seat, "from": at, "to": s.row.index(slot), "indices": list(indices),
               "size": len(s.piles[slot]), "shown": [KEYS[c & FACE] if c & UP else None for c in moved],
               "seen": [KEYS[c] for c in seen]})


# ---------------------------------------------------------------- Spread the love, Double Cross (H43)


def start_spread(s: GameState, slot: int, where: int, ev: list[Event]) -> None:
    """The other cards of this pile turn face up and leave it, to be put one by one, from the top
    one down, on other suspects' piles; with no other living suspect they go back face up."""
    pile = s.piles[slot]
    others = [c for i, c in enumerate(pile) if i != where]
    if not others:
        return
    at = s.row.index(slot)
    if not other_positions(s, slot):
        s.piles[slot] = tuple(c if i == where else c | UP for i, c in enumerate(pile))
        ev.append({"type": "spread", "at": at, "count": 0})
        return
    s.piles[slot] = (pile[where],) if where >= 0 else ()
    queue = tuple(c | UP for c in reversed(others))
    ev.append({"type": "spread", "at": at, "count": len(queue), "cards": [KEYS[c & FACE] for c in queue]})
    spread_next(s, slot, queue, ev)


def spread_next(s: GameState, slot: int, queue: tuple[int, ...], ev: list[Event]) -> None:
    while queue:
        options = other_positions(s, slot)
        if len(options) != 1:
            ask(s, Pending("spread", _seat(s), tuple(options), queue[0], -1, slot, 0, queue[1:]), ev)
            return
        place_spread(s, queue[0], options[0], ev)
        queue = queue[1:]


def place_spread(s: GameState, code: int, at: int, ev: list[Event]) -> None:
    target = s.row[at]
    s.piles[target] = (*s.piles[target], code | UP)
    ev.append({"type": "spread_placed", "card": KEYS[code & FACE], "at": at})


def offer_double(s: GameState, slot: int, ev: list[Event]) -> None:
    """Every (pile, top or bottom) pair: two at least, so it always asks; an empty pile moves
    nothing."""
    options = other_positions(s, slot)
    if s.piles[slot] and options:
        ask(s, Pending("double", _seat(s), tuple(options), -1, -1, slot), ev)


def double_cross(s: GameState, slot: int, at: int, top: bool, ev: list[Event]) -> None:
    cards = s.piles[slot]
    target = s.row[at]
    s.piles[slot] = ()
    s.piles[target] = s.piles[target] + cards if top else cards + s.piles[target]
    ev.append({"type": "double_crossed", "from": s.row.index(slot), "at": at, "top": top,
               "count": len(cards)})


# ---------------------------------------------------------------- Rebel (H38)


def start_rebel(s: GameState, ev: list[Event]) -> None:
    queue = tuple(slot for slot in s.row if not s.dead[slot] and s.piles[slot])
    rebel_next(s, queue, ev)


def rebel_count(s: GameState, source: int) -> int:
    """H38's options for the pile at ``source``: each of its cards, to each place of another living
    pile."""
    places = sum(len(s.piles[s.row[p]]) + 1 for p in other_positions(s, source))
    return len(s.piles[source]) * places


def rebel_options(s: GameState, source: int) -> list[tuple[int, int, int]]:
    return [(index, to, place) for index in range(len(s.piles[source])) for to in other_positions(s, source)
            for place in range(len(s.piles[s.row[to]]) + 1)]


def rebel_next(s: GameState, queue: tuple[int, ...], ev: list[Event]) -> None:
    while queue:
        source, queue = queue[0], queue[1:]
        if s.dead[source] or not s.piles[source]:
            continue  # a pile that lost all its cards by its turn is passed over
        count = rebel_count(s, source)
        if count == 1:
            rebel_move(s, source, *rebel_options(s, source)[0], ev)
        elif count:
            ask(s, Pending("rebel", _seat(s), (), -1, -1, source, 0, queue), ev)
            return


def rebel_move(s: GameState, source: int, index: int, to: int, place: int, ev: list[Event]) -> None:
    pile = list(s.piles[source])
    code = pile.pop(index)
    s.piles[source] = tuple(pile)
    target = s.row[to]
    into = list(s.piles[target])
    into.insert(place, code)
    s.piles[target] = tuple(into)
    ev.append({"type": "rebel_moved", "from": s.row.index(source), "index": index, "to": to, "place": place,
               "card": KEYS[code & FACE] if code & UP else None})


# ---------------------------------------------------------------- Private Investigator, Revelation (H44)


def private_targets(s: GameState, seat: int) -> list[int]:
    return [o for o in range(s.players) if o != seat and not s.eliminated[o]]


def private_count(s: GameState, seat: int) -> int:
    return len(private_targets(s, seat)) * (1 if s.eliminated[seat] else 2)


def offer_private(s: GameState, ev: list[Event]) -> None:
    seat = _seat(s)
    count = private_count(s, seat)
    if count == 1:
        look_at_secret(s, private_targets(s, seat)[0], ev)
    elif count:
        ask(s, Pending("private", seat), ev)


def look_at_secret(s: GameState, target: int, ev: list[Event]) -> None:
    seat = _seat(s)
    s.peeks = s.peeks[:]
    s.peeks[seat] = (*s.peeks[seat], Peek("secret", target, (s.secrets[target],)))
    ev.append({"type": "secret_seen", "seat": seat, "of": target, "suspect": s.secrets[target]})


def swap_hands(s: GameState, target: int, ev: list[Event]) -> None:
    seat = _seat(s)
    mine, theirs = s.hands[seat], s.hands[target]
    s.hands[seat], s.hands[target] = theirs, mine
    _note(s, seat, Note("gave", "private_investigator", target, -1, tuple(sorted(mine))))
    _note(s, seat, Note("got", "private_investigator", target, -1, tuple(sorted(theirs))))
    _note(s, target, Note("gave", "private_investigator", seat, -1, tuple(sorted(theirs))))
    _note(s, target, Note("got", "private_investigator", seat, -1, tuple(sorted(mine))))
    ev.append({"type": "hands_swapped", "seat": seat, "with": target, "counts": [len(theirs), len(mine)]})


def start_revelation(s: GameState, slot: int, ev: list[Event]) -> None:
    revelation_next(s, tuple(neighbour_slots(s, slot)), ev)


def revelation_next(s: GameState, queue: tuple[int, ...], ev: list[Event]) -> None:
    """For each living neighbour, left first, a card of the active seat's hand goes face up on top
    of its pile (not a play: it does not act); an empty hand ends it."""
    seat = _seat(s)
    while queue:
        hand = s.hands[seat]
        if not hand:
            return
        target, queue = queue[0], queue[1:]
        cards = set(hand)
        if len(cards) > 1:
            ask(s, Pending("revelation", seat, (), -1, -1, target, 0, queue), ev)
            return
        reveal_onto(s, seat, hand[0], target, ev)


def reveal_onto(s: GameState, seat: int, card: int, target: int, ev: list[Event]) -> None:
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    s.piles[target] = (*s.piles[target], card | UP)
    ev.append({"type": "revelation_placed", "seat": seat, "card": KEYS[card], "at": s.row.index(target)})
