"""The rules of Hasty Accusations: state + action -> new state + events, or a refusal (H24).

``apply`` works on ``state.derive()`` and returns it; the caller's state never changes. After the
action itself the engine runs the work it left in ``tasks`` (the rest of a review, a Bomb's second
side, the refill, the next turn) until the game needs a seat's decision again: a choice (phase
``choose``) or the active seat's plays (phase ``play``), or the game is over.

Events carry public facts only: a face-down card is reported without its name, an Investigator's
finding not at all (it stays in the state, for the seat's own view).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from controller.games import common
from controller.games.common import Refusal
from controller.games.common import Refused as Refused
from controller.games.hasty.actions import Action
from controller.games.hasty.cards import FACE, INDEX, KEYS, TRAITOR, UP
from controller.games.hasty.choices import offer, offer_market, resolve
from controller.games.hasty.effects import act
from controller.games.hasty.mechanics import (
    Event,
    begin_evaluation,
    delay_visible,
    finish,
    remember,
    slot_alive,
    to_discard,
    top_up_market,
)
from controller.games.hasty.state import GameState, Review

#: H21: plays a turn allows under Big Hands
BIG_HANDS_PLAYS: Final = 2


class Accepted(common.Accepted[GameState]):
    """An accepted action of this game (its own class, typed with its state)."""

    __slots__ = ()


def apply(state: GameState, action: Action) -> Accepted | Refused:
    """Apply one action; the given state is never modified."""
    if not 0 <= action.seat < state.players:
        return Refused("unknown_seat", f"There is no seat {action.seat} at this table.")
    if state.phase == "over":
        return Refused("game_over", "The game is over; nothing more can be played.")
    handler = _HANDLERS.get(action.act)
    if handler is None:
        return Refused("unknown_act", f"There is no act {action.act!r} in Hasty Accusations.")
    s = state.derive()
    events: list[Event] = []
    try:
        handler(s, action, events)
    except Refusal as refusal:
        return refusal.refused()
    _run(s, events)
    s.version += 1
    return Accepted(s, tuple(events))


# ---------------------------------------------------------------- the acts


def _check_turn(s: GameState, a: Action) -> None:
    pending = s.pending
    if pending is not None:
        if a.seat == pending.seat:
            raise Refusal("choice_pending", f"First make your choice ({pending.kind}).")
        raise Refusal("not_your_turn",
                       f"The game waits for seat {pending.seat} to choose ({pending.kind}).")
    if a.seat != s.turn:
        raise Refusal("not_your_turn", f"It is seat {s.turn}'s turn, not seat {a.seat}'s.")


def _play(s: GameState, a: Action, ev: list[Event]) -> None:
    _check_turn(s, a)
    assert a.card is not None and a.at is not None and a.up is not None
    card = INDEX[a.card]
    hand = s.hands[a.seat]
    if card not in hand:
        raise Refusal("not_in_hand", f"You hold no {a.card}.")
    at = a.at
    if not (0 <= at < len(s.row) and not s.dead[s.row[at]]):
        raise Refusal("bad_position", f"Position {a.at} is not a living suspect's pile"
                       f" (positions are 0 to {len(s.row) - 1}).")
    if s.options.big_hands and s.plays >= BIG_HANDS_PLAYS:
        raise Refusal("too_many_plays",
                       f"With Big Hands a turn has at most {BIG_HANDS_PLAYS} plays: end it.")
    i = hand.index(card)
    s.hands[a.seat] = hand[:i] + hand[i + 1:]
    slot = s.row[a.at]
    s.piles[slot] = (*s.piles[slot], card | UP if a.up else card)
    s.plays += 1
    s.steps += 1 if a.up else -1
    if a.up:
        ev.append({"type": "played", "seat": a.seat, "at": a.at, "up": True, "card": a.card})
        act(s, card, slot, True, False, ev)
    else:
        ev.append({"type": "played", "seat": a.seat, "at": a.at, "up": False})


def _end(s: GameState, a: Action, ev: list[Event]) -> None:
    _check_turn(s, a)
    seat = a.seat
    discarded = 0
    if s.plays == 0:
        discarded = len(s.hands[seat])
        to_discard(s, s.hands[seat])
        s.hands[seat] = ()
        move = 1
    else:
        move = s.steps
    if not s.ended[seat]:
        s.ended = s.ended[:]
        s.ended[seat] = True
    delayed = s.plays > 0 and delay_visible(s)
    wraps = 0
    if not delayed and move:
        # one position at a time, counting each pass over an end (H7): as whole laps of the row
        size = len(s.row)
        reached = s.loupe + move
        wraps = abs(reached // size)
        s.loupe = reached % size
    ev.append({"type": "ended", "seat": seat, "steps": move, "delayed": delayed, "loupe": s.loupe,
               "wraps": wraps, "discarded": discarded})
    s.tasks = [("turn", 0)]
    if wraps and not s.first_round:
        _start_review(s, ev)


def _start_review(s: GameState, ev: list[Event]) -> None:
    """H10: the largest pile is evaluated (the active seat picks among tied ones); then the refill."""
    s.reviews += 1
    if not s.options.big_hands:
        s.tasks += (("refill", 0),)
    ev.append({"type": "review", "cause": "loupe"})
    offer(s, "pile", ev)


def _choose(s: GameState, a: Action, ev: list[Event]) -> None:
    pending = s.pending
    if pending is None:
        raise Refusal("nothing_to_choose", "There is no choice to make now.")
    if a.seat != pending.seat:
        raise Refusal("not_your_choice",
                       f"The game waits for seat {pending.seat} to choose ({pending.kind}).")
    resolve(s, a, ev)


_HANDLERS: Final[dict[str, Callable[[GameState, Action, list[Event]], None]]] = {
    "play": _play,
    "end": _end,
    "choose": _choose,
}


# ---------------------------------------------------------------- the work that follows


def _run(s: GameState, ev: list[Event]) -> None:
    """Do the waiting work until a seat must decide or the game is over."""
    while s.tasks and s.pending is None and s.phase != "over":
        kind, arg = s.tasks.pop()
        _TASKS[kind](s, arg, ev)


def _step(s: GameState, slot: int, ev: list[Event]) -> None:
    """H11: reveal the evaluated pile's top card and execute it, unless the evaluation has ended."""
    review = s.review
    assert review is not None
    pile = s.piles[slot]
    if review.stopped or not pile or not slot_alive(s, slot):
        return
    card = pile[-1] & FACE
    s.piles[slot] = pile[:-1]
    s.review = Review(slot, review.cause, (*review.revealed, card), review.stopped, review.threats,
                      review.shields, review.killed, review.suspect, review.at)
    s.tasks.append(("step", slot))
    ev.append({"type": "revealed", "card": KEYS[card], "at": s.row.index(slot)})
    act(s, card, slot, False, False, ev)


