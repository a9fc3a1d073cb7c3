"""What every game's package would otherwise write again: written once here, named by no game.

A game's package builds from these pieces: its engine's outcome (``Accepted``, ``Refused``, and
``Refusal``, the exception a handler raises to refuse) and its input errors, the equality of its
slotted state, a whole game of bots (``play_out``), the small parts of its table adapter
(``shape.TableRules``) that do not depend on the game, and the reading of an action's form. Like the
rules, everything here is pure.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Self, TypeGuard, TypeVar, cast

from controller.games.shape import AcceptedShape, RefusedShape, StateShape

Event = dict[str, Any]
S = TypeVar("S")
A = TypeVar("A")
D = TypeVar("D")
T = TypeVar("T")
P = TypeVar("P", bound=StateShape)


# -- a bot's memory of what the table saw -------------------------------------------------------------
@dataclass
class ShownColours:
    """What each seat (or army) has shown face up, counted red and black: the public facts a sensible
    bot remembers. A game's memory adds how it reads its events (``observe``) and what it concludes."""

    shown: dict[int, Counter[str]] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A copy to play a line out with (the strong bot copies one per play-out)."""
        return type(self)({who: Counter(tally) for who, tally in self.shown.items()})

    def saw(self, who: int, colour: str) -> None:
        self.shown.setdefault(who, Counter())[colour] += 1

    def tally(self, who: int) -> Counter[str]:
        return self.shown.get(who, Counter())


# -- the engine's outcome ----------------------------------------------------------------------------
class Accepted(Generic[S]):
    """An accepted action: the new state and the public events it caused."""

    __slots__ = ("events", "state")

    # written out: one is made per action
    def __init__(self, state: S, events: tuple[Event, ...]) -> None:
        self.state = state
        self.events = events

    def __repr__(self) -> str:
        return f"Accepted({self.state!r}, {self.events!r})"


@dataclass(frozen=True, slots=True)
class Refused:
    """A refused action: a short fixed ``code`` for programs and a sentence for people."""

    code: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class ActionFormatError(ValueError):
    """Not an action of the game (the default of a game that names no error of its own)."""


class DealError(ValueError):
    """Not a deal of the game (the default of a game that names no error of its own)."""


class Refusal(Exception):
    """Raised by a rule handler, before it changes anything, to refuse the action; ``apply`` turns it
    into the ``Refused`` it returns."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def refused(self) -> Refused:
        return Refused(self.code, self.message)


@dataclass(frozen=True, slots=True)
class SeededDeal:
    """The deal of a game that writes none: one number, drawn from the table's RNG, which the game's
    ``new_game`` shuffles with (``random.Random(deal.seed)``), so the journal replays it exactly."""

    players: int
    seed: int

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed}

    @classmethod
    def from_dict(cls, players: int, data: object) -> SeededDeal:
        if not isinstance(data, dict) or not is_int(data.get("seed")):
            raise DealError("a deal is {\"seed\": a whole number}")
        return cls(players, data["seed"])

    @classmethod
    def draw(cls, players: int, rng: random.Random) -> SeededDeal:
        return cls(players, rng.getrandbits(32))


@dataclass(frozen=True, slots=True)
class BotGame(Generic[D, S, A]):
    """A whole game played by bots: its deal, every action, and the state it ended in."""

    deal: D
    actions: tuple[A, ...]
    final: S


def play_out(
    deal: D, state: P, choose: Callable[[P, random.Random], A | None], rng: random.Random,
    apply: Callable[[P, A], AcceptedShape[P] | RefusedShape], max_actions: int,
    refused: type[RefusedShape] = Refused,
) -> BotGame[D, P, A]:
    """``state`` played on with the actions ``choose`` picks with ``rng`` until the game is over,
    ``choose`` has none, or ``max_actions`` (only a guard); a refused one (a ``refused``) is a bug of
    the bot (AssertionError)."""
    log: list[A] = []
    while not state.over and len(log) < max_actions:
        action = choose(state, rng)
        if action is None:
            break
        result = apply(state, action)
        if isinstance(result, refused):
            raise AssertionError(f"the bot chose a refused move {action}: {result}")
        state = cast("AcceptedShape[P]", result).state
        log.append(action)
    return BotGame(deal, tuple(log), state)


# -- the state ---------------------------------------------------------------------------------------
class SlottedValue:
    """A state held in ``__slots__``: equal to another of its class when every slot is equal, and not
    hashable (it is a value, but one that a handler's copy is built up in)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _slots(type(self)))

    __hash__ = None  # type: ignore[assignment]


def _slots(cls: type) -> tuple[str, ...]:
    names: tuple[str, ...] = getattr(cls, "__slots__", ())
    return names


# -- the views --------------------------------------------------------------------------------------
def seat_frame(
    state: P, seat: int, table: dict[str, Any] | None, legal_moves: Callable[[P, int], list[dict[str, Any]]],
    public_view: Callable[[P], dict[str, Any]], private: Callable[[P, int], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A seat's view as every game frames it: the seat, what only it sees (``private``), its acts and
    ``moves``, and the public view under ``table`` (the one given, else made anew); ValueError for a
    seat not at the table."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} at a table of {state.players}")
    moves = legal_moves(state, seat)
    return {"seat": seat, **(private(state, seat) if private else {}), "acts": [m["act"] for m in moves],
            "moves": moves, "table": public_view(state) if table is None else table}


# -- the table adapter -------------------------------------------------------------------------------
def name_at(names: Sequence[str | None], seat: int) -> str | None:
    """The table's name for ``seat``, or None when it has none (or the list is short)."""
    return names[seat] if 0 <= seat < len(names) else None


def who(names: Sequence[str | None], seat: int) -> str:
    """How a log line names a seat: "Ann (seat 2)", or "seat 2" when it has no name."""
    name = name_at(names, seat)
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def seats_problem(game: str, lowest: int, highest: int, players: object) -> str | None:
    """Why ``game`` cannot be dealt for ``players`` seats (one line), or None when it can."""
    if isinstance(players, int) and not isinstance(players, bool) and lowest <= players <= highest:
        return None
    return f"{game} takes {lowest} to {highest} players, not {players!r}"


def lines_about(
    events: Sequence[Event], concerns: Callable[[Event], bool], describe: Callable[[Event], str | None]
) -> list[str]:
    """The log's lines of the events a seat's feed shows (those it ``concerns``)."""
    lines = []
    for event in events:
        if concerns(event):
            line = describe(event)
            if line:
                lines.append(line)
    return lines


def dark_pads(players: int) -> dict[int, str]:
    """Every seat's pad light off, for ``pad_lights`` to light some of."""
    return {seat: "off" for seat in range(players)}


# -- the action's form --------------------------------------------------------------------------------
def is_int(value: object) -> TypeGuard[int]:
    """An integer of the JSON form (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_act(
    data: object, acts: Container[str], error: type[ValueError], known: str = ""
) -> tuple[dict[str, Any], str]:
    """An action's dict form and its ``act``, one of ``acts`` (else ``error``; ``known`` ends the
    message for an unknown act)."""
    if not isinstance(data, dict):
        raise error("an action must be a JSON object")
    act = data.get("act")
    if not isinstance(act, str):
        raise error("an action needs an 'act' string")
    if act not in acts:
        raise error(f"unknown act {act!r}{known}")
    return data, act
