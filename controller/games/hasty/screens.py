"""Hasty Accusations' OLED screens: a pure function from the table's public view to a 128x64 1-bit
image, in the manner of Betrayal's screens; the box finds it through Hasty's ``Game.screens``
(controller/games/hasty/game.py).

    render_hasty(model: DisplayModel) -> PIL.Image.Image   # mode "1", 128x64

The model is the box's :class:`controller.oled_kit.model.DisplayModel`:

- ``view``: Hasty's ``public_view``, optionally with the table's ``names``. Nothing else is read, so
  no hand, secret suspect, face-down card or peek can reach the panel.
- the fault and start screens every game shares (``box_screen``), titled HASTY.
- ``reveal``: the review moment, played out at the box's pace. ``review_key(view)`` changes when a new
  review has ended; the feeder then shows ``review_frames(view)`` one after the other (a second or two
  each), setting ``reveal`` to each in turn and to None afterwards. A frame holds the cards turned so
  far; the last one, which holds them all, also shows the verdict large: who was murdered, or that the
  suspect survived. ``game.py`` gives them to the box as ``Screens.moment_frames``.
- ``clock_left``: the shot clock, beside whose turn it is.

Screens: play (whose turn and the turn's steps, the loupe over the row, each suspect's pile size and
face-up top card, dead suspects crossed out, a suspect turned round in reverse video, and what the
game waits for), the review moment, and the end (the winner, and the traitor with that variant).

The second edition's state that lasts (a rule a card on top of a pile sets, the hand limit, turns to
skip, the suspect Madame Rose hides, a review's counts, the powers used this turn) is told on the play
screen's further pages, one bottom line each, which the display turns. A review with evaluations
nested in it (a Sniper's, a Dying Breath's) is played out as it happened: the outer pile's cards, then
the nested pile under its own heading, then back to the outer pile (``review_parts``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple

from PIL import Image, ImageDraw

from controller.games.game import Screens
from controller.games.hasty.cards import ALL_CARDS, INDEX, SUSPECTS
from controller.i18n import N_
from controller.i18n.loading import load
from controller.oled_kit.box_screens import game_renderer
from controller.oled_kit.draw import (
    BOLD,
    SMALL,
    WIDTH,
    centered,
    fit_text,
    font,
    header,
    seat_called,
    seat_name,
    wide,
)
from controller.oled_kit.model import DisplayModel, Reveal

TITLE: Final = "HASTY"
#: this package (its locale/ holds the words the display says in the box's language)
_FOLDER: Final = Path(__file__).parent


def _say(language: str, text: str) -> str:
    """One of Hasty's messages in the box's language. Only the screens' large words are said so: a
    16 px Chinese line does not fit the 8 px lines (the column heads, the cards' three letters, the
    headers, the counters), which stay English (docs/i18n.md)."""
    return load(_FOLDER, language).gettext(text)


def _suspect(language: str, name: str) -> str:
    return _say(language, name) if name in SUSPECTS else name


#: three letters per card, for the narrow columns
SHORT: Final[dict[str, str]] = {
    "murder": "MUR", "threat": "THR", "bodyguard": "BDG", "sidekick": "SDK", "stop": "STP",
    "jester": "JST", "delay": "DLY", "bomb": "BMB", "question": "QST", "investigator": "INV",
    "mover": "MOV", "switcheroo": "SWT",
    "poison": "PSN", "armor": "ARM", "antidote": "ANT", "dying_breath": "DYB", "safe_stop": "SST",
    "back_to_top": "BTT", "back_alley": "ALY", "time_bomb": "TBM", "rebel": "RBL", "show_hands": "SHW",
    "walk_back": "WLK", "hasty": "HST", "sniper": "SNP", "nobody_around": "NBA", "last_ditch": "LDE",
    "wrong_address": "WRG", "memory_wipe": "WIP", "tangled": "TNG", "spread": "SPR", "double_cross": "DBX",
    "private_investigator": "PIV", "revelation": "RVL", "thief": "THF", "on_the_clock": "CLK",
}
#: two letters per suspect (H1's order), for the column heads
INITIALS: Final = ("Sc", "Gr", "Mu", "Pl", "Pe", "Wh", "Ba", "Br", "Ro")
_WAITS: Final[dict[str, str]] = {
    "pile": "picks a pile", "sidekick": "Sidekick pick", "question": "asks a question",
    "question_pile": "places a card", "investigate": "investigates", "mover": "moves loupe",
    "switcheroo": "switcheroo", "market": "takes cards",
    "breath": "Dying Breath pick", "sniper": "aims the Sniper", "wrong_address": "Wrong address",
    "walk": "walks it back", "wipe": "Memory Wipe", "tangled": "Tangled Up", "spread": "spreads cards",
    "double": "Double Cross", "rebel": "Rebel moves", "revelation": "Revelation", "thief": "Thief picks",
    "brunette": "Brunette steals", "private": "Private Inv.", "hasty": "Hasty: draw/skip",
    "tuck": "Rose hides one", "revive": "White revives",
}
#: a nested evaluation's heading on the review screen, by its cause
_CAUSES: Final[dict[str, str]] = {"sniper": "SNIPER", "dying_breath": "BREATH", "empty_hand": "HAND",
                                  "loupe": "REVIEW"}
#: the rules a card on top of a pile sets (H27), as the bottom line names them
_SHOWING: Final[dict[str, str]] = {"back_alley": "Back Alley", "show_hands": "Show hands",
                                   "back_to_top": "Back to top"}


class Part(NamedTuple):
    """One stretch of a review as it happened: an evaluation's cards until another one nested in it
    began (or until it ended), ``back`` when it goes on after a nested one."""

    suspect: int
    cause: str
    cards: tuple[str, ...]
    depth: int
    back: bool


def review_parts(last: Mapping[str, Any]) -> list[Part]:
    """The last review in the order it happened: the outer pile's cards up to the first nested
    evaluation, that evaluation (and those nested in it), then back to the outer pile, and so on.
    A nested evaluation's parent is the next one to end a level up (the outer one at the last)."""
    root: dict[str, Any] = {"suspect": last.get("suspect"), "cause": last.get("cause"),
                            "revealed": list(last.get("revealed") or ()), "depth": 0, "kids": []}
    nodes = [{**n, "kids": []} for n in last.get("nested") or () if isinstance(n, Mapping)]
    for i, node in enumerate(nodes):
        parent = next((m for m in nodes[i + 1:] if m["depth"] == node["depth"] - 1), root)
        parent["kids"].append(node)
    parts: list[Part] = []

    def walk(node: dict[str, Any]) -> None:
        cards, start, back = [str(c) for c in node["revealed"]], 0, False
        for kid in sorted(node["kids"], key=lambda k: int(k["after"])):
            parts.append(Part(int(node["suspect"] or 0), str(node["cause"]), tuple(cards[start:kid["after"]]),
                              node["depth"], back))
            walk(kid)
            start, back = int(kid["after"]), True
        parts.append(Part(int(node["suspect"] or 0), str(node["cause"]), tuple(cards[start:]), node["depth"],
                          back))

    walk(root)
    return parts



