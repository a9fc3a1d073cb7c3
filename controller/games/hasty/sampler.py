"""What the strong bot (controller/games/search) needs of Hasty Accusations: a seat's unseen world, dealt.

``sample_state`` builds a full state from one seat's private view and the public events. What the
seat sees is taken as it is: its hand, its secret, the row with every face-up card, the market, the
counts, the review under way, the eliminated seats' suspects. What it cannot see is dealt at random
from the cards not accounted for: the other hands, the face-down cards in the piles, the deck's
order and the discard pile, the other seats' suspects (and who holds the Traitor). The deal leans
the way the table points where that is cheap: a face-down card is more often one that kills or
protects (what a player hides), and a seat is less often dealt a suspect it played a face-up card
on, handed a harmful card to, or picked for a review. A pile this seat investigated keeps the cards
it saw, bottom first, as long as nothing has stirred that pile since; a hand it looked at keeps
them while that seat has only taken cards since. The work the engine still owes (the rest of a
review, a Bomb's other side, the refill) is rebuilt from the pending choice and the last events,
and the shuffles' numbers are drawn anew, since nobody knows them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any, Final

from controller.games.hasty.actions import Action
from controller.games.hasty.cards import (
    BODYGUARD,
    INDEX,
    KEYS,
    KINDS,
    MURDER,
    STOP,
    THREAT,
    TRAITOR,
    TRAITOR_KEY,
    UP,
    default_deck,
)
from controller.games.hasty.choices import hand_targets, question_options, switcheroo_options
from controller.games.hasty.deal import ROLL_BITS, ROLLS, Options
from controller.games.hasty.engine import BIG_HANDS_PLAYS
from controller.games.hasty.state import GameState, LastReview, Peek, Pending, Review, Task

Event = dict[str, Any]

#: how much likelier a face-down card in a pile is to be a card that kills or protects
HIDDEN_WEIGHT: Final = 3.0
HIDDEN: Final = frozenset({MURDER, THREAT, STOP, BODYGUARD})
HARM: Final = frozenset({MURDER, THREAT})
SAFE: Final = frozenset({STOP, BODYGUARD})
#: how strongly one sign that a seat wants a suspect dead tilts the deal away from its holding it
LEAN: Final = 0.7
#: events after which a pile's order is no longer what an Investigator saw there
_STIRS: Final = frozenset({"shuffled", "flipped", "evaluating", "died"})

__all__ = ["against", "candidate_actions", "public_event", "sample_state", "score"]


def public_event(event: Event) -> Event:
    """Hasty's events carry public facts only (a face-down card unnamed, a peek's finding absent)."""
    return event


# ---------------------------------------------------------------- reading the history


def _suspects_at(history: Sequence[Event], count: int) -> list[tuple[int, list[int]]]:
    """Before each event (by index), the suspects by position, as the swaps and removals left them;
    only kept where the lean needs it: a list of (event index, row) for the events that count."""
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
    return out


def against(history: Sequence[Event], players: int, count: int) -> list[list[float]]:
    """Per seat and suspect: signs that the seat wants that suspect dead (less those it protects):
    a face-up card played on it, a harmful card handed to its pile, its pile picked for a review."""
    signs = [[0.0] * count for _ in range(players)]
    for i, row in _suspects_at(history, count):
        e = history[i]
        kind, at = e.get("type"), e.get("at", -1)
        if not 0 <= at < len(row):
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


def _my_peek_events(history: Sequence[Event], seat: int) -> list[int]:
    return [i for i, e in enumerate(history) if e.get("type") == "investigated" and e.get("seat") == seat]


def _pile_peek_holds(history: Sequence[Event], after: int, at: int) -> bool:
    """Whether the pile at position ``at`` still holds, at the bottom, what was seen there."""
    for e in history[after + 1:]:
        kind = e.get("type")
        if kind == "removed":
            return False
        if kind in _STIRS and e.get("at") == at:
            return False
    return True


def _hand_peek_now(history: Sequence[Event], after: int, seat: int, seen: list[int]) -> list[int] | None:
    """The cards of ``seat``'s hand known from a peek, if it has only taken cards since."""
    cards = list(seen)
    for e in history[after + 1:]:
        kind = e.get("type")
        if e.get("seat") == seat and kind in ("played", "asked", "pile_taken", "eliminated"):
            return None
        if kind == "ended" and e["seat"] == seat and e["discarded"]:
            return None
        if kind == "took" and e["seat"] == seat:
            cards += [INDEX[c] for c in e["cards"]]
    return cards


