"""The rules of Betrayal: state + action -> new state + events, or a refusal (B18).

``apply`` works on a new state object that starts out sharing every part with the caller's, and
the handlers copy on write: they never change a list of a state in place, they replace it with a
changed copy. So the caller's state never changes, and the new state shares with it whatever the
action left alone. Every handler checks all of its conditions before it touches anything.

Events carry public facts only (they feed the table log and every screen): which cards met in an
accusation, how many cards an army drew, which places a peek looked at. What a drawn or peeked
card is stays in the state, for the owner's seat view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from controller.games import common
from controller.games.betrayal.actions import Action
from controller.games.betrayal.cards import (
    BLACK_ACES,
    FACE,
    INDEX,
    JOKER,
    NAMES,
    POWER,
    SPECIAL,
    SUIT_OF,
    TWOS,
    UP,
    is_black,
    is_red,
    title,
)
from controller.games.betrayal.state import (
    DEATHS_AFTER_JOKER,
    Accusation,
    GameState,
    Peek,
    Side,
    loyal_losses_to_lose,
)
from controller.games.common import Refusal
from controller.games.common import Refused as Refused

Event = dict[str, Any]

#: B5: the traitor adds at most this many red cards
MAX_RED: Final = 5


class Accepted(common.Accepted[GameState]):
    """An accepted action of this game (its own class, typed with its state)."""

    __slots__ = ()


def apply(state: GameState, action: Action) -> Accepted | Refused:
    """Apply one action; the given state is never modified."""
    work = state.derive()
    events: list[Event] = []
    try:
        if not 0 <= action.army < work.armies:
            raise Refusal(
                "unknown_army", f"There is no army {action.army}: armies are 0 to {work.armies - 1}."
            )
        if work.phase == "over":
            raise Refusal("game_over", "The game is over; nothing more can be played.")
        handler = _HANDLERS.get(action.act)
        if handler is None:
            raise Refusal("unknown_act", f"There is no act {action.act!r} in Betrayal.")
        handler(work, action, events)
    except Refusal as refusal:
        return refusal.refused()
    work.version += 1
    return Accepted(work, tuple(events))


# ---------------------------------------------------------------- checks


def _wrong_phase(s: GameState) -> Refusal:
    if s.phase == "setup":
        why = "every army must first choose its cards"
    elif s.phase == "turn":
        why = f"army {s.turn} must accuse"
    elif s.phase == "after_win":
        why = f"army {s.turn} may hide its card again or end its turn"
    else:
        why = f"the game waits for army {s.turn} to peek"
    return Refusal("wrong_phase", f"That cannot be done now: {why}.")


def _check_turn(s: GameState, phase: str, army: int) -> None:
    if s.phase != phase:
        raise _wrong_phase(s)
    if army != s.turn:
        raise Refusal("not_your_turn", f"It is army {s.turn}'s move, not army {army}'s.")


def _check_place(s: GameState, army: int, place: tuple[int, int]) -> None:
    """``place`` must be a card in another army's row."""
    target, position = place
    if not 0 <= target < s.armies:
        raise Refusal("bad_target", f"There is no army {target}.")
    if target == army:
        raise Refusal("bad_target", f"Army {army} cannot pick a card of its own row.")
    if not 0 <= position < len(s.rows[target]):
        raise Refusal("bad_position", _no_card(s, target, position))


def _no_card(s: GameState, army: int, position: int) -> str:
    size = len(s.rows[army])
    if not size:
        return f"Army {army} has no card left."
    return f"Army {army}'s row has positions 0 to {size - 1}, not {position}."


# ---------------------------------------------------------------- setup (B5, B6)


def _choose(s: GameState, a: Action, ev: list[Event]) -> None:
    if s.phase != "setup":
        raise Refusal("wrong_phase", "Armies are chosen only at the start of the game.")
    army = a.army
    if s.chosen[army]:
        raise Refusal("already_chosen", f"Army {army} has already chosen its cards.")
    hand = s.hands[army]
    if army == s.traitor:
        keep = _traitor_keeps(army, hand, a)
    else:
        keep = _loyal_keeps(army, hand, a)
    row = [c for c, kept in zip(hand, keep, strict=True) if kept]
    rest = [c for c, kept in zip(hand, keep, strict=True) if not kept]
    chosen = s.chosen.copy()
    chosen[army] = True
    s.chosen = chosen
    rows = s.rows.copy()
    rows[army] = row
    s.rows = rows
    s.middle = sorted(s.middle + rest)
    ev.append({"type": "army_chosen", "army": army})
    if all(chosen):
        _start_play(s, ev)


