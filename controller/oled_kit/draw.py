"""The pen for the 128x64 OLED: its size, its fonts, and text placed the way every screen places it.

Everything here is deterministic (bundled fonts, no clock) so reference images can be compared pixel
for pixel. Seats are numbered from 0, as in the views, on the pages and on the pad labels.

Read from across a table: what players look for (the seats a decision waits for, the cards shown,
the scores) is drawn at 16 px, the titles and prompts at 12 px at least (a long name is shortened,
not shrunk); the 5x8 font is left to labels and the address on the start screen. What does not fit
at that size is split into pages, `DisplayModel.page` picks one (taken modulo the pages), the image
says how many there are in ``image.info["pages"]``, and the display worker turns them every few
seconds; a page counter such as `1/2` on the screen says there is more.

The fonts are bitmap fonts drawn for 1-bit screens, used only at the pixel sizes they were drawn at:
Terminus Bold (SIL OFL) from 12 px up, and Spleen 5x8 (BSD) where only 8 px fit. An outline font
thresholded to 1 bit at 10-12 px merges strokes: "i" came out as "l" and "8" as "B". Both files and
their licences are in fonts/ (package data, so a wheel install has them). `font(name, size)` snaps a
requested size to the nearest drawn size at or below it, so callers keep asking for the size they mean.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
FONT_DIR = Path(__file__).with_name("fonts")
BOLD = "terminus-bold.otb"  # strikes at 12, 14, 16, 18, 20, 22, 24, 28 and 32 px
SMALL = "spleen-5x8.pcf"  # 5 px wide, 8 px high: for the lines that must fit many characters
TERMINUS_SIZES = (12, 14, 16, 18, 20, 22, 24, 28, 32)
#: GNU Unifont's 16 px glyphs, cut to the characters a Chinese table meets (cjk_font.py says how): the
#: one size Chinese is drawn at, 8 characters a line, whatever size the screen asks for its Latin text
WIDE = "unifont-cjk.pcf"
WIDE_SIZE = 16
_WIDE = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=32)
def font(name: str, size: int) -> Font:
    """The bitmap font at the largest size it was drawn at that is not above `size`."""
    if name == WIDE:
        return ImageFont.truetype(str(FONT_DIR / WIDE), WIDE_SIZE)
    if name == SMALL or size < TERMINUS_SIZES[0]:
        return ImageFont.truetype(str(FONT_DIR / SMALL), 8)
    drawn = max(s for s in TERMINUS_SIZES if s <= size)
    return ImageFont.truetype(str(FONT_DIR / BOLD), drawn)


def wide(text: str) -> bool:
    """Whether ``text`` holds characters the Latin fonts lack (Chinese, full-width forms)."""
    return bool(_WIDE.search(text))


def font_for(text: str, fnt: Font) -> Font:
    """The font ``text`` is drawn with: ``fnt``, or the CJK font when ``text`` holds characters it lacks
    (a name in Chinese characters, a screen in Chinese)."""
    return font(WIDE, WIDE_SIZE) if wide(text) else fnt


def blank() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A cleared panel and the pen that draws on it (1-bit: no anti-aliased text)."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    return image, draw


def centered(
    draw: ImageDraw.ImageDraw, text: str, y: int, fnt: Font, fill: int = 1, right: int = WIDTH
) -> None:
    """``text`` centred between the left edge and ``right``, its top at ``y``."""
    fnt = font_for(text, fnt)
    width = draw.textlength(text, font=fnt)
    draw.text(((right - width) / 2, y), text, font=fnt, fill=fill)


def fit_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    x: int,
    y: int,
    sizes: Sequence[int],
    right: int = WIDTH,
    font_name: str = BOLD,
) -> None:
    """Left-aligned text in the largest of `sizes` that fits before `right`; shortened with "." if
    even the smallest does not fit (a long name)."""
    for size in sizes:
        fnt = font_for(text, font(font_name, size))
        if x + draw.textlength(text, font=fnt) <= right:
            break
    else:
        while len(text) > 2 and x + draw.textlength(text + ".", font=fnt) > right:
            text = text[:-1]
        text = text.rstrip() + "."
    draw.text((x, y), text, font=fnt, fill=1)


def header(draw: ImageDraw.ImageDraw, text: str, height: int = 16) -> None:
    """A lit bar across the top with ``text`` centred in it, dark on light; Chinese text (16 px glyphs)
    fills it from its first row to its last."""
    draw.rectangle((0, 0, WIDTH - 1, height - 1), fill=1)
    centered(draw, text, 0 if wide(text) else 1, font(BOLD, 12), fill=0)


def seat_label(seat: int) -> str:
    return str(seat)  # 0-based, as on the pages, in the log and on the pad labels


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    """A seat's name when it has one (the screen shortens it to fit), else its number."""
    names = view.get("names")
    name = names[seat] if isinstance(names, Sequence) and 0 <= seat < len(names) else None
    return name if isinstance(name, str) and name else seat_label(seat)


def seat_called(view: Mapping[str, Any], seat: int, unnamed: str) -> str:
    """A seat as the subject of a line ("Ada plays"): its name, else ``unnamed`` (the game's own words
    for a seat by number, "Seat {n}") with its number, since a bare "0 plays" reads as a count."""
    name = seat_name(view, seat)
    return unnamed.format(n=seat) if name == seat_label(seat) else name


def names_line(view: Mapping[str, Any], seats: Sequence[int]) -> str:
    """Seats by name, as the pages name them ("Ann, Zoë"); seats without names by number ("0 3 5")."""
    names = [seat_name(view, s) for s in seats]
    named = any(n != seat_label(s) for n, s in zip(names, seats, strict=True))
    return (", " if named else " ").join(names)
