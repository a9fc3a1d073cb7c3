"""How a table is set up (``run``'s flags and config file, or a test's choice): :class:`TableConfig`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from controller.games import registry
from controller.table.bots import THINK_SECONDS


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
