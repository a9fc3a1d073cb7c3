"""The table's mechanics that effects and turns share: shuffling and random picks with the deal's
rolls (H4, H49), drawing (H13, H51), neighbours (H9), what is visible (H7, H27), kills with their
protections (H12, H31, H50), deaths with their powers (H12, H45), Speedy's removal (H9), the end
(H23) and evaluations, nested ones included (H11, H32).

Every function changes the working state the engine gave it (a ``derive()``d copy) and appends
public events to ``ev``. A function that must ask a seat (``ask``) leaves the rest of its work to
``tasks``, so nothing here goes on after a choice is pending.
"""

from __future__ import annotations

from typing import Any, Final

from controller.games.hasty.cards import (
    BACK_TO_TOP,
    DELAY,
    FACE,
    KEYS,
    KINDS,
    POWERS,
    ROSE,
    SCARLETT,
    SUSPECTS,
    UP,
)
from controller.games.hasty.deal import HAND, MARKET
from controller.games.hasty.state import GameState, LastReview, Nested, Pending, Review

Event = dict[str, Any]
#: H46: the hand limit while a living suspect with Ms. Scarlett's power is turned
ROTATED_HAND: Final = 1


def next_roll(s: GameState) -> int:
    """H4: the next number of the deal's rolls (0 past the end)."""
    used = s.rolls_used
    s.rolls_used = used + 1
    return s.rolls[used] if used < len(s.rolls) else 0


def shuffle(s: GameState, items: tuple[int, ...]) -> tuple[int, ...]:
    """H4: for i from n-1 down to 1, swap items i and (next roll mod i+1)."""
    out = list(items)
    rolls, used = s.rolls, s.rolls_used
    for i in range(len(out) - 1, 0, -1):
        roll = rolls[used] if used < len(rolls) else 0
        used += 1
        j = roll % (i + 1)
        out[i], out[j] = out[j], out[i]
    s.rolls_used = used
    return tuple(out)


def to_discard(s: GameState, cards: tuple[int, ...]) -> None:
    discard = s.discard
    for code in cards:
        discard[code & FACE] += 1


def draw(s: GameState, ev: list[Event]) -> int | None:
    """The deck's next card; an empty deck is first replaced by the discard pile, sorted and shuffled
    (H13). None when both are empty."""
    if s.deck_at >= len(s.deck):
        counts = s.discard
        pile = tuple(k for k in range(KINDS) for _ in range(counts[k]))
        if not pile:
            return None
        s.deck = shuffle(s, pile)
        s.deck_at = 0
        s.discard = [0] * KINDS
        ev.append({"type": "reshuffled", "count": len(pile)})
    card = s.deck[s.deck_at]
    s.deck_at += 1
    return card


def draw_into_hand(s: GameState, seat: int, count: int, ev: list[Event]) -> int:
    """H51: ``count`` cards from the deck into ``seat``'s hand (fewer when deck and discard run out;
    none with Big Hands or for a seat that is out). The cards are the seat's secret; the event
    tells how many."""
    if s.options.big_hands or s.eliminated[seat] or count <= 0:
        return 0
    got: list[int] = []
    for _ in range(count):
        card = draw(s, ev)
        if card is None:
            break
        got.append(card)
    if got:
        s.hands[seat] = s.hands[seat] + tuple(got)
    ev.append({"type": "drew", "seat": seat, "count": len(got)})
    return len(got)


def top_up_market(s: GameState, ev: list[Event]) -> None:
    market = s.market
    if len(market) >= MARKET:
        return
    added = 0
    while len(market) < MARKET:
        card = draw(s, ev)
        if card is None:
            break
        market += (card,)
        added += 1
    if added:
        s.market = market
        ev.append({"type": "market_filled", "cards": [KEYS[c] for c in market[-added:]]})


def neighbour_slots(s: GameState, slot: int) -> list[int]:
    """H9: the living suspects' slots right beside ``slot``, left first (no wrap)."""
    row, dead = s.row, s.dead
    p = row.index(slot)
    out = []
    if p > 0 and not dead[row[p - 1]]:
        out.append(row[p - 1])
    if p + 1 < len(row) and not dead[row[p + 1]]:
        out.append(row[p + 1])
    return out


