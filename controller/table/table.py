"""The table: one game, one command queue, one loop thread that is the only writer.

Every input -- a phone's request, a pad press, a bot's move, a timer -- becomes a
:class:`~controller.table.command.Command` on a single queue. The loop thread takes commands one at a
time and hands each to its handler (a table of handlers by the command's kind); a handler applies it
with the pure rules core, journals it (one committed transaction) and only then publishes the new
views; the sender gets its answer after that. No other thread ever touches the game state.

Two classes keep that line visible:

- :class:`Table` is what every other thread holds: it puts commands on the queue and waits for their
  replies, reads the published snapshots, checks seat tokens and the per-seat rate limits. It holds
  nothing of the game but the queue and the :class:`~controller.table.snapshots.Publisher`.
- :class:`TableLoop` is the one writer, run by the loop thread (and built, before that thread starts,
  by the thread that opens the table). It owns the journal, the game dealt
  (:mod:`~controller.table.dealt`), the seats (:mod:`~controller.table.seats`), the host's commands
  (:mod:`~controller.table.host`), the bots' turns (:mod:`~controller.table.bot_turns`), the shot
  clock and the evening, and is the only caller of their methods.

Vote flipping is kept cheap (a selection can be changed as often as a player likes, and each change is
an action): a change of an already selected vote is rate-limited per seat before it is queued (429),
and a vote that a later vote of the same seat, already queued behind it, replaces is answered 409
``superseded`` instead of being journaled, so a burst becomes one journal row.

The loop knows no game: it drives the game it was dealt through the game's rules and its table adapter
(``TableRules``), both looked up by name in :mod:`controller.games.registry`. The journal records the
game's name, so a game resumes as what it is (:mod:`controller.table.resume`).
"""

from __future__ import annotations

import queue
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from typing import Any, Final

from controller.games import registry
from controller.table import evening, resume
from controller.table.bot_turns import BotTurns
from controller.table.command import (
    DONE,
    STOPPING,
    SUPERSEDED,
    TOO_FAST,
    TOO_FAST_RENAME,
    UNKNOWN_SEAT,
    Command,
    Outcome,
    PadWaiters,
    Reply,
    not_saved,
)
from controller.table.dealt import accepted
from controller.table.host import HostDesk
from controller.table.journal import JournalError, disk_full
from controller.table.ratelimit import SeatBuckets
from controller.table.retelling import Told
from controller.table.seating import Device
from controller.table.seats import BOTS_KEY, Seats
from controller.table.shotclock import ShotClock
from controller.table.snapshots import Publisher, Snapshot, build
from controller.table.table_config import TableConfig

#: the two buttons of a seat's pad (in J'Accuse they are the votes of the same names)
PADS_DECIDE: Final = ("reveal", "abstain")
#: seconds between tries to write the journal again after a write failed (a full disk)
PROBE_EVERY: Final = 5.0
#: the notice key of a journal that cannot be written (the OLED and the pages show it)
CANNOT_SAVE: Final = "journal"


