"""Which language a reader gets: the languages the box speaks, and a browser's Accept-Language read."""

from __future__ import annotations

from typing import Final

#: the source language (message ids are its text) and the languages with catalogues, in the order the
#: pages' language switch lists them; each with its name in its own words
LANGUAGES: Final[dict[str, str]] = {"en": "English", "zh_Hant": "繁體中文"}
DEFAULT: Final = "en"

# browser tags that read Traditional Chinese: Taiwan, Hong Kong, Macau and any script-tagged zh-Hant
_TRADITIONAL: Final = {"zh-tw", "zh-hk", "zh-mo", "zh-hant"}


def known_language(code: str | None) -> str | None:
    """``code`` as one of :data:`LANGUAGES` (a switch's or config's value: "zh_Hant", "zh-Hant", "en"),
    or None when the box does not speak it."""
    if not code:
        return None
    tag = code.strip().replace("_", "-").lower()
    for known in LANGUAGES:
        if known.replace("_", "-").lower() == tag:
            return known
    return _tag_language(tag)


def _tag_language(tag: str) -> str | None:
    if tag in _TRADITIONAL or tag.startswith("zh-hant-"):
        return "zh_Hant"
    if tag == "en" or tag.startswith("en-"):
        return "en"
    return None


def from_accept_language(header: str | None) -> str:
    """The language for a browser's ``Accept-Language``: the first of its preferences (by weight, then
    order) that the box speaks; a zh-TW, zh-HK or zh-Hant browser reads Traditional Chinese, anything
    else English (a bare "zh" or zh-CN too: the box has no Simplified Chinese)."""
    prefs: list[tuple[float, int, str]] = []
    for n, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and weight > 0:
            prefs.append((-weight, n, tag.strip().lower()))
    for _, _, tag in sorted(prefs):
        if tag == "*":
            break
        found = _tag_language(tag)
        if found:
            return found
        if tag == "zh" or tag.startswith("zh-"):
            return DEFAULT
    return DEFAULT
