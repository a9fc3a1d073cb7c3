"""The J'Accuse rules core: pure, deterministic, and the only place the rules live.

Nothing here does I/O, reads a clock, starts a thread, or draws randomness except from an RNG
passed in. Secrets leave only through ``seat_view``; everything else sees ``public_view``.

The package's names are the members of the shape every game's rules have
(``controller.games.shape.GameRules``, and the optional ones it writes itself: its errors, its seat
view, ``apply_own`` and its fast random bot). The same sources run as plain Python or, built with
JACCUSE_COMPILE_RULES=1 (see setup.py), as mypyc-compiled extension modules; ``COMPILED`` says which
one was imported.
"""

import types
from typing import Final

from controller.games.jaccuse.actions import Action, ActionFormatError
from controller.games.jaccuse.bot import bot_action, next_bot_action, play_bot_game
from controller.games.jaccuse.deal import Deal, DealError, deal_cards
from controller.games.jaccuse.describe import describe_events
from controller.games.jaccuse.engine import Accepted, Refused, apply, apply_own
from controller.games.jaccuse.moves import awaiting, legal_moves
from controller.games.jaccuse.state import GameState, new_game
from controller.games.jaccuse.views import open_view, public_view, replay_summary, seat_view

#: True when the rules core runs compiled: mypyc turns functions into builtins, not Python functions
COMPILED: Final = not isinstance(apply, types.FunctionType)

__all__ = [
    "COMPILED", "Accepted", "Action", "ActionFormatError", "Deal", "DealError", "GameState", "Refused",
    "apply", "apply_own", "awaiting", "bot_action", "deal_cards", "describe_events", "legal_moves",
    "new_game", "next_bot_action", "open_view", "play_bot_game", "public_view", "replay_summary", "seat_view",
]
