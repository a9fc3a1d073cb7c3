"""The box's web app: the JSON API of the HTTP contract plus the phone, table and host pages.

``create_app(table)`` builds a Flask app around a running :class:`controller.table.Table`. The app never
touches game state: reads come from the table's published snapshots and writes are commands the table
loop applies (and journals) before the request is answered. The live streams and the HTTP server around
the app are in ``web.sse`` and ``web.server``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from flask import Flask, Response, send_from_directory
from jinja2 import ChoiceLoader, FunctionLoader
from werkzeug.exceptions import NotFound

from controller.games import registry
from controller.table import HostKey, Table
from web import api, guards, i18n, pages, records
from web.guards import BoxNames
from web.join_guard import JoinGuard

#: the largest request body accepted; a real action is a few hundred bytes
MAX_BODY = 16 * 1024

PressFn = Callable[[int, str], None]


class DisplaySource(Protocol):
    """What the app needs of the OLED's worker (controller.devices.display.DisplayWorker)."""

    def latest_png(self) -> bytes | None: ...

    def latest_png_without_code(self) -> bytes | None: ...

    def frame_info(self) -> dict[str, Any]: ...


def create_app(
    table: Table,
    *,
    host_key: str | HostKey | None = None,
    mock_press: PressFn | None = None,
    box_info: dict[str, object] | None = None,
    display: DisplaySource | None = None,
    public_base: str | Callable[[], str] | None = None,
    names: BoxNames | None = None,
    language: str = "en",
) -> Flask:
    """Build the app.

    - ``host_key``: the secret of the host link (``/host?key=...``); without one the host API is off.
      A :class:`HostKey` follows its file (a rotation by the CLI reaches the running app) and lets the
      host rotate it from the host page; a plain string is fixed.
    - ``mock_press``: set only in mock mode; ``POST /api/mock/pads/S/BUTTON`` calls it with
      ``(seat, button)`` (in ``run`` it drives the mocked GPIO pins, so the press takes the real path).
    - ``box_info``: static facts shown by ``GET /api/box`` (mock mode, pads, display).
    - ``display``: the OLED's worker; its last frame is served at ``GET /api/display.png`` (the emulated
      screen in mock mode), with the frame's number, table version and time in ``X-Frame*`` headers.
    - ``public_base``: the address phones reach the box at (for the join QR codes), or a function that
      says it now (the box follows its LAN address); without it the address the page came from is used.
    - ``names``: the names and addresses the box answers to (the Host and Origin checks of
      :mod:`web.guards`); by default its host name, ``localhost`` and the addresses it holds.
    - ``language``: the box's language (config ``language``) until the host page chooses another.
    """
    app = Flask(__name__, static_folder=None)
    _serve_game_files(app)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY,
        MAX_FORM_MEMORY_SIZE=MAX_BODY,
        JSON_SORT_KEYS=False,
        JACCUSE_TABLE=table,
        JACCUSE_HOST_KEY=host_key,
        JACCUSE_MOCK_PRESS=mock_press,
        JACCUSE_BOX_INFO=dict(box_info or {}),
        JACCUSE_DISPLAY=display,
        JACCUSE_PUBLIC_BASE=public_base,
        JACCUSE_JOIN_GUARD=JoinGuard(),
        JACCUSE_LANGUAGE=language,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    base_name = public_base if isinstance(public_base, str) else None
    guards.install(app, names if names is not None else BoxNames(public_base=base_name))
    i18n.install(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    records.install(app, table)
    api.register_error_handlers(app)
    return app


def _serve_game_files(app: Flask) -> None:
    """Pages and scripts come from web/ and from each game's package (its ``static`` and ``templates``
    folders, ``Game.folder``), under the same ``/static/`` URLs as always. A game is looked at (and
    imported) only when a file is not the box's own."""
    here = Path(__file__).resolve().parent

    def game_template(name: str) -> str | None:
        for known in registry.names():
            path = registry.game(known).folder / "templates" / name
            if path.is_file():
                return path.read_text(encoding="utf-8")
        return None

    assert app.jinja_loader is not None
    app.jinja_loader = ChoiceLoader([app.jinja_loader, FunctionLoader(game_template)])

    def static(filename: str) -> Response:
        games = (registry.game(known).folder / "static" for known in registry.names())
        for folder in (here / "static", *games):
            if (folder / filename).is_file():
                return send_from_directory(folder, filename)
        raise NotFound()

    app.static_folder = str(here / "static")
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=static)
