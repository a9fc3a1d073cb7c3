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

With ``--game betrayal`` the box deals Betrayal for 8 seats instead. A Betrayal turn waits for one
army, so there is no steady load of equivalent actions to saturate with: the first phase plays whole
random games as fast as one client can (each move sent once the one before it is answered: GET the
awaited seat's view, POST a random legal move from it; the POST's latency is what is reported, and the
host deals a new game whenever one ends). GET /api/me and the journal alone are measured as for
J'Accuse. ``--game hasty`` does the same for Hasty Accusations with 7 seats (the most it seats): a
turn and every choice wait for one seat, so its games are played move by move like Betrayal's.

Run: .venv/bin/python benchmarks/throughput.py [--game jaccuse|betrayal|hasty] [--seconds 10] [--period 1.0]
[--clients 16]
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

from controller.client import random_action
from controller.games import registry
from controller.table.journal import FILENAME, Journal

PLAYERS = 14
#: seats of each game's box
SEATS = {"jaccuse": 14, "betrayal": 8, "hasty": 7}


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
        seat = i % len(tokens)
        s = requests.Session()
        s.headers["Authorization"] = f"Bearer {tokens[seat]}"
        me = s.get(f"{box.url}/api/me", timeout=10).json()
        cards = next((m["cards"] for m in me["moves"] if m["act"] == "vote"), [])
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


def play_games(box: Box, tokens: list[str], seconds: float) -> tuple[list[float], Counter[int], float, int]:
    """One client plays random legal moves for whichever seat the game waits for, for ``seconds``;
    POST latencies, status counts, elapsed time and the games finished."""
    sessions = []
    for token in tokens:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        sessions.append(session)
    host = requests.Session()
    host.headers["X-Host-Key"] = box.host_key
    rng = random.Random(1)
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    games = 0
    view = requests.get(f"{box.url}/api/table", timeout=10).json()
    t_start = time.monotonic()
    while time.monotonic() - t_start < seconds:
        if view["over"]:
            host.post(f"{box.url}/api/host/new-game", timeout=30).raise_for_status()
            games += 1
            view = requests.get(f"{box.url}/api/table", timeout=10).json()
            continue
        seat = rng.choice(view["awaiting"])
        me = sessions[seat].get(f"{box.url}/api/me", timeout=30).json()
        action = random_action(me, rng)
        if action is None:
            view = me["table"]
            continue
        t0 = time.monotonic()
        r = sessions[seat].post(f"{box.url}/api/me/actions", json=action, timeout=30)
        took = time.monotonic() - t0
        statuses[r.status_code] += 1
        if r.status_code == 200:
            latencies.append(took)
            view = r.json()["me"]["table"]
    return latencies, statuses, time.monotonic() - t_start, games


def journal_alone(data_dir: Path, appends: int, game: str = "jaccuse") -> dict[str, list[float]]:
    """Per-append commit time of the journal in this process, for each synchronous setting."""
    players = SEATS[game]
    deal = registry.rules(game).deal_cards(players, random.Random(1))
    action = {"seat": 0, "act": "vote", "card": "8D"}
    if game == "betrayal":
        action = {"army": 0, "act": "accuse", "card": 0, "target": [1, 0]}
    elif game == "hasty":
        action = {"seat": 0, "act": "play", "card": "murder", "at": 0, "up": False}
    out: dict[str, list[float]] = {}
    for mode in ("FULL", "NORMAL", "OFF"):
        path = data_dir / f"{mode.lower()}-{FILENAME}"
        journal = Journal.open(path)
        journal.start_game(players, deal.to_dict(), None, None, game)
        journal._conn.execute(f"PRAGMA synchronous={mode}")  # bench only: the box always runs FULL
        times = []
        for seq in range(1, appends + 1):
            t0 = time.perf_counter()
            journal.append(seq, action, "phone")
            times.append(time.perf_counter() - t0)
        journal.close()
        out[mode] = times
    return out


def report(name: str, lat: list[float], statuses: Counter[int], elapsed: float) -> None:
    codes = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
    if not lat:  # a phase too short for a loaded machine to answer even once: say so, not a traceback
        print(f"{name}: none accepted in {elapsed:.2f} s  [{codes}]")
        return
    print(f"{name}: {len(lat) / elapsed:8.1f} accepted/s  p50 {statistics.median(lat) * 1000:6.2f} ms  "
          f"p99 {percentile(lat, 99) * 1000:6.2f} ms  max {max(lat) * 1000:6.2f} ms  [{codes}]")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each load phase (default 10)")
    parser.add_argument("--period", type=float, default=1.0, help="seconds between one client's actions "
                        "in the human-scale phase (default 1.0)")  # fmt: skip
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--game", choices=registry.GAMES, default="jaccuse", help="the box's game")
    parser.add_argument("--appends", type=int, default=500, help="journal-only appends per setting")
    add_slow_cpu_option(parser)
    args = parser.parse_args(argv)
    slow = use_slow_cpu(args.slow_cpu)
    if args.game != "jaccuse":
        return main_other_game(args, slow)
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


def main_other_game(args: argparse.Namespace, slow: str) -> int:
    """The run for a turn-based game (Betrayal, Hasty Accusations): sequential play, GET /api/me, the
    journal alone."""
    players = SEATS[args.game]
    print(f"throughput, {args.game}, {players} seats; {machine()}{slow}")
    with bench_dir("jaccuse-throughput-") as tmp:
        with Box(Path(tmp) / "box", "--heartbeat", "30", "--game", args.game, players=players) as box:
            tokens = join_every_seat(box)
            lat, st, el, games = play_games(box, tokens, args.seconds)
            report(f"sequential play, action POST ({games} games ended)", lat, st, el)
            lat, st, el = load(box, tokens, args.clients, args.seconds, None, "me")
            report("saturation, GET /api/me ", lat, st, el)
        print("journal alone, one commit per action (this process, same disk):")
        for mode, times in journal_alone(Path(tmp), args.appends, args.game).items():
            print(f"  synchronous={mode:6s} {len(times) / sum(times):8.0f} commits/s  {summary_ms(times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
