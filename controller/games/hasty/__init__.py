"""The rules of Hasty Accusations, the secret-suspect card game for 2-7 players: pure, deterministic,
typed.

Nothing here does I/O, reads a clock, starts a thread or draws randomness except from an RNG passed
in; the Jester's and the deck's shuffles use numbers the deal carries (H4). Secrets leave only
through ``seat_view``; everything else sees ``public_view``. The package has the shape every game's
rules have (``controller.games.shape``); the rulings H1-H24 it follows are explained for players in
its ``rules.md``, and it plays the second edition too (H25-H52: the advanced and expert card sets and
the Suspect Powers, options ``sets`` and ``powers``).
"""

from controller.games.hasty.actions import ACTS, Action, ActionFormatError
from controller.games.hasty.bot import BotGame, bot_action, next_bot_action, play_bot_game
from controller.games.hasty.cards import ALL_CARDS, CARDS, SUSPECTS, default_deck
from controller.games.hasty.deal import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deal,
    DealError,
    Options,
    check_deal,
    check_players,
    deal_cards,
)
from controller.games.hasty.describe import describe_event, describe_events
from controller.games.hasty.engine import Accepted, Refused, apply, apply_own
from controller.games.hasty.mechanics import Event
from controller.games.hasty.moves import action_from_move, awaiting, legal_acts, legal_moves
from controller.games.hasty.state import GameState, new_game
from controller.games.hasty.views import public_view, replay_summary, seat_view

__all__ = [
    "ACTS",
    "ALL_CARDS",
    "CARDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SUSPECTS",
    "Accepted",
    "Action",
    "ActionFormatError",
    "BotGame",
    "Deal",
    "DealError",
    "Event",
    "GameState",
    "Options",
    "Refused",
    "action_from_move",
    "apply",
    "apply_own",
    "awaiting",
    "bot_action",
    "check_deal",
    "check_players",
    "deal_cards",
    "default_deck",
    "describe_event",
    "describe_events",
    "legal_acts",
    "legal_moves",
    "new_game",
    "next_bot_action",
    "play_bot_game",
    "public_view",
    "replay_summary",
    "seat_view",
]
