"""What readers see of the table: immutable snapshots, and the one place they are handed out.

Readers (HTTP handlers, the live streams, the OLED and LED feeder) never see the live state: after
every change the loop thread builds a :class:`Snapshot` (:func:`build`: the public view, every seat's
private view, seat claims, box status) and hands it to the :class:`Publisher`, which wakes anyone in
:meth:`Publisher.wait_for_change` and calls each listener. A waiter only ever picks up the newest
snapshot, so a slow or dead consumer skips stale views instead of holding up the loop: the loop's only
dealings with consumers are a ``notify_all`` under a lock nobody holds for long, and a call to each
listener (the web server's broadcaster uses one to wake its event loop; a listener must return at once).

Threads: :func:`build` and :meth:`Publisher.publish` run on the loop thread (or before it starts);
everything else of the publisher on any thread.
"""

from __future__ import annotations

import dataclasses
import hmac
import threading
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from controller.games import registry
from controller.table import evening
from controller.table.dealt import Dealt
from controller.table.seating import hash_token
from controller.table.seats import Seats
from controller.table.shotclock import ShotClock

#: what the table adds to the rules' public view, and to each seat's private view
TABLE_KEYS = ("names", "clock", "seats_locked", "join_code_needed", "game", "bots", "play_again", "evening")
SEAT_KEYS = ("name", "feed", "pad_refusals", "table_feed", "last_move_by")


@dataclass(frozen=True)
class Snapshot:
    """Everything readers may see, as of one moment. Treat every value as read-only."""

    serial: int  # rises on every published change (action, seat claim, status line)
    version: int  # the number of accepted actions
    public: dict[str, Any]
    seats: tuple[dict[str, Any], ...]  # private view per seat
    claimed: tuple[str | None, ...]  # per seat: None, "phone" or "bot"
    status: tuple[str, ...]
    log: tuple[str, ...]
    game: int = 1  # 1 for the table's first game, +1 each time the host starts a new one
    pad_refusals: tuple[int, ...] = ()  # per seat: refused pad presses so far (for the LED flash)
    claims: int = 0  # rises whenever a seat is claimed or released (a token starts or stops working)
    closed: bool = False
    notices: tuple[str, ...] = ()  # keys of the passing faults in ``status`` (CANNOT_SAVE, "hub")
    names: tuple[str | None, ...] = ()  # per seat (also in ``public["names"]``)
    # the host's join code: never in a view; for the OLED, the box's own screen and the host page only
    join_code: str | None = None
    seats_locked: bool = False
    multi_seat: bool = False  # the host lets one device hold more than one seat
    language: str | None = None  # the box's language as the host chose it (None: the config's)
    handed_over: frozenset[int] = frozenset()  # bot seats the host handed to a person
    bot_seats: frozenset[int] = frozenset()  # the seats the bots play (journaled: a restart keeps them)
    bot_levels: tuple[str | None, ...] = ()  # per seat: who plays it when a bot does (bots.LEVELS)
    # who takes the seats a bigger deal adds (NEW_SEATS): the host's last choice, else bots where bots play
    new_seats: str = "free"
    # when (the box's wall clock) and of which game the start-up lines of ``status`` were said: a page
    # shows them while they are fresh and still about the game dealt, not again on every reload
    said_at: float = 0.0
    said_game: int = 1
    game_name: str = registry.DEFAULT_GAME  # which game is dealt (also ``public["game"]``)
    # ``version`` less the seats' re-selections, for what shows off the phones (the OLED's frames and
    # their X-Frame-Version): a seat's second thoughts change nothing there (controller.table.hesitation)
    public_version: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)


def rules_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what the table adds to it: exactly the rules core's view (tests compare the two)."""
    out = {k: v for k, v in view.items() if k not in TABLE_KEYS and k not in SEAT_KEYS}
    if isinstance(out.get("table"), dict):
        out["table"] = rules_part(out["table"])
    return out


