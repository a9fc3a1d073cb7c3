"""What the strong bot (controller/games/search) needs of Betrayal: a seat's unseen world, dealt.

``sample_state`` builds a full state from one seat's private view and the public events: the
face-down cards of the other rows, the middle pile, the cards gone with an army, the other hands
during setup, and (while the joker lives and the seat is loyal) who the traitor is. The seat's
view of the result is exactly the one given. In play, ``belief.Tracker`` follows the public events
card place by card place: the traitor is drawn by Bayes over the armies that may hold the joker
(the row lengths after the setup, the suits shown from each first row, how each accusation fits
the sensible bot's play), a card everyone saw hidden again and a card this seat peeked at go back
where they lie, and each army's unseen first-row cards are dealt as its setup made them (two suits
for a loyal army; the joker, blacks and strong reds for the traitor). The draws from the middle
pile (the deal's rolls) are dealt anew, since nobody knows them. Without a replayable history (a
test's made-up events) the traitor leans on the black cards shown instead.

``prepare`` (the search's optional hook) reads the belief once per decision and also gives the
moves worth weighing and the seat's own play-out policy (``Dealer``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from controller.games.betrayal.actions import Action
from controller.games.betrayal.belief import PAIRS, Tracker
from controller.games.betrayal.cards import (
    BLACK_SUITS,
    FACE,
    INDEX,
    JOKER,
    NAMES,
    POWER,
    RED_SUITS,
    SUIT_OF,
    UP,
    deck,
)
from controller.games.betrayal.deal import Deal, hand_sizes
from controller.games.betrayal.engine import MAX_RED, Accepted, apply
from controller.games.betrayal.moves import awaiting_armies, red_choices, suit_choices
from controller.games.betrayal.state import Accusation, GameState, Peek, new_game, rewards_for
from controller.games.betrayal.strategy import TableMemory, sensible_action, setup_choice
from controller.games.betrayal.strategy import _accuse as sensible_accuse

Event = dict[str, Any]

#: the belief's share on one army from which the seat's own later moves take it for the traitor
SURE: Final = 0.6
#: how strongly each black card shown (less each red one) points at the traitor
SUSPICION: Final = 0.4

__all__ = ["Dealer", "candidate_actions", "prepare", "public_event", "sample_state", "score"]


def public_event(event: Event) -> Event:
    """Betrayal's events are public facts already."""
    return event


def _rolls(count: int, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.getrandbits(32) for _ in range(count))


