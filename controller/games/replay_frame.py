"""A game's replay file (``shape.ReplayReader``): the frame every game's file has, and the members of
the game's ``replay`` module where it writes them.

The frame: one JSON object of a version the reader knows (``SUPPORTED_VERSIONS``, default 1), with
``players`` (a count the game takes), a ``seed`` (default 0) that deals the game when the file gives no
``deal``, and ``actions``, each read only when it is reached, so nothing after a refused one is
examined (``READ_AHEAD = True``: every action is read first, and a malformed one anywhere makes the
file no game). The answer: ``ok``, ``error``, ``applied`` and the game's ``replay_summary`` of the
state reached (``summary`` replaces it). A game whose files hold more (options, a campaign) writes
``start(players, data, rng)``, the state the file starts from; ``read_action(state, raw)`` replaces
``Action.from_dict``. Pure: it takes the parsed file and gives the answer object.

The reader also writes a journaled game as such a file (``record``, the HTTP contract's record of a
finished game): ``game``, the first version it reads, ``players``, the ``options`` the game shows in
its public view (when it shows any), the deal in full and every action. A game whose journal keeps
its deal in another form than its file writes ``record_deal(deal)``; one with campaigns writes
``record_campaign(campaign)``, the file keys that give the later deals (the default knows none).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, cast

from controller.games.common import is_int, seats_problem
from controller.games.rules import Rules
from controller.games.shape import AcceptedShape, DealShape, FullRules, GameFacts, StateShape

S = TypeVar("S", bound=StateShape)
A = TypeVar("A")
D = TypeVar("D", bound=DealShape)
T = TypeVar("T")


class ReplayInputError(ValueError):
    """The file is not a game of this kind (the command prints it and exits 2)."""


class ReplayFrame:
    """The replay reader of the game ``facts`` name, from its rules and its own ``replay`` module."""

    def __init__(self, facts: GameFacts, rules: Rules[Any, Any, Any], own: object | None = None) -> None:
        self._facts, self._rules = facts, rules

        def pick(member: str, default: Any) -> Any:
            return getattr(own, member, default)

        self.ReplayInputError: type[ValueError] = pick("ReplayInputError", ReplayInputError)
        self._versions: tuple[int, ...] = pick("SUPPORTED_VERSIONS", (1,))
        self._read_ahead: bool = pick("READ_AHEAD", False)
        self._start: Callable[[int, dict[str, Any], random.Random], Any] = pick("start", self._new_game)
        self._read_action: Callable[[Any, object], Any] = pick("read_action", self._action)
        self._summary: Callable[[Any], dict[str, Any]] = pick("summary", rules.replay_summary)
        self.replay: Callable[[object], dict[str, Any]] = pick("replay", self._replay)
        self._record_deal: Callable[[dict[str, Any]], dict[str, Any]] = pick("record_deal", dict)
        self._record_campaign: Callable[[dict[str, Any]], dict[str, Any]] = pick(
            "record_campaign", self._no_campaign)

    def record(
        self, players: int, deal: dict[str, Any], campaign: dict[str, Any] | None,
        actions: Sequence[dict[str, Any]], start: Any,
    ) -> dict[str, Any]:
        """The journaled game as a file this reader replays to the same end (see the module docstring).
        The seed the journal may keep is never written: the deal is given in full."""
        file: dict[str, Any] = {"game": self._facts.name, "version": self._versions[0], "players": players}
        options = self._rules.public_view(start).get("options")
        if isinstance(options, dict):
            file["options"] = dict(options)
        file["deal"] = self._record_deal(deal)
        if campaign is not None:
            file.update(self._record_campaign(campaign))
        file["actions"] = [dict(action) for action in actions]
        return file

    def _no_campaign(self, campaign: dict[str, Any]) -> dict[str, Any]:
        raise ValueError(f"a {self._facts.title} game has no campaign")

    def opened(self, data: object) -> tuple[Any, list[Any]]:
        """A parsed file's first state and its actions, each still raw (``read_action`` reads one in
        that state's game); ``ReplayInputError`` for a file that is no game of this kind."""
        error, facts = self.ReplayInputError, self._facts
        file = read_head(data, self._versions, facts.title, error)
        why = seats_problem(facts.name, facts.min_players, facts.max_players, file["players"])
        if why:
            raise error(why)
        seed = file.get("seed", 0)
        if not is_int(seed):
            raise error("'seed' must be an integer")
        try:
            state = self._start(file["players"], file, random.Random(seed))
        except error:
            raise
        except ValueError as exc:  # the game's DealError, or options it does not take
            raise error(str(exc)) from None
        return state, actions_of(file, error)

    def read_action(self, state: Any, raw: object) -> Any:
        """One of a file's actions in the game ``state`` is of (the rules' ``ActionFormatError`` when
        it is malformed)."""
        return self._read_action(state, raw)

    def _replay(self, data: object) -> dict[str, Any]:
        state, raw_actions = self.opened(data)
        actions: Iterable[Any] = read_actions(raw_actions, lambda raw: self._read_action(state, raw),
                                              self._rules.ActionFormatError, self.ReplayInputError)
        if self._read_ahead:
            actions = list(actions)
        return replay_answer(self._rules, state, actions, self._summary)

    def _new_game(self, players: int, data: dict[str, Any], rng: random.Random) -> Any:
        return self._rules.new_game(file_deal(self._rules, players, data, rng))

    def _action(self, state: Any, raw: object) -> Any:
        return self._rules.Action.from_dict(raw)


