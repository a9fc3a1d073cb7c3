"""How a table comes back from its data dir: the journal opened and replayed, or a new game dealt.

:func:`open_data_dir` runs on the thread that builds the table, before the loop starts; it hands the
loop everything it will own (:class:`Resumed`). It looks at the data dir before opening anything
read-write (:mod:`controller.table.traces`), replays the journaled actions with today's rules and
names (the same :class:`~controller.table.dealt.Chronicle` the loop tells new actions with), and says
in one status line what it found: a game resumed, a damaged journal set aside, a lost move.
"""

from __future__ import annotations

import random
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller.games import registry
from controller.games.shape import Event
from controller.table import seating, traces
from controller.table.dealt import Chronicle, Dealt, accepted
from controller.table.hesitation import Hesitations
from controller.table.journal import (
    FILENAME,
    CorruptJournal,
    GameRecord,
    Journal,
    JournalError,
    JournalUnavailable,
    move_aside,
    unavailable,
)
from controller.table.seats import BOTS_KEY, Holders, last_seats, seats_value
from controller.table.table_config import TableConfig

#: how the status line starts when a saved move did not read back at start-up (the OLED says MOVE LOST)
MOVE_LOST = "move lost"
#: the status line of a damaged journal set aside for a new game (the OLED says JOURNAL SET ASIDE)
SET_ASIDE = "journal recovered"


class GameMissing(JournalUnavailable):
    """The data dir shows a game was kept there but holds no readable one; the message says what to do."""


class GameMismatch(JournalError):
    """The journal holds a game the flags do not describe; the message says what to do, in one line."""


def say(line: str) -> None:
    """A line for the box's log (stderr), at once."""
    print(line, file=sys.stderr, flush=True)


@dataclass
class Rebuilt:
    """A journaled game replayed: the state, what the table told of it, the re-selections counted, the
    events (for the bots), and why the replay stopped early (None: every action replayed)."""

    state: Any
    chronicle: Chronicle
    hesitations: Hesitations
    history: list[Event] = field(default_factory=list)
    stopped: str | None = None


@dataclass
class Resumed:
    """What the loop starts from: the open journal, the game dealt, who holds the seats, the journal's
    settings rows, the start's status lines and the game's events so far."""

    journal: Journal
    dealt: Dealt
    holders: Holders
    settings: dict[str, str]
    status: list[str]
    history: list[Event]


def open_data_dir(config: TableConfig) -> Resumed:
    """Open the journal in ``config.data_dir`` and rebuild the game from it, or start a new one (see
    ``Table.open`` for what becomes of a damaged, half-readable or unusable journal)."""
    data_dir = Path(config.data_dir)
    path = data_dir / FILENAME
    status: list[str] = []
    found = _look(data_dir, path, config.new_game, status)
    journal = _open_journal(path, status) if path.exists() else None
    if journal is not None and journal.missing_tables:
        lost = ", ".join(journal.missing_tables)
        say(f"journal {path} had lost its {lost} table(s), recreated empty"
            + ("; every seat must be joined again" if "seats" in journal.missing_tables else ""))
        status.append(f"journal had lost its {lost} table(s)")
    settings: dict[str, str] = {}
    game = registry.check_game(config.game)
    holders: Holders = {}
    replayed: Rebuilt | None = None
    if journal is not None and journal.has_game():
        try:
            record = journal.load()
            _check_match(record, config, path, journal, lambda: _finished(rebuild(record).state))
            replayed = rebuild(record)
            holders = {s: v for s, v in record.seats.items() if 0 <= s < record.players}
            settings = record.settings
            game = record.game
        except (CorruptJournal, ValueError) as exc:
            journal.close()
            aside = move_aside(path)
            say(f"journal {path} could not be replayed ({exc}); moved to {aside.name}, new game")
            status.append("journal recovered")
            journal = None
            replayed = None
            game = registry.check_game(config.game)
        else:
            _say_resumed(record, replayed, config, journal, found, status)
    state: Any = None if replayed is None else replayed.state
    if state is None:
        journal, state = _deal_new(config, game, path, journal)
    assert journal is not None  # opened with its game, or made for the new one
    try:
        journal.mark_open()
    except JournalError as exc:
        journal.close()
        raise unavailable(path, f"cannot write it ({exc})") from exc
    number = journal.games_played() + 1
    if replayed is None:
        dealt = Dealt(game, state, number)
    else:
        dealt = Dealt(game, state, number, replayed.chronicle, replayed.hesitations)
    history = [] if replayed is None else replayed.history
    return Resumed(journal, dealt, holders, settings, status, history)


