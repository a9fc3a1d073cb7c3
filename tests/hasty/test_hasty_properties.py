"""Property tests over whole random bot games, every table size and every mix of variants.

Secrecy is tested as non-interference: a seat's view must not change when every secret it may not
know (other hands, face-down cards, the deck's order, the discard pile's content, other seats'
secret suspects and peeks) is replaced by another; the public view must not change when every
secret is.
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
from controller.games.hasty.cards import FACE, INDEX, KEYS, KINDS, TRAITOR, UP

players_st = st.integers(min_value=2, max_value=7)
seeds_st = st.integers(min_value=0, max_value=2**32 - 1)
options_st = st.fixed_dictionaries({"traitor": st.booleans(), "speedy": st.booleans(),
                                    "big_hands": st.booleans()})


def _walk(players: int, seed: int, options: dict[str, bool]) -> Iterator[tuple[GameState, Action, Accepted]]:
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng, **options))
    while not state.over:
        action = next_bot_action(state, rng)
        assert action is not None, "a live game must wait for someone who can move"
        result = apply(state, action)
        assert isinstance(result, Accepted), (action, result)
        yield state, action, result
        state = result.state


@settings(max_examples=150)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_cards_are_never_created_or_lost(players: int, seed: int, options: dict[str, bool]) -> None:
    deal = deal_cards(players, random.Random(seed), **options)
    full = Counter(INDEX[c] for c in deal.deck)
    for _, _, result in _walk(players, seed, options):
        assert Counter(result.state.all_cards()) == full


@settings(max_examples=150)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_every_game_ends_and_the_game_always_waits_for_one_seat_that_can_move(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    steps = 0
    for before, action, _ in _walk(players, seed, options):
        waiting = awaiting(before)
        assert waiting == [action.seat] and legal_moves(before, action.seat)
        assert all(not legal_moves(before, s) for s in range(players) if s != action.seat)
        steps += 1
    assert steps < 5_000


@settings(max_examples=100)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_replaying_the_journal_gives_the_same_state(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    game = play_bot_game(players, seed, **options)
    logged = json.loads(json.dumps([a.to_dict() for a in game.actions]))
    deal_again = type(game.deal).from_dict(players, json.loads(json.dumps(game.deal.to_dict())))
    state = new_game(deal_again)
    for raw in logged:
        result = apply(state, Action.from_dict(raw, players))
        assert isinstance(result, Accepted)
        state = result.state
    assert state == game.final
    assert public_view(state) == public_view(game.final)
    assert all(seat_view(state, s) == seat_view(game.final, s) for s in range(players))


@settings(max_examples=60)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_the_same_seed_gives_the_same_deal_and_game(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    again = deal_cards(players, random.Random(seed), **options)
    assert deal_cards(players, random.Random(seed), **options) == again
    a, b = play_bot_game(players, seed, **options), play_bot_game(players, seed, **options)
    assert a.actions == b.actions and a.final == b.final


def _move_allows(move: dict[str, Any], action: Action) -> bool:
    if move["act"] != action.act:
        return False
    if action.act == "play":
        return action.card in move["cards"] and action.at in move["at"] and action.up in move["up"]
    if action.act == "end":
        return True
    kind = move["kind"]
    if action.cards is not None:
        return sorted(action.cards, key=INDEX.__getitem__) in move["picks"]
    if action.swap is not None:
        return list(action.swap) in move["swap"]
    if action.flip is not None:
        return action.flip in move["flip"]
    if action.hand is not None:
        return action.hand in move["hand"]
    if action.ask is not None:
        return action.card in move["cards"] and action.ask in move["ask"]
    return kind != "question" and action.at in move["at"]


@settings(max_examples=100)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_the_random_bot_picks_among_the_legal_moves(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    rng = random.Random(seed)
    for before, action, _ in _walk(players, seed, options):
        moves = legal_moves(before, action.seat)
        assert any(_move_allows(m, action) for m in moves), (action, moves)
        assert bot_action(before, (action.seat + 1) % players, rng) is None


@settings(max_examples=60)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_a_game_played_only_from_the_seats_views_ends(
    players: int, seed: int, options: dict[str, bool]
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
    ``seat`` None, every secret)."""
    t = s.copy()
    others = [o for o in range(s.players) if o != seat]
    pool: list[int] = [c for o in others for c in t.hands[o]]
    pool += [c for slot in t.row for c in t.piles[slot] if not c & UP]
    pool += list(t.deck[t.deck_at:])
    pool += [k for k in range(KINDS) for _ in range(t.discard[k])]
    rng.shuffle(pool)
    taken = iter(pool)
    t.hands = [tuple(next(taken) for _ in t.hands[o]) if o != seat else t.hands[o] for o in range(s.players)]
    t.piles = [tuple(c if c & UP else next(taken) for c in pile) for pile in t.piles]
    t.deck = tuple(next(taken) for _ in range(len(t.deck) - t.deck_at))
    t.deck_at = 0
    discard = [0] * KINDS
    for c in taken:
        discard[c & FACE] += 1
    t.discard = discard
    # the secrets of seats still in (not this seat's) are any living suspects no one else holds, or
    # the traitor card
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
    return t


@settings(max_examples=120)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_no_view_holds_another_seats_secret(players: int, seed: int, options: dict[str, bool]) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for state, _, _ in _walk(players, seed, options):
        if rng.random() > 0.2:
            continue
        seat = rng.randrange(players)
        assert seat_view(scramble(state, seat, rng), seat) == seat_view(state, seat)
        assert public_view(scramble(state, None, rng)) == public_view(state)


