"""Who sits where, as table data: seat names, the host's join code and seat lock.

None of this is game state (the rules never see it), but all of it is journaled in the journal's
``settings`` rows so that it survives a restart, and it is checked here, in one place, whatever asks
for a change: a phone taking a seat, a player renaming themself, the host page.
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from collections.abc import Mapping
from typing import Final, NamedTuple

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
    the log: control characters, bidi overrides and other invisible formatting, and over-long names.
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
    return " ".join(name.split())  # runs of spaces inside become one


def labels(names: list[str | None]) -> list[str | None]:
    """How the log and feeds tell each seat: its name, with the seat number when two share a name."""
    seen: dict[str, int] = {}
    for name in names:
        if name:
            key = name.casefold()
            seen[key] = seen.get(key, 0) + 1
    return [
        (f"{name} ({seat})" if seen[name.casefold()] > 1 else name) if name else None
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


def names_from_settings(settings: Mapping[str, str], players: int) -> list[str | None]:
    names: list[str | None] = [None] * players
    for seat in range(players):
        value = settings.get(f"name:{seat}")
        names[seat] = value or None
    return names
