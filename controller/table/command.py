"""What travels on the table's queue: a command, the reply its sender waits on, and the outcome.

Any thread builds a :class:`Command` and puts it on the queue; only the table loop's thread handles
it and sets its :class:`Reply`. An :class:`Outcome`'s ``status`` is the HTTP status the web layer
answers with. :class:`PadWaiters` are the replies the mock pad endpoint waits on: any thread adds and
drops one, the loop resolves them, all under one lock.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, TypeGuard


@dataclass(frozen=True)
class Outcome:
    """The answer to one command. ``status`` is the HTTP status it maps to."""

    ok: bool
    status: int = 200
    code: str = ""
    message: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def refused(cls, status: int, code: str, message: str) -> Outcome:
        return cls(ok=False, status=status, code=code, message=message)

    def error(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


DONE = Outcome(ok=True)
UNKNOWN_SEAT = Outcome.refused(404, "unknown_seat", "there is no such seat")
SUPERSEDED = Outcome.refused(
    409, "superseded", "a newer vote of this seat, sent at the same moment, replaced this one"
)
TOO_FAST = Outcome.refused(
    429, "too_fast", "this seat is changing its vote too fast; wait a moment and choose again"
)
TOO_FAST_RENAME = Outcome.refused(429, "too_fast", "this seat is changing its name too fast; wait a moment")
STOPPING = Outcome.refused(503, "stopping", "the table is shutting down")


def not_saved(what: str) -> Outcome:
    """The refusal of a change the journal could not take (a full disk): nothing changed, try again."""
    return Outcome.refused(503, "journal_unavailable", f"{what} could not be saved; try again")


def is_seat(seat: object, players: int) -> TypeGuard[int]:
    """``seat`` is a seat number of a table of ``players`` (a host's value may be anything)."""
    return isinstance(seat, int) and 0 <= seat < players


class Reply:
    """A one-shot answer slot the sender waits on."""

    __slots__ = ("_event", "outcome")

    def __init__(self) -> None:
        self._event = threading.Event()
        self.outcome: Outcome | None = None

    def set(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self._event.set()

    def wait(self, timeout: float | None) -> Outcome | None:
        self._event.wait(timeout)
        return self.outcome


@dataclass
class Command:
    """One input for the loop; ``kind`` picks its handler (the loop's table of handlers)."""

    kind: str  # act | pad | bot | clock | join | release | rename | host | retell | new_game | notice | stop
    seat: int = -1
    payload: Any = None
    source: str = "phone"
    reply: Reply | None = None
    game: int | None = None  # act: the game number the action was read for (None: the current one)


class PadWaiters:
    """Replies resolved by the next pad command for a (seat, button): the mock pad endpoint's wait."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[tuple[int, str], list[Reply]] = {}

    def add(self, seat: int, button: str) -> Reply:
        """Any thread: a reply the next press of (seat, button) answers."""
        reply = Reply()
        with self._lock:
            self._waiting.setdefault((seat, button), []).append(reply)
        return reply

    def drop(self, seat: int, button: str, reply: Reply) -> None:
        """Any thread: stop waiting (the request timed out)."""
        with self._lock:
            waiters = self._waiting.get((seat, button), [])
            if reply in waiters:
                waiters.remove(reply)

    def resolve(self, seat: int, button: str, outcome: Outcome) -> None:
        """The loop thread: answer everyone waiting on this press."""
        with self._lock:
            waiters = self._waiting.pop((seat, button), [])
        for reply in waiters:
            reply.set(outcome)