def review_key(view: Mapping[str, Any] | None) -> Hashable | None:
    """Which review last ended (None before the first): the feeder plays it out when this changes."""
    last = view.get("last_review") if view else None
    return last.get("number") if isinstance(last, Mapping) else None


def review_frames(view: Mapping[str, Any] | None) -> list[tuple[Reveal, ...]]:
    """The review moment's frames: the first card, the first two, ... all of them (then the verdict).
    ``Reveal.seat`` is the card's place in the order it was turned. An empty review has one frame.
    With nested evaluations each part of ``review_parts`` after the first begins with a frame of its
    own heading: a ``Reveal`` with no card (and a negative place) marks where it begins."""
    last = view.get("last_review") if view else None
    if not isinstance(last, Mapping):
        return []
    shown: list[Reveal] = []
    frames: list[tuple[Reveal, ...]] = []
    for n, part in enumerate(review_parts(last)):
        if n:
            shown.append(Reveal(-n, None))
            frames.append(tuple(shown))
        for card in part.cards:
            shown.append(Reveal(len(shown), card))
            frames.append(tuple(shown))
    return frames or [()]


@game_renderer(TITLE)
def render_hasty(
    image: Image.Image, draw: ImageDraw.ImageDraw, model: DisplayModel, view: Mapping[str, Any]
) -> None:
    """Pick the screen that matters most now and draw it (from the public view only)."""
    if model.reveal is not None and isinstance(view.get("last_review"), Mapping):
        _review(draw, view, model.reveal, model.language)
    elif view.get("over"):
        _end(draw, view, model.language)
    else:
        notes = _notes(draw, view)
        page = model.page % (len(notes) + 1)
        _play(draw, view, model.clock_left, notes[page - 1] if page else None, model.language)
        image.info["pages"], image.info["screen"] = len(notes) + 1, "play"


