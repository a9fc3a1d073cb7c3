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
from flask_babel import gettext as _
from markupsafe import Markup

from controller.games.registry import DEFAULT_GAME, UnknownGame, game, names
from web import rulesdoc
from web.context import box_language, current_table, host_key_ok, may_see_the_code, public_base
from web.i18n import phone_language, use_language
from web.page_base import game_page, html

bp = Blueprint("pages", __name__)



def preloads(name: str, kind: str) -> list[str]:
    """The dealt game's page files that the page fetches at once, beside the shell's script: its part
    ``<parts>_<kind>.js``, the helpers ``<parts>_cards.js`` and the stylesheet ``<parts>.css``, those it has.
    The shell imports the part only once it runs itself, and the part its helpers and styles after that:
    one round trip of the Wi-Fi each, which a preload saves."""
    known = game(name)
    stem, static = known.page_parts, known.folder / "static"
    if not stem:
        return []
    return [f for f in (f"{stem}_{kind}.js", f"{stem}_cards.js", f"{stem}.css") if (static / f).is_file()]


def _game() -> tuple[str, str, dict[str, str]]:
    """The dealt game's title and rules page, and all the pages need of it."""
    page = game_page(current_table().snapshot().game_name)
    return page["title"], page["rules"], page


@bp.get("/")
def table_page() -> Response:
    mock = current_app.config["JACCUSE_MOCK_PRESS"] is not None
    use_language(box_language())  # the TV speaks the box's language
    title, rules, page = _game()
    return html(render_template("table.html", mock=mock, game_title=title, rules=rules, game=page,
                                 preload=preloads(page["name"], "table")))


@bp.get("/seat/<int:seat>")
def seat_page(seat: int) -> Response:
    snap = current_table().snapshot()
    use_language(phone_language())  # a phone speaks its own
    if seat >= snap.players:
        text = _("This table has seats 0 to %(last)s.", last=snap.players - 1)
        return html(render_template("message.html", title=_("No such seat"), text=text), 404)
    # whether the seat can be taken is in the page itself, so the link says so before any tap (the
    # page script keeps it current: this phone may be the one holding the seat)
    kind = snap.claimed[seat]
    claim = "bot" if kind == "bot" else "taken" if kind else "free"
    title, rules, page = _game()
    return html(render_template(
        "phone.html", seat=seat, claim=claim, name=snap.names[seat] or "",
        code_needed=snap.join_code is not None, locked=snap.seats_locked, game_title=title, rules=rules,
        game=page, preload=preloads(page["name"], "phone"), games=names(),
    ))


@bp.get("/rules")
@bp.get("/rules/<name>")
def rules_page(name: str = DEFAULT_GAME) -> Response:
    """A game's players' rules, phone-sized, generated from its package's rules.md (web/rulesdoc.py)."""
    try:
        known = game(name)
    except UnknownGame:
        abort(404)
    doc = known.folder / "templates" / known.rules_template
    if not known.rules_template or not doc.is_file():
        abort(404)
    # a phone reads the rules in its language when the game tells them there (rules.<language>.md)
    told = rulesdoc.translated(doc, use_language(phone_language()))
    body = Markup((told if told.is_file() else doc).read_text(encoding="utf-8"))  # made by web/rulesdoc.py
    return html(render_template("rules.html", title=known.title, doc=body))


@bp.get("/favicon.ico")
def favicon() -> Response:
    path = Path(current_app.static_folder or "") / "favicon.svg"
    response = Response(path.read_bytes(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "max-age=86400"
    return response


@bp.get("/host")
def host_page() -> Response:
    use_language(box_language())
    if not host_key_ok(request.args.get("key", "")):
        return html(render_template("message.html", title=_("Host link needed"),
                                     text=_("Open the host link the box printed when it started "
                                            "(also in host-link.txt in its data folder).")), 401)
    return html(render_template("host.html"))


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
    snap = current_table().snapshot()
    if seat >= snap.players:
        abort(404)  # the styled "not found" page, as for every unknown path (see error_page)
    url = f"{public_base()}/seat/{seat}"
    if snap.join_code and may_see_the_code():
        url += f"?code={quote(snap.join_code)}"
    response = Response(_qr_svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response

