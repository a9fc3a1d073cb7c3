"""What one seat can infer about the hidden side of a game of Betrayal from the public events.

The strong bot's sampler (``sampler.py``) deals the unseen cards; this module says how. It follows
the public events card slot by card slot (``Tracker``), so it knows:

- which places in each row were there after the setup and which were drawn from the middle pile
  later (a loyal army's first row is two suits only; the traitor's is the joker, blacks and at most
  five reds);
- every card ever shown, and where it went: a card hidden again after a win was seen by everyone
  and is still known; a card this seat peeked at is followed as the rows move;
- how likely each army is to be the traitor (``Tracker.traitor_weights``), by Bayes over the few
  possible traitors: the row lengths after the setup (the traitor keeps more cards than a loyal
  army does, ``setup_likelihood``), the suits each army has shown from its first row, and how well
  each army's accusations fit the sensible bot's play for each guess (``accusation_likelihood``).

It reads only the seat's own view and the public events: no other seat's secret enters. Pure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, Final

from controller.games.betrayal.cards import BLACK_ACES, INDEX, POWER, RED_SUITS, SPECIAL, SUIT_OF, SUITS, TWOS
from controller.games.betrayal.deal import hand_sizes
from controller.games.betrayal.engine import MAX_RED
from controller.games.betrayal.state import rewards_for
from controller.games.betrayal.strategy import TableMemory

Event = dict[str, Any]

#: the six pairs of suits a loyal army may keep
PAIRS: Final = tuple(combinations(SUITS, 2))
#: how likely an accusation is under a guess at the traitor when the sensible bot would not have
#: made it (not 0: a person, or a bot that knows more, plays otherwise)
STRAY: Final = 0.05
#: how likely a loyal army that peeked into a row attacks that row's owner out of the usual order
PEEKED: Final = 0.5

__all__ = ["PAIRS", "Slot", "Tracker", "accusation_likelihood", "setup_likelihood"]


class Slot:
    """One card's place in a row, followed as the row changes."""

    __slots__ = ("card", "drawn", "key", "up")

    def __init__(self, key: int, drawn: bool) -> None:
        self.key = key
        #: the card came from the middle pile (not the army's setup choice)
        self.drawn = drawn
        #: the card, when this seat knows it (shown to all, or peeked by this seat); else -1
        self.card = -1
        self.up = False


@lru_cache(maxsize=64)
def setup_likelihood(armies: int, hand: int) -> tuple[dict[int, float], dict[int, float]]:
    """The chance of each row length after the setup, for a loyal army and for the traitor, when
    each keeps what the sensible bot keeps (two suits that give most; all blacks and five reds).

    Exact, over the suit counts of a ``hand``-card hand (multivariate hypergeometric)."""
    per_suit = 13 * (1 if armies <= 4 else 2)
    total = 4 * per_suit
    loyal: dict[int, float] = {}
    traitor: dict[int, float] = {}
    for n, out, is_traitor in ((hand, loyal, False), (hand - 1, traitor, True)):
        norm = math.comb(total, n)
        for s in range(min(per_suit, n) + 1):
            for h in range(min(per_suit, n - s) + 1):
                for d in range(min(per_suit, n - s - h) + 1):
                    c = n - s - h - d
                    if c > per_suit:
                        continue
                    p = (math.comb(per_suit, s) * math.comb(per_suit, h) * math.comb(per_suit, d)
                         * math.comb(per_suit, c)) / norm
                    if is_traitor:
                        key = 1 + s + c + min(MAX_RED, h + d)
                        out[key] = out.get(key, 0.0) + p
                    else:
                        top = sorted((s, h, d, c))
                        key = top[2] + top[3]
                        out[key] = out.get(key, 0.0) + p
    return loyal, traitor


def _beats(card: int, target: int, twos_defend: bool) -> bool:
    if twos_defend and target in TWOS and card not in TWOS:
        return False
    return POWER[card] >= POWER[target] or (card in SPECIAL and target in BLACK_ACES)


