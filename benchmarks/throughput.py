"""Action throughput of the whole box: phone POST -> rules -> durable journal commit -> 200.

A real box runs in mock mode with 14 seats. Every seat places its membership card, which opens the
first election; from then on each client keeps changing its seat's vote (``{"act": "vote", "card":
...}``), an action the rules accept every time and the table journals like any other (one committed
SQLite transaction with synchronous=FULL before the 200). Reveal belongs to the pads in mock mode, so
the round never resolves and the load stays steady.

16 clients, one thread and keep-alive connection each: a table has at most 14 seats, so clients 14 and
15 share seats 0 and 1 with clients 0 and 1 (a player with a phone and a tablet). The box's limit on
how fast a seat may change its vote is lifted (``--vote-changes 0``): it would otherwise answer most of
the saturating load with 429, and this measures what the table loop can do. When both clients of a seat
have a vote queued at once, the older one is answered 409 ``superseded`` without a journal write (see
docs/server.md); those count as answered but not accepted. Two loads:

- saturation: every client sends its next action as soon as the last one is answered;
- human scale: every client sends one action per ``--period`` seconds (default 1 s, already far more
  than people at a table manage), at random phases.

Alternatives in the same run: GET /api/me under the same saturating load (the HTTP and JSON path with
no journal write), and the journal alone in this process with synchronous=FULL (what ships) against
NORMAL and OFF, to show what the fsync costs. NORMAL is not an option for the box: a power cut could
then lose an action that was already acknowledged.

Run: .venv/bin/python benchmarks/throughput.py [--seconds 10] [--period 1.0] [--clients 16]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import requests
from _box import (
    Box,
    add_slow_cpu_option,
    bench_dir,
    join_every_seat,
    machine,
    percentile,
    place_memberships,
    summary_ms,
    use_slow_cpu,
)

from controller.games import jaccuse as rules
from controller.table.journal import FILENAME, Journal

PLAYERS = 14


def join_and_setup(box: Box) -> list[str]:
    tokens = join_every_seat(box)
    place_memberships(box, tokens)
    view = requests.get(f"{box.url}/api/table", timeout=10).json()
    assert view["phase"] == "election", view["phase"]
    return tokens


def load(
    box: Box, tokens: list[str], clients: int, seconds: float, period: float | None, kind: str
) -> tuple[list[float], Counter[int], float]:
    """Run `clients` threads for `seconds`; returns latencies of 200 answers, status counts, elapsed."""
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    start_gate = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(i: int) -> None:
        seat = i % PLAYERS
        s = requests.Session()
        s.headers["Authorization"] = f"Bearer {tokens[seat]}"
        me = s.get(f"{box.url}/api/me", timeout=10).json()
        cards = next(m["cards"] for m in me["moves"] if m["act"] == "vote")
        rng = random.Random(i)
        mine: list[float] = []
        counts: Counter[int] = Counter()
        n = i
        start_gate.wait()
        next_at = time.monotonic() + (rng.uniform(0, period) if period else 0.0)
        while True:
            if period:
                wait = next_at - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                next_at += period
            t0 = time.monotonic()
            if t0 >= stop_at[0]:
                break
            if kind == "vote":
                n += 1
                r = s.post(f"{box.url}/api/me/actions", json={"act": "vote", "card": cards[n % len(cards)]},
                           timeout=30)  # fmt: skip
            else:
                r = s.get(f"{box.url}/api/me", timeout=30)
            took = time.monotonic() - t0
            counts[r.status_code] += 1
            if r.status_code == 200:
                mine.append(took)
        with lock:
            latencies.extend(mine)
            statuses.update(counts)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    t_start = time.monotonic()
    stop_at[0] = t_start + seconds
    start_gate.wait()
    for t in threads:
        t.join()
    return latencies, statuses, time.monotonic() - t_start


def journal_alone(data_dir: Path, appends: int) -> dict[str, list[float]]:
    """Per-append commit time of the journal in this process, for each synchronous setting."""
    deal = rules.deal_cards(PLAYERS, random.Random(1))
    out: dict[str, list[float]] = {}
    for mode in ("FULL", "NORMAL", "OFF"):
        path = data_dir / f"{mode.lower()}-{FILENAME}"
        journal = Journal.open(path)
        journal.start_game(PLAYERS, deal.to_dict(), None)
        journal._conn.execute(f"PRAGMA synchronous={mode}")  # bench only: the box always runs FULL
        times = []
        for seq in range(1, appends + 1):
            t0 = time.perf_counter()
            journal.append(seq, {"seat": seq % PLAYERS, "act": "vote", "card": "8D"}, "phone")
            times.append(time.perf_counter() - t0)
        journal.close()
        out[mode] = times
    return out


def report(name: str, lat: list[float], statuses: Counter[int], elapsed: float) -> None:
    codes = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
    print(f"{name}: {len(lat) / elapsed:8.1f} accepted/s  p50 {statistics.median(lat) * 1000:6.2f} ms  "
          f"p99 {percentile(lat, 99) * 1000:6.2f} ms  max {max(lat) * 1000:6.2f} ms  [{codes}]")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each load phase (default 10)")
    parser.add_argument("--period", type=float, default=1.0, help="seconds between one client's actions "
                        "in the human-scale phase (default 1.0)")  # fmt: skip
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--appends", type=int, default=500, help="journal-only appends per setting")
    add_slow_cpu_option(parser)
    args = parser.parse_args(argv)
    slow = use_slow_cpu(args.slow_cpu)
    print(f"throughput, {args.clients} clients on {PLAYERS} seats; {machine()}{slow}")
    with bench_dir("jaccuse-throughput-") as tmp:
        with Box(Path(tmp) / "box", "--heartbeat", "30", "--vote-changes", "0", players=PLAYERS) as box:
            tokens = join_and_setup(box)
            lat, st, el = load(box, tokens, args.clients, args.seconds, None, "vote")
            report("saturation, vote POST   ", lat, st, el)
            lat, st, el = load(box, tokens, args.clients, args.seconds, args.period, "vote")
            report(f"human scale ({args.clients / args.period:.0f}/s offered)", lat, st, el)
            lat, st, el = load(box, tokens, args.clients, args.seconds, None, "me")
            report("saturation, GET /api/me ", lat, st, el)
        print("journal alone, one commit per action (this process, same disk):")
        for mode, times in journal_alone(Path(tmp), args.appends).items():
            print(f"  synchronous={mode:6s} {len(times) / sum(times):8.0f} commits/s  {summary_ms(times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
