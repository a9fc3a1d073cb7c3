"""Builders and drivers for the rules unit tests.

A game is built from a hand-written deal: the test names the cards that matter, the builder fills
every hand up to its size (and then the discard pile) from the rest of the influence deck in its
fixed order, so the same call always gives the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from controller.games.jaccuse import (
    Accepted,
    Action,
    Deal,
    GameState,
    Refused,
    apply,
    deal_cards,
    legal_moves,
    new_game,
    next_bot_action,
    public_view,
    replay_summary,
    seat_view,
)
from controller.games.jaccuse.cards import HAND_SIZE, influence_deck
from controller.games.jaccuse.engine import Event
from controller.games.jaccuse.state import Policy

RED = "red"
BLACK = "black"

#: five hands for five seats with clear winners: 9H beats 2S, seat 2 holds only hearts, seat 3 spades
FIVE_HANDS: dict[int, list[str]] = {
    0: ["9H", "2H", "3H", "4D"],
    1: ["9S", "2S", "3S", "4C"],
    2: ["4H", "5H", "6H"],
    3: ["4S", "5S", "6S"],
    4: ["7H", "7S", "8D"],
}
#: a 5-seat deal for accusations: the hands above, seat 0 also holding 8H; seat 0 wins an election with
#: 9H against seat 1's 2S, and the memberships are red (0, 2, 4) and black (1, 3); seat 4 sees a mixed
#: network
ACCUSE_HANDS: dict[int, list[str]] = {**FIVE_HANDS, 0: [*FIVE_HANDS[0], "8H"]}
ACCUSE_MEMBERS = {0: "8H", 1: "4C", 2: "4H", 3: "4S", 4: "7H"}


def alternating_network(players: int) -> tuple[str, ...]:
    """red, black, red, ... (with odd N one more red than black, within ceil(N/2) each)."""
    return tuple(RED if i % 2 == 0 else BLACK for i in range(players))


def make_deal(
    players: int,
    hands: Mapping[int, Iterable[str]] | None = None,
    network: Iterable[str] | None = None,
    discard: Iterable[str] | None = None,
) -> Deal:
    """A legal deal in which seat s holds at least ``hands[s]``; the rest is filled in deck order."""
    hands = dict(hands or {})
    size = HAND_SIZE[players]
    pool = Counter(influence_deck(players))
    chosen = [list(hands.get(seat, ())) for seat in range(players)]
    fixed_discard = list(discard or ())
    for cards in [*chosen, fixed_discard]:
        for card in cards:
            if pool[card] <= 0:
                raise ValueError(f"{card} is not (or no more) in the {players}-player deck")
            pool[card] -= 1
    filler: list[str] = []
    for card in influence_deck(players):
        if pool[card] > 0:
            filler.append(card)
            pool[card] -= 1
    for cards in chosen:
        if len(cards) > size:
            raise ValueError(f"a hand holds {size} cards, not {len(cards)}")
        while len(cards) < size:
            cards.append(filler.pop(0))
    full_discard = fixed_discard + filler
    net = tuple(network) if network is not None else alternating_network(players)
    return Deal(
        hands=tuple(tuple(c) for c in chosen),
        network=net,  # type: ignore[arg-type]
        discard=tuple(full_discard),
    )


def setup_game(
    players: int,
    hands: Mapping[int, Iterable[str]] | None = None,
    network: Iterable[str] | None = None,
    discard: Iterable[str] | None = None,
) -> GameState:
    """A new game in its setup phase (no membership cards placed)."""
    return new_game(make_deal(players, hands, network, discard))


def game(
    players: int,
    hands: Mapping[int, Iterable[str]] | None = None,
    members: Mapping[int, str] | None = None,
    network: Iterable[str] | None = None,
    discard: Iterable[str] | None = None,
) -> GameState:
    """A game at its first election: every seat has placed a membership card.

    A seat not named in ``members`` places the last card of its hand (a filler card unless the
    test gave the whole hand).
    """
    state = setup_game(players, hands, network, discard)
    members = dict(members or {})
    for seat in range(players):
        card = members.get(seat, state.hands[seat][-1])
        state = act(state, seat, "membership", card=card)
    assert state.phase == "election"
    return state


def action(seat: int, act_name: str, **keys: Any) -> Action:
    data: dict[str, Any] = {"seat": seat, "act": act_name}
    for key, value in keys.items():
        data[key] = list(value) if key == "cards" else value
    return Action.from_dict(data)


def act_events(
    state: GameState, seat: int, act_name: str, **keys: Any
) -> tuple[GameState, tuple[Event, ...]]:
    result = apply(state, action(seat, act_name, **keys))
    assert isinstance(result, Accepted), f"seat {seat} {act_name} {keys} refused: {result}"
    return result.state, result.events


def act(state: GameState, seat: int, act_name: str, **keys: Any) -> GameState:
    """Apply one action that must be accepted; return the new state."""
    return act_events(state, seat, act_name, **keys)[0]


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything observable about a state, for 'nothing changed' checks (R23)."""
    return (
        state.copy(),
        replay_summary(state),
        public_view(state),
        [seat_view(state, seat) for seat in range(state.players)],
    )


