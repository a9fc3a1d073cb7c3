"""A sensible bot for balance simulations: it tries to keep its own suspect alive and others' dead,
using only what its seat may know (its hand, its secret, the public table, its peeks).

On its turn it buries Murders and Threats face down under the largest pile that is not its own
suspect's (the pile a review will pick), covers its own pile with a face-down Stop or Bodyguard when
that pile is in danger, and plays the other cards face up when it wants the loupe to move on. It
plays at most two cards a turn, so it keeps something for later. In choices it steers the danger
away from itself: the review of another's pile, the Sidekick's check where it helps, a Switcheroo
that walks its suspect off a dangerous pile, a harmful card handed to a pile not its own, and from
the market the cards that kill or protect.

With the advanced and expert sets (``_turn_second``, ``_choose_second``) it keeps to the same aims
under the rules of the moment (H36, H47: the faces and the number of plays allowed): Poison and
Dying Breath count as killing cards, Armor, Safe Stop, Wrong address and a face-down Antidote as
protection; Dying Breath, When nobody's around and Last ditch effort go face up on another suspect
when they would kill it now; a Memory Wipe, Spread the love, Double Cross or Walk it back goes face
up on its own pile when that pile is in danger (to clear it); Hasty draws when the hand is short
and otherwise skips; a Thief robs the fullest hand; the other new cards are played face up on
another suspect's pile. In its choices it sends danger away from its own suspect (a spread card
that kills onto the pile a review will pick, protection onto its own; a Rebel never moves a card
onto its own pile; a Wrong address or a Sniper never aims at itself), looks at the secrets it has
not seen, brings its own suspect back (else one nobody holds) with Doctor White's power.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games.hasty.actions import Action
from controller.games.hasty.bot import choice_action
from controller.games.hasty.cards import (
    ANTIDOTE,
    ARMOR,
    BODYGUARD,
    DOUBLE_CROSS,
    DYING_BREATH,
    FACE,
    KEYS,
    LAST_DITCH,
    MEMORY_WIPE,
    MURDER,
    NOBODY_AROUND,
    POISON,
    SAFE_STOP,
    SIDEKICK,
    SPREAD,
    STOP,
    THREAT,
    TRAITOR,
    UP,
    WALK_BACK,
    WRONG_ADDRESS,
)
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.engine import BIG_HANDS_PLAYS, showing, slot_rules
from controller.games.hasty.mechanics import hand_limit, neighbour_slots
from controller.games.hasty.moves import SECOND_KINDS, choice_from_option, second_options
from controller.games.hasty.powers import brunette_options
from controller.games.hasty.state import GameState, Pending

HARM: Final = frozenset({MURDER, THREAT})
SAFE: Final = frozenset({STOP, BODYGUARD})
#: market picks, most wanted first
WANTED: Final = (MURDER, STOP, BODYGUARD, THREAT)
MAX_PLAYS: Final = 2
#: the second edition's cards can keep a table going round for ever: with Big Hands a few cards pass
#: between hands and piles (no refill brings a killing card back), and two seats can take back each
#: other's cards while the loupe rocks to and fro. After this many turns without a death the bot
#: forces the pace: it plays its cards face up on the pile a review would take (the loupe moves on,
#: a review comes, and finds them there); with Big Hands it throws its hand away, so the table runs
#: out of cards and the game ends (H21)
QUIET_TURNS: Final = 60
#: the second edition's (H26): cards hidden in a pile a review will reach, cards that guard one's own
HARM2: Final = frozenset({MURDER, THREAT, POISON, DYING_BREATH})
SAFE2: Final = frozenset({STOP, BODYGUARD, ARMOR, SAFE_STOP, WRONG_ADDRESS})
#: played face up on another suspect when they would kill it at once
KILL_NOW: Final = frozenset({DYING_BREATH, NOBODY_AROUND, LAST_DITCH})
#: played face up on its own pile in danger, to clear it
CLEAR_OWN: Final = frozenset({MEMORY_WIPE, SPREAD, DOUBLE_CROSS, WALK_BACK})
WANTED2: Final = (MURDER, DYING_BREATH, STOP, SAFE_STOP, BODYGUARD, POISON, THREAT, ARMOR, WRONG_ADDRESS)


@dataclass
class TableMemory:
    """Public play counts: how often each seat played face down on each suspect, a hint of whose
    suspect a seat is not; and how many turns have begun since a suspect last died."""

    face_down: dict[int, Counter[int]] = field(default_factory=dict)
    quiet: int = 0

    def observe(self, events: tuple[dict[str, Any], ...]) -> None:
        for event in events:
            kind = event.get("type")
            if kind == "played" and not event["up"]:
                self.face_down.setdefault(event["seat"], Counter())[event["at"]] += 1
            elif kind == "turn":
                self.quiet += 1
            elif kind == "died":
                self.quiet = 0


def _own_position(s: GameState, seat: int) -> int | None:
    secret = s.secrets[seat]
    return None if secret == TRAITOR else s.position_of_suspect(secret)


def _danger(s: GameState, position: int) -> int:
    """How likely the pile kills: its size, and the killing cards showing in it."""
    pile = s.piles[s.row[position]]
    shown = sum(1 for c in pile if c & UP and c & FACE in HARM)
    return len(pile) + 2 * shown


def _target(s: GameState, own: int | None) -> int:
    """The largest living pile that is not the seat's own (ties: the leftmost)."""
    others = [p for p in s.living_positions() if p != own] or s.living_positions()
    return max(others, key=lambda p: (len(s.piles[s.row[p]]), -p))


