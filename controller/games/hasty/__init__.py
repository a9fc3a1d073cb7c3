"""The rules of Hasty Accusations, the secret-suspect card game for 2-7 players: pure, deterministic,
typed.

Nothing here does I/O, reads a clock, starts a thread or draws randomness except from an RNG passed
in; the Jester's and the deck's shuffles use numbers the deal carries (H4). Secrets leave only
through ``seat_view``; everything else sees ``public_view``. The package's names are the members of
the shape every game's rules have (``controller.games.shape.GameRules``, and the optional ones it
writes itself: its errors, its seat view, ``action_from_move``, ``apply_own`` and its fast random bot);
the rulings it follows are explained for players in its ``rules.md``: H1-H24 for the base game, and
H25-H52 for the second edition (the advanced and expert card sets and the Suspect Powers, options
``sets`` and ``powers``).
"""

from controller.games.hasty.actions import Action, ActionFormatError
from controller.games.hasty.bot import bot_action, next_bot_action, play_bot_game
from controller.games.hasty.deal import Deal, DealError, deal_cards
from controller.games.hasty.describe import describe_events
from controller.games.hasty.engine import Accepted, Refused, apply, apply_own
from controller.games.hasty.moves import action_from_move, awaiting, legal_moves
from controller.games.hasty.state import GameState, new_game
from controller.games.hasty.views import open_view, public_view, replay_summary, seat_view

__all__ = [
    "Accepted", "Action", "ActionFormatError", "Deal", "DealError", "GameState", "Refused",
    "action_from_move", "apply", "apply_own", "awaiting", "bot_action", "deal_cards", "describe_events",
    "legal_moves", "new_game", "next_bot_action", "open_view", "play_bot_game", "public_view",
    "replay_summary", "seat_view",
]
