"""Seeded bots built only on ``legal_moves``: whatever they pick is legal by construction.

Most of a game is elections and the placing of membership cards, so for those the bot lists its
moves straight from the state instead of through ``legal_moves``: the same acts in the same order
with the same card lists, and the same draws from the RNG, so the same seed plays the same game
(tests/rules/test_bot_fast_path.py checks the two against each other).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from controller.rules.actions import Action
from controller.rules.deal import Deal, deal_cards
from controller.rules.engine import Accepted, apply
from controller.rules.moves import awaiting, legal_moves
from controller.rules.state import GameState, new_game

#: actions are values, so the bot hands out one shared object per (seat, act, card)
_ACTIONS: dict[tuple[int, str, str | None], Action] = {}


def _action(seat: int, act: str, card: str | None = None) -> Action:
    key = (seat, act, card)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(seat, act, card=card)
    return action


def _gift(s: GameState, seat: int, rng: random.Random) -> Action:
    to = rng.choice([t for t in range(s.players) if t != seat])
    return Action(seat, "give_xp", to=to, amount=rng.randint(1, s.xp[seat]))


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for ``seat``, or None when it has nothing to do.

    Giving XP is legal at any time, so it is chosen only rarely and never as the only move,
    otherwise a bot would stall a game by gifting forever.
    """
    phase = s.phase
    if phase == "election" and 0 <= seat < s.players:
        # legal_moves: vote, reveal (with a card selected), abstain; give_xp with XP to give
        r = s.vote_round
        assert r is not None
        if seat not in r.voters or seat in r.pressed:
            return None
        if s.xp[seat] > 0 and rng.random() < 0.02:
            return _gift(s, seat, rng)
        if seat in r.selected:
            roll = rng.random()
            if roll < 0.75:
                return _action(seat, "reveal")
            if roll < 0.9:
                return _action(seat, "abstain")
        elif rng.random() < 0.15:
            return _action(seat, "abstain")
        return _action(seat, "vote", rng.choice(sorted(set(s.hands[seat]))))
    if phase == "setup" and 0 <= seat < s.players:
        # legal_moves: membership while the seat has none; give_xp with XP to give
        if s.membership[seat] is not None:
            return None
        if s.xp[seat] > 0 and rng.random() < 0.02:
            return _gift(s, seat, rng)
        rng.choice(_ONE_MOVE)
        return _action(seat, "membership", rng.choice(sorted(set(s.hands[seat]))))
    return _bot_action(s, seat, rng)


#: ``rng.choice`` among a single move still draws from the RNG
_ONE_MOVE = ("membership",)


def _bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """``bot_action`` for any state, choosing from ``legal_moves`` itself."""
    every = legal_moves(s, seat)
    moves = [m for m in every if m["act"] != "give_xp"]
    if not moves:
        return None
    gift = next((m for m in every if m["act"] == "give_xp"), None)
    if gift is not None and rng.random() < 0.02:
        return _gift(s, seat, rng)
    acts = [m["act"] for m in moves]
    if "reveal" in acts:
        # a selected card: mostly reveal, sometimes abstain or change the selection
        roll = rng.random()
        pick = "reveal" if roll < 0.75 else ("abstain" if roll < 0.9 else "vote")
        move = next(m for m in moves if m["act"] == pick)
    elif "vote" in acts:
        pick = "abstain" if rng.random() < 0.15 else "vote"
        move = next(m for m in moves if m["act"] == pick)
    else:
        move = rng.choice(moves)
    act = move["act"]
    if act in ("membership", "vote", "defect", "enact"):
        return _action(seat, act, rng.choice(move["cards"]))
    if act == "parley":
        target = rng.choice(move["targets"])
        k = rng.randint(1, target["max"])
        return Action(seat, act, target=target["seat"], cards=tuple(rng.sample(s.hands[seat], k)))
    if act == "parley_reply":
        return Action(seat, act, cards=tuple(rng.sample(s.hands[seat], move["count"])))
    if act == "accuse":
        return Action(seat, act, target=rng.choice(move["targets"]), color=rng.choice(move["colors"]))
    return _action(seat, act)


def next_bot_action(s: GameState, rng: random.Random) -> Action | None:
    """A move by one of the seats the game waits for, picked at random (all seats are bots)."""
    waiting = awaiting(s)
    if not waiting:
        return None
    return bot_action(s, rng.choice(waiting), rng)


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
    deal = deal_cards(players, rng)
    later: tuple[Deal, ...] = ()
    if generations is not None:
        later = tuple(
            Deal(d.hands, deal.network, d.discard)
            for d in (deal_cards(players, rng) for _ in range(generations - 1))
        )
    state = new_game(deal, generations=generations, later_deals=later)
    log: list[Action] = []
    while state.phase != "over" and len(log) < max_actions:
        action = next_bot_action(state, rng)
        if action is None:
            break
        result = apply(state, action)
        if not isinstance(result, Accepted):
            raise AssertionError(f"bot chose a refused move {action}: {result}")
        state = result.state
        log.append(action)
    return BotGame(deal, later, tuple(log), state)