def _bomb_rest(history: Sequence[Event], row_alive: list[bool]) -> list[Task]:
    """A Bomb's right side still to come: when the pending choice came from its left side's card
    (nothing but that choice has happened since the left side turned up)."""
    for d in range(len(history) - 1, -1, -1):
        e = history[d]
        kind = e.get("type")
        if (kind == "played" and e.get("up") and e.get("card") == "bomb") or (
            kind == "revealed" and e.get("card") == "bomb"
        ):
            at = e["at"]
            after = history[d + 1:]
            if not after or after[0].get("type") != "bombed" or after[0].get("at") != at - 1:
                return []
            if any(x.get("type") not in ("choice", "asked") for x in after[1:]):
                return []
            right = at + 1
            return [("bomb", right)] if right < len(row_alive) and row_alive[right] else []
    return []


def _sidekick_slot(history: Sequence[Event], fallback: int) -> int:
    """The position of the Sidekick whose check is pending (the last Sidekick that acted)."""
    for e in reversed(history):
        if e.get("card") == "sidekick" and (
            (e.get("type") == "played" and e.get("up")) or e.get("type") in ("revealed", "bombed")
        ):
            return int(e["at"])
    return fallback


# ---------------------------------------------------------------- dealing the unseen


def _draw(pool: Counter[int], rng: random.Random, hidden: bool) -> int:
    """One card from the pool, face-down pile cards leaning to the ones players hide."""
    kinds = [k for k in range(KINDS) if pool[k] > 0]
    if not kinds:
        return rng.randrange(KINDS)  # a deck other than the default: any card will do
    weights = [pool[k] * (HIDDEN_WEIGHT if hidden and k in HIDDEN else 1.0) for k in kinds]
    card = rng.choices(kinds, weights)[0]
    pool[card] -= 1
    return card


def _secrets(view: dict[str, Any], history: Sequence[Event], alive_suspects: list[int],
             rng: random.Random) -> tuple[int, ...]:
    """Each seat's suspect: its own and the eliminated ones' as seen, the rest dealt from the living
    suspects, leaning away from those a seat worked against."""
    t = view["table"]
    players: int = t["players"]
    me: int = view["seat"]
    opts = t["options"]
    secrets: list[int | None] = [None] * players
    mine = view["secret"]
    secrets[me] = TRAITOR if mine == TRAITOR_KEY else int(mine)
    for seat, out in enumerate(t["out"]):
        if out is not None and seat != me:
            secrets[seat] = int(out["suspect"])
    unknown = [seat for seat in range(players) if secrets[seat] is None]
    if opts["traitor"] and mine != TRAITOR_KEY and unknown:
        traitor = unknown[rng.randrange(len(unknown))]
        secrets[traitor] = TRAITOR
        unknown.remove(traitor)
    taken = {s for s in secrets if s is not None}
    free = [s for s in alive_suspects if s not in taken]
    signs = against(history, players, opts["suspects"])
    rng.shuffle(unknown)
    for seat in unknown:
        if not free:  # cannot happen for a real view: every seat still in holds a living suspect
            free = [s for s in range(opts["suspects"]) if s not in taken]
        weights = [math.exp(-LEAN * max(-10.0, min(10.0, signs[seat][s]))) for s in free]
        pick = rng.choices(free, weights)[0]
        free.remove(pick)
        taken.add(pick)
        secrets[seat] = pick
    return tuple(TRAITOR if s is None else s for s in secrets)


def _ended(view: dict[str, Any], history: Sequence[Event]) -> list[bool]:
    """Which seats have ended a turn (H8), from the events; the view's ``first_round`` decides when
    the events do not agree with it (a history that does not start at the deal)."""
    t = view["table"]
    players: int = t["players"]
    out = set(t["eliminated"])
    ended = [False] * players
    for e in history:
        if e.get("type") == "ended" and 0 <= e["seat"] < players:
            ended[e["seat"]] = True
    first = any(not ended[s] and s not in out for s in range(players))
    if first != t["first_round"]:
        turn = t["turn"] if t["turn"] is not None else players
        ended = [True] * players if not t["first_round"] else [s < turn for s in range(players)]
        if t["first_round"] and all(ended[s] or s in out for s in range(players)):
            ended = [False] * players
    return ended


