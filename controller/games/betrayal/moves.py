"""Who the game waits for, and the moves each seat may make now with their choices.

The table thinks in seats, so both take and give seats; each move names the army it is for, and a
seat at a two-player table may see moves for both of its armies (during setup).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from controller.games.betrayal.cards import FACE, JOKER, NAMES, SUIT_OF, SUITS, is_red
from controller.games.betrayal.engine import MAX_RED
from controller.games.betrayal.state import GameState

#: the six pairs of suits a loyal army may choose from (B5), in a fixed order
SUIT_PAIRS: Final = tuple(combinations(SUITS, 2))


def awaiting_armies(s: GameState) -> list[int]:
    """The armies whose action the game waits for: every army still to choose, else the one to move."""
    if s.phase == "setup":
        return [a for a in range(s.armies) if not s.chosen[a]]
    if s.turn is None:
        return []
    return [s.turn]


def awaiting(s: GameState) -> list[int]:
    """The seats whose action the game waits for, ascending."""
    if s.turn is not None:
        return [s.army_seats[s.turn]]
    return sorted({s.army_seats[a] for a in awaiting_armies(s)})


def suit_choices(s: GameState, army: int) -> list[tuple[tuple[str, str], list[int]]]:
    """Each pair of suits with the row it would give a loyal ``army`` (empty rows included)."""
    hand = s.hands[army]
    return [(pair, [c for c in hand if SUIT_OF[c] in pair]) for pair in SUIT_PAIRS]


def red_choices(s: GameState, army: int) -> list[int]:
    """The red cards the traitor's army may add, in the order they were dealt (copies repeated)."""
    return [c for c in s.hands[army] if is_red(c)]


def other_places(s: GameState, army: int) -> list[list[int]]:
    """Every card in another army's row, as [army, position]."""
    return [[t, p] for t, row in enumerate(s.rows) if t != army for p in range(len(row))]


def army_moves(s: GameState, army: int) -> list[dict[str, Any]]:
    """Every act legal for ``army`` now, each with the choices it can be made with."""
    if s.phase == "setup":
        if s.chosen[army]:
            return []
        if army == s.traitor:
            reds = [NAMES[c] for c in red_choices(s, army)]
            return [{"act": "army", "army": army, "red": reds, "max_red": MAX_RED}]
        pairs = [list(pair) for pair, row in suit_choices(s, army) if row]
        return [{"act": "army", "army": army, "suits": pairs}]
    if army != s.turn:
        return []
    row = s.rows[army]
    if s.phase == "turn":
        own = [p for p, code in enumerate(row) if code & FACE != JOKER]
        return [{"act": "accuse", "army": army, "cards": own, "targets": other_places(s, army)}]
    if s.phase == "after_win":
        return [{"act": "hide", "army": army, "at": list(range(len(row)))}, {"act": "end", "army": army}]
    if s.phase == "peek":
        places = other_places(s, army)
        return [{"act": "peek", "army": army, "count": min(2, len(places)), "cards": places}]
    return []


def legal_moves(s: GameState, seat: int) -> list[dict[str, Any]]:
    """Every act legal for the armies of ``seat`` now (none for an unknown seat)."""
    return [m for army in s.armies_of(seat) for m in army_moves(s, army)]


def legal_acts(s: GameState, seat: int) -> list[str]:
    return [m["act"] for m in legal_moves(s, seat)]
