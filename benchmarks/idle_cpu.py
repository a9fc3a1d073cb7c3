"""Idle CPU of the running box: what it burns while nobody does anything, and how many threads it runs.

The real box starts in mock mode (mocked GPIO pads on gpiozero's mock pins, the emulated OLED) with 14
seats, and is left alone. Its CPU time is read at the start and the end of a quiet stretch of
``--seconds`` from the scheduler's own accounting of every thread (/proc/PID/task/*/schedstat, to the
nanosecond: /proc/PID/stat counts 10 ms ticks, too coarse for a goal of 0.1%); CPU % is that time over
the wall-clock time, as a share of one core. The thread count comes from /proc/PID/status. Three
stretches are measured:

- at the start screen, nobody connected;
- in an election waiting for votes (14 phones joined and placed their membership card), so every pad
  LED blinks and the pads expect presses: the busiest idle state of the pads;
- the same with ``--streams`` SSE streams open (phones and table screens listening for changes).

Goal (issue 18): under 0.1% of a core idle, at full speed. The pads should add nothing while nothing
happens: no polling threads. The OLED adds one thing on purpose: while it is lit it gets its set-up and
the whole frame every 5 s (a panel that lost power comes back; the emulated bus takes the real bus
time). What the web server costs while streams are open belongs to the server; this shows it too.

Mock pins are not lgpio: on a real Pi with GPIO pads, lgpio's own alert thread wakes every 0.5 ms
while any pin is watched (README, "idle CPU"), which this benchmark cannot see.

Run: .venv/bin/python benchmarks/idle_cpu.py [--seconds 20] [--streams 16] [--slow-cpu 0.1]
"""

from __future__ import annotations

import argparse
import time

import requests
from _box import (
    SSE,
    Box,
    add_slow_cpu_option,
    bench_dir,
    cpu_seconds,
    join_every_seat,
    machine,
    place_memberships,
    use_slow_cpu,
)

PLAYERS = 14


def threads(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    raise RuntimeError("no Threads line")


def measure(pid: int, seconds: float, settle: float) -> tuple[float, int]:
    """CPU % of one core over `seconds` of quiet, after `settle` seconds for start-up work to end."""
    time.sleep(settle)
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    cpu1, wall1 = cpu_seconds(pid), time.monotonic()
    return 100.0 * (cpu1 - cpu0) / (wall1 - wall0), threads(pid)


def report(label: str, pct: float, count: int, seconds: float) -> None:
    verdict = "meets" if pct < 0.1 else "misses"
    print(
        f"{label:<44} CPU {pct:6.3f}% of a core   threads {count:3d}   "
        f"({verdict} the goal of < 0.1%, {seconds:g} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each quiet stretch")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to let start-up work finish")
    parser.add_argument("--streams", type=int, default=16, help="SSE streams open in the last stretch")
    add_slow_cpu_option(parser)
    args = parser.parse_args()
    note = use_slow_cpu(args.slow_cpu)
    print(f"idle CPU, mock pads and emulated OLED, {PLAYERS} seats; {machine()}{note}")
    with bench_dir("jaccuse-idle-") as data, Box(data, players=PLAYERS, pads="mock") as box:
        assert box.proc is not None
        pid = box.proc.pid
        pct, count = measure(pid, args.seconds, args.settle)
        report("start screen, nobody connected", pct, count, args.seconds)

        tokens = join_every_seat(box)
        place_memberships(box, tokens)
        view = requests.get(f"{box.url}/api/table", timeout=10).json()
        assert view.get("phase") == "election", view.get("phase")
        pct, count = measure(pid, args.seconds, args.settle)
        report("election waiting for 14 pads, no streams", pct, count, args.seconds)

        streams = []
        try:
            for i in range(args.streams):
                if i % 8 == 7:
                    streams.append(SSE(box.port, "/api/table/events"))
                else:
                    streams.append(SSE(box.port, "/api/me/events", tokens[i % len(tokens)]))
                streams[-1].next_event()
            pct, count = measure(pid, args.seconds, args.settle)
            report(f"the same with {len(streams)} SSE streams open", pct, count, args.seconds)
        finally:
            for stream in streams:
                stream.close()


if __name__ == "__main__":
    main()