def sample_state(view: dict[str, Any], history: Sequence[Event], rng: random.Random) -> GameState:
    """A full state that gives ``view`` for its seat, the unseen dealt at random (see the module)."""
    t = view["table"]
    me: int = view["seat"]
    players: int = t["players"]
    o = t["options"]
    opts = Options(o["suspects"], o["traitor"], o["speedy"], o["big_hands"])
    row_view: list[dict[str, Any]] = t["row"]
    n = len(row_view)
    alive = [bool(r["alive"]) for r in row_view]

    s = GameState.__new__(GameState)
    s.players = players
    s.options = opts
    # in the sample a slot is the position it stands at now (slot ids are not shown)
    s.row = list(range(n))
    s.suspect_at = [int(r["suspect"]) for r in row_view]
    s.dead = [not a for a in alive]
    s.secrets = _secrets(view, history, [s.suspect_at[p] for p in range(n) if alive[p]], rng)
    s.traitor = s.secrets.index(TRAITOR) if TRAITOR in s.secrets else None
    s.eliminated = [seat in t["eliminated"] for seat in range(players)]
    s.ended = _ended(view, history)
    s.out_by = [None if out is None else out["card"] for out in t["out"]]

    # what this seat sees of the cards
    hand = tuple(INDEX[c] for c in view["hand"])
    market = tuple(INDEX[c] for c in t["market"])
    known: list[int] = list(hand) + list(market)
    piles: list[list[int]] = []
    for r in row_view:
        pile = [INDEX[c["card"]] | UP if c["up"] else -1 for c in r["pile"]]
        known += [c & ~UP for c in pile if c >= 0]
        piles.append(pile)
    review_view = t["review"]
    if review_view is not None:
        known += [INDEX[c] for c in review_view["revealed"]]
    pending_view = t["pending"]
    if pending_view is not None and pending_view["kind"] == "question_pile":
        known.append(INDEX[pending_view["card"]])

    # what its Investigators showed it, where that still holds
    peeks = view["peeks"]
    at_events = _my_peek_events(history, me)
    hands_known: dict[int, list[int]] = {}
    if len(at_events) == len(peeks):
        for peek, i in zip(peeks, at_events, strict=True):
            cards = [INDEX[c] for c in peek["cards"]]
            if "pile" in peek:
                at = peek["pile"]
                if at < n and len(piles[at]) >= len(cards) and _pile_peek_holds(history, i, at):
                    for k, card in enumerate(cards):
                        if piles[at][k] < 0:
                            piles[at][k] = card
                            known.append(card)
            else:
                now = _hand_peek_now(history, i, peek["hand"], cards)
                if now is not None:
                    hands_known[peek["hand"]] = now
                else:
                    hands_known.pop(peek["hand"], None)
    sizes: list[int] = t["hand_sizes"]
    for seat, cards in list(hands_known.items()):
        if seat == me or len(cards) != sizes[seat]:
            del hands_known[seat]
        else:
            known += cards

    pool = Counter(INDEX[c] for c in default_deck())
    pool.subtract(known)
    for k in list(pool):
        pool[k] = max(0, pool[k])
    # the face-down pile cards first (they lean), then the hands, the deck and the discard
    for pile in piles:
        for k, code in enumerate(pile):
            if code < 0:
                pile[k] = _draw(pool, rng, True)
    s.piles = [tuple(p) for p in piles]
    hands: list[tuple[int, ...]] = []
    for seat in range(players):
        if seat == me:
            hands.append(hand)
        elif seat in hands_known:
            hands.append(tuple(hands_known[seat]))
        else:
            hands.append(tuple(_draw(pool, rng, False) for _ in range(sizes[seat])))
    s.hands = hands
    s.market = market
    s.deck = tuple(_draw(pool, rng, False) for _ in range(t["deck_count"]))
    s.deck_at = 0
    discard = [0] * KINDS
    for _ in range(t["discard_count"]):
        discard[_draw(pool, rng, False)] += 1
    s.discard = discard

    s.turn = t["turn"]
    s.phase = t["phase"]
    s.loupe = t["loupe"]
    s.plays = t["plays"]
    s.steps = t["steps"]
    s.reviews = t["reviews"]
    s.rolls = tuple(rng.getrandbits(ROLL_BITS) for _ in range(ROLLS))
    s.rolls_used = 0
    own_peeks = tuple(
        Peek("pile", p["pile"], tuple(INDEX[c] for c in p["cards"])) if "pile" in p
        else Peek("hand", p["hand"], tuple(INDEX[c] for c in p["cards"]))
        for p in peeks
    )
    s.peeks = [own_peeks if seat == me else () for seat in range(players)]
    s.winners = tuple(t["winners"])
    s.version = t["version"]
    last = t["last_review"]
    s.last_review = None if last is None else LastReview(
        last["number"], last["at"], last["suspect"], last["cause"],
        tuple(INDEX[c] for c in last["revealed"]), tuple(last["killed"]))
    s.review = _review(review_view, history, s.suspect_at)
    s.pending = _pending(pending_view, history, s, alive)
    s.tasks = _tasks(s, history, alive)
    return s


