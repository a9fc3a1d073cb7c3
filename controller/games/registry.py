"""The games the box knows, found through the entry-point group ``jaccuse_table.games``.

Every installed distribution may declare games in that group (this one declares its own in
pyproject.toml), each entry naming a ``controller.games.game.Game``. Only the names are read at start;
a game's module is imported the first time it is asked for, so a box that deals one game never loads
another.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from controller.games.game import Game
from controller.games.rules import Rules
from controller.games.search.ismcts import GameSampler
from controller.games.shape import GameBalance, GameStrategy, ReplayReader, Retelling, TableRules

GROUP = "jaccuse_table.games"
#: the game a new deal starts unless the config names another, and the game of a replay file without
#: ``game`` and of a journal older than games (the one place outside a game's package that names one)
DEFAULT_GAME = "jaccuse"

__all__ = ["DEFAULT_GAME", "GROUP", "UnknownGame", "check_game", "game", "names"]


class UnknownGame(ValueError):
    """A game name the box does not know."""


@cache
def _entries() -> dict[str, EntryPoint]:
    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    # the default first, then by name: the order the host page and `--help` list them in
    return dict(sorted(found.items(), key=lambda item: (item[0] != DEFAULT_GAME, item[0])))


def names() -> tuple[str, ...]:
    """Every game installed, the default first."""
    return tuple(_entries())


def check_game(name: object) -> str:
    if not isinstance(name, str) or name not in _entries():
        raise UnknownGame(f"unknown game {name!r}; the box plays {', '.join(names())}")
    return name


@cache
def game(name: str) -> Game:
    """Game ``name`` (its module is imported now, the first time)."""
    loaded = _entries()[check_game(name)].load()
    if not isinstance(loaded, Game) or loaded.name != name:
        raise UnknownGame(f"the entry point {name!r} of {GROUP} is not that game's Game")
    return loaded


def forget() -> None:
    """Read the entry points again (tests that install a game while running)."""
    _entries.cache_clear()
    game.cache_clear()


# the lookups the table and the commands use: each game's part whole, its own members and the defaults
def rules(name: str) -> Rules[Any, Any, Any]:
    return game(name).rules()


def strategy(name: str) -> GameStrategy[Any, Any, Any]:
    return game(name).strategy()


def replay_reader(name: str) -> ReplayReader:
    return game(name).replay_reader()


def retelling(name: str) -> Retelling:
    return game(name).retelling()


def balance(name: str) -> GameBalance:
    return game(name).balance()


def table_rules(name: str) -> TableRules:
    return game(name).table_rules()


def sampler(name: str) -> GameSampler[Any, Any]:
    """The strong bot's sampler for game ``name``; a game without one has no strong bot."""
    load = game(name).sampler
    if load is None:
        raise UnknownGame(f"{name} has no strong bot (its Game has no sampler)")
    return load()


def __getattr__(name: str) -> Any:
    """``GAMES``: every installed game's name, the default first (read when first asked for)."""
    if name == "GAMES":
        return names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
