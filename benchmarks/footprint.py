"""Footprint of the running box: resident memory with every screen connected, and start-up time.

For each configuration the real box is started ``--runs`` times on a fresh data dir; the time from
spawning the process to its ``serving`` line is recorded each time. On the first run, 14 phones join,
place their membership card and hold an /api/me/events stream each, and 2 table screens load the table
page, the join QR codes and the OLED image and hold an /api/table/events stream each; then the memory
of the server process is read from /proc: VmRSS (resident), Pss (resident, with shared pages split
between the processes that map them) and VmHWM (the peak).

It also times, from the same spawn, the first answer to ``GET /api/table`` and the emulated OLED's
first frame: the pads and the OLED come up right after the ``serving`` line, and this shows how soon.

Configurations: mock pads (the full box: mocked GPIO pins, emulated OLED) and ``--pads phone`` (no pad
driver). For scale, the same interpreter is timed with nothing, with only the libraries the box imports
before its ``serving`` line (no code of the box: the floor of its start), and with all of its libraries
(throttled too, with ``--slow-cpu``).

``--as-installed`` measures the box a Pi runs: installed by systemd/install.sh (into a folder, with its
system commands stubbed) from the system's python3, started by its installed ``jaccuse-table`` command
with the service's environment. The checkout's .venv may hold another build of Python; Raspberry Pi OS
runs Debian's, which is what a Debian machine's /usr/bin/python3 is.

Run: .venv/bin/python benchmarks/footprint.py [--runs 5] [--slow-cpu 0.1] [--as-installed]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import requests
from _box import (
    ROOT,
    SSE,
    Box,
    add_installed_option,
    add_slow_cpu_option,
    bench_dir,
    box_python,
    join_every_seat,
    machine,
    place_memberships,
    throttled,
    use_installed,
    use_slow_cpu,
)

PLAYERS = 14


def connect_everyone(box: Box) -> list[SSE]:
    tokens = join_every_seat(box)
    place_memberships(box, tokens)
    streams = []
    for seat, token in enumerate(tokens):
        requests.get(f"{box.url}/seat/{seat}", timeout=10)
        streams.append(SSE(box.port, "/api/me/events", token))
    for _ in range(2):
        requests.get(f"{box.url}/", timeout=10)
        for seat in range(PLAYERS):
            requests.get(f"{box.url}/qr/seat/{seat}.svg", timeout=10)
        requests.get(f"{box.url}/api/display.png", timeout=10)
        streams.append(SSE(box.port, "/api/table/events"))
    for stream in streams:  # each stream has delivered its first view
        next(stream.events())
    return streams


def measure(label: str, runs: int, pads: str, base: Path) -> None:
    starts: list[float] = []
    answers: list[float] = []
    frames: list[float] = []
    memory: dict[str, int] = {}
    idle: dict[str, int] = {}
    command = ""
    for run in range(runs):
        with Box(base / f"{pads}-{run}", "--heartbeat", "30", players=PLAYERS, pads=pads) as box:
            serving_at = time.monotonic()
            starts.append(box.started_in)
            requests.get(f"{box.url}/api/table", timeout=30).raise_for_status()
            answers.append(box.started_in + time.monotonic() - serving_at)
            while requests.get(f"{box.url}/api/display.png", timeout=30).status_code != 200:
                time.sleep(0.01)  # the OLED (and the pads) come up right after `serving`
            frames.append(box.started_in + time.monotonic() - serving_at)
            if run == 0:
                command = box.args[0]
                time.sleep(0.5)
                idle = box.rss_kb()
                streams = connect_everyone(box)
                time.sleep(1.0)
                memory = box.rss_kb()
                for stream in streams:
                    stream.close()
    print(f"{label}, started as {command}:")
    print(f"  start to `serving`: median {statistics.median(starts):.2f} s, max {max(starts):.2f} s "
          f"over {runs} starts ({', '.join(f'{s:.2f}' for s in starts)})")  # fmt: skip
    print(f"  start to the first API answer: median {statistics.median(answers):.2f} s; to the OLED's first "
          f"frame (pads and OLED up): median {statistics.median(frames):.2f} s")  # fmt: skip
    print(f"  idle, nobody connected: RSS {idle['VmRSS'] / 1024:.1f} MB, "
          f"PSS {idle.get('Pss', 0) / 1024:.1f} MB")  # fmt: skip
    print(f"  14 phones + 2 table screens: RSS {memory['VmRSS'] / 1024:.1f} MB, "
          f"PSS {memory.get('Pss', 0) / 1024:.1f} MB, peak RSS {memory['VmHWM'] / 1024:.1f} MB")  # fmt: skip


#: what the box imports before its `serving` line, and nothing of the box itself: the web app's stack,
#: the server's (asyncio, h11 under uvicorn, the WSGI bridge) and the journal's
BEFORE_SERVING = "import flask, asyncio, uvicorn.server, uvicorn.protocols.http.h11_impl, a2wsgi, sqlite3"


def bare(label: str, code: str, runs: int) -> None:
    """An interpreter that runs ``code`` and waits: the median time to its ``ready`` line over ``runs``,
    and the memory of the last one."""
    took = []
    for _ in range(runs):
        t0 = time.monotonic()
        proc = subprocess.Popen([box_python(), "-c", code + "\nprint('ready', flush=True)\nimport time\n"
                                 "time.sleep(30)"], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                                preexec_fn=throttled())  # on the stand-in, as slow as the box  # fmt: skip
        assert proc.stdout is not None
        proc.stdout.readline()
        took.append(time.monotonic() - t0)
        if len(took) < runs:
            proc.kill()
            proc.wait()
    time.sleep(0.3)
    rss = pss = 0
    with open(f"/proc/{proc.pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    with open(f"/proc/{proc.pid}/smaps_rollup", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
    proc.kill()
    proc.wait()
    print(f"{label}: ready in {statistics.median(took):.2f} s (median of {runs}), RSS {rss / 1024:.1f} MB, "
          f"PSS {pss / 1024:.1f} MB")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="starts per configuration (default 5)")
    add_slow_cpu_option(parser)
    add_installed_option(parser)
    args = parser.parse_args(argv)
    slow = use_slow_cpu(args.slow_cpu)
    installed = use_installed(args.as_installed)
    print(f"footprint, {PLAYERS} seats; {machine()}{slow}{installed}")
    with bench_dir("jaccuse-footprint-") as tmp:
        measure("--mock --pads mock (the whole box)", args.runs, "mock", Path(tmp))
        measure("--mock --pads phone (no pad driver)", args.runs, "phone", Path(tmp))
    runs = max(1, args.runs // 2)
    bare("bare interpreter", "pass", runs)
    bare("interpreter + the libraries the box needs before `serving` (its floor)", BEFORE_SERVING, runs)
    devices = "PIL.Image, gpiozero, luma.core.device, segno"
    bare("interpreter + all the box's libraries", f"{BEFORE_SERVING}, {devices}", runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