def _traitor_keeps(army: int, hand: tuple[int, ...], a: Action) -> list[bool]:
    """B5: the joker, every spade and club, and the named red cards (first-dealt copies first)."""
    if a.suits is not None:
        raise Refusal(
            "traitor_picks_red",
            f"Army {army} holds the joker: as the traitor it adds 0 to {MAX_RED} red cards, not two suits.",
        )
    red = a.red if a.red is not None else ()
    if len(red) > MAX_RED:
        raise Refusal("too_many_red", f"The traitor adds at most {MAX_RED} red cards, not {len(red)}.")
    wanted: dict[int, int] = {}
    for name in red:
        card = INDEX.get(name, -1)
        if card < 0 or not is_red(card):
            raise Refusal("not_red", f"{name} is not a heart or a diamond.")
        wanted[card] = wanted.get(card, 0) + 1
    for card, count in wanted.items():
        if hand.count(card) < count:
            held = "does not hold" if card not in hand else "holds only one"
            raise Refusal("card_not_held", f"Army {army} {held} {NAMES[card]}.")
    keep = []
    for card in hand:
        if card == JOKER or is_black(card):
            keep.append(True)
        elif wanted.get(card, 0):
            wanted[card] -= 1
            keep.append(True)
        else:
            keep.append(False)
    return keep


def _loyal_keeps(army: int, hand: tuple[int, ...], a: Action) -> list[bool]:
    """B5: every card of two different suits; a choice that keeps nothing is refused."""
    if a.red is not None:
        raise Refusal(
            "loyal_picks_suits", f"Army {army} is not the traitor: it chooses two suits, not red cards."
        )
    suits = a.suits if a.suits is not None else ()
    if len(suits) != 2 or suits[0] == suits[1]:
        raise Refusal("bad_suits", "Choose two different suits.")
    keep = [SUIT_OF[c] in suits for c in hand]
    if not any(keep):
        raise Refusal(
            "empty_army", f"Army {army} holds no {suits[0]} or {suits[1]} card: that would leave it no army."
        )
    return keep


def _start_play(s: GameState, ev: list[Event]) -> None:
    """Every army has chosen: the rows go public (their lengths) and the first army that can attack plays."""
    ev.append({
        "type": "armies_set",
        "rows": [len(r) for r in s.rows],
        "middle": len(s.middle),
    })
    for army in range(s.armies):
        if _can_attack(s.rows[army]):
            _give_turn(s, army, ev)
            return
    raise AssertionError("every army has a card and only the traitor holds the joker")


# ---------------------------------------------------------------- a turn (B8-B12)


