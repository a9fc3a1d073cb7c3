"""J'Accuse's lines as messages of its own catalogue (locale/ in this package; docs/i18n.md): each is its
English text everywhere it was (replays, the API's messages), and a page says it again in its reader's
language. ``seat``, ``colour``, ``card`` and the lists are the words the lines put inside others."""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.jaccuse.cards import JOKERS, pretty
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


def card(name: str) -> Said | str:
    """A card as a line shows it: ``10♥`` as it is in every language, a joker by its name ("red joker")."""
    if name not in JOKERS:
        return pretty(name)
    if name == "RJ":
        return msg("red joker")
    if name == "BJ":
        return msg("black joker")
    return msg("neutral joker")


def joined(parts: Sequence[str]) -> str:
    """Items one after the other: "a, b, c" (English's comma, Chinese's 、), each said in the reader's
    language."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first}, {rest}", first=part, rest=out)
    return out


def listed(parts: Sequence[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(parts) < 2:
        return joined(parts)
    return msg("{items} and {last}", items=joined(parts[:-1]), last=parts[-1])