def _own(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {mine["army"]: mine for mine in view["armies"]}


def _pick_traitor(view: dict[str, Any], history: Sequence[Event], candidates: list[int],
                  rng: random.Random) -> int:
    """The traitor when this seat does not know it, leaning on the cards each army has shown."""
    t = view["table"]
    if t["traitor"] is not None:
        return int(t["traitor"])
    own = _own(view)
    for army, mine in own.items():
        if mine["traitor"]:
            return army
        for peek in mine["peeks"]:
            if peek["card"] == NAMES[JOKER]:
                return int(peek["army"])
    memory = TableMemory()
    memory.observe(tuple(history))
    weights = [math.exp(SUSPICION * max(-25, memory.suspicion(a))) for a in candidates]
    return rng.choices(candidates, weights)[0]


def sample_state(view: dict[str, Any], history: Sequence[Event], rng: random.Random) -> GameState:
    """A full state that gives ``view`` for its seat, the unseen dealt at random (see the module)."""
    return prepare(view, history)(rng)


def prepare(view: dict[str, Any], history: Sequence[Event]) -> Dealer:
    """``sample_state`` for this view and history, with the belief read from them once (the
    search deals many states per decision from the same view)."""
    return Dealer(view, history)


class Dealer:
    """Deals states for one view and history (``__call__``), and names the moves worth weighing
    there (``candidates``), both from the belief the public events give (``belief.Tracker``)."""

    def __init__(self, view: dict[str, Any], history: Sequence[Event]) -> None:
        self.view = view
        self.history = history
        self.tracker: Tracker | None = None
        self.traitor: int | None = None
        self.suspects: list[int] = []
        self.weights: list[float] = []
        #: the traitor is known, or the belief puts at least ``SURE`` on one army
        self.sure = False
        t = view["table"]
        if t["phase"] == "setup":
            return
        tracker = Tracker(view, history)
        if not tracker.fits(view):
            return
        own = _own(view)
        traitor: int | None = None if t["traitor"] is None else int(t["traitor"])
        for army, mine in own.items():
            if mine["traitor"]:
                traitor = army
            for peek in mine["peeks"]:
                if peek["card"] == NAMES[JOKER]:
                    traitor = int(peek["army"])
        if traitor is None:
            self.suspects = [a for a in range(t["armies"])
                             if a not in own and (t["joker_dead"] or tracker.rows[a])]
            self.weights = tracker.traitor_weights(self.suspects)
            if not self.suspects or sum(self.weights) <= 0:
                return
        self.tracker, self.traitor = tracker, traitor
        self.sure = traitor is not None or max(self.weights) >= SURE * sum(self.weights)

    def __call__(self, rng: random.Random) -> GameState:
        if self.view["table"]["phase"] == "setup":
            return _sample_setup(self.view, self.history, rng)
        if self.tracker is None:
            return _sample_play(self.view, self.history, rng)
        guess = self.traitor if self.traitor is not None else rng.choices(self.suspects, self.weights)[0]
        return _sample_tracked(self.view, self.tracker, guess, rng)

    def own_action(self, s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action | None:
        """The seat's own moves in a play-out, and the move the search weighs the others against:
        the sensible bot's, except that

        - a loyal army that has worked the traitor out (the belief is sure enough) goes after it
          as if it knew;
        - the traitor hides each winning card again in front of its row, where the sensible
          armies' blind attacks land (a strong card there beats most of them), and attacks a
          hidden card with its strongest red card rather than a black one the table would count
          against it (against sensible armies a sensible traitor wins 26% of games, 52% with the
          first alone, 67% with the second, 76% with both: benchmarks/betrayal_policies.py)."""
        action = sensible_action(s, seat, rng, memory)
        army = s.turn
        if action is None or army is None or s.army_seats[army] != seat:
            return action
        if army == s.traitor:
            if s.phase == "after_win":
                return Action(army, "hide", at=0)
            if s.phase == "turn" and action.act == "accuse" and action.card is not None and action.target:
                row = s.rows[army]
                t, tp = action.target
                if not s.rows[t][tp] & UP:
                    reds = [(POWER[c & FACE], p) for p, c in enumerate(row) if SUIT_OF[c & FACE] in RED_SUITS]
                    strongest = max(POWER[c & FACE] for c in row if c & FACE != JOKER)
                    if reds and POWER[row[action.card] & FACE] == strongest:
                        return Action(army, "accuse", card=max(reds)[1], target=action.target)
            return action
        if (self.sure and s.phase == "turn" and not s.joker_dead and s.army_seats[s.traitor] != seat
                and s.rows[s.traitor]):
            return sensible_accuse(s, army, _Suspecting(memory, s.traitor))
        return action

    def candidates(self, s: GameState, seat: int) -> list[Action]:
        """``candidate_actions``, and in a turn, where the belief follows the rows: against each
        other army the first card nobody has seen (from its first row, where the joker hides),
        with the strongest, the weakest and the strongest red card, and the strongest card seen
        there that one of ours beats."""
        out = candidate_actions(s, seat)
        tracker = self.tracker
        if tracker is None or s.phase != "turn" or s.turn is None or s.army_seats[s.turn] != seat:
            return out
        army = s.turn
        mine = sorted((POWER[c & FACE], p, c & FACE) for p, c in enumerate(s.rows[army]) if c & FACE != JOKER)
        if not mine:
            return out
        reds = [(power, p) for power, p, c in mine if SUIT_OF[c] in RED_SUITS]
        picks = {mine[0][1], mine[-1][1]} | ({reds[-1][1]} if reds else set())
        for target in range(s.armies):
            slots = tracker.rows[target]
            if target == army or not slots or s.army_seats[target] == seat:
                continue
            unseen = [p for p, slot in enumerate(slots) if slot.card < 0]
            hunt = [p for p in unseen if not slots[p].drawn] or unseen
            if hunt:
                out += [Action(army, "accuse", card=c, target=(target, hunt[0])) for c in sorted(picks)]
            seen = [(POWER[slot.card], p) for p, slot in enumerate(slots) if slot.card >= 0]
            beatable = [(power, p) for power, p in seen if power <= mine[-1][0]]
            if beatable:
                power, p = max(beatable)
                card = next(q for pw, q, _ in mine if pw >= power)
                out.append(Action(army, "accuse", card=card, target=(target, p)))
        return list(dict.fromkeys(out))


def _sample_setup(view: dict[str, Any], history: Sequence[Event], rng: random.Random) -> GameState:
    """Setup: the other hands dealt at random, and each army that has chosen chose sensibly."""
    t = view["table"]
    armies: int = t["armies"]
    own = _own(view)
    pool = Counter(INDEX[c] for c in deck(armies))
    for mine in own.values():
        pool -= Counter(INDEX[c] for c in (mine["hand"] or [c["card"] for c in mine["row"]]))
    sizes = hand_sizes(armies)
    traitor = _pick_traitor(view, history, [a for a in range(armies) if a not in own], rng)
    rest = list(pool.elements())
    if traitor not in own:
        rest.remove(JOKER)
    rng.shuffle(rest)
    hands: list[list[int]] = []
    for army in range(armies):
        if army in own:
            mine = own[army]
            known = [INDEX[c] for c in (mine["hand"] or [c["card"] for c in mine["row"]])]
            extra = sizes[army] - len(known)
            hand, rest = known + rest[:extra], rest[extra:]
        else:
            count = sizes[army] - (army == traitor)
            hand, rest = rest[:count], rest[count:]
            if army == traitor:
                hand.insert(rng.randrange(len(hand) + 1), JOKER)
        hands.append(hand)
    deal = Deal(t["players"], tuple(tuple(NAMES[c] for c in h) for h in hands),
                _rolls(len(deck(armies)), rng))
    state = new_game(deal, twos_defend=t["options"]["twos_defend"])
    for army in range(armies):
        if not t["chosen"][army]:
            continue
        if army in own:
            row = [INDEX[c["card"]] for c in own[army]["row"]]
            left = list((Counter(hands[army]) - Counter(row)).elements())
            chosen = state.chosen.copy()
            chosen[army] = True
            rows = state.rows.copy()
            rows[army] = row
            state.chosen, state.rows, state.middle = chosen, rows, sorted(state.middle + left)
            continue
        result = apply(state, setup_choice(state, army))
        assert isinstance(result, Accepted), result
        state = result.state
    state.version = t["version"]
    return state


def _sample_play(view: dict[str, Any], history: Sequence[Event], rng: random.Random) -> GameState:
    t = view["table"]
    armies: int = t["armies"]
    own = _own(view)
    rows: list[list[int]] = []
    holes: list[tuple[int, int]] = []
    known: list[int] = []
    for army in range(armies):
        if army in own:
            row = [INDEX[c["card"]] | (UP if c["up"] else 0) for c in own[army]["row"]]
            known += [c & FACE for c in row]
        else:
            row = []
            for p, c in enumerate(t["rows"][army]):
                if c["up"]:
                    row.append(INDEX[c["card"]] | UP)
                    known.append(INDEX[c["card"]])
                else:
                    row.append(-1)
                    holes.append((army, p))
        rows.append(row)
    points = [[INDEX[c] for c in pile] for pile in t["points"]]
    known += [c for pile in points for c in pile]
    pool = Counter(INDEX[c] for c in deck(armies)) - Counter(known)
    eliminated = [a in t["eliminated"] for a in range(armies)]
    joker_alive = pool[JOKER] > 0
    if joker_alive:
        hiders = [a for a in range(armies) if a not in own and not eliminated[a] and -1 in rows[a]]
        traitor = _pick_traitor(view, history, hiders, rng)
    else:
        traitor = _pick_traitor(view, history, [a for a in range(armies) if a not in own], rng)
    peeked = [(INDEX[p["card"]], p["army"], p["position"]) for mine in own.values() for p in mine["peeks"]]
    if joker_alive:
        # the joker lies face down in the traitor's row: where a peek saw it if that place is still
        # hidden, else anywhere hidden in that row
        seen = [(army, p) for card, army, p in peeked if card == JOKER and (army, p) in holes]
        spots = [h for h in seen if h[0] == traitor] or [h for h in holes if h[0] == traitor]
        army, p = spots[rng.randrange(len(spots))]
        rows[army][p] = JOKER
        pool[JOKER] -= 1
        holes.remove((army, p))
    # any other card a peek of this seat saw goes back where it was seen, when that place is still hidden
    for card, army, p in peeked:
        if card != JOKER and pool[card] and (army, p) in holes:
            rows[army][p] = card
            pool[card] -= 1
            holes.remove((army, p))
    rest = list(pool.elements())
    rng.shuffle(rest)
    for (army, p), card in zip(holes, rest, strict=False):
        rows[army][p] = card
    rest = rest[len(holes):]
    middle_count: int = t["middle_count"]
    middle, gone = sorted(rest[:middle_count]), rest[middle_count:]

    s = _bare_state(view, rows, points, middle, gone, traitor, rng)
    s.peeks = _peeks(view, history, rows, armies)
    return s


class _Suspecting(TableMemory):
    """The table's memory, with one army taken for the traitor (for one seat's own move)."""

    def __init__(self, memory: TableMemory, traitor: int) -> None:
        super().__init__(memory.shown)
        self.traitor = traitor

    def suspicion(self, army: int) -> int:
        return 1_000 if army == self.traitor else super().suspicion(army)


def _take(pool: Counter[int], fits: Callable[[str], bool], count: int, rng: random.Random,
          weight: Callable[[int], float] | None = None) -> list[int]:
    """``count`` cards drawn from ``pool`` without replacement, among those whose suit ``fits`` while
    there are any, then any (weighted by ``weight`` when given)."""
    out: list[int] = []
    while len(out) < count:
        cards = [c for c in pool.elements() if fits(SUIT_OF[c])] or list(pool.elements())
        if not cards:
            break
        if weight is None:
            rng.shuffle(cards)
            take = cards[:count - len(out)]
        else:
            take = [rng.choices(cards, [weight(c) for c in cards])[0]]
        for c in take:
            pool[c] -= 1
        out += take
    return out


def _sample_tracked(view: dict[str, Any], tracker: Tracker, traitor: int, rng: random.Random) -> GameState:
    """Play: the unseen cards dealt the way the setup made the rows (a loyal army's first row is two
    suits, the traitor's the joker, blacks and its strongest reds; drawn cards are anything)."""
    t = view["table"]
    armies: int = t["armies"]
    own = _own(view)
    rows: list[list[int]] = []
    known: list[int] = []
    for army in range(armies):
        if army in own:
            row = [INDEX[c["card"]] | (UP if c["up"] else 0) for c in own[army]["row"]]
        else:
            row = [(slot.card | (UP if slot.up else 0)) if slot.card >= 0 else -1
                   for slot in tracker.rows[army]]
        known += [c & FACE for c in row if c >= 0]
        rows.append(row)
    points = [[INDEX[c] for c in pile] for pile in t["points"]]
    known += [c for pile in points for c in pile]
    pool = Counter(INDEX[c] for c in deck(armies)) - Counter(known)
    joker_alive = pool[JOKER] > 0
    pool[JOKER] = 0
    order = [a for a in range(armies) if a not in own and a != traitor]
    rng.shuffle(order)
    if traitor not in own:
        order.insert(0, traitor)
    for army in order:
        firsts = [p for p, slot in enumerate(tracker.rows[army]) if slot.card < 0 and not slot.drawn]
        if not firsts:
            continue
        rng.shuffle(firsts)
        if army == traitor:
            if joker_alive:
                rows[army][firsts.pop()] = JOKER
            shown_red = sum(SUIT_OF[c] in RED_SUITS for c in tracker.first_known[army])
            reds = min(len(firsts), max(0, MAX_RED - shown_red))
            cards = _take(pool, RED_SUITS.__contains__, reds, rng, lambda c: POWER[c] ** 2)
            cards += _take(pool, BLACK_SUITS.__contains__, len(firsts) - len(cards), rng)
        else:
            suits = {SUIT_OF[c] for c in tracker.first_known[army]}
            pairs = [pair for pair in PAIRS if suits <= set(pair)
                     and sum(n for c, n in pool.items() if n > 0 and SUIT_OF[c] in pair) >= len(firsts)]
            pair = pairs[rng.randrange(len(pairs))] if pairs else ("S", "H")
            kept = set(pair)
            cards = _take(pool, kept.__contains__, len(firsts), rng)
        for p, c in zip(firsts, cards, strict=False):
            rows[army][p] = c
    rest = list(pool.elements())
    rng.shuffle(rest)
    for row in rows:
        for p, c in enumerate(row):
            if c < 0:
                row[p] = rest.pop() if rest else 0
    middle_count: int = t["middle_count"]
    middle, gone = sorted(rest[:middle_count]), rest[middle_count:]
    s = _bare_state(view, rows, points, middle, gone, traitor, rng)
    peeks: list[list[Peek]] = [[] for _ in range(armies)]
    where = {slot.key: rows[a][p] & FACE for a in range(armies) for p, slot in enumerate(tracker.rows[a])}
    for army in range(armies):
        if army in own:
            peeks[army] = [Peek(p["army"], p["position"], INDEX[p["card"]]) for p in own[army]["peeks"]]
            continue
        for slot, target, p in tracker.peeked[army]:
            card = where.get(slot.key, slot.card)
            if card >= 0:
                peeks[army].append(Peek(target, p, card))
    s.peeks = peeks
    return s


def _bare_state(view: dict[str, Any], rows: list[list[int]], points: list[list[int]], middle: list[int],
                gone: list[int], traitor: int, rng: random.Random) -> GameState:
    """The state the view describes, with these rows, piles and traitor (peeks left to the caller)."""
    t = view["table"]
    armies: int = t["armies"]
    eliminated = [a in t["eliminated"] for a in range(armies)]
    s = GameState.__new__(GameState)
    s.players = t["players"]
    s.armies = armies
    s.army_seats = tuple(t["army_seats"])
    s.twos_defend = t["options"]["twos_defend"]
    s.hands = tuple(() for _ in range(armies))
    s.rewards = rewards_for(armies)
    s.chosen = [True] * armies
    s.rows = rows
    s.points = points
    s.middle = middle
    s.gone = gone
    s.rolls = _rolls(len(deck(armies)), rng)
    s.drawn = 0
    s.traitor = traitor
    s.phase = t["phase"]
    s.turn = t["turn"]
    s.attacker = t["attacker"]
    last = t["last_accusation"]
    s.last = None
    s.attacker_won = False
    s.card_at = -1
    if last is not None:
        won = last["winner"] == "attacker"
        s.last = Accusation(last["army"], last["position"], INDEX[last["card"]], last["target"][0],
                            last["target"][1], INDEX[last["target_card"]], won, last["by_two"])
        if s.phase in ("after_win", "peek") and won:
            s.attacker_won = True
            s.card_at = last["position"]
    s.eliminated = eliminated
    s.joker_dead = t["joker_dead"]
    s.deaths = t["traitor_deaths_after_joker"]
    s.winner_side = None
    s.winners = []
    s.version = t["version"]
    return s


def _peeks(view: dict[str, Any], history: Sequence[Event], rows: list[list[int]],
           armies: int) -> list[list[Peek]]:
    """This seat's peeks as it remembers them; another army's, the sampled cards where it looked."""
    own = _own(view)
    peeks: list[list[Peek]] = [[] for _ in range(armies)]
    for army in range(armies):
        if army in own:
            peeks[army] = [Peek(p["army"], p["position"], INDEX[p["card"]]) for p in own[army]["peeks"]]
    for event in history:
        if event.get("type") == "peeked" and event["army"] not in own:
            for t, p in event["cards"]:
                if p < len(rows[t]):
                    peeks[event["army"]].append(Peek(t, p, rows[t][p] & FACE))
    return peeks


def candidate_actions(s: GameState, seat: int) -> list[Action]:
    """The seat's moves worth weighing: every setup choice; against each other army its strongest
    and weakest card at a hidden place, and the weakest card that beats each face-up one; hiding
    a winning card first, last or not at all; a peek at two hidden cards of each army."""
    armies = [a for a in awaiting_armies(s) if s.army_seats[a] == seat]
    if not armies:
        return []
    army = armies[0]
    out: list[Action] = []
    if s.phase == "setup":
        if army == s.traitor:
            reds = sorted(red_choices(s, army), key=lambda c: -POWER[c])
            for k in range(min(MAX_RED, len(reds)) + 1):
                out.append(Action(army, "army", red=tuple(NAMES[c] for c in reds[:k])))
        else:
            out += [Action(army, "army", suits=pair) for pair, row in suit_choices(s, army) if row]
        return out
    row = s.rows[army]
    if s.phase == "turn":
        mine = sorted(((POWER[c & FACE], p) for p, c in enumerate(row) if c & FACE != JOKER))
        for target in range(s.armies):
            t_row = s.rows[target]
            if target == army or not t_row:
                continue
            down = [p for p, c in enumerate(t_row) if not c & UP]
            if down:
                for _, p in {mine[0], mine[-1]}:
                    out.append(Action(army, "accuse", card=p, target=(target, down[0])))
            for tp, code in enumerate(t_row):
                if code & UP:
                    beats = [p for power, p in mine if power >= POWER[code & FACE]]
                    pick = beats[0] if beats else mine[0][1]
                    out.append(Action(army, "accuse", card=pick, target=(target, tp)))
        return out
    if s.phase == "after_win":
        out.append(Action(army, "end"))
        for at in dict.fromkeys((0, len(row) - 1)):
            out.append(Action(army, "hide", at=at))
        return out
    if s.phase == "peek":
        for target in range(s.armies):
            if target == army:
                continue
            hidden = [(target, p) for p, c in enumerate(s.rows[target]) if not c & UP][:2]
            if len(hidden) == 2:
                out.append(Action(army, "peek", cards=tuple(hidden)))
        return out
    return out


def score(s: GameState, seat: int) -> float:
    """1 when one of the seat's armies is among the winners."""
    return 1.0 if any(s.army_seats[a] == seat for a in s.winners) else 0.0