def _accuse(s: GameState, a: Action, ev: list[Event]) -> None:
    army = a.army
    if s.phase != "turn" or army != s.turn:
        _check_turn(s, "turn", army)
    position, target = a.card, a.target
    if position is None or target is None:
        raise Refusal("bad_action", "An accusation names its card and its target.")
    rows = s.rows
    row = rows[army]
    if not 0 <= position < len(row):
        raise Refusal("bad_position", _no_card(s, army, position))
    card = row[position] & FACE
    if card == JOKER:
        raise Refusal("joker_cannot_attack", "The joker cannot accuse.")
    t, t_position = target
    if not 0 <= t < s.armies or t == army or not 0 <= t_position < len(rows[t]):
        _check_place(s, army, target)
    t_row = rows[t]
    t_card = t_row[t_position] & FACE
    by_two = (
        s.twos_defend and t_card in TWOS and card not in TWOS
        and not (t == s.traitor and len(t_row) <= 3)
    )
    won = not by_two and (
        POWER[card] >= POWER[t_card] or (card in SPECIAL and t_card in BLACK_ACES)
    )
    rows = rows.copy()
    points = s.points.copy()
    mine = row.copy()
    theirs = t_row.copy()
    if won:
        mine[position] = card | UP
        del theirs[t_position]
        points[army] = [*points[army], t_card]
        loser, scorer, dead = t, army, t_card
    else:
        del mine[position]
        theirs[t_position] = t_card | UP
        points[t] = [*points[t], card]
        loser, scorer, dead = army, t, card
    rows[army] = mine
    rows[t] = theirs
    s.rows = rows
    s.points = points
    s.last = Accusation(army, position, card, t, t_position, t_card, won, by_two)
    s.attacker_won = won
    s.card_at = position if won else -1
    ev.append({
        "type": "accused",
        "army": army,
        "position": position,
        "card": NAMES[card],
        "target": [t, t_position],
        "target_card": NAMES[t_card],
        "winner": "attacker" if won else "defender",
        "by_two": by_two,
    })
    # (1) done: the dead card is in its points pile; (2) an empty row is out, and the end is checked
    ended = False
    if loser == s.traitor:
        if dead == JOKER:
            s.joker_dead = True
            ev.append({"type": "joker_died", "traitor": loser})
        elif s.joker_dead:
            s.deaths += 1
            ev.append({"type": "traitor_lost", "deaths": s.deaths})
        if not rows[loser]:
            _eliminate(s, loser, "no_cards", ev)
        ended = _check_end(s, ev)
    elif not rows[loser]:
        _eliminate(s, loser, "no_cards", ev)
        ended = _check_end(s, ev)
    if ended:
        return
    # (3) the army that scored takes its reward, out of turn if it is the defender (B13)
    reward = s.rewards[len(points[scorer])]
    if reward is not None:
        total = len(points[scorer])
        if reward.kind == "draw":
            _draw(s, scorer, reward.amount, total, ev)
        elif reward.kind == "peek":
            s.phase = "peek"
            s.turn = scorer
            ev.append({"type": "peek_due", "army": scorer, "points": total})
            return
        else:
            _eliminate(s, scorer, "points", ev)
            if _check_end(s, ev):
                return
    _after_accusation(s, ev)


def _after_accusation(s: GameState, ev: list[Event]) -> None:
    """B12 (4): a winning attacker still holding its card may hide it or end; else the turn passes."""
    attacker = s.attacker
    assert attacker is not None
    if s.attacker_won and not s.eliminated[attacker]:
        s.phase = "after_win"
        s.turn = attacker
    else:
        _pass_turn(s, ev)


def _hide(s: GameState, a: Action, ev: list[Event]) -> None:
    army = a.army
    if s.phase != "after_win" or army != s.turn:
        _check_turn(s, "after_win", army)
    at = a.at
    row = s.rows[army]
    if at is None or not 0 <= at < len(row):
        raise Refusal("bad_position", f"Hide the card at a position from 0 to {len(row) - 1}.")
    mine = row.copy()
    card = mine.pop(s.card_at) & FACE
    mine.insert(at, card)
    rows = s.rows.copy()
    rows[army] = mine
    s.rows = rows
    ev.append({"type": "hid", "army": army, "at": at})
    _pass_turn(s, ev)


def _end(s: GameState, a: Action, ev: list[Event]) -> None:
    army = a.army
    if s.phase != "after_win" or army != s.turn:
        _check_turn(s, "after_win", army)
    _pass_turn(s, ev)


def _peek(s: GameState, a: Action, ev: list[Event]) -> None:
    army = a.army
    _check_turn(s, "peek", army)
    places = a.cards if a.cards is not None else ()
    others = sum(len(row) for t, row in enumerate(s.rows) if t != army)
    need = min(2, others)
    if len(places) != need:
        raise Refusal("peek_count", f"Look at exactly {need} card(s) in the other armies' rows.")
    if len(set(places)) != len(places):
        raise Refusal("peek_same", "Look at two different cards.")
    for place in places:
        _check_place(s, army, place)
    peeks = s.peeks.copy()
    peeks[army] = [*peeks[army], *(Peek(t, p, s.rows[t][p] & FACE) for t, p in places)]
    s.peeks = peeks
    ev.append({"type": "peeked", "army": army, "cards": [[t, p] for t, p in places]})
    _after_accusation(s, ev)


