"""Property tests over whole random bot games, for every table size from 2 to 8 players.

Secrecy is tested as non-interference: a seat's view must not change when every secret it may not
know (other armies' face-down cards, and so who holds the joker; the middle pile; the cards out of
the game; other armies' peeks) is replaced by another.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from betrayal_helpers import scramble
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.betrayal import (
    Accepted,
    Action,
    GameState,
    apply,
    awaiting,
    bot_action,
    deal_cards,
    legal_moves,
    new_game,
    next_bot_action,
    play_bot_game,
    public_view,
    seat_view,
)
from controller.games.betrayal.cards import FACE, INDEX, NAMES, UP, deck
from controller.games.betrayal.engine import Event
from controller.games.betrayal.moves import awaiting_armies

players_st = st.integers(min_value=2, max_value=8)
seeds_st = st.integers(min_value=0, max_value=2**32 - 1)
CARD_NAMES = frozenset(NAMES)


def _walk(players: int, seed: int, twos_defend: bool = False) -> Iterator[tuple[GameState, Action, Accepted]]:
    """Yield (state, action, result) along one random bot game."""
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng), twos_defend=twos_defend)
    while not state.over:
        action = next_bot_action(state, rng)
        assert action is not None, "a live game must wait for someone who can move"
        result = apply(state, action)
        assert isinstance(result, Accepted), (action, result)
        yield state, action, result
        state = result.state


@settings(max_examples=300)
@given(players=players_st, seed=seeds_st, twos=st.booleans())
def test_cards_are_never_created_or_lost(players: int, seed: int, twos: bool) -> None:
    full = Counter(INDEX[c] for c in deck(4 if players == 2 else players))
    for _, _, result in _walk(players, seed, twos):
        assert Counter(result.state.all_cards()) == full


@settings(max_examples=300)
@given(players=players_st, seed=seeds_st, twos=st.booleans())
def test_every_game_ends_or_someone_can_move(players: int, seed: int, twos: bool) -> None:
    steps = 0
    for before, _, _ in _walk(players, seed, twos):
        waiting = awaiting(before)
        assert waiting and all(legal_moves(before, seat) for seat in waiting)
        steps += 1
    # each accusation kills a card for good, so a game is short
    assert steps < 4 * len(deck(4 if players == 2 else players))


@settings(max_examples=200)
@given(players=players_st, seed=seeds_st)
def test_replaying_the_journal_on_the_same_deal_gives_the_same_state(players: int, seed: int) -> None:
    game = play_bot_game(players, seed)
    logged = json.loads(json.dumps([a.to_dict() for a in game.actions]))
    state = new_game(game.deal)
    for raw in logged:
        result = apply(state, Action.from_dict(raw, state.armies))
        assert isinstance(result, Accepted)
        state = result.state
    assert state == game.final
    assert public_view(state) == public_view(game.final)
    assert all(seat_view(state, s) == seat_view(game.final, s) for s in range(players))


@settings(max_examples=100)
@given(players=players_st, seed=seeds_st)
def test_the_same_seed_gives_the_same_deal_and_game(players: int, seed: int) -> None:
    assert deal_cards(players, random.Random(seed)) == deal_cards(players, random.Random(seed))
    a, b = play_bot_game(players, seed), play_bot_game(players, seed)
    assert a.actions == b.actions and a.final == b.final


def _from_move(move: dict[str, Any], rng: random.Random) -> Action:
    """A random action built from one entry of ``legal_moves``."""
    army, act = move["army"], move["act"]
    if act == "army":
        if "red" in move:
            reds = move["red"]
            count = rng.randint(0, min(move["max_red"], len(reds)))
            return Action(army, act, red=tuple(rng.sample(reds, count)))
        return Action(army, act, suits=tuple(rng.choice(move["suits"])))
    if act == "accuse":
        return Action(army, act, card=rng.choice(move["cards"]), target=tuple(rng.choice(move["targets"])))
    if act == "hide":
        return Action(army, act, at=rng.choice(move["at"]))
    if act == "peek":
        return Action(army, act, cards=tuple(tuple(p) for p in rng.sample(move["cards"], move["count"])))
    return Action(army, act)


@settings(max_examples=150)
@given(players=players_st, seed=seeds_st)
def test_every_listed_move_is_accepted_and_others_refused_without_change(players: int, seed: int) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for before, _, _ in _walk(players, seed):
        snapshot = before.copy()
        seat = rng.choice(awaiting(before))
        moves = legal_moves(before, seat)
        assert isinstance(apply(before, _from_move(rng.choice(moves), rng)), Accepted)
        bot = bot_action(before, seat, rng)
        assert bot is not None and isinstance(apply(before, bot), Accepted)
        idle = [a for a in range(before.armies) if a not in awaiting_armies(before)]
        if idle:
            refused = apply(before, Action(idle[0], "end"))
            assert not isinstance(refused, Accepted) and refused.code
        assert before == snapshot


@settings(max_examples=120)
@given(players=players_st, seed=seeds_st, scramble_seed=st.integers(0, 1000))
def test_no_view_holds_another_seats_secret_before_the_end(
    players: int, seed: int, scramble_seed: int
) -> None:
    rng = random.Random(scramble_seed)
    for before, _, result in _walk(players, seed):
        state = before if rng.random() < 0.5 else result.state
        if state.over or state.phase == "setup":
            continue  # setup has its own test; the end reveals everything on purpose
        assert public_view(state) == public_view(scramble(state, None, rng))
        seat = rng.randrange(players)
        assert seat_view(state, seat) == seat_view(scramble(state, seat, rng), seat)


@settings(max_examples=100)
@given(players=players_st, seed=seeds_st)
def test_setup_choices_stay_hidden_until_every_army_has_chosen(players: int, seed: int) -> None:
    setup_keys = {"version", "chosen", "awaiting", "awaiting_armies"}
    for before, action, result in _walk(players, seed):
        if before.phase != "setup" or result.state.phase != "setup":
            continue
        a, b = public_view(before), public_view(result.state)
        assert {k for k in a if a[k] != b[k]} <= setup_keys
        for seat in range(players):
            if action.army in before.armies_of(seat):
                continue
            va, vb = seat_view(before, seat), seat_view(result.state, seat)
            assert va["armies"] == vb["armies"] and va["moves"] == vb["moves"]


def _names_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} & CARD_NAMES
    if isinstance(value, dict):
        return set().union(*(_names_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_names_in(v) for v in value)) if value else set()
    return set()


def _public_names(event: Event) -> set[str]:
    """The card names an event may carry: only the two cards an accusation turns face up."""
    if event["type"] == "accused":
        return {event["card"], event["target_card"]}
    return set()


@settings(max_examples=150)
@given(players=players_st, seed=seeds_st)
def test_events_carry_public_facts_only(players: int, seed: int) -> None:
    for _, _, result in _walk(players, seed):
        for event in result.events:
            assert _names_in(event) <= _public_names(event), event
        # every card an accusation names is face up, dead, or out of the game (B14) right after it
        for event in result.events:
            if event["type"] == "accused":
                s = result.state
                shown = [NAMES[c & FACE] for row in s.rows for c in row if c & UP]
                dead = [NAMES[c] for pile in s.points for c in pile]
                gone = [NAMES[c] for c in s.gone]
                assert {event["card"], event["target_card"]} <= set(shown) | set(dead) | set(gone)