def build(
    serial: int,
    dealt: Dealt,
    seats: Seats,
    levels: tuple[str | None, ...],
    clock: ShotClock,
    tonight: Sequence[dict[str, Any]],
    status: Sequence[str],
    notices: Mapping[str, str],
    said: tuple[float, int],
) -> Snapshot:
    """The snapshot of this moment (loop thread): the rules' views with the table's data beside them
    (see TABLE_KEYS and SEAT_KEYS), the seats, the bots' ``levels``, the evening ``tonight`` so far,
    the status lines and passing ``notices``, and when and of which game the start's lines were ``said``.
    """
    state, rules, chronicle = dealt.state, dealt.rules, dealt.chronicle
    public = rules.public_view(state)
    public["game"] = dealt.name
    public["names"] = list(seats.names)
    public["clock"] = clock.view()
    public["seats_locked"] = seats.locked
    public["join_code_needed"] = seats.join_code is not None
    public["bots"] = sorted(s for s in seats.bots if seats.is_bot(s))
    public["evening"] = {"games": list(tonight[-12:]), "tally": evening.tally(tonight)}
    # the ready check for another game: who asked, and which seated people have not yet
    public["play_again"] = {
        "ready": sorted(seats.ready),
        "waiting": [s for s in seats.phones() if s not in seats.ready],
    } if state.over else None
    views = []
    for s in range(state.players):
        view = rules.seat_view(state, s, public)
        view["table"] = public
        view["name"] = seats.names[s]
        view["feed"] = chronicle.feed_view(s)
        view["table_feed"] = chronicle.table_feed_view(s)
        view["last_move_by"] = chronicle.last_by.get(s)
        view["pad_refusals"] = dealt.pad_refusals[s]
        views.append(view)
    return Snapshot(
        serial=serial,
        version=state.version,
        public=public,
        seats=tuple(views),
        claimed=seats.claimed(),
        status=(*status, *notices.values()),
        notices=tuple(notices),
        log=tuple(line for _, line in chronicle.log),
        game=dealt.number,
        pad_refusals=tuple(dealt.pad_refusals),
        claims=seats.claims,
        names=tuple(seats.names),
        join_code=seats.join_code,
        seats_locked=seats.locked,
        multi_seat=seats.multi_seat,
        language=seats.language,
        handed_over=seats.handed,
        bot_seats=frozenset(seats.bots),
        bot_levels=levels,
        new_seats=seats.new_seats(),
        said_at=said[0],
        said_game=said[1],
        game_name=dealt.name,
        public_version=dealt.hesitations.public_version(state.version),
    )


class Publisher:
    """The newest snapshot and the seat tokens' hashes: published by the loop, read by any thread."""

    def __init__(self, first: Snapshot, hashes: tuple[tuple[int, str], ...]) -> None:
        self._cond = threading.Condition()
        self._snapshot = first
        self._hashes = hashes
        self._listeners: list[Callable[[], object]] = []
        self._closed = False

    @property
    def current(self) -> Snapshot:
        return self._snapshot

    @property
    def closed(self) -> bool:
        return self._closed

    def publish(self, snapshot: Snapshot, hashes: tuple[tuple[int, str], ...]) -> None:
        """The loop thread: the new snapshot (and the seats' token hashes) for everyone."""
        with self._cond:
            self._snapshot = snapshot
            self._hashes = hashes
            self._cond.notify_all()
        self._tell_listeners()

    def close(self) -> None:
        """The table stopped: one last snapshot, marked closed, wakes every waiter (once)."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            last = self._snapshot
            self._snapshot = dataclasses.replace(last, serial=last.serial + 1, closed=True)
            self._cond.notify_all()
        self._tell_listeners()

    def _tell_listeners(self) -> None:
        for listener in self._listeners:
            try:
                listener()
            except Exception:  # a consumer's fault must never cost the game
                traceback.print_exc()

    def wait_for_change(self, after_serial: int, timeout: float | None) -> Snapshot:
        """Return the newest snapshot once its serial is past ``after_serial`` (or on timeout/close)."""
        with self._cond:
            self._cond.wait_for(lambda: self._snapshot.serial > after_serial or self._closed, timeout)
            return self._snapshot

    def add_listener(self, listener: Callable[[], object]) -> None:
        """Call ``listener()`` after every published change (and once on close), from the loop thread."""
        self._listeners.append(listener)

    def authenticate(self, token: str | None) -> int | None:
        """The seat a token belongs to, or None. Compares against every claim in constant time."""
        if not token or len(token) > 512:
            return None
        candidate = hash_token(token)
        found = None
        for seat, token_hash in self._hashes:
            if hmac.compare_digest(candidate, token_hash):
                found = seat
        return found
