"""What the strong bot (controller/games/search) needs of Hasty Accusations: a seat's unseen world, dealt.

``sample_state`` builds a full state from one seat's private view and the public events. What the
seat sees is taken as it is: its hand, its secret, its peeks and notes, the row with every face-up
card, the market, the counts, the review under way, the eliminated seats' suspects, and the
engine's unfinished work, which the public view carries under ``work`` (the tasks still to run,
the choice waited on, every evaluation of a nested review, the slots of the row: all of it follows
from public facts). What it cannot see is dealt at random from the cards not accounted for: the
other hands, the face-down cards in the piles, the deck's order and the discard pile, the other
seats' suspects (and who holds the Traitor). The shuffles' numbers are drawn anew, since nobody
knows them.

The deal uses what the seat learned along the way (``_Knowledge``, read once per decision from the
history by ``prepare``): a pile it looked through (an Investigator, a Tangled Up) keeps the cards it
saw, bottom first, while only cards laid on top have touched it since, and the two cards a Tangled
Up moved stay known where they went; a hand keeps the cards known to be in it (cards this seat lost
to it or gave it in a swap, face-up cards it took from a pile or from the market, what an
Investigator showed) until that seat plays face down or loses cards it could have chosen; a seat's
suspect is fixed once it was out or a Private Investigator showed it. Where nothing is known the
deal leans the way the table points: a face-down card is more often one that kills or protects
(what a player hides), and a seat is less often dealt a suspect it played a face-up card on,
handed a harmful card to, or picked for a review.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final

from controller.games.hasty import feed
from controller.games.hasty.actions import Action
from controller.games.hasty.cards import (
    ARMOR,
    BODYGUARD,
    GREEN,
    INDEX,
    KEYS,
    KINDS,
    MURDER,
    POISON,
    STOP,
    THREAT,
    TRAITOR,
    TRAITOR_KEY,
    UP,
    default_deck,
    set_keys,
)
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.deal import ROLL_BITS, ROLLS, Options
from controller.games.hasty.engine import BIG_HANDS_PLAYS, showing, slot_rules
from controller.games.hasty.moves import SECOND_KINDS, choice_from_option, second_options
from controller.games.hasty.state import (
    Extras,
    Frame,
    GameState,
    LastReview,
    Nested,
    Note,
    Peek,
    Pending,
    Review,
)

Event = dict[str, Any]

#: how much likelier a face-down card in a pile is to be a card that kills or protects
HIDDEN_WEIGHT: Final = 3.0
HIDDEN: Final = frozenset({MURDER, THREAT, STOP, BODYGUARD, POISON, ARMOR})
HARM: Final = frozenset({MURDER, THREAT, POISON})
SAFE: Final = frozenset({STOP, BODYGUARD, ARMOR})
#: how strongly one sign that a seat wants a suspect dead tilts the deal away from its holding it
LEAN: Final = 0.7
#: a choice with more options than this is weighed on an even spread of them
MAX_CHOICES: Final = 24
#: events that only lay a card on top of the pile at ``at`` (what lies below stays as it was)
_ON_TOP: Final = frozenset({"question_placed", "revelation_placed", "spread_placed", "bombed", "evaluating",
                            "sidekick", "investigated", "shielded", "saved", "sniped"})

__all__ = ["against", "candidate_actions", "prepare", "public_event", "sample_state", "score"]


def public_event(event: Event) -> Event:
    """The event without the details only some seats may learn (``feed.PRIVATE_KEYS``)."""
    return feed.public_event(event)


# ---------------------------------------------------------------- reading the history


def _suspects_at(history: Sequence[Event], count: int) -> list[tuple[int, list[int]]]:
    """Before each event (by index), the suspects by position, as the swaps, removals, shuffles and
    revivals left them; only kept where the lean needs it: (event index, row) for the events that
    count."""
    row = list(range(count))
    out: list[tuple[int, list[int]]] = []
    for i, e in enumerate(history):
        kind = e.get("type")
        if kind in ("played", "question_placed", "evaluating"):
            out.append((i, row[:]))
        elif kind == "swapped":
            x, y = e["at"]
            if 0 <= x < len(row) and 0 <= y < len(row):
                row[x], row[y] = row[y], row[x]
        elif kind == "removed" and 0 <= e["at"] < len(row):
            del row[e["at"]]
        elif kind == "power" and "row" in e:
            row = list(e["row"])
        elif kind == "revived" and e.get("at") == len(row):
            row.append(e["suspect"])
    return out


def against(history: Sequence[Event], players: int, count: int) -> list[list[float]]:
    """Per seat and suspect: signs that the seat wants that suspect dead (less those it protects):
    a face-up card played on it, a harmful card handed to its pile, its pile picked for a review."""
    signs = [[0.0] * count for _ in range(players)]
    for i, row in _suspects_at(history, count):
        e = history[i]
        kind, at = e.get("type"), e.get("at", -1)
        if not isinstance(at, int) or not 0 <= at < len(row):
            continue
        suspect = row[at]
        if kind == "played" and e["up"] and 0 <= e["seat"] < players:
            signs[e["seat"]][suspect] += 1.0
        elif kind == "question_placed" and 0 <= e["seat"] < players:
            card = INDEX.get(e["card"], -1)
            signs[e["seat"]][suspect] += -1.0 if card in SAFE else 1.0 if card in HARM else 0.0
        elif kind == "evaluating" and i and history[i - 1].get("type") == "choice" and (
            history[i - 1].get("kind") == "pile" and 0 <= history[i - 1]["seat"] < players
        ):
            signs[history[i - 1]["seat"]][suspect] += 1.0
    return signs


@dataclass
class _Knowledge:
    """What the seat knows of hidden cards, kept up to date event by event (see the module)."""

    me: int
    #: position -> {index from the bottom: card}, for face-down cards
    piles: dict[int, dict[int, int]] = field(default_factory=dict)
    #: seat -> cards known to be in its hand (a lower bound)
    hands: dict[int, list[int]] = field(default_factory=dict)
    #: seat -> its secret suspect (TRAITOR for the traitor), once known
    secrets: dict[int, int] = field(default_factory=dict)

    def _forget(self, seat: int, cards: list[int]) -> None:
        """``seat`` no longer holds ``cards`` (those it held of them)."""
        known = self.hands.get(seat)
        if known:
            for card in cards:
                if card in known:
                    known.remove(card)

    def _gain(self, seat: int, cards: list[int]) -> None:
        self.hands.setdefault(seat, []).extend(cards)

    def read(
        self, history: Sequence[Event], peeks: list[dict[str, Any]], notes: list[dict[str, Any]]
    ) -> None:
        peek_at = note_at = 0
        me = self.me
        for e in history:
            kind = e.get("type")
            seat: int = e.get("seat", -1)
            at: Any = e.get("at")
            if kind == "eliminated":
                self.secrets[e["seat"]] = int(e["suspect"])
                self.hands.pop(e["seat"], None)
            elif kind == "investigated" and seat == me and peek_at < len(peeks):
                peek = peeks[peek_at]
                peek_at += 1
                cards = [INDEX[c] for c in peek["cards"]]
                if "pile" in peek:
                    self.piles[peek["pile"]] = dict(enumerate(cards))
                else:
                    self.hands[peek["hand"]] = cards
            elif kind == "tangled":
                self.piles.pop(e["from"], None)
                if seat == me and peek_at < len(peeks):
                    seen = [INDEX[c] for c in peeks[peek_at]["cards"]]
                    peek_at += 1
                    indices = list(e["indices"])
                    self.piles[e["from"]] = dict(enumerate(c for i, c in enumerate(seen) if i not in indices))
                    into = self.piles.setdefault(e["to"], {})
                    size = e["size"]
                    for k, i in enumerate(indices):
                        into[size - len(indices) + k] = seen[i]
            elif kind == "secret_seen" and seat == me and peek_at < len(peeks):
                peek = peeks[peek_at]
                peek_at += 1
                suspect = peek["suspect"]
                self.secrets[peek["secret"]] = TRAITOR if suspect == TRAITOR_KEY else int(suspect)
            elif kind == "played":
                if e.get("bottom"):
                    self._shift(at, 1)
                if e["up"]:
                    self._forget(seat, [INDEX[e["card"]]])
                else:
                    self.hands.pop(seat, None)
            elif kind in ("asked", "revelation_placed"):
                self._forget(seat, [INDEX[e["card"]]])
            elif kind == "ended" and e["discarded"]:
                self.hands.pop(seat, None)
            elif kind == "took":
                self._gain(seat, [INDEX[c] for c in e["cards"]])
            elif kind == "walked":
                self.piles.pop(at, None)
                self._gain(seat, [INDEX[c] for c in e["shown"]])
                if seat == me and note_at < len(notes):
                    note_at += 1
            elif kind == "stolen":
                if "at" in e:
                    self.piles.pop(at, None)
                    self._gain(seat, [INDEX[c] for c in e.get("shown", ())])
                    if seat == me and e["count"] and note_at < len(notes):
                        note_at += 1
                    continue
                victim = e["from"]
                if me in (seat, victim) and e["count"] and note_at < len(notes):
                    cards = [INDEX[c] for c in notes[note_at]["cards"]]
                    note_at += 1
                    if me == victim:
                        self._gain(seat, cards)
                    else:
                        self._forget(victim, cards)
                else:
                    self.hands.pop(victim, None)
            elif kind == "hands_swapped":
                other = e["with"]
                mine, theirs = self.hands.pop(seat, None), self.hands.pop(other, None)
                if theirs is not None:
                    self.hands[seat] = theirs
                if mine is not None:
                    self.hands[other] = mine
                if me in (seat, other) and note_at + 1 < len(notes):
                    gave = [INDEX[c] for c in notes[note_at]["cards"]]
                    note_at += 2
                    self.hands[other if me == seat else seat] = gave
            elif kind == "power" and e.get("power") == GREEN:
                self.hands.clear()
            elif kind == "removed":
                self.piles.clear()
            elif kind == "wiped":
                for p in e["at"]:
                    self.piles.pop(p, None)
            elif kind in ("double_crossed",):
                self.piles.pop(e["from"], None)
                if not e["top"]:
                    self._shift(at, e["count"])
            elif kind == "rebel_moved":
                self.piles.pop(e["from"], None)
                self.piles.pop(e["to"], None)
            elif isinstance(at, int) and kind not in _ON_TOP:
                self.piles.pop(at, None)  # revealed, shuffled, flipped, died, spread, a power on it...

    def _shift(self, at: object, by: int) -> None:
        if isinstance(at, int) and at in self.piles:
            self.piles[at] = {i + by: c for i, c in self.piles[at].items()}


def _know(view: dict[str, Any], history: Sequence[Event]) -> _Knowledge:
    knowledge = _Knowledge(view["seat"])
    knowledge.read(history, view["peeks"], view.get("notes", []))
    return knowledge


# ---------------------------------------------------------------- dealing the unseen


def _draw(pool: Counter[int], rng: random.Random, hidden: bool, any_of: list[int]) -> int:
    """One card from the pool, face-down pile cards leaning to the ones players hide."""
    kinds = [k for k in range(KINDS) if pool[k] > 0]
    if not kinds:
        return any_of[rng.randrange(len(any_of))]  # a deck other than the default: any card will do
    weights = [pool[k] * (HIDDEN_WEIGHT if hidden and k in HIDDEN else 1.0) for k in kinds]
    card = rng.choices(kinds, weights)[0]
    pool[card] -= 1
    return card


def _secrets(view: dict[str, Any], history: Sequence[Event], knowledge: _Knowledge, alive_suspects: list[int],
             rng: random.Random) -> tuple[int, ...]:
    """Each seat's suspect: its own, the eliminated ones' and those a Private Investigator showed as
    known, the rest dealt from the living suspects, leaning away from those a seat worked against."""
    t = view["table"]
    players: int = t["players"]
    me: int = view["seat"]
    opts = t["options"]
    secrets: list[int | None] = [None] * players
    mine = view["secret"]
    secrets[me] = TRAITOR if mine == TRAITOR_KEY else int(mine)
    for seat, suspect in knowledge.secrets.items():
        if seat != me:
            secrets[seat] = suspect
    for seat, out in enumerate(t["out"]):
        if out is not None and seat != me:
            secrets[seat] = int(out["suspect"])
    unknown = [seat for seat in range(players) if secrets[seat] is None]
    if opts["traitor"] and TRAITOR not in secrets and unknown:
        traitor = unknown[rng.randrange(len(unknown))]
        secrets[traitor] = TRAITOR
        unknown.remove(traitor)
    taken = {s for s in secrets if s is not None}
    free = [s for s in alive_suspects if s not in taken]
    signs = against(history, players, opts["suspects"])
    rng.shuffle(unknown)
    for seat in unknown:
        if not free:  # cannot happen for a real view: every seat still in holds a living suspect
            free = [s for s in range(opts["suspects"]) if s not in taken] or [0]
        weights = [math.exp(-LEAN * max(-10.0, min(10.0, signs[seat][s]))) for s in free]
        pick = rng.choices(free, weights)[0]
        free.remove(pick)
        taken.add(pick)
        secrets[seat] = pick
    return tuple(TRAITOR if s is None else s for s in secrets)


def _options(o: dict[str, Any]) -> Options:
    return Options(o["suspects"], o["traitor"], o["speedy"], o["big_hands"], tuple(o.get("sets", ("base",))),
                   bool(o.get("powers", False)))


def _peek(p: dict[str, Any]) -> Peek:
    if "secret" in p:
        return Peek("secret", p["secret"], (TRAITOR if p["suspect"] == TRAITOR_KEY else int(p["suspect"]),))
    if "pile" in p:
        return Peek("pile", p["pile"], tuple(INDEX[c] for c in p["cards"]))
    return Peek("hand", p["hand"], tuple(INDEX[c] for c in p["cards"]))


def _note(n: dict[str, Any]) -> Note:
    other = -1 if n["seat"] is None else n["seat"]
    at = -1 if n["pile"] is None else n["pile"]
    return Note(n["kind"], n["by"], other, at, tuple(INDEX[c] for c in n["cards"]))


def _fields(data: dict[str, Any]) -> dict[str, Any]:
    """A named tuple's fields as the view gave them (its tuples as lists)."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}


