"""The rules of Hasty Accusations: state + action -> new state + events, or a refusal (H24).

``apply`` works on ``state.derive()`` and returns it; the caller's state never changes. After the
action itself the engine runs the work it left in ``tasks`` (the rest of a review, a Bomb's second
side, a suspect's power, the refill, the next turn) until the game needs a seat's decision again: a
choice (phase ``choose``) or the active seat's plays (phase ``play``), or the game is over.

Events carry public facts, and under the keys ``feed.PRIVATE_KEYS`` names the details only some
seats may learn (the cards a Thief took, what a Tangled Up showed); the room's log never reads
those, and ``feed.public_event`` drops them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from controller.games import common
from controller.games.common import Refusal
from controller.games.common import Refused as Refused
from controller.games.hasty import card_choices, powers
from controller.games.hasty.actions import Action
from controller.games.hasty.cards import (
    ARMOR,
    BACK_ALLEY,
    FACE,
    INDEX,
    KEYS,
    PLAY_POWERS,
    PLUM,
    POISON,
    ROSE,
    SHOW_HANDS,
    TRAITOR,
    UP,
)
from controller.games.hasty.choices import offer, offer_market, resolve
from controller.games.hasty.deal import BASE_ONLY, MARKET
from controller.games.hasty.effects import EFFECTS, PLAY_ONLY, act
from controller.games.hasty.mechanics import (
    Event,
    begin_evaluation,
    delay_visible,
    finish,
    kill,
    remember,
    restore_outer,
    slot_alive,
    to_discard,
    top_up_market,
)
from controller.games.hasty.state import Extras, GameState, Review

_new_tuple: Final = tuple.__new__
#: the phase a task may end the game in (a plain str: mypy takes the phase as checked already)
_OVER: str = "over"
_TOPUP: Final = ("topup", 0, 0)
#: H21: plays a turn allows under Big Hands
BIG_HANDS_PLAYS: Final = 2
#: H30: the cards a pile keeps when its evaluation ends
KEPT: Final = frozenset({POISON, ARMOR})


class Accepted(common.Accepted[GameState]):
    """An accepted action of this game (its own class, typed with its state)."""

    __slots__ = ()


def apply(state: GameState, action: Action) -> Accepted | Refused:
    """Apply one action; the given state is never modified."""
    s = state.derive()
    events: list[Event] = []
    try:
        apply_own(s, action, events)
    except Refusal as refusal:
        return refusal.refused()
    return Accepted(s, tuple(events))


def apply_own(s: GameState, action: Action, events: list[Event]) -> None:
    """``apply``'s rules, run on a state object that only the caller holds: it is changed in place.

    The lists and tuples in it are still replaced or, for the ones ``derive`` gives every state of
    its own (piles, hands, the discard counts, the tasks), changed in place; so states it shares
    parts with stay as they were. A refusal raises ``Refusal`` and leaves ``s`` as it was: every
    handler checks before it changes anything. A loop that keeps one state of its own (a whole bot
    game, the strong bot's play-outs) saves a new state object and result per move."""
    if not 0 <= action.seat < s.players:
        raise Refusal("unknown_seat", f"There is no seat {action.seat} at this table.")
    if s.phase == "over":
        raise Refusal("game_over", "The game is over; nothing more can be played.")
    act = action.act  # the acts called directly, not looked up: this runs for every move
    if act == "play":
        _play(s, action, events)
    elif act == "end":
        _end(s, action, events)
    elif act == "choose":
        _choose(s, action, events)
    else:
        raise Refusal("unknown_act", f"There is no act {act!r} in Hasty Accusations.")
    s.looks = None
    tasks = s.tasks  # ``_run``, inline: this runs for every move
    while tasks and s.pending is None and s.phase != _OVER:
        kind, arg, more = tasks.pop()
        _TASKS[kind](s, arg, more, events)
        tasks = s.tasks  # a task may have put a new list there
    s.version += 1


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


def play_rules(s: GameState, slot: int) -> tuple[bool | None, bool, bool]:
    """What a play on the pile at ``slot`` must be now (H36, H47): the face it must have (None:
    either), whether it goes to the bottom, and whether it may be played at all besides (Show me
    your hands allows one play a turn)."""
    return slot_rules(s, slot, *showing(s))


_SHOWN: Final = SHOW_HANDS | UP
_ALLEY: Final = BACK_ALLEY | UP


def looks(s: GameState) -> tuple[bool, bool, int]:
    """H27, H36, H47: whether Show me your hands and Back Alley are visible now, and the slot of the
    suspect with Prof. Plum's power (-1: none): one look along the row, kept with the state while its
    piles stay as they are (every play needs it, the bot's and the engine's)."""
    seen = s.looks
    if seen is not None:
        return seen
    shown = alley = False
    if s.options.advanced:
        piles, dead = s.piles, s.dead
        for slot in s.row:
            pile = piles[slot]
            if pile:
                top = pile[-1]
                if top == _SHOWN and not dead[slot]:
                    shown = True
                elif top == _ALLEY and not dead[slot]:
                    alley = True
    seen = s.looks = (shown, alley, plum_slot(s))
    return seen


def showing(s: GameState) -> tuple[bool, bool]:
    """H27: whether Show me your hands and Back Alley are visible now."""
    shown, alley, _ = looks(s)
    return shown, alley


def plum_slot(s: GameState) -> int:
    """H47: the slot of the living suspect with Prof. Plum's power (-1: none, or no powers): Plum, or
    Madame Rose once Plum (dead, then) is tucked under her (H50)."""
    if s.options.powers:
        holder = ROSE if s.extra.tucked == PLUM else PLUM
        suspect_at, dead = s.suspect_at, s.dead
        if holder not in suspect_at:
            return -1
        first = suspect_at.index(holder)
        if not dead[first]:  # the usual case: the tile has never moved to a new slot
            return first
        for slot in s.row:  # Speedy brought it back in a new slot (H50)
            if suspect_at[slot] == holder and not dead[slot]:
                return slot
    return -1


def slot_rules(s: GameState, slot: int, shown: bool, alley: bool) -> tuple[bool | None, bool, bool]:
    """``play_rules`` with what is showing already known."""
    face: bool | None = None
    allowed = True
    if shown:
        face = True
        allowed = s.plays == 0
    elif alley:
        face = False
    if s.options.powers and slot == looks(s)[2]:
        if face is False:
            allowed = False
        face = True
    return face, alley, allowed


def _play(s: GameState, a: Action, ev: list[Event]) -> None:
    if s.pending is not None or a.seat != s.turn:
        _check_turn(s, a)
    assert a.card is not None and a.at is not None and a.up is not None
    card = INDEX[a.card]
    hand = s.hands[a.seat]
    if card not in hand:
        raise Refusal("not_in_hand", f"You hold no {a.card}.")
    at = a.at
    row = s.row
    if not (0 <= at < len(row) and not s.dead[row[at]]):
        raise Refusal("bad_position", f"Position {a.at} is not a living suspect's pile"
                       f" (positions are 0 to {len(row) - 1}).")
    options = s.options
    if options.big_hands and s.plays >= BIG_HANDS_PLAYS:
        raise Refusal("too_many_plays",
                       f"With Big Hands a turn has at most {BIG_HANDS_PLAYS} plays: end it.")
    slot = row[at]
    up = a.up
    if not options.second_edition:  # the first edition's play, as quick as it was
        i = hand.index(card)
        s.hands[a.seat] = hand[:i] + hand[i + 1:]
        s.piles[slot] = (*s.piles[slot], card | UP if up else card)
        s.plays += 1
        s.steps += 1 if up else -1
        if up:
            ev.append({"type": "played", "seat": a.seat, "at": at, "up": True, "card": a.card})
            act(s, card, slot, len(s.piles[slot]) - 1, False, True, ev)
        else:
            ev.append({"type": "played", "seat": a.seat, "at": at, "up": False})
        return
    step = 1 if up else -1
    suspect = s.suspect_at[slot]
    power = -1
    shown, bottom, plum = looks(s)
    if shown or bottom or slot == plum:
        _check_play_rules(s, slot, up, shown, bottom)
    if options.powers:
        if slot == plum:
            step = 0  # H47: it still counts as a play
        power = suspect
        if suspect == ROSE:  # ``power_of``, inline: Madame Rose has the tucked suspect's power
            tucked = s.extra.tucked
            if tucked is not None:
                power = tucked
        if power not in PLAY_POWERS:
            power = -1
    i = hand.index(card)
    s.hands[a.seat] = hand[:i] + hand[i + 1:]
    code = card | UP if up else card
    s.looks = None  # the piles change from here on
    pile = s.piles[slot]
    s.piles[slot] = (code, *pile) if bottom else (*pile, code)
    s.plays += 1
    s.steps += step
    if power >= 0:
        s.tasks.append(("power", suspect, power))
    played: Event = {"type": "played", "seat": a.seat, "at": a.at, "up": up}
    if bottom:
        played["bottom"] = True
    if up:
        played["card"] = a.card
        ev.append(played)
        act(s, card, slot, 0 if bottom else len(pile), False, True, ev)
    else:
        ev.append(played)


def _check_play_rules(s: GameState, slot: int, up: bool, shown: bool, alley: bool) -> None:
    face, _, allowed = slot_rules(s, slot, shown, alley)
    if shown:
        if not up:
            raise Refusal("face_up_only", "Show me your hands is showing: cards are played face up.")
        if not allowed:
            raise Refusal("one_play_only", "Show me your hands is showing: one card a turn.")
    if face is not None and up != face:
        if face:
            raise Refusal("face_up_only", "Prof. Plum takes cards face up only.")
        raise Refusal("face_down_only", "Back Alley is showing: cards are played face down, under the pile.")
    if not allowed:
        raise Refusal("no_play_here",
                      "Back Alley wants this card face down and Prof. Plum face up: nothing can go there.")


def _end(s: GameState, a: Action, ev: list[Event]) -> None:
    if s.pending is not None or a.seat != s.turn:
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
    s.tasks = [("turn", 0, 0)]
    if wraps and not s.first_round:
        _start_review(s, ev)


def _start_review(s: GameState, ev: list[Event]) -> None:
    """H10: the largest pile is evaluated (the active seat picks among tied ones); then the refill."""
    s.reviews += 1
    if not s.options.big_hands:
        s.tasks += (("refill", 0, 0),)
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




# ---------------------------------------------------------------- the work that follows


def _step(s: GameState, slot: int, _: int, ev: list[Event]) -> None:
    """H11: reveal the evaluated pile's next card (the top one, or the bottom one after Back to the
    top, H35) and execute it, unless the evaluation has ended (H11, H35, H42)."""
    review = s.review
    assert review is not None
    pile = s.piles[slot]
    if review.stopped or not pile or review.ended or review.wiped or s.dead[slot] or slot not in s.row:
        return  # (``slot_alive``, inline: this runs for every card revealed)
    limit = review.limit
    if limit and len(review.revealed) >= limit:
        s.review = review._replace(stopped=True)
        ev.append({"type": "clock", "limit": limit, "stopped": True})
        return
    if review.bottom_first:
        code, rest = pile[0], pile[1:]
    else:
        code, rest = pile[-1], pile[:-1]
    card = code & FACE
    s.piles[slot] = rest
    revealed = (*review.revealed, card)
    stopped = bool(limit) and len(revealed) >= limit and bool(rest)
    # ``_replace(revealed=..., stopped=...)``, made the quick way: this runs for every card revealed
    s.review = _new_tuple(Review, (*review[:2], revealed, stopped, *review[4:]))
    s.tasks.append(("step", slot, 0))
    ev.append({"type": "revealed", "card": KEYS[card], "at": s.row.index(slot)})
    if card not in PLAY_ONLY:  # ``act``, inline: a review is running, so only play-only cards rest
        EFFECTS[card](s, slot, -1, False, bool(code & UP), ev)


def _close(s: GameState, slot: int, _: int, ev: list[Event]) -> None:
    """The evaluation is over (H11, H30): the pile keeps its Poisons and Armors (after a Safe Stop,
    the rest of it too), the other cards go to the discard pile, or under Big Hands to the seat
    whose empty hand caused it, if it is still in (H21). A nested evaluation hands over to the one
    it interrupted (H32)."""
    review = remember(s, s.review) if s.review is not None else None
    assert review is not None
    s.review = review
    if review.outer:
        restore_outer(s)
    else:
        s.review = None
    alive = not review.ended and slot_alive(s, slot)
    rest: tuple[int, ...] = ()
    if alive:
        rest = s.piles[slot]
        s.piles[slot] = ()
    revealed = review.revealed
    if review.cause == "empty_hand":
        seat = s.turn
        assert seat is not None
        if not s.eliminated[seat]:
            if review.wiped:  # H42: a wiped evaluation gives none of its revealed cards
                to_discard(s, revealed)
                revealed = ()
            cards = revealed + tuple(c & FACE for c in rest)
            s.hands[seat] = s.hands[seat] + cards
            ev.append({"type": "pile_taken", "seat": seat, "count": len(cards)})
            return
    elif alive and s.options.sets != BASE_ONLY:
        shown, revealed, kept, rest = _keep(s, revealed, review.wiped, review.safe, rest)
        s.piles[slot] = tuple(c | UP for c in shown) + kept
    cards = revealed + tuple(c & FACE for c in rest)
    to_discard(s, cards)
    ev.append({"type": "review_over", "discarded": len(cards)})


Cards = tuple[int, ...]


def _keep(
    s: GameState, revealed: Cards, wiped: bool, safe: bool, rest: Cards
) -> tuple[Cards, Cards, Cards, Cards]:
    """H30: the revealed cards the pile keeps (its Poisons and Armors, in the order revealed; none
    when it was wiped, or where the table would stall) and those it drops, then the cards still in
    it that it keeps (all after a Safe Stop, else its Poisons and Armors, order and faces kept) and
    those it drops."""
    shown: Cards = () if wiped else tuple(c for c in revealed if c in KEPT)
    if shown and len(shown) == len(revealed) and _stalls(s):
        shown = ()
    dropped = tuple(c for c in revealed if c not in KEPT) if shown else revealed
    if safe:
        return shown, dropped, rest, ()
    return (shown, dropped, tuple(c for c in rest if c & FACE in KEPT),
            tuple(c for c in rest if c & FACE not in KEPT))


def _stalls(s: GameState) -> bool:
    """H30's exception: no refill (Big Hands), or every card lies in the piles."""
    return s.options.big_hands or (not any(s.hands) and not s.market and s.deck_at >= len(s.deck)
                                   and not any(s.discard))


def _bomb_side(s: GameState, slot: int, _: int, ev: list[Event]) -> None:
    """H15: the top card of a neighbour's pile turns face up, stays, and acts."""
    if not slot_alive(s, slot) or not s.piles[slot]:
        return
    pile = s.piles[slot]
    code = pile[-1]
    card = code & FACE
    s.piles[slot] = (*pile[:-1], card | UP)
    ev.append({"type": "bombed", "at": s.row.index(slot), "card": KEYS[card]})
    act(s, card, slot, len(pile) - 1, True, bool(code & UP), ev)


def _time_bomb_side(s: GameState, slot: int, _: int, ev: list[Event]) -> None:
    """H37: the bottom card of a neighbour's pile turns face up, stays, and acts."""
    if not slot_alive(s, slot) or not s.piles[slot]:
        return
    pile = s.piles[slot]
    code = pile[0]
    card = code & FACE
    s.piles[slot] = (card | UP, *pile[1:])
    ev.append({"type": "bombed", "at": s.row.index(slot), "card": KEYS[card], "bottom": True})
    act(s, card, slot, 0, True, bool(code & UP), ev)


def _refill(s: GameState, _: int, __: int, ev: list[Event]) -> None:
    """H13: the market is topped up, then each seat still in fills its hand, from the active seat on,
    the market topped up after each."""
    turn = s.turn
    assert turn is not None
    players, out, tasks = s.players, s.eliminated, s.tasks
    # a stack: the last seat's fill goes on first, so the active seat's comes off first
    for k in range(players - 1, -1, -1):
        seat = (turn + k) % players
        if not out[seat]:
            tasks.append(_TOPUP)
            tasks.append(("fill", seat, 0))
    tasks.append(_TOPUP)


def _topup(s: GameState, _: int, __: int, ev: list[Event]) -> None:
    if len(s.market) < MARKET:  # mostly it is full already
        top_up_market(s, ev)


def _fill(s: GameState, seat: int, _: int, ev: list[Event]) -> None:
    offer_market(s, seat, ev)


def _next_seat(s: GameState, seat: int) -> int:
    players = s.players
    seat = (seat + 1) % players
    while s.eliminated[seat]:
        seat = (seat + 1) % players
    return seat


def _next_turn(s: GameState, _: int, __: int, ev: list[Event]) -> None:
    """H5: the next seat still in, past the turns Hasty skips (H40); under Big Hands an empty hand
    first has its suspect reviewed (H21)."""
    turn = s.turn
    assert turn is not None
    seat = _next_seat(s, turn)
    if s.options.big_hands and not any(s.hands) and not any(
        s.piles[slot] for slot in s.row if not s.dead[slot]
    ):
        ev.append({"type": "stalled"})
        finish(s, (), ev)
        return
    e = s.extra
    if e.fired or e.skipped or e.skips:  # ``Extras`` made directly: this runs every turn
        skipped: tuple[int, ...] = ()
        skips = e.skips
        while skips:
            skips -= 1
            skipped = (*skipped, seat)
            ev.append({"type": "skipped", "seat": seat})
            seat = _next_seat(s, seat)
        s.extra = Extras(e.rotated, e.tucked, skips, e.opened, e.notes, (), skipped)
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


def _death(s: GameState, suspect: int, power: int, ev: list[Event]) -> None:
    powers.death_power(s, suspect, power, ev)


def _power(s: GameState, suspect: int, power: int, ev: list[Event]) -> None:
    powers.play_power(s, suspect, power, ev)


def _breath(s: GameState, _: int, __: int, ev: list[Event]) -> None:
    card_choices.offer_breath(s, ev)


def _snipe(s: GameState, slot: int, _: int, ev: list[Event]) -> None:
    """H34: after its evaluation, whoever now stands above the sniped pile takes a kill."""
    if slot_alive(s, slot):
        kill(s, slot, "sniper", ev)


_TASKS: Final[dict[str, Callable[[GameState, int, int, list[Event]], None]]] = {
    "step": _step,
    "close": _close,
    "bomb": _bomb_side,
    "time_bomb": _time_bomb_side,
    "refill": _refill,
    "topup": _topup,
    "fill": _fill,
    "turn": _next_turn,
    "death": _death,
    "power": _power,
    "breath": _breath,
    "snipe": _snipe,
}
