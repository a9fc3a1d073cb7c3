"""Betrayal's OLED screens: a pure function from the table's public view to a 128x64 1-bit image.

The game's ``Game`` (game.py) hands these to the box, whose OLED feeder picks the renderer by game::

    render_betrayal(model: DisplayModel) -> PIL.Image.Image   # mode "1", WIDTH x HEIGHT (128x64)
    accusation_key(view), accusation_moment(view)              # the "everyone look" moment

The model is the box's :class:`controller.oled_kit.model.DisplayModel`, read as every game reads it:

- ``view``: Betrayal's ``public_view`` (``controller.games.betrayal.views``), optionally with the
  table's ``names`` (one per seat; with two players each name leads two armies). Nothing else is read,
  so nothing secret can reach the panel: the traitor is named only once the view names it (the joker
  died, or the end).
- ``cannot_save``, ``hub_connected is False``, ``paused``, ``journal_recovered``: the same notice
  screens as J'Accuse, in the same order of importance, with Betrayal's wording.
- ``startup_url``, ``pads``, ``join_code``: the start screen (QR code and address) while the view's
  ``version`` is 0 or there is no view, titled BETRAYAL; the join code also shows during setup.
- ``reveal``: Betrayal's accusation moment. Set it to ``accusation_moment(view)`` for a few seconds
  (J'Accuse's REVEAL_SECONDS) whenever ``accusation_key(view)`` changes, and to None afterwards, as
  for J'Accuse's reveal. While it is set the screen shows the last accusation's two cards and its
  result, drawn from ``view["last_accusation"]`` (the Reveal items themselves are not needed for
  drawing; any non-None value turns the moment on).
- ``clock_left``: seconds left on a shot clock, shown beside whose turn it is, when given.

Screens: setup (how many armies are ready and which are still choosing), play (whose turn, one row
per army: face-down count, points/next reward, face-up cards; the pile, the joker and the count of
three), the accusation moment, and the end (winning side, the traitor's army, every army's title).
Up to 8 armies fit, in the 5x8 font.

Words in the box's language (``model.language``; this package's catalogue): the setup screen, the
accusation's header and result, the end's header and traitor line. A Chinese line takes the 16 px CJK
font; one that would not fit its width stays English, and the play screen's rows, the accusation's
second line and the end's titles stay English (docs/i18n.md says why).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from PIL import Image, ImageDraw

from controller.games.game import Screens
from controller.i18n import N_
from controller.i18n.loading import load
from controller.oled_kit.box_screens import game_renderer
from controller.oled_kit.draw import (
    BOLD,
    HEIGHT,
    SMALL,
    WIDTH,
    centered,
    fit_text,
    font,
    font_for,
    header,
    wide,
)
from controller.oled_kit.model import DisplayModel, Reveal

#: this package's folder: its catalogue (locale/) holds the screens' words
_FOLDER: Final = Path(__file__).resolve().parent

TITLE = "BETRAYAL"

#: B17's titles as the panel shows them (the longest would not fit a row)
SHORT_TITLES = {"Inanimate Object": "Object"}


def accusation_key(view: Mapping[str, Any] | None) -> Hashable | None:
    """What tells one accusation from the next (None before the first): the feeder starts the moment
    when it changes. Every accusation kills a card and scores it, so the points total is part of it."""
    if not view:
        return None
    last = view.get("last_accusation")
    if not isinstance(last, Mapping):
        return None
    total = sum(int(x) for x in view.get("scores") or ())
    return (
        last.get("army"),
        last.get("position"),
        last.get("card"),
        tuple(last.get("target") or ()),
        last.get("target_card"),
        last.get("winner"),
        total,
    )


def accusation_moment(view: Mapping[str, Any] | None) -> tuple[Reveal, ...] | None:
    """The last accusation's two cards as (army, card), attacker first, or None: ``DisplayModel.reveal``."""
    if not view:
        return None
    last = view.get("last_accusation")
    if not isinstance(last, Mapping):
        return None
    target = last.get("target") or [None]
    return (
        Reveal(int(last.get("army") or 0), str(last.get("card"))),
        Reveal(int(target[0] or 0), str(last.get("target_card"))),
    )


