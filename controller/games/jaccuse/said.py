"""J'Accuse's lines as messages of its own catalogue (locale/ in this package; docs/i18n.md): each is its
English text everywhere it was (replays, the API's messages), and a page says it again in its reader's
language. ``seat`` and ``colour`` are the words the lines put inside others."""

from __future__ import annotations

from controller.i18n import Said, Sayer

msg = Sayer("jaccuse")
msg_n = msg.n


def seat(n: int, start: bool = False) -> Said:
    """A seat without a name, as a line says it ("seat 3", "Seat 3" to start a sentence)."""
    return msg("Seat {n}", n=n) if start else msg("seat {n}", n=n)


def colour(name: str) -> Said | str:
    """A side's colour as a line says it ("red", "black")."""
    if name == "red":
        return msg("red")
    if name == "black":
        return msg("black")
    return name
