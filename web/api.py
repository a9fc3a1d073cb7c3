"""The JSON API (see the HTTP contract): seats, views, actions, host and mock-pad endpoints.

The two live streams of the contract (``/api/table/events``, ``/api/me/events``) are not Flask routes:
the server's event loop serves them (``web.sse``), so an open stream never holds one of Flask's workers.

Every error answer has the shape ``{"ok": false, "error": {"code": ..., "message": ...}}``. Bad input
gets a 4xx and changes nothing; no request body, however malformed, produces a 5xx.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from controller import rules
from controller.table import Outcome, Table, check_host_key
from web.tokens import COOKIE, token_from

bp = Blueprint("api", __name__, url_prefix="/api")

COOKIE_AGE = 14 * 24 * 3600


# ---------------------------------------------------------------------- helpers
def _table() -> Table:
    return current_app.config["JACCUSE_TABLE"]  # type: ignore[no-any-return]


def error(status: int, code: str, message: str) -> tuple[Response, int]:
    return jsonify({"ok": False, "error": {"code": code, "message": message}}), status


def _from_outcome(outcome: Outcome) -> tuple[Response, int]:
    return error(outcome.status, outcome.code, outcome.message)


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def _json_body() -> tuple[Any, tuple[Response, int] | None]:
    """The request body parsed as JSON, or an error answer (400 malformed, 413 too big)."""
    raw = request.get_data(cache=False)  # raises 413 past MAX_CONTENT_LENGTH
    try:
        return json.loads(raw), None
    except (ValueError, RecursionError):
        return None, error(400, "bad_json", "the request body is not valid JSON")


def _token() -> str | None:
    return token_from(request.headers.get("Authorization", ""), request.cookies.get(COOKIE))


def _seat() -> int | None:
    return _table().authenticate(_token())


def _unauthorized() -> tuple[Response, int]:
    response, status = error(401, "unauthorized", "a valid seat token is needed")
    response.headers["WWW-Authenticate"] = "Bearer"
    return response, status


def _seat_number(body: Any, key: str = "seat") -> tuple[int | None, tuple[Response, int] | None]:
    if not isinstance(body, dict):
        return None, error(400, "bad_request", "the body must be a JSON object")
    seat = body.get(key)
    if isinstance(seat, bool) or not isinstance(seat, int):
        return None, error(400, "bad_request", f"{key!r} must be a seat number")
    if not 0 <= seat < _table().players:
        return None, error(404, "unknown_seat", "there is no such seat")
    return seat, None


def _seat_command(command: Callable[[int], Outcome]) -> tuple[Outcome | None, tuple[Response, int] | None]:
    """Read ``{"seat": S}`` from the body and run ``command(S)`` on the table; or the error answer."""
    body, err = _json_body()
    if err:
        return None, err
    seat, err = _seat_number(body)
    if err:
        return None, err
    assert seat is not None
    outcome = command(seat)
    if not outcome.ok:
        return None, _from_outcome(outcome)
    return outcome, None


# ---------------------------------------------------------------------- public
@bp.get("/table")
def table_view() -> Response:
    return _no_store(jsonify(_table().snapshot().public))


@bp.get("/seats")
def seats() -> Response:
    """Which seats are free to join (for the table page's QR codes); no secrets."""
    snap = _table().snapshot()
    return _no_store(
        jsonify(
            {
                "players": snap.players,
                "seats": [
                    {"seat": s, "claimed": kind is not None, "bot": kind == "bot"}
                    for s, kind in enumerate(snap.claimed)
                ],
            }
        )
    )


@bp.get("/box")
def box() -> Response:
    """Box status for the table page and OLED: status lines ("journal recovered"), the event log."""
    snap = _table().snapshot()
    info = dict(current_app.config["JACCUSE_BOX_INFO"])
    info.update(
        {
            "game": snap.game,
            "version": snap.version,
            "status": list(snap.status),
            "log": list(snap.log),
            "pads": _table().config.pads,
        }
    )
    if _from_the_box_itself():
        # the box's own screen (or the laptop in mock mode) gets the host link; phones never do
        key = current_app.config["JACCUSE_HOST_KEY"]
        base = str(current_app.config.get("JACCUSE_PUBLIC_BASE") or request.host_url).rstrip("/")
        info["host_link"] = f"{base}/host?key={key}" if key else None
    return _no_store(jsonify(info))


def _from_the_box_itself() -> bool:
    addr = request.remote_addr or ""
    return addr == "::1" or addr.startswith("127.")


@bp.get("/display.png")
def display_png() -> Response | tuple[Response, int]:
    """The OLED's last frame (the emulated screen in mock mode)."""
    display = current_app.config["JACCUSE_DISPLAY"]
    png = display.latest_png() if display is not None else None
    if png is None:
        return error(404, "no_display", "no display frame yet")
    response = _no_store(Response(png, mimetype="image/png"))
    # which frame this is and when it was ready (time.monotonic(), CLOCK_MONOTONIC on Linux):
    # benchmarks/reveal_latency.py times the OLED with it
    frame = display.frame_info()
    headers = (("frames", "X-Frame"), ("version", "X-Frame-Version"), ("rendered_at", "X-Frame-At"))
    for key, header in headers:
        if frame.get(key) is not None:
            response.headers[header] = repr(frame[key])
    return response


# ---------------------------------------------------------------------- seats
@bp.post("/join")
def join() -> tuple[Response, int]:
    outcome, err = _seat_command(_table().join)
    if err:
        return err
    assert outcome is not None
    seat = outcome.data["seat"]
    response = _no_store(jsonify({"seat": seat, "token": outcome.data["token"]}))
    response.set_cookie(
        COOKIE, outcome.data["token"], max_age=COOKIE_AGE, httponly=True, samesite="Strict", path="/"
    )
    return response, 200


# ---------------------------------------------------------------------- private
@bp.get("/me")
def me() -> Response | tuple[Response, int]:
    seat = _seat()
    if seat is None:
        return _unauthorized()
    return _no_store(jsonify(_table().snapshot().seats[seat]))


@bp.post("/me/actions")
def me_actions() -> tuple[Response, int]:
    seat = _seat()
    if seat is None:
        return _unauthorized()
    body, err = _json_body()
    if err:
        return err
    if not isinstance(body, dict):
        return error(400, "bad_action", "an action must be a JSON object")
    if "seat" in body and (body["seat"] != seat or isinstance(body["seat"], bool)):
        return error(400, "bad_action", "the token already says which seat acts; leave 'seat' out")
    try:
        action = rules.Action.from_dict(body, seat=seat)
    except rules.ActionFormatError as exc:
        return error(400, "bad_action", str(exc))
    except Exception:  # nothing a client sends may become a 5xx
        return error(400, "bad_action", "the action is not well-formed")
    outcome = _table().submit_action(seat, action, source="phone")
    if not outcome.ok:
        return _from_outcome(outcome)
    return _no_store(jsonify({"ok": True, "me": outcome.data["me"]})), 200


@bp.post("/table/new-game")
def play_again() -> tuple[Response, int]:
    """"Play again" from a seated phone: deals a new game for the same seats once this one is over."""
    if _seat() is None:
        return _unauthorized()
    outcome = _table().new_game(only_if_over=True)
    if not outcome.ok:
        return _from_outcome(outcome)
    return jsonify({"ok": True, "game": outcome.data["game"]}), 200


# ---------------------------------------------------------------------- host
def _host_ok() -> bool:
    expected = current_app.config["JACCUSE_HOST_KEY"]
    if not expected:
        return False
    header = request.headers.get("Authorization", "")
    given = None
    if header.lower().startswith("bearer "):
        given = header[7:].strip()
    given = given or request.headers.get("X-Host-Key") or request.args.get("key")
    return check_host_key(expected, given)


@bp.post("/host/release")
def host_release() -> tuple[Response, int]:
    """Free a seat whose phone was lost: its old token stops working and the seat can be joined again."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    outcome, err = _seat_command(_table().release)
    if err:
        return err
    assert outcome is not None
    return jsonify({"ok": True, "seat": outcome.data["seat"]}), 200


@bp.post("/host/new-game")
def host_new_game() -> tuple[Response, int]:
    """Deal a new game for the same seats; the old one stays in the journal's archive."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    outcome = _table().new_game()
    if not outcome.ok:
        return _from_outcome(outcome)
    return jsonify({"ok": True, "game": outcome.data["game"]}), 200


# ---------------------------------------------------------------------- mock pads
@bp.post("/mock/pads/<int:seat>/<button>")
def mock_press(seat: int, button: str) -> tuple[Response, int]:
    """Press a virtual pad button (mock mode only); answers once the table has handled the press."""
    press = current_app.config["JACCUSE_MOCK_PRESS"]
    table = _table()
    if press is None:
        return error(404, "not_found", "mock pads exist only with --mock")
    if button not in ("reveal", "abstain") or not 0 <= seat < table.players:
        return error(404, "not_found", "no such pad button")
    reply = table.pad_waiter(seat, button)
    press(seat, button)
    outcome = reply.wait(5.0)
    if outcome is None:
        table.drop_pad_waiter(seat, button, reply)
        return jsonify({"ok": True, "pending": True}), 202
    if not outcome.ok:
        return _from_outcome(outcome)
    return jsonify({"ok": True, "table": table.snapshot().public}), 200


# ---------------------------------------------------------------------- errors
def register_error_handlers(app: Flask) -> None:
    def wants_json() -> bool:
        return request.path.startswith("/api/")

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if not wants_json():
            return exc
        code = {
            400: "bad_request",
            404: "not_found",
            405: "method_not_allowed",
            413: "too_large",
        }.get(exc.code or 400, "http_error")
        return error(exc.code or 400, code, exc.description or exc.name)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        app.logger.exception("unexpected error on %s", request.path)
        if isinstance(exc, ValueError | TypeError | UnicodeError):
            return error(400, "bad_request", "the request could not be read")
        return error(500, "internal", "the box hit an unexpected error")
