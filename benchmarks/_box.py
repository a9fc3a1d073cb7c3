"""Shared pieces of the box benchmarks: the real server as a child process, an SSE reader, statistics.

The scripts import this as ``from _box import ...``: run them as ``python benchmarks/NAME.py`` (the
script's folder is then first on ``sys.path``).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def machine() -> str:
    model = "unknown CPU"
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}"


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sample."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def summary_ms(values: Sequence[float]) -> str:
    """'median / p99 / max' in milliseconds for values in seconds."""
    if not values:
        return "no samples"
    return (
        f"median {statistics.median(values) * 1000:7.2f} ms   p99 {percentile(values, 99) * 1000:7.2f} ms"
        f"   max {max(values) * 1000:7.2f} ms   (n={len(values)})"
    )


def bench_dir(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A data dir on the same disk a real box would use: /var/tmp, not a tmpfs /tmp, so fsync costs."""
    base = "/var/tmp" if os.path.isdir("/var/tmp") else None
    return tempfile.TemporaryDirectory(prefix=prefix, dir=base)


class Box:
    """``python -m controller.cli run --mock ...`` on 127.0.0.1, a free port and the given data dir."""

    def __init__(self, data_dir: Path | str, *extra: str, players: int = 14, pads: str = "mock") -> None:
        self.data_dir = Path(data_dir)
        self.args = [
            sys.executable, "-m", "controller.cli", "run", "--mock",
            "--pads", pads, "--players", str(players), "--data-dir", str(self.data_dir),
            "--host", "127.0.0.1", "--port", "0", *extra,
        ]  # fmt: skip
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.started_in = 0.0  # seconds from spawning the process to its `serving` line

    def start(self, timeout: float = 30.0) -> Box:
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            self.args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        assert self.proc.stdout is not None
        found: list[str] = []

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                if line.startswith("serving http://"):
                    found.append(line.strip())
                    self.started_in = time.monotonic() - t0
                    break

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        if not found:
            self.stop()
            raise RuntimeError("the box did not print its `serving` line")
        self.port = int(found[0].rsplit(":", 1)[1])
        out = self.proc.stdout
        threading.Thread(target=lambda: [None for _ in out], daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def host_key(self) -> str:
        return (self.data_dir / "host-key").read_text().strip()

    def rss_kb(self) -> dict[str, int]:
        """VmRSS and VmHWM from /proc/PID/status, and Pss from smaps_rollup when the kernel has it."""
        assert self.proc is not None
        found: dict[str, int] = {}
        with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as fh:
            for line in fh:
                key = line.split(":", 1)[0]
                if key in ("VmRSS", "VmHWM"):
                    found[key] = int(line.split()[1])
        rollup = f"/proc/{self.proc.pid}/smaps_rollup"
        with contextlib.suppress(OSError), open(rollup, encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    found["Pss"] = int(line.split()[1])
        return found

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def __enter__(self) -> Box:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class SSE:
    """A blocking Server-Sent Events reader: ``events()`` yields each event's parsed JSON data."""

    def __init__(self, port: int, path: str, token: str | None = None, timeout: float = 30.0) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request("GET", path, headers=headers)
        self.resp = self.conn.getresponse()
        if self.resp.status != 200:
            raise RuntimeError(f"{path}: HTTP {self.resp.status}")

    def events(self) -> Iterator[Any]:
        data: list[str] = []
        readline = self.resp.readline
        while True:
            raw = readline()
            if not raw:
                return
            if raw in (b"\n", b"\r\n"):
                if data:
                    yield json.loads("\n".join(data))
                    data = []
            elif raw.startswith(b"data:"):
                data.append(raw[5:].decode("utf-8").strip())

    def close(self) -> None:
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()
