"""The random bot: a uniformly random legal move, fast enough to play a thousand games a second.

It does not build ``legal_moves``: it counts the choices straight from the state and picks one by
index, drawing from the RNG with ``getrandbits`` as ``random.Random`` itself does for ``randrange``
(one call, no list). Whatever it picks is among ``legal_moves``, so the engine accepts it;
tests/betrayal/test_bots.py checks both.
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from controller.games import common
from controller.games.betrayal.actions import Action
from controller.games.betrayal.cards import JOKER, NAMES
from controller.games.betrayal.deal import Deal, deal_cards
from controller.games.betrayal.engine import MAX_RED, apply
from controller.games.betrayal.moves import red_choices, suit_choices
from controller.games.betrayal.state import GameState, new_game
from controller.games.common import play_out

#: n.bit_length() for every count of choices a bot meets (a row, or every row, holds at most the deck)
_BITS: Final = tuple(n.bit_length() for n in range(256))


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in 0..n-1 (n >= 1), by rejection from ``getrandbits`` as ``randrange`` does."""
    k = _BITS[n] if n < 256 else n.bit_length()
    getrandbits = rng.getrandbits
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return i


def _setup_move(s: GameState, army: int, rng: random.Random) -> Action:
    """A random setup choice: any pair of suits that gives an army, or 0-5 random red cards."""
    if army == s.traitor:
        reds = red_choices(s, army)
        count = _below(rng, min(MAX_RED, len(reds)) + 1)
        picked = sorted(rng.sample(range(len(reds)), count))
        return Action(army, "army", red=tuple(NAMES[reds[i]] for i in picked))
    pairs = [pair for pair, row in suit_choices(s, army) if row]
    return Action(army, "army", suits=pairs[_below(rng, len(pairs))])


def _accuse(s: GameState, army: int, rng: random.Random) -> Action:
    """Any own card but the joker against any card in another row, each equally likely."""
    rows = s.rows
    row = rows[army]
    if army == s.traitor and not s.joker_dead:
        joker = row.index(JOKER)  # the joker never lies face up
        card = _below(rng, len(row) - 1)
        if card >= joker:
            card += 1
    else:
        card = _below(rng, len(row))
    total = 0
    for t, other in enumerate(rows):
        if t != army:
            total += len(other)
    pick = _below(rng, total)
    for t, other in enumerate(rows):
        if t != army:
            if pick < len(other):
                return Action(army, "accuse", card=card, target=(t, pick))
            pick -= len(other)
    raise AssertionError("the pick lies in some row")


def _peek(s: GameState, army: int, rng: random.Random) -> Action:
    places = [(t, p) for t, row in enumerate(s.rows) if t != army for p in range(len(row))]
    return Action(army, "peek", cards=tuple(rng.sample(places, min(2, len(places)))))


def army_action(s: GameState, army: int, rng: random.Random) -> Action | None:
    """A random legal move for ``army``, or None when the game does not wait for it."""
    phase = s.phase
    if phase == "setup":
        return None if s.chosen[army] else _setup_move(s, army, rng)
    if army != s.turn:
        return None
    if phase == "turn":
        return _accuse(s, army, rng)
    if phase == "after_win":
        # hide or end, equally likely; a hide goes anywhere in the row
        if rng.getrandbits(1):
            return Action(army, "end")
        return Action(army, "hide", at=_below(rng, len(s.rows[army])))
    return _peek(s, army, rng)


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for one of ``seat``'s armies, or None when it has nothing to do."""
    if not 0 <= seat < s.players or s.phase == "over":
        return None
    if s.phase == "setup":
        waiting = [a for a in s.armies_of(seat) if not s.chosen[a]]
        if not waiting:
            return None
        return _setup_move(s, waiting[_below(rng, len(waiting))], rng)
    assert s.turn is not None
    if s.army_seats[s.turn] != seat:
        return None
    return army_action(s, s.turn, rng)


def next_bot_action(s: GameState, rng: random.Random) -> Action | None:
    """A move by one of the armies the game waits for, picked at random (every seat is a bot)."""
    turn = s.turn
    if turn is not None:
        return army_action(s, turn, rng)
    if s.phase != "setup":
        return None
    waiting = [a for a in range(s.armies) if not s.chosen[a]]
    return _setup_move(s, waiting[_below(rng, len(waiting))], rng)


#: a whole Betrayal game played by bots
BotGame: TypeAlias = common.BotGame[Deal, GameState, Action]


def play_bot_game(
    players: int, seed: int, max_actions: int = 10_000, *, twos_defend: bool = False
) -> BotGame:
    """A whole game played by random bots; the same seed always plays the same game.

    Every accusation kills a card and no card comes back, so a game ends after at most a few hundred
    actions; ``max_actions`` is only a guard.
    """
    rng = random.Random(seed)
    deal = deal_cards(players, rng)
    state = new_game(deal, twos_defend=twos_defend)
    return play_out(deal, state, next_bot_action, rng, apply, max_actions)
