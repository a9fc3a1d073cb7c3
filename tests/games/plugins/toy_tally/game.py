"""Toy Tally's ``Game``: what the entry point ``jaccuse_table.games: toy`` names (in tests only)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from controller.games.game import Game, Screens
from controller.oled_kit.draw import blank
from controller.oled_kit.model import DisplayModel

BAR = 10  # pixels a point


def render(model: DisplayModel) -> Image.Image:
    """The tally as a bar: BAR pixels a point, lit across the top rows."""
    image, _ = blank()
    total = int((model.view or {}).get("total") or 0)
    if total:
        ImageDraw.Draw(image).rectangle((0, 0, total * BAR - 1, 7), fill=1)
    return image


GAME = Game.of_package("toy_tally", name="toy", title="Toy Tally", min_players=2, max_players=4,
                       own_screens=lambda: Screens(render))
