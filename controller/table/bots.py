"""The strong bots' thinking, off the table loop's thread.

The table loop stays the only writer: when a seat the strong bot plays is awaited, the loop hands a
``Job`` to the ``Thinker`` (that seat's private view, the public events so far, a seed and a budget)
and goes back to its queue at once. The thinker's one worker thread searches (``controller.games.
search``) and gives the move back as an ordinary command on the table's queue, stamped with the game
and the decision it was thought for; the loop drops a move whose decision has passed and asks again.
So a phone's action never waits behind a bot's thinking. Not even for the interpreter's lock: the
worker thread hands each job to a helper process (started with the first job, a fresh interpreter
that imports only the games) and waits for its answer without holding the lock. Searching on the
worker thread itself held the lock for the box's other threads; each hand-over on a phone's path (the
server's loop, its worker, the table loop) then waited up to a switch interval, and a phone's median
went from 6 to 30 ms with four strong bots at the table (benchmarks/bot_latency.py). The helper runs
at a lower OS priority, so on a busy core the box's own threads come first; on a Pi it has a core of
its own. Should it die, the next job starts another, and the seat meanwhile plays sensibly.

The job holds only what the seat may know: never the state. That is the table's half of the promise
the search makes in ``controller/games/search/bot.py``.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from controller.config import BOT_LEVELS
from controller.games import registry
from controller.games.shape import Event

if TYPE_CHECKING:  # the search and the helper's machinery load with the first strong bot, not at start
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from controller.games.search import Budget

#: who can play a bot seat: the rules' random bot, the game's rules of thumb, or the search
LEVELS: Final = BOT_LEVELS
#: the strong bot's CPU time per decision at full speed (the issue's budget; about a second on a Pi)
THINK_SECONDS: Final = 0.1
#: however long the CPU budget, a decision takes at most this many seconds of wall time (a busy box
#: answers with what the search found so far, never later)
MAX_WALL_SECONDS: Final = 3.0
#: a strong move is in before the shot clock's deadline by at least this much
CLOCK_MARGIN: Final = 1.0
#: how much nicer than the box the helper process runs (19: the lowest priority, it takes only the CPU
#: the box leaves idle; its budget is CPU time, so that costs it wall time, not strength)
NICER: Final = 19


@dataclass(frozen=True)
class Job:
    """What one strong decision may know, and when it is wanted."""

    seat: int
    game: int  # the table's game number
    decision: int  # the table's decision counter when asked (a later decision makes the move stale)
    game_name: str
    view: dict[str, Any]  # the rules' private view of ``seat`` (no table additions, no other seat's)
    history: tuple[Event, ...]  # every event of this game so far (made public before searching)
    seed: int
    think: float  # CPU seconds (the worker thread's own)
    wall: float  # wall seconds at most


@dataclass(frozen=True)
class BotMove:
    """A strong bot's move, back on the table's queue."""

    seat: int
    game: int
    decision: int
    action: Any  # None: the search found nothing to do
    seconds: float  # CPU seconds the decision took


def budget_for(think: float, wall: float) -> Budget:
    """A budget of ``think`` CPU seconds of the calling thread, cut short after ``wall`` seconds.

    The search reads one clock; this one runs at the faster of the two, in CPU seconds: the thread's
    own CPU time, or the wall time scaled so that ``wall`` seconds read as ``think``.
    """
    from controller.games.search import Budget
    cpu0, wall0 = time.thread_time(), time.monotonic()
    scale = think / wall if wall > 0 else 1.0

    def clock() -> float:
        time.sleep(0)  # read once a round of play-outs: let the table's threads have the interpreter
        return max(time.thread_time() - cpu0, (time.monotonic() - wall0) * scale)

    return Budget(rollouts=1_000_000, seconds=think, clock=clock)


def decide(job: Job) -> BotMove:
    """The search for ``job`` (any thread; pure but for the clock)."""
    from controller.games.search import search
    sampler = registry.sampler(job.game_name)
    history = [sampler.public_event(e) for e in job.history]
    started = time.thread_time()
    result = search(registry.rules(job.game_name), registry.strategy(job.game_name), sampler, job.view,
                    history, random.Random(job.seed), budget_for(job.think, job.wall))
    action = None if result is None else result.action
    return BotMove(job.seat, job.game, job.decision, action, time.thread_time() - started)


class Thinker:
    """One worker thread that runs the strong bots' searches, one job at a time, oldest first.

    A newer job for a seat replaces the one still waiting for it. ``deliver`` gets each move (from the
    worker thread; it must only queue it).
    """

    def __init__(self, deliver: Callable[[BotMove], object], helper: bool = True) -> None:
        self._deliver = deliver
        self._helper = helper  # False: search on the worker thread itself (tests)
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None
        self._jobs: dict[int, Job] = {}  # seat -> its waiting job, in the order they were asked
        self._cond = threading.Condition()
        self._stopping = False
        self._thread: threading.Thread | None = None
        #: CPU seconds of each decision so far (benchmarks read it)
        self.spent: list[float] = []

    def post(self, job: Job) -> None:
        with self._cond:
            self._jobs.pop(job.seat, None)
            self._jobs[job.seat] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="bot-thinker", daemon=True)
                self._thread.start()
            self._cond.notify()

    def forget(self, seats: Sequence[int] | None = None) -> list[int]:
        """Drop the waiting jobs of ``seats`` (None: all), e.g. for a new deal or a new level; the
        seats whose job was dropped (a job being thought about is not: its move comes back stale)."""
        with self._cond:
            dropped = [s for s in (list(self._jobs) if seats is None else seats) if s in self._jobs]
            for seat in dropped:
                del self._jobs[seat]
            return dropped

    def stop(self, timeout: float = 5.0) -> None:
        with self._cond:
            self._stopping = True
            self._jobs.clear()
            self._cond.notify()
        process = self._process
        if process is not None:  # the worker's wait for an answer ends with the helper
            process.terminate()
            process.join(timeout)
        if self._thread is not None:
            self._thread.join(timeout)

    def _ask(self, job: Job) -> BotMove:
        """The helper's answer to ``job`` (a new helper if there is none, or it died)."""
        if not self._helper:
            return decide(job)
        if self._conn is None or self._process is None or not self._process.is_alive():
            import multiprocessing

            context = multiprocessing.get_context("spawn")  # no fork of a threaded box
            ours, theirs = context.Pipe()
            process = context.Process(target=_helper_main, args=(theirs,), name="bot-helper", daemon=True)
            process.start()
            theirs.close()
            self._conn, self._process = ours, process
        try:
            self._conn.send(job)
            answer: BotMove = self._conn.recv()
            return answer
        except (EOFError, OSError):
            self._conn = None
            raise

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._jobs or self._stopping)
                if self._stopping:
                    return
                seat = next(iter(self._jobs))
                job = self._jobs.pop(seat)
            try:
                move = self._ask(job)
            except Exception:  # a fault in the search must not end the thinking: the seat plays sensibly
                if self._stopping:
                    return
                traceback.print_exc()
                move = BotMove(job.seat, job.game, job.decision, None, 0.0)
            self.spent.append(move.seconds)
            self._deliver(move)


def _helper_main(conn: Connection) -> None:
    """The helper process: answer each job with its move until the box closes the pipe."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICER)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            move = decide(job)
        except Exception:
            traceback.print_exc()
            move = BotMove(job.seat, job.game, job.decision, None, 0.0)
        try:
            conn.send(move)
        except (OSError, KeyboardInterrupt):
            return