def visible(s: GameState, card: int) -> bool:
    """H7, H27: a card lies face up on top of a living suspect's pile."""
    code = card | UP
    piles, dead = s.piles, s.dead
    for slot in s.row:
        pile = piles[slot]
        if pile and pile[-1] == code and not dead[slot]:
            return True
    return False


def showing(s: GameState) -> frozenset[int]:
    """H7, H27: every card that lies face up on top of a living suspect's pile (``| UP``), in one
    look along the row."""
    piles, dead = s.piles, s.dead
    return frozenset(pile[-1] for slot in s.row if (pile := piles[slot]) and pile[-1] & UP and not dead[slot])


def delay_visible(s: GameState) -> bool:
    """H7: a Delay Tactics face up on top of a living suspect's pile."""
    return visible(s, DELAY)


def slot_alive(s: GameState, slot: int) -> bool:
    return not s.dead[slot] and slot in s.row


def power_of(s: GameState, suspect: int) -> int:
    """H50: a suspect's power is its own, but Madame Rose's is the tucked suspect's once one is."""
    if suspect == ROSE and s.tucked is not None:
        return s.tucked
    return suspect


def hand_limit(s: GameState) -> int:
    """H46: 1 while a living suspect with Ms. Scarlett's power is turned, else 4."""
    rotated = s.extra.rotated
    if s.options.powers and True in rotated:
        for suspect, turned in enumerate(rotated):
            if turned and power_of(s, suspect) == SCARLETT:
                return ROTATED_HAND
    return HAND


def dead_suspects(s: GameState) -> list[int]:
    """The game's suspects that are not alive, ascending."""
    living = {s.suspect_at[slot] for slot in s.row if not s.dead[slot]}
    return [suspect for suspect in range(s.options.suspects) if suspect not in living]


def ask(s: GameState, pending: Pending, ev: list[Event]) -> None:
    """Wait for ``pending.seat`` to choose (H14)."""
    s.pending = pending
    s.phase = "choose"
    event: dict[str, Any] = {"type": "choice", "kind": pending.kind, "seat": pending.seat}
    if pending.kind == "question_pile":
        event.update(card=KEYS[pending.card], asker=pending.asker)
    ev.append(event)


def swap_tiles(s: GameState, x: int, y: int) -> None:
    """H20, H31: the suspects at positions ``x`` and ``y`` change places; the piles stay."""
    a, b = s.row[x], s.row[y]
    s.suspect_at = s.suspect_at[:]
    s.suspect_at[a], s.suspect_at[b] = s.suspect_at[b], s.suspect_at[a]


def _counted(values: tuple[int, ...], suspect: int, change: int) -> tuple[int, ...]:
    out = list(values)
    out[suspect] = max(0, out[suspect] + change)
    return tuple(out)


def kill(s: GameState, slot: int, cause: str, ev: list[Event]) -> None:
    """A kill of the suspect above ``slot``. During a review the first of a shield, a half turn
    (H46), a Wrong address (H31, the active seat then swaps it with another suspect, who takes a new
    kill) stops it; at any time Madame Rose's escape does (H50). Else the suspect dies."""
    suspect = s.suspect_at[slot]
    review = s.review
    if review is not None:
        if review.shields[suspect] > 0:
            s.review = review._replace(shields=_counted(review.shields, suspect, -1))
            ev.append({"type": "shielded", "suspect": suspect, "at": s.row.index(slot), "card": cause})
            return
        if s.extra.rotated[suspect]:
            s.rotated = (*s.rotated[:suspect], False, *s.rotated[suspect + 1:])
            ev.append({"type": "saved", "suspect": suspect, "at": s.row.index(slot), "card": cause,
                       "by": "rotated"})
            return
        if review.wrong and review.wrong[suspect] > 0:
            at = s.row.index(slot)
            s.review = review._replace(wrong=_counted(review.wrong, suspect, -1))
            ev.append({"type": "saved", "suspect": suspect, "at": at, "card": cause, "by": "wrong_address"})
            options = tuple(p for p in s.living_positions() if p != at)
            if len(options) == 1:
                misaddress(s, slot, options[0], cause, ev)
            elif options:
                assert s.turn is not None
                ask(s, Pending("wrong_address", s.turn, options, card=INDEX_OF_CAUSE[cause], slot=slot), ev)
            else:
                kill(s, slot, cause, ev)
            return
    if suspect == ROSE and s.options.powers and s.tucked is None:
        dead = dead_suspects(s)
        if dead:
            s.extra = s.extra._replace(fired=(*s.extra.fired, (ROSE, ROSE)))
            ev.append({"type": "saved", "suspect": suspect, "at": s.row.index(slot), "card": cause,
                       "by": "escape"})
            if len(dead) == 1:
                tuck(s, dead[0], ev)
            else:
                assert s.turn is not None
                ask(s, Pending("tuck", s.turn, tuple(dead), slot=slot), ev)
            return
    die(s, slot, cause, ev)


