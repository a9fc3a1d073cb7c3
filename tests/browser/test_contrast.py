"""Static WCAG contrast check of the stylesheet's colour pairs (the browser test checks rendered text)."""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "web" / "static" / "app.css"
PAIRS = [("--ink", "--bg"), ("--ink", "--panel"), ("--muted", "--bg"), ("--muted", "--panel"),
         ("--red", "--card"), ("--black", "--card"), ("--accent-ink", "--accent"), ("--btn-ink", "--btn"),
         ("--ok", "--panel")]


def _lum(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    out = 0.0
    for weight, i in zip((0.2126, 0.7152, 0.0722), (0, 2, 4), strict=True):
        v = int(h[i:i + 2], 16) / 255
        out += weight * (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4)
    return out


def ratio(a: str, b: str) -> float:
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_colour_pairs_meet_wcag_aa() -> None:
    variables = dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})", CSS.read_text()))
    for fg, bg in PAIRS:
        assert ratio(variables[fg], variables[bg]) >= 4.5, (fg, bg)


def test_no_external_urls_in_assets() -> None:
    root = CSS.parents[1]
    games = root.parent / "controller" / "games"  # each game's page parts and templates too
    for path in [*root.glob("static/*"), *root.glob("templates/*"), *games.glob("*/static/*"),
                 *games.glob("*/templates/*")]:
        # the SVG namespace is a name, not an address anything is fetched from
        text = path.read_text().replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]", text), path
