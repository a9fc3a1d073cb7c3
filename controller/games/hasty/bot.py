"""The random bot: a random legal move, cheap enough to play a thousand games a second.

On its turn it ends the turn with chance 1/(cards in hand + 1), else plays a random card of its hand
on a random living pile, face up or down at even odds (the faces the rules of the moment allow, H36,
H47); a choice is a random option, each as likely as the others. It picks by index from
``rng.random()`` without building ``legal_moves``; what it picks is always among them
(tests/hasty/test_hasty_bots.py and test_hasty_second_properties.py check both). A whole game keeps
one state of its own and applies the moves in place (``apply_own``).
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from controller.games import common
from controller.games.common import Refusal
from controller.games.hasty.actions import Action
from controller.games.hasty.cards import KEYS
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.deal import MAX_PLAYERS, Deal, deal_cards
from controller.games.hasty.engine import BIG_HANDS_PLAYS, apply_own, looks
from controller.games.hasty.mechanics import Event, neighbour_slots
from controller.games.hasty.moves import SECOND_KINDS, choice_from_option, second_options
from controller.games.hasty.state import GameState


def _pick(rng: random.Random, n: int) -> int:
    return int(rng.random() * n)


def choice_action(s: GameState, seat: int, rng: random.Random) -> Action:
    """A random option of the pending choice (the seat must be the one it waits for)."""
    pending = s.pending
    assert pending is not None
    kind = pending.kind
    if kind == "market":  # the commonest choice
        market = s.market
        if pending.take == 1 and s.options.second_edition:
            # one card (a hand limit of 1, H46), the commonest choice then: any of them
            return Action(seat, "choose", cards=(KEYS[market[_pick(rng, len(market))]],))
        return Action(seat, "choose", cards=tuple(KEYS[c] for c in sample(rng, market, pending.take)))
    if kind in ("pile", "sidekick", "mover"):
        options = pending.options
        return Action(seat, "choose", at=options[_pick(rng, len(options))])
    if kind in SECOND_KINDS:
        return _second_choice(s, seat, rng)
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
    raise AssertionError(f"no random choice for a {kind} choice")  # pragma: no cover


def sample(rng: random.Random, population: tuple[int, ...], k: int) -> list[int]:
    """``rng.sample(population, k)`` for a population of up to 21 items (a market), drawing the very
    same numbers from ``rng`` and giving the very same cards (tests/hasty/test_hasty_bots.py checks
    it against ``random.Random.sample``), without that function's general set-up: a market choice
    comes a dozen times a game."""
    pool = list(population)
    n = len(pool)
    if not 0 <= k <= n or n > 21 or type(rng) is not random.Random:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    out = []
    for i in range(k):
        size = n - i
        bits = size.bit_length()  # as ``Random._randbelow``: whole draws of that many bits, below size
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        out.append(pool[j])
        pool[j] = pool[size - 1]
    return out


#: the second edition's kinds whose options are the pending ``options`` themselves, by the key they fill
_BY_OPTION = {"breath": "at", "sniper": "at", "wrong_address": "at", "walk": "at", "wipe": "at",
              "spread": "at", "thief": "hand", "tuck": "suspect", "revive": "suspect"}


def _second_choice(s: GameState, seat: int, rng: random.Random) -> Action:
    """A random option of a second-edition choice: each option as likely as ``second_options`` lists
    them, made without listing them where the pending ``options`` say it all."""
    pending = s.pending
    assert pending is not None
    kind = pending.kind
    key = _BY_OPTION.get(kind)
    options = pending.options
    if key == "at":
        return Action(seat, "choose", at=options[_pick(rng, len(options))])
    if key == "hand":
        return Action(seat, "choose", hand=options[_pick(rng, len(options))])
    if key is not None:
        return Action(seat, "choose", more=(("suspect", options[_pick(rng, len(options))]),))
    if kind == "double":
        i = _pick(rng, 2 * len(options))
        return Action(seat, "choose", at=options[i // 2], more=(("top", i % 2 == 0),))
    if kind == "hasty":
        return Action(seat, "choose", more=(("hasty", ("draw", "skip")[_pick(rng, 2)]),))
    if kind == "rebel":
        return _rebel_choice(s, seat, rng)
    if kind == "tangled":
        return _tangled_choice(s, seat, rng)
    every = second_options(s, seat)
    return choice_from_option(seat, every[_pick(rng, len(every))])


def _rebel_choice(s: GameState, seat: int, rng: random.Random) -> Action:
    """One of ``rebel_options`` (each card, to each place of each other pile), picked by its number
    without listing them all."""
    pending = s.pending
    assert pending is not None
    source = pending.slot
    at = s.row.index(source)
    targets = [(p, len(s.piles[slot]) + 1) for p, slot in enumerate(s.row) if not s.dead[slot] and p != at]
    places = sum(k for _, k in targets)
    k = _pick(rng, len(s.piles[source]) * places)
    index, rest = divmod(k, places)
    for to, count in targets:
        if rest < count:
            return Action(seat, "choose", more=(("index", index), ("to", to), ("place", rest)))
        rest -= count
    raise AssertionError("a Rebel's pick beyond its options")  # pragma: no cover


def _tangled_choice(s: GameState, seat: int, rng: random.Random) -> Action:
    """One of ``tangled_options`` (each neighbour with each ordered pair of its cards, or all of them
    when it holds fewer than two), picked by its number without listing them all."""
    pending = s.pending
    assert pending is not None
    counts = [(s.row.index(n), len(s.piles[n])) for n in neighbour_slots(s, pending.slot)]
    k = _pick(rng, sum(n * (n - 1) if n >= 2 else 1 for _, n in counts))
    for at, n in counts:
        size = n * (n - 1) if n >= 2 else 1
        if k < size:
            if n < 2:
                return Action(seat, "choose", at=at, more=(("indices", tuple(range(n))),))
            first, second = divmod(k, n - 1)
            return Action(seat, "choose", at=at, more=(("indices", (first, second + (second >= first))),))
        k -= size
    raise AssertionError("a Tangled Up's pick beyond its options")  # pragma: no cover


#: an ``end`` by each seat: the same value every time, made once
_ENDS: Final = tuple(Action(seat, "end") for seat in range(MAX_PLAYERS))
#: ``Action(seat, "play", card, at, up)`` made without the named tuple's ``__new__`` (a Python
#: function with eleven parameters): the fields past ``up`` are None
_tuple_new: Final = tuple.__new__
_REST: Final = (None,) * (len(Action._fields) - 5)


def turn_action(s: GameState, seat: int, rng: random.Random) -> Action:
    hand = s.hands[seat]
    n = len(hand)
    random_ = rng.random
    options = s.options
    if not n or (options.big_hands and s.plays >= BIG_HANDS_PLAYS) or random_() * (n + 1) < 1:
        return _ENDS[seat]
    dead = s.dead
    if options.second_edition:  # the positions and faces play_targets lists, worked out directly
        shown, alley, plum = looks(s)
        if shown and s.plays:
            return _ENDS[seat]
        row = s.row
        barred = plum if alley and not shown else -1  # H47: Back Alley and Plum allow nothing there
        living = [p for p, slot in enumerate(row) if not dead[slot] and slot != barred]
        if not living:
            return _ENDS[seat]
        card = KEYS[hand[int(random_() * n)]]
        at = living[int(random_() * len(living))]
        up = True if shown or row[at] == plum else False if alley else random_() < 0.5
        return _tuple_new(Action, (seat, "play", card, at, up, *_REST))
    living = [p for p, slot in enumerate(s.row) if not dead[slot]]
    return _tuple_new(Action, (seat, "play", KEYS[hand[int(random_() * n)]],
                               living[int(random_() * len(living))], random_() < 0.5, *_REST))


def bot_action(s: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random legal move for ``seat``, or None when the game does not wait for it."""
    if s.phase == "over" or seat != s.waiting:
        return None
    if s.pending is not None:
        return choice_action(s, seat, rng)
    return turn_action(s, seat, rng)


