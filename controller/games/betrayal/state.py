"""The state of a game of Betrayal. Plain data; the engine (``engine.py``) is what changes it.

States are values: ``apply`` never changes the state it is given, nor any list inside it, so a
refused action leaves the caller's state as it was (B18). To stay fast it copies on write: the
state it returns shares every part the action left alone with the one it was given. Treat a state
you did not build as read-only; to change one by hand (a test setting up an odd position), take
``copy()`` first, which shares nothing.

Cards are codes (see ``cards.py``); the views turn them into names.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from controller.games.betrayal.cards import FACE, INDEX, JOKER
from controller.games.betrayal.deal import Deal, check_deal
from controller.games.betrayal.seats import armies_of, army_count, seat_of
from controller.games.common import SlottedValue

Phase = Literal["setup", "turn", "after_win", "peek", "over"]
PHASES: Final = ("setup", "turn", "after_win", "peek", "over")
Side = Literal["traitor", "loyal"]


class Reward(NamedTuple):
    """What reaching a points total gives (B13): ``draw`` ``amount`` cards, a ``peek``, or ``out``."""

    kind: Literal["draw", "peek", "out"]
    amount: int


#: B13, by points total: every table, then what four armies and five or more add
_BASE: Final = {3: Reward("draw", 2), 6: Reward("draw", 3), 10: Reward("draw", 5), 15: Reward("peek", 2)}
_FOUR: Final = {**_BASE, 20: Reward("draw", 5), 25: Reward("out", 0)}
_FIVE_UP: Final = {**_BASE, 20: Reward("draw", 5), 25: Reward("draw", 3), 35: Reward("out", 0)}
#: a deck never holds more cards than this, so no army can score more
_MOST_POINTS: Final = 105


def _table(rewards: dict[int, Reward]) -> tuple[Reward | None, ...]:
    return tuple(rewards.get(points) for points in range(_MOST_POINTS + 1))


_BY_ARMIES: Final = {3: _table(_BASE), 4: _table(_FOUR)}
_FIVE_UP_TABLE: Final = _table(_FIVE_UP)


def rewards_for(armies: int) -> tuple[Reward | None, ...]:
    """The reward reached at each points total, for a table of ``armies`` armies (B13)."""
    return _BY_ARMIES.get(armies, _FIVE_UP_TABLE)


def reward_steps(armies: int) -> list[tuple[int, Reward]]:
    """The totals that give something, ascending, with what they give."""
    table = rewards_for(armies)
    return [(points, r) for points, r in enumerate(table) if r is not None]


def loyal_losses_to_lose(armies: int) -> int:
    """B16's K: loyal armies the traitor must see eliminated (not used at two players)."""
    return 1 if armies == 3 else 2 if armies <= 5 else 3


#: B16: after the joker has died, this many more of the traitor's cards must die
DEATHS_AFTER_JOKER: Final = 3


class Accusation(NamedTuple):
    """The last accusation, public until the next one: both cards and who won (B8-B11)."""

    army: int
    position: int
    card: int
    target: int
    target_position: int
    target_card: int
    attacker_won: bool
    #: the target was a 2 that defended under ``twos_defend`` (B11)
    by_two: bool


class Peek(NamedTuple):
    """One card an army has looked at (B13): where it lay then, and what it was."""

    army: int
    position: int
    card: int