def _review(r: dict[str, Any] | None) -> Review | None:
    if r is None:
        return None
    fields: dict[str, Any] = _fields({k: v for k, v in r.items() if k not in ("outer", "done")})
    fields["outer"] = tuple(Frame(**_fields(f)) for f in r["outer"])
    fields["done"] = tuple(Nested(**_fields(n)) for n in r.get("done", ()))
    return Review(**fields)


def _pending(p: dict[str, Any] | None) -> Pending | None:
    return None if p is None else Pending(**_fields(p))


def prepare(view: dict[str, Any], history: Sequence[Event]) -> Callable[[random.Random], GameState]:
    """Read what the seat knows once, then deal as many samples as the search wants."""
    knowledge = _know(view, history)
    return lambda rng: _deal(view, history, knowledge, rng)


def sample_state(view: dict[str, Any], history: Sequence[Event], rng: random.Random) -> GameState:
    """A full state that gives ``view`` for its seat, the unseen dealt at random (see the module)."""
    return _deal(view, history, _know(view, history), rng)


def _deal(
    view: dict[str, Any], history: Sequence[Event], knowledge: _Knowledge, rng: random.Random
) -> GameState:
    t = view["table"]
    work = t["work"]
    me: int = view["seat"]
    players: int = t["players"]
    opts = _options(t["options"])
    row_view: list[dict[str, Any]] = t["row"]
    row: list[int] = list(work["row"])
    tiles: list[int] = list(work["tiles"])
    alive = [False] * len(tiles)
    for slot, r in zip(row, row_view, strict=True):
        alive[slot] = bool(r["alive"])

    s = GameState.__new__(GameState)
    s.looks = None
    s.players = players
    s.options = opts
    s.row = row
    s.suspect_at = tiles
    s.dead = [not a for a in alive]
    s.secrets = _secrets(view, history, knowledge, [tiles[slot] for slot in row if alive[slot]], rng)
    s.traitor = s.secrets.index(TRAITOR) if TRAITOR in s.secrets else None
    s.eliminated = [seat in t["eliminated"] for seat in range(players)]
    s.ended = list(work["had_turn"])
    s.out_by = [None if out is None else out["card"] for out in t["out"]]

    # what this seat sees of the cards
    hand = tuple(INDEX[c] for c in view["hand"])
    market = tuple(INDEX[c] for c in t["market"])
    known: list[int] = list(hand) + list(market)
    piles: list[list[int]] = [[] for _ in tiles]
    for p, (slot, r) in enumerate(zip(row, row_view, strict=True)):
        pile = [INDEX[c["card"]] | UP if c["up"] else -1 for c in r["pile"]]
        for i, card in knowledge.piles.get(p, {}).items():
            if i < len(pile) and pile[i] < 0:
                pile[i] = card
        known += [c & ~UP for c in pile if c >= 0]
        piles[slot] = pile
    review = _review(work["review"])
    if review is not None:
        known += review.revealed
        for frame in review.outer:
            known += frame.revealed
    pending = _pending(work["pending"])
    if pending is not None and pending.kind in ("question_pile", "spread"):
        known.append(pending.card & ~UP)
        if pending.kind == "spread":
            known += [c & ~UP for c in pending.queue]
    sizes: list[int] = t["hand_sizes"]
    hands_known: dict[int, list[int]] = {}
    for seat, cards in knowledge.hands.items():
        if seat != me and cards and not s.eliminated[seat]:
            hands_known[seat] = cards[: sizes[seat]]
            known += hands_known[seat]

    pool = Counter(INDEX[c] for c in default_deck(opts.sets))
    pool.subtract(known)
    for k in list(pool):
        pool[k] = max(0, pool[k])
    any_of = sorted(INDEX[c] for c in set_keys(opts.sets))
    # the face-down pile cards first (they lean), then the hands, the deck and the discard
    for pile in piles:
        for k, code in enumerate(pile):
            if code < 0:
                pile[k] = _draw(pool, rng, True, any_of)
    s.piles = [tuple(p) for p in piles]
    hands: list[tuple[int, ...]] = []
    for seat in range(players):
        if seat == me:
            hands.append(hand)
        else:
            mine = hands_known.get(seat, [])
            dealt = tuple(_draw(pool, rng, False, any_of) for _ in range(sizes[seat] - len(mine)))
            hands.append(tuple(mine) + dealt)
    s.hands = hands
    s.market = market
    s.deck = tuple(_draw(pool, rng, False, any_of) for _ in range(t["deck_count"]))
    s.deck_at = 0
    discard = [0] * KINDS
    for _ in range(t["discard_count"]):
        discard[_draw(pool, rng, False, any_of)] += 1
    s.discard = discard

    s.turn = t["turn"]
    s.phase = t["phase"]
    s.loupe = t["loupe"]
    s.plays = t["plays"]
    s.steps = t["steps"]
    s.reviews = t["reviews"]
    s.rolls = tuple(rng.getrandbits(ROLL_BITS) for _ in range(ROLLS))
    s.rolls_used = 0
    own_peeks = tuple(_peek(p) for p in view["peeks"])
    s.peeks = [own_peeks if seat == me else () for seat in range(players)]
    s.winners = tuple(t["winners"])
    s.version = t["version"]
    last = t["last_review"]
    if last is not None:
        nested = tuple(Nested(n["at"], n["suspect"], n["cause"], tuple(INDEX[c] for c in n["revealed"]),
                              tuple(n["killed"]), n["depth"], n["after"]) for n in last["nested"])
        own = len(last["killed"]) - sum(len(n.killed) for n in nested)  # the view lists its own first
        s.last_review = LastReview(last["number"], last["at"], last["suspect"], last["cause"],
                                   tuple(INDEX[c] for c in last["revealed"]), tuple(last["killed"][:own]),
                                   nested)
    else:
        s.last_review = None
    s.review = review
    s.pending = pending
    s.tasks = [(str(kind), int(a), int(b)) for kind, a, b in work["agenda"]]
    own_notes = tuple(_note(n) for n in view.get("notes", []))
    rotated = tuple(suspect in t["rotated"] for suspect in range(opts.suspects))
    s.extra = Extras(rotated, t["tucked"], t["skips"], work["opened"],
                     tuple(own_notes if seat == me else () for seat in range(players)),
                     tuple((f["suspect"], f["power"]) for f in t["fired"]), tuple(t["skipped"]))
    return s


