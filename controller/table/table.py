"""The table: one game, one command queue, one loop thread that is the only writer.

Every input -- a phone's request, a pad press, a bot's move, a timer -- becomes a command on a single
queue. The loop thread takes commands one at a time, applies them with the pure rules core, journals
each accepted action (one committed transaction) and only then answers the sender and publishes the new
views. No other thread ever touches the game state.

Readers (HTTP handlers, SSE streams, the OLED and LED feeder) never see the live state either: after
every change the loop publishes an immutable :class:`Snapshot` (public view, every seat's private view,
seat claims, box status) and wakes anyone waiting in :meth:`Table.wait_for_change`. A waiter only ever
picks up the newest snapshot, so a slow or dead consumer skips stale views instead of holding up the
loop: the loop's only interaction with consumers is a ``notify_all`` under a lock nobody holds for long,
and a call to each listener registered with :meth:`Table.add_listener` (the web server's broadcaster
uses it to wake its event loop; a listener must return at once).

Vote flipping is kept cheap (a selection can be changed as often as a player likes, and each change is
an action): a change of an already selected vote is rate-limited per seat before it is queued (429),
and a vote that a later vote of the same seat, already queued behind it, replaces is answered 409
``superseded`` instead of being journaled, so a burst becomes one journal row.

The loop knows no game: it drives the game it was dealt through the game's rules package (the
``GameRules`` shape) and its table adapter (``TableRules``: dealing, a phone's action for a seat, what a
pad press means, the shot clock's forced moves, log lines and feeds), both looked up by name in
:mod:`controller.games.registry`. The journal records the game's name, so a game resumes as what it is.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import queue
import random
import secrets
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller.games import registry
from controller.games.shape import TableRules
from controller.table import evening, kept, retelling, seating, traces, wording
from controller.table.bots import CLOCK_MARGIN, LEVELS, MAX_WALL_SECONDS, THINK_SECONDS, BotMove, Job, Thinker
from controller.table.hesitation import Hesitations
from controller.table.journal import (
    FILENAME,
    CorruptJournal,
    GameRecord,
    Journal,
    JournalError,
    JournalUnavailable,
    disk_full,
    move_aside,
    unavailable,
)
from controller.table.ratelimit import TokenBucket
from controller.table.shotclock import ShotClock, check_seconds

#: the two buttons of a seat's pad (in J'Accuse they are the votes of the same names)
PADS_DECIDE = ("reveal", "abstain")
LOG_LINES = 30
FEED_LINES = 8  # per seat: the newest lines of its personal feed
TABLE_FEED = 6  # per seat view: the newest public log lines (the phone's table feed)
#: seconds between tries to write the journal again after a write failed (a full disk)
PROBE_EVERY = 5.0
#: the notice key of a journal that cannot be written (the OLED and the pages show it)
CANNOT_SAVE = "journal"
#: how the status line starts when a saved move did not read back at start-up (the OLED says MOVE LOST)
MOVE_LOST = "move lost"
#: the status line of a damaged journal set aside for a new game (the OLED says JOURNAL SET ASIDE)
SET_ASIDE = "journal recovered"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class TableConfig:
    """How a table is set up; ``pads`` names who presses reveal/abstain: ``phone`` or a pad driver."""

    data_dir: Path
    players: int = 6
    # which game a new deal starts (a registry name); a journaled game resumes as what it is
    game: str = registry.DEFAULT_GAME
    pads: str = "phone"
    bots: int = 0
    seed: int | None = None
    # 0: single games; an even number from 2 to 8: every game is a campaign of that many generations
    campaign: int = 0
    # the game's table options on for a new deal (``Game.table_options``; a resumed game keeps its own)
    options: tuple[str, ...] = ()
    bot_delay: float = 0.8
    # who plays a bot seat unless the host chose otherwise for it (``bots.LEVELS``); ``run`` passes
    # "strong", its default; tables built in code keep the rules' random bot unless they ask
    bot_level: str = "random"
    # the strong bot's CPU seconds per decision
    bot_think: float = THINK_SECONDS
    # Called from the loop thread every ``watchdog_every`` seconds: a ping that proves the loop itself is
    # alive (systemd's watchdog restarts the box when it stops), not merely the process.
    watchdog: Callable[[], object] | None = None
    watchdog_every: float = 10.0
    # ``run --new-game``: archive the journal in the data dir (renamed, never deleted) and deal anew
    new_game: bool = False
    # what the command line asked for explicitly (``--game``, ``--players``, ``--campaign``): a journal
    # holding another game is then not resumed (``open`` raises GameMismatch); what was not asked for is
    # taken from the journal, with a note
    require_match: frozenset[str] = frozenset()
    # ``--bots`` was on the command line: its seats replace the ones the journal recorded (else a resumed
    # game keeps the journal's bot seats, and ``bots`` only sets up a new journal)
    bots_asked: bool = False
    # A seat may change an already selected vote this often per second on average, in bursts of up to
    # ``vote_change_burst`` (0: no limit). The first selection of a round is never counted.
    vote_changes_per_second: float = 4.0
    vote_change_burst: int = 8


class GameMissing(JournalUnavailable):
    """The data dir shows a game was kept there but holds no readable one; the message says what to do."""


class GameMismatch(JournalError):
    """The journal holds a game the flags do not describe; the message says what to do, in one line."""


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


SUPERSEDED = Outcome.refused(
    409, "superseded", "a newer vote of this seat, sent at the same moment, replaced this one"
)
TOO_FAST = Outcome.refused(
    429, "too_fast", "this seat is changing its vote too fast; wait a moment and choose again"
)
TOO_FAST_RENAME = Outcome.refused(429, "too_fast", "this seat is changing its name too fast; wait a moment")


class _Reply:
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
class _Command:
    kind: str  # act | pad | bot | clock | join | release | rename | host | new_game | notice | stop
    seat: int = -1
    payload: Any = None
    source: str = "phone"
    reply: _Reply | None = None
    game: int | None = None  # act: the game number the action was read for (None: the current one)


class Table:
    """One running game. Build with :meth:`open`, then :meth:`start`; stop with :meth:`stop`."""

    def __init__(
        self,
        config: TableConfig,
        journal: Journal,
        state: Any,
        seats: dict[int, tuple[str, str]],
        status: list[str],
        log: list[tuple[int, str]],
        settings: dict[str, str] | None = None,
        feeds: list[list[tuple[int, str]]] | None = None,
        game: str = registry.DEFAULT_GAME,
        hesitations: Hesitations | None = None,
        last_by: dict[int, str] | None = None,
        history: list[Any] | None = None,
    ) -> None:
        self.config = config
        self.game_name = game
        self._rules = registry.rules(game)  # loop thread only, like the state it belongs to
        self._adapter: TableRules = registry.table_rules(game)
        self.players = state.players
        self._journal = journal
        self._state = state  # loop thread only (and the constructor)
        self._seats = dict(seats)  # loop thread only: seat -> (token_hash, kind)
        self._queue: queue.Queue[_Command] = queue.Queue()
        self._backlog: deque[_Command] = deque()  # loop thread only: drained from the queue, in order
        self._listeners: list[Callable[[], object]] = []
        self._buckets: dict[int, TokenBucket] = {}
        self._bucket_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._cond = threading.Condition()
        self._status = list(status)
        self._notices: dict[str, str] = {}  # faults that last only while they last (hub unplugged)
        self._probe_due: float | None = None  # while the journal cannot be written: when to try again
        # (the version it was told at, the line): the room's log, and each phone's table feed
        self._log: deque[tuple[int, str]] = deque(log, maxlen=LOG_LINES)
        self._last_by: dict[int, str] = dict(last_by or {})  # seat -> who made its latest move
        settings = settings or {}
        self._names = seating.names_from_settings(settings, self.players)
        self._feeds = [deque(f, maxlen=FEED_LINES) for f in (feeds or [[] for _ in range(self.players)])]
        self._clock = ShotClock.from_settings(settings)
        self._clock_retry: float | None = None  # after a failed forced move, when to try again
        self._join_code: str | None = settings.get("join_code") or None
        self._locked = settings.get("seats_locked") == "1"
        self._multi_seat = settings.get("multi_seat") == "1"  # the host lets one device take more seats
        self._released: frozenset[int] = frozenset()  # seats the host released during this game
        self._renames: dict[int, TokenBucket] = {}  # per seat, like vote changes (under _bucket_lock)
        # seat -> the address its phone joined from (one device, one seat)
        self._devices: dict[int, str | None] = {
            s: settings.get(f"device:{s}") for s in range(self.players) if settings.get(f"device:{s}")
        }
        self._handed = frozenset(s for s in range(self.players) if settings.get(f"human:{s}") == "1")
        self._serial = 0
        self._claims = 0
        self._token_hashes: tuple[tuple[int, str], ...] = ()
        self._pad_waiters: dict[tuple[int, str], list[_Reply]] = {}
        self._pad_lock = threading.Lock()
        self._pad_refusals = [0] * self.players
        self._game = journal.games_played() + 1
        self._said_at, self._said_game = time.time(), self._game  # what the start found, said now
        self._bot_rng = random.Random(config.seed)
        recorded = _recorded_bots(settings, self.players)
        configured = _bot_seats(config.bots, self.players) - self._handed
        self._bot_seats = configured if recorded is None else recorded
        # seats that asked to play again once the game is over (journaled: a restart keeps the ready check)
        self._ready: set[int] = _recorded_ready(settings, self._game) if state.over else set()
        self._ready &= {s for s, (_, kind) in self._seats.items() if kind == "phone"}
        self._evening = evening.load(settings)  # the games finished tonight (journaled: kept over restarts)
        self._bot_due: float | None = None
        # the room's retelling of a finished game (controller.table.retelling): not journaled
        self._retelling: dict[str, Any] | None = None
        # per seat, the host's choice of bot (journaled as ``bot_level:S``); else config.bot_level
        self._bot_levels = {s: settings[f"bot_level:{s}"] for s in range(self.players)
                            if settings.get(f"bot_level:{s}") in LEVELS}
        # who takes the seats a bigger deal adds: the host's last choice (journaled), else see _new_seats
        chosen = settings.get(NEW_SEATS_KEY)
        self._new_seats_chosen = chosen if chosen in NEW_SEATS else None
        # the bots' side of the game (loop thread only): every event so far, for the strong bot's
        # public history and the sensible bot's memory; the decision counter (a strong move thought
        # for an earlier decision is stale); the seats thinking, and the moves held until they are due
        self._history: list[Any] = list(history or [])
        self._memory: Any = None
        self._decision = 0
        self._thinking: dict[int, float] = {}  # seat -> when its move is due
        self._held: dict[int, tuple[BotMove, float]] = {}
        self._thinker: Thinker | None = None
        self._stopping = False
        # re-selections the public version leaves out (loop thread only)
        self._hesitations = hesitations or Hesitations(
            self._adapter.COALESCED_ACT, self._rules.public_view(state)
        )
        self._snapshot = self._build_snapshot()
        self._token_hashes = self._hashes()

    # ------------------------------------------------------------------ building
    @classmethod
    def open(cls, config: TableConfig) -> Table:
        """Open the journal in ``config.data_dir`` and rebuild the game from it, or start a new one.

        - A damaged journal (not a database, a failed integrity check, a game that cannot be read) is
          moved aside (never overwritten) and a new game starts; the status then reads "journal
          recovered".
        - A journal whose later actions no longer replay (an older build's rules, a hand edit) resumes
          at the last action that does; the rest is set aside inside the journal and one line says so.
        - A journal that cannot be used now (disk full, read-only, not this user's) is left as it is
          and :class:`JournalUnavailable` is raised, for the caller to stop with its one-line message.

        A journal of a different game or player count wins over ``config.game`` and ``config.players``
        (unless ``config.require_match`` names them: then :class:`GameMismatch`).
        """
        data_dir = Path(config.data_dir)
        path = data_dir / FILENAME
        status: list[str] = []
        found = cls._look(data_dir, path, config.new_game, status)
        journal = cls._open_journal(path, status) if path.exists() else None
        if journal is not None and journal.missing_tables:
            lost = ", ".join(journal.missing_tables)
            _say(f"journal {path} had lost its {lost} table(s), recreated empty"
                 + ("; every seat must be joined again" if "seats" in journal.missing_tables else ""))
            status.append(f"journal had lost its {lost} table(s)")
        log: list[tuple[int, str]] = []
        last_by: dict[int, str] = {}
        feeds: list[list[tuple[int, str]]] | None = None
        settings: dict[str, str] = {}
        state: Any = None
        game = registry.check_game(config.game)
        seats: dict[int, tuple[str, str]] = {}
        counted: list[Hesitations] = []
        history: list[Any] = []
        if journal is not None and journal.has_game():
            try:
                record = journal.load()
                _check_match(record, config, path, journal, lambda: _finished(cls._rebuild(record)[0]))
                state, log, feeds, last_by, stopped = cls._rebuild(record, counted, history)
                seats = {s: v for s, v in record.seats.items() if 0 <= s < record.players}
                settings = record.settings
                game = record.game
            except (CorruptJournal, ValueError) as exc:
                journal.close()
                aside = move_aside(path)
                _say(f"journal {path} could not be replayed ({exc}); moved to {aside.name}, new game")
                status.append("journal recovered")
                journal = None
                state = None
                counted.clear()
                history.clear()
                game = registry.check_game(config.game)
            else:
                if stopped is not None:
                    cls._set_aside_tail(journal, state.version, record.stored, stopped, status)
                # the flags that differ were not given (``_check_match`` refuses those that were): say
                # what is resumed, and name no flag the command line did not hold
                on = _options_on(record.game, state)
                asked = tuple(sorted(config.options)) if record.game == config.game else on
                if on != asked and "options" in config.require_match:
                    journal.close()
                    where = "finished" if _finished(state) else f"at move {len(record.actions)}"
                    raise GameMismatch(
                        f"{path} holds a {_describe(record, on)} ({where}), not one with "
                        f"{_options_words(asked)}: add --new-game to archive it and deal a new one, or leave"
                        " out --option to resume it"
                    )
                what = _describe(record, on)
                differs = record.game != config.game or record.players != config.players or (
                    _generations(record) != config.campaign and record.game == config.game
                ) or on != asked
                if differs:
                    _say(f"the data dir holds a {what}: resuming it (--new-game deals a new one)")
                if found.wal.damaged:
                    cls._say_lost(path, found, state.version, status)
                elif stopped is None and (record.actions or differs):
                    at = f" at move {state.version}" if record.actions else ""
                    status.append(f"resumed the {what}{at}")
        if state is None:
            players = config.players
            seed = config.seed
            shuffle_seed = seed if seed is not None else secrets.randbits(64)
            adapter = registry.table_rules(game)
            adapter.check_players(players)
            state, deal_data, campaign = adapter.deal(
                players, {"campaign": config.campaign, **dict.fromkeys(config.options, True)},
                random.Random(shuffle_seed),
            )
            try:
                bots = {BOTS_KEY: _bots_value(_bot_seats(config.bots, players))}
                if journal is None:  # made whole under another name, then renamed: never left empty
                    journal = Journal.create(path, players, deal_data, seed, campaign, game, bots)
                else:
                    journal.start_game(players, deal_data, seed, campaign, game, bots)
            except JournalError as exc:
                if journal is not None:
                    journal.close()
                raise unavailable(path, f"cannot record a new game ({exc})") from exc
        assert journal is not None  # opened with its game, or made for the new one
        try:
            journal.mark_open()
        except JournalError as exc:
            journal.close()
            raise unavailable(path, f"cannot write it ({exc})") from exc
        table = cls(config, journal, state, seats, status, log, settings, feeds, game,
                    hesitations=counted[-1] if counted else None, last_by=last_by, history=history)
        table._claim_bot_seats(BOTS_KEY not in settings or config.bots_asked)
        return table

    @staticmethod
    def _look(data_dir: Path, path: Path, new_game: bool, status: list[str]) -> traces.Look:
        """Look at the data dir before opening anything read-write (see :mod:`controller.table.traces`).

        ``--new-game`` archives whatever journal (or lone -wal) is there; a damaged journal is moved
        aside with its -wal; a data dir that shows a game was kept but has no readable one stops the
        start (:class:`GameMissing`), every file kept; a -wal that will drop a saved change is copied
        aside first.
        """
        try:
            found = traces.look(data_dir)
        except OSError as exc:
            raise unavailable(path, f"cannot look at it ({exc.strerror or exc})") from exc
        if new_game and (path.exists() or found.has_wal):
            try:
                aside = move_aside(path, "archived")
            except OSError as exc:
                raise unavailable(path, f"cannot archive it for --new-game ({exc.strerror or exc})") from exc
            _say(f"--new-game: the journal of the last game is kept as {aside}; dealing a new game")
            status.append("a new game was dealt (the last one is kept in the archive)")
            return traces.Look("missing")
        try:
            if found.kind == "damaged":
                aside = move_aside(path)
                _say(f"journal {path} is damaged ({found.detail}); moved to {aside.name} with its -wal, "
                     "starting a new game")
                status.append("journal recovered")
                return traces.Look("missing")
            if found.kind != "game" and found.traces:
                moved = ""
                if found.kind != "no_game" and found.has_wal:
                    # SQLite would discard a -wal beside a journal it cannot match it to: both go aside
                    aside = move_aside(path, "unmatched")
                    moved = f" (the -wal file is set aside as {aside.name}-wal, so nothing can discard it)"
                raise GameMissing(
                    f"{data_dir} kept a game ({', '.join(found.traces[:5])}) but {found.detail}; every file "
                    f"is kept{moved}. Put back a backup (jaccuse-table backup makes one), or start with "
                    "--new-game to deal a new game here"
                )
        except OSError as exc:  # a read-only or foreign data dir: one line, like any journal fault
            raise unavailable(path, f"cannot set it aside ({exc.strerror or exc})") from exc
        if found.wal.damaged:
            kept = traces.keep_wal_copy(path, "damaged")
            found.detail = f"a copy of the damaged -wal is kept as {kept.name}" if kept else ""
        return found

    @staticmethod
    def _say_lost(path: Path, found: traces.Look, version: int, status: list[str]) -> None:
        """A -wal whose last saved change(s) do not read back: the game goes on, and says so."""
        lost = found.wal.lost_commits
        _say(f"journal {path}: the last {lost} saved change(s) in its -wal do not read back (a damaged "
             f"file): a move was lost; resuming at move {version}"
             + (f"; {found.detail}" if found.detail else ""))
        status.append(f"{MOVE_LOST}: the last saved move(s) did not read back; resumed at move {version}")

    @staticmethod
    def _open_journal(path: Path, status: list[str]) -> Journal | None:
        """Open the journal; only damage moves it aside (None: deal a new game; a JournalUnavailable goes
        to the caller)."""
        try:
            return Journal.open(path)
        except CorruptJournal as exc:
            aside = move_aside(path)
            _say(f"journal {path} is damaged ({exc}); moved to {aside.name}, starting a new game")
            status.append("journal recovered")
            return None

    @staticmethod
    def _rebuild(
        record: GameRecord, hesitations: list[Hesitations] | None = None, history: list[Any] | None = None
    ) -> tuple[Any, list[tuple[int, str]], list[list[tuple[int, str]]], dict[int, str], str | None]:
        """Replay the journaled actions: the state, the log and feeds they told (with today's names), and
        who made each seat's latest move. ``hesitations`` gets the count of re-selections, for the public
        version (see Hesitations); ``history`` every event, for the bots.

        Stops at the first action that no longer replays; the last value then says why (else None).
        """
        rules = registry.rules(record.game)
        adapter = registry.table_rules(record.game)
        state = adapter.rebuild(record.players, record.deal, record.campaign)
        counter = Hesitations(adapter.COALESCED_ACT, rules.public_view(state))
        if hesitations is not None:
            hesitations.append(counter)
        log: deque[tuple[int, str]] = deque(maxlen=LOG_LINES)
        feeds = [deque[tuple[int, str]](maxlen=FEED_LINES) for _ in range(record.players)]
        last_by: dict[int, str] = {}
        labels = seating.labels(seating.names_from_settings(record.settings, record.players))
        sources = record.sources or ["phone"] * len(record.actions)

        def told() -> tuple[list[tuple[int, str]], list[list[tuple[int, str]]], dict[int, str]]:
            return list(log), [list(f) for f in feeds], last_by

        for n, (data, source) in enumerate(zip(record.actions, sources, strict=True), 1):
            try:
                action = rules.Action.from_dict(data)
                result = rules.apply(state, action)
            except rules.ActionFormatError as exc:
                return state, *told(), f"action {n} is not a valid action ({exc})"
            except Exception as exc:  # anything a hand edit can provoke (RecursionError included)
                return state, *told(), f"action {n} cannot be replayed ({type(exc).__name__})"
            if isinstance(result, rules.Refused):
                return state, *told(), f"action {n} is refused by this version's rules ({result.code})"
            if getattr(action, "act", None) == adapter.COALESCED_ACT:  # only those can be re-selections
                counter.after(action, adapter.seat_of(state, action), rules.public_view(result.state))
            else:
                counter.after(action, -1, rules.public_view(result.state))
            state = result.state
            if history is not None:
                history.extend(result.events)
            _tell(adapter, state, result.events, action, source, labels, state.version, log, feeds, last_by)
        return state, *told(), record.unreadable

    @staticmethod
    def _set_aside_tail(journal: Journal, version: int, stored: int, why: str, status: list[str]) -> None:
        """Keep the actions that no longer replay in the journal's ``set_aside`` table, and say so."""
        try:
            moved = journal.set_aside(version, why)
        except JournalError as exc:
            journal.close()
            what = f"cannot set aside the actions that no longer replay ({exc})"
            raise unavailable(journal.path, what) from exc
        _say(
            f"journal {journal.path}: {why}; resuming at move {version} of {stored}, the {moved} later "
            f"action(s) are kept in its set_aside table"
        )
        status.append(f"resumed at move {version}: {moved} later action(s) set aside")

    def _claim_bot_seats(self, from_flag: bool) -> None:
        """Seat the bots. Their seats are journaled (``bots``), so a restart without ``--bots`` keeps
        them; ``from_flag`` (an explicit ``--bots``, or a journal from before bots were recorded) takes
        the configured count instead and records it. A seat a phone holds is never a bot's.
        """
        recorded = self._bot_seats
        if from_flag:
            self._bot_seats = _bot_seats(self.config.bots, self.players) - self._handed
        self._bot_seats = frozenset(s for s in self._bot_seats if self._seats.get(s, ("", ""))[1] != "phone")
        for seat in self._bot_seats:
            self._seats[seat] = ("", "bot")
        rows: dict[str, str | None] = self._bot_names(self._bot_seats)
        if from_flag:
            if self.config.bots_asked and recorded != self._bot_seats:
                _say(f"--bots {self.config.bots}: the bots play {_seat_list(self._bot_seats)} "
                     f"(the journal had {_seat_list(recorded)})")
            rows[BOTS_KEY] = _bots_value(self._bot_seats)
        if rows:
            try:
                self._journal.set_settings(rows)
            except JournalError as exc:
                self._cannot_save(exc)
            else:
                self._apply_names(rows)
        self._publish()

    def _bot_names(self, seats: frozenset[int]) -> dict[str, str | None]:
        """Journal rows naming the bots of ``seats`` that have no name yet (each a different name)."""
        names = list(self._names)
        rows: dict[str, str | None] = {}
        for seat in sorted(seats):
            if not names[seat]:
                names[seat] = evening.bot_name(seat, names)
                rows[f"name:{seat}"] = names[seat]
        return rows

    def _new_bot_name(self, seat: int) -> str:
        """A bot name for ``seat`` that no other seat uses (whatever the seat is called now)."""
        return evening.bot_name(seat, [n for s, n in enumerate(self._names) if s != seat])

    def _apply_names(self, rows: dict[str, str | None]) -> None:
        for key, value in rows.items():
            if key.startswith("name:"):
                self._names[int(key[5:])] = value

    # ------------------------------------------------------------------ running
    def start(self) -> None:
        if self._thread is None:
            self._schedule_bot()
            self._thread = threading.Thread(target=self._run, name="table-loop", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Finish the commands already queued, close the journal and wake every waiter."""
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(_Command("stop"))
            self._thread.join(timeout)
        if self._thinker is not None:
            self._thinker.stop(timeout)
        self._journal.close_cleanly()
        with self._cond:
            if self._stopping:
                return
            self._stopping = True
            self._snapshot = _replace_closed(self._snapshot)
            self._cond.notify_all()
        self._tell_listeners()

    def _run(self) -> None:
        ping = self.config.watchdog
        next_ping = time.monotonic()
        while True:
            now = time.monotonic()
            if ping is not None and now >= next_ping:
                ping()
                next_ping = now + self.config.watchdog_every
            clock_due = self._clock_due(now)
            if clock_due is not None and clock_due <= now:
                # checked before the queue, so a stream of requests can never hold the clock up
                cmd = _Command("clock", source="clock")
            else:
                due = (self._bot_due, next_ping if ping else None, clock_due, self._probe_due)
                deadlines = [d for d in due if d is not None]
                timeout = max(0.0, min(deadlines) - now) if deadlines else None
                try:
                    cmd = self._backlog.popleft() if self._backlog else self._queue.get(timeout=timeout)
                except queue.Empty:
                    if self._probe_due is not None and time.monotonic() >= self._probe_due:
                        self._probe_journal()
                    if self._bot_due is None or time.monotonic() < self._bot_due:
                        continue
                    self._bot_due = None
                    cmd = _Command("bot", source="bot")
            if cmd.kind == "stop":
                self._fail_pending()
                return
            if self._superseded(cmd):
                if cmd.reply is not None:
                    cmd.reply.set(SUPERSEDED)
                continue
            try:
                outcome = self._handle(cmd)
            except Exception:  # the loop must survive anything
                traceback.print_exc()
                outcome = Outcome.refused(409, "internal", "the table could not handle this request")
            if cmd.reply is not None:
                cmd.reply.set(outcome)
            self._schedule_bot()

    def _superseded(self, cmd: _Command) -> bool:
        """True when ``cmd`` is a vote that a later, already queued vote of the same seat replaces.

        Only votes of other seats may lie between the two (they cannot change whether this seat's vote
        is legal, nor does it change theirs), so skipping this one leaves the same game as applying both
        in turn, one journal row shorter. The later vote is applied to the state as it is now, exactly as
        a replay of the journal will apply it. If the later vote is then refused, this one is lost with
        it: both came from the same seat within one moment, and the seat's phone shows what holds.
        """
        if not self._is_vote(cmd):
            return False
        self._drain()
        for later in self._backlog:
            if later.seat == cmd.seat:
                return self._is_vote(later)
            if not self._is_vote(later):
                return False
        return False

    def _is_vote(self, cmd: _Command) -> bool:
        """A command carrying the game's coalesced act (J'Accuse's vote) for the game now dealt."""
        act = self._adapter.COALESCED_ACT
        return (
            act is not None and cmd.kind == "act" and cmd.game in (None, self._game)
            and getattr(cmd.payload, "act", None) == act
        )

    def _drain(self) -> None:
        while True:
            try:
                self._backlog.append(self._queue.get_nowait())
            except queue.Empty:
                return

    def _fail_pending(self) -> None:
        self._drain()
        while self._backlog:
            cmd = self._backlog.popleft()
            if cmd.reply is not None:
                cmd.reply.set(Outcome.refused(503, "stopping", "the table is shutting down"))

    # ------------------------------------------------------------------ commands (loop thread)
    def _handle(self, cmd: _Command) -> Outcome:
        if cmd.kind == "act":
            if cmd.game is not None and cmd.game != self._game:
                return Outcome.refused(409, "new_game", "a new game was dealt meanwhile; look at it again")
            return self._act(cmd.seat, cmd.payload, cmd.source)
        if cmd.kind == "pad":
            pressed = self._adapter.pad_action(self._state, cmd.seat, cmd.payload)
            if isinstance(pressed, self._rules.Refused):
                outcome = Outcome.refused(409, pressed.code, pressed.message)
            else:
                outcome = self._act(cmd.seat, pressed, "pad")
            if not outcome.ok:
                self._pad_refusals[cmd.seat] += 1
                self._publish()
            self._resolve_pad_waiters(cmd.seat, cmd.payload, outcome)
            return outcome
        if cmd.kind == "bot":
            return self._bot_move() if cmd.payload is None else self._strong_move(cmd.payload)
        if cmd.kind == "clock":
            return self._clock_expired()
        if cmd.kind == "join":
            name, code, device = cmd.payload
            return self._join(cmd.seat, name, code, device)
        if cmd.kind == "release":
            return self._release(cmd.seat)
        if cmd.kind == "rename":
            return self._rename(cmd.seat, cmd.payload)
        if cmd.kind == "host":
            return self._host(*cmd.payload)
        if cmd.kind == "new_game":
            # ``over`` is the rules' phase "over": in a campaign it comes only once the last generation
            # has ended (between generations the state goes straight to the next setup)
            only_if_over, game, players, replaces, options, new_seats = cmd.payload
            if only_if_over:
                return self._play_again(cmd.seat)
            if replaces is not None and replaces != self._game:
                why = f"game {self._game} was dealt meanwhile; look at it before dealing again"
                return Outcome.refused(409, "already_dealt", why)
            return self._new_game(game, players, options, new_seats)
        if cmd.kind == "notice":
            key, line = cmd.payload
            if line is None:
                self._notices.pop(key, None)
            else:
                self._notices[key] = str(line)
            self._publish()
            return Outcome(ok=True)
        return Outcome.refused(400, "bad_command", f"unknown command {cmd.kind!r}")

    def _act(self, seat: int, action: Any, source: str) -> Outcome:
        if not 0 <= seat < self.players:
            return Outcome.refused(404, "unknown_seat", "there is no such seat")
        if source == "phone" and self.config.pads != "phone" and action.act in self._adapter.PAD_ACTS:
            return Outcome.refused(409, "pads_decide", "reveal and abstain are pressed on the seat's pad")
        rules = self._rules
        try:
            result = rules.apply(self._state, action)
        except Exception as exc:  # a bug in the rules must not take the table down
            traceback.print_exc()
            return Outcome.refused(409, "engine_error", f"the rules engine failed: {type(exc).__name__}")
        if isinstance(result, rules.Refused):
            return Outcome.refused(409, result.code, result.message)
        seq = self._state.version + 1
        deadline = self._clock.after_action(
            self._state, result.state, result.events, source, self._all_seated(), time.time(),
            registry.game(self.game_name).within_a_decision,
        )
        changes = self._clock.settings(deadline) if deadline != self._clock.deadline else None
        tonight = self._evening
        if result.state.over and not self._state.over:  # this action ends the game: onto the scoreboard
            ended = evening.result(self._game, self.game_name, rules.public_view(result.state),
                                   seating.labels(self._names), registry.game(self.game_name).title)
            tonight = [*self._evening, ended][-evening.EVENING_GAMES:]
            changes = {**(changes or {}), evening.EVENING_KEY: evening.dump(tonight)}
        try:
            self._journal.append(seq, action.to_dict(), source, changes)
        except JournalError as exc:
            self._cannot_save(exc)
            return Outcome.refused(503, "journal_unavailable", "the action could not be saved; try again")
        self._saved()
        if self._new_decision(self._state, result.state, result.events):
            self._decision += 1
            self._held.clear()
            if self._thinker is not None:  # a question not yet taken up is asked again, afresh
                for waiting in self._thinker.forget():
                    self._thinking.pop(waiting, None)
        self._history.extend(result.events)
        if self._memory is not None:
            self._memory.observe(result.events)
        self._state = result.state
        self._hesitations.after(action, seat, self._rules.public_view(result.state))
        self._evening = tonight
        self._clock.deadline = deadline
        if source != "clock":
            self._clock.idle = False
        labels = seating.labels(self._names)
        # "bot" only for a seat the bot holds (a script may send moves as "bot" for a person's seat)
        told_as = source if source != "bot" or self._is_bot(seat) else "phone"
        _tell(self._adapter, self._state, result.events, action, told_as, labels, seq, self._log, self._feeds,
              self._last_by)
        self._publish()
        return Outcome(ok=True, data={"me": self._snapshot.seats[seat]})

    # ------------------------------------------------------------------ the shot clock (loop thread)
    def _clock_due(self, now: float) -> float | None:
        """The clock's deadline on the monotonic clock the loop waits with, or None."""
        if self._clock.deadline is None:
            return None
        due = now + max(0.0, self._clock.deadline - time.time())
        return due if self._clock_retry is None else max(due, self._clock_retry)

    def _clock_expired(self) -> Outcome:
        """Time is up for the decision at hand: the rules' forced moves, journaled as ``clock``."""
        self._clock_retry = None
        if self._clock.deadline is None or time.time() < self._clock.deadline:
            return Outcome(ok=True)
        forced = self._adapter.forced_actions(self._state, self._bot_rng)
        if not forced:  # nothing the clock can do: stop it rather than fire again at once
            return self._set_clock_deadline(None)
        for action in forced:
            seat = self._adapter.seat_of(self._state, action)
            outcome = self._act(seat, action, "clock")
            if not outcome.ok:
                _say(f"the shot clock could not move for seat {seat}: {outcome.message}")
                self._clock_retry = time.monotonic() + 1.0
                return outcome
        self._clock.idle = True
        return Outcome(ok=True)

    def _set_clock_deadline(self, deadline: float | None) -> Outcome:
        try:
            self._journal.set_settings(self._clock.settings(deadline))
        except JournalError as exc:
            self._cannot_save(exc)
            self._clock_retry = time.monotonic() + 1.0
            return Outcome.refused(503, "journal_unavailable", "the change could not be saved; try again")
        self._saved()
        self._clock.deadline = deadline
        self._publish()
        return Outcome(ok=True)

    def _all_seated(self, seats: dict[int, tuple[str, str]] | None = None) -> bool:
        return len(self._seats if seats is None else seats) >= self.players

    def _clock_for_seats(self, seats: dict[int, tuple[str, str]]) -> dict[str, str | None]:
        """Journal rows for the clock when the seats change: the opening membership round waits for all."""
        if self._state.phase != "setup" or not self._clock.seconds:
            return {}
        full = self._all_seated(seats)
        if full and self._clock.deadline is None:
            return self._clock.settings(self._clock.restarted(self._state, True, time.time()))
        if not full and self._clock.deadline is not None:
            return self._clock.settings(None)
        return {}

    def _apply_clock_rows(self, rows: dict[str, str | None]) -> None:
        if "clock_deadline" in rows:
            value = rows["clock_deadline"]
            self._clock.deadline = None if value is None else float(value)

    # ------------------------------------------------------------------ the bots (loop thread)
    def _bot_move(self) -> Outcome:
        """The bot timer: a strong move held until its time, or one random or sensible bot's move."""
        now = time.monotonic()
        for seat, (move, due) in list(self._held.items()):
            if due <= now:
                del self._held[seat]
                return self._play_strong(move)
        waiting = [s for s in self._rules.awaiting(self._state)
                   if self._is_bot(s) and self._level(s) != "strong"]
        self._bot_rng.shuffle(waiting)
        for seat in waiting:
            action = self._quick_action(seat)
            if action is not None:
                return self._act(seat, action, "bot")
        return Outcome(ok=True)

    def _quick_action(self, seat: int) -> Any:
        """A move thought on the loop thread: the rules' random bot, or the sensible one (a few
        rules of thumb over what the table has seen)."""
        if self._level(seat) == "random":
            return self._rules.bot_action(self._state, seat, self._bot_rng)
        if self._memory is None:
            self._memory = registry.strategy(self.game_name).TableMemory()
            self._memory.observe(tuple(self._history))
        strategy = registry.strategy(self.game_name)
        return strategy.sensible_action(self._state, seat, self._bot_rng, self._memory)

    def _strong_move(self, move: BotMove) -> Outcome:
        """A strong bot's move from the thinker: played when due, held until then, dropped when stale
        (the decision it was thought for has passed: the seat is asked again)."""
        due = self._thinking.pop(move.seat, None)
        if due is None or move.game != self._game or move.decision != self._decision:
            return Outcome(ok=True)
        if due > time.monotonic():
            self._held[move.seat] = (move, due)
            return Outcome(ok=True)
        return self._play_strong(move)

    def _play_strong(self, move: BotMove) -> Outcome:
        seat = move.seat
        if (move.game != self._game or move.decision != self._decision or not self._is_bot(seat)
                or self._level(seat) != "strong" or seat not in self._rules.awaiting(self._state)):
            return Outcome(ok=True)
        if move.action is not None:
            outcome = self._act(seat, move.action, "bot")
            if outcome.ok:
                return outcome
        action = self._quick_action(seat)  # nothing found, or refused: the sensible move instead
        return Outcome(ok=True) if action is None else self._act(seat, action, "bot")

    def _new_decision(self, before: Any, after: Any, events: Any) -> bool:
        """True when an action moves the game to another decision (as the shot clock counts them):
        a strong move thought before it is stale."""
        inside = registry.game(self.game_name).within_a_decision
        return bool(before.phase != after.phase or after.over
                    or any(e.get("type") not in inside for e in events))

    def _is_bot(self, seat: int) -> bool:
        return self._seats.get(seat, ("", ""))[1] == "bot"

    def _level(self, seat: int) -> str:
        level = self._bot_levels.get(seat, self.config.bot_level)
        if level == "strong" and not registry.game(self.game_name).sampler:
            return "sensible"  # a game without a sampler has no strong bot yet
        return level

    def _schedule_bot(self) -> None:
        if not self._bot_seats or self._state.over:
            return
        awaited = [s for s in self._rules.awaiting(self._state) if self._is_bot(s)]
        if not awaited:
            return
        delay = self.config.bot_delay
        now = time.monotonic()
        for seat in awaited:
            if self._level(seat) == "strong" and seat not in self._thinking and seat not in self._held:
                self._think(seat, now + self._bot_rng.uniform(0.5 * delay, 1.5 * delay))
        if self._bot_due is None and any(self._level(s) != "strong" for s in awaited):
            self._bot_due = now + self._bot_rng.uniform(0.5 * delay, 1.5 * delay)
        for _, due in self._held.values():
            self._bot_due = due if self._bot_due is None else min(self._bot_due, due)

    def _think(self, seat: int, due: float) -> None:
        """Ask the thinker for ``seat``'s move: from its own view and the events so far, nothing else."""
        think = self.config.bot_think
        wall = max(think, min(MAX_WALL_SECONDS, 10 * think))
        if self._clock.deadline is not None:  # in before the shot clock, whatever the load
            left = self._clock.deadline - time.time() - CLOCK_MARGIN
            wall = max(0.05, min(wall, left / 2))
            due = min(due, time.monotonic() + max(0.0, left))
        if self._thinker is None:
            self._thinker = Thinker(lambda move: self._queue.put(
                _Command("bot", seat=move.seat, payload=move, source="bot")))
        self._thinking[seat] = due
        self._thinker.post(Job(
            seat=seat, game=self._game, decision=self._decision, game_name=self.game_name,
            view=self._rules.seat_view(self._state, seat), history=tuple(self._history),
            seed=self._bot_rng.getrandbits(64), think=think, wall=wall,
        ))

    def _join(
        self, seat: int, name: object = None, code: object = None, device: seating.Device | None = None
    ) -> Outcome:
        if not 0 <= seat < self.players:
            return Outcome.refused(404, "unknown_seat", "there is no such seat")
        try:
            clean = seating.clean_name(name)
            seating.check_distinct(clean, self._names, seat, self.game_name)
        except seating.BadName as exc:
            return Outcome.refused(400, "bad_name", str(exc))
        if seat in self._seats:
            what = "a bot plays it" if self._is_bot(seat) else "someone already sits there"
            return Outcome.refused(409, "seat_taken", f"this seat is taken: {what}")
        if self._locked:
            return Outcome.refused(403, "seats_locked", "the host has locked the seats; ask them to unlock")
        if self._join_code and not seating.code_matches(self._join_code, code):
            wrong = "the join code is wrong" if code else "this table needs the join code"
            return Outcome.refused(403, "join_code", f"{wrong}: it is on the box's display")
        held = None if device is None or self._multi_seat else self._held_by(device)
        if held is not None:
            return Outcome.refused(409, "one_seat_per_device",
                                   f"this device already holds seat {held}; one device, one seat "
                                   "(the host can allow more)")
        token = secrets.token_urlsafe(32)
        token_hash = hash_token(token)
        after = {**self._seats, seat: (token_hash, "phone")}
        rows = {f"name:{seat}": clean, f"device:{seat}": device.address if device else None,
                **self._clock_for_seats(after)}
        try:
            self._journal.claim_seat(seat, token_hash, "phone", rows)
        except JournalError as exc:
            self._cannot_save(exc)
            return Outcome.refused(503, "journal_unavailable", "the seat could not be saved; try again")
        self._saved()
        self._seats[seat] = (token_hash, "phone")
        self._claims += 1
        self._names[seat] = clean
        self._devices[seat] = device.address if device else None
        if seat in self._released:
            self._log.append((self._state.version,
                              wording.retaken_line(seat, seating.isolate(clean) if clean else None)))
        self._apply_clock_rows(rows)
        self._publish()
        return Outcome(ok=True, data={"seat": seat, "token": token, "name": clean})

    def _held_by(self, device: seating.Device) -> int | None:
        """The seat a device holds already: the one its token opens, else one taken from its address."""
        if device.seat is not None and self._seats.get(device.seat, ("", ""))[1] == "phone":
            return device.seat
        for seat, address in self._devices.items():
            if address and address == device.address and self._seats.get(seat, ("", ""))[1] == "phone":
                return seat
        return None

    def _rename(self, seat: int, name: object) -> Outcome:
        if self._seats.get(seat, ("", ""))[1] != "phone":
            return Outcome.refused(409, "seat_free", "only a seated phone can change its name")

        try:
            clean = seating.clean_name(name)
            seating.check_distinct(clean, self._names, seat, self.game_name)
        except seating.BadName as exc:
            return Outcome.refused(400, "bad_name", str(exc))
        try:
            self._journal.set_settings({f"name:{seat}": clean})
        except JournalError as exc:
            self._cannot_save(exc)
            return Outcome.refused(503, "journal_unavailable", "the name could not be saved; try again")
        self._saved()
        self._names[seat] = clean
        self._publish()
        return Outcome(ok=True, data={"seat": seat, "name": clean})

    def _host(self, what: str, value: Any) -> Outcome:
        """The host page's settings: the shot clock, the join code, the seat lock, a bot seat's hand-over."""
        rows: dict[str, str | None]
        if what == "clock":
            try:
                seconds = check_seconds(value)
            except ValueError as exc:
                return Outcome.refused(400, "bad_clock", str(exc))
            self._clock.seconds = seconds
            deadline = self._clock.restarted(self._state, self._all_seated(), time.time())
            rows = {"clock_seconds": str(seconds), **self._clock.settings(deadline)}
        elif what == "join_code":
            try:
                code = None if value is None else seating.new_code() if value == "new" else None
                if code is None and value is not None:
                    code = seating.clean_code(value)
            except ValueError as exc:
                return Outcome.refused(400, "bad_code", str(exc))
            rows = {"join_code": code}
        elif what == "locked":
            rows = {"seats_locked": "1" if value else None}
        elif what == "multi_seat":
            rows = {"multi_seat": "1" if value else None}
        elif what == "hand_over":
            seat = value
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                return Outcome.refused(404, "unknown_seat", "there is no such seat")
            if not self._is_bot(seat):
                return Outcome.refused(409, "not_a_bot", "only a seat a bot plays can be handed to a person")
            after = {s: v for s, v in self._seats.items() if s != seat}
            rows = {f"human:{seat}": "1", BOTS_KEY: _bots_value(self._bot_seats - {seat}),
                    f"name:{seat}": None, **self._clock_for_seats(after)}
        elif what == "to_bot":
            return self._to_bot(value)
        elif what == "bot_name":
            seat, name = value
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                return Outcome.refused(404, "unknown_seat", "there is no such seat")
            if not self._is_bot(seat):
                return Outcome.refused(409, "not_a_bot", "only a bot's name is the host's to change")
            try:
                clean = seating.clean_name(name)
            except seating.BadName as exc:
                return Outcome.refused(400, "bad_name", str(exc))
            rows = {f"name:{seat}": clean or self._new_bot_name(seat)}
        elif what == "evening":
            rows = {evening.EVENING_KEY: None}
        elif what == "retell":
            return self._retell(value)
        elif what == "bot_level":
            seat, level = value if isinstance(value, tuple) and len(value) == 2 else (None, None)
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                return Outcome.refused(404, "unknown_seat", "there is no such seat")
            if level not in LEVELS:
                return Outcome.refused(400, "bad_level", f"a bot plays {', '.join(LEVELS)}")
            if not self._is_bot(seat):
                return Outcome.refused(409, "not_a_bot", "only a seat a bot plays has a bot's level")
            rows = {f"bot_level:{seat}": level}
        else:
            return Outcome.refused(400, "bad_command", f"unknown host setting {what!r}")
        refused = self._save_settings(rows)
        if refused is not None:
            return refused
        if "join_code" in rows:
            self._join_code = rows["join_code"]
        if "seats_locked" in rows:
            self._locked = rows["seats_locked"] == "1"
        if "multi_seat" in rows:
            self._multi_seat = rows["multi_seat"] == "1"
        if what == "hand_over":
            del self._seats[value]
            self._handed = self._handed | {value}
            self._bot_seats = self._bot_seats - {value}
            self._claims += 1
            self._forget_bots([value])
        if what == "evening":
            self._evening = []
        if what == "bot_level":
            self._bot_levels[value[0]] = value[1]
            self._forget_bots([value[0]])
        self._apply_names(rows)
        if what == "clock":
            self._clock.idle = False
        self._apply_clock_rows(rows)
        self._publish()
        return Outcome(ok=True, data={"join_code": self._join_code, "locked": self._locked,
                                      "clock": self._clock.seconds, "multi_seat": self._multi_seat,
                                      "bot_levels": list(self._snapshot.bot_levels)})

    def _retell(self, value: tuple[retelling.Told, int | None, str | None] | None) -> Outcome:
        """Move the room's retelling (a game the records found over; the step asked for, or a move), or
        end it (None). Nothing is journaled: it is where the room looks, not a game."""
        if value is None:
            self._retelling = None
        else:
            told, step, move = value
            self._retelling = retelling.position(self._retelling, told, step, move)
        self._publish()
        return Outcome(ok=True, data={"retelling": self._retelling})

    def _forget_bots(self, seats: list[int] | None = None) -> None:
        """Drop the bots' questions and held moves for ``seats`` (None: all): the seat is asked again
        as it is now (a new level, a person in the seat, a new deal)."""
        for seat in list(self._thinking) if seats is None else seats:
            self._thinking.pop(seat, None)
            self._held.pop(seat, None)
        if self._thinker is not None:
            self._thinker.forget(seats)

    def _release(self, seat: int, to_bot: bool = False) -> Outcome:
        """Free a phone's seat (its token stops working); ``to_bot``: the bot plays it from now on."""
        if not 0 <= seat < self.players:
            return Outcome.refused(404, "unknown_seat", "there is no such seat")
        if seat not in self._seats or self._is_bot(seat):
            return Outcome.refused(409, "seat_free", "this seat is not held by a phone")
        after = {s: v for s, v in self._seats.items() if s != seat}
        rows: dict[str, str | None] = {f"name:{seat}": None}
        if to_bot:
            after[seat] = ("", "bot")
            rows.update({BOTS_KEY: _bots_value(self._bot_seats | {seat}), f"human:{seat}": None,
                         f"name:{seat}": self._new_bot_name(seat)})
        rows[f"device:{seat}"] = None
        rows.update(self._clock_for_seats(after))
        if seat in self._ready:
            rows[READY_KEY] = self._ready_value(self._ready - {seat})
        try:
            self._journal.release_seat(seat, rows)
        except JournalError as exc:
            self._cannot_save(exc)
            return Outcome.refused(503, "journal_unavailable", "the change could not be saved; try again")
        self._saved()
        name = self._names[seat]
        self._seats = after
        self._claims += 1
        self._names[seat] = rows[f"name:{seat}"]
        self._devices.pop(seat, None)
        self._released = self._released | {seat}
        self._ready.discard(seat)
        if to_bot:
            self._bot_seats = self._bot_seats | {seat}
            self._handed = self._handed - {seat}
        # a release (and a take-over after it) is never silent: the host could otherwise read a hand
        self._log.append((self._state.version,
                          wording.released_line(seat, seating.isolate(name) if name else None, to_bot)))
        self._apply_clock_rows(rows)
        if self._ready and self._state.over and self._all_ready():
            return self._new_game()  # the seat everyone waited for to agree has left
        self._publish()
        return Outcome(ok=True, data={"seat": seat})

    def _to_bot(self, seat: object) -> Outcome:
        """The host gives a seat to the bot: a free seat at once, a phone's seat released first (one
        transaction), so removing a player is one step whatever the seat held."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return Outcome.refused(404, "unknown_seat", "there is no such seat")
        if self._is_bot(seat):
            return Outcome.refused(409, "already_a_bot", "a bot already plays this seat")
        if seat in self._seats:
            return self._release(seat, to_bot=True)
        after = {**self._seats, seat: ("", "bot")}
        rows = {BOTS_KEY: _bots_value(self._bot_seats | {seat}), f"human:{seat}": None,
                f"name:{seat}": self._new_bot_name(seat), **self._clock_for_seats(after)}
        refused = self._save_settings(rows)
        if refused is not None:
            return refused
        self._seats = after
        self._bot_seats = self._bot_seats | {seat}
        self._handed = self._handed - {seat}
        self._names[seat] = rows[f"name:{seat}"]
        self._claims += 1
        self._apply_clock_rows(rows)
        self._publish()
        return Outcome(ok=True, data={"seat": seat, "join_code": self._join_code, "locked": self._locked,
                                      "clock": self._clock.seconds})

    def _save_settings(self, rows: dict[str, str | None]) -> Outcome | None:
        """Journal a host change on its own; the refusal to answer with when it could not be saved."""
        try:
            self._journal.set_settings(rows)
        except JournalError as exc:
            self._cannot_save(exc)
            return Outcome.refused(503, "journal_unavailable", "the change could not be saved; try again")
        self._saved()
        return None

    def _all_ready(self, also: int | None = None) -> bool:
        """Every seat a person holds asked to play again (bots always agree), counting ``also`` as asked."""
        return all(s in self._ready or s == also for s, (_, kind) in self._seats.items() if kind == "phone")

    def _play_again(self, seat: int) -> Outcome:
        """A phone's "Play again": a ready check. The new game is dealt once every seated person agreed,
        so one player cannot end everyone's look at the end of a game (the host can deal at any time)."""
        if not self._state.over:
            return Outcome.refused(409, "not_over", "a new game can be dealt once this one is over")
        if seat < 0:  # not a phone's request (a test, a tool): deal as soon as the game is over
            return self._new_game()
        if self._seats.get(seat, ("", ""))[1] != "phone":
            return Outcome.refused(409, "seat_free", "only a seated phone can ask to play again")
        if self._all_ready(also=seat):
            return self._new_game()
        if seat not in self._ready:
            # acknowledged only once it is journaled, like every action: a restart keeps who agreed
            refused = self._save_settings({READY_KEY: self._ready_value(self._ready | {seat})})
            if refused is not None:
                return refused
            self._ready.add(seat)
        self._publish()
        return Outcome(ok=True, data={"game": self._game, "dealt": False, "ready": sorted(self._ready)})

    def _ready_value(self, seats: set[int]) -> str | None:
        """The journal's ``play_again`` row for these ready seats: the game it belongs to, then the seats."""
        return f"{self._game}:{_bots_value(frozenset(seats))}" if seats else None

    def _new_seats(self) -> str:
        """Who takes the seats a bigger deal adds: the host's last choice, else bots where bots play
        (a box started with ``--bots`` grows with bots, not with seats the game would wait for)."""
        if self._new_seats_chosen is not None:
            return self._new_seats_chosen
        return "bots" if self._bot_seats else "free"

    def _new_game(
        self, game: str | None = None, players: int | None = None, chosen: dict[str, bool] | None = None,
        new_seats: str | None = None,
    ) -> Outcome:
        """Deal the next game: the same game and seats, or (the host's choice) another game or count,
        with the table options the host set (``chosen``; else those of the game just played).

        Seats past a smaller count are released (their tokens stop working, in the same transaction);
        the seats a larger count adds go to bots or stay free for people, as ``new_seats`` says (None:
        :meth:`_new_seats`). The bots keep their seats that the new count still has.
        """
        same_game = game is None or game == self.game_name
        name = self.game_name if game is None else game
        try:
            registry.check_game(name)
            adapter = registry.table_rules(name)
            players = adapter.check_players(self.players if players is None else players)
            if chosen is not None:
                unknown = sorted(set(chosen) - set(registry.game(name).table_options))
                why = registry.game(name).check_table_options([k for k, on in chosen.items() if on])
                if unknown or why:
                    raise ValueError(why or f"{name} has no option {unknown[0]!r}")
            if new_seats is not None and new_seats not in NEW_SEATS:
                raise ValueError(f"new seats go to {' or '.join(repr(n) for n in NEW_SEATS)}")
        except ValueError as exc:
            return Outcome.refused(400, "bad_game", str(exc))
        # a campaign is followed by a campaign of the same length (the journal's, not the flag's)
        options = self._adapter.options_of(self._state) if same_game else {}
        if chosen is not None:
            options = {**options, **chosen}
        state, deal_data, campaign = adapter.deal(players, options, random.Random(secrets.randbits(64)))
        seats = {s: v for s, v in self._seats.items() if s < players}
        # the bots keep their seats (those the new count still has); the added seats are the host's call
        grow = new_seats or self._new_seats()
        opened = frozenset(range(self.players, players))
        added = opened if grow == "bots" else frozenset()
        bot_seats = frozenset(s for s in self._bot_seats if s < players) | added
        seats.update({s: ("", "bot") for s in added})
        handed = frozenset(s for s in self._handed if s < players)
        all_seated = len(seats) >= players
        rows: dict[str, str | None] = self._clock.settings(
            self._clock.restarted(state, all_seated, time.time())
        )
        rows[BOTS_KEY] = _bots_value(bot_seats)
        rows[READY_KEY] = None  # the ready check was this game's
        if new_seats is not None:
            rows[NEW_SEATS_KEY] = new_seats
        for seat in range(players, self.players):  # the names, hand-overs and bots of seats that are gone
            rows.update({f"name:{seat}": None, f"human:{seat}": None, f"device:{seat}": None,
                         f"bot_level:{seat}": None})
        names = (self._names + [None] * players)[:players]
        for seat in sorted(added):  # each added bot under a name no other seat has
            names[seat] = evening.bot_name(seat, names)
            rows.update({f"name:{seat}": names[seat], f"human:{seat}": None, f"device:{seat}": None,
                         f"bot_level:{seat}": None})
        try:
            ended = kept.ending(self._rules.public_view(self._state))  # listed without a replay
            self._journal.next_game(players, deal_data, None, campaign, rows, name, ended)
        except JournalError as exc:
            self._cannot_save(exc)
            return Outcome.refused(503, "journal_unavailable", "the new game could not be saved; try again")
        self._saved()
        if players != self.players or seats != self._seats:
            self._claims += 1  # the broadcaster ends the streams of released seats
        self._state = state
        self.game_name = name
        self._rules = registry.rules(name)
        self._adapter = adapter
        self._seats = seats
        self._bot_seats = bot_seats
        self._handed = handed
        self._names = names
        if new_seats is not None:
            self._new_seats_chosen = new_seats
        self._devices = {s: a for s, a in self._devices.items() if s < players}
        self.players = players
        self._game += 1
        self._apply_clock_rows(rows)
        self._clock.idle = False
        self._feeds = [deque(maxlen=FEED_LINES) for _ in range(players)]
        self._log.clear()
        length = int(options.get("campaign") or 0)
        what = f" (a {length}-generation campaign)" if length else ""
        if not same_game:
            what = f" ({name}, {players} players)"
        self._log.append((0, f"Game {self._game} begins{what}."))
        if added:
            self._log.append((0, f"Bots play the new {_seat_list(added)}."))
        elif opened:
            self._log.append((0, f"The new {_seat_list(opened)} {'is' if len(opened) == 1 else 'are'} free: "
                                 "scan a seat's code to sit down."))
        self._last_by = {}
        self._released = frozenset()
        self._hesitations = Hesitations(adapter.COALESCED_ACT, self._rules.public_view(state))
        self._pad_refusals = [0] * players
        self._bot_due = None
        self._ready = set()
        self._retelling = None  # the room turns to the game just dealt
        self._bot_levels = {s: v for s, v in self._bot_levels.items() if s < players}
        self._history = []
        self._memory = None
        self._decision += 1
        self._forget_bots()
        self._publish()
        return Outcome(ok=True, data={"game": self._game, "game_name": name, "players": players,
                                      "dealt": True, "new_seats": grow, "bots": sorted(bot_seats)})

    def _cannot_save(self, exc: JournalError) -> None:
        """A journal write failed: say so on the pages and the OLED until a write works again."""
        if self._probe_due is None:
            _say(f"journal write failed: {exc}")
        full = "full" in str(exc).lower() or disk_full(self._journal.path)
        why = "the disk is full" if full else f"the journal cannot be written ({exc})"
        self._notices[CANNOT_SAVE] = (
            f"cannot save: {why}; moves wait until it can (nothing is lost up to move {self._state.version})"
        )
        self._probe_due = time.monotonic() + PROBE_EVERY
        self._publish()

    def _saved(self) -> None:
        if self._probe_due is not None:
            self._probe_due = None
            self._notices.pop(CANNOT_SAVE, None)
            _say("journal writable again")
            # the caller publishes the change it saved

    def _probe_journal(self) -> None:
        """Try one small write; the fault clears by itself once there is room again."""
        try:
            self._journal.probe()
        except JournalError:
            self._probe_due = time.monotonic() + PROBE_EVERY
            return
        self._saved()
        self._publish()

    def _hashes(self) -> tuple[tuple[int, str], ...]:
        return tuple((s, h) for s, (h, kind) in sorted(self._seats.items()) if kind == "phone" and h)

    def _build_snapshot(self) -> Snapshot:
        state = self._state
        rules = self._rules
        public = rules.public_view(state)
        public["game"] = self.game_name
        # table data every view carries beside the rules' own (see TABLE_KEYS and SEAT_KEYS)
        public["names"] = list(self._names)
        public["clock"] = self._clock.view()
        public["seats_locked"] = self._locked
        public["join_code_needed"] = self._join_code is not None
        public["bots"] = sorted(s for s in self._bot_seats if self._is_bot(s))
        public["evening"] = {"games": self._evening[-12:], "tally": evening.tally(self._evening)}
        public["retelling"] = dict(self._retelling) if self._retelling else None
        # the ready check for another game: who asked, and which seated people have not yet
        people = sorted(s for s, (_, kind) in self._seats.items() if kind == "phone")
        public["play_again"] = {
            "ready": sorted(self._ready),
            "waiting": [s for s in people if s not in self._ready],
        } if state.over else None
        seats = []
        for s in range(state.players):
            view = rules.seat_view(state, s, public)
            view["table"] = public
            view["name"] = self._names[s]
            feed = self._feeds[s]
            view["feed"] = [{"version": v, "text": text} for v, text in reversed(feed)]
            # the room's newest lines, newest first; "you": an action of that moment also told this seat
            # something (its own feed has a line of the same version)
            mine = {v for v, _ in feed}
            view["table_feed"] = [{"version": v, "text": text, "you": v in mine}
                                  for v, text in list(self._log)[-TABLE_FEED:][::-1]]
            view["last_move_by"] = self._last_by.get(s)
            view["pad_refusals"] = self._pad_refusals[s]
            seats.append(view)
        return Snapshot(
            serial=self._serial,
            version=state.version,
            public=public,
            seats=tuple(seats),
            claimed=tuple(self._seats.get(s, (None, None))[1] for s in range(state.players)),
            status=(*self._status, *self._notices.values()),
            notices=tuple(self._notices),
            log=tuple(line for _, line in self._log),
            game=self._game,
            pad_refusals=tuple(self._pad_refusals),
            claims=self._claims,
            names=tuple(self._names),
            join_code=self._join_code,
            seats_locked=self._locked,
            multi_seat=self._multi_seat,
            handed_over=self._handed,
            bot_seats=frozenset(self._bot_seats),
            bot_levels=tuple(self._level(s) if self._is_bot(s) else None for s in range(state.players)),
            new_seats=self._new_seats(),
            said_at=self._said_at,
            said_game=self._said_game,
            game_name=self.game_name,
            public_version=self._hesitations.public_version(state.version),
        )

    def _publish(self) -> None:
        self._serial += 1
        snapshot = self._build_snapshot()
        hashes = self._hashes()
        with self._cond:
            self._snapshot = snapshot
            self._token_hashes = hashes
            self._cond.notify_all()
        self._tell_listeners()

    def _tell_listeners(self) -> None:
        for listener in self._listeners:
            try:
                listener()
            except Exception:  # a consumer's fault must never cost the game
                traceback.print_exc()

    # ------------------------------------------------------------------ any thread
    def snapshot(self) -> Snapshot:
        return self._snapshot

    def wait_for_change(self, after_serial: int, timeout: float | None) -> Snapshot:
        """Return the newest snapshot once its serial is past ``after_serial`` (or on timeout/close)."""
        with self._cond:
            self._cond.wait_for(lambda: self._snapshot.serial > after_serial or self._stopping, timeout)
            return self._snapshot

    @property
    def closed(self) -> bool:
        return self._stopping

    def add_listener(self, listener: Callable[[], object]) -> None:
        """Call ``listener()`` after every published change (and once on stop), from the loop thread.

        It must not block: read :meth:`snapshot` or hand over to another thread. The web server's
        broadcaster uses this to wake its event loop instead of keeping a thread waiting per stream.
        """
        self._listeners.append(listener)

    def _submit(self, cmd: _Command, timeout: float) -> Outcome:
        if self._stopping:
            return Outcome.refused(503, "stopping", "the table is shutting down")
        reply = _Reply()
        cmd.reply = reply
        self._queue.put(cmd)
        outcome = reply.wait(timeout)
        if outcome is None:
            return Outcome.refused(503, "busy", "the table did not answer in time; check before retrying")
        return outcome

    def submit_action(
        self, seat: int, action: Any, source: str = "phone", timeout: float = 30.0, game: int | None = None
    ) -> Outcome:
        """Apply ``action`` for ``seat``; returns once it is journaled (``data["me"]``) or refused.

        A phone changing a vote it already selected takes a token of the seat's bucket first (429 when it
        is empty), so one seat flipping its vote cannot fill the queue ahead of everyone else. ``game``
        is the snapshot's game number the action was read for: if the host dealt another game since,
        it is refused (409 ``new_game``) rather than applied to a game it was not meant for.
        """
        coalesced = self._adapter.COALESCED_ACT
        if source == "phone" and action.act == coalesced and not self._may_change_vote(seat):
            return TOO_FAST
        return self._submit(_Command("act", seat=seat, payload=action, source=source, game=game), timeout)

    def parse_action(self, seat: int, data: object) -> tuple[Any, int]:
        """A phone's action read for ``seat`` by the game now dealt (any thread), and that game's
        number for :meth:`submit_action`. Raises the game's ``ActionFormatError`` (400) or
        ``controller.games.shape.SeatRefused``."""
        snap = self._snapshot
        adapter = registry.table_rules(snap.game_name)
        return adapter.parse_action(snap.players, seat, data), snap.game

    def _may_change_vote(self, seat: int) -> bool:
        rate = self.config.vote_changes_per_second
        seats = self._snapshot.seats
        if rate <= 0 or not 0 <= seat < len(seats) or seats[seat].get("selected") is None:
            return True  # no limit, or the round's first selection
        with self._bucket_lock:
            bucket = self._buckets.get(seat)
            if bucket is None:
                bucket = self._buckets[seat] = TokenBucket(rate, max(1, self.config.vote_change_burst))
            return bucket.take()

    def join(
        self, seat: int, name: object = None, code: object = None, timeout: float = 30.0,
        device: seating.Device | None = None,
    ) -> Outcome:
        """Claim an unclaimed seat, with an optional name (and the join code when the host set one);
        ``data`` holds ``seat``, the new ``token`` and the cleaned ``name``.

        ``device`` says who asks (its address, and the seat its token already holds, if any): one device
        takes one seat unless the host allows more. None (the box itself, a test) is not limited.
        """
        return self._submit(_Command("join", seat=seat, payload=(name, code, device)), timeout)

    def rename(self, seat: int, name: object, timeout: float = 30.0) -> Outcome:
        """A seated phone's new name (None or blank: no name).

        Each rename is a synced journal row and a broadcast, so a seat renames itself at most as often
        as it may change a vote (429 past that), before the command is queued ahead of anyone's move.
        """
        rate = self.config.vote_changes_per_second
        if rate > 0:
            with self._bucket_lock:
                bucket = self._renames.get(seat)
                if bucket is None:
                    bucket = self._renames[seat] = TokenBucket(rate, max(1, self.config.vote_change_burst))
                if not bucket.take():
                    return TOO_FAST_RENAME
        return self._submit(_Command("rename", seat=seat, payload=name), timeout)

    def host_setting(self, what: str, value: Any, timeout: float = 30.0) -> Outcome:
        """A host change: ``clock`` (seconds, 0 = off), ``join_code`` (a code, "new", or None),
        ``locked`` (bool), ``hand_over`` (a bot's seat, freed for a person), ``bot_level``
        (``(seat, level)``: who plays a bot's seat, one of ``bots.LEVELS``) or ``retell``
        (``(told, step, move)``: the room's retelling of a game the records found over; None ends it)."""
        return self._submit(_Command("host", payload=(what, value)), timeout)

    def release(self, seat: int, timeout: float = 30.0) -> Outcome:
        """Free a seat held by a phone (a lost phone); its token stops working."""
        return self._submit(_Command("release", seat=seat), timeout)

    def new_game(
        self,
        only_if_over: bool = False,
        timeout: float = 30.0,
        *,
        game: str | None = None,
        players: int | None = None,
        replaces: int | None = None,
        seat: int = -1,
        options: dict[str, bool] | None = None,
        new_seats: str | None = None,
    ) -> Outcome:
        """Archive this game in the journal and deal a new one for the same seats.

        The host may do it at any moment, and may name another ``game`` or seat count (400
        ``bad_game`` for one the game does not take) and the game number it means to replace
        (``replaces``: 409 ``already_dealt`` when another deal came first, so a repeated tap deals
        once), and the game's table ``options`` switched on or off (the host page's dialog; the game
        checks them, 400 ``bad_game``). A player's "play again" passes ``only_if_over`` and its
        ``seat``: a ready check that deals once every seated person asked (``data["dealt"]`` says
        whether it did). ``new_seats`` says who takes the seats a bigger count adds: ``"bots"`` or
        ``"free"`` (for people to join); None keeps the host's last choice (see ``Snapshot.new_seats``).
        The choice is journaled with the deal, so the next deal and a restart offer it again.
        """
        payload = (only_if_over, game, players, replaces, options, new_seats)
        return self._submit(_Command("new_game", seat=seat, payload=payload), timeout)

    def set_notice(self, key: str, line: str | None) -> None:
        """Show ``line`` in the box status until it is set again or cleared with None (any thread)."""
        self._queue.put(_Command("notice", payload=(key, line)))

    def press(self, seat: int, button: str) -> None:
        """A pad press (called from a device thread): queued, never blocks the caller."""
        if button in PADS_DECIDE and isinstance(seat, int) and 0 <= seat < self.players:
            self._queue.put(_Command("pad", seat=seat, payload=button, source="pad"))

    def pad_waiter(self, seat: int, button: str) -> _Reply:
        """A reply resolved by the next pad command for (seat, button), for the mock pad endpoint."""
        reply = _Reply()
        with self._pad_lock:
            self._pad_waiters.setdefault((seat, button), []).append(reply)
        return reply

    def drop_pad_waiter(self, seat: int, button: str, reply: _Reply) -> None:
        with self._pad_lock:
            waiters = self._pad_waiters.get((seat, button), [])
            if reply in waiters:
                waiters.remove(reply)

    def _resolve_pad_waiters(self, seat: int, button: str, outcome: Outcome) -> None:
        with self._pad_lock:
            waiters = self._pad_waiters.pop((seat, button), [])
        for reply in waiters:
            reply.set(outcome)

    def authenticate(self, token: str | None) -> int | None:
        """The seat a token belongs to, or None. Compares against every claim in constant time."""
        if not token or len(token) > 512:
            return None
        candidate = hash_token(token)
        found = None
        for seat, token_hash in self._token_hashes:
            if hmac.compare_digest(candidate, token_hash):
                found = seat
        return found


def _bot_seats(bots: int, players: int) -> frozenset[int]:
    """The seats the bots play: the last ``bots`` of the table."""
    bots = max(0, min(bots, players))
    return frozenset(range(players - bots, players))


#: the journal's setting that lists the seats the bots play ("3,4"; "" for none)
BOTS_KEY = "bots"
#: the journal's setting of who takes the seats a bigger deal adds (the host's last choice), one of NEW_SEATS
NEW_SEATS_KEY = "new_seats"
NEW_SEATS = ("bots", "free")


def _bots_value(seats: frozenset[int]) -> str:
    return ",".join(str(s) for s in sorted(seats))


def _recorded_bots(settings: dict[str, str], players: int) -> frozenset[int] | None:
    """The bot seats the journal recorded, or None for a journal from before they were recorded."""
    if BOTS_KEY not in settings:
        return None
    parts = [p for p in settings[BOTS_KEY].split(",") if p.strip().isdigit()]
    return frozenset(int(p) for p in parts if int(p) < players)


#: the journal's setting that keeps the "play again" ready check: ``GAME:SEATS`` ("3:0,2"), the number
#: of the game it was asked in first, so a check of an earlier game never carries over
READY_KEY = "play_again"


def _recorded_ready(settings: dict[str, str], game: int) -> set[int]:
    """The seats the journal says asked to play again at the end of game number ``game``."""
    asked_in, _, seats = settings.get(READY_KEY, "").partition(":")
    if asked_in != str(game):
        return set()
    return {int(p) for p in seats.split(",") if p.strip().isdigit()}


def _seat_list(seats: frozenset[int]) -> str:
    if not seats:
        return "no seat"
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in sorted(seats))


def _generations(record: Any) -> int:
    return int(record.campaign["generations"]) if record.campaign else 0


def _describe(record: Any, options: tuple[str, ...] = ()) -> str:
    """A journaled game in words: "5-player game of NAME", "6-player 4-generation campaign", "4-player
    game of NAME with the table options a, b"."""
    length = _generations(record)
    what = f"{length}-generation campaign" if length else "game"
    if record.game != registry.DEFAULT_GAME:
        what = f"{what} of {record.game}"
    described = f"{record.players}-player {what}"
    return f"{described} with {_options_words(options)}" if options else described


def _options_on(game: str, state: Any) -> tuple[str, ...]:
    """The table options (``Game.table_options``) a dealt game was dealt with, sorted by name."""
    chosen = registry.table_rules(game).options_of(state)
    return tuple(sorted(name for name in registry.game(game).table_options if chosen.get(name)))


def _options_words(options: tuple[str, ...]) -> str:
    if not options:
        return "no table options"
    return ("the table option " if len(options) == 1 else "the table options ") + ", ".join(options)


def deal_game(
    players: int, generations: int, rng: random.Random, game: str = registry.DEFAULT_GAME
) -> tuple[Any, dict[str, Any], dict[str, Any] | None]:
    """A deal of ``game`` (a campaign of ``generations`` where the game has campaigns): its table
    adapter's ``deal``."""
    return registry.table_rules(game).deal(players, {"campaign": generations}, rng)


def game_from_record(
    players: int, deal: Any, campaign: dict[str, Any] | None, game: str = registry.DEFAULT_GAME
) -> Any:
    """The state of ``game`` right after a journaled deal (and, for a campaign, its later deals)."""
    return registry.table_rules(game).rebuild(players, deal, campaign)


#: what the table adds to the rules' public view, and to each seat's private view
TABLE_KEYS = ("names", "clock", "seats_locked", "join_code_needed", "game", "bots", "play_again", "evening",
              "retelling")
SEAT_KEYS = ("name", "feed", "pad_refusals", "table_feed", "last_move_by")


def rules_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what the table adds to it: exactly the rules core's view (tests compare the two)."""
    out = {k: v for k, v in view.items() if k not in TABLE_KEYS and k not in SEAT_KEYS}
    if isinstance(out.get("table"), dict):
        out["table"] = rules_part(out["table"])
    return out


def _tell(
    adapter: TableRules,
    state: Any,
    events: Any,
    action: Any,
    source: str,
    labels: list[str | None],
    version: int,
    log: deque[tuple[int, str]],
    feeds: list[deque[tuple[int, str]]],
    last_by: dict[int, str],
) -> None:
    """Add one accepted action's lines to the room's log and to each seat's own feed.

    Lines told at one version belong together: the phone shows them as one entry, in the order told
    here, so a forced move reads "Time ran out: ... You placed ..." and a bot's move for a seat a person
    takes later opens with who made it.
    """
    try:
        seat = adapter.seat_of(state, action)
        last_by[seat] = source
        if source == "clock":
            line, feed_line = adapter.forced_lines(action, seat, labels)
            log.append((version, line))
            feeds[seat].append((version, feed_line))
        log.extend((version, line) for line in adapter.log_lines(events, labels))
        for other, feed in enumerate(feeds):
            lines = adapter.seat_feed(events, other, labels)
            if lines and other == seat and source == "bot":
                lines = ["The bot moved for your seat:", *lines]
            feed.extend((version, line) for line in lines)
    except Exception:  # a log line must never cost an action
        traceback.print_exc()


def _finished(state: Any) -> bool:
    return bool(getattr(state, "over", False))


def _check_match(
    record: Any,
    config: TableConfig,
    path: Path,
    journal: Journal,
    finished: Callable[[], bool] = lambda: False,
) -> None:
    """Refuse to resume a game the flags do not describe: one line saying what was found and what to do
    (a finished game is not offered for resuming: there is nothing left to play)."""
    length = int(record.campaign["generations"]) if record.campaign else 0
    game_differs = "game" in config.require_match and record.game != config.game
    players_differ = "players" in config.require_match and record.players != config.players
    campaign_differs = "campaign" in config.require_match and length != config.campaign
    if not (game_differs or players_differ or campaign_differs):
        return
    journal.close()

    def kind(game: str, players: int, generations: int) -> str:
        what = f"{generations}-generation campaign" if generations else "game"
        if game != registry.DEFAULT_GAME or game_differs:
            what = f"{what} of {game}"
        return f"{players}-player {what}"

    found = kind(record.game, record.players, length)
    asked = kind(
        config.game if game_differs else record.game,
        config.players if players_differ else record.players,
        config.campaign if campaign_differs else length,
    )
    try:
        over = finished()
    except Exception:  # a journal that does not replay is looked at after this check, as before
        over = False
    if over:
        raise GameMismatch(
            f"{path} holds a finished {found}, not the {asked} asked for: add --new-game to archive it"
            " and deal the game asked for"
        )
    raise GameMismatch(
        f"{path} holds a {found} at move {len(record.actions)}, not the {asked}"
        " asked for: add --new-game to archive it and deal a new one, or leave out "
        + " and ".join(f"--{flag}" for flag in sorted(config.require_match))
        + " to resume it"
    )


def _replace_closed(snapshot: Snapshot) -> Snapshot:
    return dataclasses.replace(snapshot, serial=snapshot.serial + 1, closed=True)
