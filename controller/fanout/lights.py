"""The pads' side of the game dealt: each seat's light, and the rounds of presses the pads take.

The devices know nothing of games, so the fan-out says it for them: the game's table adapter reads a
light per seat from the public view, and the game's ``pad_round`` says whether a round of presses is
open and what identifies it.
"""

from __future__ import annotations

from collections.abc import Hashable

from controller.devices import LedState
from controller.games import registry
from controller.table import Snapshot

#: what identifies a round of presses: the table's game number and the game's own key for the round
RoundKey = tuple[int, Hashable] | None


def led_states(snap: Snapshot, pads: int) -> dict[int, LedState]:
    """The pads' lights for the game dealt (its table adapter reads the public view), for the seats the
    pads were opened for (a later deal may have more or fewer)."""
    seats = min(pads, snap.players) or snap.players
    lights = registry.table_rules(snap.game_name).pad_lights(snap.public, seats)
    return {seat: LedState(word) for seat, word in lights.items()}


def pad_round_epoch(epoch: int, key: RoundKey, snap: Snapshot) -> tuple[int, RoundKey]:
    """The pads' epoch: a number that moves on whenever a new round of pad presses opens.

    The game dealt says whether a round is open and what identifies it (its ``pad_round``: J'Accuse's
    vote, with its round number and voters); the table adds its game number. Closing a round and
    opening one that looks the same is a new round. Between rounds the number stays put. A press the
    hub stamped with another number is dropped.
    """
    found = registry.game(snap.game_name).pad_round(snap.public)
    if found is None:
        return epoch, None
    round_id = (snap.game, found)
    if key == round_id:
        return epoch, key
    return epoch + 1, round_id
