"""The games and the devices meet only in the OLED drawing kit: no game imports the devices layer, and
the kit (controller/oled_kit) imports neither side, so both can use it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports(folder: Path) -> list[tuple[str, str]]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(path.relative_to(ROOT).as_posix(), alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.append((path.relative_to(ROOT).as_posix(), node.module))
    return found


def test_no_game_imports_the_devices_layer() -> None:
    games = _imports(ROOT / "controller" / "games")
    assert any(module.startswith("controller.oled_kit") for _, module in games)
    assert [(f, m) for f, m in games if m.startswith("controller.devices")] == []


def test_the_drawing_kit_stands_below_games_and_devices() -> None:
    kit = _imports(ROOT / "controller" / "oled_kit")
    # beside itself, only the languages' leaf modules (the box's words for its shared screens): they
    # import nothing of the games or the devices (controller.i18n.catalogues, which finds the games'
    # catalogues, stays out of the kit)
    leaves = ("controller.oled_kit", "controller.i18n.loading")
    assert kit and [(f, m) for f, m in kit if m.startswith(("controller.", "web"))
                    and not m.startswith(leaves) and m != "controller.i18n"] == []


def test_the_devices_draw_with_the_kit() -> None:
    devices = _imports(ROOT / "controller" / "devices")
    assert any(module.startswith("controller.oled_kit") for _, module in devices)
    assert [(f, m) for f, m in devices if m.startswith("controller.games")] == []


def test_the_devices_speak_no_games_words() -> None:
    """Buttons, lights and pixels: a game's own words (its votes, its elections) stay in its package."""
    words = re.compile(r"\b(elections?|votes?|voting|j'accuse|accus\w*|betrayal|hasty)\b", re.IGNORECASE)
    found = [f"{path.name}:{n}: {line.strip()}"
             for path in sorted((ROOT / "controller" / "devices").glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if words.search(line)]
    assert found == []
