"""The shape every game has, so the box can host a game it was not written for.

A game is a package of pure rules (no I/O, no clock, no threads, randomness only from an RNG passed
in) whose module has the members of ``GameRules``: what only that game can say. Everything else has a
default in the games' shared layer, which the game replaces by writing the member itself: the members
of ``OptionalRules`` in its package, its table adapter's (``TableRules``) in a ``table_rules`` module,
and its ``strategy``, ``replay``, ``retell``, ``balance`` and ``screens`` modules
(``game.Game.of_package`` finds them). The box sees each part whole, the game's own members and the
defaults together: ``FullRules`` (``rules.Rules``), ``TableRules`` (``table_adapter.TableAdapter``),
``GameStrategy``, ``ReplayReader`` (``replay_frame.ReplayFrame``), ``Retelling``
(``retell_frame.RetellFrame``) and ``GameBalance`` (``balance_frame``). ``missing_members`` checks a
module at run time; docs/dev-interfaces.md ("Adding a game") lists what a game provides.

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


class GameFacts(Protocol):
    """What a game is called and how many seats it takes: said once, in its ``game.Game``."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...


class StateShape(Protocol):
    """A game's state: a value the engine never changes in place. A state may also have ``winners``,
    the seats that won, which the default balance report counts."""

    @property
    def players(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def phase(self) -> str:
        """The public view's ``phase`` (the shot clock counts a new phase as a new decision; a
        ``setup`` phase waits for every seat to be taken before the clock runs)."""
    @property
    def version(self) -> int:
        """Accepted actions so far: the public view's ``version``."""


class ActionShape(Protocol):
    def to_dict(self) -> dict[str, Any]:
        """The journal's and the replay file's form of the action (with its ``seat``, when it has one:
        the default table adapter reads a phone's action as that form with the token's seat)."""


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
D_contra = TypeVar("D_contra", bound=DealShape, contravariant=True)


class ActionClass(Protocol[A_co]):
    """The action type, which also reads the journal's form back."""

    def from_dict(self, data: object, /) -> A_co:
        """Raises the game's ``ActionFormatError`` for a malformed action."""


class DealClass(Protocol[D_co]):
    """The deal type, which also reads the journal's and the replay file's form back."""

    def from_dict(self, players: int, data: object, /) -> D_co:
        """Raises the game's ``DealError`` (a ValueError) for a deal that is not one of the game's."""


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


class GameRules(Protocol[S, A, D_contra]):
    """What a game's rules package must have: what only the game can say."""

    @property
    def Action(self) -> ActionClass[A]: ...

    def new_game(self, deal: D_contra, /) -> S:
        """The state right after the deal (options, if the game has any, are keyword arguments)."""

    def apply(self, state: S, action: A, /) -> AcceptedShape[S] | RefusedShape:
        """``Accepted(state, events)`` or ``Refused(code, message)`` (``common``'s, or the game's own
        ``Accepted`` and ``Refused`` when it names them)."""

    def legal_moves(self, state: S, seat: int, /) -> list[dict[str, Any]]:
        """Each act the seat may make now, as ``{"act": ..., choices...}``."""

    def awaiting(self, state: S, /) -> list[int]:
        """The seats the game waits for."""

    def public_view(self, state: S, /) -> dict[str, Any]: ...

    def describe_events(
        self, events: Sequence[Event], names: Sequence[str | None] | None = None, /
    ) -> list[str]:
        """The table log's lines for one action's events (``names``: the seats' names, when known)."""


class OptionalRules(Protocol[S, A, D_co]):
    """What a game's rules package may also have; the shared layer's defaults (``rules.Rules``) stand
    in for what it leaves out. A game writes ``action_from_move``, or its own ``bot_action``."""

    @property
    def Deal(self) -> DealClass[D_co]:
        """The deal's type. Default ``common.SeededDeal``: one number, which ``new_game`` shuffles with."""

    def deal_cards(self, players: int, rng: random.Random, /) -> D_co:
        """A deal shuffled with ``rng`` (the seat count is checked before: ``Game.min_players`` and
        ``max_players`` say which the game takes). Default: a ``SeededDeal`` drawn from ``rng``."""

    def replay_summary(self, state: S, /) -> dict[str, Any]:
        """The state keys of the game's replay answer. Default: the public view."""

    @property
    def Accepted(self) -> type[AcceptedShape[S]]:
        """Default ``common.Accepted``."""

    @property
    def Refused(self) -> type[RefusedShape]:
        """Default ``common.Refused``."""

    @property
    def ActionFormatError(self) -> type[ValueError]:
        """What ``Action.from_dict`` raises; default ``common.ActionFormatError``."""

    @property
    def DealError(self) -> type[ValueError]:
        """What ``Deal.from_dict`` and ``deal_cards`` raise; default ``common.DealError``."""

    def private_view(self, state: S, seat: int, /) -> dict[str, Any]:
        """What only ``seat`` sees (its hand...), for the default ``seat_view``; default nothing."""

    def seat_view(self, state: S, seat: int, table: dict[str, Any] | None = None, /) -> dict[str, Any]:
        """``table``: this state's public view, already made (the table builds every seat's view).
        Default: ``seat``, the ``private_view``, ``acts``, ``moves`` and ``table``."""

    def open_view(self, state: S, /) -> dict[str, Any]:
        """The public view with every secret shown under ``reveal``, at any moment of the game: what the
        retelling of a finished game shows at each step (never served while a game runs). Default: each
        seat's own view (``seat_view`` without its moves) under ``reveal["seats"]``."""

    def action_from_move(self, seat: int, move: dict[str, Any], rng: random.Random, /) -> A:
        """A random action among the choices of ``move``, one of ``legal_moves(state, seat)``: what
        the default bots and a simulated phone play."""

    def bot_action(self, state: S, seat: int, rng: random.Random, /) -> A | None:
        """A random legal move for the seat, or None when it has nothing to do. Default: a random
        one of its ``legal_moves``, made by ``action_from_move``."""

    def next_bot_action(self, state: S, rng: random.Random, /) -> A | None:
        """A random legal move by one of the seats the game waits for. Default: ``bot_action`` for
        a random one of them."""

    def play_bot_game(self, players: int, seed: int, /) -> BotGameShape[S, D_co, A]:
        """A whole game of random bots from the seed's deal. Default: ``next_bot_action`` in turn."""

    def apply_own(self, state: S, action: A, events: list[Event] | None, /) -> None:
        """``apply``'s rules on a state only the caller holds, changed in place (a refusal raises
        ``common.Refusal``): the search's play-outs use it when a game has it."""


class FullRules(GameRules[S, A, D], Protocol[S, A, D]):
    """A game's rules as the table, the driver and the search call them: the game's own members and
    the defaults for the optional ones (``registry.rules(name)`` gives one)."""

    @property
    def Deal(self) -> DealClass[D]: ...
    @property
    def Accepted(self) -> type[AcceptedShape[S]]: ...
    @property
    def Refused(self) -> type[RefusedShape]: ...
    @property
    def ActionFormatError(self) -> type[ValueError]: ...
    @property
    def DealError(self) -> type[ValueError]: ...

    def deal_cards(self, players: int, rng: random.Random, /) -> D: ...
    def replay_summary(self, state: S, /) -> dict[str, Any]: ...
    def seat_view(self, state: S, seat: int, table: dict[str, Any] | None = None, /) -> dict[str, Any]: ...
    def open_view(self, state: S, /) -> dict[str, Any]: ...
    def bot_action(self, state: S, seat: int, rng: random.Random, /) -> A | None: ...
    def next_bot_action(self, state: S, rng: random.Random, /) -> A | None: ...
    def play_bot_game(self, players: int, seed: int, /) -> BotGameShape[S, D, A]: ...


class MemoryShape(Protocol):
    def observe(self, events: tuple[Event, ...], /) -> None:
        """Remember what the table just saw (public events only)."""


class GameStrategy(Protocol[S_contra, A_co, M]):
    """The ``strategy`` part: a sensible bot that plays to win, for balance simulations and the
    table's sensible seats (default: the random bot, remembering nothing).

    It sees only what its seat may see (its seat view and the public events it ``observe``-d).
    """

    @property
    def TableMemory(self) -> Callable[[], M]: ...

    def sensible_action(
        self, state: S_contra, seat: int, rng: random.Random, memory: M, /
    ) -> A_co | None: ...


class ReplayReader(Protocol):
    """The ``replay`` part: the game's form of `jaccuse-table replay`'s file (``replay_frame``)."""

    @property
    def ReplayInputError(self) -> type[ValueError]:
        """Raised for a file that is not a game of this kind (the command exits 2)."""

    def replay(self, data: object, /) -> dict[str, Any]:
        """The answer to a parsed file (its ``game`` key already read): ``ok``, ``error``,
        ``applied`` and the game's ``replay_summary``; a refused action stops it with ``ok`` false."""

    def record(
        self, players: int, deal: dict[str, Any], campaign: dict[str, Any] | None,
        actions: Sequence[dict[str, Any]], start: Any, /,
    ) -> dict[str, Any]:
        """A journaled game as a file of this form (the HTTP contract's record): its ``game``, its
        options, its deal given in full (``deal`` and ``campaign`` in the journal's form, ``start`` the
        state they make) and its ``actions``, so that ``replay`` on it reaches the game's end."""

    def opened(self, data: object, /) -> tuple[Any, list[Any]]:
        """A parsed file's first state and its actions still raw (a record retold step by step);
        ``ReplayInputError`` for a file that is no game of this kind."""

    def read_action(self, state: Any, raw: object, /) -> Any:
        """One raw action of a file, read in the game ``state`` is of (the rules'
        ``ActionFormatError`` when it is malformed)."""


class Retelling(Protocol):
    """The ``retell`` part: what the retelling of a finished game marks among its steps
    (``retell_frame``). Step k is the game after its k-th accepted action (its ``version``); step 0
    is the deal. Both read only the rules' events and states, never the rules a second time."""

    def turning_point(self, events: Sequence[Event], /) -> str | None:
        """The kind of turning point one action's events make (``election``, ``accusation``,
        ``death``, ``end``...), or None for an ordinary step."""

    def decisive(self, events: Sequence[Sequence[Event]], final: Any, /) -> dict[int, str]:
        """The steps that decided the game (each with a word for what it did), from every action's
        events in order (``events[k - 1]`` are step k's) and the state the game ended in."""


class ReportShape(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class GameBalance(Protocol):
    """The ``balance`` part: `jaccuse-table simulate` for the game (``balance_frame``)."""

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
    """A game at the table: what the table loop needs of it beyond its rules. The table knows seats,
    pads, a shot clock, a log and one feed per seat; a game says what each of those means for it in
    its ``table_rules`` module, and ``table_adapter.TableAdapter`` fills in the rest with the defaults
    below. Every function is pure, like the rules themselves.
    """

    @property
    def GAME(self) -> str:
        """The game's name in the registry, the journal and the views (``Game.name``, always)."""

    @property
    def PAD_ACTS(self) -> tuple[str, ...]:
        """Acts that only a seat's pad makes on a table with pads (a phone sending one is refused).
        Default none."""

    @property
    def COALESCED_ACT(self) -> str | None:
        """An act a seat may repeat quickly (J'Accuse's vote): rate-limited per seat, and one that a
        later one of the same seat already queued replaces is not journaled. Default None: no such act."""

    def check_players(self, players: object, /) -> int:
        """``players`` when the game takes that many seats, else ValueError with one line (from
        ``Game.min_players`` and ``max_players``, always)."""

    def deal(
        self, players: int, options: dict[str, Any], rng: random.Random, /
    ) -> tuple[Any, dict[str, Any], dict[str, Any] | None]:
        """A new game from the table's options: the state, the journal's deal and its ``campaign``
        record (a J'Accuse campaign's later deals; None for everything else). Default: ``deal_cards``
        and ``new_game``, no options, no campaign."""

    def rebuild(self, players: int, deal: object, campaign: dict[str, Any] | None, /) -> Any:
        """The state right after a journaled deal (DealError or ValueError when it cannot be read).
        Default: ``Deal.from_dict`` and ``new_game``; a campaign is not this game's."""

    def options_of(self, state: Any, /) -> dict[str, Any]:
        """The options a "same again" deal keeps (J'Accuse: the campaign's length). Default none."""

    def parse_action(self, players: int, seat: int, data: object, /) -> Any:
        """A phone's action for ``seat`` at a table of ``players`` (read on the request's thread, so
        from the seat count only): ``ActionFormatError`` when malformed, ``SeatRefused`` when it names
        what the seat does not own. Default: ``Action.from_dict`` of the object with ``seat`` set."""

    def seat_of(self, state: Any, action: Any, /) -> int:
        """The seat an action is made for (who the log, the feed and the clock speak of). Default:
        the action's ``seat``."""

    def pad_action(self, state: Any, seat: int, button: str, /) -> Any | RefusedShape:
        """What a press of ``button`` on ``seat``'s pad does now: an action, or a refusal (the pad's
        light flashes). Default: a refusal, the game is played on the phones."""

    def forced_actions(self, state: Any, rng: random.Random, /) -> list[Any]:
        """The shot clock's moves when a decision runs out of time, legal when applied in order.
        Default: the random bot's move for each seat the game waits for, in turn."""

    def forced_lines(self, action: Any, seat: int, names: Sequence[str | None], /) -> tuple[str, str]:
        """The log line and the forced seat's feed line that mark a forced move. Default: "a random
        move was made"."""

    def log_lines(self, events: Sequence[Event], names: Sequence[str | None], /) -> list[str]:
        """The room's log lines for one action's events. Default: ``describe_events``."""

    def seat_feed(
        self, events: Sequence[Event], seat: int, names: Sequence[str | None], /
    ) -> list[str]:
        """The lines of one action's events that ``seat``'s phone lists (public facts only). Default:
        the room's log lines."""

    def pad_lights(self, public_view: dict[str, Any], players: int, /) -> dict[int, str]:
        """Each seat's pad light from the public view: ``off``, ``wait`` (blinks: a press is wanted)
        or ``on`` (steady). Default: steady for the seats the game waits for, else off."""


def _members(protocol: type) -> list[str]:
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls is Protocol or not getattr(cls, "_is_protocol", False):
            continue
        names |= {n for n in vars(cls) if not n.startswith("_")} | set(getattr(cls, "__annotations__", {}))
    return sorted(names)


def _wanted(protocol: type, name: str) -> Any:
    for cls in protocol.__mro__:
        if name in vars(cls):
            return vars(cls)[name]
    return None


def missing_members(module: object, protocol: type, *, optional: bool = False) -> list[str]:
    """What ``module`` lacks to have ``protocol``'s shape: absent names, and functions that cannot
    be called as the protocol calls them (its positional arguments and its keyword arguments).
    ``optional``: the protocol's members may be absent, but those present must fit."""
    problems: list[str] = []
    for name in _members(protocol):
        if not hasattr(module, name):
            if not optional:
                problems.append(f"{name}: missing")
            continue
        wanted = _wanted(protocol, name)
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
