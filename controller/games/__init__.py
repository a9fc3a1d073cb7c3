"""The rules of every game the box can host, one pure package per game.

Each package here (``jaccuse``, ``betrayal``) offers the same small shape, written down as protocols in
``shape.py`` and explained in docs/dev-interfaces.md ("Adding a game"). ``registry.py`` maps a game's
name to its package, so the CLI and the table pick a game by name and drive it through that shape.
"""
