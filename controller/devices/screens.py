"""What the OLED shows when no game's renderer applies: the plain screen (the shared screens, else
the game's name, phase and move), for a view of a game the box does not know.

Every game hands the OLED worker its own renderer (``controller.games.game.Screens``), drawn with the
kit in ``controller.oled_kit``; the devices only show the frames.
"""

from __future__ import annotations

from PIL import Image

from controller.oled_kit.box_screens import plain_screen
from controller.oled_kit.model import DisplayModel


def render(model: DisplayModel) -> Image.Image:
    """The plain screen of ``model``."""
    return plain_screen(model)
