"""J'Accuse's OLED screens: a pure function from the table's public view to a 128x64 1-bit image.

The screens every game shares (faults, the start screen), the fonts and the drawing helpers come from
the kit in ``controller.oled_kit``; what is drawn here is J'Accuse's: the membership setup,
the vote and its reveal, the presidency, the end of a game or a campaign. ``moment_key`` and
``moment`` say when a round's revealed cards are the "everyone look" moment the OLED holds for a few
seconds (``controller.games.game.Game`` hands them to the box).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from PIL import Image, ImageDraw

from controller.games.game import Screens
from controller.i18n import N_
from controller.i18n.loading import load
from controller.oled_kit.box_screens import box_screen
from controller.oled_kit.draw import (
    BOLD,
    WIDTH,
    Font,
    blank,
    centered,
    fit_text,
    font,
    font_for,
    header,
    names_line,
    seat_label,
    seat_name,
    wide,
)
from controller.oled_kit.model import DisplayModel, Reveal

TITLE = "J'ACCUSE"  # the game's name, as the box's start screen shows it in every language
#: the screen's words in the box's language (this package's catalogue; English as written)
Say = Callable[[str], str]
_PACKAGE = Path(__file__).resolve().parent


def words(language: str) -> Say:
    """The game's OLED words in ``language``: a message of its catalogue, English when it has none."""
    return load(_PACKAGE, language).gettext


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
    """The shared screens first (a fault, the start screen), else J'Accuse's own, in the box's language."""
    image, draw = blank()
    say = words(model.language)
    # the pads are J'Accuse's votes: without them (or paused) no vote goes on
    paused = say(N_("Voting paused."))
    if not box_screen(image, draw, model, unplugged=paused, paused=paused, title=TITLE):
        assert model.view is not None
        _render(image, draw, model, model.view, say)
    return image


def _render(
    image: Image.Image, draw: ImageDraw.ImageDraw, model: DisplayModel, view: Mapping[str, Any], say: Say
) -> None:
    """Pick the J'Accuse screen that matters most now and draw it."""
    pages = 1
    if (view.get("over") or view.get("phase") == "over") and _campaign(view):
        screen, pages = "campaign-over", _campaign_over(draw, view, _campaign(view) or {}, model.page, say)
    elif view.get("over") or view.get("phase") == "over":
        screen = "over"
        _game_over(draw, view, say)
    elif model.reveal is not None:
        screen, pages = "reveal", _reveal(draw, view, model.reveal, model.page, say)
    elif view.get("phase") == "election":
        screen, pages = "election", _election(draw, view, model.clock_left, model.page, say)
    elif view.get("phase") == "setup":
        screen, pages = "setup", _setup(draw, view, model.clock_left, model.join_code, model.page, say)
    else:
        screen, pages = "presidency", _presidency(draw, view, model.clock_left, model.page, say)
    if pages > 1:  # for the display worker, which turns the pages (and starts a new screen at its first)
        image.info["pages"], image.info["screen"] = pages, screen


def _setup(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    clock: int | None = None,
    code: str | None = None,
    page: int = 0,
    say: Say = str,
) -> int:
    gen = _generation_label(view)
    title = say(N_("MEMBERSHIP"))
    header(draw, f"{gen}  {title}" if gen else title)
    # while seats are free, the join code matters more than the instruction (the phones give that)
    line = say(N_("Place a card"))
    if code:
        line = say(N_("Join code {code}")).format(code=code)
        if draw.textlength(line, font=font_for(line, font(BOLD, 12))) > WIDTH - 4:
            line = say(N_("Code {code}")).format(code=code)  # a 12-character code
    centered(draw, line, 17 if wide(line) else 18, font(BOLD, 12))
    return _waiting(draw, view.get("awaiting") or [], 32, left=2, clock=clock, page=page, say=say)


def _election(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None = None, page: int = 0,
    say: Say = str,
) -> int:
    _stability(draw, view)
    rnd = int(view.get("round") or 1)
    title = say(N_("VOTE")) if rnd <= 1 else say(N_("TIE VOTE {n}")).format(n=rnd)
    fit_text(draw, title, 44, 0, (12,), right=_MARKS_LEFT)
    _crisis_marks(draw, view)
    _policies(draw, view, 44, 15, say)
    return _waiting(draw, view.get("awaiting") or [], 32, left=44, clock=clock, page=page, say=say)


