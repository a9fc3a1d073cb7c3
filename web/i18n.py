"""The pages' languages: which one a request reads, the templates' ``_()`` (Flask-Babel), and the
catalogues served to the browser scripts as JSON (``t()`` in static/shell.js reads them).

A phone's pages follow the phone: the ``lang`` cookie its page's switch sets, else its browser's
Accept-Language. The table, host and OLED follow the box: the host's choice (a journaled setting), else
the config's ``language``. English pages are today's pages byte for byte: the message ids are the
English text, and an English page links no catalogue.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, abort, g, request
from flask_babel import Babel

from controller.i18n import DEFAULT, LANGUAGES, from_accept_language, known_language
from controller.i18n.catalogues import browser_catalogue, catalogue_version, packages

#: the cookie a phone's language switch sets (a year; each phone its own)
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def phone_language() -> str:
    """A phone's language: its switch's cookie, else what its browser asks for."""
    return known_language(request.cookies.get(COOKIE)) or from_accept_language(
        request.headers.get("Accept-Language"))


def use_language(language: str) -> str:
    """This request's pages and templates speak ``language`` (Flask-Babel's locale follows it)."""
    g.language = language if language in LANGUAGES else DEFAULT
    return str(g.language)


def language_now() -> str:
    return str(getattr(g, "language", None) or phone_language())


def html_lang(language: str) -> str:
    """The ``lang`` attribute of a page in ``language`` (BCP 47: "zh-Hant")."""
    return language.replace("_", "-")


def catalogue_url(language: str) -> str | None:
    """The browser catalogue a page in ``language`` links (none for English: its ids are its text)."""
    if language == DEFAULT:
        return None
    return f"/i18n/{language}.json?v={catalogue_version(language)}"


def install(app: Flask) -> None:
    """Flask-Babel over every package's catalogue, the pages' language in their templates, and the
    JSON catalogue route."""
    folders = ";".join(str(folder / "locale") for _, folder in packages())
    Babel(app, default_locale=DEFAULT, default_translation_directories=folders,
          locale_selector=language_now)

    @app.context_processor
    def languages() -> dict[str, Any]:
        language = language_now()
        return {"lang": language, "html_lang": html_lang(language), "catalogue": catalogue_url(language)}

    app.add_url_rule("/i18n/<language>.json", "i18n_catalogue", _catalogue)


def _catalogue(language: str) -> Response:
    """One language's messages of every package, for the pages' scripts: small, and cached for good
    under the versioned URL the pages link (a new catalogue is a new ``v``)."""
    known = known_language(language)
    if known is None or known == DEFAULT or known != language:
        abort(404)
    response = Response(browser_catalogue(known), mimetype="application/json")
    response.set_etag(catalogue_version(known))
    if request.args.get("v") == catalogue_version(known):
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