def file_deal(rules: FullRules[Any, Any, D], players: int, data: dict[str, Any], rng: random.Random) -> D:
    """The file's ``deal``, else one dealt with ``rng`` (the file's seed)."""
    raw = data.get("deal")
    return rules.deal_cards(players, rng) if raw is None else rules.Deal.from_dict(players, raw)


def read_head(
    data: object, versions: tuple[int, ...], title: str, error: type[ValueError]
) -> dict[str, Any]:
    """The file as an object, once its version is one the reader knows and it names its ``players``;
    else ``error``, the reader's ``ReplayInputError``."""
    if not isinstance(data, dict):
        raise error("the file must hold one JSON object")
    version = data.get("version", 1)
    if not is_int(version) or version not in versions:
        shown = " or ".join(str(v) for v in versions)
        raise error(f"unsupported version {version!r}; {title} files are version {shown}")
    if "players" not in data:
        raise error("missing 'players'")
    return data


def actions_of(data: dict[str, Any], error: type[ValueError]) -> list[Any]:
    """The file's ``actions``, still raw."""
    if "actions" not in data:
        raise error("missing 'actions'")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise error("'actions' must be a list")
    return actions


def read_actions(
    raw_actions: list[Any], parse: Callable[[Any], T], malformed: type[ValueError], error: type[ValueError]
) -> Iterator[T]:
    """Each action parsed only when it is reached, so nothing after a refusal is examined; one that
    ``parse`` finds ``malformed`` is the file's ``error``, with its index."""
    for index, raw in enumerate(raw_actions):
        try:
            yield parse(raw)
        except malformed as exc:
            raise error(f"action {index}: {exc}") from None


def apply_until_refused(
    game: FullRules[Any, Any, Any], state: S, actions: Iterable[A]
) -> tuple[S, int, dict[str, Any] | None]:
    """Apply ``actions`` in order; stop at the first refusal without taking the next one.

    Returns the state reached, how many actions were applied, and the refusal in the replay
    contracts' form (``{"index", "code", "message"}``) or None. ``actions`` may be a generator that
    reads each action only when it is reached.
    """
    applied = 0
    for index, action in enumerate(actions):
        result = game.apply(state, action)
        if isinstance(result, game.Refused):
            return state, applied, {"index": index, "code": result.code, "message": result.message}
        state = cast("AcceptedShape[S]", result).state
        applied += 1
    return state, applied, None


def replay_answer(
    game: FullRules[Any, Any, Any], state: S, actions: Iterable[A], summary: Callable[[S], dict[str, Any]]
) -> dict[str, Any]:
    """A replay reader's answer (``ok``, ``error``, ``applied`` and the game's ``summary`` of the state
    reached): ``actions`` applied in order until the end or the first refusal."""
    end, applied, error = apply_until_refused(game, state, actions)
    return {"ok": error is None, "error": error, "applied": applied, **summary(end)}
