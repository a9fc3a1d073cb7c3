"""The pages' common ground: an HTML answer with the box's headers, the styled error page, and what a
page needs of a game (its title, rules page and page parts). The pages and the API's error handler
both use it."""

from __future__ import annotations

from flask import Response, render_template
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from controller.games.registry import DEFAULT_GAME, game


def html(text: str, status: int = 200) -> Response:
    """A page: never cached, no outside content, no framing, no referrer."""
    response = Response(text, status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'"
    )
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def error_page(exc: HTTPException) -> Response:
    """Every path that is not a page gets the styled "not found" page (and other errors theirs)."""
    status = exc.code or 500
    if status == 404:
        title, text = _("Not found"), _("There is no page at this address. The table page lists every seat.")
    else:
        title, text = exc.name, exc.description or ""
    return html(render_template("message.html", title=title, text=text), status)


def rules_url(name: str) -> str:
    """A game's rules page: ``/rules`` for the default game (as always), ``/rules/<name>`` for each."""
    return "/rules" if name == DEFAULT_GAME else f"/rules/{name}"


def game_page(name: str) -> dict[str, str]:
    """What the pages need of a game: its name, title, rules page and page parts (``Game.page_parts``)."""
    known = game(name)
    return {"name": name, "title": known.title, "rules": rules_url(name), "parts": known.page_parts}
