"""The box's languages: which ones it speaks, which one a reader gets, and text that waits for a language.

English is the source language: every message id is the English text itself, so English needs no
catalogue and English output is exactly what the code writes. Every other language is a gettext
catalogue per package (``<package>/locale/<language>/LC_MESSAGES/messages.po``, compiled beside it to
``messages.mo``): the shell's in ``web/`` and ``controller/``, each game's in its own package. A third
language is one more catalogue per package and one more entry in :data:`LANGUAGES`.

:class:`Said` is a line the box writes (a feed or log line, a refusal) that is still a plain English
``str`` everywhere it is today (replay output, the JSON API's messages), and also carries its message
id and parameters, so a page or the OLED can say it again in its reader's language
(``controller.i18n.catalogues.render``). See docs/i18n.md.
"""

from __future__ import annotations

from controller.i18n.language import DEFAULT, LANGUAGES, from_accept_language, known_language
from controller.i18n.said import Said, Sayer, said_json


def N_(text: str) -> str:
    """Marks ``text`` as a message to extract, said in a language later (where the reader is known)."""
    return text


__all__ = ["DEFAULT", "LANGUAGES", "N_", "Said", "Sayer", "from_accept_language", "known_language",
           "said_json"]
