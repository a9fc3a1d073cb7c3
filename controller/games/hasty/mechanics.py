"""The table's mechanics that effects and turns share: shuffling with the deal's rolls (H4), drawing
(H13), neighbours (H9), kills and deaths (H12), Speedy's removal (H9) and the end (H23).

Every function changes the working state the engine gave it (a ``derive()``d copy) and appends
public events to ``ev``.
"""

from __future__ import annotations

from typing import Any

from controller.games.hasty.cards import DELAY, FACE, KEYS, KINDS, SUSPECTS, UP
from controller.games.hasty.deal import MARKET
from controller.games.hasty.state import GameState, LastReview, Review

Event = dict[str, Any]


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


def delay_visible(s: GameState) -> bool:
    """H7: a Delay Tactics face up on top of a living suspect's pile."""
    up_delay = DELAY | UP
    piles, dead = s.piles, s.dead
    for slot in s.row:
        pile = piles[slot]
        if pile and pile[-1] == up_delay and not dead[slot]:
            return True
    return False


def slot_alive(s: GameState, slot: int) -> bool:
    return not s.dead[slot] and slot in s.row


def kill(s: GameState, slot: int, cause: str, ev: list[Event]) -> None:
    """A kill of the suspect above ``slot``: during a review a shield of that suspect takes it
    instead (H12)."""
    suspect = s.suspect_at[slot]
    review = s.review
    if review is not None and review.shields[suspect] > 0:
        shields = list(review.shields)
        shields[suspect] -= 1
        s.review = review._replace(shields=tuple(shields))
        ev.append({"type": "shielded", "suspect": suspect, "at": s.row.index(slot), "card": cause})
        return
    die(s, slot, cause, ev)


def die(s: GameState, slot: int, cause: str, ev: list[Event]) -> None:
    """H12: the tile turns, the pile is discarded, its holder is out and discards its hand; then
    Speedy (H9) and the end (H23)."""
    suspect = s.suspect_at[slot]
    position = s.row.index(slot)
    if s.review is not None:
        s.review = s.review._replace(killed=(*s.review.killed, suspect))
    s.dead = [*s.dead[:slot], True, *s.dead[slot + 1:]]
    to_discard(s, s.piles[slot])
    s.piles[slot] = ()
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
    """The game stops at once: choices and the rest of the turn are dropped, a review closes."""
    review = s.review
    if review is not None:
        close_review_to_discard(s, review)
    s.phase = "over"
    s.winners = winners
    s.pending = None
    s.tasks = []
    s.turn = None
    ev.append({"type": "over", "winners": list(winners), "traitor": s.traitor})


def remember(s: GameState, review: Review) -> None:
    """Keep the evaluation that just ended for the screens."""
    s.last_review = LastReview(s.reviews, review.at, review.suspect, review.cause, review.revealed,
                               review.killed)


def close_review_to_discard(s: GameState, review: Review) -> None:
    remember(s, review)
    to_discard(s, review.revealed)
    if not s.dead[review.slot]:
        to_discard(s, s.piles[review.slot])
        s.piles[review.slot] = ()
    s.review = None


def begin_evaluation(s: GameState, slot: int, cause: str, ev: list[Event]) -> None:
    """H11: the pile above ``slot`` is evaluated card by card (the engine's ``step`` tasks)."""
    count = s.options.suspects
    s.review = Review(slot, cause, (), False, (0,) * count, (0,) * count, (), s.suspect_at[slot],
                      s.row.index(slot))
    s.tasks += (("close", slot), ("step", slot))
    ev.append({"type": "evaluating", "at": s.row.index(slot), "suspect": s.suspect_at[slot],
               "size": len(s.piles[slot]), "cause": cause})
