"""The records of the HTTP contract: every game the data dir keeps, as a list, as its replay file and
as a retelling step by step (``controller.table.records``).

How these reads keep to the one-writer design: they never go through the table loop, and never touch
its journal connection. Each request opens a connection of its own to the journal, read-only
(``controller.table.kept``): SQLite's WAL mode gives it the last committed transaction without
blocking the loop, which stays the only writer, so a storm of downloads cannot slow a vote (a read
command on the loop's queue would put each one between two moves, and a snapshot of every record
published after each move would copy secrets the loop does not need to hold). Whether the game being
played is over comes from the table's published snapshot, read first: the loop journals a move
before it publishes it, so the journal read next holds at least what the snapshot shows.

A record holds every secret: the game being played gets 409 ``not_over`` until it is over. Each
request does bounded work: a game that is over is replayed once and kept (its replay, its record and
the little a listing needs), the game being played is never replayed, and a retelling comes a page of
steps at a time (``?from=K&count=C``, at most ``records.MAX_PAGE``).
"""

from __future__ import annotations

import json

from flask import Blueprint, Flask, Response, current_app, request

from controller.table import Table
from controller.table.kept import KeptUnavailable
from controller.table.records import PAGE, NoSuchGame, NotOver, RecordFile, Records

bp = Blueprint("records", __name__, url_prefix="/api")


def install(app: Flask, table: Table) -> None:
    """The records of ``table``'s data dir, served by ``app``."""
    serve(app, Records(table.config.data_dir, table.snapshot))


def serve(app: Flask, source: Records | RecordFile) -> None:
    """The records ``source`` gives (a data dir's, or one record file's), served by ``app``."""
    app.config["JACCUSE_RECORDS"] = source
    app.register_blueprint(bp)


def current() -> Records | RecordFile:
    """The records the app serves."""
    return current_app.config["JACCUSE_RECORDS"]  # type: ignore[no-any-return]


def _json(data: object, status: int = 200) -> Response:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    response = Response(body, status=status, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def _error(status: int, code: str, message: str) -> Response:
    return _json({"ok": False, "error": {"code": code, "message": message}}, status)


def refusal(exc: Exception) -> Response:
    """The answer to a record that cannot be given: 409 ``not_over``, 404 ``no_such_game``, 503."""
    if isinstance(exc, NotOver):
        return _error(409, "not_over", str(exc))
    if isinstance(exc, NoSuchGame):
        return _error(404, "no_such_game", str(exc))
    return _error(503, "journal_unavailable", f"the kept games cannot be read now ({exc})")


def _record(number: int | None) -> Response:
    try:
        kept, record = current().record(number)
    except (NotOver, NoSuchGame, KeptUnavailable) as exc:
        return refusal(exc)
    response = _json(record)
    if request.args.get("download") not in (None, "", "0", "false"):
        response.headers["Content-Disposition"] = f'attachment; filename="{current().filename(kept)}"'
    return response


@bp.get("/table/record")
def table_record() -> Response:
    """The game being played, as its replay file, once it is over."""
    return _record(None)


@bp.get("/games")
def games() -> Response:
    """The games the data dir keeps, oldest first, the one being played last."""
    try:
        return _json(current().games())
    except KeptUnavailable as exc:
        return refusal(exc)


@bp.get("/games/<int:number>/record")
def game_record(number: int) -> Response:
    return _record(number)


@bp.get("/games/<int:number>/steps")
def game_steps(number: int) -> Response:
    """A page of the game's retelling (``from``: the first step, 0 the deal; ``count`` of them)."""
    try:
        start = int(request.args.get("from", "0"))
        count = int(request.args.get("count", str(PAGE)))
    except ValueError:
        return _error(400, "bad_request", "'from' and 'count' are whole numbers")
    try:
        return _json(current().steps(number, start, count))
    except (NotOver, NoSuchGame, KeptUnavailable) as exc:
        return refusal(exc)
