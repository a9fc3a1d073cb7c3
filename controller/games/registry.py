"""The games the box knows, by name: each game's rules package and its submodules.

The typed returns are also the check that each game has the common shape: mypy --strict
controller/games fails when one of them drifts from the protocols of ``shape.py``. Packages are
imported only when asked for, so picking one game never loads another. A new game is one package
beside ``jaccuse`` and ``betrayal`` and one entry in each lookup below.
"""

from __future__ import annotations

from typing import Any, Final

from controller.games.shape import GameBalance, GameRules, GameStrategy, ReplayReader, TableRules

#: every game, the default (a replay file or a config without a game) first
GAMES: Final = ("jaccuse", "betrayal", "hasty")
DEFAULT_GAME: Final = "jaccuse"


class UnknownGame(ValueError):
    """A game name the box does not know."""


def check_game(name: object) -> str:
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGame(f"unknown game {name!r}; the box plays {', '.join(GAMES)}")
    return name


def rules(name: str) -> GameRules[Any, Any, Any]:
    """The rules package of game ``name``."""
    check_game(name)
    if name == "betrayal":
        from controller.games import betrayal

        typed_betrayal: GameRules[betrayal.GameState, betrayal.Action, betrayal.Deal] = betrayal
        return typed_betrayal
    if name == "hasty":
        from controller.games import hasty

        typed_hasty: GameRules[hasty.GameState, hasty.Action, hasty.Deal] = hasty
        return typed_hasty
    from controller.games import jaccuse as jaccuse

    typed_jaccuse: GameRules[jaccuse.GameState, jaccuse.Action, jaccuse.Deal] = jaccuse
    return typed_jaccuse


def strategy(name: str) -> GameStrategy[Any, Any, Any]:
    """The sensible bot of game ``name``."""
    check_game(name)
    if name == "betrayal":
        from controller.games.betrayal import strategy as betrayal_bot

        typed_betrayal: GameStrategy[Any, Any, betrayal_bot.TableMemory] = betrayal_bot
        return typed_betrayal
    if name == "hasty":
        from controller.games.hasty import strategy as hasty_bot

        typed_hasty: GameStrategy[Any, Any, hasty_bot.TableMemory] = hasty_bot
        return typed_hasty
    from controller.games.jaccuse import strategy as jaccuse_bot

    typed_jaccuse: GameStrategy[Any, Any, jaccuse_bot.TableMemory] = jaccuse_bot
    return typed_jaccuse


def replay_reader(name: str) -> ReplayReader:
    """What answers game ``name``'s replay files."""
    check_game(name)
    if name == "betrayal":
        from controller.games.betrayal import replay as betrayal_replay

        return betrayal_replay
    if name == "hasty":
        from controller.games.hasty import replay as hasty_replay

        return hasty_replay
    from controller.games.jaccuse import replay as jaccuse_replay

    return jaccuse_replay


def balance(name: str) -> GameBalance:
    """Game ``name``'s balance simulation (`jaccuse-table simulate`)."""
    check_game(name)
    if name == "betrayal":
        from controller.games.betrayal import balance as betrayal_balance

        return betrayal_balance
    if name == "hasty":
        from controller.games.hasty import balance as hasty_balance

        return hasty_balance
    from controller.games.jaccuse import balance as jaccuse_balance

    return jaccuse_balance


def table_rules(name: str) -> TableRules:
    """What the table loop needs of game ``name`` beyond its rules (seats, pads, clock, log)."""
    check_game(name)
    if name == "betrayal":
        from controller.games.betrayal import table_rules as betrayal_table

        return betrayal_table
    if name == "hasty":
        from controller.games.hasty import table_rules as hasty_table

        return hasty_table
    from controller.games.jaccuse import table_rules as jaccuse_table

    return jaccuse_table