def accusation_likelihood(
    rows: Sequence[Sequence[Slot]], attacker: int, guess: int, card: int, target: tuple[int, int],
    suspicion: Sequence[int], seats: Sequence[int], out_points: bool, twos_defend: bool,
) -> float:
    """How likely the sensible bot in ``attacker``'s seat makes this accusation if ``guess`` is the
    traitor: 1 when it is the move that bot makes (as far as the public rows tell), else ``STRAY``.

    The sensible traitor goes after the loyal army with the fewest cards, a loyal army after the
    one that looks most suspect; each takes the first face-up card it can beat in that order,
    else the first face-down card of the first army in it (``out_points``: a win would put the
    attacker out, so it throws its weakest card at the first army)."""
    live = [a for a in range(len(rows)) if a != attacker and rows[a] and seats[a] != seats[attacker]]
    if not live:
        return 1.0
    if attacker == guess:
        order = sorted(live, key=lambda a: (len(rows[a]), a))
    else:
        order = sorted(live, key=lambda a: (-suspicion[a], a))
    t, tp = target
    if out_points or not rows[t][tp].up:
        return 1.0 if t == order[0] else STRAY
    for a in order:
        for p, slot in enumerate(rows[a]):
            if a == t and p == tp:
                return 1.0
            if slot.up and _beats(card, slot.card, twos_defend):
                return STRAY  # an earlier face-up card this very card beats: not the sensible move
    return STRAY


def _suits_likelihood(known: list[int], first_row: int, traitor: bool) -> float:
    """How likely the suits shown from an army's first row are, for the traitor or a loyal army
    (the chance of each suit within its colour, 1/2 a card, is common to both and left out)."""
    if not known:
        return 1.0
    if traitor:
        reds = sum(SUIT_OF[c] in RED_SUITS for c in known)
        blacks = len(known) - reds
        size = max(first_row - 1, len(known))
        red_total = min(MAX_RED, size)
        if reds > red_total or blacks > size - red_total:
            return 0.0
        p = 1.0
        for i in range(reds):
            p *= (red_total - i) / (size - i)
        for j in range(blacks):
            p *= (size - red_total - j) / (size - reds - j)
        return p
    suits = {SUIT_OF[c] for c in known}
    return sum(suits <= set(pair) for pair in PAIRS) / len(PAIRS)


