"""The shape every game's rules package has, so the box can host a game it was not written for.

A game is a package of pure rules (no I/O, no clock, no threads, randomness only from an RNG passed
in) whose module satisfies ``GameRules``, with three submodules: ``strategy`` (``GameStrategy``, the
sensible bot), ``replay`` (``ReplayReader``, its replay file) and ``balance`` (``GameBalance``, the
simulator's report). The CLI, the table and the benchmarks drive a game only through these;
``registry.py`` checks every game against them with mypy (its typed lookups), and ``missing_members``
checks any module at run time. docs/dev-interfaces.md ("Adding a game") explains each member.

Conventions the types cannot say:
- Every state is a value: ``apply`` never changes the state it is given; a refused action changes
  nothing (it is a ``Refused`` with a fixed ``code`` and a sentence for people).
- Events are public facts only; a seat's secrets leave the core only through ``seat_view``.
- ``public_view`` has ``version``, ``phase``, ``over``, ``awaiting`` and ``reveal``: None while
  the game runs, and once it is over everything that was secret.
- ``seat_view(state, seat, table=None)`` holds the seat's ``moves`` (its ``legal_moves``) and the public
  view under ``table`` (the one given, else made anew); it raises ValueError for a seat not at the table.
- The same seed gives the same deal and the same bot game, in the same version of the program.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol, TypeVar

Event = dict[str, Any]


@dataclass(frozen=True)
class Budget:
    """How long one decision of the strong bot may think: at most ``rollouts`` play-outs, and when
    ``clock`` is given (seconds, e.g. ``time.process_time``) at most ``seconds`` by that clock."""

    rollouts: int = 2_000
    seconds: float | None = None
    clock: Callable[[], float] | None = None
    #: how much better (in win rate, beyond one standard error) another move must do to replace
    #: the sensible bot's
    margin: float = 0.02


class StateShape(Protocol):
    """A game's state: a value the engine never changes in place."""

    @property
    def players(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def version(self) -> int:
        """Accepted actions so far: the public view's ``version``."""


class ActionShape(Protocol):
    def to_dict(self) -> dict[str, Any]:
        """The journal's and the replay file's form of the action."""


class DealShape(Protocol):
    """Everything random about a game, fixed before it starts, so that a journal replays exactly."""

    @property
    def players(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=StateShape)
A = TypeVar("A", bound=ActionShape)
D = TypeVar("D", bound=DealShape)
M = TypeVar("M", bound="MemoryShape")
S_co = TypeVar("S_co", bound=StateShape, covariant=True)
A_co = TypeVar("A_co", bound=ActionShape, covariant=True)
D_co = TypeVar("D_co", bound=DealShape, covariant=True)
S_contra = TypeVar("S_contra", bound=StateShape, contravariant=True)


class ActionClass(Protocol[A_co]):
    """The action type, which also reads the journal's form back."""

    def from_dict(self, data: object, /) -> A_co:
        """Raises the package's ``ActionFormatError`` for a malformed action."""


class AcceptedShape(Protocol[S_co]):
    @property
    def state(self) -> S_co: ...
    @property
    def events(self) -> tuple[Event, ...]: ...


class RefusedShape(Protocol):
    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    def to_dict(self) -> dict[str, str]: ...


class BotGameShape(Protocol[S_co, D_co, A_co]):
    """A whole game played by random bots: its deal, every action, and the state it ended in."""

    @property
    def deal(self) -> D_co: ...
    @property
    def actions(self) -> tuple[A_co, ...]: ...
    @property
    def final(self) -> S_co: ...


class GameRules(Protocol[S, A, D]):
    """The module of a game's rules package."""

    @property
    def MIN_PLAYERS(self) -> int: ...
    @property
    def MAX_PLAYERS(self) -> int: ...
    @property
    def Action(self) -> ActionClass[A]: ...
    @property
    def ActionFormatError(self) -> type[ValueError]: ...
    @property
    def DealError(self) -> type[ValueError]: ...
    @property
    def Accepted(self) -> type[AcceptedShape[S]]: ...
    @property
    def Refused(self) -> type[RefusedShape]: ...

    def deal_cards(self, players: int, rng: random.Random, /) -> D:
        """A deal shuffled with ``rng``; DealError for a player count the game does not take."""

    def new_game(self, deal: D, /) -> S:
        """The state right after the deal (options, if the game has any, are keyword arguments)."""

    def apply(self, state: S, action: A, /) -> AcceptedShape[S] | RefusedShape: ...

    def legal_moves(self, state: S, seat: int, /) -> list[dict[str, Any]]:
        """Each act the seat may make now, as ``{"act": ..., choices...}``."""

    def awaiting(self, state: S, /) -> list[int]:
        """The seats the game waits for."""

    def public_view(self, state: S, /) -> dict[str, Any]: ...
    def seat_view(self, state: S, seat: int, table: dict[str, Any] | None = None, /) -> dict[str, Any]:
        """``table``: this state's public view, already made (the table builds every seat's view)."""

    def describe_events(self, events: Sequence[Event], /) -> list[str]:
        """The table log's lines for one action's events."""

    def bot_action(self, state: S, seat: int, rng: random.Random, /) -> A | None:
        """A random legal move for the seat, or None when it has nothing to do."""

    def next_bot_action(self, state: S, rng: random.Random, /) -> A | None:
        """A random legal move by one of the seats the game waits for."""

    def play_bot_game(self, players: int, seed: int, /) -> BotGameShape[S, D, A]: ...

    def replay_summary(self, state: S, /) -> dict[str, Any]:
        """The state keys of the game's replay contract output."""


class MemoryShape(Protocol):
    def observe(self, events: tuple[Event, ...], /) -> None:
        """Remember what the table just saw (public events only)."""


class GameStrategy(Protocol[S_contra, A_co, M]):
    """The ``strategy`` submodule: a sensible bot that plays to win, for balance simulations.

    It sees only what its seat may see (its seat view and the public events it ``observe``-d).
    """

    @property
    def TableMemory(self) -> Callable[[], M]: ...

    def sensible_action(
        self, state: S_contra, seat: int, rng: random.Random, memory: M, /
    ) -> A_co | None: ...


class ReplayReader(Protocol):
    """The ``replay`` submodule: the game's form of `jaccuse-table replay`'s file."""

    @property
    def ReplayInputError(self) -> type[ValueError]:
        """Raised for a file that is not a game of this kind (the command exits 2)."""

    def replay(self, data: object, /) -> dict[str, Any]:
        """The answer to a parsed file (its ``game`` key already read): ``ok``, ``error``,
        ``applied`` and the game's ``replay_summary``; a refused action stops it with ``ok`` false."""


class ReportShape(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class GameBalance(Protocol):
    """The ``balance`` submodule: `jaccuse-table simulate` for the game."""

    @property
    def POLICIES(self) -> tuple[str, ...]:
        """The bot policies it plays: ``random``, ``sensible`` and ``strong`` (the search)."""

    def simulate(
        self, players: int, games: int, seed: int, policy: str | Sequence[str], /, *,
        progress: Callable[[int, int], None] | None = None, budget: Budget | None = None,
    ) -> ReportShape:
        """Games ``seed``, ``seed + 1``, ... played by bots (one policy, or one per seat; ``budget``
        bounds a strong seat's thinking), summarised; the report has ``wins_by_seat``."""

    def format_report(self, data: dict[str, Any], /) -> str:
        """The report (``simulate(...).to_dict()``) as lines for people."""


class SeatRefused(ValueError):
    """A phone's action that names something its seat may not act for (another seat's army): the
    table answers it with ``status`` (409) and ``code``, like a refusal of the rules."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


class TableRules(Protocol):
    """The ``table_rules`` submodule: what the table loop needs of a game beyond ``GameRules``.

    The table knows seats, pads, a shot clock, a log and one feed per seat; a game says here what
    each of those means for it. Every function is pure, like the rules themselves.
    """

    @property
    def GAME(self) -> str:
        """The game's name in the registry, the journal and the views (``game``)."""

    @property
    def PAD_ACTS(self) -> tuple[str, ...]:
        """Acts that only a seat's pad makes on a table with pads (a phone sending one is refused)."""

    @property
    def COALESCED_ACT(self) -> str | None:
        """An act a seat may repeat quickly (J'Accuse's vote): rate-limited per seat, and one that a
        later one of the same seat already queued replaces is not journaled. None: no such act."""

    def check_players(self, players: object, /) -> int:
        """``players`` when the game takes that many seats, else ValueError with one line."""

    def deal(
        self, players: int, options: dict[str, Any], rng: random.Random, /
    ) -> tuple[Any, dict[str, Any], dict[str, Any] | None]:
        """A new game from the table's options: the state, the journal's deal and its ``campaign``
        record (a J'Accuse campaign's later deals; None for everything else)."""

    def rebuild(self, players: int, deal: object, campaign: dict[str, Any] | None, /) -> Any:
        """The state right after a journaled deal (DealError or ValueError when it cannot be read)."""

    def options_of(self, state: Any, /) -> dict[str, Any]:
        """The options a "same again" deal keeps (J'Accuse: the campaign's length)."""

    def parse_action(self, players: int, seat: int, data: object, /) -> Any:
        """A phone's action for ``seat`` at a table of ``players`` (read on the request's thread, so
        from the seat count only): ``ActionFormatError`` when malformed, ``SeatRefused`` when it names
        what the seat does not own."""

    def seat_of(self, state: Any, action: Any, /) -> int:
        """The seat an action is made for (who the log, the feed and the clock speak of)."""

    def pad_action(self, state: Any, seat: int, button: str, /) -> Any | RefusedShape:
        """What a press of ``button`` on ``seat``'s pad does now: an action, or a refusal (the pad's
        light flashes)."""

    def forced_actions(self, state: Any, rng: random.Random, /) -> list[Any]:
        """The shot clock's moves when a decision runs out of time, legal when applied in order."""

    def forced_lines(self, action: Any, seat: int, names: Sequence[str | None], /) -> tuple[str, str]:
        """The log line and the forced seat's feed line that mark a forced move."""

    def log_lines(self, events: Sequence[Event], names: Sequence[str | None], /) -> list[str]:
        """The room's log lines for one action's events."""

    def seat_feed(
        self, events: Sequence[Event], seat: int, names: Sequence[str | None], /
    ) -> list[str]:
        """The lines of one action's events that ``seat``'s phone lists (public facts only)."""

    def pad_lights(self, public_view: dict[str, Any], players: int, /) -> dict[int, str]:
        """Each seat's pad light from the public view: ``off``, ``wait`` (blinks: a press is wanted)
        or ``on`` (steady)."""


def _members(protocol: type) -> list[str]:
    names = [n for n in vars(protocol) if not n.startswith("_")]
    return sorted(set(names) | set(getattr(protocol, "__annotations__", {})))


def missing_members(module: ModuleType, protocol: type) -> list[str]:
    """What ``module`` lacks to have ``protocol``'s shape: absent names, and functions that cannot
    be called as the protocol calls them (its positional arguments and its keyword arguments)."""
    problems: list[str] = []
    for name in _members(protocol):
        if not hasattr(module, name):
            problems.append(f"{name}: missing")
            continue
        wanted = vars(protocol).get(name)
        if not inspect.isfunction(wanted):
            continue
        params = list(inspect.signature(wanted).parameters.values())[1:]  # without self
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        keywords = {p.name: None for p in params if p.kind == p.KEYWORD_ONLY}
        try:
            inspect.signature(getattr(module, name)).bind(*range(len(positional)), **keywords)
        except TypeError as exc:
            problems.append(f"{name}: cannot be called as {name}({len(positional)} argument(s)"
                            f"{''.join(', ' + k + '=' for k in keywords)}) ({exc})")
    return problems
