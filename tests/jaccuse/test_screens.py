"""Every OLED screen, compared pixel for pixel with the checked-in reference images.

After a deliberate change to a screen, regenerate the references and look at them before committing:

    UPDATE_REFERENCE=1 .venv/bin/python -m pytest tests/jaccuse/test_screens.py
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from controller.games.jaccuse.screens import render
from controller.oled_kit.draw import HEIGHT, WIDTH
from controller.oled_kit.model import DisplayModel

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
def test_screen_matches_reference(name: str, matches_reference: Callable[[object, Path], None]) -> None:
    matches_reference(render(SCENES[name]), REFERENCE / f"{name}.png")


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
    from controller.games.jaccuse.screens import reveal_from_event
    from controller.oled_kit.model import Reveal

    event = {
        "type": "revealed",
        "round": 1,
        "cards": [{"seat": 2, "card": "KS"}, {"seat": 0, "card": "8D"}],
        "abstained": [1],
    }
    assert reveal_from_event(event) == (Reveal(0, "8D"), Reveal(1, None), Reveal(2, "KS"))
    assert reveal_from_event({"type": "policy_passed"}) is None


@pytest.mark.parametrize("size", [8, 12, 14, 16, 32])
@pytest.mark.parametrize("pair", ["il", "8B", "0O", "1l", "5S"])
def test_look_alike_characters_stay_apart_at_every_size(pair: str, size: int) -> None:
    """At 1 bit an outline font merged i/l and 8/B; the bitmap fonts must keep them apart."""
    from PIL import ImageDraw

    from controller.oled_kit.draw import BOLD, font

    fnt = font(BOLD, size)
    glyphs = []
    for ch in pair:
        image = Image.new("1", (40, 40), 0)
        draw = ImageDraw.Draw(image)
        draw.fontmode = "1"
        draw.text((2, 2), ch, font=fnt, fill=1)
        glyphs.append(image.tobytes())
    assert glyphs[0] != glyphs[1]


def test_font_sizes_snap_to_the_sizes_the_fonts_were_drawn_at() -> None:
    from controller.oled_kit.draw import BOLD, SMALL, font

    assert font(BOLD, 13).size == 12 and font(BOLD, 40).size == 32 and font(BOLD, 17).size == 16
    assert font(SMALL, 12).size == 8 and font(BOLD, 10).size == 8  # below 12 px: the 5x8 font


def test_start_screen_spells_out_the_address_and_the_pads() -> None:
    from PIL import ImageDraw

    from controller.oled_kit.box_screens import address_lines
    from controller.oled_kit.draw import SMALL, font

    draw = ImageDraw.Draw(Image.new("1", (WIDTH, HEIGHT)))
    assert address_lines("http://192.168.1.42:8080/", draw, font(SMALL, 8), 66) == ["192.168.1.42", ":8080"]
    assert address_lines("http://10.0.0.2:80/", draw, font(SMALL, 8), 66) == ["10.0.0.2:80"]
    long = address_lines("http://jaccuse-table-in-the-living-room.local:8080/", draw, font(SMALL, 8), 66)
    assert long[0] == "jaccuse-table" and len(long) == 3  # cut to fit, at most three lines
    # the text is really drawn: another port changes the pixels right of the QR code only
    a = render(DisplayModel(view=None, startup_url="http://192.168.1.42:8080/", pads="hub"))
    b = render(DisplayModel(view=None, startup_url="http://192.168.1.42:8081/", pads="hub"))
    c = render(DisplayModel(view=None, startup_url="http://192.168.1.42:8080/", pads="GPIO"))
    assert a.tobytes() != b.tobytes() and a.tobytes() != c.tobytes()


# -- readable across a table: large type, pages that cycle ------------------------------------------
def _drawn_texts(
    monkeypatch: pytest.MonkeyPatch, model: DisplayModel
) -> tuple[Image.Image, list[tuple[str, int]]]:
    """Render `model`, keeping every text drawn with its font's pixel size."""
    from PIL import ImageDraw

    drawn: list[tuple[str, int]] = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: object, content: str, *args: object, **kw: object) -> None:
        fnt = kw.get("font")
        drawn.append((content, int(getattr(fnt, "size", 0))))
        real(self, xy, content, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return render(model), drawn


@settings(max_examples=60, deadline=None)
@given(
    seats=st.lists(st.integers(0, 13), min_size=1, max_size=14, unique=True),
    phase=st.sampled_from(["election", "setup", "presidency"]),
    clock=st.one_of(st.none(), st.integers(0, 120)),
)
def test_every_waiting_seat_is_on_exactly_one_page_in_16_px_type(
    seats: list[int], phase: str, clock: int | None
) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        model = DisplayModel(
            view={**(SCENES["election"].view or {}), "phase": phase, "president": 2, "awaiting": seats},
            clock_left=clock,
        )
        first, _ = _drawn_texts(monkeypatch, model)
        pages = int(first.info.get("pages", 1))
        shown: list[str] = []
        for page in range(pages):
            image, drawn = _drawn_texts(monkeypatch, replace(model, page=page))
            assert int(image.info.get("pages", 1)) == pages
            shown += [text for text, size in drawn if size == 16]  # the stability is drawn larger
            if pages > 1:
                assert any(f"{page + 1}/{pages}" in text for text, _ in drawn)  # says which page
        assert shown == [str(s) for s in seats]
        assert render(replace(model, page=pages)).tobytes() == first.tobytes()  # the pages wrap


def test_a_14_seat_reveal_shows_every_card_in_16_px_over_two_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    model = SCENES["reveal-14"]
    assert model.reveal is not None
    cards: list[str] = []
    for page in range(2):
        image, drawn = _drawn_texts(monkeypatch, replace(model, page=page))
        assert image.info["pages"] == 2
        cards += [text for text, size in drawn if size == 16]
    assert cards == [item.card or "--" for item in model.reveal]
    assert all(size >= 12 for _, size in _drawn_texts(monkeypatch, model)[1])  # no 5x8 anywhere on it


def test_a_screen_that_fits_has_one_page_whatever_page_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("election", "reveal", "over", "startup", "parley"):
        first = render(SCENES[name])
        assert "pages" not in first.info
        assert render(replace(SCENES[name], page=3)).tobytes() == first.tobytes()