class Tracker:
    """The public history replayed slot by slot, with what ``view``'s seat has peeked at."""

    def __init__(self, view: dict[str, Any], history: Sequence[Event]) -> None:
        t = view["table"]
        self.armies: int = t["armies"]
        self.seats: list[int] = list(t["army_seats"])
        self.twos_defend: bool = t["options"]["twos_defend"]
        self.own = {mine["army"]: mine for mine in view["armies"]}
        self.rows: list[list[Slot]] = [[] for _ in range(self.armies)]
        self.first_rows: list[int] = [0] * self.armies
        #: per army: every card shown from its first row, alive or dead
        self.first_known: list[list[int]] = [[] for _ in range(self.armies)]
        #: per army: the slots of other armies it peeked at (``key``, position then)
        self.peeked: list[list[tuple[Slot, int, int]]] = [[] for _ in range(self.armies)]
        self.peeked_into: list[set[int]] = [set() for _ in range(self.armies)]
        self.points = [0] * self.armies
        #: per guess at the traitor: the log-likelihood of the accusations seen
        self.likelihood = [0.0] * self.armies
        self.started = False
        self.joker_dead = False
        self.ok = True
        self._keys = 0
        self._card_at = -1
        self._memory = TableMemory()
        out = [p for p, r in enumerate(rewards_for(self.armies)) if r is not None and r.kind == "out"]
        self._out_at = out[0] if out else None
        own_peeks = {army: [INDEX[p["card"]] for p in mine["peeks"]] for army, mine in self.own.items()}
        for event in history:
            self._event(event, own_peeks)

    def _slot(self, drawn: bool) -> Slot:
        self._keys += 1
        return Slot(self._keys, drawn)

    def _show(self, army: int, slot: Slot, card: int) -> None:
        if not slot.drawn and slot.card < 0:
            self.first_known[army].append(card)
        slot.card = card
        slot.up = True

    def _event(self, e: Event, own_peeks: dict[int, list[int]]) -> None:
        kind = e.get("type")
        if kind == "armies_set":
            self.started = True
            self.first_rows = list(e["rows"])
            self.rows = [[self._slot(False) for _ in range(n)] for n in e["rows"]]
        elif not self.started or not self.ok:
            return
        elif kind == "accused":
            self._accused(e)
        elif kind == "hid":
            row = self.rows[e["army"]]
            if not 0 <= self._card_at < len(row):
                self.ok = False
                return
            slot = row.pop(self._card_at)
            slot.up = False
            row.insert(e["at"], slot)
        elif kind == "drew":
            self.rows[e["army"]] += [self._slot(True) for _ in range(e["count"])]
        elif kind == "eliminated":
            if e["reason"] == "points":
                self.rows[e["army"]] = []
        elif kind == "joker_died":
            self.joker_dead = True
        elif kind == "peeked":
            army = e["army"]
            cards = own_peeks.get(army)
            for target, p in e["cards"]:
                if not 0 <= p < len(self.rows[target]):
                    self.ok = False
                    return
                slot = self.rows[target][p]
                self.peeked[army].append((slot, target, p))
                self.peeked_into[army].add(target)
                if cards:
                    slot.card = cards.pop(0)

    def _accused(self, e: Event) -> None:
        army, position = e["army"], e["position"]
        t, tp = e["target"]
        rows = self.rows
        if not (0 <= position < len(rows[army]) and 0 <= tp < len(rows[t])):
            self.ok = False
            return
        card, t_card = INDEX[e["card"]], INDEX[e["target_card"]]
        if not self.joker_dead and army not in self.own:
            suspicion = [self._memory.suspicion(a) for a in range(self.armies)]
            out = self._out_at is not None and self.points[army] == self._out_at - 1
            for guess in range(self.armies):
                like = accusation_likelihood(rows, army, guess, card, (t, tp), suspicion, self.seats,
                                             out, self.twos_defend)
                if guess != army and t == guess and guess in self.peeked_into[army]:
                    like = max(like, PEEKED)
                self.likelihood[guess] += math.log(like)
        self._memory.observe((e,))
        mine, theirs = rows[army][position], rows[t][tp]
        self._show(army, mine, card)
        self._show(t, theirs, t_card)
        if e["winner"] == "attacker":
            del rows[t][tp]
            self.points[army] += 1
            self._card_at = position
        else:
            del rows[army][position]
            self.points[t] += 1
            self._card_at = -1

    def fits(self, view: dict[str, Any]) -> bool:
        """Whether the replay agrees with the view's rows (else the caller deals without it)."""
        t = view["table"]
        if not (self.ok and self.started and t["rows"] is not None):
            return False
        for army, row in enumerate(t["rows"]):
            if len(row) != len(self.rows[army]):
                return False
            for c, slot in zip(row, self.rows[army], strict=True):
                if c["up"] and (not slot.up or INDEX[c["card"]] != slot.card):
                    return False
        return True

    def can_hide_joker(self, army: int) -> bool:
        """Whether some place in ``army``'s row may hold the joker (an unknown first-row card)."""
        return any(not s.drawn and s.card < 0 for s in self.rows[army])

    def traitor_weights(self, candidates: Sequence[int]) -> list[float]:
        """The chance of each candidate being the traitor, up to a common factor."""
        weights: list[tuple[float, float]] = []
        sizes = hand_sizes(self.armies)
        for a in candidates:
            loyal, traitor = setup_likelihood(self.armies, sizes[a])
            n = self.first_rows[a]
            prior = traitor.get(n, 1e-9) / max(loyal.get(n, 0.0), 1e-9)
            suits = (_suits_likelihood(self.first_known[a], n, True)
                     / max(_suits_likelihood(self.first_known[a], n, False), 1e-9))
            if not self.joker_dead and not self.can_hide_joker(a):
                suits = 0.0
            weights.append((prior * suits, self.likelihood[a]))
        top = max((log for _, log in weights), default=0.0)
        return [w * math.exp(log - top) for w, log in weights]