def refuse(state: GameState, seat: int, act_name: str, code: str, **keys: Any) -> Refused:
    """Apply an action that must be refused with ``code``, and check that it changed nothing."""
    before = snapshot(state)
    result = apply(state, action(seat, act_name, **keys))
    assert isinstance(result, Refused), f"seat {seat} {act_name} {keys} was accepted"
    assert result.code == code, f"expected {code}, got {result.code}: {result.message}"
    assert result.message
    assert snapshot(state) == before
    return result


def election(state: GameState, votes: Mapping[int, str | None]) -> tuple[GameState, list[Event]]:
    """Play one election round: seats in ``votes`` with a card select it and reveal; every other
    voter of the round (and those mapped to None) abstains. Returns the state and all events."""
    assert state.phase == "election", state.phase
    r = state.vote_round
    assert r is not None
    for seat in votes:
        assert seat in r.voters, f"seat {seat} does not vote in this round"
    events: list[Event] = []
    for seat in r.voters:
        card = votes.get(seat)
        if card is None:
            state, ev = act_events(state, seat, "abstain")
        else:
            state = act(state, seat, "vote", card=card)
            state, ev = act_events(state, seat, "reveal")
        events.extend(ev)
    return state, events


def vote(state: GameState, votes: Mapping[int, str | None]) -> GameState:
    return election(state, votes)[0]


def elect(state: GameState, seat: int, card: str, other: int, other_card: str) -> GameState:
    """An election that ``seat`` wins with ``card`` against ``other_card`` of the other colour."""
    state = vote(state, {seat: card, other: other_card})
    assert state.president == seat and state.phase == "presidency"
    return state


def free_policy(state: GameState, seat: int, card: str) -> GameState:
    """A free policy by consensus: ``seat`` alone reveals ``card``, everyone else abstains."""
    before = len(state.policies)
    state = vote(state, {seat: card})
    assert len(state.policies) == before + 1
    return state


def with_changes(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with some fields set by hand, for positions hard to reach by play."""
    out = state.copy()
    for key, value in changes.items():
        assert hasattr(out, key), key
        setattr(out, key, value)
    return out


def policies(*colours: str) -> list[Policy]:
    return [Policy(c, "free") for c in colours]  # type: ignore[arg-type]


def acts_of(state: GameState, seat: int) -> list[str]:
    return [m["act"] for m in legal_moves(state, seat)]


def event_types(events: Iterable[Event]) -> list[str]:
    return [e["type"] for e in events]


def hand(state: GameState, seat: int) -> Counter[str]:
    return Counter(state.hands[seat])


def played_states(players: int, seed: int, generations: int | None = None) -> list[GameState]:
    """Every state of one random-bot game (or campaign) played through ``apply``, the first to the last."""
    rng = random.Random(seed)
    deal = deal_cards(players, rng)
    later = tuple(deal_cards(players, rng) for _ in range((generations or 1) - 1))
    later = tuple(Deal(d.hands, deal.network, d.discard) for d in later)
    state = new_game(deal, generations=generations, later_deals=later)
    states = [state]
    while not state.over:
        action = next_bot_action(state, rng)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
        states.append(state)
    return states
