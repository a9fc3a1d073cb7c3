"""The JSON API (see the HTTP contract): seats, views, actions, host and mock-pad endpoints.

The two live streams of the contract (``/api/table/events``, ``/api/me/events``) are not Flask routes:
the server's event loop serves them (``web.sse``), so an open stream never holds one of Flask's workers.

Every error answer has the shape ``{"ok": false, "error": {"code": ..., "message": ...}}``. Bad input
gets a 4xx and changes nothing; no request body, however malformed, produces a 5xx.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from controller.games.registry import game, names
from controller.games.shape import SeatRefused
from controller.i18n import LANGUAGES, said_json
from controller.table import HostKey, Outcome, Snapshot
from controller.table.seating import Device
from web.context import (
    box_language,
    current_table,
    from_the_box_itself,
    host_key_now,
    host_key_ok,
    may_see_the_code,
    public_base,
)
from web.join_guard import JoinGuard
from web.page_base import error_page, game_page
from web.tokens import COOKIE, token_from

bp = Blueprint("api", __name__, url_prefix="/api")

COOKIE_AGE = 14 * 24 * 3600


# ---------------------------------------------------------------------- helpers
def error(status: int, code: str, message: str) -> tuple[Response, int]:
    return jsonify({"ok": False, "error": {"code": code, "message": message}}), status


def _from_outcome(outcome: Outcome) -> tuple[Response, int]:
    response, status = error(outcome.status, outcome.code, outcome.message)
    if status == 429:  # a seat changing its vote too fast: a token comes back within a second
        response.headers["Retry-After"] = "1"
    return response, status


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
    return current_table().authenticate(_token())


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
    if not 0 <= seat < current_table().players:
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
    return _no_store(jsonify(current_table().snapshot().public))


@bp.get("/seats")
def seats() -> Response:
    """Which seats are free to join (for the table page's QR codes), with their names; no secrets."""
    return _no_store(jsonify(seats_info(current_table().snapshot())))


def seats_info(snap: Snapshot) -> dict[str, Any]:
    return {
        "players": snap.players,
        "locked": snap.seats_locked,
        "code_needed": snap.join_code is not None,
        "seats": [
            {
                "seat": s,
                "claimed": kind is not None,
                "bot": kind == "bot",
                "name": snap.names[s] if s < len(snap.names) else None,
                "handed_over": s in snap.handed_over,
                "level": snap.bot_levels[s] if s < len(snap.bot_levels) else None,
            }
            for s, kind in enumerate(snap.claimed)
        ],
    }


@bp.get("/box")
def box() -> Response:
    """Box status for the table page and OLED: status lines ("journal recovered"), the event log."""
    snap = current_table().snapshot()
    info = dict(current_app.config["JACCUSE_BOX_INFO"])
    info.update(
        {
            "game": snap.game,
            # which game is dealt (its registry name): the pages pick their game's parts by it
            "game_name": snap.game_name,
            # its title, rules page and page parts, for a page that sees the game change
            "game_page": game_page(snap.game_name),
            "version": snap.version,
            "status": list(snap.status),
            # the lines of ``status`` that are passing faults (the rest was said at start-up)
            "faults": list(snap.status[len(snap.status) - len(snap.notices):]) if snap.notices else [],
            # when (the box's clock, as ``now``) and of which game number the rest was said
            "said_at": snap.said_at,
            "said_game": snap.said_game,
            "log": list(snap.log),
            # each log line as a message the pages say again in their language (None: shown as it is)
            "log_said": [said_json(line) for line in snap.log],
            "pads": current_table().config.pads,
            # the address phones reach the box at, for the text under the join QR codes
            "join_base": public_base(),
            # the box's wall clock: pages count the shot clock down against it, whatever their own says
            "now": time.time(),
        }
    )
    if from_the_box_itself() or _host_ok():
        # the box's own screen (or the laptop in mock mode) and the host get the host link and the
        # join code; phones never do
        key = host_key_now()
        info["host_link"] = f"{public_base()}/host?key={key}" if key else None
        info["join_code"] = snap.join_code
    return _no_store(jsonify(info))


@bp.get("/display.png")
def display_png() -> Response | tuple[Response, int]:
    """The OLED's last frame (the emulated screen in mock mode).

    The box's screen shows the host's join code to the people at the table; anyone else on the Wi-Fi
    gets the frame drawn without it (the code is what keeps a device that is not at the table out).
    """
    display = current_app.config["JACCUSE_DISPLAY"]
    png = None
    if display is not None:
        png = display.latest_png() if may_see_the_code() else display.latest_png_without_code()
    if png is None:
        return error(404, "no_display", "no display frame yet")
    response = _no_store(Response(png, mimetype="image/png"))
    # which frame this is and when it was ready (time.monotonic(), CLOCK_MONOTONIC on Linux):
    # benchmarks/reveal_latency.py times the OLED with it
    frame = display.frame_info()
    headers = (
        ("frames", "X-Frame"),
        ("version", "X-Frame-Version"),
        ("version_at", "X-Frame-Version-At"),  # the first frame of that version
    )
    for key, header in headers:
        if frame.get(key) is not None:
            response.headers[header] = repr(frame[key])
    return response


# ---------------------------------------------------------------------- seats
def _join_guard() -> JoinGuard:
    """The app's count of wrong join codes (one per app, so two boxes in one process never share it)."""
    guard: JoinGuard = current_app.config["JACCUSE_JOIN_GUARD"]
    return guard


@bp.post("/join")
def join() -> tuple[Response, int]:
    """Take a seat: ``{"seat": S}``, with an optional ``"name"``, and ``"code"`` when the host set one."""
    body, err = _json_body()
    if err:
        return err
    seat, err = _seat_number(body)
    if err:
        return err
    assert seat is not None
    addr = request.remote_addr or "?"
    # wrong codes (this device's, or everyone's together) hold back only joins that need a code
    wait = _join_guard().blocked(addr) if current_table().snapshot().join_code else 0.0
    if wait:
        response, status = error(429, "too_many_tries",
                                 f"too many wrong join codes: wait {wait:.0f} s, or ask the host")
        response.headers["Retry-After"] = str(int(wait) + 1)
        return response, status
    # one device, one seat (unless the host allows more): the box's own screen is not limited
    device = None if from_the_box_itself() else Device(addr, _seat())
    outcome = current_table().join(seat, name=body.get("name"), code=body.get("code"), device=device)
    if not outcome.ok:
        if outcome.code == "join_code" and body.get("code"):
            _join_guard().failed(addr)
        return _from_outcome(outcome)
    data = outcome.data
    response = _no_store(jsonify({"seat": seat, "token": data["token"], "name": data["name"]}))
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
    return _no_store(jsonify(current_table().snapshot().seats[seat]))


def _seat_and_body(code: str, what: str) -> tuple[int, dict[str, Any], tuple[Response, int] | None]:
    """The token's seat and the JSON object sent, or the error answer (401, 400 with ``code``)."""
    seat = _seat()
    if seat is None:
        return -1, {}, _unauthorized()
    body, err = _json_body()
    if err:
        return seat, {}, err
    if not isinstance(body, dict):
        return seat, {}, error(400, code, f"{what} must be a JSON object")
    return seat, body, None


@bp.post("/me/name")
def me_name() -> tuple[Response, int]:
    """Change this seat's name: ``{"name": "..."}`` (blank or null: no name)."""
    seat, body, err = _seat_and_body("bad_request", "the body")
    if err:
        return err
    outcome = current_table().rename(seat, body.get("name"))
    if not outcome.ok:
        return _from_outcome(outcome)
    return _no_store(jsonify({"ok": True, "name": outcome.data["name"]})), 200


@bp.post("/me/actions")
def me_actions() -> tuple[Response, int]:
    seat, body, err = _seat_and_body("bad_action", "an action")
    if err:
        return err
    if "seat" in body and (body["seat"] != seat or isinstance(body["seat"], bool)):
        return error(400, "bad_action", "the token already says which seat acts; leave 'seat' out")
    table = current_table()
    try:
        action, game = table.parse_action(seat, body)
    except SeatRefused as exc:  # e.g. a game's piece (an army) that is not this seat's
        return error(exc.status, exc.code, exc.message)
    except ValueError as exc:  # the game's ActionFormatError
        return error(400, "bad_action", str(exc))
    except Exception:  # nothing a client sends may become a 5xx
        return error(400, "bad_action", "the action is not well-formed")
    outcome = table.submit_action(seat, action, source="phone", game=game)
    if not outcome.ok:
        return _from_outcome(outcome)
    return _no_store(jsonify({"ok": True, "me": outcome.data["me"]})), 200


@bp.post("/table/new-game")
def play_again() -> tuple[Response, int]:
    """"Play again" from a seated phone, once the game is over: a ready check; the new game for the
    same seats is dealt when every seated person asked (``dealt``), else ``ready`` lists who did."""
    seat = _seat()
    if seat is None:
        return _unauthorized()
    outcome = current_table().new_game(only_if_over=True, seat=seat)
    if not outcome.ok:
        return _from_outcome(outcome)
    data = outcome.data
    return jsonify({"ok": True, "game": data["game"], "dealt": data["dealt"],
                    "ready": data.get("ready", [])}), 200


# ---------------------------------------------------------------------- host
def _host_ok() -> bool:
    header = request.headers.get("Authorization", "")
    given = None
    if header.lower().startswith("bearer "):
        given = header[7:].strip()
    given = given or request.headers.get("X-Host-Key") or request.args.get("key")
    return host_key_ok(given)


@bp.post("/host/release")
def host_release() -> tuple[Response, int]:
    """Free a seat whose phone was lost: its old token stops working and the seat can be joined again."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    outcome, err = _seat_command(current_table().release)
    if err:
        return err
    assert outcome is not None
    return jsonify({"ok": True, "seat": outcome.data["seat"]}), 200


@bp.get("/host/state")
def host_state() -> tuple[Response, int]:
    """What the host page shows: the seats, the join code, the seat lock and the shot clock, and the
    game dealt with the games the box can deal next (each with its seat range), and who takes the seats
    a bigger deal adds (``new_seats``)."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    snap = current_table().snapshot()
    info = seats_info(snap)
    info.update({"join_code": snap.join_code, "clock": snap.public.get("clock"), "join_base": public_base(),
                 "multi_seat": snap.multi_seat, "join_guesses": _join_guard().status(),
                 "language": box_language(), "languages": dict(LANGUAGES),
                 "game_name": snap.game_name, "game": snap.game, "options_on": _options_on(snap),
                 "lists_on": _lists_on(snap), "new_seats": snap.new_seats,
                 "games": {name: _game_info(name) for name in names()}})
    return _no_store(jsonify(info)), 200


def _game_info(name: str) -> dict[str, Any]:
    """A game as the host page offers it: its title and seat range, and its table options (key -> what
    it does) when it has any."""
    known = game(name)
    info: dict[str, Any] = {"title": known.title, "min_players": known.min_players,
                            "max_players": known.max_players}
    if known.table_options:
        info["options"] = dict(known.table_options)
    if known.table_lists:
        info["lists"] = {name: {"label": o.label, "values": dict(o.values), "default": list(o.default)}
                         for name, o in known.table_lists.items()}
    return info


def _options_on(snap: Any) -> list[str]:
    """The table options the game dealt now was dealt with (as its public view's ``options`` says)."""
    shown = snap.public.get("options")
    declared = game(snap.game_name).table_options
    if not isinstance(shown, dict):
        return []
    return sorted(k for k, v in shown.items() if k in declared and v is True)


def _lists_on(snap: Any) -> dict[str, list[str]]:
    """The values of each list-valued table option the game dealt now has (its default when the
    public view's ``options`` leaves it out)."""
    shown = snap.public.get("options")
    shown = shown if isinstance(shown, dict) else {}
    lists = game(snap.game_name).table_lists
    return {name: [str(v) for v in shown[name]] if isinstance(shown.get(name), list) else list(o.default)
            for name, o in lists.items()}


# host setting endpoint -> (the table's setting, the body key, a check of the value)
_HOST_SETTINGS: dict[str, tuple[str, str, Callable[[Any], bool]]] = {
    "clock": ("clock", "seconds", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "join-code": ("join_code", "code", lambda v: v is None or isinstance(v, str)),
    "lock": ("locked", "locked", lambda v: isinstance(v, bool)),
    "multi-seat": ("multi_seat", "allowed", lambda v: isinstance(v, bool)),
    "language": ("language", "language", lambda v: isinstance(v, str)),
    "hand-over": ("hand_over", "seat", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "to-bot": ("to_bot", "seat", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "evening": ("evening", "clear", lambda v: v is True),
    "bot-level": ("bot_level", "level", lambda v: isinstance(v, str)),
}


@bp.post("/host/<setting>")
def host_setting(setting: str) -> tuple[Response, int]:
    """``clock {"seconds": N}`` (0 = off), ``join-code {"code": "..."|"new"|null}``,
    ``lock {"locked": bool}``, ``hand-over {"seat": S}`` (a bot's seat, for a person to join),
    ``to-bot {"seat": S}`` (a free seat, or a person's released in the same step, for the bot),
    ``evening {"clear": true}`` (a new evening: the scoreboard starts empty),
    ``bot-level {"seat": S, "level": "random"|"sensible"|"strong"}`` (who plays a bot's seat),
    ``language {"language": "en"|"zh_Hant"}`` (the table page's, host page's and OLED's)."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    if setting not in _HOST_SETTINGS:
        return error(404, "not_found", "no such host setting")
    what, key, valid = _HOST_SETTINGS[setting]
    body, err = _json_body()
    if err:
        return err
    if not isinstance(body, dict) or key not in body or not valid(body[key]):
        return error(400, "bad_request", f"send {{{key!r}: ...}} with the right type")
    value = body[key]
    if what == "bot_level":  # the one setting of a seat: its seat beside the level
        seat = body.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            return error(400, "bad_request", "send {'seat': S, 'level': ...} with the right type")
        value = (seat, value)
    outcome = current_table().host_setting(what, value)
    if not outcome.ok:
        return _from_outcome(outcome)
    return jsonify({"ok": True, **outcome.data}), 200


@bp.post("/host/bot-name")
def host_bot_name() -> tuple[Response, int]:
    """Rename a bot: ``{"seat": S, "name": "..."}`` (blank: a bot name of the box's choosing)."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    body, err = _json_body()
    if err:
        return err
    seat, err = _seat_number(body)
    if err:
        return err
    assert seat is not None
    outcome = current_table().host_setting("bot_name", (seat, body.get("name")))
    if not outcome.ok:
        return _from_outcome(outcome)
    return jsonify({"ok": True, "seat": seat, "name": current_table().snapshot().names[seat]}), 200


@bp.post("/host/new-game")
def host_new_game() -> tuple[Response, int]:
    """Deal a new game for the same seats; the old one stays in the journal's archive.

    An optional JSON body ``{"game": NAME, "players": 5}`` deals another game or seat count
    (each key optional; no body, or ``{}``, deals the same game again); ``"options": {"traitor": true,
    "sets": ["base", "advanced"]}`` sets the game's table options (``Game.table_options`` on or off,
    ``Game.table_lists`` their values; those left out stay as they were for the same game, off or
    their default for another); ``"replaces": N`` (the game
    number the host page shows) makes a repeated request deal nothing more (409 ``already_dealt``);
    ``"new_seats": "bots"|"free"`` says who takes the seats a bigger count adds (left out: the host's
    last choice, else bots where bots play; the answer says which it was).
    """
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    game = players = replaces = options = new_seats = None
    if request.get_data(cache=True):
        body, err = _json_body()
        if err:
            return err
        if not isinstance(body, dict):
            return error(400, "bad_request", "the body must be a JSON object")
        game, players = body.get("game"), body.get("players")
        if game is not None and not isinstance(game, str):
            return error(400, "bad_game", "'game' must be a game's name")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            return error(400, "bad_game", "'players' must be a whole number")
        options = body.get("options")
        if options is not None and (not isinstance(options, dict) or not all(
                isinstance(v, bool) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
                for v in options.values())):
            return error(400, "bad_game", "'options' must map each table option to true or false, "
                                          "or a list option to its values")
        replaces = body.get("replaces")
        if replaces is not None and (isinstance(replaces, bool) or not isinstance(replaces, int)):
            return error(400, "bad_game", "'replaces' must be a game number")
        new_seats = body.get("new_seats")
        if new_seats is not None and not isinstance(new_seats, str):
            return error(400, "bad_game", "'new_seats' must be \"bots\" or \"free\"")
    outcome = current_table().new_game(game=game, players=players, replaces=replaces, options=options,
                                new_seats=new_seats)
    if not outcome.ok:
        return _from_outcome(outcome)
    data = outcome.data
    return jsonify({"ok": True, "game": data["game"], "game_name": data["game_name"],
                    "players": data["players"], "new_seats": data["new_seats"]}), 200


@bp.post("/host/rotate-key")
def host_rotate_key() -> tuple[Response, int]:
    """A new host key: the old host link stops working at once; the answer carries the new link."""
    if not _host_ok():
        return error(401, "unauthorized", "the host key is needed")
    key = current_app.config["JACCUSE_HOST_KEY"]
    if not isinstance(key, HostKey):
        return error(409, "fixed_host_key", "this box's host key is fixed and cannot be rotated here")
    try:
        new = key.rotate()
    except OSError as exc:
        return error(503, "key_unsaved", f"the new key was not saved ({exc.strerror}); the old one stays")
    return _no_store(jsonify({"ok": True, "host_link": f"{public_base()}/host?key={new}"})), 200


# ---------------------------------------------------------------------- mock pads
@bp.post("/mock/pads/<int:seat>/<button>")
def mock_press(seat: int, button: str) -> tuple[Response, int]:
    """Press a virtual pad button (mock mode only); answers once the table has handled the press.

    Only the table page on the box's own screen (see :func:`from_the_box_itself`) or the seat's own
    phone (its token) may press a seat's pad: anyone else on the Wi-Fi could otherwise vote for any seat.
    """
    press = current_app.config["JACCUSE_MOCK_PRESS"]
    table = current_table()
    if press is None:
        return error(404, "not_found", "mock pads exist only with --mock")
    if button not in ("reveal", "abstain") or not 0 <= seat < table.players:
        return error(404, "not_found", "no such pad button")
    if not from_the_box_itself() and table.authenticate(_token()) != seat:
        return error(403, "not_your_pad", "a virtual pad answers the box's own screen or its seat's phone")
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
            return error_page(exc)
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
