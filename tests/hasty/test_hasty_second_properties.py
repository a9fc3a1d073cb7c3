"""Property tests over whole random bot games with every mix of card sets, powers and variants (H25-H52).

Cards are counted wherever they lie (hands, market, deck, discard, piles, the revealed cards of every
evaluation of a nested review, the cards a Spread the love holds out); secrecy is non-interference:
a seat's view must not change when every secret it may not know (other hands, face-down cards, the
deck's order, the discard pile's content, other seats' suspects, peeks and notes) is replaced by
another, nor the table's view when every secret is; the events' private parts reach only the seats
they belong to; replaying the actions gives the same state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import registry
from controller.games.hasty import (
    Accepted,
    Action,
    GameState,
    action_from_move,
    apply,
    deal_cards,
    legal_moves,
    new_game,
    next_bot_action,
    play_bot_game,
    public_view,
    seat_view,
)
from controller.games.hasty.cards import FACE, INDEX, KINDS, TRAITOR, UP
from controller.games.hasty.describe import describe_event
from controller.games.hasty.feed import PRIVATE_KEYS, private_line, public_event

#: the game at the table: its own members and the shared defaults
table = registry.table_rules("hasty")

SETS = [["base"], ["advanced"], ["expert"], ["base", "advanced"], ["base", "expert"], ["advanced", "expert"],
        ["base", "advanced", "expert"]]
players_st = st.integers(min_value=2, max_value=7)
seeds_st = st.integers(min_value=0, max_value=2**32 - 1)
options_st = st.fixed_dictionaries({"sets": st.sampled_from(SETS), "powers": st.booleans(),
                                    "traitor": st.booleans(), "speedy": st.booleans(),
                                    "big_hands": st.booleans()})


def _walk(players: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[GameState, Action, Accepted]]:
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng, **options))
    while not state.over:
        action = next_bot_action(state, rng)
        assert action is not None, "a live game must wait for someone who can move"
        result = apply(state, action)
        assert isinstance(result, Accepted), (action, result)
        yield state, action, result
        state = result.state


@settings(max_examples=120, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_cards_are_never_created_or_lost(players: int, seed: int, options: dict[str, Any]) -> None:
    deal = deal_cards(players, random.Random(seed), **options)
    full = Counter(INDEX[c] for c in deal.deck)
    for _, _, result in _walk(players, seed, options):
        assert Counter(result.state.all_cards()) == full


@settings(max_examples=80, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_every_game_ends_and_waits_for_one_seat_with_a_legal_move(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    steps = 0
    for before, action, _ in _walk(players, seed, options):
        assert legal_moves(before, action.seat)
        assert all(not legal_moves(before, s) for s in range(players) if s != action.seat)
        steps += 1
    assert steps < 5_000


@settings(max_examples=60, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_replaying_the_actions_gives_the_same_state(players: int, seed: int, options: dict[str, Any]) -> None:
    game = play_bot_game(players, seed, **options)
    logged = json.loads(json.dumps([a.to_dict() for a in game.actions]))
    deal_again = type(game.deal).from_dict(players, json.loads(json.dumps(game.deal.to_dict())))
    state = new_game(deal_again)
    for raw in logged:
        result = apply(state, Action.from_dict(raw, players))
        assert isinstance(result, Accepted)
        state = result.state
    assert state == game.final
    assert all(seat_view(state, s) == seat_view(game.final, s) for s in range(players))


@settings(max_examples=40, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_a_game_played_only_from_the_seats_views_ends(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng, **options))
    for _ in range(5_000):
        if state.over:
            break
        seat = public_view(state)["waiting"]
        move = rng.choice(seat_view(state, seat)["moves"])
        result = apply(state, action_from_move(seat, move, rng))
        assert isinstance(result, Accepted), (move, result)
        state = result.state
    assert state.over


# ---------------------------------------------------------------- secrecy


def scramble(s: GameState, seat: int | None, rng: random.Random) -> GameState:
    """The same public table with every secret ``seat`` may not know replaced by another (with
    ``seat`` None, every secret): other hands, face-down pile cards, the deck, the discard pile,
    other suspects, other seats' peeks and notes."""
    t = s.copy()
    others = [o for o in range(s.players) if o != seat]
    pool: list[int] = [c for o in others for c in t.hands[o]]
    pool += [c for slot in t.row for c in t.piles[slot] if not c & UP]
    pool += list(t.deck[t.deck_at:])
    pool += [k for k in range(KINDS) for _ in range(t.discard[k])]
    rng.shuffle(pool)
    taken = iter(pool)
    t.hands = [tuple(next(taken) for _ in t.hands[o]) if o != seat else t.hands[o] for o in range(s.players)]
    t.piles = [tuple(c if c & UP else next(taken) for c in pile) if slot in t.row else pile
               for slot, pile in enumerate(t.piles)]
    t.deck = tuple(next(taken) for _ in range(len(t.deck) - t.deck_at))
    t.deck_at = 0
    discard = [0] * KINDS
    for c in taken:
        discard[c & FACE] += 1
    t.discard = discard
    living = {t.suspect_at[slot] for slot in t.row if not t.dead[slot]}
    hidden = [o for o in others if not t.eliminated[o]]
    free = sorted(living - {t.secrets[o] for o in range(s.players) if o not in hidden})
    if t.traitor is not None and t.traitor in hidden:
        free.append(TRAITOR)
    new = rng.sample(free, len(hidden))
    secrets = list(t.secrets)
    for o, value in zip(hidden, new, strict=True):
        secrets[o] = value
    t.secrets = tuple(secrets)
    t.traitor = secrets.index(TRAITOR) if TRAITOR in secrets else None
    t.peeks = [p if o == seat else () for o, p in enumerate(t.peeks)]
    t.notes = [n if o == seat else () for o, n in enumerate(t.notes)]
    return t


