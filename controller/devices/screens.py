"""What the 128x64 OLED shows: a pure function from the table's state to a 1-bit image.

Everything here is deterministic (bundled fonts, no clock) so reference images can be compared pixel
for pixel. Seats are numbered from 0, as in the views, on the pages and on the pad labels.

Read from across a table: what players look for (the seats a vote waits for, the cards shown, the
scores) is drawn at 16 px, the titles and prompts at 12 px at least (a long name is shortened, not
shrunk); the 5x8 font is left to labels (STAB, the letters inside the policy boxes) and the address on
the start screen. What does not fit at that size is split into pages, `DisplayModel.page` picks
one (taken modulo the pages), the image says how many there are in ``image.info["pages"]``, and the
display worker turns them every few seconds (display.PAGE_SECONDS); a page counter such as `1/2` on
the screen says there is more.

The fonts are bitmap fonts drawn for 1-bit screens, used only at the pixel sizes they were drawn at:
Terminus Bold (SIL OFL) from 12 px up, and Spleen 5x8 (BSD) where only 8 px fit. An outline font
thresholded to 1 bit at 10-12 px merges strokes: "i" came out as "l" and "8" as "B". Both files and
their licences are in fonts/. `font(name, size)` snaps a requested size to the nearest drawn size at
or below it, so callers keep asking for the size they mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
FONT_DIR = Path(__file__).with_name("fonts")
BOLD = "terminus-bold.otb"  # strikes at 12, 14, 16, 18, 20, 22, 24, 28 and 32 px
CONDENSED = BOLD  # one face for every size; the name stays for callers that ask for narrow text
SMALL = "spleen-5x8.pcf"  # 5 px wide, 8 px high: for the lines that must fit many characters
TERMINUS_SIZES = (12, 14, 16, 18, 20, 22, 24, 28, 32)

Font = ImageFont.FreeTypeFont


@dataclass(frozen=True)
class Reveal:
    """One seat's part in a resolved election round: the card shown, or None for an abstention."""

    seat: int
    card: str | None


@dataclass(frozen=True)
class DisplayModel:
    """Everything a frame depends on; equal models give identical frames (the worker relies on it).

    `journal_recovered` and `reveal` are moments: the table sets them for a few seconds (after a restart,
    after a round resolves) and then clears them.
    """

    view: Mapping[str, Any] | None = None
    hub_connected: bool | None = None
    journal_recovered: bool = False
    startup_url: str | None = None
    paused: bool = False
    reveal: tuple[Reveal, ...] | None = None
    cannot_save: bool = False  # the journal cannot be written (a full disk): moves wait
    pads: str | None = None  # which pads the box uses ("GPIO", "hub", ...), shown on the start screen
    clock_left: int | None = None  # seconds left on the shot clock, when it runs
    join_code: str | None = None  # the host's join code, when one is set
    journal_set_aside: bool = False  # a damaged journal was set aside at start and a new game dealt
    moves_lost: int = 0  # with journal_recovered: saved moves that did not read back at start
    page: int = 0  # which page of a screen too full for one (any number: taken modulo the pages)


@lru_cache(maxsize=32)
def font(name: str, size: int) -> Font:
    """The bitmap font at the largest size it was drawn at that is not above `size`."""
    if name == SMALL or size < TERMINUS_SIZES[0]:
        return ImageFont.truetype(str(FONT_DIR / SMALL), 8)
    drawn = max(s for s in TERMINUS_SIZES if s <= size)
    return ImageFont.truetype(str(FONT_DIR / BOLD), drawn)


def seat_label(seat: int) -> str:
    return str(seat)  # 0-based, as on the pages, in the log and on the pad labels


