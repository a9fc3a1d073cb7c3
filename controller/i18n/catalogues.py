"""The catalogues: where each package keeps its own, loading them, and saying a line in a language.

A catalogue's domain is the package it belongs to: "web" (the pages and their scripts), "controller"
(the lines the table and the OLED write) and each game's registry name (its package's ``locale/``, found
through ``Game.folder``, so nothing here names a game). Compiled ``.mo`` files are committed beside their
``.po`` sources: the box loads them as shipped, with no build step (``python -m controller.i18n``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from babel.support import NullTranslations, Translations

from controller.games import registry
from controller.i18n.language import DEFAULT
from controller.i18n.loading import CONTROLLER, MESSAGES, load, po_path
from controller.i18n.said import Said

ROOT = CONTROLLER.parent
#: the shell's own catalogues: domain -> the package folder holding ``locale/``
SHELL = {"web": ROOT / "web", "controller": CONTROLLER}
__all__ = ["MESSAGES", "SHELL", "browser_catalogue", "gettext", "packages", "po_path", "render"]


def packages() -> Iterator[tuple[str, Path]]:
    """Every package with a catalogue: the shell's, then each game's (its ``Game.folder``)."""
    yield from SHELL.items()
    for name in registry.names():
        yield name, registry.game(name).folder


def folder_of(domain: str) -> Path:
    return SHELL[domain] if domain in SHELL else registry.game(domain).folder


def translations(domain: str, language: str) -> NullTranslations:
    """The compiled catalogue of ``domain`` in ``language`` (English, or none yet: the message ids)."""
    return load(folder_of(domain), language)


def gettext(domain: str, language: str, msgid: str, plural: str | None = None, n: int = 1) -> str:
    """One message of ``domain`` in ``language`` (its English when it has no translation)."""
    found = translations(domain, language)
    if plural is None:
        return found.gettext(msgid)
    return found.ngettext(msgid, plural, n)


def render(line: str, language: str) -> str:
    """A line in ``language``: a :class:`Said` said again there, anything else as it is (a name, a line
    no catalogue knows). English gives the line unchanged, byte for byte."""
    if not isinstance(line, Said) or language == DEFAULT:
        return str(line)
    params = {k: render(v, language) if isinstance(v, Said) else v for k, v in line.params.items()}
    form = gettext(line.domain, language, line.msgid, line.plural, int(params.get("n", 1) or 0))
    try:
        return form.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder: say it in English
        return str(line)


@cache
def browser_catalogue(language: str) -> bytes:
    """Every catalogue in ``language`` as the pages' scripts read it (``t()`` in web/static/shell.js):
    ``{"lang", "plural", "domains": {domain: {msgid: text or [plural forms]}}}``, compact JSON. Only
    translated messages are in it: a message missing falls back to its English id in the page too."""
    domains: dict[str, dict[str, Any]] = {}
    plural = "(n != 1)"
    for domain, _folder in packages():
        found = translations(domain, language)
        if not isinstance(found, Translations):
            continue
        plural = _plural_of(found)
        table: dict[str, Any] = {}
        for key, text in sorted(found._catalog.items(), key=lambda kv: str(kv[0])):
            if not key or not text:
                continue
            if isinstance(key, tuple):  # (msgid, form index) of a plural message
                table.setdefault(key[0], []).append(text)
            else:
                table[key] = text
        domains[domain] = table
    body = {"lang": language, "plural": plural, "domains": domains}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def _plural_of(found: Translations) -> str:
    header = found._info.get("plural-forms", "")
    _, _, expr = header.partition("plural=")
    return expr.rstrip(";").strip() or "(n != 1)"


@cache
def catalogue_version(language: str) -> str:
    """A short hash of the browser catalogue: its URL carries it, so it may be cached for good."""
    return hashlib.sha256(browser_catalogue(language)).hexdigest()[:12]
