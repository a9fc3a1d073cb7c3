"""Seeded bots choosing among the moves of ``legal_moves``: whatever they pick is legal.

For speed the bot does not call ``legal_moves``: it lists the same acts in the same order straight
from the state, and builds the choices (cards, targets) of the one act it picks, the same lists
``legal_moves`` gives. It draws the same numbers from the RNG as choosing from ``legal_moves``
would, so the same seed plays the same game; tests/jaccuse/test_bot_fast_path.py checks the two
against each other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from controller.games.common import Refusal
from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.cards import HAND_SIZE, MAX_PLAYERS, color_of, influence_deck
from controller.games.jaccuse.deal import Deal, deal_cards, deal_next_generation
from controller.games.jaccuse.draws import Draws
from controller.games.jaccuse.engine import accusable, apply_own
from controller.games.jaccuse.moves import awaiting
from controller.games.jaccuse.state import GameState, new_game

#: actions are values, so the bot hands out one shared object per (seat, act, card): per seat, by
#: act, by card (string keys hash once and for all, a tuple key would be built and hashed each time)
_ACTIONS: Final[list[dict[str, dict[str | None, Action]]]] = [{} for _ in range(MAX_PLAYERS)]
_REVEAL: Final = [Action(seat, "reveal") for seat in range(MAX_PLAYERS)]
_ABSTAIN: Final = [Action(seat, "abstain") for seat in range(MAX_PLAYERS)]
#: votes, the commonest move, kept apart: per seat, by card
_VOTES: Final[list[dict[str, Action]]] = [{} for _ in range(MAX_PLAYERS)]


def _action(seat: int, act: str, card: str | None = None) -> Action:
    by_act = _ACTIONS[seat]
    by_card = by_act.get(act)
    if by_card is None:
        by_card = by_act[act] = {}
    action = by_card.get(card)
    if action is None:
        action = by_card[card] = Action(seat, act, card=card)
    return action


def _gift(s: GameState, seat: int, d: Draws) -> Action:
    to = d.choice([t for t in range(s.players) if t != seat])
    return Action(seat, "give_xp", to=to, amount=d.randint(1, s.xp[seat]))


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for ``seat``, or None when it has nothing to do.

    Giving XP is legal at any time, so it is chosen only rarely and never as the only move,
    otherwise a bot would stall a game by gifting forever.

    The moves are those of ``legal_moves(s, seat)``, in its order, but listed straight from the
    state, and a move's choices (cards, targets) only once it is picked.
    """
    return _bot_action(s, seat, Draws(rng))


def _bot_action(s: GameState, seat: int, d: Draws) -> Action | None:
    """``bot_action``, drawing through ``d``."""
    if not 0 <= seat < s.players:
        return None
    phase = s.phase
    if phase == "election":
        if seat not in s.waiting:
            return None
        return _election_move(s, seat, d)
    hand = s.hands[seat]
    targets: list[int] = []
    acts: tuple[str, ...]
    if phase == "setup":
        if s.membership[seat] is not None:
            return None
        acts = _PLACE
    elif phase == "replace_membership":
        if seat != s.replacing:
            return None
        acts = _PLACE
    elif phase == "presidency":
        if seat != s.president:
            return None
        listed: list[str] = []
        if not s.parley_used and hand:
            # does another seat hold a card: a plain loop, cheaper than any() over a generator
            hands = s.hands
            for t in range(s.players):
                if t != seat and hands[t]:
                    listed.append("parley")
                    break
        if hand:
            listed.append("defect")
        targets = accusable(s)
        if targets:
            listed.append("accuse")
        listed.append("pass")
        acts = tuple(listed)
    elif phase == "parley":
        if s.parley is None or seat != s.parley.target:
            return None
        acts = _REPLY
    elif phase == "enact":
        if seat != s.president:
            return None
        acts = _ENACT
    else:
        return None
    if s.xp[seat] > 0 and d.random() < 0.02:
        return _gift(s, seat, d)
    act = d.choice(acts)
    if act in ("membership", "defect"):
        return _action(seat, act, d.choice(sorted(hand) if _TWIN_FREE[s.players] else sorted(set(hand))))
    if act == "enact":
        return _action(seat, act, d.choice(sorted({c for c in hand if color_of(c) is not None})))
    if act == "parley":
        offers = [(t, min(len(hand), len(s.hands[t]))) for t in range(s.players) if t != seat and s.hands[t]]
        target, most = d.choice(offers)
        k = d.randint(1, most)
        return Action(seat, act, target=target, cards=tuple(d.sample(hand, k)))
    if act == "parley_reply":
        assert s.parley is not None
        return Action(seat, act, cards=tuple(d.sample(hand, len(s.parley.offered))))
    if act == "accuse":
        return Action(seat, act, target=d.choice(targets), color=d.choice(_COLORS))
    return _action(seat, act)


