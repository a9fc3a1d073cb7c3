"""The box's own words around seat names, so that a name cannot borrow them to pass for another seat.

A name that holds another seat's name together with a seat number ("N0 (seat 0)", "0 · N0") or with
the words the box itself writes around a name ("Out of time for N0") makes the log read as if the box
spoke of that other seat: "Out of time for N0 placed a membership card." Those words are not listed
here by hand, where they would drift from the lines: they are learned from the code that writes them,
the table's own lines (made here) and the game's log, feed and forced-move lines (its table rules, over
one seeded bot game, with a marker standing for every name). That takes a fraction of a second, once
a game, the first time a name holds another seat's name; only the game being played is asked (a box
that deals one game never loads another).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import pairwise
from typing import Any, NamedTuple

from controller.games import registry
from controller.i18n import DEFAULT, LANGUAGES, Sayer
from controller.i18n.catalogues import render
from controller.table import confusables

msg = Sayer("controller")  # the table's own lines (controller/locale)

#: how many seats the bot games that teach the box's words are played with (a few: their lines are
#: the same words whatever the count)
_PLAYERS = 5
#: stands for a seat's name in the lines the words are learned from (a private-use character)
_MARK = "\ue000"
_MARKED = re.compile(f"{_MARK}\\d+{_MARK}")
#: a number (any script's digits): a seat's label beside a name, as the log and the pages write them
NUMBER = "#"
_HAN = "\u3400-\u9fff\uf900-\ufaff"
_WORD = re.compile(f"[{_HAN}]|[^\\W_{_HAN}]+")


def released_line(seat: int, name: str | None, to_bot: bool) -> str:
    """The log's line for the host releasing a seat (``name``: the seat's, already isolated)."""
    if name and to_bot:
        return msg("The host released seat {seat} ({name}): its phone's link no longer works. "
                   "A bot plays it now.", seat=seat, name=name)
    if name:
        return msg("The host released seat {seat} ({name}): its phone's link no longer works.",
                   seat=seat, name=name)
    if to_bot:
        return msg("The host released seat {seat}: its phone's link no longer works. A bot plays it now.",
                   seat=seat)
    return msg("The host released seat {seat}: its phone's link no longer works.", seat=seat)


def retaken_line(seat: int, name: str | None) -> str:
    """The log's line for a released seat taken again (``name``: the new one, already isolated)."""
    if name:
        return msg("Seat {seat} was taken again after the host released it, as {name}.", seat=seat, name=name)
    return msg("Seat {seat} was taken again after the host released it.", seat=seat)


def words(text: str) -> tuple[str, ...]:
    """``text`` as the words a reader sees: letters and digits only, each word as its confusable
    skeleton case-folded (an "О" of another script is an "O"), every number as ``NUMBER``. Chinese is
    written without spaces: each of its characters is a word of its own."""
    out = []
    for word in _WORD.findall(unicodedata.normalize("NFC", text)):
        if all(unicodedata.category(ch) == "Nd" for ch in word):
            out.append(NUMBER)
            continue
        folded = "".join(ch for ch in confusables.skeleton(word.casefold()).casefold() if ch.isalnum())
        if folded:
            out.append(folded)
    return tuple(out)


def _lines_of(game: str) -> Iterator[str]:
    """Every line a game's table rules write about seats over one bot game, names marked."""
    rules = registry.rules(game)
    adapter = registry.table_rules(game)
    players = max(rules.MIN_PLAYERS, min(rules.MAX_PLAYERS, _PLAYERS))
    marks = [f"{_MARK}{seat}{_MARK}" for seat in range(players)]
    played = rules.play_bot_game(players, 1)
    state: Any = rules.new_game(played.deal)
    for action in played.actions:
        result: Any = rules.apply(state, action)
        if not isinstance(result, rules.Accepted):
            break
        yield from adapter.log_lines(result.events, marks)
        for seat in range(players):
            yield from adapter.seat_feed(result.events, seat, marks)
        yield from adapter.forced_lines(action, adapter.seat_of(state, action), marks)
        state = result.state


def _table_lines() -> Iterator[str]:
    mark = f"{_MARK}0{_MARK}"
    yield released_line(3, mark, False)
    yield released_line(3, mark, True)
    yield retaken_line(3, mark)


class Around(NamedTuple):
    """The box's words around names at a table of one game, as :func:`words` gives them."""

    before: frozenset[str]  # the word right before a name
    after: frozenset[str]  # the word right after a name
    pairs: frozenset[tuple[str, str]]  # two words in a row anywhere between names and line ends


@cache
def around_names(game: str) -> Around:
    """The words the table and ``game``'s lines write around seats' names (learned once a game)."""
    before: set[str] = set()
    after: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    told = {*_table_lines(), *_lines_of(game)}
    # and the same lines in every language the box speaks (a name must not pose in Chinese either)
    told |= {render(line, language) for line in told for language in LANGUAGES if language != DEFAULT}
    for line in told:
        parts = [words(part) for part in _MARKED.split(line)]
        for n, part in enumerate(parts):
            pairs.update(pairwise(part))
            if part and n < len(parts) - 1:
                before.add(part[-1])
            if part and n > 0:
                after.add(part[0])
    return Around(frozenset(before), frozenset(after), frozenset(pairs))


def poses_as(name: str, other: str, game: str) -> bool:
    """Whether ``name`` holds ``other`` (another seat's name, as whole words, look-alikes included)
    together with a seat's number or the box's own words around it.

    What the name adds on either side of the other name counts as the box's words when its two words
    nearest to that name are two words the box writes in a row around names, or when it adds only one
    word (longer than an initial) and the box writes that word right there, before a name or after one.
    "Out of time for N0", "N0 (seat 0)" and "0 · N0" pose as N0; "Tom H" or "Tom the Great" beside a
    "Tom" does not.
    """
    mine, theirs = words(name), words(other)
    if not theirs or len(mine) <= len(theirs):
        return False
    for start in range(len(mine) - len(theirs) + 1):
        if mine[start:start + len(theirs)] != theirs:
            continue
        ahead, behind = mine[:start], mine[start + len(theirs):]
        if NUMBER in ahead or NUMBER in behind:
            return True
        box = around_names(game)
        if len(ahead) >= 2 and (ahead[-2], ahead[-1]) in box.pairs:
            return True
        if len(behind) >= 2 and (behind[0], behind[1]) in box.pairs:
            return True
        if len(ahead) == 1 and len(ahead[0]) > 1 and ahead[0] in box.before:
            return True
        if len(behind) == 1 and len(behind[0]) > 1 and behind[0] in box.after:
            return True
    return False


def posing(name: str, names: Sequence[str | None], seat: int, game: str) -> tuple[int, str] | None:
    """The first other seat (and its name) that ``name`` poses as at a table of ``game``, or that poses
    as ``name``."""
    for other, taken in enumerate(names):
        if other != seat and taken and (poses_as(name, taken, game) or poses_as(taken, name, game)):
            return other, taken
    return None