def _play(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None, note: str | None, language: str
) -> None:
    small = font(SMALL, 8)
    turn = view.get("turn")
    who = seat_called(view, turn, _say(language, N_("Seat {n}"))) if isinstance(turn, int) else "-"
    status = _say(language, N_("{who} plays")).format(who=who)
    if view.get("plays"):
        status += f" {int(view.get('steps') or 0):+d}"
    right = f"{clock}s" if clock is not None else f"R{int(view.get('reviews') or 0)}"
    width = draw.textlength(right, font=small)
    fit_text(draw, status, 0, 0, (8,), right=int(WIDTH - width - 3), font_name=SMALL)
    draw.text((WIDTH - width, 0), right, font=small, fill=1)
    # a status in 16 px Chinese (a name, or the box's language) pushes the row of suspects down
    top = 21 if wide(status) else 14
    row = [spot for spot in view.get("row") or () if isinstance(spot, Mapping)]
    count = max(len(row), 1)
    pitch = WIDTH // count
    loupe = view.get("loupe")
    big = font(BOLD, 12)
    for p, spot in enumerate(row):
        left = p * pitch
        mid = left + pitch // 2
        if p == loupe:
            draw.polygon([(mid - 3, top - 5), (mid + 3, top - 5), (mid, top - 2)], fill=1)
        draw.rectangle((left + 1, top, left + pitch - 2, 53), outline=1)
        suspect = int(spot.get("suspect") or 0)
        initials = INITIALS[suspect % len(INITIALS)]
        if suspect in (view.get("rotated") or ()):  # turned round: its name in reverse video
            draw.rectangle((left + 2, top + 1, left + pitch - 3, top + 10), fill=1)
            centered(draw, initials, top + 2, small, fill=0, right=2 * mid)
        else:
            centered(draw, initials, top + 2, small, right=2 * mid)
        if not spot.get("alive"):
            draw.line((left + 2, top + 11, left + pitch - 3, 52), fill=1)
            draw.line((left + pitch - 3, top + 11, left + 2, 52), fill=1)
            continue
        pile = [c for c in spot.get("pile") or () if isinstance(c, Mapping)]
        centered(draw, str(len(pile)), 27 if top == 14 else 32, big, right=2 * mid)
        if pile and pile[-1].get("up"):
            short = SHORT.get(str(pile[-1].get("card")), "?")
            if pitch < 17:
                short = short[:2]
            centered(draw, short, 43 if top == 14 else 44, small, right=2 * mid)
    centered(draw, note if note is not None else _bottom_line(view), 56, small)


