"""The screens every game shares, which win over the game's own: a fault (the journal cannot be
written, the pads' hub is unplugged, the game is paused or was restored) and the start screen with
the phones' address as a QR code; and the plain screen of a game that brings no renderer.

A game's renderer is made with ``game_renderer``: the shared screens first, and the game's own drawn
only when none of them applies.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import segno
from PIL import Image, ImageDraw

from controller.i18n import N_
from controller.i18n.loading import box_words
from controller.oled_kit.draw import BOLD, HEIGHT, SMALL, WIDTH, Font, blank, centered, fit_text, font
from controller.oled_kit.model import DisplayModel


def box_screen(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    model: DisplayModel,
    *,
    unplugged: str = N_("Phones still play."),
    paused: str = N_("Game paused."),
    title: str,
) -> bool:
    """The shared screen the model calls for, drawn: a fault (``unplugged`` and ``paused`` say what a
    missing hub or a pause means in this game) or the start screen (``title``: the game's name in
    capitals). True when one was drawn, False when the game draws its own."""
    view = model.view

    def say(text: str) -> str:  # the box's own words in its language (the game's as they come)
        return box_words(model.language, text)

    if model.cannot_save:
        _fault(draw, say(N_("CANNOT SAVE")), [say(N_("Disk full? Moves")), say(N_("wait for space."))])
    elif model.hub_connected is False:
        _fault(draw, say(N_("PADS UNPLUGGED")), [say(unplugged), say(N_("Plug the hub in."))])
    elif model.paused:
        _fault(draw, say(N_("PAUSED")), [say(paused)])
    elif model.journal_set_aside:
        _fault(draw, say(N_("JOURNAL SET ASIDE")), [say(N_("It was damaged.")), say(N_("New game dealt."))])
    elif model.journal_recovered:
        move = view.get("version") if view else None
        where = say(N_("move {n}.")).format(n=move) if move is not None else say(N_("a restart."))
        _fault(draw, say(N_("MOVE LOST")) if model.moves_lost else say(N_("GAME RESTORED")),
               [say(N_("Picked up after")), where])
    elif view is None or (model.startup_url and not view.get("version")):
        _startup(image, draw, model.startup_url, model.pads, model.join_code, title=title, say=say)
    else:
        return False
    return True


#: what a game draws of its own on a cleared panel: ``(image, draw, model, view)``
GameDrawing = Callable[[Image.Image, ImageDraw.ImageDraw, DisplayModel, Mapping[str, Any]], None]


def game_renderer(
    title: str, *, unplugged: str = N_("Phones still play."), paused: str = N_("Game paused.")
) -> Callable[[GameDrawing], Callable[[DisplayModel], Image.Image]]:
    """A game's renderer (``Screens.render``) from what it draws of its own: the shared screens come
    first (``box_screen`` with the game's ``title`` and wording), else its drawing on a cleared panel,
    which always has a view (without one, the start screen is drawn)."""

    def renderer(draw_game: GameDrawing) -> Callable[[DisplayModel], Image.Image]:
        @functools.wraps(draw_game)
        def render(model: DisplayModel) -> Image.Image:
            image, draw = blank()
            if not box_screen(image, draw, model, unplugged=unplugged, paused=paused, title=title):
                assert model.view is not None
                draw_game(image, draw, model, model.view)
            return image

        return render

    return renderer


def plain_screen(model: DisplayModel) -> Image.Image:
    """The screen of a game that brings none of its own: the shared screens, else the game's name,
    phase and move."""
    image, draw = blank()
    view = model.view or {}
    title = str(view.get("title") or view.get("game") or "").upper()
    if box_screen(image, draw, model, title=title):
        return image
    lines = [title, f"phase: {view.get('phase')}", f"move {view.get('version')}"]
    for n, line in enumerate(lines):
        draw.text((2, 2 + 14 * n), line, font=font(BOLD, 12), fill=1)
    return image


def _fault(draw: ImageDraw.ImageDraw, title: str, lines: Sequence[str]) -> None:
    draw.rectangle((0, 0, WIDTH - 1, 17), fill=1)
    centered(draw, title, 2, font(BOLD, 13), fill=0)
    y = 24
    for line in lines:
        centered(draw, line, y, font(BOLD, 12))
        y += 15


def _startup(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    url: str | None,
    pads: str | None,
    code: str | None = None,
    title: str = "",
    say: Callable[[str], str] = str,
) -> None:
    """The start screen (`title` is the game's name in capitals)."""
    if not url:
        centered(draw, title, 12, font(BOLD, 18))
        centered(draw, say(N_("starting...")), 38, font(BOLD, 12))
        if pads:
            centered(draw, f"Pads: {pads}", 54, font(SMALL, 8))
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
    for line in address_lines(url, draw, small, room):
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
    fit_text(draw, code, left, y + 9, (12, 8), right=left + room, font_name=BOLD)
    return y + 9 + 13


def address_lines(url: str, draw: ImageDraw.ImageDraw, fnt: Font, room: int) -> list[str]:
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


def _draw_qr(image: Image.Image, url: str, x: int, y: int, box: int) -> int:
    """Draw the URL's QR code as large as fits in a `box`-pixel square; returns the side drawn."""
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
