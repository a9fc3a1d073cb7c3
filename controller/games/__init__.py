"""The rules of every game the box can host, one pure package per game.

Each package here (``betrayal`` so far; J'Accuse's still lives in ``controller.rules`` until the
multi-game table moves it in) offers the same small shape, written down as protocols in ``shape.py``
and explained in docs/dev-interfaces.md ("Adding a game"). ``registry.py`` maps a game's name to its
package, so the CLI, and later the table, pick a game by name and drive it through that shape.
"""
