"""What the 128x64 OLED shows: a pure function from the table's state to a 1-bit image.

Everything here is deterministic (bundled fonts, no clock) so reference images can be compared pixel
for pixel. Seats are numbered from 0, as in the views, on the pages and on the pad labels.

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


def reveal_from_event(event: Mapping[str, Any]) -> tuple[Reveal, ...] | None:
    """The reveal moment from a rules `revealed` event (cards and abstentions, in seat order)."""
    if event.get("type") != "revealed":
        return None
    items = [Reveal(int(c["seat"]), str(c["card"])) for c in event.get("cards") or []]
    items += [Reveal(int(seat), None) for seat in event.get("abstained") or []]
    return tuple(sorted(items, key=lambda r: r.seat))


@lru_cache(maxsize=32)
def font(name: str, size: int) -> Font:
    """The bitmap font at the largest size it was drawn at that is not above `size`."""
    if name == SMALL or size < TERMINUS_SIZES[0]:
        return ImageFont.truetype(str(FONT_DIR / SMALL), 8)
    drawn = max(s for s in TERMINUS_SIZES if s <= size)
    return ImageFont.truetype(str(FONT_DIR / BOLD), drawn)


def seat_label(seat: int) -> str:
    return str(seat)  # 0-based, as on the pages, in the log and on the pad labels


def _names_line(view: Mapping[str, Any], seats: Sequence[int]) -> str:
    """Seats by name, as the pages name them ("Ann, Zoë"); seats without names by number ("0 3 5")."""
    names = [seat_name(view, s) for s in seats]
    named = any(n != seat_label(s) for n, s in zip(names, seats, strict=True))
    return (", " if named else " ").join(names)


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    """A seat's name when it has one (the screen shortens it to fit), else its number."""
    names = view.get("names")
    name = names[seat] if isinstance(names, Sequence) and 0 <= seat < len(names) else None
    return name if isinstance(name, str) and name else seat_label(seat)


