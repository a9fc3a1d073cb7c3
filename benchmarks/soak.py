"""Soak: does the box's memory stay flat over a long evening? 20 games with 14 phones and 2 screens.

A real box runs in mock mode with 14 seats (phone pads, every limit as shipped). 14 phones join, each
holds its /api/me/events stream and 2 table screens hold /api/table/events, each from its own address.
One thread per phone plays random legal moves through the API (a president prefers to pass, so games
end sooner), and when a game is over a phone presses "play again". After every game the box's resident
memory is printed; the goal is under 60 MB and flat (the last games no higher than the first ones,
give or take what the allocator keeps).

With ``--game betrayal`` or ``--game hasty`` the box deals that game instead, for the most seats it
takes (8 or 7) unless ``--players`` says otherwise; every phone plays the moves its view offers.

Run: .venv/bin/python benchmarks/soak.py [--games 20] [--game jaccuse|betrayal|hasty] [--players N]
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from pathlib import Path

import requests
from _box import SSE, Box, add_slow_cpu_option, bench_dir, join_every_seat, machine, use_slow_cpu

from controller.client import random_action
from controller.games import registry


def play(url: str, token: str, seed: int, stop: threading.Event) -> None:
    rng = random.Random(seed)
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {token}"
    while not stop.is_set():
        try:
            me = s.get(f"{url}/api/me", timeout=30).json()
            if me["table"]["over"]:
                s.post(f"{url}/api/table/new-game", timeout=30)
                time.sleep(0.05)
                continue
            moves = me.get("moves") or []
            if not moves:
                time.sleep(0.02)
                continue
            if any(m["act"] == "pass" for m in moves) and rng.random() < 0.7:
                action: dict[str, object] | None = {"act": "pass"}
            else:
                action = random_action(me, rng)
            if action is not None:
                s.post(f"{url}/api/me/actions", json=action, timeout=30)
        except (requests.RequestException, ValueError):
            time.sleep(0.1)


def drain(stream: SSE) -> None:
    try:
        for _ in stream.items():
            pass
    except (OSError, ValueError):
        return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--game", choices=registry.GAMES, default="jaccuse", help="the box's game")
    parser.add_argument("--players", type=int, default=None,
                        help="seats, each with a phone (default: the most the game seats)")
    add_slow_cpu_option(parser)
    args = parser.parse_args(argv)
    slow = use_slow_cpu(args.slow_cpu)
    players = args.players or registry.game(args.game).max_players
    print(f"soak, {args.game}, {players} phones + 2 screens, {args.games} games; {machine()}{slow}")
    rss: list[float] = []
    with bench_dir("jaccuse-soak-") as tmp, Box(Path(tmp), "--game", args.game, players=players,
                                                pads="phone") as box:
        tokens = join_every_seat(box)
        streams = [SSE(box.port, "/api/me/events", token) for token in tokens]
        streams += [SSE(box.port, "/api/table/events") for _ in range(2)]
        for stream in streams:
            threading.Thread(target=drain, args=(stream,), daemon=True).start()
        time.sleep(0.5)
        mem = box.rss_kb()
        print(f"  start: RSS {mem['VmRSS'] / 1024:.1f} MB")
        stop = threading.Event()
        players = [threading.Thread(target=play, args=(box.url, t, n, stop), daemon=True)
                   for n, t in enumerate(tokens)]  # fmt: skip
        for t in players:
            t.start()
        started = time.monotonic()
        game, actions = 1, 0
        try:
            while game <= args.games:
                info = requests.get(f"{box.url}/api/box", timeout=30).json()
                if info["game"] > game:
                    mem = box.rss_kb()
                    rss.append(mem["VmRSS"] / 1024)
                    took = time.monotonic() - started
                    print(f"  game {game:2d} over ({actions} actions, {took:4.0f} s): RSS {rss[-1]:.1f} MB, "
                          f"PSS {mem.get('Pss', 0) / 1024:.1f} MB", flush=True)  # fmt: skip
                    game = info["game"]
                actions = info["version"]
                time.sleep(0.2)
        finally:
            stop.set()
            for stream in streams:
                stream.close()
    third = max(1, len(rss) // 3)
    early, late = sum(rss[:third]) / third, sum(rss[-third:]) / third
    print(f"RSS after {len(rss)} games: {rss[-1]:.1f} MB (goal < 60 MB); first third {early:.1f} MB, "
          f"last third {late:.1f} MB: {'flat' if late - early < 1.0 else f'grew {late - early:.1f} MB'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
