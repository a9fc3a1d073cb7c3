"""The rules of Betrayal, the traitor card game for 2-8 players: pure, deterministic, typed.

Nothing here does I/O, reads a clock, starts a thread, or draws randomness except from an RNG
passed in; even the cards drawn from the middle pile are picked by numbers the deal carries (B7).
Secrets leave only through ``seat_view``; everything else sees ``public_view``. The package has the
shape every game's rules have (``controller.games.shape``); the rulings B1-B18 it follows are
explained for players in docs/betrayal.md.
"""

from controller.games.betrayal.actions import ACTS, Action, ActionFormatError
from controller.games.betrayal.bot import BotGame, army_action, bot_action, next_bot_action, play_bot_game
from controller.games.betrayal.cards import deck, power, title
from controller.games.betrayal.deal import Deal, DealError, check_deal, deal_cards, hand_sizes
from controller.games.betrayal.describe import describe_event, describe_events
from controller.games.betrayal.engine import MAX_RED, Accepted, Event, Refused, apply
from controller.games.betrayal.moves import awaiting, awaiting_armies, legal_acts, legal_moves
from controller.games.betrayal.seats import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    armies_of,
    army_count,
    check_players,
    seat_of,
)
from controller.games.betrayal.state import GameState, new_game
from controller.games.betrayal.views import public_view, replay_summary, seat_view

__all__ = [
    "ACTS",
    "MAX_PLAYERS",
    "MAX_RED",
    "MIN_PLAYERS",
    "Accepted",
    "Action",
    "ActionFormatError",
    "BotGame",
    "Deal",
    "DealError",
    "Event",
    "GameState",
    "Refused",
    "apply",
    "armies_of",
    "army_action",
    "army_count",
    "awaiting",
    "awaiting_armies",
    "bot_action",
    "check_deal",
    "check_players",
    "deal_cards",
    "deck",
    "describe_event",
    "describe_events",
    "hand_sizes",
    "legal_acts",
    "legal_moves",
    "new_game",
    "next_bot_action",
    "play_bot_game",
    "power",
    "public_view",
    "replay_summary",
    "seat_of",
    "seat_view",
    "title",
]
