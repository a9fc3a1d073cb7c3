"""J'Accuse's OLED screens: a pure function from the table's public view to a 128x64 1-bit image.

The screens every game shares (faults, the start screen), the fonts and the drawing helpers are the
device's, in ``controller.devices.screens``; what is drawn here is J'Accuse's: the membership setup,
the vote and its reveal, the presidency, the end of a game or a campaign. ``moment_key`` and
``moment`` say when a round's revealed cards are the "everyone look" moment the OLED holds for a few
seconds (``controller.games.game.Game`` hands them to the box).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from controller.devices.screens import (
    BOLD,
    CONDENSED,
    HEIGHT,
    SMALL,
    WIDTH,
    DisplayModel,
    Reveal,
    _centered,
    _fit_text,
    _header,
    box_screen,
    font,
    seat_label,
    seat_name,
)

TITLE = "J'ACCUSE"


def moment_key(view: Mapping[str, Any] | None) -> tuple[tuple[int, str], ...]:
    """The last resolved round's cards, as (seat, card): the OLED shows them when they change."""
    return tuple((int(c["seat"]), str(c["card"])) for c in (view or {}).get("revealed") or ())


def moment(view: Mapping[str, Any] | None) -> tuple[Reveal, ...] | None:
    """The round's reveal for ``DisplayModel.reveal`` (None: nothing to show)."""
    return tuple(Reveal(seat, card) for seat, card in moment_key(view)) or None


def reveal_from_event(event: Mapping[str, Any]) -> tuple[Reveal, ...] | None:
    """The reveal moment from a rules `revealed` event (cards and abstentions, in seat order)."""
    if event.get("type") != "revealed":
        return None
    items = [Reveal(int(c["seat"]), str(c["card"])) for c in event.get("cards") or []]
    items += [Reveal(int(seat), None) for seat in event.get("abstained") or []]
    return tuple(sorted(items, key=lambda r: r.seat))


def render(model: DisplayModel) -> Image.Image:
    """Pick the J'Accuse screen that matters most now and draw it."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    view = model.view
    if box_screen(image, draw, model, title=TITLE):
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
    winners = [seat_label(int(s)) for s in campaign.get("winners") or []]
    _fit_line(draw, ("Winner " if len(winners) == 1 else "Winners ") + " ".join(winners), 13)
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
    winners = [seat_label(s) for s in view.get("winners") or []]
    if winners:
        _fit_line(draw, "Winners: " + " ".join(winners), 44)
    elif colour:
        _centered(draw, "No seat won", 44, font(CONDENSED, 12))


# -- parts -----------------------------------------------------------------------------------------
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
