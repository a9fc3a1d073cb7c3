"""Installs Toy Tally (``plugins/toy_tally``), a throwaway game of the test suite, the way any game is
installed: a distribution's metadata on the path, declaring it in the entry-point group
``jaccuse_table.games``."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image

from controller.games import registry

PLUGINS = Path(__file__).resolve().parent / "plugins"


def install_toy(site: Path) -> list[str]:
    """A ``toy_tally`` distribution's metadata in ``site``; the path entries that make it installed."""
    info = site / "toy_tally-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-tally\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\ntoy = toy_tally.game:GAME\n")
    return [str(PLUGINS), str(site)]


def child_env(entries: list[str]) -> dict[str, str]:
    """This process's environment with ``entries`` first on a child's path (a box that has the game)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*entries, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def lit_in_top_row(png: bytes) -> int:
    """Lit pixels in an OLED frame's top row: Toy Tally draws its tally there, 10 pixels a point."""
    frame = Image.open(io.BytesIO(png)).convert("1")
    return sum(1 for x in range(frame.width) if frame.getpixel((x, 0)))