def next_bot_action(s: GameState, rng: random.Random) -> Action | None:
    """A move by the seat the game waits for (every seat is a bot)."""
    if s.phase == "over":
        return None
    pending = s.pending
    if pending is not None:
        return choice_action(s, pending.seat, rng)
    seat = s.turn
    return None if seat is None else turn_action(s, seat, rng)


#: a whole Hasty Accusations game played by bots
BotGame: TypeAlias = common.BotGame[Deal, GameState, Action]


def play_bot_game(players: int, seed: int, max_actions: int = 20_000, *, traitor: bool = False,
                  speedy: bool = False, big_hands: bool = False, suspects: int | None = None,
                  sets: tuple[str, ...] | list[str] = ("base",), powers: bool = False) -> BotGame:
    """A whole game played by random bots; the same seed always plays the same game."""
    rng = random.Random(seed)
    deal = deal_cards(players, rng, suspects=suspects, traitor=traitor, speedy=speedy, big_hands=big_hands,
                      sets=sets, powers=powers)
    # the game's state is this loop's own, so the rules change it in place (``apply_own``): no new
    # state object or result per move; nobody reads the events, so one list takes them all
    state = GameState(deal, checked=True)
    log: list[Action] = []
    events: list[Event] = []
    record, clear = log.append, events.clear
    try:
        while state.phase != "over" and len(log) < max_actions:
            # ``next_bot_action``, inline: this runs for every move
            pending = state.pending
            if pending is not None:
                action = choice_action(state, pending.seat, rng)
            else:
                seat = state.turn
                if seat is None:
                    break
                action = turn_action(state, seat, rng)
            apply_own(state, action, events)
            clear()
            record(action)
    except Refusal as refusal:
        raise AssertionError(f"the bot chose a refused move {action}: {refusal.code}") from None
    assert state.over or len(log) == max_actions  # a live game always has a bot's move
    return common.BotGame(deal, tuple(log), state)
