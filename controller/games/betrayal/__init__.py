"""The rules of Betrayal, the traitor card game for 2-8 players: pure, deterministic, typed.

Nothing here does I/O, reads a clock, starts a thread, or draws randomness except from an RNG
passed in; even the cards drawn from the middle pile are picked by numbers the deal carries (B7).
Secrets leave only through ``seat_view``; everything else sees ``public_view``. The package's names
are the members of the shape every game's rules have (``controller.games.shape.GameRules``, and the
optional ones it writes itself: its errors, its seat view and its fast random bot); the rulings B1-B18
it follows are explained for players in its ``rules.md``.
"""

from controller.games.betrayal.actions import Action, ActionFormatError
from controller.games.betrayal.bot import bot_action, next_bot_action, play_bot_game
from controller.games.betrayal.deal import Deal, DealError, deal_cards
from controller.games.betrayal.describe import describe_events
from controller.games.betrayal.engine import Accepted, Refused, apply
from controller.games.betrayal.moves import awaiting, legal_moves
from controller.games.betrayal.state import GameState, new_game
from controller.games.betrayal.views import open_view, public_view, replay_summary, seat_view

__all__ = [
    "Accepted", "Action", "ActionFormatError", "Deal", "DealError", "GameState", "Refused", "apply",
    "awaiting", "bot_action", "deal_cards", "describe_events", "legal_moves", "new_game", "next_bot_action",
    "open_view", "play_bot_game", "public_view", "replay_summary", "seat_view",
]
