"""The state of a game of Hasty Accusations. Plain data; ``engine.py`` is what changes it.

States are values: ``apply`` never changes the state it is given (H24). It works on ``derive()``, a
copy with new lists for the parts nearly every action changes and shared ones for the rest, which
the engine replaces with a changed copy when it must. Every item in a list is a tuple or a named
tuple, never changed in place, so the two states stay apart at the cost of a few short list copies
per action.

The row is a list of *slots*: a slot is a place in the row with its evidence pile, and keeps its id
while positions around it change (Speedy removes dead tiles, H9). ``row`` lists the slot ids from the
left, so a position is an index into ``row``; ``suspect_at[slot]`` is the tile standing above the slot
(Switcheroo swaps tiles, the piles stay); Doctor White's revival under Speedy adds a slot at the right
end. Work still to do, such as the rest of a review or the second half of a Bomb, waits in ``tasks``
(a stack) while a seat makes a choice, so a chain of effects can pause for a phone and go on after
it. A review is one ``Review``: its counts (by suspect id) and the evaluation running now, with the
evaluations it interrupted (Dying Breath, Sniper: H32) waiting in ``outer``, outermost first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, NamedTuple

from controller.games.common import SlottedValue
from controller.games.hasty.cards import FACE, INDEX, KINDS, TRAITOR, TRAITOR_KEY
from controller.games.hasty.deal import Deal, Options, check_deal

Phase = Literal["play", "choose", "over"]
PHASES: Final = ("play", "choose", "over")
#: a kind of work and two numbers it needs (a slot, a seat, a suspect...)
Task = tuple[str, int, int]


class Pending(NamedTuple):
    """A choice the game waits for (H14)."""

    kind: str
    seat: int
    #: positions offered, for ``pile``, ``sidekick``, ``mover`` and ``question_pile``
    options: tuple[int, ...] = ()
    #: ``question_pile``: the card being placed
    card: int = -1
    #: ``question_pile``: the seat that asked
    asker: int = -1
    #: ``sidekick``: the slot of the Sidekick's own pile (its suspect is the one at risk)
    slot: int = -1
    #: ``market``: how many cards the seat takes
    take: int = 0
    #: ``rebel``, ``revelation``: the slots still to come; ``spread``: the cards still to place
    queue: tuple[int, ...] = ()
    #: ``walk``: where the Walk it back lies in its pile (-1: it has left it)
    where: int = -1


class Frame(NamedTuple):
    """An evaluation waiting under a nested one (H32): ``Review``'s own fields, without the counts."""

    slot: int
    cause: str
    revealed: tuple[int, ...]
    stopped: bool
    killed: tuple[int, ...]
    suspect: int
    at: int
    limit: int
    bottom_first: bool
    safe: bool
    wiped: bool
    ended: bool


class Nested(NamedTuple):
    """A nested evaluation that has ended (H32), as the screens tell it: where and why, its cards, who
    died in it, how deep it was and how many cards the evaluation it interrupted had revealed then."""

    at: int
    suspect: int
    cause: str
    revealed: tuple[int, ...]
    killed: tuple[int, ...]
    depth: int
    after: int


class Review(NamedTuple):
    """A review in progress (H11, H12, H28): its counts and the evaluation running now."""

    slot: int
    #: ``loupe``, ``empty_hand`` (Big Hands), ``dying_breath`` or ``sniper`` (H32)
    cause: str
    #: the cards revealed so far, in order (card indices)
    revealed: tuple[int, ...]
    stopped: bool
    #: by suspect id
    threats: tuple[int, ...]
    shields: tuple[int, ...]
    #: suspects that died while it ran
    killed: tuple[int, ...] = ()
    #: the suspect above the pile and its position when the evaluation began
    suspect: int = -1
    at: int = -1
    #: H28: Poison, Armor and Wrong address counts, by suspect id
    poison: tuple[int, ...] = ()
    armor: tuple[int, ...] = ()
    wrong: tuple[int, ...] = ()
    #: H35: On the clock's limit (0: none), and whether it reveals from the bottom up
    limit: int = 0
    bottom_first: bool = False
    #: H30: a Safe Stop was revealed from this pile; H42: the pile was wiped
    safe: bool = False
    wiped: bool = False
    #: its suspect died: the evaluation is over (H11)
    ended: bool = False
    #: H32: the evaluations this one interrupted, outermost first
    outer: tuple[Frame, ...] = ()
    #: the nested evaluations of this review that have ended, in the order they ended (for the screens)
    done: tuple[Nested, ...] = ()

    def frame(self) -> Frame:
        return Frame(self.slot, self.cause, self.revealed, self.stopped, self.killed, self.suspect, self.at,
                     self.limit, self.bottom_first, self.safe, self.wiped, self.ended)

    def slots(self) -> list[int]:
        """The slots under evaluation, outermost first."""
        return [f.slot for f in self.outer] + [self.slot]


