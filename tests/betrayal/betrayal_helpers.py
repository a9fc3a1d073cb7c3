"""Builders and drivers for the Betrayal rules tests.

Two ways to a position: play it (``make_deal`` names the cards that matter and fills the rest of
each hand from the deck in its fixed order, ``choose_all`` makes the setup choices), or build it by
hand (``position`` lays out rows, points and the middle pile directly, for situations that would
take many moves to reach). Cards are written as in the contract; ``^`` before a name lays it face up.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from controller.games.betrayal import (
    Accepted,
    Action,
    Deal,
    GameState,
    Refused,
    apply,
    new_game,
    public_view,
    replay_summary,
    seat_view,
)
from controller.games.betrayal.cards import FACE, INDEX, JOKER, NAMES, UP, deck
from controller.games.betrayal.deal import hand_sizes
from controller.games.betrayal.engine import Event
from controller.games.betrayal.seats import army_count
from controller.games.betrayal.state import Peek


def make_deal(
    players: int, hands: Mapping[int, Iterable[str]] | None = None, rolls: Iterable[int] = ()
) -> Deal:
    """A legal deal in which army a's hand starts with ``hands[a]``, in that order; the rest is
    dealt round-robin in deck order, the joker first (so army 0 is the traitor unless the joker is
    placed elsewhere), which gives every army cards of every suit."""
    armies = army_count(players)
    sizes = hand_sizes(armies)
    pool = Counter(deck(armies))
    chosen = [list((hands or {}).get(a, ())) for a in range(armies)]
    for cards in chosen:
        for card in cards:
            if pool[card] <= 0:
                raise ValueError(f"{card} is not (or no more) in the deck")
            pool[card] -= 1
    filler = []
    for card in ["JK", *deck(armies)]:
        if pool[card] > 0:
            filler.append(card)
            pool[card] -= 1
    for a, cards in enumerate(chosen):
        if len(cards) > sizes[a]:
            raise ValueError(f"army {a} is dealt {sizes[a]} cards, not {len(cards)}")
    a = 0
    for card in filler:
        while len(chosen[a]) >= sizes[a]:
            a = (a + 1) % armies
        chosen[a].append(card)
        a = (a + 1) % armies
    return Deal(players, tuple(tuple(c) for c in chosen), tuple(rolls))


def action(army: int, act_name: str, **keys: Any) -> Action:
    return Action.from_dict({"army": army, "act": act_name, **keys})


def act_events(
    state: GameState, army: int, act_name: str, **keys: Any
) -> tuple[GameState, tuple[Event, ...]]:
    result = apply(state, action(army, act_name, **keys))
    assert isinstance(result, Accepted), f"army {army} {act_name} {keys} refused: {result}"
    return result.state, result.events


def act(state: GameState, army: int, act_name: str, **keys: Any) -> GameState:
    """Apply one action that must be accepted; return the new state."""
    return act_events(state, army, act_name, **keys)[0]


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything observable about a state, for "nothing changed" checks (B18)."""
    return (
        state.copy(),
        replay_summary(state),
        public_view(state),
        [seat_view(state, seat) for seat in range(state.players)],
    )


def refuse(state: GameState, army: int, act_name: str, code: str, **keys: Any) -> Refused:
    """Apply an action that must be refused with ``code``, and check that it changed nothing."""
    before = snapshot(state)
    result = apply(state, action(army, act_name, **keys))
    assert isinstance(result, Refused), f"army {army} {act_name} {keys} was accepted"
    assert result.code == code, f"expected {code}, got {result.code}: {result.message}"
    assert result.message
    assert snapshot(state) == before
    return result


def choose_all(state: GameState, choices: Mapping[int, dict[str, Any]] | None = None) -> GameState:
    """Make every setup choice: ``choices[a]`` for army a, else the traitor adds no red card and a
    loyal army takes the first pair of suits that gives it cards."""
    for army in range(state.armies):
        if state.chosen[army]:
            continue
        keys = (choices or {}).get(army)
        if keys is None:
            if army == state.traitor:
                keys = {"red": []}
            else:
                move = next(m for m in seat_view(state, state.army_seats[army])["moves"] if m["army"] == army)
                keys = {"suits": move["suits"][0]}
        state = act(state, army, "army", **keys)
    return state