def _say_resumed(
    record: GameRecord, replayed: Rebuilt, config: TableConfig, journal: Journal, found: traces.Look,
    status: list[str],
) -> None:
    """What a resumed game says at start: the actions set aside, the move lost, or what was resumed."""
    path, state = journal.path, replayed.state
    if replayed.stopped is not None:
        _set_aside_tail(journal, state.version, record.stored, replayed.stopped, status)
    # the flags that differ were not given (``_check_match`` refuses those that were): say what is
    # resumed, and name no flag the command line did not hold
    on = _options_on(record.game, state)
    asked = tuple(sorted(config.options)) if record.game == config.game else on
    if on != asked and "options" in config.require_match:
        journal.close()
        where = "finished" if _finished(state) else f"at move {len(record.actions)}"
        raise GameMismatch(
            f"{path} holds a {describe(record, on)} ({where}), not one with "
            f"{_options_words(asked)}: add --new-game to archive it and deal a new one, or leave"
            " out --option to resume it"
        )
    what = describe(record, on)
    differs = record.game != config.game or record.players != config.players or (
        _generations(record) != config.campaign and record.game == config.game
    ) or on != asked
    if differs:
        say(f"the data dir holds a {what}: resuming it (--new-game deals a new one)")
    if found.wal.damaged:
        _say_lost(path, found, state.version, status)
    elif replayed.stopped is None and (record.actions or differs):
        at = f" at move {state.version}" if record.actions else ""
        status.append(f"resumed the {what}{at}")