@game_renderer(TITLE)
def render_betrayal(
    image: Image.Image, draw: ImageDraw.ImageDraw, model: DisplayModel, view: Mapping[str, Any]
) -> None:
    """Pick the Betrayal screen that matters most now and draw it (from the public view only)."""
    language = model.language
    if model.reveal is not None and isinstance(view.get("last_accusation"), Mapping):
        _accusation(draw, view, language)
    elif view.get("over") or view.get("phase") == "over":
        _end(draw, view, language)
    elif view.get("phase") == "setup":
        _setup(draw, view, model.join_code, language)
    else:
        _play(draw, view, model.clock_left)


# -- screens ---------------------------------------------------------------------------------------
def _say(draw: ImageDraw.ImageDraw, language: str, text: str, room: int = WIDTH - 4, **params: Any) -> str:
    """``text`` (a message of this package's catalogue) in the box's language with its ``params``; its
    English when the translation would be wider than ``room`` in the font it is drawn with."""
    english = text.format(**params)
    said = load(_FOLDER, language).gettext(text).format(**params)
    if said == english or draw.textlength(said, font=font_for(said, font(BOLD, 12))) > room:
        return english
    return said


def _setup(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], code: str | None, language: str) -> None:
    """How many armies have chosen, and which are still choosing: never what anyone chose."""
    armies = _armies(view)
    chosen = [bool(c) for c in view.get("chosen") or ()]
    ready = sum(chosen)
    waiting = [int(a) for a in view.get("awaiting_armies") or ()]
    numbers = " ".join(str(a) for a in waiting)
    lines = [
        _say(draw, language, N_("Join code {code}"), code=code) if code else "",
        _say(draw, language, N_("Armies ready: {ready} of {armies}"), ready=ready, armies=armies),
        _say(draw, language, N_("Pick your army by phone")),
        _say(draw, language, N_("Waiting: {armies}"), armies=numbers) if waiting else "",
    ]
    if any(wide(line) for line in lines):  # Chinese: a narrower title bar, three 16 px lines under it
        header(draw, TITLE, height=12)
        shown = [lines[0], lines[1], lines[3]] if code else lines[1:]
        for index, line in enumerate(shown):
            centered(draw, line, 13 + 17 * index, font(BOLD, 12))
        return
    header(draw, TITLE)
    if code:
        line = f"Join code {code}"
        if draw.textlength(line, font=font(BOLD, 12)) > WIDTH - 4:
            line = f"Code {code}"
        centered(draw, line, 18, font(BOLD, 12))
        centered(draw, f"Armies ready: {ready} of {armies}", 33, font(SMALL, 8))
        top = 44
    else:
        centered(draw, f"Ready: {ready} of {armies}", 19, font(BOLD, 12))
        centered(draw, "Pick your army by phone", 33, font(SMALL, 8))
        top = 46
    if waiting:
        text = "Waiting: " + numbers
        fit_text(draw, text, 2, top, (12, 8), right=WIDTH - 2, font_name=BOLD)