def names_line(view: Mapping[str, Any], seats: Sequence[int]) -> str:
    """Seats by name, as the pages name them ("Ann, Zoë"); seats without names by number ("0 3 5")."""
    names = [seat_name(view, s) for s in seats]
    named = any(n != seat_label(s) for n, s in zip(names, seats, strict=True))
    return (", " if named else " ").join(names)


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    """A seat's name when it has one (the screen shortens it to fit), else its number."""
    names = view.get("names")
    name = names[seat] if isinstance(names, Sequence) and 0 <= seat < len(names) else None
    return name if isinstance(name, str) and name else seat_label(seat)


def blank() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A cleared panel and the pen that draws on it (1-bit: no anti-aliased text)."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    return image, draw


def box_screen(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    model: DisplayModel,
    *,
    unplugged: str = "Voting paused.",
    paused: str = "Voting paused.",
    title: str,
) -> bool:
    """The screens every game shares, which win over the game's own: a fault (``unplugged`` and
    ``paused`` say what a missing hub or a pause means in this game) or the start screen. True when
    one was drawn."""
    view = model.view
    if model.cannot_save:
        _fault(draw, "CANNOT SAVE", ["Disk full? Moves", "wait for space."])
    elif model.hub_connected is False:
        _fault(draw, "PADS UNPLUGGED", [unplugged, "Plug the hub in."])
    elif model.paused:
        _fault(draw, "PAUSED", [paused])
    elif model.journal_set_aside:
        _fault(draw, "JOURNAL SET ASIDE", ["It was damaged.", "New game dealt."])
    elif model.journal_recovered:
        move = view.get("version") if view else None
        where = f"move {move}." if move is not None else "a restart."
        _fault(draw, "MOVE LOST" if model.moves_lost else "GAME RESTORED", ["Picked up after", where])
    elif view is None or (model.startup_url and not view.get("version")):
        _startup(image, draw, model.startup_url, model.pads, model.join_code, title=title)
    else:
        return False
    return True


def render(model: DisplayModel) -> Image.Image:
    """The screen of a game that brings none of its own: the shared screens, else the game's name,
    phase and move (the box hands the OLED worker each game's own renderer, see controller.games)."""
    image, draw = blank()
    view = model.view or {}
    title = str(view.get("title") or view.get("game") or "").upper()
    if box_screen(image, draw, model, title=title):
        return image
    lines = [title, f"phase: {view.get('phase')}", f"move {view.get('version')}"]
    for n, line in enumerate(lines):
        draw.text((2, 2 + 14 * n), line, font=font(CONDENSED, 12), fill=1)
    return image


# -- screens every game shares -----------------------------------------------------------------------
def _fault(draw: ImageDraw.ImageDraw, title: str, lines: Sequence[str]) -> None:
    draw.rectangle((0, 0, WIDTH - 1, 17), fill=1)
    _centered(draw, title, 2, font(CONDENSED, 13), fill=0)
    y = 24
    for line in lines:
        _centered(draw, line, y, font(CONDENSED, 12))
        y += 15


def _startup(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    url: str | None,
    pads: str | None,
    code: str | None = None,
    title: str = "",
) -> None:
    """The start screen (shared by every game's screens: `title` is the game's name in capitals)."""
    if not url:
        _centered(draw, title, 12, font(BOLD, 18))
        _centered(draw, "starting...", 38, font(CONDENSED, 12))
        if pads:
            _centered(draw, f"Pads: {pads}", 54, font(SMALL, 8))
        return
    size = _draw_qr(image, url, x=0, y=0, box=HEIGHT)
    left = size + 3
    room = WIDTH - left
    small = font(SMALL, 8)
    y = 0
    if not code:
        draw.text((left, y), title, font=font(BOLD, 12), fill=1)
        y += 13
    # with a join code the title gives way to it: the code is what a newcomer must read here
    draw.text((left, y), "Scan, or", font=font(BOLD, 12), fill=1)
    draw.text((left, y + 12), "open:", font=font(BOLD, 12), fill=1)
    # the address as text too, for a phone whose camera will not read the code: host, then :port
    y += 25
    for line in _address_lines(url, draw, small, room):
        draw.text((left, y), line, font=small, fill=1)
        y += 9
    if code:
        y = _join_code_line(draw, code, left, y, room)
    if pads and y <= HEIGHT - 8:
        draw.text((left, HEIGHT - 8), f"Pads: {pads}", font=small, fill=1)


