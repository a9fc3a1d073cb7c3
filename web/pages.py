"""The pages people look at: the shared table screen, each seat's phone page and the host page.

The pages are plain HTML plus small ES modules under ``static/``: no build step on the Pi and nothing
fetched from outside the box. They read only the public JSON API, so everything they show is
something the API already lets that client see. The join QR codes are drawn here as SVG (segno), so
they work without any network but the table's own Wi-Fi.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from flask import Blueprint, Response, abort, current_app, render_template, request
from werkzeug.exceptions import HTTPException

from controller.table import Table
from web import host_key_ok
from web.api import may_see_the_code, public_base

bp = Blueprint("pages", __name__)

#: a game's name as the pages title it, and its rules page (the scripts switch both when the game changes)
TITLES = {"jaccuse": ("J'Accuse", "/rules"), "betrayal": ("Betrayal", "/rules/betrayal")}


def _table() -> Table:
    return current_app.config["JACCUSE_TABLE"]  # type: ignore[no-any-return]


def _html(text: str, status: int = 200) -> Response:
    response = Response(text, status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'"
    )
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _game() -> tuple[str, str]:
    """The dealt game's title and rules page."""
    return TITLES.get(_table().snapshot().game_name, TITLES["jaccuse"])


@bp.get("/")
def table_page() -> Response:
    mock = current_app.config["JACCUSE_MOCK_PRESS"] is not None
    title, rules = _game()
    return _html(render_template("table.html", mock=mock, game_title=title, rules=rules))


@bp.get("/seat/<int:seat>")
def seat_page(seat: int) -> Response:
    snap = _table().snapshot()
    if seat >= snap.players:
        return _html(render_template("message.html", title="No such seat",
                                     text=f"This table has seats 0 to {snap.players - 1}."), 404)
    # whether the seat can be taken is in the page itself, so the link says so before any tap (the
    # page script keeps it current: this phone may be the one holding the seat)
    kind = snap.claimed[seat]
    claim = "bot" if kind == "bot" else "taken" if kind else "free"
    title, rules = _game()
    return _html(render_template(
        "phone.html", seat=seat, claim=claim, name=snap.names[seat] or "",
        code_needed=snap.join_code is not None, locked=snap.seats_locked, game_title=title, rules=rules,
    ))


@bp.get("/rules")
def rules_page() -> Response:
    """The rules, phone-sized, from docs/rules.md (see web/rulesdoc.py)."""
    return _html(render_template("rules.html"))


@bp.get("/rules/betrayal")
def betrayal_rules_page() -> Response:
    """Betrayal's players' rules, phone-sized, from docs/betrayal.md (see web/rulesdoc.py)."""
    return _html(render_template("rules.html", title="Betrayal", doc="betrayal_doc.html"))


@bp.get("/favicon.ico")
def favicon() -> Response:
    path = Path(current_app.static_folder or "") / "favicon.svg"
    response = Response(path.read_bytes(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "max-age=86400"
    return response


def error_page(exc: HTTPException) -> Response:
    """Every path that is not a page gets the styled "not found" page (and other errors theirs)."""
    status = exc.code or 500
    if status == 404:
        title, text = "Not found", "There is no page at this address. The table page lists every seat."
    else:
        title, text = exc.name, exc.description or ""
    return _html(render_template("message.html", title=title, text=text), status)


@bp.get("/host")
def host_page() -> Response:
    if not host_key_ok(request.args.get("key", "")):
        return _html(render_template("message.html", title="Host link needed",
                                     text="Open the host link the box printed when it started "
                                     "(also in host-link.txt in its data folder)."), 401)
    return _html(render_template("host.html"))


@lru_cache(maxsize=64)
def _qr_svg(url: str) -> bytes:
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, dark="#000", light="#fff")
    return out.getvalue()


@bp.get("/qr/seat/<int:seat>.svg")
def seat_qr(seat: int) -> Response:
    """A QR code of the seat's join link, for the table page.

    When the host has set a join code, the code travels in the link only for the box's own screen and
    the host page: a phone scanning it joins at once, a script fetching the QR image gets no code.
    """
    snap = _table().snapshot()
    if seat >= snap.players:
        abort(404)  # the styled "not found" page, as for every unknown path (see error_page)
    url = f"{public_base()}/seat/{seat}"
    if snap.join_code and may_see_the_code():
        url += f"?code={quote(snap.join_code)}"
    response = Response(_qr_svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response