def _own_in_danger(s: GameState, own: int | None) -> bool:
    if own is None:
        return False
    sizes = [len(s.piles[s.row[p]]) for p in s.living_positions()]
    return len(s.piles[s.row[own]]) >= max(sizes) - 1 and _danger(s, own) > 0


def _force_pace(s: GameState, seat: int, own: int | None, faces: dict[int, list[bool]]) -> Action:
    """``QUIET_TURNS`` without a death: with Big Hands throw the hand away; else a card, a killing one
    first, on the largest pile but its own (the one a review takes), face up where that is allowed
    (the loupe moves on), else face down."""
    hand = s.hands[seat]
    if s.options.big_hands or not hand:
        return Action(seat, "end")
    targets = sorted((p for p in faces if p != own), key=lambda p: (-len(s.piles[s.row[p]]), p))
    if not targets:
        return Action(seat, "end")
    at = targets[0]
    card = max(hand, key=lambda c: c in HARM2)
    return Action(seat, "play", card=KEYS[card], at=at, up=True in faces[at])


def _turn(s: GameState, seat: int, rng: random.Random, memory: TableMemory | None = None) -> Action:
    hand = s.hands[seat]
    limit = BIG_HANDS_PLAYS if s.options.big_hands else MAX_PLAYS
    if not hand or s.plays >= limit:
        return Action(seat, "end")
    if memory is not None and memory.quiet > QUIET_TURNS:  # a table going round for ever (H21 too)
        living = s.living_positions()
        return _force_pace(s, seat, _own_position(s, seat), {p: [True, False] for p in living})
    own = _own_position(s, seat)
    harm = [c for c in hand if c in HARM]
    if harm:
        return Action(seat, "play", card=KEYS[harm[0]], at=_target(s, own), up=False)
    safe = [c for c in hand if c in SAFE]
    if safe and own is not None and _own_in_danger(s, own):
        return Action(seat, "play", card=KEYS[safe[0]], at=own, up=False)
    others = [c for c in hand if c not in HARM and c not in SAFE]
    if others and s.plays == 0:
        living = [p for p in s.living_positions() if p != own] or s.living_positions()
        return Action(seat, "play", card=KEYS[others[0]], at=rng.choice(living), up=True)
    return Action(seat, "end")


