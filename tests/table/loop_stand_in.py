"""A stand-in for the table loop, for the tests of the loop's parts on their own (seats, the host's
desk, the bots' turns): the real parts and the game dealt, a journal that only records what it is
asked to write (or refuses, like a full disk), and every publish, move and posted command counted."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.games import registry
from controller.table.bot_turns import BotTurns
from controller.table.command import Command, Outcome, not_saved
from controller.table.dealt import Dealt, accepted
from controller.table.host import HostDesk
from controller.table.journal import JournalError
from controller.table.seats import Holders, Seats
from controller.table.shotclock import ShotClock
from controller.table.table_config import TableConfig


class Journal:
    """Keeps every write as (method, arguments); ``full`` makes each write fail as a full disk does."""

    def __init__(self) -> None:
        self.writes: list[tuple[str, tuple[Any, ...]]] = []
        self.full = False
        self.path = Path("journal.sqlite3")

    def _write(self, name: str, *args: Any) -> None:
        if self.full:
            raise JournalError("database or disk is full")
        self.writes.append((name, args))

    def claim_seat(self, seat: int, token_hash: str, kind: str, rows: Any = None) -> None:
        self._write("claim_seat", seat, token_hash, kind, dict(rows or {}))

    def release_seat(self, seat: int, rows: Any = None) -> None:
        self._write("release_seat", seat, dict(rows or {}))

    def set_settings(self, rows: Any) -> None:
        self._write("set_settings", dict(rows))

    def start_game(self, players: int, deal: Any, seed: Any, campaign: Any, game: str, rows: Any = None,
                   *, archive: bool = False, ended: Any = None) -> None:
        self._write("start_game", players, game, dict(rows or {}), archive)

    def rows(self) -> dict[str, Any]:
        """Every settings row written so far, the last value of each."""
        out: dict[str, Any] = {}
        for _, args in self.writes:
            for arg in args:
                if isinstance(arg, dict):
                    out.update(arg)
        return out


class Loop:
    """The loop's side the parts see (``SeatsLoop``, ``HostLoop``, ``BotsLoop``)."""

    def __init__(
        self,
        game: str = "jaccuse",
        players: int = 5,
        holders: Holders | None = None,
        settings: dict[str, str] | None = None,
        level: str = "random",
        delay: float = 60.0,
        seed: int = 7,
    ) -> None:
        state, _, _ = registry.table_rules(game).deal(players, {}, random.Random(seed))
        self.dealt = Dealt(game, state, 1)
        self.clock = ShotClock.from_settings(settings or {})
        self.journal = Journal()
        self.evening: list[dict[str, Any]] = []
        self.published = 0
        self.moves: list[tuple[int, Any, str]] = []
        self.posted: list[Command] = []
        config = TableConfig(data_dir=Path("."), players=players, game=game, seed=seed, bot_level=level,
                             bot_delay=delay, bot_think=0.002)
        self.seats = Seats(self, holders or {}, settings or {}, 0)  # type: ignore[arg-type]
        self.bots = BotTurns(self, config, settings or {})  # type: ignore[arg-type]
        self.host = HostDesk(self)  # type: ignore[arg-type]

    def save(self, write: Callable[[], object], what: str) -> Outcome | None:
        try:
            write()
        except JournalError:
            return not_saved(what)
        return None

    def publish(self) -> None:
        self.published += 1

    def deal_again(self) -> Outcome:
        return self.host.deal()

    def act(self, seat: int, action: Any, source: str) -> Outcome:
        result = self.dealt.apply(action)
        if isinstance(result, self.dealt.rules.Refused):
            return Outcome.refused(409, result.code, result.message)
        result = accepted(result)
        self.bots.after_action(self.dealt.state, result.state, result.events)
        self.dealt.state = result.state
        self.moves.append((seat, action, source))
        return Outcome(ok=True)

    def post(self, command: Command) -> None:
        self.posted.append(command)

    def play_to_the_end(self) -> None:
        """Every seat moves as the random bot until the game is over."""
        rng = random.Random(1)
        rules = self.dealt.rules
        while not self.dealt.state.over:
            seat = rules.awaiting(self.dealt.state)[0]
            assert self.act(seat, rules.bot_action(self.dealt.state, seat, rng), "bot").ok
