"""Where the room is in the retelling of a finished game: the host's "retelling: game N, step K".

The table page follows it: the table publishes it in its public view (``retelling``), so every screen
on the table's stream shows the same step, and a reload comes back to it. The host page and the box's
own screen move it (``POST /api/host/retell``). It says which game and which step and nothing else;
the steps themselves, every secret shown, come from the records (``controller.table.records``), which
give them only for a game that is over or no longer played. So a retelling is only ever of such a game:
the web layer asks the records for the game's marks first (``Told``), and a game that is not over
never gets here.

Not journaled: it is where the room is looking, not part of any game. Each press of an arrow would
otherwise be a write to the SD card (the box writes nothing while nobody plays), and the journal
would hold rows that rebuild no game. A restart drops it: the TV shows the table again, and the host
starts the retelling once more. A new deal ends it, so the room sees the game it is about to play.
Pure: a position and a request in, the new position out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the relative moves: a step, a turning point (or a moment that decided the game), the ends
MOVES = ("forward", "back", "next_turn", "prev_turn", "start", "end")


@dataclass(frozen=True)
class Told:
    """A game that may be retold: its number among the kept games, its game's name, its last step
    (step 0 is the deal) and the steps worth stopping at (turning points, the moments that decided it)."""

    game: int
    name: str
    last: int
    marks: tuple[int, ...] = ()


def position(now: dict[str, Any] | None, told: Told, step: int | None = None,
             move: str | None = None) -> dict[str, Any]:
    """The retelling after the host asked for ``step`` (a step of ``told``) or a ``move`` (one of
    ``MOVES``, from where the retelling of that game is now; from the deal when another game, or none,
    is being retold). A step past either end is the end; neither given: where it is, or the deal."""
    here = now["step"] if now is not None and now.get("game") == told.game else 0
    if step is not None:
        target = step
    elif move == "forward":
        target = here + 1
    elif move == "back":
        target = here - 1
    elif move == "next_turn":
        target = next((k for k in sorted(told.marks) if k > here), told.last)
    elif move == "prev_turn":
        target = next((k for k in sorted(told.marks, reverse=True) if k < here), 0)
    elif move == "start":
        target = 0
    elif move == "end":
        target = told.last
    else:
        target = here
    return {"game": told.game, "name": told.name, "step": max(0, min(told.last, target)), "last": told.last}