def _presidency(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None = None, page: int = 0,
    say: Say = str,
) -> int:
    phase = view.get("phase")
    president = view.get("president")
    who = seat_name(view, president) if isinstance(president, int) else "?"
    _stability(draw, view)
    fit_text(draw, say(N_("PRES {who}")).format(who=who), 44, 0, (12,), right=_MARKS_LEFT)
    _crisis_marks(draw, view)
    parley = view.get("parley")
    if phase == "parley" and isinstance(parley, Mapping):
        count = parley.get("count")
        line = say(N_("Parley > {who}")).format(who=seat_name(view, int(parley.get("target", 0))))
        one, many = say(N_("1 card")), say(N_("{n} cards"))
        detail = (one if count == 1 else many.format(n=count)) if count is not None else ""
    elif phase == "replace_membership":
        line, detail = say(N_("Replacing")), say(N_("membership"))
    elif phase == "enact":
        line, detail = say(N_("Enact a policy")), ""
    else:
        line, detail = say(N_("Accuse, parley")), say(N_("or pass"))
    # in Chinese every line is 16 px high: four rows of 16 fill the panel without touching
    rows = (16, 32, 48) if wide(line + detail) else (16, 29, 44)
    fit_text(draw, line, 44, rows[0], (12,))
    if detail:
        fit_text(draw, detail, 44, rows[1], (12,))
    return _waiting(draw, view.get("awaiting") or [], rows[2], left=44, compact=True, clock=clock, page=page,
                    say=say)


REVEAL_PER_PAGE = 9  # 3 columns of 3: 14 seats in two pages, both seen in the table's 5 s reveal


def _reveal(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], reveal: Sequence[Reveal], page: int = 0,
    say: Say = str,
) -> int:
    """The totals in the header, then each seat's number and its card in large type, 9 to a page."""
    reds = sum(1 for r in reveal if r.card and _card_color(r.card) == "red")
    blacks = sum(1 for r in reveal if r.card and _card_color(r.card) == "black")
    shown, page_label = _page_of(list(reveal), REVEAL_PER_PAGE, page)
    totals = say(N_("RED {red}  BLACK {black}")).format(red=reds, black=blacks)
    header(draw, totals + (f"  {page_label}" if page_label else ""))
    seat_font, card_font = font(BOLD, 12), font(BOLD, 16)
    col_width, rows = WIDTH // 3, 3
    for index, item in enumerate(shown):
        col, row = divmod(index, rows)
        x, y = col * col_width + 1, 17 + row * 16
        label = seat_label(item.seat)
        draw.text((x, y + 3), label, font=seat_font, fill=1)
        card_x = x + draw.textlength(label, font=seat_font) + 2
        draw.text((card_x, y), _card_text(item.card), font=card_font, fill=1)
    return _page_count(len(reveal), REVEAL_PER_PAGE)


