"""The kept games as records and retellings: each replayed once by its game's own rules, then kept.

A record is the game's replay file (its replay reader's ``record``): ``jaccuse-table replay`` on it
reaches the game's end. A retelling is the game step by step: step 0 the deal, step k the game after
its k-th action, each with the action, the log's lines of its events, the rules' ``open_view`` (every
secret shown) and the game's marks (``Retelling``: turning points, the moments that decided it).
Both hold every secret, so neither is given for the game being played until it is over
(``NotOver``); a game the host set aside for another deal is no longer played, and is given.

Nothing here holds a second copy of any rules: a kept game is replayed with its game's ``apply`` from
the deal its journal kept (``TableRules.rebuild``). A game that is over never changes, so its replay
is kept: a short list of the last games asked for (``KEEP``) with every state. A listing replays
nothing: a game dealt over says how it ended in its journal (``kept.ENDED``; only one written before
that is replayed, once, and its end kept), and whether the game being played is over, and who won it,
comes from the table's snapshot. Thread-safe: the web server's workers share one ``Records``.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

from controller.games import registry
from controller.games.shape import AcceptedShape, Event
from controller.i18n.said import said_json
from controller.replay import InputError, game_of
from controller.table import seating
from controller.table.kept import Content, End, KeptGame, KeptGames, KeptUnavailable, ending
from controller.table.retelling import Told

#: the replayed games kept whole (with every state), the last asked for
KEEP = 8
NOT_OVER = "the game is not over: its record would show every secret"
#: steps in one page of a retelling, unless asked for fewer; and the most one page may hold
PAGE = 50
MAX_PAGE = 200


class NoSuchGame(LookupError):
    """No kept game has that number."""


class NotOver(Exception):
    """The game is being played: its record and its retelling would show its secrets."""


class UnreadableGame(KeptUnavailable):
    """A kept game whose deal this build of the box cannot read (a journal edited by hand)."""


class Now(Protocol):
    """What records need of the table's snapshot: which game it plays (its number in its journal) and
    the public view (``over``, the winners)."""

    @property
    def game(self) -> int: ...
    @property
    def public(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Replayed:
    """A kept game replayed: its record, its end, and every state on the way."""

    kept: KeptGame
    record: dict[str, Any]
    end: End
    #: ``states[k]``: the game after k actions (0: the deal)
    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    events: tuple[tuple[Event, ...], ...]
    turning: dict[int, str]
    decisive: dict[int, str]
    #: why the replay stopped before the journal's last action (an older build's rules), or None
    stopped: str | None = None


def replay(kept: KeptGame, content: Content) -> Replayed:
    """Replay a kept game with its rules, up to its last action or the first that no longer replays."""
    rules, adapter = registry.rules(kept.game), registry.table_rules(kept.game)
    try:
        start = adapter.rebuild(kept.players, content.deal, content.campaign)
    except (ValueError, KeyError, TypeError) as exc:  # a deal this build cannot read
        raise UnreadableGame(f"game {kept.number}'s deal cannot be read ({exc})") from exc
    walked = _walk(kept.game, start, content.actions, rules.Action.from_dict)
    record = registry.replay_reader(kept.game).record(
        kept.players, content.deal, content.campaign, list(content.actions[: len(walked.actions)]), start)
    return _told(kept, record, walked)


def replay_file(data: object, source: str = "") -> Replayed:
    """A record file (a replay file of any game, as ``jaccuse-table replay`` reads it) replayed like a
    kept game: game 1, its seats unnamed (a file keeps no names), as far as its actions replay.
    ``controller.replay.InputError`` for a file that is no game."""
    name = game_of(data)
    reader = registry.replay_reader(name)
    try:
        start, raw = reader.opened(data)
    except reader.ReplayInputError as exc:
        raise InputError(str(exc)) from None
    players = int(cast("dict[str, Any]", data)["players"])
    kept = KeptGame(number=1, local=1, source=source, game=name, players=players, created=0.0,
                    names=(None,) * players)
    walked = _walk(name, start, raw, lambda action: reader.read_action(start, action))
    if walked.stopped is not None and not walked.actions and raw:
        raise InputError(f"no action of the file replays: {walked.stopped}")
    return _told(kept, dict(cast("dict[str, Any]", data)), walked)


@dataclass(frozen=True)
class _Walked:
    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    events: tuple[tuple[Event, ...], ...]
    stopped: str | None


def _walk(game: str, start: Any, raw: Sequence[Any], read: Callable[[Any], Any]) -> _Walked:
    """Every state from ``start`` on, each raw action ``read`` then applied by the game's rules, up to
    the last or the first that no longer replays."""
    rules = registry.rules(game)
    states: list[Any] = [start]
    actions: list[Any] = []
    events: list[tuple[Event, ...]] = []
    stopped = None
    for n, data in enumerate(raw, 1):
        try:
            action = read(data)
            result = rules.apply(states[-1], action)
        except Exception as exc:  # anything a hand-edited journal or file can provoke
            stopped = f"action {n} cannot be replayed ({type(exc).__name__})"
            break
        if isinstance(result, rules.Refused):
            stopped = f"action {n} is refused by this version's rules ({result.code})"
            break
        accepted = cast("AcceptedShape[Any]", result)
        actions.append(action)
        states.append(accepted.state)
        events.append(tuple(accepted.events))
    return _Walked(tuple(states), tuple(actions), tuple(events), stopped)


def _told(kept: KeptGame, record: dict[str, Any], walked: _Walked) -> Replayed:
    """The replay with its end and its marks (``retelling``'s turning points and decisive moments)."""
    rules, retelling = registry.rules(kept.game), registry.retelling(kept.game)
    final, events = walked.states[-1], walked.events
    ended = ending(rules.public_view(final))
    return Replayed(
        kept=kept, record=record, end=End(ended["over"], tuple(ended["winners"]), ended["moves"]),
        states=walked.states, actions=walked.actions, events=events,
        turning={k: kind for k, told in enumerate(events, 1) if (kind := retelling.turning_point(told))},
        decisive=dict(sorted(retelling.decisive(events, final).items())),
        stopped=walked.stopped,
    )


def page(replayed: Replayed, start: int = 0, count: int = PAGE) -> dict[str, Any]:
    """A page of a replayed game's retelling: steps ``start`` .. ``start + count - 1``, and the marks
    of the whole game (for going from one turning point to the next)."""
    kept, last = replayed.kept, len(replayed.actions)
    count = max(1, min(MAX_PAGE, count))
    start = max(0, min(start, last))
    end = min(last, start + count - 1)
    rules, adapter = registry.rules(kept.game), registry.table_rules(kept.game)
    labels = seating.labels(list(kept.names))
    steps = []
    for k in range(start, end + 1):
        step: dict[str, Any] = {"step": k, "action": None, "seat": None, "lines": [], "said": []}
        if k:
            action, before = replayed.actions[k - 1], replayed.states[k - 1]
            step["action"] = replayed.record["actions"][k - 1]
            step["seat"] = adapter.seat_of(before, action)
            step["lines"] = adapter.log_lines(replayed.events[k - 1], labels)
            # each line again as its message, for a page reading another language (shell.js said)
            step["said"] = [said_json(line) for line in step["lines"]]
        step["turning"] = replayed.turning.get(k)
        step["decisive"] = replayed.decisive.get(k)
        step["view"] = rules.open_view(replayed.states[k])
        steps.append(step)
    return {
        "game": kept.number, "name": kept.game, "title": registry.game(kept.game).title,
        "parts": registry.game(kept.game).page_parts,
        "players": kept.players, "names": list(kept.names), "over": replayed.end.over,
        "winners": list(replayed.end.winners), "last": last, "from": start, "to": end,
        "next": end + 1 if end < last else None,
        "turning_points": [{"step": k, "kind": kind} for k, kind in sorted(replayed.turning.items())],
        "decisive": [{"step": k, "why": why} for k, why in replayed.decisive.items()],
        "steps": steps,
    }


def told(replayed: Replayed) -> Told:
    """A replayed game as the retelling's position needs it: its last step and the steps worth
    stopping at (its turning points and the moments that decided it)."""
    marks = tuple(sorted({*replayed.turning, *replayed.decisive}))
    return Told(game=replayed.kept.number, name=replayed.kept.game, last=len(replayed.actions), marks=marks)


class Records:
    """The records and retellings of the games kept in ``data_dir``; ``now`` gives the table's
    snapshot (it must be read before the journal: the loop journals a change before it publishes it)."""

    def __init__(self, data_dir: Path, now: Callable[[], Now]) -> None:
        self._kept = KeptGames(data_dir)
        self._now = now
        self._lock = threading.Lock()
        self._whole: OrderedDict[tuple[str, int], Replayed] = OrderedDict()
        self._ends: dict[tuple[str, int], End] = {}

    # -- what the endpoints give --------------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        """Every kept game, oldest first, the one being played last: what its public view shows."""
        now = self._now()
        listed = []
        for game in self._kept.read().games:
            end = _current_end(game, now) if game.current else self._end(game)
            listed.append({
                "game": game.number, "name": game.game, "title": registry.game(game.game).title,
                "players": game.players, "names": list(game.names), "over": end.over,
                "winners": list(end.winners), "moves": end.moves, "current": game.current,
            })
        return listed

    def record(self, number: int | None) -> tuple[KeptGame, dict[str, Any]]:
        """Game ``number``'s record (None: the game being played), with the game it is of."""
        replayed = self._finished(number)
        return replayed.kept, replayed.record

    def steps(self, number: int, start: int = 0, count: int = PAGE) -> dict[str, Any]:
        """A page of game ``number``'s retelling (``page``)."""
        return page(self._finished(number), start, count)

    def retold(self, number: int) -> Told:
        """Game ``number`` as a retelling may show it: ``NotOver`` while it is being played, like its
        steps."""
        return told(self._finished(number))

    @staticmethod
    def filename(kept: KeptGame) -> str:
        """A name to save the record under: the game, the day it was dealt and its number."""
        day = time.strftime("%Y-%m-%d", time.localtime(kept.created)) if kept.created > 0 else ""
        return f"{kept.game}-{day + '-' if day else ''}game{kept.number}.json"

    # -- the replays, kept --------------------------------------------------------------------------
    def _finished(self, number: int | None) -> Replayed:
        """The replay of a game that is over or no longer played; ``NotOver`` for the one being played."""
        now = self._now()
        if number is None and not now.public.get("over"):
            raise NotOver(NOT_OVER)  # told by the snapshot alone: nothing is read for a running game
        kept = self._kept.read()
        game = kept.current if number is None else kept.number(number)
        if game is None:
            raise NoSuchGame(f"no kept game {number}" if number is not None else "no game is dealt")
        if game.current and not _current_end(game, now).over:
            raise NotOver(NOT_OVER)
        return self._replayed(game)

    def _replayed(self, game: KeptGame) -> Replayed:
        key = (game.source, game.local)
        with self._lock:
            found = self._whole.get(key)
            if found is None:
                found = replay(game, self._kept.content(game))
                self._whole[key] = found
                self._ends[key] = found.end
                while len(self._whole) > KEEP:
                    self._whole.popitem(last=False)
            self._whole.move_to_end(key)
            return found

    def _end(self, game: KeptGame) -> End:
        """How a game no longer played ended: as its journal says, else from its replay (once)."""
        if game.end is not None:
            return game.end
        key = (game.source, game.local)
        with self._lock:
            end = self._ends.get(key)
        if end is None:
            try:
                end = self._replayed(game).end
            except UnreadableGame:  # listed all the same, as a game that never ended
                end = self._ends[key] = End(False, (), 0)
        return end


def _current_end(game: KeptGame, now: Now) -> End:
    """Whether the game being played is over, its winners and its moves, from the table's snapshot.
    A game the snapshot does not show yet (dealt a moment ago) has only begun."""
    if now.game != game.local:
        return End(False, (), 0)
    ended = ending(now.public)
    return End(ended["over"], tuple(ended["winners"]), ended["moves"])


class RecordFile:
    """One record file, as the records of a box that keeps only it and plays nothing (``jaccuse-table
    run --record FILE``): game 1, the file's game, over or set aside before its end. Read once, replayed
    once; nothing is ever written. ``controller.replay.InputError`` for a file that is no game."""

    def __init__(self, path: Path) -> None:
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"not a record file ({exc.reason})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON: {exc}") from None
        self.replayed = replay_file(data, path.name)
        # its own name, in letters a download's header carries as they are
        self._name = re.sub(r"[^A-Za-z0-9._-]", "_", path.name) or "record.json"

    def games(self) -> list[dict[str, Any]]:
        replayed = self.replayed
        kept, end = replayed.kept, replayed.end
        return [{"game": kept.number, "name": kept.game, "title": registry.game(kept.game).title,
                 "players": kept.players, "names": list(kept.names), "over": end.over,
                 "winners": list(end.winners), "moves": end.moves, "current": False}]

    def record(self, number: int | None) -> tuple[KeptGame, dict[str, Any]]:
        return self._game(number).kept, self.replayed.record

    def steps(self, number: int, start: int = 0, count: int = PAGE) -> dict[str, Any]:
        return page(self._game(number), start, count)

    def retold(self, number: int) -> Told:
        return told(self._game(number))

    def filename(self, kept: KeptGame) -> str:
        """The file's own name: it goes home as it came."""
        return self._name

    def _game(self, number: int | None) -> Replayed:
        if number not in (None, self.replayed.kept.number):
            raise NoSuchGame(f"no kept game {number}: this box shows one record file")
        return self.replayed