def _choose(s: GameState, seat: int, pending: Pending, own: int | None, rng: random.Random) -> Action:
    kind = pending.kind
    if kind == "pile":
        options = [p for p in pending.options if p != own] or list(pending.options)
        return Action(seat, "choose", at=max(options, key=lambda p: _danger(s, p)))
    if kind == "sidekick":
        mine = s.suspect_at[pending.slot] == s.secrets[seat]

        def has(p: int) -> bool:
            # the seat cannot see face-down cards: it goes by the face-up Sidekicks and the size
            return any(c & UP and c & FACE == SIDEKICK for c in s.piles[s.row[p]])

        ranked = sorted(pending.options, key=lambda p: (has(p), len(s.piles[s.row[p]])))
        return Action(seat, "choose", at=ranked[0] if mine else ranked[-1])
    if kind == "question":
        pairs = question_options(s, seat)
        harmful = [pair for pair in pairs if pair[0] in HARM]
        card, ask = rng.choice(harmful or pairs)
        return Action(seat, "choose", card=KEYS[card], ask=ask)
    if kind == "question_pile":
        if pending.card in SAFE and own is not None:
            return Action(seat, "choose", at=own)
        return Action(seat, "choose", at=_target(s, own))
    if kind == "investigate":
        hands = hand_targets(s, seat)
        if hands:
            return Action(seat, "choose", hand=rng.choice(hands))
        return Action(seat, "choose", at=_target(s, own))
    if kind == "switcheroo":
        swaps, _ = switcheroo_options(s)
        if own is not None and _own_in_danger(s, own) and swaps:
            calm = min((p for p in s.living_positions() if p != own), key=lambda p: _danger(s, p),
                       default=None)
            if calm is not None:
                return Action(seat, "choose", swap=(own, calm))
        theirs = [pair for pair in swaps if own not in pair]
        if theirs:
            return Action(seat, "choose", swap=rng.choice(theirs))
        return choice_action(s, seat, rng)
    if kind == "market":
        market = list(s.market)
        picked: list[int] = []
        wanted = WANTED2 if s.options.sets != ("base",) else WANTED
        for card in sorted(market, key=lambda c: wanted.index(c) if c in wanted else len(wanted)):
            if len(picked) < pending.take:
                picked.append(card)
        return Action(seat, "choose", cards=tuple(KEYS[c] for c in picked))
    return choice_action(s, seat, rng)


# ---------------------------------------------------------------- the second edition (H25-H52)


def _faces(s: GameState) -> dict[int, list[bool]]:
    """Each living position a card may be played on now, with the faces allowed (H36, H47)."""
    shown, alley = showing(s)
    out: dict[int, list[bool]] = {}
    for p in s.living_positions():
        face, _, allowed = slot_rules(s, s.row[p], shown, alley)
        if allowed:
            out[p] = [True, False] if face is None else [face]
    return out


def _kills_now(s: GameState, card: int, at: int) -> bool:
    """Whether the card played face up at ``at`` would kill that suspect at once."""
    if card == DYING_BREATH:
        return True
    slot = s.row[at]
    if card == NOBODY_AROUND:
        return all(len(s.piles[n]) < 3 for n in neighbour_slots(s, slot))
    return card == LAST_DITCH and len(s.living_positions()) < 3


def _stuck(s: GameState, position: int) -> bool:
    """A fortress (H30 keeps Poisons and Armors): a pile whose face-up Armors shield at least as often
    as its face-up Poisons kill. While it is the largest, reviews of it mostly go nowhere."""
    pile = s.piles[s.row[position]]
    armors = sum(1 for c in pile if c == ARMOR | UP)
    poisons = sum(1 for c in pile if c == POISON | UP)
    return armors >= 3 and armors - 2 >= max(0, poisons - 2)