def _play(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None) -> None:
    """The status line, then one row per army (the army to move lit): number (T once the traitor is
    known), face-down count with a filled card, points/next reward total, face-up cards by name."""
    armies = _armies(view)
    big = armies <= 4  # up to four armies (two players included) the rows take Terminus 12
    _status_line(draw, view, clock)
    if big:
        fnt, char, top, pitch, band, card_h = font(BOLD, 12), 6, 11, 13, 12, 9
    else:
        pitch = 7 if armies > 6 else 9 if armies > 5 else 10
        fnt, char, top, band, card_h = font(SMALL, 8), 5, 9 if armies > 6 else 11, 7, 6
    rows = view.get("rows") or []
    scores = view.get("scores") or []
    nexts = view.get("next_reward") or []
    eliminated = {int(a) for a in view.get("eliminated") or ()}
    traitor = view.get("traitor")
    turn = view.get("turn")
    # seven or eight rows are 7 px apart: no room for a lit band, so an arrow in a gutter marks the turn
    arrow = armies > 6
    x0 = 5 if arrow else 1
    # x positions: label, face-down count (right edge), points (right edge), face-up cards
    down_right = x0 + 5 * char
    points_right = down_right + 4 + 4 * char
    up_left = points_right + 4 * char + 4
    for army in range(armies):
        y = top + army * pitch  # the first lit row of the glyphs
        text_y = y - (2 if big else 1)
        ink = 1
        if army == turn and arrow:
            draw.polygon([(0, y), (3, y + 3), (3, y + 2), (0, y + 5)], fill=1)
        elif army == turn:
            draw.rectangle((0, y - 1, WIDTH - 1, y - 1 + band), fill=1)
            ink = 0
        label = str(army) + ("T" if traitor == army else "")
        draw.text((x0, text_y), label, font=fnt, fill=ink)
        points = int(scores[army]) if army < len(scores) else 0
        nxt = nexts[army] if army < len(nexts) else None
        _right(draw, str(points), points_right, text_y, fnt, ink)
        if army in eliminated:
            draw.text((down_right - 2 * char, text_y), "OUT", font=fnt, fill=ink)
            continue
        if isinstance(nxt, Mapping):
            draw.text((points_right, text_y), f"/{nxt.get('at')}{_reward(nxt)}", font=fnt, fill=ink)
        row = rows[army] if army < len(rows) and isinstance(rows[army], Sequence) else []
        down = sum(1 for c in row if isinstance(c, Mapping) and not c.get("up"))
        up = [str(c.get("card")) for c in row if isinstance(c, Mapping) and c.get("up")]
        _right(draw, str(down), down_right, text_y, fnt, ink)
        draw.rectangle((down_right + 1, y, down_right + 3, y + card_h - 1), fill=ink)
        _up_cards(draw, up, up_left, text_y, fnt, ink)


def _accusation(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], language: str) -> None:
    """The moment after an accusation: both cards face up, the winner's lit, and what it did."""
    last = view.get("last_accusation") or {}
    attacker = int(last.get("army") or 0)
    target = last.get("target") or [0, 0]
    defender = int(target[0] or 0)
    won = last.get("winner") == "attacker"
    head = f"{_army_name(view, attacker)} > {_army_name(view, defender)}"
    if draw.textlength(head, font=font(BOLD, 12)) > WIDTH - 4:
        head = _say(draw, language, N_("ARMY {a} > ARMY {b}"), a=attacker, b=defender)
    header(draw, head)
    card, target_card = str(last.get("card")), str(last.get("target_card"))
    big = font(BOLD, 20)
    half = WIDTH // 2
    for index, text in enumerate((card, target_card)):
        left = 0 if index == 0 else half + 6
        winner = (index == 0) == won
        width = draw.textlength(text, font=big)
        x = left + (half - 6 - width) / 2
        if winner:
            draw.rectangle((left + 2, 18, left + half - 9, 39), fill=1)
        draw.text((x, 19), text, font=big, fill=0 if winner else 1)
    centered(draw, "vs", 25, font(SMALL, 8))
    result = _result(draw, language, last, attacker, defender, won)
    # a 16 px Chinese result takes rows 40-55: the detail's 8 px line moves a row down, under it
    centered(draw, result, 40 if wide(result) else 42, font(BOLD, 12))
    _result_detail(draw, view, last, attacker, defender, won, 56 if wide(result) else 55)