_HANDLERS: Final[dict[str, Callable[[GameState, Action, list[Event]], None]]] = {
    "army": _choose,
    "accuse": _accuse,
    "hide": _hide,
    "end": _end,
    "peek": _peek,
}


# ---------------------------------------------------------------- rewards, turns and the end


def _draw(s: GameState, army: int, count: int, total: int, ev: list[Event]) -> None:
    """B7: each card drawn is the middle pile's ``rolls[k] mod size``-th; an empty pile gives nothing."""
    middle = s.middle.copy()
    row = s.rows[army].copy()
    rolls = s.rolls
    k = s.drawn
    got = 0
    while got < count and middle:
        roll = rolls[k] if k < len(rolls) else 0
        row.append(middle.pop(roll % len(middle)))
        k += 1
        got += 1
    if got:
        s.middle = middle
        rows = s.rows.copy()
        rows[army] = row
        s.rows = rows
        s.drawn = k
    ev.append({"type": "drew", "army": army, "count": got, "points": total})


def _eliminate(s: GameState, army: int, reason: str, ev: list[Event]) -> None:
    """An army is out: it ran out of cards, or its points put it out (B14: its row leaves the game)."""
    eliminated = s.eliminated.copy()
    eliminated[army] = True
    s.eliminated = eliminated
    if reason == "points" and s.rows[army]:
        s.gone = s.gone + [c & FACE for c in s.rows[army]]
        rows = s.rows.copy()
        rows[army] = []
        s.rows = rows
    ev.append({"type": "eliminated", "army": army, "reason": reason})


def _can_attack(row: list[int]) -> bool:
    """A row can attack when it holds a card other than the joker (which is always face down)."""
    return len(row) > 1 or (len(row) == 1 and row[0] != JOKER)


def _pass_turn(s: GameState, ev: list[Event]) -> None:
    """B15: clockwise to the next army still in that has a card to attack with."""
    attacker = s.attacker
    assert attacker is not None
    n = s.armies
    rows = s.rows
    eliminated = s.eliminated
    for step in range(1, n + 1):
        army = (attacker + step) % n
        if not eliminated[army] and _can_attack(rows[army]):
            _give_turn(s, army, ev)
            return
    raise AssertionError("a live game always has a loyal army that can attack")


def _give_turn(s: GameState, army: int, ev: list[Event]) -> None:
    s.phase = "turn"
    s.turn = army
    s.attacker = army
    s.card_at = -1
    s.attacker_won = False
    ev.append({"type": "turn", "army": army})


def _check_end(s: GameState, ev: list[Event]) -> bool:
    """B16, checked after an elimination or a death of the traitor's: True when the game just ended."""
    eliminated = s.eliminated
    traitor = s.traitor
    if eliminated[traitor] or (s.joker_dead and s.deaths >= DEATHS_AFTER_JOKER):
        _finish(s, "loyal", ev)
        return True
    if s.players == 2:
        other = 1 - s.army_seats[traitor]
        if eliminated[other] and eliminated[other + 2]:
            _finish(s, "traitor", ev)
            return True
        return False
    if sum(eliminated) >= loyal_losses_to_lose(s.armies):
        _finish(s, "traitor", ev)
        return True
    return False


def winning_armies(s: GameState, side: Side) -> list[int]:
    """B16: every army of the winning side; at two players, both armies of the winning seat."""
    traitor_seat = s.army_seats[s.traitor]
    if s.players == 2:
        seat = traitor_seat if side == "traitor" else 1 - traitor_seat
        return [a for a in range(s.armies) if s.army_seats[a] == seat]
    if side == "traitor":
        return [s.traitor]
    return [a for a in range(s.armies) if a != s.traitor]


def _finish(s: GameState, side: Side, ev: list[Event]) -> None:
    s.phase = "over"
    s.turn = None
    s.attacker_won = False
    s.card_at = -1
    s.winner_side = side
    s.winners = winning_armies(s, side)
    ev.append({
        "type": "over",
        "winner_side": side,
        "winners": list(s.winners),
        "traitor": s.traitor,
        "titles": [title(len(p)) for p in s.points],
    })