def box_screen(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    model: DisplayModel,
    *,
    unplugged: str = "Voting paused.",
    paused: str = "Voting paused.",
    title: str = "J'ACCUSE",
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
    elif model.journal_recovered:
        move = view.get("version") if view else None
        where = f"move {move}." if move is not None else "a restart."
        _fault(draw, "GAME RESTORED", ["Picked up after", where])
    elif view is None or (model.startup_url and not view.get("version")):
        _startup(image, draw, model.startup_url, model.pads, model.join_code, title=title)
    else:
        return False
    return True


def render(model: DisplayModel) -> Image.Image:
    """Pick the screen that matters most now and draw it."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    view = model.view
    if box_screen(image, draw, model):
        return image
    assert view is not None  # without a view, the start screen is drawn
    if (view.get("over") or view.get("phase") == "over") and _campaign(view):
        _campaign_over(draw, view, _campaign(view) or {})
    elif view.get("over") or view.get("phase") == "over":
        _game_over(draw, view)
    elif model.reveal is not None:
        _reveal(draw, view, model.reveal)
    elif view.get("phase") == "election":
        _election(draw, view, model.clock_left)
    elif view.get("phase") == "setup":
        _setup(draw, view, model.clock_left, model.join_code)
    else:
        _presidency(draw, view, model.clock_left)
    return image


# -- screens ---------------------------------------------------------------------------------------
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
    title: str = "J'ACCUSE",
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


def _setup(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None = None, code: str | None = None
) -> None:
    gen = _generation_label(view)
    _header(draw, f"{gen}  MEMBERSHIP" if gen else "MEMBERSHIP")
    # while seats are free, the join code matters more than the instruction (the phones give that)
    line = "Place a card"
    if code:
        line = f"Join code {code}"
        if draw.textlength(line, font=font(CONDENSED, 12)) > WIDTH - 4:
            line = f"Code {code}"  # a 12-character code
    _centered(draw, line, 19, font(CONDENSED, 12))
    _waiting(draw, view.get("awaiting") or [], 37, left=2, clock=clock)


def _election(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None = None) -> None:
    _stability(draw, view)
    rnd = int(view.get("round") or 1)
    title = "VOTE" if rnd <= 1 else f"TIE VOTE {rnd}"
    _fit_text(draw, title, 44, 0, (12, 11, 10), right=_MARKS_LEFT)
    _crisis_marks(draw, view)
    _policies(draw, view, 44, 16)
    _waiting(draw, view.get("awaiting") or [], 35, left=44, clock=clock)


def _presidency(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None = None) -> None:
    phase = view.get("phase")
    president = view.get("president")
    who = seat_name(view, president) if isinstance(president, int) else "?"
    _stability(draw, view)
    _fit_text(draw, f"PRES {who}", 44, 0, (12, 11, 10), right=_MARKS_LEFT)
    _crisis_marks(draw, view)
    parley = view.get("parley")
    if phase == "parley" and isinstance(parley, Mapping):
        count = parley.get("count")
        line = f"Parley > {seat_name(view, int(parley.get('target', 0)))}"
        detail = f"{count} card{'s' if count != 1 else ''}" if count is not None else ""
    elif phase == "replace_membership":
        line, detail = "Replacing", "membership"
    elif phase == "enact":
        line, detail = "Enact a policy", ""
    else:
        line, detail = "Accuse, parley", "or pass"
    _fit_text(draw, line, 44, 16, (12, 8))
    if detail:
        _fit_text(draw, detail, 44, 29, (12, 8))
    _waiting(draw, view.get("awaiting") or [], 44, left=44, compact=True, clock=clock)


def _reveal(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], reveal: Sequence[Reveal]) -> None:
    reds = sum(1 for r in reveal if r.card and _card_color(r.card) == "red")
    blacks = sum(1 for r in reveal if r.card and _card_color(r.card) == "black")
    crowded = len(reveal) > 8
    _header(draw, f"RED {reds}  BLACK {blacks}", height=13 if crowded else 16)
    small = font(SMALL if crowded else CONDENSED, 12)
    columns = 3 if crowded else 2
    col_width = WIDTH // columns
    rows = -(-len(reveal) // columns) or 1
    top = 14 if crowded else 18
    pitch = min(12, (HEIGHT - top) // rows)
    for index, item in enumerate(reveal):
        col, row = divmod(index, rows)
        text = f"{seat_label(item.seat)}:{_card_text(item.card)}"
        draw.text((col * col_width + 1, top + row * pitch), text, font=small, fill=1)


def _campaign_over(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], campaign: Mapping[str, Any]) -> None:
    """Final scores: the winners (XP broke any tie in VP), then every seat's VP."""
    _header(draw, "CAMPAIGN OVER", height=13)
    winners = [int(s) for s in campaign.get("winners") or []]
    _fit_line(draw, ("Winner " if len(winners) == 1 else "Winners ") + _names_line(view, winners), 13)
    vp = [int(v) for v in campaign.get("vp") or []]
    columns = 2 if len(vp) <= 6 else 3 if len(vp) <= 9 else 4
    rows = -(-len(vp) // columns) or 1
    top = 27
    pitch = min(12, (HEIGHT - top) // rows)
    col_width = WIDTH // columns
    small = font(CONDENSED, 11 if rows <= 3 else 10)
    for seat, points in enumerate(vp):
        col, row = divmod(seat, rows)
        text = f"{seat_label(seat)}: {points} VP" if columns == 2 else f"{seat_label(seat)}: {points}"
        draw.text((col * col_width + 1, top + row * pitch), text, font=small, fill=1)


def _game_over(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    colour = view.get("winning_color")
    _header(draw, "GAME OVER")
    headline = f"{str(colour).upper()} WINS" if colour else "NO WINNER"
    _centered(draw, headline, 20, font(BOLD, 16))
    seats = view.get("winners") or []
    if seats:
        _fit_line(draw, ("Winner: " if len(seats) == 1 else "Winners: ") + _names_line(view, seats), 44)
    elif colour:
        _centered(draw, "No seat won", 44, font(CONDENSED, 12))


# -- parts -----------------------------------------------------------------------------------------
def _header(draw: ImageDraw.ImageDraw, text: str, height: int = 16) -> None:
    draw.rectangle((0, 0, WIDTH - 1, height - 1), fill=1)
    _centered(draw, text, 1 if height >= 16 else 0, font(CONDENSED, 12 if height >= 16 else 11), fill=0)


def _stability(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    value = view.get("stability")
    text = str(value) if value is not None else "-"
    big = font(BOLD, 40 if len(text) == 1 else 30)
    width = draw.textlength(text, font=big)
    _, top, _, bottom = draw.textbbox((0, 0), text, font=big)
    gen = _generation_label(view)
    # in a campaign the number sits higher to leave room for the generation under it
    middle = 20 if gen else 24
    draw.text(((40 - width) / 2, middle - (top + bottom) / 2 - 2), text, font=big, fill=1)
    if gen:
        _centered(draw, gen, 40, font(CONDENSED, 10), right=40)
    _centered(draw, "STAB", 52, font(CONDENSED, 10), right=40)


def _campaign(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    campaign = view.get("campaign")
    return campaign if isinstance(campaign, Mapping) else None


def _generation_label(view: Mapping[str, Any]) -> str:
    """``G2/4`` during a campaign, else nothing."""
    campaign = _campaign(view)
    if campaign is None:
        return ""
    return f"G{campaign.get('generation', '?')}/{campaign.get('generations', '?')}"


def _echo_index(view: Mapping[str, Any]) -> int | None:
    """The position of the historical-echo policy in ``policies``: the first one of a later generation."""
    campaign = _campaign(view)
    if campaign is None or int(campaign.get("generation") or 1) < 2:
        return None
    history = campaign.get("history") or []
    if not history or not isinstance(history[-1], Mapping) or history[-1].get("winning_color") is None:
        return None  # the previous generation had no winning colour: no echo
    return 0


def _policies(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], x: int, y: int) -> None:
    """One 12 px box per policy (R hollow, B filled), the trailing streak underlined."""
    policies = [p for p in view.get("policies") or [] if isinstance(p, Mapping)]
    streak = view.get("streak") or {}
    streak_len = int(streak.get("length") or 0)
    if not policies:
        draw.text((x, y), "no policies yet", font=font(CONDENSED, 11), fill=1)
        return
    pitch = 14
    slots = (WIDTH - x) // pitch
    if len(policies) > slots:
        slots -= 1  # room for "+n"
    shown = policies[-slots:]
    hidden = len(policies) - len(shown)
    echo = _echo_index(view)
    letter = font(BOLD, 10)
    for index, policy in enumerate(shown):
        left = x + index * pitch
        black = policy.get("color") == "black"
        draw.rectangle((left, y, left + 11, y + 11), outline=1, fill=1 if black else 0)
        # the historical echo (carried from the last generation) is marked E; the fill still gives its colour
        ch = "E" if echo is not None and hidden + index == echo else "B" if black else "R"
        w = draw.textlength(ch, font=letter)
        draw.text((left + (12 - w) / 2, y), ch, font=letter, fill=0 if black else 1)
        if len(shown) - index <= streak_len:
            draw.rectangle((left, y + 14, left + 11, y + 15), fill=1)
    if hidden:
        draw.text((x + len(shown) * pitch, y), f"+{hidden}", font=font(CONDENSED, 11), fill=1)


def _waiting(
    draw: ImageDraw.ImageDraw,
    seats: Sequence[int],
    y: int,
    left: int = 0,
    compact: bool = False,
    clock: int | None = None,
) -> None:
    """`Wait:` and the seat numbers with clear gaps, or a count when they would not fit; with the shot
    clock running, its seconds: `Wait 12s:`."""
    if not seats:
        return
    label_font = font(CONDENSED, 12)
    numbers = font(BOLD, 12)
    gap = 6
    prefix = "Wait:" if clock is None else f"Wait {clock}s:"
    label_width = draw.textlength(prefix + " ", font=label_font)
    # place each number: (line, x) with x relative to the screen
    placed: list[tuple[int, float, str]] = []
    line, x = 0, left + label_width
    for label in (seat_label(s) for s in seats):
        width = draw.textlength(label, font=numbers)
        if x + width > WIDTH and x > left:
            line, x = line + 1, float(left)
        placed.append((line, x, label))
        x += width + gap
    if placed[-1][0] >= (1 if compact else 2):
        count = f"{len(seats)} seat{'s' if len(seats) != 1 else ''}"
        if compact:
            _fit_text(draw, f"{prefix} {count}", left, y, (12, 8))
        else:
            head = "Wait for" if clock is None else f"Wait {clock}s for"
            draw.text((left, y), head, font=label_font, fill=1)
            draw.text((left, y + 14), count, font=numbers, fill=1)
        return
    draw.text((left, y), prefix, font=label_font, fill=1)
    for line, x, label in placed:
        draw.text((x, y + line * 14), label, font=numbers, fill=1)


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


_MARKS_LEFT = WIDTH - 22  # the crisis counter's three boxes sit at the right end of the title line


def _crisis_marks(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    """Wrong accusations since the election, out of the three that make a crisis: one box each, filled."""
    try:
        wrong = int(view.get("incorrect_accusations") or 0)
    except (TypeError, ValueError):
        wrong = 0
    for i in range(3):
        left = _MARKS_LEFT + 2 + i * 7
        draw.rectangle((left, 3, left + 5, 8), outline=1, fill=1 if i < wrong else 0)


def _fit_line(draw: ImageDraw.ImageDraw, text: str, y: int) -> None:
    for size in (12, 11, 10):
        fnt = font(CONDENSED, size)
        if draw.textlength(text, font=fnt) <= WIDTH - 2:
            _centered(draw, text, y, fnt)
            return
    _centered(draw, text, y, font(CONDENSED, 10))


def _card_color(card: str) -> str | None:
    suit = card[-1:]
    if card in ("RJ",) or suit in ("H", "D"):
        return "red"
    if card in ("BJ",) or suit in ("S", "C"):
        return "black"
    return None


def _card_text(card: str | None) -> str:
    if card is None:
        return "--"
    return card
