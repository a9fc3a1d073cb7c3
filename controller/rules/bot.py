"""Seeded bots built only on ``legal_moves``: whatever they pick is legal by construction."""

from __future__ import annotations

import random
from dataclasses import dataclass

from controller.rules.actions import Action
from controller.rules.deal import Deal, deal_cards
from controller.rules.engine import Accepted, apply
from controller.rules.moves import awaiting, legal_moves
from controller.rules.state import GameState, new_game


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for ``seat``, or None when it has nothing to do.

    Giving XP is legal at any time, so it is chosen only rarely and never as the only move,
    otherwise a bot would stall a game by gifting forever.
    """
    every = legal_moves(s, seat)
    moves = [m for m in every if m["act"] != "give_xp"]
    if not moves:
        return None
    gift = next((m for m in every if m["act"] == "give_xp"), None)
    if gift is not None and rng.random() < 0.02:
        return Action(seat, "give_xp", to=rng.choice(gift["to"]), amount=rng.randint(1, gift["max"]))
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
        return Action(seat, act, card=rng.choice(move["cards"]))
    if act == "parley":
        target = rng.choice(move["targets"])
        k = rng.randint(1, target["max"])
        return Action(seat, act, target=target["seat"], cards=tuple(rng.sample(s.hands[seat], k)))
    if act == "parley_reply":
        return Action(seat, act, cards=tuple(rng.sample(s.hands[seat], move["count"])))
    if act == "accuse":
        return Action(seat, act, target=rng.choice(move["targets"]), color=rng.choice(move["colors"]))
    return Action(seat, act)


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
    while not state.over and len(log) < max_actions:
        action = next_bot_action(state, rng)
        if action is None:
            break
        result = apply(state, action)
        if not isinstance(result, Accepted):
            raise AssertionError(f"bot chose a refused move {action}: {result}")
        state = result.state
        log.append(action)
    return BotGame(deal, later, tuple(log), state)
