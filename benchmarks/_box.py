"""Shared pieces of the box benchmarks: the real server as a child process, an SSE reader, statistics.

The process and the reader are ``controller.client``'s, which the tests use too.

The scripts import this as ``from _box import ...``: run them as ``python benchmarks/NAME.py`` (the
script's folder is then first on ``sys.path``).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Self

import requests

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


class SlowCPU:
    """A cgroup (v1 ``cpu`` controller) that holds its processes to a fraction of one core.

    The box's process is pinned to one core and may run ``fraction`` of every 10 ms period on it,
    so everything the box does, start-up included, takes about 1/fraction as long. A fraction of
    0.1 stands in, roughly, for a Raspberry Pi Zero 2 W running CPython (four Cortex-A53 cores at
    1 GHz, each some ten times slower than a current x86 core); giving it one core, not four, makes
    the stand-in pessimistic. Only the box is slowed: the clients play phones, which are other
    devices. Needs root and a writable /sys/fs/cgroup/cpu.
    """

    BASE = Path("/sys/fs/cgroup/cpu")
    PERIOD_US = 10_000

    def __init__(self, fraction: float) -> None:
        if not 0.1 <= fraction <= 1.0:
            raise ValueError("--slow-cpu takes 0.1 to 1.0 (the kernel's smallest quota is 1 ms a period)")
        if not (self.BASE / "cpu.cfs_quota_us").exists():
            raise RuntimeError(f"no cgroup v1 cpu controller at {self.BASE}; --slow-cpu cannot work here")
        self.fraction = fraction
        self.path = self.BASE / f"jaccuse-bench-{os.getpid()}"
        self.path.mkdir(exist_ok=True)
        (self.path / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
        (self.path / "cpu.cfs_quota_us").write_text(str(round(self.PERIOD_US * fraction)))
        self.cpu = max(os.sched_getaffinity(0))
        atexit.register(self.remove)

    def add(self, pid: int) -> None:
        os.sched_setaffinity(pid, {self.cpu})
        (self.path / "cgroup.procs").write_text(str(pid))

    def remove(self) -> None:
        with contextlib.suppress(OSError):
            self.path.rmdir()

    def describe(self) -> str:
        return f"box throttled to {self.fraction:g} of one core (--slow-cpu)"


_slow_cpu: SlowCPU | None = None


def add_slow_cpu_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--slow-cpu", type=float, metavar="FRACTION",
        help="run the box on one core throttled to this fraction of it (0.1: roughly a Pi Zero 2 W); "
        "needs root and cgroup v1",
    )  # fmt: skip


def use_slow_cpu(fraction: float | None) -> str:
    """Throttle every box this run starts; returns a note for the report's header."""
    global _slow_cpu
    if fraction is None:
        return ""
    try:
        _slow_cpu = SlowCPU(fraction)
    except (ValueError, OSError, RuntimeError) as exc:  # a bad fraction, no cgroup, not root
        raise SystemExit(f"{Path(sys.argv[0]).name}: {exc}") from None
    return "; " + _slow_cpu.describe()


class Box(BoxProcess):
    """The whole box (14 seats, mock pads unless told otherwise), shut down cleanly at the end."""

    def __init__(self, data_dir: Path | str, *extra: str, players: int = 14, pads: str = "mock") -> None:
        super().__init__(data_dir, *extra, players=players, pads=pads)

    def spawn(self) -> subprocess.Popen[str]:
        proc = super().spawn()
        if _slow_cpu is not None:
            _slow_cpu.add(proc.pid)
        return proc

    def start(self, timeout: float = 60.0) -> Self:  # a throttled box needs longer to come up
        return super().start(timeout)

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

    def __exit__(self, *exc: object) -> None:
        self.stop()


def join_every_seat(box: BoxProcess) -> list[str]:
    """Claim every seat as a phone would; the tokens, by seat."""
    tokens = []
    for seat in range(box.players):
        r = requests.post(f"{box.url}/api/join", json={"seat": seat}, timeout=10)
        r.raise_for_status()
        tokens.append(r.json()["token"])
    return tokens


def place_memberships(box: BoxProcess, tokens: list[str]) -> None:
    """Every seat places its first card as membership, which starts the first election."""
    for token in tokens:
        auth = {"Authorization": f"Bearer {token}"}
        me = requests.get(f"{box.url}/api/me", headers=auth, timeout=10).json()
        action = {"act": "membership", "card": me["hand"][0]}
        requests.post(f"{box.url}/api/me/actions", json=action, headers=auth, timeout=10).raise_for_status()


class SSE(EventStream):
    """The shared SSE reader, waiting longer than the benchmarks' 30 s heartbeat, and only for a 200."""

    def __init__(self, port: int, path: str, token: str | None = None, timeout: float = 60.0) -> None:
        super().__init__(port, path, token, timeout)
        if self.status != 200:
            raise RuntimeError(f"{path}: HTTP {self.status}")