def _end(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], language: str) -> None:
    """The winning side, the traitor's army, and every army's title and points (B17)."""
    side = view.get("winner_side")
    head = N_("TRAITOR WINS") if side == "traitor" else N_("LOYAL SIDE WINS") if side else N_("GAME OVER")
    header(draw, _say(draw, language, head))
    top = 31
    reveal = view.get("reveal")
    traitor = view.get("traitor")
    if traitor is None and isinstance(reveal, Mapping):
        traitor = reveal.get("traitor")
    if isinstance(traitor, int):
        line = _say(draw, language, N_("Traitor: {who}"), who=_army_name(view, traitor, True, language))
        if not wide(line):  # a long name: the short form may fit the Chinese line
            line = _say(draw, language, N_("Traitor: {who}"), who=_army_name(view, traitor, False, language))
        if wide(line):  # a 16 px line under the bar: the titles start two rows lower
            fit_text(draw, line, 2, 17, (12, 8), right=WIDTH - 2, font_name=BOLD)
            top = 33
        else:
            line = _say(draw, "en", N_("Traitor: {who}"), who=_army_name(view, traitor, True))
            fit_text(draw, line, 2, 17, (12, 8), right=WIDTH - 2, font_name=BOLD)
    armies = _armies(view)
    titles = list(view.get("titles") or [])
    scores = list(view.get("scores") or [])
    small = font(SMALL, 8)
    columns = 1 if armies <= 4 else 2
    per_column = -(-armies // columns)
    pitch = min(8, (HEIGHT - top + 1) // max(1, per_column))
    width = WIDTH // columns
    for army in range(armies):
        col, row = divmod(army, per_column)
        x, y = col * width + (2 if col else 0), top + row * pitch  # clear of the line between columns
        name = titles[army] if army < len(titles) and titles[army] else "-"
        name = SHORT_TITLES.get(str(name), str(name))
        points = int(scores[army]) if army < len(scores) else 0
        # the traitor's number is lit (the line above says so)
        ink = 1
        if army == traitor:
            draw.rectangle((x, y, x + 5, y + 6), fill=1)
            ink = 0
        draw.text((x + 1, y - 1), str(army), font=small, fill=ink)
        draw.text((x + 8, y - 1), name, font=small, fill=1)
        _right(draw, str(points), col * width + width - 2, y - 1, small, 1)
        if columns == 1:
            seat_name = _seat_name_of_army(view, army)
            if seat_name:
                fit_text(draw, seat_name, x + 56, y - 1, (8,), right=x + width - 16, font_name=SMALL)
    if columns == 2:
        draw.line((width - 1, top, width - 1, HEIGHT - 1), fill=1)


# -- parts -----------------------------------------------------------------------------------------
def _armies(view: Mapping[str, Any]) -> int:
    try:
        return max(0, min(8, int(view.get("armies") or 0)))
    except (TypeError, ValueError):
        return 0


def _seat_name_of_army(view: Mapping[str, Any], army: int) -> str | None:
    """The seat's name for an army's seat, when the table gave one."""
    seats = view.get("army_seats") or []
    names = view.get("names")
    seat = seats[army] if 0 <= army < len(seats) else army
    if isinstance(names, Sequence) and isinstance(seat, int) and 0 <= seat < len(names):
        name = names[seat]
        if isinstance(name, str) and name:
            return name
    return None


def _army_name(view: Mapping[str, Any], army: int, long: bool = False, language: str = "en") -> str:
    """``Ann 2`` when the seat has a name (with the army's number: a seat may lead two), else the number."""
    name = _seat_name_of_army(view, army)
    if name:
        return f"{name[:8]} ({army})" if long else f"{name[:6]} {army}"
    if long:
        return load(_FOLDER, language).gettext(N_("army {a}")).format(a=army)
    return str(army)


def _reward(nxt: Mapping[str, Any]) -> str:
    kind = nxt.get("kind")
    if kind == "peek":
        return "P"
    if kind in ("eliminated", "eliminate", "out"):
        return "X"
    return ""


def _status_line(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None) -> None:
    """Whose turn (and the clock), the middle pile, and the joker: `JK alive` or `JK dead 1/3` (the
    traitor's cards killed since the joker died, of the three that end the game)."""
    small = font(SMALL, 8)
    turn = view.get("turn")
    if view.get("phase") == "peek":
        waiting = view.get("awaiting_armies") or [turn]
        lefts = [f"Peek {waiting[0]}"]
    elif view.get("phase") == "after_win" and isinstance(turn, int):
        lefts = [f"{turn}: hide/end", f"Turn {turn}"]  # the winner may hide its card, or press its pad
    elif isinstance(turn, int):
        lefts = [f"Turn {turn}"]
    else:
        lefts = [""]
    if clock is not None and lefts[0]:
        lefts = [f"{lefts[-1]} {clock}s", f"{turn}: {clock}s"]
    pile = view.get("middle_count")
    piles = [f"Pile {pile}", f"P{pile}"] if pile is not None else [""]
    if view.get("joker_dead"):
        count = f"{int(view.get('traitor_deaths_after_joker') or 0)}/{view.get('deaths_needed') or 3}"
        jokers = [f"JK dead {count}", f"JK {count}"]
    else:
        jokers = ["JK alive", "JK ok"]
    gap = 4
    # shorten the joker first, then the turn, then the pile, until the three fit
    for middle, left, joker in itertools.product(piles, lefts, jokers):
        widths = [draw.textlength(t, font=small) for t in (left, middle, joker)]
        if sum(widths) + 2 * gap <= WIDTH:
            break
    draw.text((0, -1), left, font=small, fill=1)
    _right(draw, joker, WIDTH, -1, small, 1)
    # the pile midway between the other two
    free_left = widths[0] + gap
    free_right = WIDTH - widths[2] - gap
    x = max(free_left, (free_left + free_right - widths[1]) / 2)
    draw.text((round(x), -1), middle, font=small, fill=1)


def _up_cards(draw: ImageDraw.ImageDraw, cards: Sequence[str], x: int, y: int, fnt: Any, ink: int) -> None:
    """The face-up cards by name, as many as fit, then `+n` for the rest."""
    room = WIDTH - x
    shown: list[str] = []
    for index, card in enumerate(cards):
        rest = len(cards) - index - 1
        text = " ".join([*shown, card])
        tail = f" +{rest}" if rest else ""
        if draw.textlength(text + tail, font=fnt) > room:
            more = len(cards) - len(shown)
            text = " ".join([*shown, f"+{more}"])
            while shown and draw.textlength(text, font=fnt) > room:
                shown.pop()
                more += 1
                text = " ".join([*shown, f"+{more}"])
            draw.text((x, y), text, font=fnt, fill=ink)
            return
        shown.append(card)
    draw.text((x, y), " ".join(shown), font=fnt, fill=ink)


def _right(draw: ImageDraw.ImageDraw, text: str, right: float, y: int, fnt: Any, ink: int) -> None:
    draw.text((right - draw.textlength(text, font=fnt), y), text, font=fnt, fill=ink)


def _result(
    draw: ImageDraw.ImageDraw, language: str, last: Mapping[str, Any], attacker: int, defender: int, won: bool
) -> str:
    if last.get("target_card") == "JK":
        return _say(draw, language, N_("THE JOKER DIES"))
    if last.get("by_two"):
        return _say(draw, language, N_("THE 2 DEFENDS"))
    if won:
        return _say(draw, language, N_("{a} WINS"), a=attacker)
    return _say(draw, language, N_("{a} HOLDS"), a=defender)


def _result_detail(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    last: Mapping[str, Any],
    attacker: int,
    defender: int,
    won: bool,
    y: int,
) -> None:
    """A line under the result when it mattered more: the traitor unmasked, an army out, the end."""
    loser = defender if won else attacker
    eliminated = {int(a) for a in view.get("eliminated") or ()}
    if view.get("over"):
        text = "Game over"
    elif last.get("target_card") == "JK":
        text = f"Army {defender} is the traitor"
    elif loser in eliminated:
        text = f"Army {loser} is out"
    elif view.get("joker_dead") and view.get("traitor") == loser:
        text = f"Traitor down {view.get('traitor_deaths_after_joker')}/{view.get('deaths_needed') or 3}"
    else:
        return
    centered(draw, text, y, font(SMALL, 8))


#: what the box draws Betrayal with (``Game.screens``)
SCREENS: Final = Screens(render=render_betrayal, moment_key=accusation_key, moment=accusation_moment)