def _review(r: dict[str, Any] | None, history: Sequence[Event], suspect_at: list[int]) -> Review | None:
    if r is None:
        return None
    slot: int = r["at"]
    suspect, at, killed = suspect_at[slot], slot, []
    for i in range(len(history) - 1, -1, -1):
        if history[i].get("type") == "evaluating":
            suspect, at = history[i]["suspect"], history[i]["at"]
            killed = [e["suspect"] for e in history[i + 1:] if e.get("type") == "died"]
            break
    return Review(slot, r["cause"], tuple(INDEX[c] for c in r["revealed"]), r["stopped"],
                  tuple(r["threats"]), tuple(r["shields"]), tuple(killed), suspect, at)


def _pending(p: dict[str, Any] | None, history: Sequence[Event], s: GameState,
             alive: list[bool]) -> Pending | None:
    if p is None:
        return None
    kind: str = p["kind"]
    seat: int = p["seat"]
    if kind in ("pile", "sidekick"):
        options = tuple(p["options"])
        if kind == "sidekick":
            centre = (options[0] + options[-1]) // 2 if options else 0
            return Pending(kind, seat, options, slot=_sidekick_slot(history, centre))
        return Pending(kind, seat, options)
    if kind == "mover":
        return Pending(kind, seat, tuple(q for q in range(len(s.row)) if q != s.loupe))
    if kind == "question_pile":
        return Pending(kind, seat, card=INDEX[p["card"]], asker=p["from"])
    if kind == "market":
        return Pending(kind, seat, take=p["count"])
    return Pending(kind, seat)


def _tasks(s: GameState, history: Sequence[Event], alive: list[bool]) -> list[Task]:
    """The engine's work still to do under the pending choice (see engine.py's ``_run``)."""
    pending = s.pending
    if pending is None or s.phase == "over":
        return []
    refill: list[Task] = [] if s.options.big_hands else [("refill", 0)]
    if pending.kind == "pile":
        return [("turn", 0), *refill]
    if pending.kind == "market":
        turn = s.turn if s.turn is not None else 0
        order = [(turn + k) % s.players for k in range(s.players)]
        order = [seat for seat in order if not s.eliminated[seat]]
        rest = order[order.index(pending.seat) + 1:] if pending.seat in order else []
        work: list[Task] = [("topup", 0)]
        for seat in rest:
            work += [("fill", seat), ("topup", 0)]
        return [("turn", 0), *reversed(work)]
    tasks: list[Task] = []
    review = s.review
    if review is not None:
        if review.cause == "loupe":
            tasks += [("turn", 0), *refill]
        tasks += [("close", review.slot), ("step", review.slot)]
    return tasks + _bomb_rest(history, alive)


# ---------------------------------------------------------------- the moves worth weighing


def _own(s: GameState, seat: int) -> int | None:
    secret = s.secrets[seat]
    return None if secret == TRAITOR else s.position_of_suspect(secret)


def candidate_actions(s: GameState, seat: int) -> list[Action]:
    """The seat's moves worth weighing: ending the turn; each card face down on the two largest
    other piles and on its own, face up on the largest other pile, its own and the smallest; in a
    choice every option (a Switcheroo's swaps only where its own suspect or the largest pile takes
    part)."""
    if s.phase == "over" or s.waiting != seat:
        return []
    pending = s.pending
    own = _own(s, seat)
    living = s.living_positions()
    if pending is None:
        out = [Action(seat, "end")]
        if not s.hands[seat] or (s.options.big_hands and s.plays >= BIG_HANDS_PLAYS):
            return out
        others = sorted((p for p in living if p != own), key=lambda p: (-len(s.piles[s.row[p]]), p))
        down = others[:2] + ([own] if own is not None else [])
        up = list(dict.fromkeys(others[:1] + ([own] if own is not None else []) + others[-1:]))
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
    picks = sorted(set(combinations(sorted(s.market), pending.take)))
    return [Action(seat, "choose", cards=tuple(KEYS[c] for c in pick)) for pick in picks]


def score(s: GameState, seat: int) -> float:
    """1 when the seat is among the winners (a game that ends with no winner is a loss for all)."""
    return 1.0 if seat in s.winners else 0.0
