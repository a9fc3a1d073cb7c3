"""What every game's package would otherwise write again: written once here, named by no game.

A game's package builds from these pieces: its engine's outcome (``Accepted``, ``Refused``, and
``Refusal``, the exception a handler raises to refuse), the equality of its slotted state, the small
parts of its table adapter (``shape.TableRules``) that do not depend on the game, and the frame of its
replay reader (``shape.ReplayReader``). Like the rules, everything here is pure.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeGuard, TypeVar

from controller.games.shape import StateShape

Event = dict[str, Any]
S = TypeVar("S")
A = TypeVar("A")
D = TypeVar("D")
T = TypeVar("T")
P = TypeVar("P", bound=StateShape)


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
class BotGame(Generic[D, S, A]):
    """A whole game played by bots: its deal, every action, and the state it ended in."""

    deal: D
    actions: tuple[A, ...]
    final: S


def play_out(
    deal: D, state: P, choose: Callable[[P, random.Random], A | None], rng: random.Random,
    apply: Callable[[P, A], Accepted[P] | Refused], max_actions: int,
) -> BotGame[D, P, A]:
    """``state`` played on with the actions ``choose`` picks with ``rng`` until the game is over,
    ``choose`` has none, or ``max_actions`` (only a guard); a refused one is a bug of the bot
    (AssertionError)."""
    log: list[A] = []
    while not state.over and len(log) < max_actions:
        action = choose(state, rng)
        if action is None:
            break
        result = apply(state, action)
        if not isinstance(result, Accepted):
            raise AssertionError(f"the bot chose a refused move {action}: {result}")
        state = result.state
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


# -- the table adapter -------------------------------------------------------------------------------
def one_game(state: S, deal: Any) -> tuple[S, dict[str, Any], None]:
    """``deal``'s answer for a game with no campaign: the state, the journal's deal, no record."""
    return state, deal.to_dict(), None


def no_campaign(title: str, campaign: dict[str, Any] | None) -> None:
    """``rebuild``'s check for a game that has no campaign (a journal that has one is not this game's)."""
    if campaign is not None:
        raise ValueError(f"a {title} game has no campaign")


def name_at(names: Sequence[str | None], seat: int) -> str | None:
    """The table's name for ``seat``, or None when it has none (or the list is short)."""
    return names[seat] if 0 <= seat < len(names) else None


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


# -- the action's and the replay file's forms ---------------------------------------------------------
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


# -- the replay reader -------------------------------------------------------------------------------


def read_head(
    data: object, versions: tuple[int, ...], title: str, error: type[ValueError]
) -> dict[str, Any]:
    """The file as an object, once its version is one the reader knows and it names its ``players``;
    else ``error``, the reader's ``ReplayInputError``."""
    if not isinstance(data, dict):
        raise error("the file must hold one JSON object")
    version = data.get("version", 1)
    if not is_int(version) or version not in versions:
        shown = " or ".join(str(v) for v in versions)
        raise error(f"unsupported version {version!r}; {title} files are version {shown}")
    if "players" not in data:
        raise error("missing 'players'")
    return data


def actions_of(data: dict[str, Any], error: type[ValueError]) -> list[Any]:
    """The file's ``actions``, still raw."""
    if "actions" not in data:
        raise error("missing 'actions'")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise error("'actions' must be a list")
    return actions


def read_actions(
    raw_actions: list[Any], parse: Callable[[Any], T], malformed: type[ValueError], error: type[ValueError]
) -> Iterator[T]:
    """Each action parsed only when it is reached, so nothing after a refusal is examined; one that
    ``parse`` finds ``malformed`` is the file's ``error``, with its index."""
    for index, raw in enumerate(raw_actions):
        try:
            yield parse(raw)
        except malformed as exc:
            raise error(f"action {index}: {exc}") from None