#: events after which a secret has just moved: a card played face down, a peek, a hand handed a card
#: by the Burning Question or filled from the market (and the market from the deck), a Bomb's or a
#: Jester's work on a pile, a review's cards taken as a hand (Big Hands), a suspect gone
_SECRET_MOMENTS = frozenset({"played", "investigated", "asked", "question_placed", "took",
                             "market_filled", "reshuffled", "bombed", "shuffled", "pile_taken",
                             "swapped", "flipped", "eliminated", "choice"})


@settings(max_examples=80)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_no_view_holds_a_secret_right_after_it_moves(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    """Every seat's view and the table's, checked at each moment a secret moved (not a sample):
    unchanged when every secret the audience may not know is replaced by another."""
    rng = random.Random(seed ^ 0xC0FFEE)
    for _, _, result in _walk(players, seed, options):
        state = result.state
        if state.over or not any(e["type"] in _SECRET_MOMENTS for e in result.events):
            continue
        table = public_view(state)
        assert public_view(scramble(state, None, rng)) == table
        for seat in range(players):
            assert seat_view(scramble(state, seat, rng), seat) == seat_view(state, seat)


def _public_facts(state: GameState) -> None:
    """The table's view shows a face-down card as its place alone, no hand, suspect or peek before
    the end, and every suspect once it is over (checked without the view's own code)."""
    view = json.loads(json.dumps(public_view(state)))
    if state.over:
        reveal = view["reveal"]
        assert [len(h) for h in reveal["hands"]] == [len(h) for h in state.hands]
        assert len(reveal["peeks"]) == state.players
        return
    assert view["reveal"] is None
    text = json.dumps(view)
    for key in ("\"hand\"", "\"hands\"", "\"secret\"", "\"secrets\"", "\"peeks\"", "\"deck\"", "\"moves\""):
        assert key not in text, key
    for spot, slot in zip(view["row"], state.row, strict=True):
        for shown, code in zip(spot["pile"], state.piles[slot], strict=True):
            assert shown == ({"up": True, "card": KEYS[code & FACE]} if code & UP else {"up": False})
    for seat, out in enumerate(view["out"]):
        assert (out is None) == (not state.eliminated[seat])
        if out is not None:
            assert out["suspect"] == state.secrets[seat]


def _events_name_no_secret(events: tuple[dict[str, Any], ...]) -> None:
    """The engine's events, which become the room's log and every seat's feed, name a card only when
    it is public: face up, in the market, revealed, or a Burning Question's (H18); a peek's cards
    never."""
    for event in events:
        kind = event["type"]
        if kind == "played" and not event["up"]:
            assert "card" not in event, event
        elif kind == "investigated":
            assert set(event) <= {"type", "seat", "hand", "pile"}, event
        elif kind in ("took", "market_filled"):
            assert all(isinstance(c, str) for c in event["cards"])  # market cards lie face up
        elif kind == "pile_taken":
            assert set(event) == {"type", "seat", "count"}, event
        elif kind == "shuffled":
            assert "cards" not in event, event


@settings(max_examples=80)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_the_table_view_and_the_events_show_only_public_facts(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    _public_facts(new_game(deal_cards(players, random.Random(seed), **options)))
    for _, _, result in _walk(players, seed, options):
        _public_facts(result.state)
        _events_name_no_secret(result.events)


#: events that show the room something that was hidden until then (a card turned, a card drawn into
#: the market, a death): the lines around them may differ when the hidden cards do
_TURNS_A_CARD = frozenset({"revealed", "bombed", "market_filled", "reshuffled", "took", "sidekick", "died",
                           "eliminated", "shielded", "threatened", "guarded", "stopped", "review_over",
                           "pile_taken", "over", "stalled", "evaluating"})


@settings(max_examples=60)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_a_seats_feed_and_the_log_are_the_same_whatever_the_secrets(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    """The lines told to each seat and to the room give away nothing the acting seat keeps from them:
    the same action on a state whose secrets (other hands, face-down cards, deck, other suspects and
    peeks) were replaced gives the same lines to every seat and the room, whenever the action turns
    no hidden card (a face-down play, a peek, a Burning Question, a move of the loupe, a swap)."""
    table_rules = registry.table_rules("hasty")

    rng = random.Random(seed ^ 0xFEED)
    names: list[str | None] = [None] * players
    compared = 0
    for before, action, result in _walk(players, seed, options):
        if any(e["type"] in _TURNS_A_CARD for e in result.events):
            continue
        if options["big_hands"] and options["traitor"] and any(e["type"] == "turn" for e in result.events):
            continue  # H21: a turn begun with an empty hand reviews the seat's suspect, unless it is the
            # traitor's: the rules themselves show that much, so the scrambled suspects may differ there
        other = apply(scramble(before, action.seat, rng), action)
        assert isinstance(other, Accepted), (action, other)
        events = list(result.events)
        assert table_rules.log_lines(list(other.events), names) == table_rules.log_lines(events, names)
        for seat in range(players):
            assert (table_rules.seat_feed(list(other.events), seat, names)
                    == table_rules.seat_feed(events, seat, names))
        compared += 1
    assert compared


@settings(max_examples=60)
@given(players=players_st, seed=seeds_st, options=options_st)
def test_the_bots_decide_on_what_their_seat_may_know(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    """A bot at the table plays for a seat that others watch: its moves must not give away what the
    seat could not know. Both bots, with the same random numbers, choose the same on the state and on
    one whose other hands, face-down cards, deck, other suspects and peeks were replaced."""
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
