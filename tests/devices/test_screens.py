"""Every OLED screen, compared pixel for pixel with the checked-in reference images.

After a deliberate change to a screen, regenerate the references and look at them before committing:

    UPDATE_REFERENCE=1 .venv/bin/python -m pytest tests/devices/test_screens.py
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from controller.devices.screens import HEIGHT, WIDTH, DisplayModel, render

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "reference"


def _load_scenes() -> ModuleType:
    spec = importlib.util.spec_from_file_location("device_scenes", HERE / "scenes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCENES: dict[str, DisplayModel] = _load_scenes().SCENES


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_reference(name: str, tmp_path: Path) -> None:
    image = render(SCENES[name])
    assert image.mode == "1"
    assert image.size == (WIDTH, HEIGHT)
    path = REFERENCE / f"{name}.png"
    if os.environ.get("UPDATE_REFERENCE") == "1":
        REFERENCE.mkdir(exist_ok=True)
        image.save(path, optimize=True)
        return
    assert path.exists(), f"no reference image {path}; run with UPDATE_REFERENCE=1 and inspect it"
    expected = Image.open(path).convert("1")
    if expected.tobytes() != image.tobytes():
        actual = tmp_path / f"{name}-actual.png"
        image.save(actual)
        pytest.fail(f"screen {name!r} differs from {path}; this run drew {actual}")


def test_every_reference_has_a_scene() -> None:
    assert sorted(p.stem for p in REFERENCE.glob("*.png")) == sorted(SCENES)


def test_render_is_deterministic() -> None:
    model = SCENES["election"]
    assert render(model).tobytes() == render(model).tobytes()


def test_fault_screens_win_over_the_game() -> None:
    unplugged = render(SCENES["hub-unplugged"]).tobytes()
    assert unplugged == render(DisplayModel(view=SCENES["over"].view, hub_connected=False)).tobytes()


def test_long_url_still_draws_a_qr() -> None:
    url = "http://jaccuse-table-in-the-living-room.local:8080/table?long=" + "x" * 40
    image = render(DisplayModel(view=None, startup_url=url))
    assert image.getbbox() is not None


def test_odd_views_do_not_crash() -> None:
    for view in (
        {},
        {"phase": "election", "policies": None, "awaiting": None, "stability": None},
        {"phase": "parley", "parley": None, "president": None},
        {"phase": "mystery", "version": 3},
        {"phase": "election", "awaiting": list(range(14)), "stability": 10},
    ):
        render(DisplayModel(view=view))


def test_startup_qr_matches_the_url() -> None:
    import segno

    url = "http://192.168.1.42:8080/"
    image = render(DisplayModel(view=None, startup_url=url))
    matrix = [list(row) for row in segno.make(url, error="l", micro=False).matrix]
    modules = len(matrix)
    scale = HEIGHT // (modules + 4)
    assert scale >= 2  # a phone camera needs at least two pixels per module on this screen
    for row in range(modules):
        for col in range(modules):
            x, y = (col + 2) * scale, (row + 2) * scale
            assert image.getpixel((x, y)) == (0 if matrix[row][col] else 255), (row, col)
    assert all(image.getpixel((x, 0)) == 255 for x in range((modules + 4) * scale))  # quiet zone lit


def test_reveal_from_the_rules_event() -> None:
    from controller.devices.screens import Reveal, reveal_from_event

    event = {
        "type": "revealed",
        "round": 1,
        "cards": [{"seat": 2, "card": "KS"}, {"seat": 0, "card": "8D"}],
        "abstained": [1],
    }
    assert reveal_from_event(event) == (Reveal(0, "8D"), Reveal(1, None), Reveal(2, "KS"))
    assert reveal_from_event({"type": "policy_passed"}) is None
