"""The games the box knows, by name, each as its rules package and its sensible bot.

The typed returns are also the check that each package has the common shape: mypy --strict
controller/games fails when one of them drifts from ``shape.GameRules`` or ``shape.GameStrategy``.
Packages are imported only when asked for, so picking one game never loads another.
"""

from __future__ import annotations

from typing import Any, Final

from controller.games.shape import GameRules, GameStrategy

#: every game, the default (a replay file or a config without a game) first
GAMES: Final = ("jaccuse", "betrayal")
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
    # J'Accuse's rules move into controller/games with the multi-game table (issue 16's second step)
    from controller import rules as jaccuse

    typed_jaccuse: GameRules[jaccuse.GameState, jaccuse.Action, jaccuse.Deal] = jaccuse
    return typed_jaccuse


def strategy(name: str) -> GameStrategy[Any, Any, Any]:
    """The sensible bot of game ``name``."""
    check_game(name)
    if name == "betrayal":
        from controller.games.betrayal import strategy as betrayal_bot

        typed_betrayal: GameStrategy[Any, Any, betrayal_bot.TableMemory] = betrayal_bot
        return typed_betrayal
    from controller.rules import strategy as jaccuse_bot

    typed_jaccuse: GameStrategy[Any, Any, jaccuse_bot.TableMemory] = jaccuse_bot
    return typed_jaccuse