def _election_move(s: GameState, seat: int, d: Draws) -> Action:
    """``bot_action`` for a seat that votes in the round under way and has not pressed yet."""
    # vote, then reveal with a card selected, then abstain
    if s.xp[seat] > 0 and d.random() < 0.02:
        return _gift(s, seat, d)
    if s.selected[seat] is not None:
        # a selected card: mostly reveal, sometimes abstain or change the selection
        roll = d.random()
        if roll < 0.75:
            return _REVEAL[seat]
        if roll < 0.9:
            return _ABSTAIN[seat]
    elif d.random() < 0.15:
        return _ABSTAIN[seat]
    hand = s.hands[seat]
    cards = sorted(hand) if _TWIN_FREE[s.players] else sorted(set(hand))
    n = len(cards)
    if d.plain and n:
        card = cards[d.below(n)]  # d.choice(cards), without its checks: a draw for most votes
    else:
        card = d.choice(cards)
    votes = _VOTES[seat]
    vote = votes.get(card)
    if vote is None:
        vote = votes[card] = Action(seat, "vote", card=card)
    return vote


#: by player count, whether its deck holds every card name once (fewer than 12 players): its hands
#: then never hold a name twice, so ``sorted(hand)`` is the distinct cards ``legal_moves`` offers,
#: without building a set for every vote
_TWIN_FREE: Final = [
    n in HAND_SIZE and len(set(influence_deck(n))) == len(influence_deck(n)) for n in range(MAX_PLAYERS + 1)
]

_PLACE: Final = ("membership",)
_REPLY: Final = ("parley_reply",)
_ENACT: Final = ("enact",)
_COLORS: Final = ("red", "black")


def next_bot_action(s: GameState, rng: random.Random) -> Action | None:
    """A move by one of the seats the game waits for, picked at random (all seats are bots)."""
    return _next_bot_action(s, Draws(rng))


def _next_bot_action(s: GameState, d: Draws) -> Action | None:
    """``next_bot_action``, drawing through ``d`` (a whole game draws through one)."""
    election = s.phase == "election"
    # awaiting(s), read straight from the round in the commonest phase
    waiting = s.waiting if election else awaiting(s)
    n = len(waiting)
    if not n:
        return None
    if d.plain:
        seat = waiting[d.below(n)]  # d.choice(waiting), without its checks: a draw for every move
    else:
        seat = d.rng.choice(waiting)
    if election:
        return _election_move(s, seat, d)
    return _bot_action(s, seat, d)


@dataclass(frozen=True, slots=True)
class BotGame:
    deal: Deal
    later_deals: tuple[Deal, ...]
    actions: tuple[Action, ...]
    final: GameState


def play_bot_game(
    players: int, seed: int, max_actions: int = 20_000, generations: int | None = None
) -> BotGame:
    """A whole game (or campaign) played by random bots; deterministic for a given seed."""
    rng = random.Random(seed)
    draws = Draws(rng)
    deal = deal_cards(players, rng)
    later: tuple[Deal, ...] = ()
    if generations is not None:
        later = tuple(deal_next_generation(deal, rng) for _ in range(generations - 1))
    state = new_game(deal, generations=generations, later_deals=later)
    # the game's state is this loop's own, so the rules change it in place (``apply_own``): no
    # new state object, ``Accepted`` or events' tuple per move; nobody sees the states in between,
    # nor the events, so none are made (``None``)
    log: list[Action] = []
    try:
        for _ in range(max_actions):
            if state.phase == "over":
                break
            action = _next_bot_action(state, draws)
            if action is None:
                break
            apply_own(state, action, None)
            log.append(action)
    except Refusal as refusal:
        raise AssertionError(f"bot chose a refused move: {refusal.code}") from None
    return BotGame(deal, later, tuple(log), state)