class GameState(SlottedValue):
    """One game. Rows, points piles and the middle pile hold card codes."""

    __slots__ = (
        "armies",
        "army_seats",
        "attacker",
        "attacker_won",
        "card_at",
        "chosen",
        "deaths",
        "drawn",
        "eliminated",
        "gone",
        "hands",
        "joker_dead",
        "last",
        "middle",
        "peeks",
        "phase",
        "players",
        "points",
        "rewards",
        "rolls",
        "rows",
        "traitor",
        "turn",
        "twos_defend",
        "version",
        "winner_side",
        "winners",
    )

    players: int
    armies: int
    #: the seat of each army (B1)
    army_seats: tuple[int, ...]
    twos_defend: bool
    #: the deal, per army, as codes in dealt order; what a seat chooses from during setup
    hands: tuple[tuple[int, ...], ...]
    rewards: tuple[Reward | None, ...]
    #: per army: has it made its setup choice (B5)
    chosen: list[bool]
    #: per army: its row, in order; a code plus UP is face up
    rows: list[list[int]]
    #: per army: the cards it has killed, oldest first
    points: list[list[int]]
    #: the middle pile, sorted (B7's order is the codes' order)
    middle: list[int]
    #: cards out of the game: the rows of armies eliminated by points (B14)
    gone: list[int]
    rolls: tuple[int, ...]
    #: cards drawn so far: the next draw uses ``rolls[drawn]``
    drawn: int
    traitor: int
    phase: Phase
    #: the army expected to act (None in setup and once over)
    turn: int | None
    #: the army whose turn it is; differs from ``turn`` while a defender peeks
    attacker: int | None
    #: after a win: the position of the attacking card, which ``hide`` may turn down again
    card_at: int
    attacker_won: bool
    eliminated: list[bool]
    joker_dead: bool
    #: B16: the traitor's cards that died after the joker
    deaths: int
    last: Accusation | None
    peeks: list[list[Peek]]
    winner_side: Side | None
    winners: list[int]
    #: accepted actions so far
    version: int

    # written out, not generated: the engine makes one state per action
    def __init__(self, deal: Deal, twos_defend: bool = False) -> None:
        check_deal(deal)
        armies = army_count(deal.players)
        self.players = deal.players
        self.armies = armies
        self.army_seats = tuple(seat_of(deal.players, a) for a in range(armies))
        self.twos_defend = twos_defend
        self.hands = tuple(tuple(INDEX[c] for c in hand) for hand in deal.hands)
        self.rewards = rewards_for(armies)
        self.chosen = [False] * armies
        self.rows = [[] for _ in range(armies)]
        self.points = [[] for _ in range(armies)]
        self.middle = []
        self.gone = []
        self.rolls = deal.rolls
        self.drawn = 0
        self.traitor = next(a for a, hand in enumerate(self.hands) if JOKER in hand)
        self.phase = "setup"
        self.turn = None
        self.attacker = None
        self.card_at = -1
        self.attacker_won = False
        self.eliminated = [False] * armies
        self.joker_dead = False
        self.deaths = 0
        self.last = None
        self.peeks = [[] for _ in range(armies)]
        self.winner_side = None
        self.winners = []
        self.version = 0

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def armies_of(self, seat: int) -> tuple[int, ...]:
        """The armies ``seat`` plays (B1)."""
        return armies_of(self.players, seat)

    def derive(self) -> GameState:
        """A new state sharing every part with this one, for the engine to replace parts of.

        Nothing inside is copied: the engine replaces a list with a changed copy and never changes
        one in place, so this state stays as it was.
        """
        new = GameState.__new__(GameState)
        new.players = self.players
        new.armies = self.armies
        new.army_seats = self.army_seats
        new.twos_defend = self.twos_defend
        new.hands = self.hands
        new.rewards = self.rewards
        new.chosen = self.chosen
        new.rows = self.rows
        new.points = self.points
        new.middle = self.middle
        new.gone = self.gone
        new.rolls = self.rolls
        new.drawn = self.drawn
        new.traitor = self.traitor
        new.phase = self.phase
        new.turn = self.turn
        new.attacker = self.attacker
        new.card_at = self.card_at
        new.attacker_won = self.attacker_won
        new.eliminated = self.eliminated
        new.joker_dead = self.joker_dead
        new.deaths = self.deaths
        new.last = self.last
        new.peeks = self.peeks
        new.winner_side = self.winner_side
        new.winners = self.winners
        new.version = self.version
        return new

    def copy(self) -> GameState:
        """A state that shares no list with this one (tuples and named tuples are values)."""
        new = self.derive()
        new.chosen = list(self.chosen)
        new.rows = [list(r) for r in self.rows]
        new.points = [list(p) for p in self.points]
        new.middle = list(self.middle)
        new.gone = list(self.gone)
        new.eliminated = list(self.eliminated)
        new.peeks = [list(p) for p in self.peeks]
        new.winners = list(self.winners)
        return new

    def __repr__(self) -> str:
        return f"<Betrayal {self.players} players, {self.phase}, turn {self.turn}, version {self.version}>"

    def all_cards(self) -> list[int]:
        """Every card of the game wherever it lies, as indices (for conservation checks)."""
        cards = [c & FACE for row in self.rows for c in row]
        cards += [c for pile in self.points for c in pile]
        cards += self.middle
        cards += self.gone
        for army, hand in enumerate(self.hands):
            if not self.chosen[army]:
                cards += hand
        return cards


def new_game(deal: Deal, *, twos_defend: bool = False) -> GameState:
    """The state right after the deal: every army now makes its setup choice (B5).

    ``twos_defend`` turns on the optional rule B11. Raises DealError for a deal that is not legal.
    """
    return GameState(deal, twos_defend)
