"""jaccuse-table: a game-night box that runs J'Accuse."""

__version__ = "0.1.0"
