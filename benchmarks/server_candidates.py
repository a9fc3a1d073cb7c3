"""Server candidates side by side: which HTTP server should carry the box's pages, API and live streams.

Each candidate serves the same thing from a child process: a real Table (14 seats, phone pads, the vote
limit lifted), the box's real Flask app for the pages and the JSON API, and the two live streams:

- ``waitress``: what the box used before: Flask for everything, each live stream a generator on its
  own worker thread waiting for the table's next snapshot (threads = streams + 16, so it can serve them);
- ``uvicorn``: the box as it ships (web/server.py): uvicorn with h11 on an asyncio loop, Flask through
  a2wsgi's thread pool, the streams written by the one broadcaster of web/sse.py;
- ``aiohttp``: aiohttp's own server and HTTP parser on an asyncio loop, Flask through aiohttp-wsgi, and
  the same broadcaster (through a small ASGI-style shim, so only the server differs).

For each, from outside: start-up (spawn to ``serving``), the import cost of the server's modules alone,
resident memory idle and with 16 and with the largest count of streams, idle CPU with 16 streams open,
and for each stream count (seat 0's stream opened N times, each from its own address) the server's CPU
per vote, the vote POST's latency and the time until every stream holds the change; then CPU per vote
per extra stream (slope). Installability on a Pi is a matter of the wheels: see the README.

Run: .venv/bin/python benchmarks/server_candidates.py [--candidates waitress,uvicorn,aiohttp]
     [--counts 1,16,64,256,500] [--votes 100] [--slow-cpu 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _box import (
    ROOT,
    Box,
    Crowd,
    Voter,
    add_slow_cpu_option,
    bench_dir,
    cpu_seconds,
    join_every_seat,
    machine,
    percentile,
    place_memberships,
    slope,
    use_slow_cpu,
)

PLAYERS = 14
CANDIDATES = ("waitress", "uvicorn", "aiohttp")
IMPORTS = {
    "waitress": "import waitress.server",
    "uvicorn": "import uvicorn.server, uvicorn.protocols.http.h11_impl, a2wsgi",
    "aiohttp": "import aiohttp.web, aiohttp_wsgi",
}


# ---------------------------------------------------------------------- the servers (child process)
def _table(data_dir: Path) -> Any:
    from controller.table import Table, TableConfig

    config = TableConfig(data_dir=data_dir, players=PLAYERS, pads="phone", vote_changes_per_second=0)
    table = Table.open(config)
    table.start()
    return table


def _app(table: Any) -> Any:
    from controller.table import load_host_key
    from web import create_app

    return create_app(table, host_key=load_host_key(table.config.data_dir))


def _broadcaster(table: Any, app: Any, streams: int) -> Any:
    """The broadcaster as the box wires it: the app's Host check on every stream request."""
    from web.guards import stream_guard
    from web.sse import Broadcaster

    broadcaster = Broadcaster(table, max_streams=streams, per_client=streams, per_seat=streams)
    broadcaster.add_guard(stream_guard(app.config["JACCUSE_BOX_NAMES"]))
    return broadcaster


def serve_waitress(data_dir: Path, streams: int) -> None:
    """The old design: every stream a generator holding one worker thread."""
    from flask import Response, request
    from waitress.server import create_server

    from web.tokens import COOKIE, token_from

    table = _table(data_dir)
    app = _app(table)

    def event_stream(seat: int | None) -> Iterator[str]:
        import json

        yield "retry: 2000\n\n"
        snap, last_serial, last_body, last_write = table.snapshot(), -1, None, time.monotonic()
        while not snap.closed:
            if snap.serial != last_serial:
                last_serial = snap.serial
                view = snap.public if seat is None else snap.seats[seat]
                body = json.dumps(view, separators=(",", ":"))
                if body != last_body:
                    last_body, last_write = body, time.monotonic()
                    yield f"id: {snap.version}\ndata: {body}\n\n"
            if time.monotonic() - last_write >= 15.0:
                last_write = time.monotonic()
                yield ": ping\n\n"
            snap = table.wait_for_change(last_serial, max(0.05, 15.0 - (time.monotonic() - last_write)))

    def sse(seat: int | None) -> Response:
        return Response(event_stream(seat), mimetype="text/event-stream")

    @app.get("/api/table/events")
    def table_events() -> Response:
        return sse(None)

    @app.get("/api/me/events")
    def me_events() -> Response | tuple[str, int]:
        token = token_from(request.headers.get("Authorization", ""), request.cookies.get(COOKIE))
        seat = table.authenticate(token)
        return sse(seat) if seat is not None else ("", 401)

    server = create_server(app, host="127.0.0.1", port=0, threads=streams + 16, connection_limit=streams + 64,
                           asyncore_use_poll=True)  # fmt: skip
    print(f"serving http://127.0.0.1:{server.effective_port}", flush=True)
    server.run()


