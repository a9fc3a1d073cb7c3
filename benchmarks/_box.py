"""Shared pieces of the box benchmarks: the real server as a child process, an SSE reader, statistics.

The process and the reader are ``controller.client``'s, which the tests use too.

The scripts import this as ``from _box import ...``: run them as ``python benchmarks/NAME.py`` (the
script's folder is then first on ``sys.path``).
"""

from __future__ import annotations

import argparse
import atexit
import compileall
import contextlib
import os
import platform
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Self

import requests

from controller.client import BoxProcess, EventStream, phone_address

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

    def enter(self) -> None:
        """Run in a child between fork and exec (``preexec_fn``): throttled from its first instruction.

        Adding the child after ``Popen`` returns let it run unthrottled until the parent got there, some
        10 ms of CPU: a tenth of a second off every start on the stand-in.
        """
        os.sched_setaffinity(0, {self.cpu})
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

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


_compiled = False


def precompile() -> None:
    """Bytecode for the box's own modules, as the install makes it (systemd/install.sh compiles all).

    A checkout run with PYTHONDONTWRITEBYTECODE=1 (as the service is) would otherwise compile every
    module of the box from source at each start, which a real box never does; stale files are redone.
    """
    global _compiled
    if not _compiled:
        for package in ("controller", "web"):
            compileall.compile_dir(ROOT / package, quiet=1)
        _compiled = True


#: where ``--as-installed`` installs the box (kept between runs: install.sh redoes only what changed)
INSTALL_ROOT = Path(os.environ.get("JACCUSE_BENCH_INSTALL_ROOT", "/var/tmp/jaccuse-bench-installed"))
#: stand-ins for the commands install.sh runs besides Python and pip (it checks for Raspberry Pi OS
#: packages, adds a user, enables the unit): here they only have to succeed
_INSTALL_STUBS = {
    "dpkg-query": 'echo "install ok installed"',
    "id": '[ "$1" = -u ] && echo 0; exit 0',
    **{name: "exit 0" for name in ("apt-get", "raspi-config", "useradd", "usermod", "getent", "udevadm",
                                   "systemctl")},
}
_installed: Path | None = None


def add_installed_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--as-installed", action="store_true",
        help="run the box as systemd/install.sh installs it on a Pi: the system's python3 (Debian's build, "
        "as on Raspberry Pi OS), the package installed into a venv, bytecode precompiled "
        f"(in {INSTALL_ROOT})",
    )  # fmt: skip


def use_installed(wanted: bool) -> str:
    """Install the box with systemd/install.sh (into INSTALL_ROOT) and start that from now on."""
    global _installed
    if not wanted:
        return ""
    python = Path("/usr/bin/python3")
    try:
        version = subprocess.run([python, "-c", "import sys, venv, ensurepip; print(sys.version.split()[0])"],
                                 capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        why = "--as-installed needs the system's python3 with venv (apt-get install python3-venv)"
        raise SystemExit(why) from None
    stubs = INSTALL_ROOT / "stubs"
    stubs.mkdir(parents=True, exist_ok=True)
    for name, body in {**_INSTALL_STUBS, "python3": f'exec {python} "$@"'}.items():
        (stubs / name).write_text(f"#!/bin/sh\n{body}\n")
        (stubs / name).chmod(0o755)
    env = {**os.environ, "PATH": f"{stubs}:{os.environ['PATH']}", "JT_ROOT": str(INSTALL_ROOT / "root")}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh")], env=env, capture_output=True,
                          text=True, timeout=900)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"systemd/install.sh failed:\n{done.stdout}{done.stderr}")
    _installed = INSTALL_ROOT / "root" / "opt" / "jaccuse-table" / "venv" / "bin" / "jaccuse-table"
    return f"; the box as installed by systemd/install.sh (Python {version} from {python})"


def box_python() -> str:
    """The interpreter the box runs on: the installed venv's with ``--as-installed``, else this one."""
    return str(_installed.with_name("python")) if _installed is not None else sys.executable


def throttled() -> Callable[[], None] | None:
    """The ``preexec_fn`` that starts a process under ``--slow-cpu``, as every box is (None without it)."""
    return _slow_cpu.enter if _slow_cpu is not None else None


