"""Shared pieces of the box benchmarks: the real server as a child process, an SSE reader, statistics.

The process and the reader are ``controller.client``'s, which the tests use too.

The scripts import this as ``from _box import ...``: run them as ``python benchmarks/NAME.py`` (the
script's folder is then first on ``sys.path``).
"""

from __future__ import annotations

import contextlib
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from controller.client import BoxProcess, EventStream

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


class Box(BoxProcess):
    """The whole box (14 seats, mock pads unless told otherwise), shut down cleanly at the end."""

    def __init__(self, data_dir: Path | str, *extra: str, players: int = 14, pads: str = "mock") -> None:
        super().__init__(data_dir, *extra, players=players, pads=pads)

    def start(self, timeout: float = 30.0) -> Box:
        super().start(timeout)
        return self

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

    def __enter__(self) -> Box:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class SSE(EventStream):
    """The shared SSE reader, waiting longer than the benchmarks' 30 s heartbeat, and only for a 200."""

    def __init__(self, port: int, path: str, token: str | None = None, timeout: float = 60.0) -> None:
        super().__init__(port, path, token, timeout)
        if self.status != 200:
            raise RuntimeError(f"{path}: HTTP {self.status}")