def _notes(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> list[str]:
    """The second edition's lasting facts for the bottom line, packed into lines that fit: the
    rules showing on top of a pile, the hand limit, turns to skip, Madame Rose's hidden suspect, the
    review's counts per suspect, the powers used this turn. None for a base game."""
    facts = [_SHOWING[k] for k, on in (view.get("showing") or {}).items() if on and k in _SHOWING]
    if view.get("hand_limit") == 1:
        facts.append("Hand limit 1")
    if view.get("skips"):
        facts.append(f"Skip {view.get('skips')}")
    tucked = view.get("tucked")
    if isinstance(tucked, int):
        facts.append(f"Ro hides {INITIALS[tucked % len(INITIALS)]}")
    review, extra = view.get("review"), view.get("review_extra")
    if isinstance(review, Mapping) and isinstance(extra, Mapping):
        counts = [("T", review.get("threats")), ("B", review.get("shields")), ("P", extra.get("poison")),
                  ("A", extra.get("armor")), ("W", extra.get("wrong"))]
        for suspect in range(len(view.get("suspects") or ())):
            held = "".join(f"{k}{c[suspect]}" for k, c in counts if c and c[suspect])
            if held:
                facts.append(f"{INITIALS[suspect % len(INITIALS)]} {held}")
    for fired in view.get("fired") or ():
        facts.append(f"{INITIALS[int(fired['suspect']) % len(INITIALS)]} power")
    lines: list[str] = []
    for fact in facts:
        joined = f"{lines[-1]}  {fact}" if lines else fact
        if lines and draw.textlength(joined, font=font(SMALL, 8)) <= WIDTH - 2:
            lines[-1] = joined
        else:
            lines.append(fact)
    return lines


def _bottom_line(view: Mapping[str, Any]) -> str:
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        seat = pending.get("seat")
        who = seat_name(view, seat) if isinstance(seat, int) else "?"
        return f"{who} {_WAITS.get(str(pending.get('kind')), 'chooses')}"
    if view.get("first_round"):
        return "First round: no review yet"
    return f"Market {len(view.get('market') or ())}  Deck {view.get('deck_count', 0)}"


def _review(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], shown: Sequence[Reveal], language: str
) -> None:
    last = view.get("last_review") or {}
    parts = review_parts(last)
    names = view.get("suspects") or ()
    every = review_frames(view)
    done = len(shown) >= len(every[-1]) if every else True
    # the part shown now (None: the whole review, at its verdict or with no nested evaluation)
    part = parts[sum(1 for r in shown if r.card is None)] if len(parts) > 1 and not done else None
    suspect = int(last.get("suspect") or 0) if part is None else part.suspect
    name = str(names[suspect]) if suspect < len(names) else str(last.get("name") or "")
    if len(name) > 13:  # the header holds about twenty characters
        name = INITIALS[suspect % len(INITIALS)]
    if part is None or (part.depth == 0 and not part.back):
        header(draw, f"REVIEW {name}")
    elif part.back:
        header(draw, f"BACK TO {name}")
    else:
        header(draw, f"{_CAUSES.get(part.cause, 'REVIEW')} {name}")
    # the cards of the part shown now (at the verdict: every card the review turned)
    marks = [i for i, r in enumerate(shown) if r.card is None]
    cards = [str(r.card) for r in (shown if done else shown[(marks[-1] + 1 if marks else 0):]) if r.card]
    revealed = cards if part is None else list(part.cards)
    small = font(SMALL, 8)
    if part is not None and not cards and marks and not done:
        # where a nested evaluation begins, or the one it interrupted goes on
        index = parts.index(part)
        outer = next((q for q in reversed(parts[:index]) if q.depth == part.depth - 1), parts[0])
        waits = str(names[outer.suspect]) if outer.suspect < len(names) else "?"
        if part.back:
            line = _say(language, N_("the review goes on"))
        elif language == "en":
            line = f"{waits.split()[-1]} waits"
        else:  # the whole name: a Chinese one has no last word
            line = _say(language, N_("{name} waits")).format(name=_suspect(language, waits))
        centered(draw, line, 26, font(BOLD, 12))
        centered(draw, f"{count_words(len(part.cards))} to turn", 46, small)
        return
    if not done or not cards:
        if cards:
            _card_name(draw, cards[-1], 22, language)
        else:
            centered(draw, _say(language, N_("Nothing to review")), 24, font(BOLD, 12))
        trail = " ".join(SHORT.get(c, c) for c in cards[:-1])
        centered(draw, trail[-25:], 44, small)
        centered(draw, f"card {len(cards)} of {len(revealed)}", 55, small)
        return
    killed = [int(k) for k in last.get("killed") or ()]
    if killed:
        centered(draw, _say(language, N_("MURDER!")), 18, font(BOLD, 20))
        victims = ", ".join(INITIALS[k % len(INITIALS)] for k in killed)
        names = view.get("suspects") or ()
        if len(killed) == 1 and killed[0] < len(names):
            victims = _suspect(language, str(names[killed[0]]))
        centered(draw, victims, 37 if wide(victims) else 42, font(BOLD, 12))  # 16 px Chinese ends above
    else:
        centered(draw, _say(language, N_("SURVIVES")), 20, font(BOLD, 16))
        centered(draw, " ".join(SHORT.get(c, c) for c in cards)[-25:], 44, small)
    centered(draw, f"{len(cards)} card{'' if len(cards) == 1 else 's'} turned", 55, small)


def count_words(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _card_name(draw: ImageDraw.ImageDraw, key: str, y: int, language: str) -> None:
    """A card's name as large as fits the panel's width (16 px, else 14, else 12; Chinese: 16 px)."""
    name = _say(language, ALL_CARDS[INDEX[key]].title).upper() if key in INDEX else key.upper()
    for size in (16, 14, 12):
        if draw.textlength(name, font=font(BOLD, size)) <= WIDTH - 2:
            break
    centered(draw, name, y + (16 - size) // 2, font(BOLD, size))


def _end(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], language: str) -> None:
    header(draw, "GAME OVER")
    winners = [int(w) for w in view.get("winners") or ()]
    if winners:
        centered(draw, seat_called(view, winners[0], _say(language, N_("Seat {n}"))), 20, font(BOLD, 16))
        centered(draw, _say(language, N_("wins!")), 38, font(BOLD, 12))
    else:
        centered(draw, _say(language, N_("NO WINNER")), 24, font(BOLD, 16))
    reveal = view.get("reveal") or {}
    traitor = reveal.get("traitor") if isinstance(reveal, Mapping) else None
    if isinstance(traitor, int):
        centered(draw, f"Traitor: {seat_name(view, traitor)}", 55, font(SMALL, 8))


#: seconds each card of a review stays alone on the OLED before the next is turned (the table page
#: keeps the same pace, ``CARD_MS`` in static/hasty_table.js); the verdict is held like any moment
REVIEW_CARD_SECONDS: Final = 1.6


def review_moment(view: Mapping[str, Any] | None) -> tuple[Reveal, ...] | None:
    """The last review with every card turned (and so its verdict); None before the first review."""
    frames = review_frames(view)
    return frames[-1] if frames else None


#: what the box draws Hasty Accusations with (``Game.screens``)
SCREENS: Final = Screens(render=render_hasty, moment_key=review_key, moment=review_moment,
                         moment_frames=review_frames, frame_seconds=REVIEW_CARD_SECONDS)