# ---------------------------------------------------------------- the moves worth weighing


def _own(s: GameState, seat: int) -> int | None:
    secret = s.secrets[seat]
    return None if secret == TRAITOR else s.position_of_suspect(secret)


def _spread_out(options: list[Action]) -> list[Action]:
    """At most ``MAX_CHOICES`` of a long list, evenly spread over it (the same for every sample)."""
    if len(options) <= MAX_CHOICES:
        return options
    step = len(options) / MAX_CHOICES
    return [options[int(k * step)] for k in range(MAX_CHOICES)]


def candidate_actions(s: GameState, seat: int) -> list[Action]:
    """The seat's moves worth weighing: ending the turn; each card face down on the two largest
    other piles and on its own, face up on the largest other pile, its own and the smallest (each
    as the rules of the moment allow: H36, H47); in a choice every option (a Switcheroo's swaps
    only where its own suspect or the largest pile takes part; a long list of a second-edition
    choice, such as a Rebel's moves, an even spread of it)."""
    if s.phase == "over" or s.waiting != seat:
        return []
    pending = s.pending
    own = _own(s, seat)
    living = s.living_positions()
    if pending is None:
        out = [Action(seat, "end")]
        if not s.hands[seat] or (s.options.big_hands and s.plays >= BIG_HANDS_PLAYS):
            return out
        shown, alley = showing(s)
        faces: dict[int, list[bool]] = {}
        for p in living:
            face, _, allowed = slot_rules(s, s.row[p], shown, alley)
            if allowed:
                faces[p] = [True, False] if face is None else [face]
        others = sorted((p for p in living if p != own), key=lambda p: (-len(s.piles[s.row[p]]), p))
        down = [p for p in others[:2] + ([own] if own is not None else []) if False in faces.get(p, ())]
        up = [p for p in dict.fromkeys(others[:1] + ([own] if own is not None else []) + others[-1:])
              if True in faces.get(p, ())]
        for card in sorted(set(s.hands[seat])):
            name = KEYS[card]
            out += [Action(seat, "play", card=name, at=p, up=False) for p in down]
            out += [Action(seat, "play", card=name, at=p, up=True) for p in up]
        return out
    kind = pending.kind
    if kind in ("pile", "sidekick", "mover"):
        return [Action(seat, "choose", at=p) for p in pending.options]
    if kind == "question_pile":
        return [Action(seat, "choose", at=p) for p in living]
    if kind == "question":
        return [Action(seat, "choose", card=KEYS[c], ask=o) for c, o in question_options(s, seat)]
    if kind == "investigate":
        return ([Action(seat, "choose", at=p) for p in living]
                + [Action(seat, "choose", hand=o) for o in hand_targets(s, seat)])
    if kind == "switcheroo":
        swaps, flips = switcheroo_options(s)
        largest = max(living, key=lambda p: (len(s.piles[s.row[p]]), -p), default=None)
        keep = [pair for pair in swaps if own in pair or largest in pair]
        return ([Action(seat, "choose", swap=pair) for pair in keep]
                + [Action(seat, "choose", flip=p) for p in flips])
    if kind in SECOND_KINDS:
        return _spread_out([choice_from_option(seat, o) for o in second_options(s, seat)])
    picks = sorted(set(combinations(sorted(s.market), pending.take)))
    return [Action(seat, "choose", cards=tuple(KEYS[c] for c in pick)) for pick in picks]


def score(s: GameState, seat: int) -> float:
    """1 when the seat is among the winners (a game that ends with no winner is a loss for all)."""
    return 1.0 if seat in s.winners else 0.0