def misaddress(s: GameState, slot: int, to: int, cause: str, ev: list[Event]) -> None:
    """H31: the suspect above ``slot`` and the one at ``to`` change places; the kill then strikes
    whoever stands above ``slot``, as a new kill."""
    at = s.row.index(slot)
    swap_tiles(s, at, to)
    ev.append({"type": "swapped", "at": [min(at, to), max(at, to)], "card": "wrong_address"})
    kill(s, slot, cause, ev)


def tuck(s: GameState, suspect: int, ev: list[Event]) -> None:
    """H50: the dead suspect goes under Madame Rose, who has its power from now on."""
    s.tucked = suspect
    ev.append({"type": "tucked", "suspect": suspect, "name": SUSPECTS[suspect]})


def die(s: GameState, slot: int, cause: str, ev: list[Event]) -> None:
    """H12: the tile turns, the pile is discarded, its holder is out and discards its hand; then
    Speedy (H9), the end (H23) and, with powers, the suspect's death power (H45)."""
    suspect = s.suspect_at[slot]
    position = s.row.index(slot)
    review = s.review
    if review is not None:
        ended = review.slot == slot or review.ended
        if review.outer and any(f.slot == slot for f in review.outer):
            outer = tuple(f._replace(ended=True) if f.slot == slot else f for f in review.outer)
            s.review = review._replace(killed=(*review.killed, suspect), ended=ended, outer=outer)
        else:
            s.review = review._replace(killed=(*review.killed, suspect), ended=ended)
    s.dead = [*s.dead[:slot], True, *s.dead[slot + 1:]]
    to_discard(s, s.piles[slot])
    s.piles[slot] = ()
    if s.extra.rotated[suspect]:
        s.rotated = (*s.rotated[:suspect], False, *s.rotated[suspect + 1:])
    ev.append({"type": "died", "suspect": suspect, "name": SUSPECTS[suspect], "at": position, "card": cause})
    seat = s.holder(suspect)
    if seat is not None:
        s.eliminated = s.eliminated[:]
        s.eliminated[seat] = True
        s.out_by = s.out_by[:]
        s.out_by[seat] = cause
        to_discard(s, s.hands[seat])
        s.hands[seat] = ()
        ev.append({"type": "eliminated", "seat": seat, "suspect": suspect, "card": cause})
    if s.options.speedy:
        s.row = s.row[:position] + s.row[position + 1:]
        if s.loupe > position or (s.loupe == position and position == len(s.row)):
            s.loupe -= 1
        ev.append({"type": "removed", "at": position, "loupe": s.loupe})
    check_end(s, ev)
    if s.phase != "over" and s.options.powers:
        power = power_of(s, suspect)
        if POWERS[power].trigger == "death" and power != ROSE:
            s.tasks.append(("death", suspect, power))