def _deal_new(config: TableConfig, game: str, path: Path, journal: Journal | None) -> tuple[Journal, Any]:
    """A new game of ``game`` as the config asks, recorded in the journal (made whole under another
    name, then renamed, when there is none: never left empty)."""
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
        bots = {BOTS_KEY: seats_value(last_seats(config.bots, players))}

        def record(journal: Journal) -> None:
            journal.start_game(players, deal_data, seed, campaign, game, bots)

        if journal is None:
            journal = Journal.create(path, record)
        else:
            record(journal)
    except JournalError as exc:
        if journal is not None:
            journal.close()
        raise unavailable(path, f"cannot record a new game ({exc})") from exc
    return journal, state


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
        say(f"--new-game: the journal of the last game is kept as {aside}; dealing a new game")
        status.append("a new game was dealt (the last one is kept in the archive)")
        return traces.Look("missing")
    try:
        if found.kind == "damaged":
            aside = move_aside(path)
            say(f"journal {path} is damaged ({found.detail}); moved to {aside.name} with its -wal, "
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


def _say_lost(path: Path, found: traces.Look, version: int, status: list[str]) -> None:
    """A -wal whose last saved change(s) do not read back: the game goes on, and says so."""
    lost = found.wal.lost_commits
    say(f"journal {path}: the last {lost} saved change(s) in its -wal do not read back (a damaged "
        f"file): a move was lost; resuming at move {version}"
        + (f"; {found.detail}" if found.detail else ""))
    status.append(f"{MOVE_LOST}: the last saved move(s) did not read back; resumed at move {version}")


def _open_journal(path: Path, status: list[str]) -> Journal | None:
    """Open the journal; only damage moves it aside (None: deal a new game; a JournalUnavailable goes
    to the caller)."""
    try:
        return Journal.open(path)
    except CorruptJournal as exc:
        aside = move_aside(path)
        say(f"journal {path} is damaged ({exc}); moved to {aside.name}, starting a new game")
        status.append("journal recovered")
        return None


def rebuild(record: GameRecord) -> Rebuilt:
    """Replay the journaled actions: the state, the log and feeds they told (with today's names), who
    made each seat's latest move, the count of re-selections (for the public version, see
    Hesitations) and every event (for the bots).

    Stops at the first action that no longer replays; ``stopped`` then says why.
    """
    rules = registry.rules(record.game)
    adapter = registry.table_rules(record.game)
    state = adapter.rebuild(record.players, record.deal, record.campaign)
    counter = Hesitations(adapter.COALESCED_ACT, rules.public_view(state))
    done = Rebuilt(state, Chronicle(record.players), counter)
    labels = seating.labels(seating.names_from_settings(record.settings, record.players))
    sources = record.sources or ["phone"] * len(record.actions)
    for n, (data, source) in enumerate(zip(record.actions, sources, strict=True), 1):
        try:
            action = rules.Action.from_dict(data)
            result = rules.apply(done.state, action)
        except rules.ActionFormatError as exc:
            done.stopped = f"action {n} is not a valid action ({exc})"
            return done
        except Exception as exc:  # anything a hand edit can provoke (RecursionError included)
            done.stopped = f"action {n} cannot be replayed ({type(exc).__name__})"
            return done
        if isinstance(result, rules.Refused):
            done.stopped = f"action {n} is refused by this version's rules ({result.code})"
            return done
        result = accepted(result)
        coalesced = getattr(action, "act", None) == adapter.COALESCED_ACT  # only those can be re-selections
        seat = adapter.seat_of(done.state, action) if coalesced else -1
        counter.after(action, seat, rules.public_view(result.state))
        done.state = state = result.state
        done.history.extend(result.events)
        done.chronicle.tell(adapter, state, result.events, action, source, labels, state.version)
    done.stopped = record.unreadable
    return done


def _set_aside_tail(journal: Journal, version: int, stored: int, why: str, status: list[str]) -> None:
    """Keep the actions that no longer replay in the journal's ``set_aside`` table, and say so."""
    try:
        moved = journal.set_aside(version, why)
    except JournalError as exc:
        journal.close()
        what = f"cannot set aside the actions that no longer replay ({exc})"
        raise unavailable(journal.path, what) from exc
    say(
        f"journal {journal.path}: {why}; resuming at move {version} of {stored}, the {moved} later "
        f"action(s) are kept in its set_aside table"
    )
    status.append(f"resumed at move {version}: {moved} later action(s) set aside")


def _generations(record: GameRecord) -> int:
    return int(record.campaign["generations"]) if record.campaign else 0


def _kind(game: str, players: int, generations: int, named: bool = False) -> str:
    """A game in words: "5-player game", "6-player 4-generation campaign of NAME" (the default game
    goes unnamed unless ``named``)."""
    what = f"{generations}-generation campaign" if generations else "game"
    if game != registry.DEFAULT_GAME or named:
        what = f"{what} of {game}"
    return f"{players}-player {what}"


def describe(record: GameRecord, options: tuple[str, ...] = ()) -> str:
    """A journaled game in words: "5-player game of NAME", "6-player 4-generation campaign", "4-player
    game of NAME with the table options a, b"."""
    described = _kind(record.game, record.players, _generations(record))
    return f"{described} with {_options_words(options)}" if options else described


def _options_on(game: str, state: Any) -> tuple[str, ...]:
    """The table options (``Game.table_options``) a dealt game was dealt with, sorted by name."""
    chosen = registry.table_rules(game).options_of(state)
    return tuple(sorted(name for name in registry.game(game).table_options if chosen.get(name)))


def _options_words(options: tuple[str, ...]) -> str:
    if not options:
        return "no table options"
    return ("the table option " if len(options) == 1 else "the table options ") + ", ".join(options)


def _finished(state: Any) -> bool:
    return bool(getattr(state, "over", False))


def _check_match(
    record: GameRecord,
    config: TableConfig,
    path: Path,
    journal: Journal,
    finished: Callable[[], bool] = lambda: False,
) -> None:
    """Refuse to resume a game the flags do not describe: one line saying what was found and what to do
    (a finished game is not offered for resuming: there is nothing left to play)."""
    length = _generations(record)
    game_differs = "game" in config.require_match and record.game != config.game
    players_differ = "players" in config.require_match and record.players != config.players
    campaign_differs = "campaign" in config.require_match and length != config.campaign
    if not (game_differs or players_differ or campaign_differs):
        return
    journal.close()
    found = _kind(record.game, record.players, length, game_differs)
    asked = _kind(
        config.game if game_differs else record.game,
        config.players if players_differ else record.players,
        config.campaign if campaign_differs else length,
        game_differs,
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
