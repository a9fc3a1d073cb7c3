"""Seats and armies (B1): one army per seat, except at two players, where each seat plays two.

The rules core thinks in armies: turns, rows, points and actions belong to armies. The table thinks
in seats: a pad, a phone, a token. These helpers are the one place that maps the two, so the table
can check that a phone's action is for one of its own armies.
"""

from __future__ import annotations

from typing import Final

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8


def check_players(players: object) -> int:
    """``players`` as an int, or ValueError when it is not a whole number from 2 to 8."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise ValueError(f"Betrayal needs a whole number of players from {MIN_PLAYERS} to {MAX_PLAYERS}")
    return players


def army_count(players: int) -> int:
    """How many armies play: one per seat, four at two players (B1)."""
    return 4 if players == 2 else players


def armies_of(players: int, seat: int) -> tuple[int, ...]:
    """The armies ``seat`` plays, ascending: seat 0 of two plays armies 0 and 2, seat 1 plays 1 and 3."""
    if not 0 <= seat < players:
        return ()
    if players == 2:
        return (seat, seat + 2)
    return (seat,)


def seat_of(players: int, army: int) -> int:
    """The seat that plays ``army`` (armies are numbered so that this is ``army mod players``)."""
    return army % players
