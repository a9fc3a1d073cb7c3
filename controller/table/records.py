"""The kept games as records and retellings: each replayed once by its game's own rules, then kept.

A record is the game's replay file (its replay reader's ``record``): ``jaccuse-table replay`` on it
reaches the game's end. A retelling is the game step by step: step 0 the deal, step k the game after
its k-th action, each with the action, the log's lines of its events, the rules' ``open_view`` (every
secret shown) and the game's marks (``Retelling``: turning points, the moments that decided it).
Both hold every secret, so neither is given for the game being played until it is over
(``NotOver``); a game the host set aside for another deal is no longer played, and is given.

Nothing here holds a second copy of any rules: a kept game is replayed with its game's ``apply`` from
the deal its journal kept (``TableRules.rebuild``). A game that is over never changes, so its replay
is kept: a short list of the last games asked for (``KEEP``) with every state, and for every game the
little a listing needs. Whether the game being played is over, and who won it, comes from the table's
snapshot, never from a replay. Thread-safe: the web server's workers share one ``Records``.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

from controller.games import registry
from controller.games.shape import AcceptedShape, Event
from controller.table import evening, seating
from controller.table.kept import KeptGame, KeptGames

#: the replayed games kept whole (with every state), the last asked for
KEEP = 8
#: steps in one page of a retelling, unless asked for fewer; and the most one page may hold
PAGE = 50
MAX_PAGE = 200


class NoSuchGame(LookupError):
    """No kept game has that number."""


class NotOver(Exception):
    """The game is being played: its record and its retelling would show its secrets."""


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
    over: bool
    winners: list[int]
    #: ``states[k]``: the game after k actions (0: the deal)
    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    events: tuple[tuple[Event, ...], ...]
    turning: dict[int, str]
    decisive: dict[int, str]
    #: why the replay stopped before the journal's last action (an older build's rules), or None
    stopped: str | None = None


def replay(kept: KeptGame) -> Replayed:
    """Replay a kept game with its rules, up to its last action or the first that no longer replays."""
    rules, adapter = registry.rules(kept.game), registry.table_rules(kept.game)
    start = adapter.rebuild(kept.players, kept.deal, kept.campaign)
    states: list[Any] = [start]
    actions: list[Any] = []
    events: list[tuple[Event, ...]] = []
    stopped = None
    for n, data in enumerate(kept.actions, 1):
        try:
            action = rules.Action.from_dict(data)
            result = rules.apply(states[-1], action)
        except Exception as exc:  # anything a hand-edited journal can provoke
            stopped = f"action {n} cannot be replayed ({type(exc).__name__})"
            break
        if isinstance(result, rules.Refused):
            stopped = f"action {n} is refused by this version's rules ({result.code})"
            break
        accepted = cast("AcceptedShape[Any]", result)
        actions.append(action)
        states.append(accepted.state)
        events.append(tuple(accepted.events))
    final = states[-1]
    record = registry.replay_reader(kept.game).record(
        kept.players, kept.deal, kept.campaign, list(kept.actions[: len(actions)]), start)
    retelling = registry.retelling(kept.game)
    over = bool(final.over)
    return Replayed(
        kept=kept, record=record, over=over,
        winners=evening.winners_of(rules.public_view(final)) if over else [],
        states=tuple(states), actions=tuple(actions), events=tuple(events),
        turning={k: kind for k, told in enumerate(events, 1) if (kind := retelling.turning_point(told))},
        decisive=dict(sorted(retelling.decisive(events, final).items())),
        stopped=stopped,
    )


class Records:
    """The records and retellings of the games kept in ``data_dir``; ``now`` gives the table's
    snapshot (it must be read before the journal: the loop journals a change before it publishes it)."""

    def __init__(self, data_dir: Path, now: Callable[[], Now]) -> None:
        self._kept = KeptGames(data_dir)
        self._now = now
        self._lock = threading.Lock()
        self._whole: OrderedDict[tuple[str, int, int], Replayed] = OrderedDict()
        self._ends: dict[tuple[str, int, int], tuple[bool, list[int], int]] = {}  # over, winners, moves

    # -- what the endpoints give --------------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        """Every kept game, oldest first, the one being played last: what its public view shows."""
        now = self._now()
        kept = self._kept.read(current_actions=False)
        listed = []
        for game in kept.games:
            if game.current:
                over, winners, moves = _current_end(game, now)
            else:
                over, winners, moves = self._end(game)
            listed.append({
                "game": game.number, "name": game.game, "title": registry.game(game.game).title,
                "players": game.players, "over": over, "winners": winners, "moves": moves,
                "current": game.current,
            })
        return listed

    def record(self, number: int | None) -> tuple[KeptGame, dict[str, Any]]:
        """Game ``number``'s record (None: the game being played), with the game it is of."""
        replayed = self._finished(number)
        return replayed.kept, replayed.record

    def steps(self, number: int, start: int = 0, count: int = PAGE) -> dict[str, Any]:
        """A page of game ``number``'s retelling: steps ``start`` .. ``start + count - 1``, and the
        marks of the whole game (for going from one turning point to the next)."""
        replayed = self._finished(number)
        kept, last = replayed.kept, len(replayed.actions)
        count = max(1, min(MAX_PAGE, count))
        start = max(0, min(start, last))
        end = min(last, start + count - 1)
        rules, adapter = registry.rules(kept.game), registry.table_rules(kept.game)
        labels = seating.labels(list(kept.names))
        steps = []
        for k in range(start, end + 1):
            step: dict[str, Any] = {"step": k, "action": None, "seat": None, "lines": []}
            if k:
                action, before = replayed.actions[k - 1], replayed.states[k - 1]
                step["action"] = replayed.record["actions"][k - 1]
                step["seat"] = adapter.seat_of(before, action)
                step["lines"] = adapter.log_lines(replayed.events[k - 1], labels)
            step["turning"] = replayed.turning.get(k)
            step["decisive"] = replayed.decisive.get(k)
            step["view"] = rules.open_view(replayed.states[k])
            steps.append(step)
        return {
            "game": kept.number, "name": kept.game, "title": registry.game(kept.game).title,
            "players": kept.players, "names": list(kept.names), "over": replayed.over,
            "winners": replayed.winners, "last": last, "from": start, "to": end,
            "next": end + 1 if end < last else None,
            "turning_points": [{"step": k, "kind": kind} for k, kind in sorted(replayed.turning.items())],
            "decisive": [{"step": k, "why": why} for k, why in replayed.decisive.items()],
            "steps": steps,
        }

    @staticmethod
    def filename(kept: KeptGame) -> str:
        """A name to save the record under: the game, the day it was dealt and its number."""
        day = _date(kept.created)
        return f"{kept.game}-{day + '-' if day else ''}game{kept.number}.json"

    # -- the replays, kept --------------------------------------------------------------------------
    def _finished(self, number: int | None) -> Replayed:
        """The replay of a game that is over or no longer played; ``NotOver`` for the one being played."""
        now = self._now()
        kept = self._kept.read()
        game = kept.current if number is None else kept.number(number)
        if game is None:
            raise NoSuchGame(f"no kept game {number}" if number is not None else "no game is dealt")
        if game.current and not _current_end(game, now)[0]:
            raise NotOver("the game is not over: its record would show every secret")
        return self._replayed(game)

    def _replayed(self, game: KeptGame) -> Replayed:
        key = _key(game)
        with self._lock:
            found = self._whole.get(key)
            if found is None:
                found = replay(game)
                self._whole[key] = found
                self._ends[key] = (found.over, found.winners, len(found.actions))
                while len(self._whole) > KEEP:
                    self._whole.popitem(last=False)
            self._whole.move_to_end(key)
            return found

    def _end(self, game: KeptGame) -> tuple[bool, list[int], int]:
        key = _key(game)
        with self._lock:
            end = self._ends.get(key)
        if end is None:
            replayed = self._replayed(game)
            end = (replayed.over, replayed.winners, len(replayed.actions))
        return end[0], list(end[1]), end[2]


def _key(game: KeptGame) -> tuple[str, int, int]:
    return (game.source, game.local, len(game.actions))


def _current_end(game: KeptGame, now: Now) -> tuple[bool, list[int], int]:
    """Whether the game being played is over, its winners and its moves, from the table's snapshot.
    A game the snapshot does not show yet (dealt a moment ago) has only begun."""
    public: Mapping[str, Any] = now.public
    if now.game != game.local:
        return False, [], 0
    over = bool(public.get("over"))
    return over, evening.winners_of(public) if over else [], int(public.get("version") or 0)


def _date(created: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(created)) if created > 0 else ""
