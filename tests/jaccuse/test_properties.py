"""Property tests over whole random bot games, for every player count.

Secrecy is tested as non-interference: a seat's view must not change when every other seat's
secrets (hands, selected vote, membership, network) are swapped for different ones.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.jaccuse import (
    Accepted,
    Action,
    apply,
    awaiting,
    bot_action,
    deal_cards,
    legal_moves,
    new_game,
    next_bot_action,
    play_bot_game,
    public_view,
    replay_summary,
    seat_view,
)
from controller.games.jaccuse.cards import influence_deck
from controller.games.jaccuse.state import GameState

players_st = st.integers(min_value=5, max_value=14)
seeds_st = st.integers(min_value=0, max_value=2**32 - 1)


def _walk(players: int, seed: int, max_actions: int = 20_000):
    """Yield (state, action, next_state) along one bot game."""
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng))
    for _ in range(max_actions):
        if state.over:
            return
        action = next_bot_action(state, rng)
        assert action is not None, "a live game must wait for someone who can move"
        result = apply(state, action)
        assert isinstance(result, Accepted), (action, result)
        yield state, action, result.state
        state = result.state


@settings(max_examples=300)
@given(players=players_st, seed=seeds_st)
def test_cards_are_never_created_or_lost(players: int, seed: int) -> None:
    deck = Counter(influence_deck(players))
    for _, _, after in _walk(players, seed):
        assert Counter(after.all_cards()) == deck


@settings(max_examples=300)
@given(players=players_st, seed=seeds_st)
def test_every_game_ends_or_someone_can_move(players: int, seed: int) -> None:
    game = play_bot_game(players, seed)
    assert game.final.over, f"{players}-player game with seed {seed} did not end"
    for before, _, _ in _walk(players, seed):
        waiting = awaiting(before)
        assert waiting
        for seat in waiting:
            assert [m for m in legal_moves(before, seat) if m["act"] != "give_xp"]


@settings(max_examples=200)
@given(players=players_st, seed=seeds_st)
def test_replaying_the_action_log_gives_the_same_state(players: int, seed: int) -> None:
    game = play_bot_game(players, seed)
    # the journal stores actions as JSON dicts; fold them again from the deal
    logged = [json.loads(json.dumps(a.to_dict())) for a in game.actions]
    state = new_game(game.deal)
    for raw in logged:
        result = apply(state, Action.from_dict(raw))
        assert isinstance(result, Accepted)
        state = result.state
    assert replay_summary(state) == replay_summary(game.final)
    assert public_view(state) == public_view(game.final)
    assert all(seat_view(state, s) == seat_view(game.final, s) for s in range(players))


@settings(max_examples=100)
@given(players=players_st, seed=seeds_st)
def test_the_same_seed_gives_the_same_deal_and_game(players: int, seed: int) -> None:
    assert deal_cards(players, random.Random(seed)) == deal_cards(players, random.Random(seed))
    a, b = play_bot_game(players, seed), play_bot_game(players, seed)
    assert a.actions == b.actions
    assert replay_summary(a.final) == replay_summary(b.final)


def _scramble_others(state: GameState, keep: int | None, rng: random.Random) -> GameState:
    """The same public situation with every secret of every seat but ``keep`` replaced."""
    other = state.copy()
    pool = sorted(set(influence_deck(state.players)))
    for seat in range(state.players):
        if seat == keep:
            continue
        hand = other.hands[seat]
        selected = other.selected[seat] if other.round_number else None
        fresh = [rng.choice(pool) for _ in hand]
        if selected is not None and fresh:
            other.selected[seat] = fresh[0]
        other.hands[seat] = fresh
        if other.membership[seat] is not None:
            other.membership[seat] = rng.choice(pool)
        if other.parley is not None and other.parley.president == seat:
            other.parley.offered = tuple(fresh[: len(other.parley.offered)])
    # flip every network card the kept seat cannot see
    visible = set() if keep is None else {(keep - 1) % state.players, keep}
    other.network = tuple(
        c if k in visible else ("red" if c == "black" else "black") for k, c in enumerate(state.network)
    )
    return other


def _secret_free(view: dict) -> str:
    text = json.dumps(view, sort_keys=True)
    assert "seed" not in text and "rng" not in text
    return text


@settings(max_examples=120)
@given(players=players_st, seed=seeds_st, scramble_seed=st.integers(0, 1000))
def test_no_view_holds_another_seats_secret(players: int, seed: int, scramble_seed: int) -> None:
    rng = random.Random(scramble_seed)
    for before, _, after in _walk(players, seed):
        if after.over:
            break  # at the end the rules reveal memberships and networks on purpose
        state = before if rng.random() < 0.5 else after
        assert _secret_free(public_view(state)) == _secret_free(
            public_view(_scramble_others(state, None, rng))
        )
        seat = rng.randrange(players)
        assert _secret_free(seat_view(state, seat)) == _secret_free(
            seat_view(_scramble_others(state, seat, rng), seat)
        )


@settings(max_examples=100)
@given(players=players_st, seed=seeds_st)
def test_every_listed_move_is_accepted_and_refusals_change_nothing(players: int, seed: int) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for before, _, _ in _walk(players, seed, max_actions=400):
        snapshot = replay_summary(before), public_view(before)
        seat = rng.randrange(players)
        action = bot_action(before, seat, rng)
        if action is not None:
            assert isinstance(apply(before, action), Accepted)
        # a move by a seat the game is not waiting for is refused and changes nothing
        idle = [s for s in range(players) if s not in awaiting(before) and before.xp[s] == 0]
        if idle:
            refused = apply(before, Action(idle[0], "pass"))
            assert not isinstance(refused, Accepted) and refused.code
        assert (replay_summary(before), public_view(before)) == snapshot


# ---------------------------------------------------------------- the personal feed

#: event type -> (private key, the event keys naming the seats that may learn it)
_OWNERS = {
    "parley_offered": (("cards", ("president",)),),
    "parley_done": (("offered", ("president", "target")), ("answered", ("president", "target"))),
}


def _redacted_for(events: tuple[dict, ...], seat: int, rng: random.Random, pool: list[str]) -> list[dict]:
    """The events with every private detail that is not ``seat``'s own swapped for other cards."""
    out = []
    for event in events:
        event = dict(event)
        for key, owners in _OWNERS.get(event["type"], ()):
            if seat not in {event[o] for o in owners}:
                value = event[key]
                fake = [rng.choice(pool) for _ in value] if isinstance(value, list) else rng.choice(pool)
                event[key] = fake
        out.append(event)
    return out


@settings(max_examples=80)
@given(players=players_st, seed=seeds_st, scramble_seed=st.integers(0, 1000))
def test_no_feed_holds_another_seats_secret_and_the_log_holds_none(
    players: int, seed: int, scramble_seed: int
) -> None:
    """Non-interference again: a seat's feed must not change when secrets it may not know change,
    and the public log must not change when every private key is dropped."""
    from controller.games.jaccuse import describe_events
    from controller.games.jaccuse.feed import public_event, seat_feed

    rng = random.Random(scramble_seed)
    pool = sorted(set(influence_deck(players)))
    names = [f"name {s}" for s in range(players)]
    state = new_game(deal_cards(players, random.Random(seed)))
    game_rng = random.Random(seed)
    for _ in range(600):
        if state.over:
            break
        action = next_bot_action(state, game_rng)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        events = result.events
        assert describe_events(events, names) == describe_events([public_event(e) for e in events], names)
        seat = rng.randrange(players)
        redacted = _redacted_for(events, seat, rng, pool)
        assert seat_feed(events, seat, names) == seat_feed(redacted, seat, names)
        state = result.state
