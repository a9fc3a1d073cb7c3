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
face-up top card, dead suspects crossed out, and what the game waits for), the review moment, and the
end (the winner, and the traitor with that variant).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Final

from PIL import Image, ImageDraw

from controller.games.game import Screens
from controller.oled_kit.box_screens import game_renderer
from controller.oled_kit.draw import BOLD, SMALL, WIDTH, centered, fit_text, font, header, seat_name
from controller.oled_kit.model import DisplayModel, Reveal

TITLE: Final = "HASTY"
#: three letters per card, for the narrow columns
SHORT: Final[dict[str, str]] = {
    "murder": "MUR", "threat": "THR", "bodyguard": "BDG", "sidekick": "SDK", "stop": "STP",
    "jester": "JST", "delay": "DLY", "bomb": "BMB", "question": "QST", "investigator": "INV",
    "mover": "MOV", "switcheroo": "SWT",
}
#: two letters per suspect (H1's order), for the column heads
INITIALS: Final = ("Sc", "Gr", "Mu", "Pl", "Pe", "Wh", "Ba", "Br", "Ro")
_WAITS: Final[dict[str, str]] = {
    "pile": "picks a pile", "sidekick": "Sidekick pick", "question": "asks a question",
    "question_pile": "places a card", "investigate": "investigates", "mover": "moves loupe",
    "switcheroo": "switcheroo", "market": "takes cards",
}


def review_key(view: Mapping[str, Any] | None) -> Hashable | None:
    """Which review last ended (None before the first): the feeder plays it out when this changes."""
    last = view.get("last_review") if view else None
    return last.get("number") if isinstance(last, Mapping) else None


def review_frames(view: Mapping[str, Any] | None) -> list[tuple[Reveal, ...]]:
    """The review moment's frames: the first card, the first two, ... all of them (then the verdict).
    ``Reveal.seat`` is the card's place in the order it was turned. An empty review has one frame."""
    last = view.get("last_review") if view else None
    if not isinstance(last, Mapping):
        return []
    cards = [Reveal(i, str(card)) for i, card in enumerate(last.get("revealed") or ())]
    return [tuple(cards[:k]) for k in range(1, len(cards) + 1)] or [()]


@game_renderer(TITLE)
def render_hasty(
    image: Image.Image, draw: ImageDraw.ImageDraw, model: DisplayModel, view: Mapping[str, Any]
) -> None:
    """Pick the screen that matters most now and draw it (from the public view only)."""
    if model.reveal is not None and isinstance(view.get("last_review"), Mapping):
        _review(draw, view, model.reveal)
    elif view.get("over"):
        _end(draw, view)
    else:
        _play(draw, view, model.clock_left)


def _play(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], clock: int | None) -> None:
    small = font(SMALL, 8)
    turn = view.get("turn")
    who = seat_name(view, turn) if isinstance(turn, int) else "-"
    status = f"{who} plays"
    if view.get("plays"):
        status += f" {int(view.get('steps') or 0):+d}"
    right = f"{clock}s" if clock is not None else f"R{int(view.get('reviews') or 0)}"
    width = draw.textlength(right, font=small)
    fit_text(draw, status, 0, 0, (8,), right=int(WIDTH - width - 3), font_name=SMALL)
    draw.text((WIDTH - width, 0), right, font=small, fill=1)
    row = [spot for spot in view.get("row") or () if isinstance(spot, Mapping)]
    count = max(len(row), 1)
    pitch = WIDTH // count
    loupe = view.get("loupe")
    big = font(BOLD, 12)
    for p, spot in enumerate(row):
        left = p * pitch
        mid = left + pitch // 2
        if p == loupe:
            draw.polygon([(mid - 3, 9), (mid + 3, 9), (mid, 12)], fill=1)
        draw.rectangle((left + 1, 14, left + pitch - 2, 53), outline=1)
        suspect = int(spot.get("suspect") or 0)
        centered(draw, INITIALS[suspect % len(INITIALS)], 16, small, right=2 * mid)
        if not spot.get("alive"):
            draw.line((left + 2, 25, left + pitch - 3, 52), fill=1)
            draw.line((left + pitch - 3, 25, left + 2, 52), fill=1)
            continue
        pile = [c for c in spot.get("pile") or () if isinstance(c, Mapping)]
        centered(draw, str(len(pile)), 27, big, right=2 * mid)
        if pile and pile[-1].get("up"):
            short = SHORT.get(str(pile[-1].get("card")), "?")
            if pitch < 17:
                short = short[:2]
            centered(draw, short, 43, small, right=2 * mid)
    centered(draw, _bottom_line(view), 56, small)


def _bottom_line(view: Mapping[str, Any]) -> str:
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        seat = pending.get("seat")
        who = seat_name(view, seat) if isinstance(seat, int) else "?"
        return f"{who} {_WAITS.get(str(pending.get('kind')), 'chooses')}"
    if view.get("first_round"):
        return "First round: no review yet"
    return f"Market {len(view.get('market') or ())}  Deck {view.get('deck_count', 0)}"


def _review(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], shown: Sequence[Reveal]) -> None:
    last = view.get("last_review") or {}
    revealed = [str(c) for c in last.get("revealed") or ()]
    name = str(last.get("name") or "")
    if len(name) > 13:  # the header holds about twenty characters
        name = INITIALS[int(last.get("suspect") or 0) % len(INITIALS)]
    header(draw, f"REVIEW {name}")
    cards = [str(r.card) for r in shown]
    small = font(SMALL, 8)
    done = len(cards) >= len(revealed)
    if not done or not cards:
        if cards:
            centered(draw, cards[-1].upper(), 22, font(BOLD, 16))
        else:
            centered(draw, "Nothing to review", 24, font(BOLD, 12))
        trail = " ".join(SHORT.get(c, c) for c in cards[:-1])
        centered(draw, trail[-25:], 44, small)
        centered(draw, f"card {len(cards)} of {len(revealed)}", 55, small)
        return
    killed = [int(k) for k in last.get("killed") or ()]
    if killed:
        centered(draw, "MURDER!", 18, font(BOLD, 20))
        victims = ", ".join(INITIALS[k % len(INITIALS)] for k in killed)
        names = view.get("suspects") or ()
        if len(killed) == 1 and killed[0] < len(names):
            victims = str(names[killed[0]])
        centered(draw, victims, 42, font(BOLD, 12))
    else:
        centered(draw, "SURVIVES", 20, font(BOLD, 16))
        centered(draw, " ".join(SHORT.get(c, c) for c in cards)[-25:], 44, small)
    centered(draw, f"{len(cards)} card{'' if len(cards) == 1 else 's'} turned", 55, small)


def _end(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    header(draw, "GAME OVER")
    winners = [int(w) for w in view.get("winners") or ()]
    if winners:
        centered(draw, seat_name(view, winners[0]), 20, font(BOLD, 16))
        centered(draw, "wins!", 38, font(BOLD, 12))
    else:
        centered(draw, "NO WINNER", 24, font(BOLD, 16))
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
