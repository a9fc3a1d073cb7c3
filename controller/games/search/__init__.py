"""The strong bot: one search over the game shape that plays every game the box hosts.

``ismcts.py`` holds the search (determinized Monte Carlo search over the seat's information set,
the game's sensible bot playing out every line), ``bot.py`` the bot a driver seats at a table: it
remembers the public events and hands the search the seat's own view and that history, nothing
else. A game adds only its sampler (``GameSampler``, which its ``Game`` names): how to deal out what
one seat cannot see, the moves worth weighing, and what a finished game is worth to a seat.
"""

from controller.games.search.bot import StrongBot
from controller.games.search.ismcts import GameSampler, SearchResult, search
from controller.games.shape import Budget

__all__ = ["Budget", "GameSampler", "SearchResult", "StrongBot", "search"]
