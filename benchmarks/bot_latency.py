"""Phones' latency with strong bots thinking at the table: action POST -> rules -> journal -> 200.

A real box (mock mode, phones press reveal and abstain) deals J'Accuse for 8 seats: 4 people on
phones and `--bots 4`. The strong bots think off the table loop, in one worker thread of the box, for
100 ms of CPU a decision (`--think-ms`); each is asked as soon as the game waits for it (`--bot-delay
0`), so with four of them at the table the worker thinks most of the time an election is open. The
4 phones play random legal moves at a person's pace (each looks at its view every `--period` seconds,
at random phases, and sends a move when it has one); the host deals a new game whenever one ends.
What is measured is every phone POST that the box answered 200: its time from send to answer.

The same run is made with the same seats played by the rules' random bot (`--bot-level random`,
which thinks on the table loop in microseconds): the difference is what the strong bots' thinking
costs a phone. The box's CPU share (all its threads and its bot helper process, /proc/PID/task/*/
schedstat) shows how busy the thinking kept it, and the journal counts the bots' moves in the last
game.

Run: .venv/bin/python benchmarks/bot_latency.py [--seconds 60] [--period 0.3] [--think-ms 100]
[--levels strong,random] [--slow-cpu 0.1]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sqlite3
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import requests
from _box import Box, add_slow_cpu_option, bench_dir, cpu_seconds, machine, percentile, use_slow_cpu

from controller.client import random_action
from controller.table.journal import FILENAME

PLAYERS = 8
PEOPLE = 4


def children(pid: int) -> list[int]:
    """The processes the box started (the strong bots' helper)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def family_cpu(pid: int) -> float:
    """CPU seconds of the box and of the processes it started."""
    return cpu_seconds(pid) + sum(cpu_seconds(child) for child in children(pid))


def rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def run_level(box_dir: Path, level: str, seconds: float, period: float, think_ms: float) -> dict[str, float]:
    """One box with ``level`` bots; the phones' POST latencies and what the box did meanwhile."""
    extra = ("--heartbeat", "30", "--bots", str(PLAYERS - PEOPLE), "--bot-level", level,
             "--bot-delay", "0", "--bot-think-ms", str(think_ms))
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    games = [0]
    with Box(box_dir, *extra, players=PLAYERS, pads="phone") as box:
        tokens = []
        for seat in range(PEOPLE):
            r = requests.post(f"{box.url}/api/join", json={"seat": seat}, timeout=10)
            r.raise_for_status()
            tokens.append(r.json()["token"])
        host = requests.Session()
        host.headers["X-Host-Key"] = box.host_key
        gate = threading.Barrier(PEOPLE + 1)
        stop_at = [0.0]

        def phone(seat: int) -> None:
            rng = random.Random(seat)
            s = requests.Session()
            s.headers["Authorization"] = f"Bearer {tokens[seat]}"
            mine: list[float] = []
            counts: Counter[int] = Counter()
            gate.wait()
            next_at = time.monotonic() + rng.uniform(0, period)
            while True:
                wait = next_at - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                next_at += period
                if time.monotonic() >= stop_at[0]:
                    break
                me = s.get(f"{box.url}/api/me", timeout=30).json()
                if me["table"]["over"]:
                    with lock:  # one phone deals the next game
                        if requests.get(f"{box.url}/api/table", timeout=30).json()["over"]:
                            host.post(f"{box.url}/api/host/new-game", timeout=30).raise_for_status()
                            games[0] += 1
                    continue
                action = random_action(me, rng)
                if action is None:
                    continue
                t0 = time.monotonic()
                r = s.post(f"{box.url}/api/me/actions", json=action, timeout=30)
                took = time.monotonic() - t0
                counts[r.status_code] += 1
                if r.status_code == 200:
                    mine.append(took)
            with lock:
                latencies.extend(mine)
                statuses.update(counts)

        threads = [threading.Thread(target=phone, args=(seat,)) for seat in range(PEOPLE)]
        for t in threads:
            t.start()
        assert box.proc is not None
        cpu0, t_start = family_cpu(box.proc.pid), time.monotonic()
        stop_at[0] = t_start + seconds
        gate.wait()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - t_start
        cpu = family_cpu(box.proc.pid) - cpu0
        box_rss = rss_mb(box.proc.pid)
        helper_rss = sum(rss_mb(child) for child in children(box.proc.pid))
        journal = box.data_dir / FILENAME
        with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as db:
            sources = Counter(row[0] for row in db.execute("SELECT source FROM actions"))
    codes = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
    print(f"{level:8s} bots: phones' POST -> 200 n={len(latencies)}  p50 "
          f"{statistics.median(latencies) * 1000:6.2f} ms  p99 {percentile(latencies, 99) * 1000:6.2f} ms  "
          f"max {max(latencies) * 1000:6.2f} ms  [{codes}]; box CPU {100 * cpu / elapsed:5.1f}% of a core; "
          f"{games[0]} games ended; bot moves in the last game {sources.get('bot', 0)}; "
          f"RSS box {box_rss:.1f} MB, helper {helper_rss:.1f} MB")
    return {"p99": percentile(latencies, 99), "cpu": cpu / elapsed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each run (default 60)")
    parser.add_argument("--period", type=float, default=0.3,
                        help="seconds between a phone's looks at its view (default 0.3)")
    parser.add_argument("--think-ms", type=float, default=100.0, help="strong bot's CPU ms per decision")
    parser.add_argument("--levels", default="strong,random", help="bot levels to run, in order")
    add_slow_cpu_option(parser)
    args = parser.parse_args(argv)
    slow = use_slow_cpu(args.slow_cpu)
    print(f"bot latency: J'Accuse, {PLAYERS} seats, {PEOPLE} phones and {PLAYERS - PEOPLE} bots, "
          f"{args.seconds:.0f} s a level; {machine()}{slow}")
    with bench_dir("jaccuse-bot-latency-") as tmp:
        for i, level in enumerate(args.levels.split(",")):  # a level may come back: runs alternate
            run_level(Path(tmp) / f"box-{i}", level.strip(), args.seconds, args.period, args.think_ms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
