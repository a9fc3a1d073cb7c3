"""Toy Tally's ``Game``: what the entry point ``jaccuse_table.games: toy`` names (in tests only)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from controller.games.game import Game, Screens
from controller.oled_kit.draw import HEIGHT, WIDTH
from controller.oled_kit.model import DisplayModel


def render(model: DisplayModel) -> Image.Image:
    """The tally as a bar: TOTAL_WIDTH pixels a point, lit across the top rows."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    total = int((model.view or {}).get("total") or 0)
    if total:
        ImageDraw.Draw(image).rectangle((0, 0, total * BAR - 1, 7), fill=1)
    return image


BAR = 10  # pixels a point


def _screens() -> Screens:
    return Screens(render=render, moment_key=lambda view: None, moment=lambda view: None)


def _rules() -> Any:
    import toy_tally

    return toy_tally


def _table_rules() -> Any:
    from toy_tally import table_rules

    return table_rules


def _unused() -> Any:
    raise NotImplementedError("Toy Tally has no bots' strategy, replay reader or balance report")


def random_phone_action(me: Mapping[str, Any], move: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    return {"act": "add", "amount": rng.choice(move["amounts"])}


GAME = Game(
    name="toy",
    title="Toy Tally",
    min_players=2,
    max_players=4,
    default_players=2,
    folder=Path(__file__).resolve().parent,
    rules=_rules,
    table_rules=_table_rules,
    strategy=_unused,
    replay_reader=_unused,
    balance=_unused,
    screens=_screens,
    rules_template="toy_doc.html",
    page_parts="toy",
    random_phone_action=random_phone_action,
)