class LastReview(NamedTuple):
    """The latest review, kept for the screens to play out card by card (all of it public): its
    outermost evaluation, and the evaluations nested in it in the order they ended."""

    number: int
    at: int
    suspect: int
    cause: str
    revealed: tuple[int, ...]
    killed: tuple[int, ...]
    nested: tuple[Nested, ...] = ()


class Peek(NamedTuple):
    """What a seat was shown (H19, H42, H44): a pile by position or a seat's hand, as it was, or a
    seat's secret suspect (``cards`` holds the suspect id, or TRAITOR)."""

    kind: Literal["pile", "hand", "secret"]
    target: int
    cards: tuple[int, ...]


class Note(NamedTuple):
    """Cards that went from one hand to another, as the two seats concerned saw it (H52): ``took``
    (the seat took ``cards`` from seat ``other``, or from the pile at ``at`` when ``other`` is -1),
    ``lost`` (seat ``other`` took them), ``gave``/``got`` (a hand swap with ``other``)."""

    kind: Literal["took", "lost", "gave", "got"]
    #: the card (or ``brunette``, the power) that moved them
    by: str
    other: int
    at: int
    cards: tuple[int, ...]


class Extras(NamedTuple):
    """The second edition's part of the state (H40, H46, H50, H52); it stays as dealt in a base game."""

    rotated: tuple[bool, ...]
    tucked: int | None
    skips: int
    opened: bool
    notes: tuple[tuple[Note, ...], ...]
    #: the powers that acted since this turn began, in order: (suspect, power) (for the screens)
    fired: tuple[tuple[int, int], ...] = ()
    #: the seats whose turns were skipped as this turn began (H40)
    skipped: tuple[int, ...] = ()


class _Looks(SlottedValue):
    """What the rules of the moment allow a play (``engine.looks``), worked out once for a state and
    kept while its piles stay as they are: the random bot and then the engine both need it for every
    play. A cache, not a part of the state: it is left out of the state's equality (``SlottedValue``
    compares the slots of the state's own class)."""

    __slots__ = ("looks",)
    looks: tuple[bool, bool, int] | None