class Box(BoxProcess):
    """The whole box (14 seats, mock pads unless told otherwise), shut down cleanly at the end."""

    def __init__(self, data_dir: Path | str, *extra: str, players: int = 14, pads: str = "mock") -> None:
        super().__init__(data_dir, *extra, players=players, pads=pads)
        if _installed is None:
            precompile()
        else:  # its own command, outside the checkout, with the service's environment
            self.args = [str(_installed), *self.args[3:]]
            self.cwd = INSTALL_ROOT
            self.env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1"}
        self.preexec_fn = throttled()

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
    """The shared SSE reader, waiting longer than the benchmarks' 30 s heartbeat, and only for a 200.

    Each reader connects from a loopback address of its own (``phone``), as each phone has its own
    address: the box caps live streams per address.
    """

    _next = 0
    _lock = threading.Lock()

    def __init__(self, port: int, path: str, token: str | None = None, timeout: float = 60.0) -> None:
        with SSE._lock:
            SSE._next += 1
            phone = SSE._next
        super().__init__(port, path, token, timeout, source=phone_address(phone))
        if self.status != 200:
            raise RuntimeError(f"{path}: HTTP {self.status}")


class Crowd:
    """Many SSE streams read by one thread (a selector over raw sockets), each from its own address.

    It counts the events each stream received and when its last one arrived, which is all the
    stream-scaling benchmarks need; the readers' own cost stays small and out of the box's process.
    """

    def __init__(self, port: int, count: int, path: str, token: str | None = None, first: int = 1000) -> None:
        self.events = [0] * count
        self.last_at = [0.0] * count
        self._tails = [b""] * count  # a marker may be split between two reads
        self.refused = 0
        self._sel = selectors.DefaultSelector()
        self._socks: list[socket.socket] = []
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if token:
            request += f"Authorization: Bearer {token}\r\n"
        raw = (request + "\r\n").encode()
        for n in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=30,
                                            source_address=(phone_address(first + n), 0))  # fmt: skip
            sock.sendall(raw)
            sock.setblocking(False)
            self._socks.append(sock)
            self._sel.register(sock, selectors.EVENT_READ, n)
        self._cond = threading.Condition()
        self._stop = False
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop:
            for key, _ in self._sel.select(0.2):
                n = key.data
                try:
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except OSError:
                    data = b""
                if not data:
                    self._sel.unregister(key.fileobj)
                    continue
                if data.startswith(b"HTTP/1.1 503"):
                    self.refused += 1
                seen = self._tails[n] + data
                self._tails[n] = seen[-6:]
                found = seen.count(b"\ndata: ")
                if found:
                    now = time.monotonic()
                    with self._cond:
                        self.events[n] += found
                        self.last_at[n] = now
                        self._cond.notify_all()

    def wait_all(self, at_least: int, timeout: float = 30.0) -> bool:
        """Until every stream has received ``at_least`` events."""
        with self._cond:
            return self._cond.wait_for(lambda: min(self.events) >= at_least, timeout)

    def close(self) -> None:
        self._stop = True
        self._thread.join(2)
        for sock in self._socks:
            with contextlib.suppress(OSError):
                sock.close()


def cpu_seconds(pid: int) -> float:
    """CPU time of a process's live threads so far, in seconds, to the nanosecond.

    The sum of /proc/PID/task/*/schedstat (the scheduler's own accounting, far finer than the 10 ms
    ticks of /proc/PID/stat). A thread that ends takes its time with it, so measure over spans in which
    the box's threads live on (they do: the table loop, the server's loop and its worker pool).
    """
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Least-squares slope of ys against xs."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0


class Voter:
    """Seat 0's phone changing its vote, each change an event for every stream of seat 0."""

    def __init__(self, box: BoxProcess, token: str) -> None:
        self.url = box.url
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        me = self.session.get(f"{box.url}/api/me", timeout=10).json()
        self.cards = next(m["cards"] for m in me["moves"] if m["act"] == "vote")
        self.sent = 0

    def time_votes(
        self, pid: int, crowd: Crowd, votes: int, period: float
    ) -> tuple[float, list[float], list[float]]:
        """(the box's CPU seconds per vote, each POST's latency, each time until every stream held it)."""
        posts: list[float] = []
        fanned: list[float] = []
        seen = min(crowd.events)
        cpu0 = cpu_seconds(pid)
        next_at = time.monotonic()
        for _ in range(votes):
            self.sent += 1
            vote = {"act": "vote", "card": self.cards[self.sent % len(self.cards)]}
            t0 = time.monotonic()
            self.session.post(f"{self.url}/api/me/actions", json=vote, timeout=60).raise_for_status()
            posts.append(time.monotonic() - t0)
            seen += 1
            if not crowd.wait_all(seen, 60):
                raise RuntimeError(f"a vote did not reach all {len(crowd.events)} streams")
            fanned.append(max(crowd.last_at) - t0)
            next_at += period
            time.sleep(max(0.0, next_at - time.monotonic()))
        return (cpu_seconds(pid) - cpu0) / votes, posts, fanned
