"""What a finished game's record and retelling cost the box: response sizes and times over HTTP.

The data dir is made here: ``--finished`` games of the evening kept in the journal's ``finished``
table and, as the game being played (over), the longest of ``--seeds`` games of random bots at the
biggest table (J'Accuse, 14 seats: the game with the most steps), journaled as the box journals them.
Then the real box resumes it and is asked, in order:

- ``GET /api/games``: every kept game, from the journal's index (a finished game says how it ended:
  nothing is replayed);
- ``GET /api/table/record``: the first time the game is replayed, afterwards kept;
- ``GET /api/games/N/steps`` pages of 50 and of 200 steps (the most one page holds), from the deal to
  the end; the first page of a game that is no longer among the kept replays pays for its replay.

Each line gives the body's size and the time to the whole answer (median of ``--repeat`` warm ones).

Run: .venv/bin/python benchmarks/records.py [--seeds 20] [--finished 40] [--repeat 5] [--slow-cpu 0.1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import requests
from _box import Box, add_slow_cpu_option, bench_dir, machine, use_slow_cpu

from controller.games import registry
from controller.table.journal import FILENAME, Journal
from controller.table.kept import ending

GAME, PLAYERS = "jaccuse", 14


Played = tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]


def _bot_game(seed: int) -> Played:
    """A game of random bots: its deal, its moves and how it ended (``kept.ending``)."""
    rules, adapter = registry.rules(GAME), registry.table_rules(GAME)
    state, deal, _ = adapter.deal(PLAYERS, {}, random.Random(seed))
    rng, actions = random.Random(seed), []
    while not state.over:
        action = rules.next_bot_action(state, rng)
        actions.append(action.to_dict())
        state = rules.apply(state, action).state
    return deal, actions, ending(rules.public_view(state))


def _journal(path: Path, games: list[Played]) -> None:
    """The games journaled as the box journals them: each dealt, played, then the next one dealt (and
    the one before kept with how it ended)."""
    journal = Journal.open(path)
    try:
        for n, (deal, actions, _) in enumerate(games):
            if n == 0:
                journal.start_game(PLAYERS, deal, None, None, GAME)
            else:
                journal.start_game(PLAYERS, deal, None, None, GAME, archive=True, ended=games[n - 1][2])
            for seq, action in enumerate(actions, 1):
                journal.append(seq, action, "bot")
    finally:
        journal.close()


def _get(url: str) -> tuple[float, int, Any]:
    t0 = time.perf_counter()
    r = requests.get(url, timeout=300)
    took = time.perf_counter() - t0
    assert r.status_code == 200, r.text[:300]
    return took, len(r.content), r.json()


def _line(what: str, first: float | None, warm: list[float], size: int) -> None:
    cold = f"first {first * 1000:7.1f} ms, " if first is not None else " " * 19
    print(f"  {what:<42} {size / 1024:8.1f} KiB  {cold}warm median {statistics.median(warm) * 1000:7.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="bot games to pick the longest from")
    parser.add_argument("--finished", type=int, default=40, help="finished games of the evening before it")
    parser.add_argument("--repeat", type=int, default=5, help="warm requests per figure")
    add_slow_cpu_option(parser)
    args = parser.parse_args()
    note = use_slow_cpu(args.slow_cpu)
    played = sorted((_bot_game(seed) for seed in range(args.seeds)), key=lambda g: len(g[1]))
    longest = played[-1]
    evening = [played[i % len(played)] for i in range(args.finished)]
    print(f"records of kept games, {machine()}{note}")
    print(f"the game: {GAME}, {PLAYERS} seats, {len(longest[1])} actions (the longest of {args.seeds} random "
          f"bot games); {args.finished} finished games before it")
    with bench_dir("jaccuse-bench-records-") as tmp:
        data_dir = Path(tmp)
        _journal(data_dir / FILENAME, [*evening, longest])
        with Box(data_dir, "--game", GAME, players=PLAYERS) as box:
            url = box.url
            first, size, listed = _get(f"{url}/api/games")
            warm = [_get(f"{url}/api/games")[0] for _ in range(args.repeat)]
            _line(f"GET /api/games ({len(listed)} games)", first, warm, size)
            number = listed[-1]["game"]
            first, size, record = _get(f"{url}/api/table/record")
            warm = [_get(f"{url}/api/table/record")[0] for _ in range(args.repeat)]
            _line(f"GET /api/table/record ({len(record['actions'])} actions)", first, warm, size)
            steps = len(record["actions"]) + 1
            for count in (50, 200):
                sizes, times, start = [], [], 0
                while start is not None:
                    took, size, page = _get(f"{url}/api/games/{number}/steps?from={start}&count={count}")
                    sizes.append(size)
                    times.append(took)
                    start = page["next"]
                warm = [_get(f"{url}/api/games/{number}/steps?from=0&count={count}")[0]
                        for _ in range(args.repeat)]
                _line(f"GET .../steps?count={count}: one page", None, warm, max(sizes))
                print(f"  {'':<42} {sum(sizes) / 1024:8.1f} KiB in all: {len(sizes)} pages for {steps} "
                      f"steps, {sum(times):.2f} s in all, slowest page {max(times) * 1000:.1f} ms")
            # a finished game not yet replayed: its first page pays for the replay
            first, size, _ = _get(f"{url}/api/games/1/steps?count=50")
            warm = [_get(f"{url}/api/games/1/steps?count=50")[0] for _ in range(args.repeat)]
            _line(f"GET /api/games/1/steps?count=50 ({len(evening[0][1])} actions)", first, warm, size)
            rss = box.rss_kb()
            print(f"  box memory after: VmRSS {rss.get('VmRSS', 0) / 1024:.1f} MiB, "
                  f"peak {rss.get('VmHWM', 0) / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