def _join_code_line(draw: ImageDraw.ImageDraw, code: str, left: int, y: int, room: int) -> int:
    """`Code` and the join code on one line if it fits `room`, else on two; returns the next free y."""
    small, big = font(SMALL, 8), font(BOLD, 12)
    label = draw.textlength("Code ", font=small)
    if label + draw.textlength(code, font=big) <= room:
        draw.text((left, y + 3), "Code", font=small, fill=1)
        draw.text((left + label, y), code, font=big, fill=1)
        return y + 13
    draw.text((left, y), "Code:", font=small, fill=1)
    _fit_text(draw, code, left, y + 9, (12, 8), right=left + room, font_name=BOLD)
    return y + 9 + 13


def _address_lines(url: str, draw: ImageDraw.ImageDraw, fnt: Font, room: int) -> list[str]:
    """What to type: the URL without `http://` and the final `/`, split at the port to fit `room`."""
    text = url.split("://", 1)[-1].rstrip("/")
    if draw.textlength(text, font=fnt) <= room:
        return [text]
    host, colon, rest = text.partition(":")
    lines = [host, colon + rest] if colon else [text]
    out: list[str] = []
    for line in lines:  # a long host name: cut into pieces that fit
        while line and draw.textlength(line, font=fnt) > room:
            cut = max(1, int(room // max(1.0, draw.textlength("0", font=fnt))))
            out.append(line[:cut])
            line = line[cut:]
        if line:
            out.append(line)
    return out[:3]


def _header(draw: ImageDraw.ImageDraw, text: str, height: int = 16) -> None:
    draw.rectangle((0, 0, WIDTH - 1, height - 1), fill=1)
    _centered(draw, text, 1, font(CONDENSED, 12), fill=0)


def _draw_qr(image: Image.Image, url: str, x: int, y: int, box: int) -> int:
    """Draw the URL's QR code as large as fits in a `box`-pixel square; returns the side drawn."""
    import segno

    qr = segno.make(url, error="l", micro=False)
    matrix = [list(row) for row in qr.matrix]
    modules = len(matrix)
    quiet = 2
    scale = max(1, box // (modules + 2 * quiet))
    side = (modules + 2 * quiet) * scale
    pixels = image.load()
    assert pixels is not None
    for py in range(side):
        for px in range(side):
            pixels[x + px, y + py] = 255  # light background (quiet zone included)
    for row_index, row in enumerate(matrix):
        for col_index, dark in enumerate(row):
            if dark:
                left = x + (col_index + quiet) * scale
                top = y + (row_index + quiet) * scale
                for dy in range(scale):
                    for dx in range(scale):
                        pixels[left + dx, top + dy] = 0
    return side


def _centered(
    draw: ImageDraw.ImageDraw, text: str, y: int, fnt: Font, fill: int = 1, right: int = WIDTH
) -> None:
    width = draw.textlength(text, font=fnt)
    draw.text(((right - width) / 2, y), text, font=fnt, fill=fill)


def _fit_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    x: int,
    y: int,
    sizes: Sequence[int],
    right: int = WIDTH,
    font_name: str = CONDENSED,
) -> None:
    """Left-aligned text in the largest of `sizes` that fits before `right`; shortened with "." if
    even the smallest does not fit (a long name)."""
    for size in sizes:
        fnt = font(font_name, size)
        if x + draw.textlength(text, font=fnt) <= right:
            break
    else:
        while len(text) > 2 and x + draw.textlength(text + ".", font=fnt) > right:
            text = text[:-1]
        text = text.rstrip() + "."
    draw.text((x, y), text, font=fnt, fill=1)