def _close(s: GameState, slot: int, ev: list[Event]) -> None:
    """The evaluation is over: its cards go to the discard pile, or under Big Hands to the seat whose
    empty hand caused it, if it is still in (H11, H21)."""
    review = s.review
    assert review is not None
    remember(s, review)
    s.review = None
    rest: tuple[int, ...] = ()
    if slot_alive(s, slot):
        rest = s.piles[slot]
        s.piles[slot] = ()
    cards = review.revealed + tuple(c & FACE for c in rest)
    seat = s.turn
    assert seat is not None
    if review.cause == "empty_hand" and not s.eliminated[seat]:
        s.hands[seat] = s.hands[seat] + cards
        ev.append({"type": "pile_taken", "seat": seat, "count": len(cards)})
    else:
        to_discard(s, cards)
        ev.append({"type": "review_over", "discarded": len(cards)})


def _bomb_side(s: GameState, slot: int, ev: list[Event]) -> None:
    """H15: the top card of a neighbour's pile turns face up, stays, and acts."""
    if not slot_alive(s, slot) or not s.piles[slot]:
        return
    pile = s.piles[slot]
    card = pile[-1] & FACE
    s.piles[slot] = (*pile[:-1], card | UP)
    ev.append({"type": "bombed", "at": s.row.index(slot), "card": KEYS[card]})
    act(s, card, slot, True, True, ev)


def _refill(s: GameState, _: int, ev: list[Event]) -> None:
    """H13: the market is topped up, then each seat still in fills its hand, from the active seat on,
    the market topped up after each."""
    turn = s.turn
    assert turn is not None
    order = [(turn + k) % s.players for k in range(s.players)]
    work: list[tuple[str, int]] = [("topup", 0)]
    for seat in order:
        if not s.eliminated[seat]:
            work += [("fill", seat), ("topup", 0)]
    s.tasks += tuple(reversed(work))


def _topup(s: GameState, _: int, ev: list[Event]) -> None:
    top_up_market(s, ev)


def _fill(s: GameState, seat: int, ev: list[Event]) -> None:
    offer_market(s, seat, ev)


def _next_turn(s: GameState, _: int, ev: list[Event]) -> None:
    """H5: the next seat still in; under Big Hands an empty hand first has its suspect reviewed."""
    turn = s.turn
    assert turn is not None
    players = s.players
    seat = (turn + 1) % players
    while s.eliminated[seat]:
        seat = (seat + 1) % players
    if s.options.big_hands and not any(s.hands) and not any(
        s.piles[slot] for slot in s.row if not s.dead[slot]
    ):
        ev.append({"type": "stalled"})
        finish(s, (), ev)
        return
    s.turn = seat
    s.plays = 0
    s.steps = 0
    ev.append({"type": "turn", "seat": seat})
    secret = s.secrets[seat]
    if s.options.big_hands and not s.hands[seat] and secret != TRAITOR:
        s.reviews += 1
        position = s.position_of_suspect(secret)
        assert position is not None
        begin_evaluation(s, s.row[position], "empty_hand", ev)


_TASKS: Final[dict[str, Callable[[GameState, int, list[Event]], None]]] = {
    "step": _step,
    "close": _close,
    "bomb": _bomb_side,
    "refill": _refill,
    "topup": _topup,
    "fill": _fill,
    "turn": _next_turn,
}
