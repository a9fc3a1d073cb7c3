"""Shared helpers for the web tests: random legal-looking moves, a real server process, an SSE reader."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from controller.client import random_action

__all__ = ["SSE", "Server", "env_int", "random_action", "walk_keys"]

ROOT = Path(__file__).resolve().parents[2]


def env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


class Server:
    """``python -m controller.cli run ...`` as a child process on 127.0.0.1 with a free port."""

    def __init__(self, data_dir: Path, *extra: str, players: int = 5, pads: str = "phone") -> None:
        self.data_dir = data_dir
        self.args = [
            sys.executable,
            "-m",
            "controller.cli",
            "run",
            "--mock",
            "--pads",
            pads,
            "--players",
            str(players),
            "--data-dir",
            str(data_dir),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            *extra,
        ]
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.output: list[str] = []

    def spawn(self) -> subprocess.Popen[str]:
        self.proc = subprocess.Popen(
            self.args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        return self.proc

    def start(self, timeout: float = 20.0) -> Server:
        proc = self.spawn()
        assert proc.stdout is not None
        deadline = time.monotonic() + timeout
        result: list[str] = []

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.output.append(line.rstrip("\n"))
                if line.startswith("serving http://"):
                    result.append(line.strip())
                    break

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(max(0.0, deadline - time.monotonic()))
        if not result:
            self.kill()
            raise AssertionError(f"server did not start: {self.output}")
        self.port = int(result[0].rsplit(":", 1)[1])
        # keep draining stdout so the child never blocks on a full pipe
        threading.Thread(target=lambda: [None for _ in proc.stdout or []], daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def terminate(self) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(10)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()


class SSE:
    """A blocking SSE client over http.client that yields (data-json, raw-lines) per event or comment."""

    def __init__(self, port: int, path: str, token: str | None = None, timeout: float = 10.0) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request("GET", path, headers=headers)
        self.resp = self.conn.getresponse()
        self.status = self.resp.status

    def items(self) -> Iterator[tuple[str, Any]]:
        """Yields ("event", parsed data) and ("comment", text) in arrival order."""
        data: list[str] = []
        while True:
            raw = self.resp.readline()
            if not raw:
                return
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if data:
                    yield "event", json.loads("\n".join(data))
                    data = []
            elif line.startswith(":"):
                yield "comment", line[1:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))

    def next_event(self) -> Any:
        for kind, value in self.items():
            if kind == "event":
                return value
        raise EOFError("stream ended")

    def close(self) -> None:
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def walk_keys(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (key path, value) in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*path, k), v
            yield from walk_keys(v, (*path, k))
    elif isinstance(value, list):
        for v in value:
            yield from walk_keys(v, (*path, "[]"))
