"""The random bot: a random legal move, cheap enough to play a thousand games a second.

On its turn it ends the turn with chance 1/(cards in hand + 1), else plays a random card of its hand
on a random living pile, face up or down at even odds; a choice is a random option. It picks by index
from ``rng.random()`` without building ``legal_moves``; what it picks is always among them
(tests/hasty/test_hasty_bots.py checks both).
"""

from __future__ import annotations

import random
from typing import TypeAlias

from controller.games import common
from controller.games.common import play_out
from controller.games.hasty.actions import Action
from controller.games.hasty.cards import KEYS
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.deal import Deal, deal_cards
from controller.games.hasty.engine import BIG_HANDS_PLAYS, apply
from controller.games.hasty.moves import SECOND_KINDS, choice_from_option, play_targets, second_options
from controller.games.hasty.state import GameState, new_game


def _pick(rng: random.Random, n: int) -> int:
    return int(rng.random() * n)


def choice_action(s: GameState, seat: int, rng: random.Random) -> Action:
    """A random option of the pending choice (the seat must be the one it waits for)."""
    pending = s.pending
    assert pending is not None
    kind = pending.kind
    if kind in ("pile", "sidekick", "mover"):
        options = pending.options
        return Action(seat, "choose", at=options[_pick(rng, len(options))])
    if kind in SECOND_KINDS:
        every = second_options(s, seat)
        return choice_from_option(seat, every[_pick(rng, len(every))])
    if kind == "question_pile":
        living = s.living_positions()
        return Action(seat, "choose", at=living[_pick(rng, len(living))])
    if kind == "question":
        pairs = question_options(s, seat)
        card, ask = pairs[_pick(rng, len(pairs))]
        return Action(seat, "choose", card=KEYS[card], ask=ask)
    if kind == "investigate":
        living, hands = s.living_positions(), hand_targets(s, seat)
        i = _pick(rng, len(living) + len(hands))
        if i < len(living):
            return Action(seat, "choose", at=living[i])
        return Action(seat, "choose", hand=hands[i - len(living)])
    if kind == "switcheroo":
        swaps, flips = switcheroo_options(s)
        i = _pick(rng, len(swaps) + len(flips))
        if i < len(swaps):
            return Action(seat, "choose", swap=swaps[i])
        return Action(seat, "choose", flip=flips[i - len(swaps)])
    picked = rng.sample(s.market, pending.take)
    return Action(seat, "choose", cards=tuple(KEYS[c] for c in picked))


def turn_action(s: GameState, seat: int, rng: random.Random) -> Action:
    hand = s.hands[seat]
    n = len(hand)
    random_ = rng.random
    if not n or (s.options.big_hands and s.plays >= BIG_HANDS_PLAYS) or random_() * (n + 1) < 1:
        return Action(seat, "end")
    if s.options.second_edition:
        targets = play_targets(s)
        if not targets:
            return Action(seat, "end")
        card = KEYS[hand[int(random_() * n)]]
        at, faces = targets[int(random_() * len(targets))]
        return Action(seat, "play", card, at, faces[0] if len(faces) == 1 else random_() < 0.5)
    dead = s.dead
    living = [p for p, slot in enumerate(s.row) if not dead[slot]]
    return Action(seat, "play", KEYS[hand[int(random_() * n)]], living[int(random_() * len(living))],
                  random_() < 0.5)


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for ``seat``, or None when the game does not wait for it."""
    if s.phase == "over" or seat != s.waiting:
        return None
    if s.pending is not None:
        return choice_action(s, seat, rng)
    return turn_action(s, seat, rng)


def next_bot_action(s: GameState, rng: random.Random) -> Action | None:
    """A move by the seat the game waits for (every seat is a bot)."""
    seat = s.waiting
    if seat is None or s.phase == "over":
        return None
    if s.pending is not None:
        return choice_action(s, seat, rng)
    return turn_action(s, seat, rng)


#: a whole Hasty Accusations game played by bots
BotGame: TypeAlias = common.BotGame[Deal, GameState, Action]


def play_bot_game(players: int, seed: int, max_actions: int = 20_000, *, traitor: bool = False,
                  speedy: bool = False, big_hands: bool = False, suspects: int | None = None,
                  sets: tuple[str, ...] | list[str] = ("base",), powers: bool = False) -> BotGame:
    """A whole game played by random bots; the same seed always plays the same game."""
    rng = random.Random(seed)
    deal = deal_cards(players, rng, suspects=suspects, traitor=traitor, speedy=speedy, big_hands=big_hands,
                      sets=sets, powers=powers)
    game = play_out(deal, new_game(deal), next_bot_action, rng, apply, max_actions)
    assert game.final.over or len(game.actions) == max_actions  # a live game always has a bot's move
    return game
