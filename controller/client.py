"""Helpers for programs that drive a box over its HTTP API (test drivers, benchmarks, simple bots).

They work on the JSON the box serves (a seat's `GET /api/me`, the event streams), never on rules
state, so a client built on them sees exactly what a phone sees. `BoxProcess` starts a real box in
mock mode as a child process (`RecordProcess` one that shows a record file); `EventStream` reads its
Server-Sent Events with the standard library.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Self

from controller.games import registry

ROOT = Path(__file__).resolve().parents[1]


class BoxProcess:
    """``python -m controller.cli run --mock ...`` as a child process on 127.0.0.1 and a free port.

    ``start()`` returns once the box prints its ``serving`` line; every line it printed until then
    (stderr included, so a failed start shows its traceback) is in ``output``, and ``started_in`` is
    the time that took. Leaving the ``with`` block kills it
    (SIGKILL: as quick as a pulled plug); ``stop()`` asks it to shut down cleanly first.
    """

    def __init__(
        self, data_dir: Path | str, *extra: str, players: int = 5, pads: str = "phone", cwd: Path = ROOT
    ) -> None:
        self.data_dir = Path(data_dir)
        self.players = players
        self.cwd = cwd  # ``-m controller.cli`` runs the checkout found here
        self.args = [
            sys.executable, "-m", "controller.cli", "run", "--mock",
            "--pads", pads, "--players", str(players), "--data-dir", str(self.data_dir),
            "--host", "127.0.0.1", "--port", "0", *extra,
        ]  # fmt: skip
        self.env: dict[str, str] | None = None  # None: this process's environment
        self.preexec_fn: Callable[[], object] | None = None  # run in the child before the box starts
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.output: list[str] = []
        self.started_in = 0.0

    def spawn(self) -> subprocess.Popen[str]:
        """Start the process without waiting for it (``start`` waits)."""
        self.proc = subprocess.Popen(
            self.args, cwd=self.cwd, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1, preexec_fn=self.preexec_fn,
        )
        return self.proc

    def start(self, timeout: float = 20.0) -> Self:
        t0 = time.monotonic()
        proc = self.spawn()
        found: list[str] = []

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.output.append(line.rstrip("\n"))
                if line.startswith("serving http://"):
                    self.started_in = time.monotonic() - t0
                    found.append(line.strip())
                    break

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        if not found:
            self.kill()
            raise RuntimeError(f"the box did not print its `serving` line; it printed {self.output}")
        self.port = int(found[0].rsplit(":", 1)[1])
        # keep draining stdout so the child never blocks on a full pipe
        threading.Thread(target=lambda: [None for _ in proc.stdout or []], daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def host_key(self) -> str:
        return (self.data_dir / "host-key").read_text().strip()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def terminate(self) -> int:
        """SIGTERM, and the exit code once it has shut down."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(10)

    def stop(self) -> None:
        """A clean shutdown if it comes within 10 s, a kill otherwise."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.terminate()
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()


class RecordProcess(BoxProcess):
    """``python -m controller.cli run --record FILE`` as a child process on 127.0.0.1 and a free port,
    its home (and so any default data dir) under ``home``: whatever it would write would land there.
    ``run_to_end()`` is for a file it refuses: it stops at once and says why."""

    def __init__(self, record: Path | str, home: Path | str, cwd: Path = ROOT) -> None:
        home = Path(home)
        super().__init__(home / "unused", cwd=cwd)
        self.args = [sys.executable, "-m", "controller.cli", "run", "--record", str(record),
                     "--host", "127.0.0.1", "--port", "0"]
        self.env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
                    "STATE_DIRECTORY": str(home / "state")}

    def run_to_end(self, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.args, cwd=self.cwd, env=self.env, capture_output=True, text=True,
                              timeout=timeout, check=False)


class EventStream:
    """A blocking Server-Sent Events reader over ``http.client``: one connection, one stream.

    ``source`` is the local address to connect from. The box caps live streams per client address, so a
    test or benchmark that plays many phones gives each its own loopback address (any of 127.0.0.0/8
    reaches a box listening on 127.0.0.1), as real phones each have their own.
    """

    def __init__(
        self, port: int, path: str, token: str | None = None, timeout: float = 10.0, source: str | None = None
    ) -> None:
        self.conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=timeout, source_address=(source, 0) if source else None
        )
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request("GET", path, headers=headers)
        self.resp = self.conn.getresponse()
        self.status = self.resp.status

    def items(self) -> Iterator[tuple[str, Any]]:
        """("event", parsed data) and ("comment", text) in arrival order, until the stream ends; a named
        event (``event: released``, a seat's stream's last) comes as (its name, parsed data)."""
        data: list[str] = []
        name = "event"
        readline = self.resp.readline
        while True:
            try:
                raw = readline()
            except AttributeError:  # close() from another thread won the race with this read
                return
            if not raw:
                return
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if data:
                    yield name, json.loads("\n".join(data))
                    data = []
                name = "event"
            elif line.startswith(":"):
                yield "comment", line[1:].strip()
            elif line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))

    def events(self) -> Iterator[Any]:
        """Only the events' parsed data."""
        for kind, value in self.items():
            if kind == "event":
                yield value

    def next_event(self) -> Any:
        for value in self.events():
            return value
        raise EOFError("stream ended")

    def close(self) -> None:
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def session_from(address: str, patient: bool = False) -> Any:
    """A ``requests`` session whose connections come from ``address`` (a loopback address of its own
    stands in for another device on the Wi-Fi; see :func:`phone_address`). A ``patient`` one waits and
    asks again when the box answers 429 (as the pages do), for scripts that are not testing the limit."""
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    class _From(HTTPAdapter):
        def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
            kwargs["source_address"] = (address, 0)
            super().init_poolmanager(*args, **kwargs)

    retries: Any = 0
    if patient:
        retries = Retry(total=8, status_forcelist=(429,), allowed_methods=None, backoff_factor=0.25,
                        respect_retry_after_header=True, raise_on_status=False)  # fmt: skip
    session = requests.Session()
    session.mount("http://", _From(max_retries=retries))
    return session


def phone_address(n: int) -> str:
    """A loopback address of its own for the ``n``-th simulated phone (127.0.1.1 upwards, 250 a block)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def random_action(me: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random action built from the view's ``moves`` by its game: legal when sent, unless another
    seat moves first."""
    moves = me.get("moves") or []
    if not moves:
        return None
    move = rng.choice(moves)
    named = (me.get("table") or {}).get("game") or registry.DEFAULT_GAME
    return registry.game(named).random_phone_action(me, move, rng)