def _page_count(items: int, per_page: int) -> int:
    return max(1, -(-items // per_page))


def _page_of(items: list[Any], per_page: int, page: int) -> tuple[list[Any], str]:
    """The items on page `page` (modulo the pages) and a `1/2` label, empty when one page holds all."""
    pages = _page_count(len(items), per_page)
    if pages == 1:
        return items, ""
    index = page % pages
    return items[index * per_page : (index + 1) * per_page], f"{index + 1}/{pages}"


SCORES_PER_PAGE = 4  # 2 columns of 2 at 16 px


def _campaign_over(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], campaign: Mapping[str, Any], page: int = 0,
    say: Say = str,
) -> int:
    """Final scores: the winners (XP broke any tie in VP), then every seat's VP, four to a page
    (`seat: VP`, the header says what the numbers are)."""
    winners = [int(s) for s in campaign.get("winners") or []]
    vp = [int(v) for v in campaign.get("vp") or []]
    shown, page_label = _page_of(list(enumerate(vp)), SCORES_PER_PAGE, page)
    header(draw, say(N_("FINAL VP")) + (f"  {page_label}" if page_label else ""))
    won = say(N_("Winner {who}")) if len(winners) == 1 else say(N_("Winners {who}"))
    _fit_line(draw, won.format(who=names_line(view, winners)), 17)
    big = font(BOLD, 16)
    for index, (seat, points) in enumerate(shown):
        col, row = divmod(index, 2)
        draw.text((col * (WIDTH // 2) + 1, 31 + row * 16), f"{seat_label(seat)}: {points}", font=big, fill=1)
    return _page_count(len(vp), SCORES_PER_PAGE)


def _game_over(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], say: Say = str) -> None:
    colour = view.get("winning_color")
    header(draw, say(N_("GAME OVER")))
    if colour == "red":
        headline = say(N_("RED WINS"))
    elif colour == "black":
        headline = say(N_("BLACK WINS"))
    else:
        headline = f"{str(colour).upper()} WINS" if colour else say(N_("NO WINNER"))
    centered(draw, headline, 20, font(BOLD, 16))
    seats = view.get("winners") or []
    if seats:
        won = say(N_("Winner: {who}")) if len(seats) == 1 else say(N_("Winners: {who}"))
        _fit_line(draw, won.format(who=names_line(view, seats)), 44)
    elif colour:
        centered(draw, say(N_("No seat won")), 44, font(BOLD, 12))


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
        centered(draw, gen, 40, font(BOLD, 10), right=40)
    centered(draw, "STAB", 52, font(BOLD, 10), right=40)


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


def _policies(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], x: int, y: int, say: Say = str) -> None:
    """One 12 px box per policy (R hollow, B filled), the trailing streak underlined."""
    policies = [p for p in view.get("policies") or [] if isinstance(p, Mapping)]
    streak = view.get("streak") or {}
    streak_len = int(streak.get("length") or 0)
    if not policies:
        none = say(N_("no policies yet"))
        draw.text((x, y), none, font=font_for(none, font(BOLD, 11)), fill=1)
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
        draw.text((x + len(shown) * pitch, y), f"+{hidden}", font=font(BOLD, 11), fill=1)


def _waiting(
    draw: ImageDraw.ImageDraw,
    seats: Sequence[int],
    y: int,
    left: int = 0,
    compact: bool = False,
    clock: int | None = None,
    page: int = 0,
    say: Say = str,
) -> int:
    """`Wait:` (with the shot clock, `Wait 12s:`) and the seat numbers in 16 px type with clear gaps,
    on two lines (one when `compact`); seats that do not fit go on further pages, and the label then
    says which page this is (`Wait 1/2:`); returns the number of pages."""
    if not seats:
        return 1
    head = say(N_("Wait")) if clock is None else say(N_("Wait {n}s")).format(n=clock)
    label_font, numbers = font_for(head, font(BOLD, 12)), font(BOLD, 16)
    lines, gap, pitch = (1 if compact else 2), 7, 16
    labels = [seat_label(s) for s in seats]
    # with a page counter the label is wider; lay out once without, and again with it if needed
    for marked in (False, True):
        pages = _seat_pages(draw, labels, head, marked, left, lines, label_font, numbers, gap)
        if len(pages) == 1 or marked:
            break
    index = page % len(pages)
    prefix = f"{head} {index + 1}/{len(pages)}:" if len(pages) > 1 else f"{head}:"
    draw.text((left, y if wide(head) else y + 3), prefix, font=label_font, fill=1)
    for line, x, label in pages[index]:
        draw.text((x, y + line * pitch), label, font=numbers, fill=1)
    return len(pages)


def _seat_pages(
    draw: ImageDraw.ImageDraw,
    labels: Sequence[str],
    head: str,
    marked: bool,
    left: int,
    lines: int,
    label_font: Font,
    numbers: Font,
    gap: int,
) -> list[list[tuple[int, float, str]]]:
    """Seat numbers placed as (line, x, label), the first line after the label, split into pages."""
    sample = f"{head} 9/9: " if marked else f"{head}: "
    start = left + draw.textlength(sample, font=label_font)
    pages: list[list[tuple[int, float, str]]] = [[]]
    line, x = 0, start
    for label in labels:
        width = draw.textlength(label, font=numbers)
        if x + width > WIDTH:
            line, x = line + 1, float(left)
            if line >= lines:
                pages.append([])
                line, x = 0, start
        pages[-1].append((line, x, label))
        x += width + gap
    return pages


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
    """A centred line at 12 px (16 px in Chinese), shortened with "." when even that does not fit (many
    winners)."""
    fnt = font_for(text, font(BOLD, 12))
    while len(text) > 2 and draw.textlength(text, font=fnt) > WIDTH - 2:
        text = text[:-2].rstrip() + "."
    centered(draw, text, y, fnt)


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


#: what the box draws J'Accuse with (``Game.screens``)
SCREENS: Final = Screens(render=render, moment_key=moment_key, moment=moment)