class Table:
    """One running game, as every thread but the loop's sees it. Build with :meth:`open`, then
    :meth:`start`; stop with :meth:`stop`. Every method may be called from any thread."""

    def __init__(self, config: TableConfig, resumed: resume.Resumed) -> None:
        self.config = config
        self._queue: queue.Queue[Command] = queue.Queue()
        self._pads = PadWaiters()
        self._loop = TableLoop(config, resumed, self._queue, self._pads)
        self._publisher = self._loop.publisher
        burst = config.vote_change_burst
        self._vote_changes = SeatBuckets(config.vote_changes_per_second, burst)
        self._renames = SeatBuckets(config.vote_changes_per_second, burst)  # like vote changes
        self._thread: threading.Thread | None = None

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
        resumed = resume.open_data_dir(config)
        table = cls(config, resumed)
        # the bots take their seats (and the first snapshot is published) before the loop starts
        table._loop.seats.seat_bots(BOTS_KEY not in resumed.settings or config.bots_asked, config.bots,
                                    config.bots_asked)
        return table

    # ------------------------------------------------------------------ running
    def start(self) -> None:
        if self._thread is None:
            self._loop.bots.schedule()
            self._thread = threading.Thread(target=self._loop.run, name="table-loop", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Finish the commands already queued, close the journal and wake every waiter."""
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(Command("stop"))
            self._thread.join(timeout)
        self._loop.bots.stop(timeout)
        self._loop.journal.close_cleanly()
        self._publisher.close()

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> int:
        """The seats of the game dealt now (as last published)."""
        return self._publisher.current.players

    @property
    def game_name(self) -> str:
        """The game dealt now (as last published)."""
        return self._publisher.current.game_name

    @property
    def closed(self) -> bool:
        return self._publisher.closed

    def snapshot(self) -> Snapshot:
        return self._publisher.current

    def wait_for_change(self, after_serial: int, timeout: float | None) -> Snapshot:
        """Return the newest snapshot once its serial is past ``after_serial`` (or on timeout/close)."""
        return self._publisher.wait_for_change(after_serial, timeout)

    def add_listener(self, listener: Callable[[], object]) -> None:
        """Call ``listener()`` after every published change (and once on stop), from the loop thread.

        It must not block: read :meth:`snapshot` or hand over to another thread. The web server's
        broadcaster uses this to wake its event loop instead of keeping a thread waiting per stream.
        """
        self._publisher.add_listener(listener)

    def authenticate(self, token: str | None) -> int | None:
        """The seat a token belongs to, or None. Compares against every claim in constant time."""
        return self._publisher.authenticate(token)

    # ------------------------------------------------------------------ commands
    def _submit(self, cmd: Command, timeout: float) -> Outcome:
        if self._publisher.closed:
            return STOPPING
        reply = Reply()
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
        snap = self._publisher.current
        coalesced = registry.table_rules(snap.game_name).COALESCED_ACT
        if source == "phone" and action.act == coalesced and not self._may_change_vote(snap, seat):
            return TOO_FAST
        return self._submit(Command("act", seat=seat, payload=action, source=source, game=game), timeout)

    def parse_action(self, seat: int, data: object) -> tuple[Any, int]:
        """A phone's action read for ``seat`` by the game now dealt, and that game's number for
        :meth:`submit_action`. Raises the game's ``ActionFormatError`` (400) or
        ``controller.games.shape.SeatRefused``."""
        snap = self._publisher.current
        adapter = registry.table_rules(snap.game_name)
        return adapter.parse_action(snap.players, seat, data), snap.game

    def _may_change_vote(self, snap: Snapshot, seat: int) -> bool:
        if not 0 <= seat < len(snap.seats) or snap.seats[seat].get("selected") is None:
            return True  # the round's first selection
        return self._vote_changes.take(seat)

    def join(
        self, seat: int, name: object = None, code: object = None, timeout: float = 30.0,
        device: Device | None = None,
    ) -> Outcome:
        """Claim an unclaimed seat, with an optional name (and the join code when the host set one);
        ``data`` holds ``seat``, the new ``token`` and the cleaned ``name``.

        ``device`` says who asks (its address, and the seat its token already holds, if any): one device
        takes one seat unless the host allows more. None (the box itself, a test) is not limited.
        """
        return self._submit(Command("join", seat=seat, payload=(name, code, device)), timeout)

    def rename(self, seat: int, name: object, timeout: float = 30.0) -> Outcome:
        """A seated phone's new name (None or blank: no name).

        Each rename is a synced journal row and a broadcast, so a seat renames itself at most as often
        as it may change a vote (429 past that), before the command is queued ahead of anyone's move.
        """
        if not self._renames.take(seat):
            return TOO_FAST_RENAME
        return self._submit(Command("rename", seat=seat, payload=name), timeout)

    def host_setting(self, what: str, value: Any, timeout: float = 30.0) -> Outcome:
        """A host change: ``clock`` (seconds, 0 = off), ``join_code`` (a code, "new", or None),
        ``locked`` (bool), ``multi_seat`` (bool), ``hand_over`` (a bot's seat, freed for a person),
        ``to_bot`` (a seat, given to the bot), ``bot_name`` (``(seat, name)``), ``bot_level``
        (``(seat, level)``: who plays a bot's seat, one of ``bots.LEVELS``) or ``evening`` (a new
        evening's scoreboard). See :mod:`controller.table.host`."""
        return self._submit(Command("host", payload=(what, value)), timeout)

    def retell(self, told: Told | None, step: int | None = None, move: str | None = None,
               timeout: float = 30.0) -> Outcome:
        """Move the room's retelling of ``told`` (a game the records found over) to ``step``, or by
        ``move`` (one of ``retelling.MOVES``); ``told`` None ends it. Not journaled; ``data["retelling"]``
        is where it is now (see :meth:`controller.table.host.HostDesk.retell`)."""
        payload = None if told is None else (told, step, move)
        return self._submit(Command("retell", payload=payload), timeout)

    def release(self, seat: int, timeout: float = 30.0) -> Outcome:
        """Free a seat held by a phone (a lost phone); its token stops working."""
        return self._submit(Command("release", seat=seat), timeout)

    def new_game(
        self,
        only_if_over: bool = False,
        timeout: float = 30.0,
        *,
        game: str | None = None,
        players: int | None = None,
        replaces: int | None = None,
        seat: int = -1,
        options: dict[str, Any] | None = None,
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
        return self._submit(Command("new_game", seat=seat, payload=payload), timeout)

    def set_notice(self, key: str, line: str | None) -> None:
        """Show ``line`` in the box status until it is set again or cleared with None."""
        self._queue.put(Command("notice", payload=(key, line)))

    def press(self, seat: int, button: str) -> None:
        """A pad press (called from a device thread): queued, never blocks the caller."""
        if button in PADS_DECIDE and isinstance(seat, int) and 0 <= seat < self.players:
            self._queue.put(Command("pad", seat=seat, payload=button, source="pad"))

    def pad_waiter(self, seat: int, button: str) -> Reply:
        """A reply resolved by the next pad command for (seat, button), for the mock pad endpoint."""
        return self._pads.add(seat, button)

    def drop_pad_waiter(self, seat: int, button: str, reply: Reply) -> None:
        self._pads.drop(seat, button, reply)


class TableLoop:
    """The one writer: the loop thread's queue reader, its handlers and everything they change.

    Built by the thread that opens the table, then used by the loop thread only (:meth:`run`). Its
    parts (the seats, the host's desk, the bots) are handed this loop as the one they report to: they
    journal through :meth:`save`, move through :meth:`act`, and publish through :meth:`publish`.
    """

    def __init__(
        self, config: TableConfig, resumed: resume.Resumed, commands: queue.Queue[Command], pads: PadWaiters
    ) -> None:
        self.config = config
        self.journal = resumed.journal
        self.dealt = resumed.dealt
        settings = resumed.settings
        self.clock = ShotClock.from_settings(settings)
        self.evening = evening.load(settings)  # the games finished tonight (journaled: kept over restarts)
        self.seats = Seats(self, resumed.holders, settings, config.bots)
        self.bots = BotTurns(self, config, settings, resumed.history)
        self.host = HostDesk(self)
        self._queue = commands
        self._backlog: deque[Command] = deque()  # drained from the queue, in order
        self._pads = pads
        self._status = list(resumed.status)
        self._notices: dict[str, str] = {}  # faults that last only while they last (hub unplugged)
        self._probe_due: float | None = None  # while the journal cannot be written: when to try again
        self._clock_retry: float | None = None  # after a failed forced move, when to try again
        self._said = (time.time(), self.dealt.number)  # what the start found, said now
        self._serial = 0
        self._handlers: dict[str, Callable[[Command], Outcome]] = {
            "act": self._on_act,
            "pad": self._on_pad,
            "bot": lambda cmd: self.bots.play(cmd.payload),
            "clock": lambda cmd: self._clock_expired(),
            "join": lambda cmd: self.seats.join(cmd.seat, *cmd.payload),
            "release": lambda cmd: self.seats.release(cmd.seat),
            "rename": lambda cmd: self.seats.rename(cmd.seat, cmd.payload),
            "host": lambda cmd: self.host.setting(*cmd.payload),
            "retell": lambda cmd: self.host.retell(cmd.payload),
            "new_game": lambda cmd: self.host.new_game(cmd.seat, *cmd.payload),
            "notice": self._on_notice,
        }
        self.publisher = Publisher(self._snapshot(), self.seats.hashes())

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        """The loop thread's whole life: wait for the next command or deadline, handle it, reply."""
        ping = self.config.watchdog
        next_ping = time.monotonic()
        while True:
            now = time.monotonic()
            if ping is not None and now >= next_ping:
                ping()
                next_ping = now + self.config.watchdog_every
            cmd = self._next(now, next_ping if ping else None)
            if cmd is None:
                continue
            if cmd.kind == "stop":
                self._fail_pending()
                return
            if self._superseded(cmd):
                if cmd.reply is not None:
                    cmd.reply.set(SUPERSEDED)
                continue
            try:
                outcome = self.handle(cmd)
            except Exception:  # the loop must survive anything
                traceback.print_exc()
                outcome = Outcome.refused(409, "internal", "the table could not handle this request")
            if cmd.reply is not None:
                cmd.reply.set(outcome)
            self.bots.schedule()

    def _next(self, now: float, ping_due: float | None) -> Command | None:
        """The next command: the shot clock's when it is due, else the queue's, else the bot timer's
        (None: a wait ended with nothing to do)."""
        clock_due = self._clock_due(now)
        if clock_due is not None and clock_due <= now:
            # checked before the queue, so a stream of requests can never hold the clock up
            return Command("clock", source="clock")
        due = (self.bots.due, ping_due, clock_due, self._probe_due)
        deadlines = [d for d in due if d is not None]
        timeout = max(0.0, min(deadlines) - now) if deadlines else None
        try:
            return self._backlog.popleft() if self._backlog else self._queue.get(timeout=timeout)
        except queue.Empty:
            if self._probe_due is not None and time.monotonic() >= self._probe_due:
                self._probe_journal()
            if self.bots.due is None or time.monotonic() < self.bots.due:
                return None
            self.bots.due = None
            return Command("bot", source="bot")

    def handle(self, cmd: Command) -> Outcome:
        """Hand ``cmd`` to the handler of its kind (a kind nobody handles is refused)."""
        handler = self._handlers.get(cmd.kind)
        if handler is None:
            return Outcome.refused(400, "bad_command", f"unknown command {cmd.kind!r}")
        return handler(cmd)

    def _superseded(self, cmd: Command) -> bool:
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

    def _is_vote(self, cmd: Command) -> bool:
        """A command carrying the game's coalesced act (J'Accuse's vote) for the game now dealt."""
        act = self.dealt.adapter.COALESCED_ACT
        return (
            act is not None and cmd.kind == "act" and cmd.game in (None, self.dealt.number)
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
                cmd.reply.set(STOPPING)

    def post(self, command: Command) -> None:
        """Put a command on the queue (the bots' thinker does, from its own thread)."""
        self._queue.put(command)

    # ------------------------------------------------------------------ the handlers
    def _on_act(self, cmd: Command) -> Outcome:
        if cmd.game is not None and cmd.game != self.dealt.number:
            return Outcome.refused(409, "new_game", "a new game was dealt meanwhile; look at it again")
        return self.act(cmd.seat, cmd.payload, cmd.source)

    def _on_pad(self, cmd: Command) -> Outcome:
        dealt = self.dealt
        pressed = dealt.adapter.pad_action(dealt.state, cmd.seat, cmd.payload)
        if isinstance(pressed, dealt.rules.Refused):
            outcome = Outcome.refused(409, pressed.code, pressed.message)
        else:
            outcome = self.act(cmd.seat, pressed, "pad")
        if not outcome.ok:
            self.dealt.pad_refusals[cmd.seat] += 1
            self.publish()
        self._pads.resolve(cmd.seat, cmd.payload, outcome)
        return outcome

    def _on_notice(self, cmd: Command) -> Outcome:
        key, line = cmd.payload
        if line is None:
            self._notices.pop(key, None)
        else:
            self._notices[key] = str(line)
        self.publish()
        return DONE

    def act(self, seat: int, action: Any, source: str) -> Outcome:
        """Apply one action for ``seat``: checked by the rules, journaled, then told and published."""
        dealt = self.dealt
        if not 0 <= seat < dealt.players:
            return UNKNOWN_SEAT
        if source == "phone" and self.config.pads != "phone" and action.act in dealt.adapter.PAD_ACTS:
            return Outcome.refused(409, "pads_decide", "reveal and abstain are pressed on the seat's pad")
        try:
            result = dealt.apply(action)
        except Exception as exc:  # a bug in the rules must not take the table down
            traceback.print_exc()
            return Outcome.refused(409, "engine_error", f"the rules engine failed: {type(exc).__name__}")
        if isinstance(result, dealt.rules.Refused):
            return Outcome.refused(409, result.code, result.message)
        result = accepted(result)
        before, after = dealt.state, result.state
        seq = before.version + 1
        game = registry.game(dealt.name)
        deadline = self.clock.after_action(before, after, result.events, source, self.seats.all_seated(),
                                           time.time(), game.within_a_decision)
        changes = self.clock.settings(deadline) if deadline != self.clock.deadline else None
        tonight = self.evening
        if after.over and not before.over:  # this action ends the game: onto the scoreboard
            ended = evening.result(dealt.number, dealt.name, dealt.public_view(after), self.seats.labels(),
                                   game.title)
            tonight = [*self.evening, ended][-evening.EVENING_GAMES:]
            changes = {**(changes or {}), evening.EVENING_KEY: evening.dump(tonight)}
        refused = self.save(lambda: self.journal.append(seq, action.to_dict(), source, changes), "the action")
        if refused is not None:
            return refused
        self.bots.after_action(before, after, result.events)
        dealt.state = after
        dealt.hesitations.after(action, seat, dealt.public_view())
        self.evening = tonight
        self.clock.deadline = deadline
        if source != "clock":
            self.clock.idle = False
        # "bot" only for a seat the bot holds (a script may send moves as "bot" for a person's seat)
        told_as = source if source != "bot" or self.seats.is_bot(seat) else "phone"
        dealt.chronicle.tell(dealt.adapter, after, result.events, action, told_as, self.seats.labels(), seq)
        self.publish()
        return Outcome(ok=True, data={"me": self.publisher.current.seats[seat]})

    def deal_again(self) -> Outcome:
        """The next game, as the last one was dealt (every seated person agreed to play again)."""
        return self.host.deal()

    # ------------------------------------------------------------------ the shot clock
    def _clock_due(self, now: float) -> float | None:
        """The clock's deadline on the monotonic clock the loop waits with, or None."""
        if self.clock.deadline is None:
            return None
        due = now + max(0.0, self.clock.deadline - time.time())
        return due if self._clock_retry is None else max(due, self._clock_retry)

    def _clock_expired(self) -> Outcome:
        """Time is up for the decision at hand: the rules' forced moves, journaled as ``clock``."""
        self._clock_retry = None
        if self.clock.deadline is None or time.time() < self.clock.deadline:
            return DONE
        forced = self.dealt.adapter.forced_actions(self.dealt.state, self.bots.rng)
        if not forced:  # nothing the clock can do: stop it rather than fire again at once
            rows = self.clock.settings(None)
            refused = self.save(lambda: self.journal.set_settings(rows), "the change")
            if refused is not None:
                self._clock_retry = time.monotonic() + 1.0
                return refused
            self.clock.deadline = None
            self.publish()
            return DONE
        for action in forced:
            seat = self.dealt.adapter.seat_of(self.dealt.state, action)
            outcome = self.act(seat, action, "clock")
            if not outcome.ok:
                resume.say(f"the shot clock could not move for seat {seat}: {outcome.message}")
                self._clock_retry = time.monotonic() + 1.0
                return outcome
        self.clock.idle = True
        return DONE

    # ------------------------------------------------------------------ journal, then publish
    def save(self, write: Callable[[], object], what: str) -> Outcome | None:
        """Journal one change with ``write``; None once it is saved, else the refusal to answer with
        (the pages and the OLED then say the journal cannot be written, until a write works again)."""
        try:
            write()
        except JournalError as exc:
            self._cannot_save(exc)
            return not_saved(what)
        self._saved()
        return None

    def _cannot_save(self, exc: JournalError) -> None:
        if self._probe_due is None:
            resume.say(f"journal write failed: {exc}")
        full = "full" in str(exc).lower() or disk_full(self.journal.path)
        why = "the disk is full" if full else f"the journal cannot be written ({exc})"
        version = self.dealt.state.version
        self._notices[CANNOT_SAVE] = (
            f"cannot save: {why}; moves wait until it can (nothing is lost up to move {version})"
        )
        self._probe_due = time.monotonic() + PROBE_EVERY
        self.publish()

    def _saved(self) -> None:
        if self._probe_due is not None:
            self._probe_due = None
            self._notices.pop(CANNOT_SAVE, None)
            resume.say("journal writable again")
            # the caller publishes the change it saved

    def _probe_journal(self) -> None:
        """Try one small write; the fault clears by itself once there is room again."""
        try:
            self.journal.probe()
        except JournalError:
            self._probe_due = time.monotonic() + PROBE_EVERY
            return
        self._saved()
        self.publish()

    def _snapshot(self) -> Snapshot:
        return build(self._serial, self.dealt, self.seats, self.bots.seat_levels(), self.clock, self.evening,
                     self._status, self._notices, self._said, self.host.retelling)

    def publish(self) -> None:
        """A new snapshot for every reader (after every change the loop made)."""
        self._serial += 1
        self.publisher.publish(self._snapshot(), self.seats.hashes())
