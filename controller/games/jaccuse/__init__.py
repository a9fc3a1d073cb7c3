"""The J'Accuse rules core: pure, deterministic, and the only place the rules live.

Nothing here does I/O, reads a clock, starts a thread, or draws randomness except from an RNG
passed in. Secrets leave only through ``seat_view``; everything else sees ``public_view``.

The same sources run as plain Python or, built with JACCUSE_COMPILE_RULES=1 (see setup.py), as
mypyc-compiled extension modules; ``COMPILED`` says which one was imported.
"""

import types
from typing import Final

from controller.games.jaccuse.actions import ACTS, Action, ActionFormatError
from controller.games.jaccuse.bot import BotGame, bot_action, next_bot_action, play_bot_game
from controller.games.jaccuse.cards import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, color_of, influence_deck
from controller.games.jaccuse.deal import (
    Deal,
    DealError,
    check_deal,
    check_players,
    deal_cards,
    deal_next_generation,
)
from controller.games.jaccuse.describe import describe_event, describe_events
from controller.games.jaccuse.engine import Accepted, Event, Refused, apply, apply_own
from controller.games.jaccuse.feed import public_event, seat_feed
from controller.games.jaccuse.moves import awaiting, legal_acts, legal_moves
from controller.games.jaccuse.state import GameState, new_game
from controller.games.jaccuse.timeout import describe_forced, forced_feed_line, timeout_actions
from controller.games.jaccuse.views import public_view, replay_campaign_summary, replay_summary, seat_view

#: True when the rules core runs compiled: mypyc turns functions into builtins, not Python functions
COMPILED: Final = not isinstance(apply, types.FunctionType)

__all__ = [
    "ACTS",
    "COMPILED",
    "HAND_SIZE",
    "MAX_PLAYERS",
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
    "apply_own",
    "awaiting",
    "bot_action",
    "check_deal",
    "check_players",
    "color_of",
    "deal_cards",
    "deal_next_generation",
    "describe_event",
    "describe_events",
    "describe_forced",
    "forced_feed_line",
    "influence_deck",
    "legal_acts",
    "legal_moves",
    "new_game",
    "next_bot_action",
    "play_bot_game",
    "public_event",
    "public_view",
    "replay_campaign_summary",
    "replay_summary",
    "seat_feed",
    "seat_view",
    "timeout_actions",
]
