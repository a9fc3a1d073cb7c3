"""When and how the bot seats move: quick bots on the loop, strong bots thought off it, held moves.

A :class:`BotTurns` is the table loop thread's alone; only the thinker's worker thread touches the
table besides, and it only puts a finished move on the loop's queue (``BotsLoop.post``).

- A seat the random or the sensible bot plays moves on the loop thread itself, when the bot timer
  (``due``, a monotonic time the loop waits for) fires: a quick move of one awaited seat at a time,
  about ``bot_delay`` seconds apart so people can follow.
- A seat the strong bot plays is handed to the :class:`~controller.table.bots.Thinker` as a job (the
  seat's own view and the events so far). Its move comes back as a ``bot`` command stamped with the
  game and the decision it was thought for: played when due, held until then, dropped when the
  decision has passed (the seat is then asked again). With the shot clock running, a strong move is in
  before the deadline.
- The events of the game so far (the strong bot's public history, the sensible bot's memory), the
  decision counter and each seat's level (the host's choice, journaled as ``bot_level:S``) live here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from controller.games import registry
from controller.games.shape import Event, MemoryShape
from controller.table.bots import CLOCK_MARGIN, LEVELS, MAX_WALL_SECONDS, BotMove, Job, Thinker
from controller.table.command import DONE, Command, Outcome
from controller.table.dealt import Dealt
from controller.table.seats import Seats
from controller.table.shotclock import ShotClock
from controller.table.table_config import TableConfig


class BotsLoop(Protocol):
    """What the bots need of the table loop: the game dealt, the seats, the clock, a way to move and
    a way back onto the queue."""

    dealt: Dealt
    seats: Seats
    clock: ShotClock

    def act(self, seat: int, action: Any, source: str) -> Outcome: ...

    def post(self, command: Command) -> None: ...


class BotTurns:
    """The bots' side of the table (loop thread only; see the module docstring)."""

    def __init__(
        self, loop: BotsLoop, config: TableConfig, settings: Mapping[str, str], history: Sequence[Event] = ()
    ) -> None:
        self._loop = loop
        self._delay = config.bot_delay
        self._think_seconds = config.bot_think
        self._default_level = config.bot_level
        #: the bots' randomness (and the shot clock's forced moves'): seeded by the table's seed
        self.rng = random.Random(config.seed)
        #: when the bot timer fires next (monotonic), or None
        self.due: float | None = None
        players = loop.dealt.players
        # per seat, the host's choice of bot (journaled as ``bot_level:S``); else config.bot_level
        self.levels = {s: settings[f"bot_level:{s}"] for s in range(players)
                       if settings.get(f"bot_level:{s}") in LEVELS}
        self.history: list[Event] = list(history)  # every event of this game, for the strong bot
        self._memory: MemoryShape | None = None  # the sensible bot's, made when first asked
        self.decision = 0  # a strong move thought for an earlier decision is stale
        self.thinking: dict[int, float] = {}  # seat -> when its move is due
        self._held: dict[int, tuple[BotMove, float]] = {}
        self._thinker: Thinker | None = None

    # ------------------------------------------------------------------ who plays
    def level(self, seat: int) -> str:
        """Who plays ``seat`` when a bot does: the host's choice, else the table's default."""
        level = self.levels.get(seat, self._default_level)
        if level == "strong" and not registry.game(self._loop.dealt.name).sampler:
            return "sensible"  # a game without a sampler has no strong bot yet
        return level

    def seat_levels(self) -> tuple[str | None, ...]:
        """Per seat: who plays it when a bot does (None: no bot plays it now)."""
        seats = self._loop.seats
        return tuple(self.level(s) if seats.is_bot(s) else None for s in range(seats.players))

    def set_level(self, seat: int, level: str) -> None:
        """The host's choice (journaled): the seat is asked again at its new level."""
        self.levels[seat] = level
        self.forget([seat])

    # ------------------------------------------------------------------ the game goes on
    def after_action(self, before: Any, after: Any, events: Sequence[Event]) -> None:
        """An action was journaled: remember its events; a new decision makes earlier thoughts stale."""
        inside = registry.game(self._loop.dealt.name).within_a_decision
        if before.phase != after.phase or after.over or any(e.get("type") not in inside for e in events):
            self.decision += 1
            self._held.clear()
            if self._thinker is not None:  # a question not yet taken up is asked again, afresh
                for waiting in self._thinker.forget():
                    self.thinking.pop(waiting, None)
        self.history.extend(events)
        if self._memory is not None:
            self._memory.observe(tuple(events))

    def new_deal(self, players: int) -> None:
        """A new game: nothing of the last one counts (its levels stay for the seats the deal keeps)."""
        self.due = None
        self.levels = {s: v for s, v in self.levels.items() if s < players}
        self.history = []
        self._memory = None
        self.decision += 1
        self.forget()

    def forget(self, seats: Sequence[int] | None = None) -> None:
        """Drop the bots' questions and held moves for ``seats`` (None: all): the seat is asked again
        as it is now (a new level, a person in the seat, a new deal)."""
        for seat in list(self.thinking) if seats is None else seats:
            self.thinking.pop(seat, None)
            self._held.pop(seat, None)
        if self._thinker is not None:
            self._thinker.forget(seats)

    def stop(self, timeout: float) -> None:
        if self._thinker is not None:
            self._thinker.stop(timeout)

    # ------------------------------------------------------------------ moving
    def schedule(self) -> None:
        """After every command (and at start): ask the strong bots awaited, and set the bot timer."""
        dealt = self._loop.dealt
        if not self._loop.seats.bots or dealt.state.over:
            return
        awaited = [s for s in dealt.rules.awaiting(dealt.state) if self._loop.seats.is_bot(s)]
        if not awaited:
            return
        delay = self._delay
        now = time.monotonic()
        for seat in awaited:
            if self.level(seat) == "strong" and seat not in self.thinking and seat not in self._held:
                self._think(seat, now + self.rng.uniform(0.5 * delay, 1.5 * delay))
        if self.due is None and any(self.level(s) != "strong" for s in awaited):
            self.due = now + self.rng.uniform(0.5 * delay, 1.5 * delay)
        for _, due in self._held.values():
            self.due = due if self.due is None else min(self.due, due)

    def play(self, move: BotMove | None) -> Outcome:
        """The ``bot`` command: the bot timer fired (None), or a strong move came back."""
        return self._on_timer() if move is None else self._on_move(move)

    def _on_timer(self) -> Outcome:
        """A strong move held until its time, or one random or sensible bot's move."""
        now = time.monotonic()
        for seat, (move, due) in list(self._held.items()):
            if due <= now:
                del self._held[seat]
                return self._play_strong(move)
        dealt = self._loop.dealt
        waiting = [s for s in dealt.rules.awaiting(dealt.state)
                   if self._loop.seats.is_bot(s) and self.level(s) != "strong"]
        self.rng.shuffle(waiting)
        for seat in waiting:
            action = self._quick_action(seat)
            if action is not None:
                return self._loop.act(seat, action, "bot")
        return DONE

    def _quick_action(self, seat: int) -> Any:
        """A move thought on the loop thread: the rules' random bot, or the sensible one (a few rules of
        thumb over what the table has seen)."""
        dealt = self._loop.dealt
        if self.level(seat) == "random":
            return dealt.rules.bot_action(dealt.state, seat, self.rng)
        strategy = registry.strategy(dealt.name)
        if self._memory is None:
            self._memory = strategy.TableMemory()
            self._memory.observe(tuple(self.history))
        return strategy.sensible_action(dealt.state, seat, self.rng, self._memory)

    def _on_move(self, move: BotMove) -> Outcome:
        """A strong bot's move from the thinker: played when due, held until then, dropped when stale
        (the decision it was thought for has passed: the seat is asked again)."""
        due = self.thinking.pop(move.seat, None)
        if due is None or move.game != self._loop.dealt.number or move.decision != self.decision:
            return DONE
        if due > time.monotonic():
            self._held[move.seat] = (move, due)
            return DONE
        return self._play_strong(move)

    def _play_strong(self, move: BotMove) -> Outcome:
        seat, dealt = move.seat, self._loop.dealt
        if (move.game != dealt.number or move.decision != self.decision or not self._loop.seats.is_bot(seat)
                or self.level(seat) != "strong" or seat not in dealt.rules.awaiting(dealt.state)):
            return DONE
        if move.action is not None:
            outcome = self._loop.act(seat, move.action, "bot")
            if outcome.ok:
                return outcome
        action = self._quick_action(seat)  # nothing found, or refused: the sensible move instead
        return DONE if action is None else self._loop.act(seat, action, "bot")

    def _think(self, seat: int, due: float) -> None:
        """Ask the thinker for ``seat``'s move: from its own view and the events so far, nothing else."""
        think = self._think_seconds
        wall = max(think, min(MAX_WALL_SECONDS, 10 * think))
        deadline = self._loop.clock.deadline
        if deadline is not None:  # in before the shot clock, whatever the load
            left = deadline - time.time() - CLOCK_MARGIN
            wall = max(0.05, min(wall, left / 2))
            due = min(due, time.monotonic() + max(0.0, left))
        if self._thinker is None:
            post = self._loop.post  # called from the thinker's worker thread: it only queues

            def deliver(move: BotMove) -> None:
                post(Command("bot", seat=move.seat, payload=move, source="bot"))

            self._thinker = Thinker(deliver)
        self.thinking[seat] = due
        dealt = self._loop.dealt
        self._thinker.post(Job(
            seat=seat, game=dealt.number, decision=self.decision, game_name=dealt.name,
            view=dealt.rules.seat_view(dealt.state, seat), history=tuple(self.history),
            seed=self.rng.getrandbits(64), think=think, wall=wall,
        ))
