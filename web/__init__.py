"""The box's web app: the JSON API of the HTTP contract plus the phone, table and host pages.

``create_app(table)`` builds a Flask app around a running :class:`controller.table.Table`. The app never
touches game state: reads come from the table's published snapshots and writes are commands the table
loop applies (and journals) before the request is answered. The live streams and the HTTP server around
the app are in ``web.sse`` and ``web.server``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from flask import Flask

from controller.table import Table

#: the largest request body accepted; a real action is a few hundred bytes
MAX_BODY = 16 * 1024

PressFn = Callable[[int, str], None]


class DisplaySource(Protocol):
    """What the app needs of the OLED's worker (controller.devices.display.DisplayWorker)."""

    def latest_png(self) -> bytes | None: ...

    def frame_info(self) -> dict[str, Any]: ...


def create_app(
    table: Table,
    *,
    host_key: str | None = None,
    mock_press: PressFn | None = None,
    box_info: dict[str, object] | None = None,
    display: DisplaySource | None = None,
    public_base: str | None = None,
) -> Flask:
    """Build the app.

    - ``host_key``: the secret of the host link (``/host?key=...``); without one the host API is off.
    - ``mock_press``: set only in mock mode; ``POST /api/mock/pads/S/BUTTON`` calls it with
      ``(seat, button)`` (in ``run`` it drives the mocked GPIO pins, so the press takes the real path).
    - ``box_info``: static facts shown by ``GET /api/box`` (mock mode, pads, display).
    - ``display``: the OLED's worker; its last frame is served at ``GET /api/display.png`` (the emulated
      screen in mock mode), with the frame's number, table version and time in ``X-Frame*`` headers.
    - ``public_base``: the address phones reach the box at (for the join QR codes); without it the
      address the table page was loaded from is used.
    """
    app = Flask(__name__)
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
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from web import api, pages

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    api.register_error_handlers(app)
    return app
