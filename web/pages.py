"""The pages people look at: the shared table screen, each seat's phone page and the host page.

The pages are plain HTML plus small ES modules under ``static/``: no build step on the Pi and nothing
fetched from outside the box. They read only the public JSON API, so everything they show is
something the API already lets that client see. The join QR codes are drawn here as SVG (segno), so
they work without any network but the table's own Wi-Fi.
"""

from __future__ import annotations

import io
from functools import lru_cache

from flask import Blueprint, Response, current_app, render_template, request

from controller.table import Table
from web import host_key_ok, public_base_now

bp = Blueprint("pages", __name__)


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


def _base() -> str:
    """The address phones use to reach the box: the configured one, else the one this page came from."""
    return public_base_now() or request.host_url.rstrip("/")


@bp.get("/")
def table_page() -> Response:
    mock = current_app.config["JACCUSE_MOCK_PRESS"] is not None
    return _html(render_template("table.html", mock=mock))


@bp.get("/seat/<int:seat>")
def seat_page(seat: int) -> Response:
    if seat >= _table().players:
        return _html(render_template("message.html", title="No such seat",
                                     text=f"This table has seats 0 to {_table().players - 1}."), 404)
    return _html(render_template("phone.html", seat=seat))


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
    """A QR code of the seat's join link, for the table page."""
    if seat >= _table().players:
        return Response("no such seat", status=404, mimetype="text/plain")
    response = Response(_qr_svg(f"{_base()}/seat/{seat}"), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "max-age=300"
    return response
