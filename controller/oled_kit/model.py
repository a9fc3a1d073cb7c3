"""What an OLED frame depends on: the table's public view and the box's moments, as one value.

Kept apart from the drawing (no Pillow here), so a game's ``Game`` can name its renderer's type
without loading an image library.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Reveal:
    """One seat's part in a moment the table shows everyone: the card it showed, or None for none."""

    seat: int
    card: str | None


@dataclass(frozen=True)
class DisplayModel:
    """Everything a frame depends on; equal models give identical frames (the worker relies on it).

    `journal_recovered` and `reveal` are moments: the table sets them for a few seconds (after a restart,
    after the game's "everyone look" moment, see ``controller.games.game.Screens``) and then clears them.
    """

    view: Mapping[str, Any] | None = None
    hub_connected: bool | None = None
    journal_recovered: bool = False
    startup_url: str | None = None
    paused: bool = False
    reveal: tuple[Reveal, ...] | None = None  # the game's moment (its ``Screens.moment``)
    cannot_save: bool = False  # the journal cannot be written (a full disk): moves wait
    pads: str | None = None  # which pads the box uses ("GPIO", "hub", ...), shown on the start screen
    clock_left: int | None = None  # seconds left on the shot clock, when it runs
    join_code: str | None = None  # the host's join code, when one is set
    journal_set_aside: bool = False  # a damaged journal was set aside at start and a new game dealt
    moves_lost: int = 0  # with journal_recovered: saved moves that did not read back at start
    page: int = 0  # which page of a screen too full for one (any number: taken modulo the pages)
    language: str = "en"  # the box's language: the shared screens' words (controller/locale)
