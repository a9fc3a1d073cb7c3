"""The game dealt now, as the table loop holds it: its state, its rules, and what the table told of it.

A :class:`Dealt` is the loop thread's alone (built before the loop starts, or by the loop itself for a
new deal): the state never leaves it but through the published snapshots. Its :class:`Chronicle` is
the room's log, each seat's own feed and who made each seat's latest move, told the same way when an
action is accepted and when the journal is replayed at start, so a resumed game reads as it did.
"""

from __future__ import annotations

import traceback
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

from controller.games import registry
from controller.games.rules import Rules
from controller.games.shape import AcceptedShape, Event, RefusedShape, TableRules
from controller.i18n import Sayer, said_json
from controller.table.hesitation import Hesitations

LOG_LINES: Final = 30
FEED_LINES: Final = 8  # per seat: the newest lines of its personal feed
TABLE_FEED: Final = 6  # per seat view: the newest public log lines (the phone's table feed)

msg = Sayer("controller")  # the table's own lines (controller/locale)
Line = tuple[int, str]  # (the version it was told at, the text)


class Chronicle:
    """The room's log, each seat's feed (newest last) and who made each seat's latest move."""

    def __init__(
        self,
        players: int,
        log: Iterable[Line] = (),
        feeds: Sequence[Iterable[Line]] | None = None,
        last_by: dict[int, str] | None = None,
    ) -> None:
        self.log: deque[Line] = deque(log, maxlen=LOG_LINES)
        self.feeds = [deque(f, maxlen=FEED_LINES) for f in (feeds or [() for _ in range(players)])]
        self.last_by: dict[int, str] = dict(last_by or {})  # seat -> who made its latest move

    def say(self, version: int, line: str) -> None:
        """A line of the table's own (a seat released, a new game) in the room's log."""
        self.log.append((version, line))

    def tell(
        self,
        adapter: TableRules,
        state: Any,
        events: Sequence[Event],
        action: Any,
        source: str,
        labels: Sequence[str | None],
        version: int,
    ) -> None:
        """Add one accepted action's lines to the room's log and to each seat's own feed.

        Lines told at one version belong together: the phone shows them as one entry, in the order
        told here, so a forced move reads "Time ran out: ... You placed ..." and a bot's move for a
        seat a person takes later opens with who made it.
        """
        try:
            seat = adapter.seat_of(state, action)
            self.last_by[seat] = source
            if source == "clock":
                line, feed_line = adapter.forced_lines(action, seat, labels)
                self.log.append((version, line))
                self.feeds[seat].append((version, feed_line))
            self.log.extend((version, line) for line in adapter.log_lines(events, labels))
            for other, feed in enumerate(self.feeds):
                lines = adapter.seat_feed(events, other, labels)
                if lines and other == seat and source == "bot":
                    lines = [msg("The bot moved for your seat:"), *lines]
                feed.extend((version, line) for line in lines)
        except Exception:  # a log line must never cost an action
            traceback.print_exc()

    def feed_view(self, seat: int) -> list[dict[str, Any]]:
        """A seat's own feed as its view shows it, newest first."""
        return [_line(v, text) for v, text in reversed(self.feeds[seat])]

    def table_feed_view(self, seat: int) -> list[dict[str, Any]]:
        """The room's newest lines, newest first; ``you``: an action of that moment also told this seat
        something (its own feed has a line of the same version)."""
        mine = {v for v, _ in self.feeds[seat]}
        newest = list(self.log)[-TABLE_FEED:][::-1]
        return [{**_line(v, text), "you": v in mine} for v, text in newest]


def _line(version: int, text: str) -> dict[str, Any]:
    """A line as a view shows it: its version, its English text, and the message a page says again in
    its own language (``said``: only for a line written as one, controller.i18n.Said)."""
    said = said_json(text)
    return {"version": version, "text": text, "said": said} if said else {"version": version, "text": text}


class Dealt:
    """One deal of one game: its name, rules and table adapter (from the registry), its state, its
    number at this table (1 for the first game, +1 each new deal), its chronicle, the re-selections the
    public version leaves out, and each seat's refused pad presses."""

    def __init__(
        self,
        name: str,
        state: Any,
        number: int,
        chronicle: Chronicle | None = None,
        hesitations: Hesitations | None = None,
    ) -> None:
        self.name = name
        self.rules: Rules[Any, Any, Any] = registry.rules(name)
        self.adapter: TableRules = registry.table_rules(name)
        self.state = state
        self.number = number
        self.chronicle = chronicle or Chronicle(state.players)
        self.hesitations = hesitations or Hesitations(self.adapter.COALESCED_ACT, self.public_view())
        self.pad_refusals = [0] * state.players

    @property
    def players(self) -> int:
        return int(self.state.players)

    def public_view(self, state: Any = None) -> dict[str, Any]:
        """The rules' public view of the state (or of ``state``, one an action would make)."""
        return self.rules.public_view(self.state if state is None else state)

    def apply(self, action: Any) -> AcceptedShape[Any] | RefusedShape:
        """What the rules say to ``action`` on the state (the state itself is not changed)."""
        return self.rules.apply(self.state, action)


def accepted(result: AcceptedShape[Any] | RefusedShape) -> AcceptedShape[Any]:
    """A result the caller has found is no refusal (the rules' two shapes are protocols: no narrowing)."""
    return cast(AcceptedShape[Any], result)
