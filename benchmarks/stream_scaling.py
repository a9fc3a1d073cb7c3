"""Stream scaling: what each open live stream costs the box, from 1 to 500 streams.

A real box runs in mock mode with 14 seats (phone pads). For each count N, N streams of seat 0's view
(/api/me/events, seat 0's token; each from its own loopback address, as N phones would be) are opened
and read by one client thread. Seat 0 then changes its vote ``--votes`` times at a steady pace, and
every change is an event for all N streams. Printed per N:

- the box's CPU per vote (its threads' CPU time over the votes, divided by their number), which
  includes writing the event to every stream;
- the latency of seat 0's vote POST (journal commit included) while the box fans each one out to N
  streams, and the time until the last of the N streams holds the event.

Then "CPU per vote per extra open stream": the least-squares slope of CPU per vote against N. The vote
limit per seat is lifted (--vote-changes 0) so seat 0 can change its vote as often as the run needs.
On loopback the box's CPU also carries the kernel's receive path of every stream (the readers' side of
TCP), which on Wi-Fi happens on the phones: the figure is an upper bound.

Run: .venv/bin/python benchmarks/stream_scaling.py [--counts 1,16,64,128,256,500] [--votes 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from _box import (
    Box,
    Crowd,
    Voter,
    add_slow_cpu_option,
    bench_dir,
    join_every_seat,
    machine,
    percentile,
    place_memberships,
    slope,
    use_slow_cpu,
)

PLAYERS = 14

Row = tuple[int, float, list[float], list[float]]  # streams, CPU s/vote, POST latencies, fan-out times


def run(counts: list[int], votes: int, period: float, data_dir: Path) -> list[Row]:
    rows = []
    # one seat's many streams: the box's per-seat share (4, against one seat's token sent from many
    # addresses) is lifted like the stream limit itself
    room = str(max(counts) + 16)
    extra = ("--heartbeat", "30", "--vote-changes", "0", "--max-streams", room, "--streams-per-seat", room)
    with Box(data_dir, *extra, players=PLAYERS, pads="phone") as box:
        assert box.proc is not None
        tokens = join_every_seat(box)
        place_memberships(box, tokens)
        voter = Voter(box, tokens[0])
        for count in counts:
            crowd = Crowd(box.port, count, "/api/me/events", tokens[0])
            if not crowd.wait_all(1, 60):
                refused = f"{crowd.refused} refused"
                raise RuntimeError(f"{count} streams: not every stream got its first view ({refused})")
            time.sleep(0.5)
            cpu, posts, fanned = voter.time_votes(box.proc.pid, crowd, votes, period)
            crowd.close()
            rows.append((count, cpu, posts, fanned))
            print(f"  {count:4d} streams: box CPU {cpu * 1000:7.3f} ms a vote; vote POST p50 "
                  f"{statistics.median(posts) * 1000:6.2f} ms p99 {percentile(posts, 99) * 1000:6.2f} ms; "
                  f"all {count} streams hold it p99 {percentile(fanned, 99) * 1000:7.2f} ms", flush=True)
            time.sleep(0.5)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", default="1,16,64,128,256,500", help="stream counts to try")
    parser.add_argument("--votes", type=int, default=200, help="votes timed at each count (default 200)")
    parser.add_argument("--period", type=float, default=0.05, help="seconds between votes (default 0.05)")
    add_slow_cpu_option(parser)
    args = parser.parse_args(argv)
    counts = [int(c) for c in args.counts.split(",") if c.strip()]
    slow = use_slow_cpu(args.slow_cpu)
    print(f"stream scaling, {PLAYERS} seats, seat 0's stream opened N times, {args.votes} votes each; "
          f"{machine()}{slow}")  # fmt: skip
    with bench_dir("jaccuse-streams-") as tmp:
        rows = run(counts, args.votes, args.period, Path(tmp))
    if len(rows) > 1:
        per = slope([float(c) for c, *_ in rows], [cpu for _, cpu, *_ in rows])
        print(f"CPU per vote per extra open stream: {per * 1e6:.1f} us (slope over {args.counts} streams; "
              "goal < 15 us at full speed)")  # fmt: skip
    last = rows[-1]
    print(f"a seated phone's vote with {last[0]} streams open: p99 {percentile(last[2], 99) * 1000:.2f} ms "
          "(goal < 20 ms at full speed)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