def check_end(s: GameState, ev: list[Event]) -> None:
    """H23, after each death."""
    if s.traitor is not None:
        living = [slot for slot in s.row if not s.dead[slot]]
        if len(living) == 1:
            holder = s.holder(s.suspect_at[living[0]])
            finish(s, () if holder is None else (holder,), ev)
        elif all(s.eliminated[seat] for seat in range(s.players) if seat != s.traitor):
            finish(s, (s.traitor,), ev)
        return
    left = [seat for seat in range(s.players) if not s.eliminated[seat]]
    if len(left) == 1:
        finish(s, (left[0],), ev)


def finish(s: GameState, winners: tuple[int, ...], ev: list[Event]) -> None:
    """The game stops at once: choices and the rest of the turn are dropped, a review closes (every
    evaluation of it, nested ones too)."""
    review = s.review
    if review is not None:
        close_review_to_discard(s, review)
    s.phase = "over"
    s.winners = winners
    s.pending = None
    s.tasks = []
    s.turn = None
    ev.append({"type": "over", "winners": list(winners), "traitor": s.traitor})


def remember(s: GameState, review: Review) -> Review:
    """Keep the evaluation that just ended for the screens: a nested one among the review's ``done``
    (the review given back holds it), the outermost one as the last review, with its nested ones."""
    if review.outer:
        nested = Nested(review.at, review.suspect, review.cause, review.revealed, review.killed,
                        len(review.outer), len(review.outer[-1].revealed))
        return review._replace(done=(*review.done, nested))
    s.last_review = LastReview(s.reviews, review.at, review.suspect, review.cause, review.revealed,
                               review.killed, review.done)
    return review


def close_review_to_discard(s: GameState, review: Review) -> None:
    """H23: the game ended during a review: every evaluation of it ends at once, the innermost first
    (for the screens), and all their cards go to the discard pile."""
    told = review
    while told.outer:
        f = told.outer[-1]
        told = remember(s, told)._replace(slot=f.slot, cause=f.cause, revealed=f.revealed, killed=f.killed,
                                          suspect=f.suspect, at=f.at, outer=told.outer[:-1])
    remember(s, told)
    for slot, revealed in [(f.slot, f.revealed) for f in review.outer] + [(review.slot, review.revealed)]:
        to_discard(s, revealed)
        if not s.dead[slot]:
            to_discard(s, s.piles[slot])
            s.piles[slot] = ()
    s.review = None


def begin_evaluation(s: GameState, slot: int, cause: str, ev: list[Event]) -> None:
    """H11: the pile above ``slot`` is evaluated card by card (the engine's ``step`` tasks). Within a
    review it is nested (H32): it shares the review's counts and the running evaluation waits."""
    review = s.review
    suspect, at = s.suspect_at[slot], s.row.index(slot)
    bottom = s.options.advanced and visible(s, BACK_TO_TOP)
    if review is None:
        zeros = (0,) * s.options.suspects
        s.review = Review(slot, cause, (), False, zeros, zeros, (), suspect, at, zeros, zeros, zeros, 0,
                          bottom)
    else:
        s.review = review._replace(slot=slot, cause=cause, revealed=(), stopped=False, killed=(),
                                   suspect=suspect, at=at, limit=0, bottom_first=bottom, safe=False,
                                   wiped=False, ended=False, outer=(*review.outer, review.frame()))
    s.tasks += (("close", slot, 0), ("step", slot, 0))
    ev.append({"type": "evaluating", "at": at, "suspect": suspect, "size": len(s.piles[slot]),
               "cause": cause})


def restore_outer(s: GameState) -> None:
    """The nested evaluation is over: the one it interrupted runs again (or the review is over)."""
    review = s.review
    assert review is not None
    if not review.outer:
        s.review = None
        return
    f = review.outer[-1]
    s.review = review._replace(slot=f.slot, cause=f.cause, revealed=f.revealed, stopped=f.stopped,
                               killed=f.killed, suspect=f.suspect, at=f.at, limit=f.limit,
                               bottom_first=f.bottom_first, safe=f.safe, wiped=f.wiped, ended=f.ended,
                               outer=review.outer[:-1])


INDEX_OF_CAUSE: Final[dict[str, int]] = {key: i for i, key in enumerate(KEYS)}