def serve_uvicorn(data_dir: Path, streams: int) -> None:
    """The box as it ships."""
    from web.server import BoxServer, Limits, listen

    table = _table(data_dir)
    limits = Limits(streams=streams + 16, streams_per_client=streams + 16, connections=streams + 64)
    app = _app(table)
    broadcaster = _broadcaster(table, app, limits.streams)
    server = BoxServer(app, broadcaster, listen("127.0.0.1", 0), limits=limits)
    server.run(lambda: print(f"serving http://127.0.0.1:{server.port}", flush=True))


def serve_aiohttp(data_dir: Path, streams: int) -> None:
    """aiohttp's server, Flask through aiohttp-wsgi, the same broadcaster through an ASGI-style shim."""
    from aiohttp import web
    from aiohttp_wsgi import WSGIHandler

    table = _table(data_dir)
    flask_app = _app(table)
    broadcaster = _broadcaster(table, flask_app, streams + 16)

    async def stream(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse()
        gone: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        first = True

        async def receive() -> dict[str, Any]:
            nonlocal first
            if first:
                first = False
                return {"type": "http.request", "body": b"", "more_body": False}
            await gone
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                response.set_status(message["status"])
                for name, value in message["headers"]:
                    response.headers[name.decode()] = value.decode()
                await response.prepare(request)
            elif message.get("more_body"):
                try:
                    await response.write(message["body"])
                except (ConnectionResetError, RuntimeError):
                    if not gone.done():
                        gone.set_result(None)
            else:
                await response.write_eof(message.get("body", b""))

        headers = [(k.lower().encode(), v.encode()) for k, v in request.headers.items()]
        peer = request.transport.get_extra_info("peername") if request.transport else None
        scope = {"type": "http", "method": request.method, "path": request.path, "headers": headers,
                 "client": peer}  # fmt: skip
        await broadcaster.serve(scope, receive, send)
        return response

    async def main() -> None:
        wsgi = WSGIHandler(flask_app)
        app = web.Application()
        app.router.add_get("/api/table/events", stream)
        app.router.add_get("/api/me/events", stream)
        app.router.add_route("*", "/{path_info:.*}", wsgi)
        # cancel a stream's handler when its client leaves (the broadcaster then counts it out)
        runner = web.AppRunner(app, access_log=None, handler_cancellation=True)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        broadcaster.attach(asyncio.get_running_loop())
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        print(f"serving http://127.0.0.1:{port}", flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


SERVE = {"waitress": serve_waitress, "uvicorn": serve_uvicorn, "aiohttp": serve_aiohttp}


# ---------------------------------------------------------------------- the driver
class Candidate(Box):
    def __init__(self, name: str, data_dir: Path, streams: int) -> None:
        super().__init__(data_dir, players=PLAYERS, pads="phone")
        self.args = [
            sys.executable, str(Path(__file__).resolve()), "--serve", name, "--data-dir", str(data_dir),
            "--streams", str(streams),
        ]  # fmt: skip


def import_cost(name: str, runs: int) -> float:
    """Median extra time to import the server's modules, over a bare interpreter."""
    def timed(code: str) -> float:
        times = []
        for _ in range(runs):
            t0 = time.monotonic()
            subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
            times.append(time.monotonic() - t0)
        return statistics.median(times)

    return max(0.0, timed(IMPORTS[name]) - timed("pass"))


def measure(name: str, counts: list[int], votes: int, idle: float, data_dir: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "rows": []}
    with Candidate(name, data_dir, max(counts)) as box:
        assert box.proc is not None
        pid = box.proc.pid
        out["start"] = box.started_in
        time.sleep(0.5)
        out["rss_idle"] = box.rss_kb()["VmRSS"] / 1024
        tokens = join_every_seat(box)
        place_memberships(box, tokens)
        voter = Voter(box, tokens[0])
        for count in counts:
            crowd = Crowd(box.port, count, "/api/me/events", tokens[0])
            if not crowd.wait_all(1, 120):
                got = sum(1 for e in crowd.events if e)
                print(f"  {name:8s} {count:4d} streams: FAILED, {got} of them got their first view in 120 s")
                crowd.close()
                out["failed"] = count
                break
            time.sleep(0.5)
            if count in (16, max(counts)):
                out[f"rss_{count}"] = box.rss_kb()["VmRSS"] / 1024
            if count == 16:
                cpu0 = cpu_seconds(pid)
                time.sleep(idle)
                out["idle_cpu"] = (cpu_seconds(pid) - cpu0) / idle
            cpu, posts, fanned = voter.time_votes(pid, crowd, votes, 0.05)
            crowd.close()
            out["rows"].append((count, cpu, posts, fanned))
            print(f"  {name:8s} {count:4d} streams: CPU {cpu * 1000:6.2f} ms/vote; POST p50 "
                  f"{statistics.median(posts) * 1000:6.2f} p99 {percentile(posts, 99) * 1000:7.2f} ms; "
                  f"all streams hold it p99 {percentile(fanned, 99) * 1000:7.2f} ms", flush=True)
            time.sleep(1.0)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidates", default=",".join(CANDIDATES))
    parser.add_argument("--counts", default="1,16,64,256,500", help="stream counts (default 1,16,64,256,500)")
    parser.add_argument("--votes", type=int, default=100, help="votes timed per count (default 100)")
    parser.add_argument("--idle-seconds", type=float, default=5.0, help="idle CPU sampling time (default 5)")
    parser.add_argument("--import-runs", type=int, default=5, help="starts timed per import cost (default 5)")
    parser.add_argument("--serve", choices=CANDIDATES, help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--streams", type=int, default=500, help=argparse.SUPPRESS)
    add_slow_cpu_option(parser)
    args = parser.parse_args(argv)
    if args.serve:
        SERVE[args.serve](args.data_dir, args.streams)
        return 0
    names = [c for c in args.candidates.split(",") if c]
    counts = sorted({int(c) for c in args.counts.split(",") if c.strip()} | {16})
    slow = use_slow_cpu(args.slow_cpu)
    print(f"server candidates {names}, streams {counts}, {args.votes} votes each; {machine()}{slow}")
    results = []
    with bench_dir("jaccuse-candidates-") as tmp:
        for name in names:
            results.append(measure(name, counts, args.votes, args.idle_seconds, Path(tmp) / name))
    big = max(counts)
    print(f"\n{'server':9s} {'start':>7s} {'imports':>8s} {'RSS idle':>9s} {'RSS 16':>7s} "
          f"{f'RSS {big}':>8s} {'idle CPU':>9s} {'us/vote/stream':>15s} {f'POST p99 @{big}':>14s} "
          f"{f'fan-out p99 @{big}':>18s}")  # fmt: skip
    for r in results:
        rows = r["rows"]
        per = slope([float(c) for c, *_ in rows], [cpu for _, cpu, *_ in rows])
        last = rows[-1]
        if r.get("failed"):
            print(f"{r['name']:9s} could not serve {r['failed']} streams: figures stop at {last[0]}")
            r[f"rss_{big}"] = float("nan")
        imports = import_cost(r["name"], args.import_runs) * 1000
        print(f"{r['name']:9s} {r['start']:6.2f}s {imports:6.0f}ms {r['rss_idle']:7.1f}MB "
              f"{r['rss_16']:5.1f}MB {r[f'rss_{big}']:6.1f}MB {r['idle_cpu'] * 100:8.3f}% {per * 1e6:13.1f} "
              f"{percentile(last[2], 99) * 1000:12.2f}ms "
              f"{percentile(last[3], 99) * 1000:16.2f}ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