def _code(card: str) -> int:
    if card.startswith("^"):
        return INDEX[card[1:]] | UP
    return INDEX[card]


def position(
    players: int,
    rows: Mapping[int, Iterable[str]],
    *,
    turn: int = 0,
    points: Mapping[int, Iterable[str]] | None = None,
    middle: Iterable[str] | None = None,
    rolls: Iterable[int] = (),
    twos_defend: bool = False,
    eliminated: Iterable[int] = (),
    joker_dead: bool = False,
    deaths: int = 0,
    traitor: int | None = None,
) -> GameState:
    """A game in its ``turn`` phase, laid out by hand.

    ``rows[a]`` is army a's row (``^`` lays a card face up); ``points[a]`` its points pile. The
    traitor is the army whose row holds ``JK`` (give ``traitor`` once the joker is dead). Every card
    of the deck not placed goes to the middle pile, unless ``middle`` is given; the cards left over
    then are out of the game (as after B14).
    """
    armies = army_count(players)
    base = new_game(make_deal(players), twos_defend=twos_defend).copy()
    placed: Counter[str] = Counter()
    s = base
    s.chosen = [True] * armies
    s.rows = [[_code(c) for c in rows.get(a, ())] for a in range(armies)]
    s.points = [[INDEX[c] for c in (points or {}).get(a, ())] for a in range(armies)]
    for row in s.rows:
        placed.update(NAMES[c & FACE] for c in row)
    for pile in s.points:
        placed.update(NAMES[c] for c in pile)
    rest = Counter(deck(armies)) - placed
    if placed - Counter(deck(armies)):
        extra = sorted((placed - Counter(deck(armies))).elements())
        raise ValueError(f"more cards placed than the deck holds: {extra}")
    if middle is None:
        s.middle = sorted(INDEX[c] for c in rest.elements())
        s.gone = []
    else:
        chosen_middle = Counter(middle)
        if chosen_middle - rest:
            raise ValueError("the middle pile names cards placed elsewhere")
        s.middle = sorted(INDEX[c] for c in chosen_middle.elements())
        s.gone = sorted(INDEX[c] for c in (rest - chosen_middle).elements())
    s.rolls = tuple(rolls)
    holder = [a for a, row in enumerate(s.rows) if INDEX["JK"] in row]
    if traitor is None:
        assert holder, "place the JK in a row, or name the traitor"
        traitor = holder[0]
    s.traitor = traitor
    s.eliminated = [a in set(eliminated) for a in range(armies)]
    s.joker_dead = joker_dead
    s.deaths = deaths
    s.phase = "turn"
    s.turn = s.attacker = turn
    return s


def row(state: GameState, army: int) -> list[str]:
    """Army ``army``'s row as written in ``position`` (``^`` for face up)."""
    return [("^" if c & UP else "") + NAMES[c & FACE] for c in state.rows[army]]


def pile(state: GameState, army: int) -> list[str]:
    return [NAMES[c] for c in state.points[army]]


def event_types(events: Iterable[Event]) -> list[str]:
    return [e["type"] for e in events]


def scramble(state: GameState, keep: int | None, rng: random.Random) -> GameState:
    """The same public situation with every secret the seat ``keep`` may not know replaced."""
    other = state.copy()
    mine = set(state.armies_of(keep)) if keep is not None else set()
    slots = [(a, i) for a, row in enumerate(other.rows) if a not in mine
             for i, code in enumerate(row) if not code & UP]
    pool = [other.rows[a][i] for a, i in slots] + other.middle + other.gone
    rng.shuffle(pool)
    if slots and JOKER in pool[len(slots):]:
        # the joker always lies in a row: swap it with a row card
        j = pool.index(JOKER, len(slots))
        k = rng.randrange(len(slots))
        pool[j], pool[k] = pool[k], pool[j]
    for (a, i), code in zip(slots, pool, strict=False):
        other.rows[a][i] = code
        if code == JOKER:
            other.traitor = a
    rest = pool[len(slots):]
    other.middle = sorted(rest[: len(other.middle)])
    other.gone = rest[len(other.middle):]
    for a in range(other.armies):
        if a not in mine:
            other.peeks[a] = [Peek(rng.randrange(other.armies), rng.randrange(9), rng.randrange(52))
                              for _ in other.peeks[a]] + [Peek(0, 0, rng.randrange(52))] * rng.randrange(2)
    return other
