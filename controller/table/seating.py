"""Who sits where, as table data: seat names, the host's join code and seat lock, seat tokens.

None of this is game state (the rules never see it), but all of it is journaled in the journal's
``settings`` rows so that it survives a restart, and it is checked here, in one place, whatever asks
for a change: a phone taking a seat, a player renaming themself, the host page.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Mapping
from typing import Final, NamedTuple

from controller.table import confusables, wording

#: the longest name a seat may take (in characters, after trimming)
MAX_NAME: Final = 24
#: a join code the host types: letters and digits, this long
CODE_LENGTHS: Final = range(3, 13)
#: a generated join code: digits only, easy to type on a phone's number pad, 10^6 possibilities
GENERATED_CODE_DIGITS: Final = 6

# Unicode categories a name may not hold: controls, and the format characters that reorder or hide
# text (bidi overrides, invisible separators). Joiners stay: several scripts and emoji need them.
_BANNED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_ALLOWED_FORMAT: Final = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner and joiner


class Device(NamedTuple):
    """Who asks for a seat: the client's address, and the seat its token (cookie) already opens."""

    address: str | None
    seat: int | None = None


class BadName(ValueError):
    """A name that cannot be used; the message says why, for the player."""


def clean_name(raw: object) -> str | None:
    """The name to store for ``raw``: trimmed and NFC-normalised, or None for no name.

    Any script is welcome; what is refused is what could make a name lie about itself on a page or
    the log: control characters, bidi overrides and other invisible formatting, invisible letters
    (Hangul fillers), a name with no visible letter or digit, a name that reads as a seat's label
    ("Seat 3"), and over-long names. Whether it looks like another seat's name is
    :func:`check_distinct`'s to say.
    """
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise BadName("a name must be text")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters")
    for ch in name:
        category = unicodedata.category(ch)
        if category in _BANNED_CATEGORIES or (category == "Cf" and ch not in _ALLOWED_FORMAT):
            raise BadName("a name may not contain control or invisible formatting characters")
        if confusables.default_ignorable(ch) and ch not in _ALLOWED_FORMAT and not _variation_selector(ch):
            raise BadName("a name may not contain invisible characters")
    if not any(unicodedata.category(ch)[0] in "LN" and not confusables.default_ignorable(ch) for ch in name):
        raise BadName("a name needs at least one visible letter or digit")
    name = " ".join(name.split())  # runs of spaces inside become one
    if confusables.looks_like_seat_label(name):
        raise BadName("a name may not look like a seat's label (such as \"Seat 3\"): pick a name")
    return name


def check_distinct(name: str | None, names: list[str | None], seat: int, game: str) -> None:
    """Refuse a name that looks like another seat's (the same after Unicode's confusable skeleton,
    UTS #39, and case folding: "Alice" with a Cyrillic а, or with a zero-width joiner), or that holds
    another seat's name with a seat's number or the box's own words around it ("N0 (seat 0)", "Out of
    time for N0", in the words of ``game``'s log; see :mod:`controller.table.wording`), or that another
    seat's name holds so."""
    if not name:
        return
    for other, taken in enumerate(names):
        if other != seat and taken and confusables.confusable(name, taken):
            raise BadName(f"seat {other} is already called {isolate(taken)}, which looks the same: pick "
                          "another name")
    posing = wording.posing(name, names, seat, game)
    if posing is not None:
        other, taken = posing
        raise BadName(f"seat {other} is called {isolate(taken)}: a name that holds it with a seat's "
                      "number or the box's own words would read as the box speaking of that seat; pick "
                      "another name")


def isolate(name: str) -> str:
    """A name as plain text puts it in a line: isolated (FSI ... PDI) when it holds right-to-left text,
    so a Hebrew or Arabic name cannot reorder the words and numbers around it."""
    if any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in name):
        return f"\u2068{name}\u2069"
    return name


def _variation_selector(ch: str) -> bool:
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def labels(names: list[str | None]) -> list[str | None]:
    """How the log and feeds tell each seat: its name (isolated, see :func:`isolate`), with the seat
    number when two share a name (journals from before names had to differ may hold such pairs)."""
    seen: dict[str, int] = {}
    for name in names:
        if name:
            key = name.casefold()
            seen[key] = seen.get(key, 0) + 1
    return [
        (f"{isolate(name)} ({seat})" if seen[name.casefold()] > 1 else isolate(name)) if name else None
        for seat, name in enumerate(names)
    ]


def clean_code(raw: object) -> str:
    """A join code the host chose: letters and digits only (spaces and dashes are dropped), upper case."""
    if not isinstance(raw, str):
        raise ValueError("a join code is text")
    code = "".join(ch for ch in raw if ch not in " -").upper()
    if not (code.isascii() and code.isalnum() and len(code) in CODE_LENGTHS):
        raise ValueError(
            f"a join code is {CODE_LENGTHS.start} to {CODE_LENGTHS.stop - 1} letters or digits"
        )
    return code


def new_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(GENERATED_CODE_DIGITS))


def code_matches(expected: str, given: object) -> bool:
    """True when ``given`` is the join code (case, spaces and dashes ignored), in constant time."""
    if not isinstance(given, str) or len(given) > 64:
        return False
    typed = "".join(ch for ch in given if ch not in " -").upper()
    return hmac.compare_digest(expected.encode(), typed.encode("utf-8", "replace"))


def hash_token(token: str) -> str:
    """What the journal and the table keep of a seat's token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def names_from_settings(settings: Mapping[str, str], players: int) -> list[str | None]:
    names: list[str | None] = [None] * players
    for seat in range(players):
        value = settings.get(f"name:{seat}")
        names[seat] = value or None
    return names