@settings(max_examples=80, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_no_view_holds_another_seats_secret(players: int, seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for _, _, result in _walk(players, seed, options):
        state = result.state
        if state.over or rng.random() > 0.3:
            continue
        assert public_view(scramble(state, None, rng)) == public_view(state)
        for seat in range(players):
            assert seat_view(scramble(state, seat, rng), seat) == seat_view(state, seat)


def _public_text(state: GameState) -> None:
    """The table's view names no secret key before the end (checked without the view's own code)."""
    view = public_view(state)
    if state.over:
        return
    text = json.dumps(view)
    for key in ("\"hand\"", "\"hands\"", "\"secret\"", "\"secrets\"", "\"peeks\"", "\"notes\"", "\"deck\"",
                "\"moves\""):
        assert key not in text, key
    for spot, slot in zip(view["row"], state.row, strict=True):
        for shown, code in zip(spot["pile"], state.piles[slot], strict=True):
            assert ("card" in shown) == bool(code & UP)


@settings(max_examples=60, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_private_parts_of_events_reach_only_their_seats(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    names: list[str | None] = [None] * players
    for _, _, result in _walk(players, seed, options):
        _public_text(result.state)
        for event in result.events:
            hidden = PRIVATE_KEYS.get(event["type"], ())
            public = public_event(event)
            assert not set(hidden) & set(public)
            # the room's line is made of the public facts alone
            assert describe_event(event) == describe_event(public)
            if event["type"] == "played" and not event["up"]:
                assert "card" not in event
            allowed = _entitled(event)
            for seat in range(players):
                if seat not in allowed:
                    assert private_line(event, seat, names) is None
        log = table.log_lines([public_event(e) for e in result.events], names)
        assert log == table.log_lines(list(result.events), names)


def _entitled(event: dict[str, Any]) -> set[int]:
    """The seats an event's private part is for (H52)."""
    kind = event["type"]
    if kind in ("walked", "tangled", "secret_seen"):
        return {event["seat"]}
    if kind == "stolen":
        return {event["seat"], event["from"]} if "from" in event else {event["seat"]}
    return set()


#: events that turn a hidden card for everyone or for some seat: the lines about them may differ
_TURNS: frozenset[str] = frozenset({
    "revealed", "bombed", "market_filled", "reshuffled", "took", "sidekick", "died", "eliminated", "shielded",
    "threatened", "guarded", "stopped", "review_over", "pile_taken", "over", "stalled", "evaluating",
    "poisoned",
    "armored", "addressed", "saved", "clock", "walked", "stolen", "spread", "spread_placed", "tangled",
    "secret_seen", "drew", "revived", "tucked", "power", "nothing_to_review", "wiped", "double_crossed",
    "rebel_moved", "hands_swapped", "sniped", "revelation_placed", "choice",
})


@settings(max_examples=50, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_a_seats_feed_and_the_log_give_nothing_away(players: int, seed: int, options: dict[str, Any]) -> None:
    """The same action on a state whose secrets the acting seat could not see were replaced gives the
    same lines to every seat and the room, whenever it turns no hidden card."""
    rng = random.Random(seed ^ 0xFEED)
    names: list[str | None] = [None] * players
    for before, action, result in _walk(players, seed, options):
        if any(e["type"] in _TURNS for e in result.events) or any(e["type"] == "turn" for e in result.events):
            continue
        other = apply(scramble(before, action.seat, rng), action)
        assert isinstance(other, Accepted), (action, other)
        lines = table.log_lines(list(result.events), names)
        assert table.log_lines(list(other.events), names) == lines
        for seat in range(players):
            assert (table.seat_feed(list(other.events), seat, names)
                    == table.seat_feed(list(result.events), seat, names))


@settings(max_examples=40, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_the_bots_decide_on_what_their_seat_may_know(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    from controller.games.hasty import bot_action
    from controller.games.hasty.strategy import TableMemory, sensible_action

    rng = random.Random(seed ^ 0xB07)
    memory = TableMemory()
    for before, action, result in _walk(players, seed, options):
        if rng.random() < 0.3:
            seat = action.seat
            other = scramble(before, seat, rng)
            pick = rng.randrange(2**32)
            mine = bot_action(before, seat, random.Random(pick))
            assert bot_action(other, seat, random.Random(pick)) == mine
            assert (sensible_action(other, seat, random.Random(pick), memory)
                    == sensible_action(before, seat, random.Random(pick), memory))
        memory.observe(result.events)


def _allowed(move: dict[str, Any], action: Action) -> bool:
    """Whether ``action`` is one of the choices a ``legal_moves`` entry lists."""
    if move["act"] != action.act:
        return False
    if action.act == "end":
        return True
    if action.act == "play":
        faces = move.get("faces", {}).get(str(action.at), move["up"])
        return action.card in move["cards"] and action.at in move["at"] and action.up in faces
    body = {k: v for k, v in action.to_dict().items() if k not in ("seat", "act")}
    if "options" in move:
        return body in move["options"]
    if "cards" in body and "picks" in move:
        return sorted(body["cards"], key=INDEX.__getitem__) in move["picks"]
    if "swap" in body:
        return body["swap"] in move["swap"]
    if "flip" in body:
        return body["flip"] in move["flip"]
    if "ask" in body:
        return body["card"] in move["cards"] and body["ask"] in move["ask"]
    if "hand" in body:
        return body["hand"] in move["hand"]
    return body.get("at") in move["at"]


@settings(max_examples=60, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_the_random_bot_picks_among_the_legal_moves(players: int, seed: int, options: dict[str, Any]) -> None:
    for before, action, _ in _walk(players, seed, options):
        moves = legal_moves(before, action.seat)
        assert any(_allowed(m, action) for m in moves), (action, moves)


@settings(max_examples=40, deadline=None)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_every_view_is_what_it_reads_back_from_json(players: int, seed: int, options: dict[str, Any]) -> None:
    """The box compares views made from a live state with views of a state rebuilt from the journal and
    with views read back from the streams: a tuple where JSON gives a list would tell them apart."""
    for _, _, result in _walk(players, seed, options):
        state = result.state
        views = [public_view(state), *(seat_view(state, seat) for seat in range(players))]
        for view in views:
            assert view == json.loads(json.dumps(view))
