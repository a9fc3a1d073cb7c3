"""Betrayal's lines as messages of its own catalogue (locale/ in this package; docs/i18n.md): each is its
English text everywhere it was (replays, the API's messages, the journal), and a page or the OLED says
it again in its reader's language. ``card`` and ``series`` are the words the lines put inside others."""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.betrayal.cards import JOKER_NAME, pretty
from controller.i18n import Said, Sayer

msg = Sayer("betrayal")
msg_n = msg.n


def card(name: str) -> Said | str:
    """A card as a line names it: its rank and suit sign (``10♥``, the same in every language), or the
    joker in the reader's words."""
    return msg("joker") if name == JOKER_NAME else pretty(name)


def series(items: Sequence[Said | str]) -> Said | str:
    """Items one after another, "a, b, c" (the reader's list separator): a list inside a line."""
    if not items:
        return ""
    out: Said | str = items[0]
    for item in items[1:]:
        out = msg("{items}, {next}", items=out, next=item)
    return out
