"""Loading one package's compiled catalogue (no registry here: the OLED kit, which the games' screens
use, loads the table's own words through this without reaching back to the games)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.support import NullTranslations, Translations

from controller.i18n.language import DEFAULT, LANGUAGES

MESSAGES = "messages"
#: the table's and the OLED's own catalogue (controller/locale)
CONTROLLER = Path(__file__).resolve().parents[1]


def po_path(folder: Path, language: str) -> Path:
    return folder / "locale" / language / "LC_MESSAGES" / f"{MESSAGES}.po"


@cache
def load(folder: Path, language: str) -> NullTranslations:
    """The compiled catalogue of the package in ``folder`` in ``language`` (English, or none yet: the
    message ids themselves)."""
    if language == DEFAULT or language not in LANGUAGES:
        return NullTranslations()
    mo = po_path(folder, language).with_suffix(".mo")
    if not mo.is_file():
        return NullTranslations()
    with mo.open("rb") as handle:
        return Translations(handle, domain=MESSAGES)


def box_words(language: str, text: str) -> str:
    """One of the table's or the OLED's own messages (controller/locale) in ``language``."""
    return load(CONTROLLER, language).gettext(text)
