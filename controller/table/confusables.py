"""Names that look alike: Unicode's confusable skeleton (UTS #39, section 4) over its confusables data.

The data is Unicode's own ``confusables.txt`` as the maintained ``confusable_homoglyphs`` package ships
it (a JSON map from each character to the ones it can be confused with, both ways). UTS #39 maps every
character to one prototype; the package keeps the pairs but not their direction, so each group of
characters that map to the same prototype is found again here (the groups are exactly the connected
sets of those pairs) and one member stands for the group: the prototype itself when it is a sequence
of several characters (``m`` -> ``rn``), else the group's hub, else the smaller of a pair. Two strings
then have the same skeleton exactly when UTS #39's skeletons are the same.

``skeleton(X)``: NFD, drop default-ignorable code points, map each character, NFD again.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1): invisible when
#: shown, so a name that differs from another only by them looks the same
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
_MARKS = "\u200e\u200f"  # direction marks the package's data keeps around some Arabic entries


def default_ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the string that stands for its group (loaded once, on first use)."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    degree: dict[str, int] = {}
    for key, entries in confusables_data.items():
        a = key.strip(_MARKS)
        for entry in entries:
            b = str(entry["c"]).strip(_MARKS)
            if not a or not b or a == b:
                continue
            degree[a] = degree.get(a, 0) + 1
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
    groups: dict[str, list[str]] = {}
    for member in parent:
        groups.setdefault(find(member), []).append(member)
    out: dict[str, str] = {}
    for members in groups.values():
        longer = [m for m in members if len(m) > 1]
        if longer:
            head = min(longer)
        else:
            head = max(members, key=lambda m: (degree.get(m, 0), -ord(m[0])))
        for member in members:
            if len(member) == 1:
                out[member] = head
    return out


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text`` (see the module docstring)."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(table.get(ch, ch) for ch in decomposed if not default_ignorable(ch))
    return unicodedata.normalize("NFD", mapped)


def _spaced(text: str) -> str:
    return " ".join(text.split())


def confusable(a: str, b: str) -> bool:
    """Whether two names look alike: the same skeleton, as written or case-folded."""
    a, b = _spaced(a), _spaced(b)
    return skeleton(a) == skeleton(b) or skeleton(a.casefold()) == skeleton(b.casefold())


def _squashed(text: str) -> str:
    """Letters and digits only, digits of any script as ASCII, case-folded, as a skeleton."""
    digits = "".join(str(unicodedata.digit(ch)) if unicodedata.category(ch) == "Nd" else ch for ch in text)
    return "".join(ch for ch in skeleton(digits.casefold()) if ch.isalnum()).casefold()


@lru_cache(maxsize=1)
def _labels() -> frozenset[str]:
    return frozenset(_squashed(f"{word}{n}") for n in range(100) for word in ("seat", ""))


def looks_like_seat_label(name: str) -> bool:
    """Whether a name reads as a seat's label ("Seat 3", "seat #3", "3", or a look-alike of them)."""
    return _squashed(name) in _labels()
