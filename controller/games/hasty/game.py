"""Hasty Accusations as the box sees it: the ``Game`` the entry point ``jaccuse_table.games: hasty`` names."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, Final

from controller.games import hasty
from controller.games.game import Game
from controller.games.hasty.deal import FLAG_KEYS, MAX_PLAYERS, MIN_PLAYERS, read_sets
from controller.games.shape import FullRules
from controller.games.table_options import ListOption
from controller.i18n import N_

#: the table's variants, each on or off (``suspects`` is a number, checked against the seats at the deal;
#: ``sets`` a list of card sets)
_FLAGS: Final = frozenset(FLAG_KEYS)


def _rules() -> FullRules[hasty.GameState, hasty.Action, hasty.Deal]:
    return hasty  # typed: mypy checks the package against the shape every game has


def pad_round(view: Mapping[str, Any]) -> Hashable | None:
    """A turn a pad press may end: open while the seat whose turn it is may end it (no choice waits).
    Each turn is a round of its own, so a press meant for an earlier turn (or made before a choice
    came up) never ends a later one: the pads' epoch moves on whenever this opens again."""
    if view.get("over") or view.get("phase") != "play" or view.get("pending") is not None:
        return None
    turn = view.get("turn")
    return ("turn", turn) if isinstance(turn, int) else None


def check_options(options: Mapping[str, Any]) -> str | None:
    """The table's variants (Traitor, Speedy, Big Hands, the Suspect Powers) are on or off, the
    suspects a whole number and the card sets a list of base, advanced and expert (H25); there is no
    campaign. The suspects' range depends on the seats, so the deal checks it."""
    for key, value in sorted(options.items()):
        if key in _FLAGS:
            if not isinstance(value, bool):
                return f"Hasty Accusations' {key} is on or off (true or false), not {value!r}"
        elif key == "sets":
            if value is not None:
                try:
                    read_sets(value)
                except ValueError as exc:
                    return f"Hasty Accusations' {exc}"
        elif key == "suspects":
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                return f"Hasty Accusations' suspects is a whole number, not {value!r}"
        elif value:
            return f"Hasty Accusations has no {key}{'s' if key == 'campaign' else ''}"
    return None


GAME: Final = Game.of_package(
    "controller.games.hasty", _rules, name="hasty", title="Hasty Accusations",
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, default_players=4,
    pad_round=pad_round,
    own_check_options=check_options,
    # the host dialog's words (the box's language: host.js says them again from this game's catalogue)
    table_options={
        "traitor": N_("Traitor: one player is secretly the Traitor, who cannot be knocked out"),
        "speedy": N_("Speedy: a dead suspect's tile leaves the row at once"),
        "big_hands": N_("Big Hands: every card dealt at the start, no market, two plays a turn"),
        "powers": N_(
            "Suspect Powers: each suspect does something when a card lands on its pile or when it dies"
        ),
    },
    table_lists={
        "sets": ListOption(
            label=N_("Card sets (shuffled together)"),
            values={
                "base": N_("Base: Murder, Threat, Bodyguard, Stop and the twelve first-game cards"),
                "advanced": N_("Advanced: Poison and Armor that stay in a pile, a Dying Breath, cards that "
                               "change how you play (Back Alley, Show me your hands) and Hasty"),
                "expert": N_("Expert: a Sniper, Wrong address, cards that move or wipe whole piles, "
                             "a Thief and a Private Investigator"),
            },
            default=("base",),
        ),
    },
    simulate_options={
        "speedy": "play with the Speedy variant (a dead suspect's tile is taken out of the row)",
        "big_hands": "play with the Big Hands variant (all cards dealt at the start, no market)",
        "powers": "play with the Suspect Powers",
    },
    simulate_values={
        "sets": "the card sets, a comma list of base, advanced, expert",
        "suspects": "how many suspects (the least for the table by default)",
    },
)
