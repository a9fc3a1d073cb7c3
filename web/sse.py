"""Server-Sent Events streams fed from the table's published snapshots.

Each stream sends the current view as soon as it connects, then a new event only when the rendered
view differs from the last one sent. Between changes it writes a comment line every ``heartbeat``
seconds, so a vanished phone is noticed at the next write (the server then closes the generator).

A stream thread only ever waits for the *newest* snapshot; it never queues views, so a slow client
skips stale ones and the table loop is never held up by it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from flask import Response

from controller.table import Snapshot, Table

Render = Callable[[Snapshot], "str | None"]  # JSON text of the view, or None to end the stream


def event_stream(table: Table, render: Render, heartbeat: float) -> Iterator[str]:
    yield "retry: 2000\n\n"
    snap = table.snapshot()
    last_serial = -1
    last_body: str | None = None
    last_write = time.monotonic()
    while not snap.closed:
        if snap.serial != last_serial:
            last_serial = snap.serial
            body = render(snap)
            if body is None:
                return
            if body != last_body:
                last_body = body
                last_write = time.monotonic()
                yield f"id: {snap.version}\ndata: {body}\n\n"
        now = time.monotonic()
        if now - last_write >= heartbeat:
            last_write = now
            yield ": ping\n\n"
        wait = max(0.05, heartbeat - (time.monotonic() - last_write))
        snap = table.wait_for_change(last_serial, wait)


def sse_response(table: Table, render: Render, heartbeat: float) -> Response:
    response = Response(event_stream(table, render, heartbeat), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
