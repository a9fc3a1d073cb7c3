"""Hasty Accusations' lines as messages of its own catalogue (locale/ in this package; docs/i18n.md):
each is its English text everywhere it was (replays, the log, the API's messages), and a page says it
again in its reader's language. The words the lines put inside others live here: a seat, a card's or
a suspect's name, a count of cards, a list of cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from controller.games.hasty.cards import ALL_CARDS, INDEX, SUSPECTS
from controller.i18n import N_, Said, Sayer

msg = Sayer("hasty")
msg_n = msg.n

Names = Sequence[str | None] | None

#: the cards' and the suspects' names, marked for the catalogue (the same words as the pages')
_NAMES: Final = (
    N_("Hasty Accusations"),
    N_("Murder"),
    N_("Threat"),
    N_("Bodyguard"),
    N_("Sidekick"),
    N_("Stop"),
    N_("Jester"),
    N_("Delay Tactics"),
    N_("Bomb"),
    N_("Burning Question"),
    N_("Investigator"),
    N_("Mover"),
    N_("Switcheroo"),
    N_("Poison"),
    N_("Armor"),
    N_("Antidote"),
    N_("Dying Breath"),
    N_("Safe Stop"),
    N_("Back to the top"),
    N_("Back Alley"),
    N_("Time Bomb"),
    N_("Rebel"),
    N_("Show me your hands"),
    N_("Walk it back"),
    N_("Hasty"),
    N_("Sniper"),
    N_("When nobody's around"),
    N_("Last ditch effort"),
    N_("Wrong address"),
    N_("Memory Wipe"),
    N_("Tangled Up"),
    N_("Spread the love"),
    N_("Double Cross"),
    N_("Private Investigator"),
    N_("Revelation"),
    N_("Thief"),
    N_("On the clock"),
    N_("Ms. Scarlett"),
    N_("Rev. Green"),
    N_("Col. Mustard"),
    N_("Prof. Plum"),
    N_("Mrs. Peacock"),
    N_("Doctor White"),
    N_("Bella Baker"),
    N_("Monsieur Brunette"),
    N_("Madame Rose"),
)


def word(text: str) -> Said:
    """A name the catalogue holds (a card's, a suspect's), said in the reader's language."""
    return msg(text)


def title(key: str) -> Said:
    """A card's name."""
    return word(ALL_CARDS[INDEX[key]].title)


def suspect(index: int) -> Said:
    """A suspect's name."""
    return word(SUSPECTS[index])


def who(seat: int, names: Names, start: bool = False) -> str:
    """A seat as a line tells it: "Ada (seat 2)" when it has a name, else "seat 2" ("Seat 2" to start)."""
    name = names[seat] if names is not None and 0 <= seat < len(names) else None
    if name:
        return msg("{name} (seat {n})", name=name, n=seat)
    return msg("Seat {n}", n=seat) if start else msg("seat {n}", n=seat)


def cards(keys: Sequence[str]) -> Said:
    """Cards' names in a list ("Murder, Stop"), or "nothing"."""
    if not keys:
        return msg("nothing")
    line = title(keys[0])
    for key in keys[1:]:
        line = msg("{cards}, {card}", cards=line, card=title(key))
    return line


def count(n: int) -> Said:
    """ "1 card", "3 cards"."""
    return msg_n("{n} card", "{n} cards", n=n)