def _turn_second(s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action:
    hand = s.hands[seat]
    limit = BIG_HANDS_PLAYS if s.options.big_hands else MAX_PLAYS
    quiet = memory.quiet > QUIET_TURNS
    if not hand or s.plays >= limit:
        return Action(seat, "end")
    faces = _faces(s)
    if not faces:
        return Action(seat, "end")
    own = _own_position(s, seat)
    if quiet:
        return _force_pace(s, seat, own, faces)
    others = sorted((p for p in faces if p != own and not _stuck(s, p)),
                    key=lambda p: (-len(s.piles[s.row[p]]), p))
    others += [p for p in faces if p != own and p not in others]

    def play(card: int, at: int, up: bool) -> Action | None:
        return Action(seat, "play", card=KEYS[card], at=at, up=up) if up in faces.get(at, ()) else None

    cards = sorted(set(hand))
    for card in cards:  # a kill now, on a suspect not its own
        if card in KILL_NOW:
            for at in others:
                if _kills_now(s, card, at) and (move := play(card, at, True)):
                    return move
    danger = own is not None and _own_in_danger(s, own)
    stuck = [p for p in s.living_positions() if _stuck(s, p)]
    for at in ([own] if danger and own is not None else []) + stuck:
        for card in cards:  # clear its own pile in danger, or a pile that stalls the reviews
            if card in CLEAR_OWN and (move := play(card, at, True)):
                return move
    if danger and own is not None:
        for card in cards:  # face down: in a review it guards (a face-down Antidote takes Poison off)
            if (card in SAFE2 or card == ANTIDOTE) and (move := play(card, own, False)):
                return move
    for card in cards:  # killing cards hidden in the pile a review will pick
        if card in HARM2:
            for at in others[:1]:
                if move := play(card, at, False) or play(card, at, True):
                    return move
    if s.plays == 0:
        kept = HARM2 | SAFE2 | KILL_NOW | {ANTIDOTE}
        useful = [c for c in cards if c not in kept]
        targets = [p for p in others if True in faces[p]]
        if useful and targets:
            return Action(seat, "play", card=KEYS[useful[0]], at=rng.choice(targets), up=True)
    return Action(seat, "end")


def _choose_second(s: GameState, seat: int, pending: Pending, own: int | None, rng: random.Random) -> Action:
    kind = pending.kind
    options = second_options(s, seat)

    def pick(keys: dict[str, object]) -> Action:
        return choice_from_option(seat, keys)

    def not_own(key: str = "at") -> list[dict[str, object]]:
        return [o for o in options if o.get(key) != own] or options

    def most_danger(opts: list[dict[str, object]], key: str = "at") -> dict[str, object]:
        return max(opts, key=lambda o: _danger(s, int(str(o[key]))))

    if kind in ("breath", "sniper", "wrong_address"):
        return pick(most_danger(not_own()))
    if kind == "walk":
        mine = [o for o in options if o["at"] == own]
        return pick(mine[0] if mine else most_danger(options))
    if kind == "wipe":
        mine = [o for o in options if o["at"] == own]
        return pick(mine[0] if mine else min(options, key=lambda o: _danger(s, int(str(o["at"])))))
    if kind == "tangled":
        from_own = [o for o in options if o["at"] == own]
        return pick(rng.choice(from_own or options))
    if kind == "spread":
        card = pending.card & FACE
        if card in SAFE2 and own is not None and own in pending.options:
            return pick({"at": own})
        return pick(most_danger(not_own()))
    if kind == "double":
        return pick(most_danger([o for o in not_own() if o["top"]]))
    if kind == "rebel":
        away = [o for o in options if o["to"] != own]
        target = _target(s, own)
        best = [o for o in away if o["to"] == target] or away or options
        return pick(rng.choice(best))
    if kind == "revelation":
        hand = sorted(set(s.hands[seat]), key=lambda c: WANTED2.index(c) if c in WANTED2 else -1)
        return pick({"card": KEYS[hand[0]]})
    if kind == "thief":
        return pick(max(options, key=lambda o: len(s.hands[int(str(o["hand"]))])))
    if kind == "brunette":
        piles, hands = brunette_options(s, seat)
        if own in piles:
            return pick({"at": own})
        if hands:
            return pick({"hand": max(hands, key=lambda o: len(s.hands[o]))})
        return pick(rng.choice(options))
    if kind == "private":
        seen = {p.target for p in s.peeks[seat] if p.kind == "secret"}
        fresh = [o for o in options if "secret" in o and o["secret"] not in seen]
        return pick(rng.choice(fresh or options))
    if kind == "hasty":
        short = len(s.hands[seat]) < hand_limit(s) - 1
        return pick({"hasty": "draw" if short else "skip"})
    if kind == "revive":
        secret = s.secrets[seat]
        held = {s.secrets[other] for other in range(s.players) if s.eliminated[other]}
        ranked = sorted(options, key=lambda o: (o["suspect"] != secret, o["suspect"] in held))
        return pick(ranked[0])
    return pick(rng.choice(options))


def sensible_action(s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action | None:
    """A move for ``seat`` if the game waits for it, else None."""
    if s.phase == "over" or seat != s.waiting:
        return None
    pending = s.pending
    if pending is not None:
        choose = _choose_second if pending.kind in SECOND_KINDS else _choose
        return choose(s, seat, pending, _own_position(s, seat), rng)
    if s.options.second_edition:
        return _turn_second(s, seat, rng, memory)
    return _turn(s, seat, rng, memory)


__all__ = ["TableMemory", "sensible_action"]
