"""`jaccuse-table run --record FILE`: a box (or any laptop) that shows one record file retold and deals
nothing.

A record is the file a phone or the host page downloads at the end of a game (the replay file of its
game, every secret in it). Here it is replayed once by its game's rules and served read-only: the page
at ``/`` steps through it from the deal to the end, every secret shown, drawn by the game's own table
part, and ``/api/games`` with ``/api/games/1/steps`` and ``/api/games/1/record`` give it as a kept
game's records. No table runs, no journal or data dir is opened, no seat exists, no pad or OLED is
touched, and nothing is written anywhere: two of these can run beside a box (on other ports).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from a2wsgi import WSGIMiddleware
from uvicorn.config import Config as ServerConfig
from uvicorn.server import Server

from controller.config import Config
from controller.lan import routed_address, url_host
from controller.replay import InputError
from controller.table.records import RecordFile
from web.record_app import create_record_app
from web.server import listen


def main(args: argparse.Namespace, config: Config) -> int:
    """Serve the record ``args.record`` on the address and port ``run`` would use (``config``: its
    flags over its config file); 2 for a file that cannot be read or is no game, 1 when the port
    cannot be had."""
    path = Path(args.record)
    try:
        source = RecordFile(path)
    except OSError as exc:
        print(f"jaccuse-table: cannot read the record {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"jaccuse-table: {path} is not a record of a game: {exc}", file=sys.stderr)
        return 2
    try:
        sock = listen(config.host, config.port)
    except (OSError, ValueError) as exc:
        print(f"jaccuse-table: cannot listen on {config.host}:{config.port}: {exc}", file=sys.stderr)
        return 1
    port = int(sock.getsockname()[1])
    (listed,) = source.games()
    ended = "over" if listed["over"] else "set aside before its end"
    stopped = source.replayed.stopped
    print(f"showing the record {path.name}: {listed['title']}, {listed['players']} players, "
          f"{listed['moves']} moves, {ended}; nothing is dealt and nothing is written", flush=True)
    if stopped:
        print(f"the record replays only so far: {stopped}", flush=True)
    shown = config.host if config.host not in ("0.0.0.0", "::") else routed_address() or "127.0.0.1"
    print(f"retelling page: http://{url_host(shown)}:{port}/", flush=True)
    print(f"serving http://{url_host(config.host)}:{port}", flush=True)
    app = create_record_app(source)
    server = Server(ServerConfig(
        WSGIMiddleware(app, workers=4), interface="asgi3", lifespan="off", ws="none", log_config=None,
        access_log=False, server_header=False, date_header=False, timeout_graceful_shutdown=2,
    ))
    server.run(sockets=[sock])
    return 0
