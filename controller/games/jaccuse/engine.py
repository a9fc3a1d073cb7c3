"""The rules of one generation: state + action -> new state + events, or a refusal (R23).

``apply`` works on a new state object that starts out sharing every part with the caller's, and
the handlers copy on write: they never change a list, dict or object of a state in place, they
replace it with a changed copy (the helpers just below). So the caller's state never changes, and
the new state shares with it whatever the action left alone. Every handler checks all of its
conditions before it touches anything. Events carry public facts, which feed the table log; the few
secrets a seat learns from an action (the cards of a parley) ride along in the same event under keys
the log never prints, and only ``feed.seat_feed`` hands them on, to the seats they belong to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from controller.games.common import Refusal as _Refusal
from controller.games.common import Refused as Refused
from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.cards import ALL_CARD_NAMES, Color, color_of, contains_all, rank_value
from controller.games.jaccuse.state import (
    START_STABILITY,
    GameState,
    GenerationResult,
    Parley,
    Policy,
)

Event = dict[str, Any]


@dataclass(slots=True, init=False)
class Accepted:
    state: GameState
    events: tuple[Event, ...]

    # written out, not generated: a compiled build (mypyc) turns it into C; a generated one stays Python
    def __init__(self, state: GameState, events: tuple[Event, ...]) -> None:
        self.state = state
        self.events = events


def apply(state: GameState, action: Action) -> Accepted | Refused:
    """Apply one action; the given state is never modified."""
    work = state.derive()
    events: list[Event] = []
    try:
        apply_own(work, action, events)
    except _Refusal as refusal:
        return Refused(refusal.code, refusal.message)
    return Accepted(work, tuple(events))


def apply_own(work: GameState, action: Action, events: list[Event] | None) -> None:
    """``apply``'s rules, run on a state object that only the caller holds: it is changed in place.

    The parts inside are still replaced, never changed (copy on write), so states it shares parts
    with stay as they were. A refusal raises ``Refusal`` and leaves ``work`` as it was, since every
    handler checks before it changes anything. For loops that keep one state of their own, such as
    a whole bot game, this saves the new state object, the ``Accepted`` and the events' tuple per move.
    With ``events`` None no events are made at all, for a loop that reads none (a random bot game;
    the strong bot's play-outs do read them, for the sensible bot's memory).
    """
    act = action.act
    # the checks every action passes, then its handler
    if not 0 <= action.seat < work.players:
        _check_seat(work, action.seat)
    if work.phase == "over":
        raise _Refusal("game_over", "The game is over; nothing more can be played.")
    # an election's acts, most of any game, called directly: a compiled build then calls C
    # rather than look a Python callable up in the table and call it through Python
    if act == "vote":
        _vote(work, action, events)
    elif act == "reveal":
        _reveal(work, action, events)
    elif act == "abstain":
        _abstain(work, action, events)
    else:
        _HANDLERS[act](work, action, events)
    work.version += 1


# ---------------------------------------------------------------- copy on write


def _take_card(s: GameState, seat: int, card: str) -> None:
    """Remove one ``card`` from the hand of ``seat``."""
    hands = s.hands.copy()
    hand = hands[seat].copy()
    hand.remove(card)
    hands[seat] = hand
    s.hands = hands


def _give_card(s: GameState, seat: int, card: str) -> None:
    hands = s.hands.copy()
    hands[seat] = [*hands[seat], card]
    s.hands = hands


def _set_membership(s: GameState, seat: int, card: str | None) -> None:
    membership = s.membership.copy()
    membership[seat] = card
    s.membership = membership


# ---------------------------------------------------------------- checks


def _check_seat(s: GameState, seat: int, what: str = "seat") -> None:
    if not 0 <= seat < s.players:
        raise _Refusal("unknown_seat", f"There is no {what} {seat} at a table of {s.players}.")


def _check_in_hand(s: GameState, seat: int, cards: list[str] | tuple[str, ...]) -> None:
    if not contains_all(s.hands[seat], cards):
        shown = ", ".join(cards)
        raise _Refusal("card_not_in_hand", f"Seat {seat} does not hold {shown}.")


def _check_card_in_hand(s: GameState, seat: int, card: str) -> None:
    """``_check_in_hand`` for a single card, without counting the hand."""
    if card not in s.hands[seat]:
        raise _Refusal("card_not_in_hand", f"Seat {seat} does not hold {card}.")


def _check_phase(s: GameState, *phases: str) -> None:
    if s.phase not in phases:
        raise _Refusal("wrong_phase", f"That cannot be done now: the game is in its {s.phase} phase.")


def _check_president(s: GameState, seat: int) -> None:
    if seat != s.president:
        raise _Refusal("not_president", f"Only the President can do that, and seat {seat} is not President.")


# ---------------------------------------------------------------- handlers


def _membership(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.card is not None
    if s.phase == "setup":
        if s.membership[a.seat] is not None:
            raise _Refusal("membership_placed", f"Seat {a.seat} has already placed a membership card.")
        _check_card_in_hand(s, a.seat, a.card)
        _place_membership(s, a.seat, a.card, ev)
        if None not in s.membership:
            _start_election(s, ev)
        return
    if s.phase == "replace_membership":
        if a.seat != s.replacing:
            raise _Refusal("not_your_turn", f"The table waits for seat {s.replacing}'s membership card.")
        _check_card_in_hand(s, a.seat, a.card)
        _place_membership(s, a.seat, a.card, ev)
        follow = s.after_membership
        s.replacing = None
        s.after_membership = None
        if follow == "enact":
            s.phase = "enact"
        elif follow == "president":
            _become_president(s, a.seat, ev, elected=False)
        else:
            _crisis(s, ev)
        return
    raise _Refusal("wrong_phase", "A membership card is placed only at the start or after an accusation.")


def _place_membership(s: GameState, seat: int, card: str, ev: list[Event] | None) -> None:
    _take_card(s, seat, card)
    _set_membership(s, seat, card)
    if ev is not None:
        ev.append({"type": "membership_placed", "seat": seat})


def _refuse_press(s: GameState, seat: int) -> NoReturn:
    """Why ``seat`` may not press or vote now (it is not among the round's ``waiting``)."""
    _check_phase(s, "election")
    if seat not in s.voters:
        raise _Refusal("not_voting", f"Seat {seat} does not vote in this round.")
    raise _Refusal("already_pressed", f"Seat {seat} has already pressed in this round.")


def _vote(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.card is not None
    if s.phase != "election" or a.seat not in s.waiting:
        _refuse_press(s, a.seat)
    if a.card not in s.hands[a.seat]:
        _check_card_in_hand(s, a.seat, a.card)
    selected = s.selected.copy()
    selected[a.seat] = a.card
    s.selected = selected


def _reveal(s: GameState, a: Action, ev: list[Event] | None) -> None:
    if s.phase != "election" or a.seat not in s.waiting:
        _refuse_press(s, a.seat)
    if s.selected[a.seat] is None:
        raise _Refusal("no_vote_selected", f"Seat {a.seat} must select a card before pressing reveal.")
    _pressed(s, a.seat, ev)


def _abstain(s: GameState, a: Action, ev: list[Event] | None) -> None:
    if s.phase != "election" or a.seat not in s.waiting:
        _refuse_press(s, a.seat)
    if s.selected[a.seat] is not None:
        # abstaining takes the selection back: a voter that pressed revealed exactly when it has one
        selected = s.selected.copy()
        selected[a.seat] = None
        s.selected = selected
    _pressed(s, a.seat, ev)


def _pressed(s: GameState, seat: int, ev: list[Event] | None) -> None:
    waiting = s.waiting.copy()
    waiting.remove(seat)
    s.waiting = waiting
    if ev is not None:
        ev.append({"type": "pressed", "seat": seat})
    if not waiting:
        _resolve_round(s, ev)


def _parley(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.cards is not None and a.target is not None
    if s.phase == "parley":
        raise _Refusal("parley_pending", "The parley must be answered first.")
    _check_phase(s, "presidency")
    _check_president(s, a.seat)
    if s.parley_used:
        raise _Refusal("parley_used", "A President may parley only once per presidency.")
    if not a.cards:
        raise _Refusal("parley_empty", "A parley offers at least one card.")
    _check_in_hand(s, a.seat, a.cards)
    _check_seat(s, a.target, "target seat")
    if a.target == a.seat:
        raise _Refusal("bad_target", "The President cannot parley with themself.")
    if len(s.hands[a.target]) < len(a.cards):
        raise _Refusal(
            "parley_too_many",
            f"Seat {a.target} holds {len(s.hands[a.target])} cards, fewer than the {len(a.cards)} offered.",
        )
    s.parley = Parley(a.seat, a.target, a.cards)
    s.phase = "parley"
    if ev is not None:
        ev.append({"type": "parley_offered", "president": a.seat, "target": a.target, "count": len(a.cards),
                   "cards": list(a.cards)})


def _parley_reply(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.cards is not None
    _check_phase(s, "parley")
    p = s.parley
    assert p is not None
    if a.seat != p.target:
        raise _Refusal("not_parley_target", f"Only seat {p.target} can answer this parley.")
    if len(a.cards) != len(p.offered):
        raise _Refusal("parley_wrong_count", f"The answer must be exactly {len(p.offered)} card(s).")
    _check_in_hand(s, a.seat, a.cards)
    hands = s.hands.copy()
    president, target = hands[p.president].copy(), hands[p.target].copy()
    for card in p.offered:
        president.remove(card)
    for card in a.cards:
        target.remove(card)
    president.extend(a.cards)
    target.extend(p.offered)
    hands[p.president], hands[p.target] = president, target
    s.hands = hands
    s.parley = None
    s.parley_used = True
    s.phase = "presidency"
    if ev is not None:
        ev.append({"type": "parley_done", "president": p.president, "target": p.target, "count": len(a.cards),
                   "offered": list(p.offered), "answered": list(a.cards)})


def _presidential(s: GameState, a: Action) -> None:
    if s.phase == "parley":
        raise _Refusal("parley_pending", "The President cannot act while a parley is unanswered.")
    _check_phase(s, "presidency")
    _check_president(s, a.seat)


def _defect(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.card is not None
    _presidential(s, a)
    _check_card_in_hand(s, a.seat, a.card)
    old = s.membership[a.seat]
    if old is not None:
        s.discard = [*s.discard, old]
    _take_card(s, a.seat, a.card)
    _set_membership(s, a.seat, a.card)
    if ev is not None:
        ev.append({"type": "defected", "seat": a.seat})
    _start_election(s, ev)


def accusable(s: GameState) -> list[int]:
    """Seats the President may accuse now (R15, R19)."""
    president = -1 if s.president is None else s.president
    hands, barred = s.hands, s.presidents_since_election
    return [t for t in range(s.players) if t != president and hands[t] and t not in barred]


def _accuse(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.target is not None and a.color is not None
    _presidential(s, a)
    _check_seat(s, a.target, "target seat")
    t = a.target
    if a.color not in ("red", "black"):
        raise _Refusal("bad_color", "An accusation names red or black.")
    if t == a.seat:
        raise _Refusal("bad_target", "The President cannot accuse themself.")
    if not s.hands[t]:
        raise _Refusal("target_out", f"Seat {t} has no cards left and cannot be accused.")
    if t in s.presidents_since_election:
        raise _Refusal("target_barred", f"Seat {t} has been President since the last election.")
    card = s.membership[t]
    assert card is not None
    correct = color_of(card) == a.color
    if ev is not None:
        ev.append(
            {"type": "accused", "president": a.seat, "target": t, "color": a.color,
             "membership": card, "correct": correct}
        )
    _set_membership(s, t, None)
    s.replacing = t
    s.phase = "replace_membership"
    if correct:
        _give_card(s, a.seat, card)
        s.after_membership = "enact"
        return
    _give_card(s, t, card)
    s.incorrect_accusations += 1
    # R17: at the third, the crisis waits until the target has placed its membership card
    s.after_membership = "crisis" if s.incorrect_accusations >= 3 else "president"


def _crisis(s: GameState, ev: list[Event] | None) -> None:
    """R17 at 3, once the target's membership is down: stability drops, R20 decides, else an election."""
    before = s.stability
    s.stability = max(1, before - 1)
    if ev is not None:
        ev.append({"type": "crisis", "from": before, "stability": s.stability})
    _check_end(s, ev)
    if not _generation_ended(s):
        _start_election(s, ev)


def _enact(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.card is not None
    _check_phase(s, "enact")
    _check_president(s, a.seat)
    _check_card_in_hand(s, a.seat, a.card)
    colour = color_of(a.card)
    if colour is None:
        raise _Refusal("neutral_policy", "A neutral joker has no colour and cannot be enacted.")
    _take_card(s, a.seat, a.card)
    _pass_policy(s, Policy(colour, "enacted", a.card), ev)
    if not _generation_ended(s):
        _start_election(s, ev)


def _pass(s: GameState, a: Action, ev: list[Event] | None) -> None:
    _presidential(s, a)
    if ev is not None:
        ev.append({"type": "passed", "seat": a.seat})
    _start_election(s, ev)


def _give_xp(s: GameState, a: Action, ev: list[Event] | None) -> None:
    assert a.to is not None and a.amount is not None
    _check_seat(s, a.to, "seat")
    if a.to == a.seat:
        raise _Refusal("bad_target", "XP can only be given to another seat.")
    if a.amount < 1:
        raise _Refusal("bad_amount", "Give at least 1 XP.")
    if s.xp[a.seat] < a.amount:
        raise _Refusal("not_enough_xp", f"Seat {a.seat} holds only {s.xp[a.seat]} XP.")
    xp = s.xp.copy()
    xp[a.seat] -= a.amount
    xp[a.to] += a.amount
    s.xp = xp
    if ev is not None:
        ev.append({"type": "xp_given", "seat": a.seat, "to": a.to, "amount": a.amount})


_HANDLERS: Final[dict[str, Callable[[GameState, Action, list[Event] | None], None]]] = {
    "membership": _membership,
    "vote": _vote,
    "reveal": _reveal,
    "abstain": _abstain,
    "parley": _parley,
    "parley_reply": _parley_reply,
    "defect": _defect,
    "accuse": _accuse,
    "enact": _enact,
    "pass": _pass,
    "give_xp": _give_xp,
}


# ---------------------------------------------------------------- elections


def _start_election(s: GameState, ev: list[Event] | None) -> None:
    """A new election; with nobody able to vote, R8 settles it at once, repeatedly if need be."""
    s.president = None
    s.presidents_since_election = []
    s.parley_used = False
    s.table_cards = []
    # last_revealed stays: the table shows what the last round revealed until the next one resolves
    s.phase = "election"
    # a free policy below may end the generation, which leaves the election phase
    while s.phase == "election":
        voters = [seat for seat in range(s.players) if s.hands[seat]]  # the seats holding a card
        if voters:
            _open_round(s, 1, voters)
            if ev is not None:
                ev.append({"type": "election", "voters": voters})
            return
        if ev is not None:
            ev.append({"type": "nobody_can_vote"})
        if not s.policies:
            _end(s, None, ev)
            return
        _pass_policy(s, Policy(s.policies[-1].color, "free"), ev)


def _generation_ended(s: GameState) -> bool:
    """True once R20 (or R8) has ended the generation: the game is over, or a campaign moved on."""
    return s.phase in ("over", "setup")


def _return_table_cards(s: GameState) -> None:
    if s.table_cards:
        hands = s.hands.copy()
        for seat, card in s.table_cards:
            hands[seat] = [*hands[seat], card]
        s.hands = hands
    s.table_cards = []


#: every card name's colour and rank, looked up in one go by a contested round (a plain dict: a
#: compiled build reads it in C; a name outside the decks still goes through ``_colour_rank``)
_COLOUR_RANK: Final[dict[str, tuple[Color | None, int]]] = {
    card: (color_of(card), rank_value(card)) for card in ALL_CARD_NAMES
}


def _colour_rank(card: str) -> tuple[Color | None, int]:
    return color_of(card), rank_value(card)


def _open_round(s: GameState, number: int, voters: list[int]) -> None:
    s.round_number = number
    s.voters = voters
    s.selected = [None] * s.players
    s.waiting = voters  # shared with ``voters``: a press replaces the list, never changes it


def _close_round(s: GameState) -> None:
    s.round_number = 0
    s.voters, s.selected, s.waiting = [], [], []


def _resolve_round(s: GameState, ev: list[Event] | None) -> None:
    # one pass over the voters, every one of whom has pressed: those with a card selected revealed
    selected, voters = s.selected, s.voters
    revealed: list[tuple[int, str]] = []
    for seat in voters:
        card = selected[seat]
        if card is not None:
            revealed.append((seat, card))
    if revealed:
        hands = s.hands.copy()
        for seat, card in revealed:
            hand = hands[seat].copy()
            hand.remove(card)
            hands[seat] = hand
        s.hands = hands
        s.table_cards = [*s.table_cards, *revealed]
    s.last_revealed = revealed
    number = s.round_number
    _close_round(s)
    if ev is not None:
        ev.append({
            "type": "revealed",
            "round": number,
            "cards": [{"seat": seat, "card": card} for seat, card in revealed],
            "abstained": [seat for seat in voters if selected[seat] is None],
        })
    if not revealed:
        # R8 / R11: nobody revealed
        _return_table_cards(s)
        if ev is not None:
            ev.append({"type": "all_abstained"})
        if s.policies:
            _pass_policy(s, Policy(s.policies[-1].color, "free"), ev)
        if not _generation_ended(s):
            _start_election(s, ev)
        return
    # one pass over the revealed cards, each card's colour and rank looked up once: do the colours
    # differ, and which coloured cards rank highest (a neutral joker has no colour)
    first: Color | None = None
    mixed = False
    top = -1
    leaders: list[tuple[int, str]] = []
    for pair in revealed:
        found = _COLOUR_RANK.get(pair[1])
        colour, rank = _colour_rank(pair[1]) if found is None else found
        if colour is None:
            continue
        if first is None:
            first = colour
        elif colour != first:
            mixed = True
        if rank > top:
            top = rank
            leaders = [pair]
        elif rank == top:
            leaders.append(pair)
    if not mixed:
        # R9: consensus, or only neutral jokers
        _return_table_cards(s)
        if first is not None:
            if ev is not None:
                ev.append({"type": "consensus", "color": first})
            _pass_policy(s, Policy(first, "free"), ev)
        else:
            if ev is not None:
                ev.append({"type": "only_neutral"})
        if not _generation_ended(s):
            _start_election(s, ev)
        return
    if len(leaders) == 1:
        seat, card = leaders[0]
        table_cards = s.table_cards.copy()
        table_cards.remove((seat, card))
        s.table_cards = table_cards
        s.discard = [*s.discard, card]
        _return_table_cards(s)
        xp = s.xp.copy()
        xp[seat] += 1
        s.xp = xp
        s.incorrect_accusations = 0
        if ev is not None:
            ev.append({"type": "elected", "seat": seat, "card": card})
        _become_president(s, seat, ev, elected=True)
        return
    # R11: a tie round among those who revealed and still hold a card
    voters = [seat for seat, _ in revealed if s.hands[seat]]
    if ev is not None:
        ev.append({"type": "tie", "seats": [seat for seat, _ in leaders], "voters": voters})
    if not voters:
        _return_table_cards(s)
        if s.policies:
            _pass_policy(s, Policy(s.policies[-1].color, "free"), ev)
        if not _generation_ended(s):
            _start_election(s, ev)
        return
    _open_round(s, number + 1, voters)


def _become_president(s: GameState, seat: int, ev: list[Event] | None, *, elected: bool) -> None:
    s.president = seat
    if elected:
        s.presidents_since_election = [seat]
    elif seat not in s.presidents_since_election:
        s.presidents_since_election = [*s.presidents_since_election, seat]
    s.parley_used = False
    s.phase = "presidency"
    if not elected and ev is not None:
        ev.append({"type": "president", "seat": seat})


# ---------------------------------------------------------------- policies and the end


def trailing_run(s: GameState) -> tuple[Color | None, int]:
    """The colour and length of the run of same-coloured policies at the end of the track."""
    if not s.policies:
        return None, 0
    colour = s.policies[-1].color
    n = 0
    for policy in reversed(s.policies):
        if policy.color != colour:
            break
        n += 1
    return colour, n


def _pass_policy(s: GameState, policy: Policy, ev: list[Event] | None) -> None:
    s.policies = [*s.policies, policy]
    if ev is not None:
        ev.append({"type": "policy", **policy.to_dict()})
    _check_end(s, ev)


def _check_end(s: GameState, ev: list[Event] | None) -> None:
    """R20: checked after every policy and every change of stability."""
    colour, run = trailing_run(s)
    if colour is not None and run >= s.stability:
        _end(s, colour, ev)


def aligned_seats(s: GameState, colour: Color) -> list[int]:
    """R21: same-coloured networks decide alone; a mixed network defers to the membership card."""
    out = []
    for seat in range(s.players):
        left, right = s.network_of(seat)
        if left == right:
            if left == colour:
                out.append(seat)
        else:
            m = s.membership[seat]
            if m is not None and color_of(m) == colour:
                out.append(seat)
    return out


def _end(s: GameState, colour: Color | None, ev: list[Event] | None) -> None:
    s.phase = "over"
    _close_round(s)
    s.parley = None
    s.president = None
    s.replacing = None
    s.after_membership = None
    _return_table_cards(s)
    s.winning_color = colour
    if s.campaign is not None:
        if ev is not None:
            ev.append({"type": "over", "winning_color": colour, "winners": []})
        _end_generation(s, colour, ev)
        return
    if colour is not None:
        s.aligned = aligned_seats(s, colour)
        if s.aligned:
            best = max(s.xp[seat] for seat in s.aligned)
            s.winners = [seat for seat in s.aligned if s.xp[seat] == best]
    if ev is not None:
        ev.append({"type": "over", "winning_color": colour, "winners": list(s.winners)})


# ---------------------------------------------------------------- the campaign


def _end_generation(s: GameState, colour: Color | None, ev: list[Event] | None) -> None:
    """Score a finished generation and set up the next one, or close the campaign."""
    assert s.campaign is not None
    c = s.campaign = s.campaign.copy()
    c.history.append(GenerationResult(colour, list(s.membership)))
    if colour is not None:
        for seat, card in enumerate(s.membership):
            if card is not None and color_of(card) == colour:
                c.vp[seat] += 1
    if ev is not None:
        ev.append({
            "type": "generation_over", "generation": c.generation, "winning_color": colour,
            "membership": list(s.membership),
        })
    if c.generation >= c.generations:
        for result in c.history:
            if result.winning_color is None:
                continue
            for seat in range(s.players):
                c.vp[seat] += sum(1 for card in s.network_of(seat) if card == result.winning_color)
        best = max(c.vp)
        leaders = [seat for seat in range(s.players) if c.vp[seat] == best]
        top_xp = max(s.xp[seat] for seat in leaders)
        c.winners = [seat for seat in leaders if s.xp[seat] == top_xp]
        c.over = True
        if ev is not None:
            ev.append({"type": "campaign_over", "vp": list(c.vp), "winners": list(c.winners)})
        return
    deal = c.later_deals[c.generation - 1]
    c.generation += 1
    s.hands = [list(h) for h in deal.hands]
    s.discard = list(deal.discard)
    s.membership = [None] * s.players
    s.policies = []
    s.stability = min(START_STABILITY, s.stability + 1)
    s.winning_color = None
    s.incorrect_accusations = 0
    s.last_revealed = []
    s.phase = "setup"
    if ev is not None:
        ev.append({"type": "generation", "generation": c.generation, "stability": s.stability})
    if colour is not None:
        # the historical echo: a free policy of the last winning colour, which counts at once (R20)
        _pass_policy(s, Policy(colour, "free"), ev)