class GameState(_Looks):
    __slots__ = (
        "dead",
        "deck",
        "deck_at",
        "discard",
        "eliminated",
        "ended",
        "extra",
        "hands",
        "last_review",
        "loupe",
        "market",
        "options",
        "out_by",
        "peeks",
        "pending",
        "phase",
        "piles",
        "players",
        "plays",
        "review",
        "reviews",
        "rolls",
        "rolls_used",
        "row",
        "secrets",
        "steps",
        "suspect_at",
        "tasks",
        "traitor",
        "turn",
        "version",
        "winners",
    )

    players: int
    options: Options
    row: list[int]
    suspect_at: list[int]
    dead: list[bool]
    #: per slot, bottom to top; a code plus ``UP`` lies face up
    piles: list[tuple[int, ...]]
    #: per seat, a multiset of card indices
    hands: list[tuple[int, ...]]
    market: tuple[int, ...]
    #: the deck is ``deck[deck_at:]``, its next card first
    deck: tuple[int, ...]
    deck_at: int
    #: the discard pile as a count per card: it is sorted before it becomes a deck (H13)
    discard: list[int]
    #: per seat: a suspect id, or TRAITOR (-1)
    secrets: tuple[int, ...]
    traitor: int | None
    eliminated: list[bool]
    #: per seat: has it ended a turn (H8)
    ended: list[bool]
    #: per seat: the card key that killed its suspect, once out
    out_by: list[str | None]
    turn: int | None
    phase: Phase
    pending: Pending | None
    tasks: list[Task]
    review: Review | None
    last_review: LastReview | None
    loupe: int
    plays: int
    steps: int
    reviews: int
    rolls: tuple[int, ...]
    rolls_used: int
    peeks: list[tuple[Peek, ...]]
    winners: tuple[int, ...]
    version: int
    #: the second edition's state (one value, so a base game's copies stay as cheap as they were)
    extra: Extras

    def __init__(self, deal: Deal, *, checked: bool = False) -> None:
        """``checked``: the deal is known to be legal (``deal_cards`` made it), so it is not checked
        again (the bots' games deal one every game)."""
        if not checked:
            check_deal(deal)
        self.looks = None
        opts = deal.options
        players = deal.players
        count = opts.suspects
        self.players = players
        self.options = opts
        self.row = list(range(count))
        self.suspect_at = list(range(count))
        self.dead = [False] * count
        self.piles = [()] * count
        cards = tuple(map(INDEX.__getitem__, deal.deck))
        self.discard = [0] * KINDS
        if opts.big_hands:
            each = len(cards) // players
            self.hands = [tuple(sorted(cards[each * i: each * (i + 1)])) for i in range(players)]
            for card in cards[each * players:]:
                self.discard[card] += 1
            self.market = ()
            self.deck = ()
        else:
            self.hands = [tuple(sorted(cards[4 * i: 4 * i + 4])) for i in range(players)]
            self.market = cards[4 * players: 4 * players + 4]
            self.deck = cards[4 * players + 4:]
        self.deck_at = 0
        self.secrets = tuple(TRAITOR if s == TRAITOR_KEY else int(s) for s in deal.secrets)
        self.traitor = self.secrets.index(TRAITOR) if TRAITOR in self.secrets else None
        self.eliminated = [False] * players
        self.ended = [False] * players
        self.out_by = [None] * players
        self.turn = 0
        self.phase = "play"
        self.pending = None
        self.tasks = []
        self.review = None
        self.last_review = None
        self.loupe = (count - 1) // 2
        self.plays = 0
        self.steps = 0
        self.reviews = 0
        self.rolls = deal.rolls
        self.rolls_used = 0
        self.peeks = [()] * players
        self.winners = ()
        self.version = 0
        self.extra = Extras((False,) * count, None, 0, False, ((),) * players)

    # the second edition's state, read and set as if each were a field of its own
    @property
    def rotated(self) -> tuple[bool, ...]:
        """H46: by suspect id, turned a half turn."""
        return self.extra.rotated

    @rotated.setter
    def rotated(self, value: tuple[bool, ...]) -> None:
        e = self.extra
        self.extra = Extras(tuple(value), e.tucked, e.skips, e.opened, e.notes, e.fired, e.skipped)

    @property
    def tucked(self) -> int | None:
        """H50: the suspect under Madame Rose."""
        return self.extra.tucked

    @tucked.setter
    def tucked(self, value: int | None) -> None:
        self.extra = self.extra._replace(tucked=value)

    @property
    def skips(self) -> int:
        """H40: turns still to skip."""
        return self.extra.skips

    @skips.setter
    def skips(self, value: int) -> None:
        e = self.extra
        self.extra = Extras(e.rotated, e.tucked, value, e.opened, e.notes, e.fired, e.skipped)

    @property
    def opened(self) -> bool:
        """H8, H50: reviews have opened and stay open."""
        return self.extra.opened

    @opened.setter
    def opened(self, value: bool) -> None:
        self.extra = self.extra._replace(opened=value)

    @property
    def notes(self) -> tuple[tuple[Note, ...], ...]:
        """Per seat: cards it took or lost (H39, H44, H47), which it alone (and the other seat) saw."""
        return self.extra.notes

    @notes.setter
    def notes(self, value: Sequence[tuple[Note, ...]]) -> None:
        self.extra = self.extra._replace(notes=tuple(value))

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def waiting(self) -> int | None:
        """The seat whose action comes next."""
        if self.pending is not None:
            return self.pending.seat
        return self.turn

    @property
    def first_round(self) -> bool:
        """H8: reviews stay closed until every seat still in has ended a turn."""
        if self.extra.opened:
            return False
        ended, out = self.ended, self.eliminated
        return any(not ended[s] and not out[s] for s in range(self.players))

    def alive_at(self, position: int) -> bool:
        return 0 <= position < len(self.row) and not self.dead[self.row[position]]

    def living_positions(self) -> list[int]:
        dead = self.dead
        return [p for p, slot in enumerate(self.row) if not dead[slot]]

    def position_of_suspect(self, suspect: int) -> int | None:
        """Where a living suspect stands, or None when it is dead."""
        suspect_at, dead = self.suspect_at, self.dead
        for p, slot in enumerate(self.row):
            if suspect_at[slot] == suspect and not dead[slot]:
                return p
        return None

    def holder(self, suspect: int) -> int | None:
        """The seat whose secret suspect it is."""
        return self.secrets.index(suspect) if suspect in self.secrets else None

    def derive(self) -> GameState:
        """A copy for the engine to change: the lists nearly every action changes (piles, hands, the
        discard counts) are new; the others are shared, and the engine replaces one with a changed
        copy whenever it changes it."""
        new = GameState.__new__(GameState)
        new.looks = self.looks
        new.players = self.players
        new.options = self.options
        new.row = self.row
        new.suspect_at = self.suspect_at
        new.dead = self.dead
        new.piles = self.piles[:]
        new.hands = self.hands[:]
        new.market = self.market
        new.deck = self.deck
        new.deck_at = self.deck_at
        new.discard = self.discard[:]
        new.secrets = self.secrets
        new.traitor = self.traitor
        new.eliminated = self.eliminated
        new.ended = self.ended
        new.out_by = self.out_by
        new.turn = self.turn
        new.phase = self.phase
        new.pending = self.pending
        new.tasks = self.tasks[:]
        new.review = self.review
        new.last_review = self.last_review
        new.loupe = self.loupe
        new.plays = self.plays
        new.steps = self.steps
        new.reviews = self.reviews
        new.rolls = self.rolls
        new.rolls_used = self.rolls_used
        new.peeks = self.peeks
        new.winners = self.winners
        new.version = self.version
        new.extra = self.extra
        return new

    def copy(self) -> GameState:
        """A state that shares no list with this one (to change one by hand, as a test may)."""
        new = self.derive()
        new.row, new.suspect_at, new.dead = self.row[:], self.suspect_at[:], self.dead[:]
        new.eliminated, new.ended, new.out_by = self.eliminated[:], self.ended[:], self.out_by[:]
        new.peeks = self.peeks[:]
        new.looks = None
        return new

    def __repr__(self) -> str:
        return f"<Hasty {self.players} players, {self.phase}, turn {self.turn}, version {self.version}>"

    def all_cards(self) -> list[int]:
        """Every card of the game wherever it lies, as indices (for conservation checks)."""
        cards = [c & FACE for pile in self.piles for c in pile]
        cards += [c for hand in self.hands for c in hand]
        cards += self.market
        cards += self.deck[self.deck_at:]
        cards += [k for k, n in enumerate(self.discard) for _ in range(n)]
        review = self.review
        if review is not None:
            cards += review.revealed
            for frame in review.outer:
                cards += frame.revealed
        pending = self.pending
        if pending is not None and pending.kind in ("question_pile", "spread"):
            cards.append(pending.card & FACE)
            if pending.kind == "spread":
                cards += [c & FACE for c in pending.queue]
        return cards


def new_game(deal: Deal) -> GameState:
    """The state right after the deal: seat 0 to play (H5). The options come with the deal, since
    they shape it; DealError for a deal that is not legal."""
    return GameState(deal)
