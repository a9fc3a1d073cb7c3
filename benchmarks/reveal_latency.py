"""Reveal latency: from the last pad press of an election round to every phone and to the OLED.

A real box runs in mock mode with 14 seats; each seat has a phone-like SSE client on /api/me/events over
loopback. For every election round the script votes for every seat (phone POSTs), presses all pads but
one at once, then sends the last press through the mocked GPIO pin (POST /api/mock/pads/S/reveal) and
times, from the moment that request is sent:

- (a) until all 14 SSE clients hold the resolved round (the public version after the press);
- (b) until the OLED frame showing it is on the panel, with the emulated I2C transfer of the pages that
  changed. The box stamps that moment itself (the display worker's time.monotonic() once the panel
  write returned, for the first frame of each table version: the X-Frame-Version-At header of
  /api/display.png, the same clock as ours on Linux), so the script asks for it only once the frame
  is surely there, 0.25 s after the press (then every 50 ms if it is not): a request makes the box
  answer over HTTP and encode a PNG, and asking earlier would take the CPU the frame is waiting for.

The pads debounce eagerly (controller/devices/debounce.py): a press counts at its first "pressed"
edge and only the release waits for the contact to settle, so nothing is subtracted from the figures;
they include the pad thread's wake-up and the HTTP request that drives the mock pin. The obvious
alternative is a client that polls GET /api/table once a second instead of holding an SSE stream; it
is timed in elections of its own after the measured ones (``--poll-elections``), so its requests never
land in the window the phones and the OLED are timed in. With ``--pads phone`` the last reveal is a
phone POST instead (no pad at all): that isolates the table-to-screen push path.

Run: .venv/bin/python benchmarks/reveal_latency.py [--elections 1000] [--poll-elections N]
     [--pads mock|phone] [--seed 1] [--slow-cpu 0.1] [--as-installed]
(``--as-installed``: the box as systemd/install.sh installs it; footprint.py says more.)
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import requests
from _box import (
    SSE,
    Box,
    add_installed_option,
    add_slow_cpu_option,
    bench_dir,
    join_every_seat,
    machine,
    summary_ms,
    use_installed,
    use_slow_cpu,
)

from controller.client import random_action

PLAYERS = 14
FRAME_SETTLE = 0.25  # seconds after the press before the OLED frame's time is asked for


class Phones:
    """One SSE reader thread per seat, logging (arrival time, version) of every event."""

    def __init__(self, port: int, tokens: list[str]) -> None:
        self.cond = threading.Condition()
        self.seen = [-1] * len(tokens)
        self.log: list[list[tuple[float, int]]] = [[] for _ in tokens]
        self.streams = [SSE(port, "/api/me/events", token) for token in tokens]
        for seat, stream in enumerate(self.streams):
            threading.Thread(target=self._read, args=(seat, stream), daemon=True).start()

    def _read(self, seat: int, stream: SSE) -> None:
        try:
            for event in stream.events():
                now = time.monotonic()
                version = int(event["table"]["version"])
                with self.cond:
                    self.log[seat].append((now, version))
                    self.seen[seat] = version
                    self.cond.notify_all()
        except OSError:
            return

    def wait_all(self, version: int, timeout: float = 10.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: min(self.seen) >= version, timeout)

    def arrival(self, seat: int, version: int, after: float) -> float:
        """When seat's client first held `version` or later, searching from the end of its log."""
        with self.cond:
            log = list(self.log[seat])
        first = None
        for t, v in reversed(log):
            if v < version or t < after:
                break
            first = t
        assert first is not None
        return first

    def close(self) -> None:
        for stream in self.streams:
            stream.close()


class Poller:
    """The alternative: a client that GETs /api/table once a second."""

    def __init__(self, url: str, period: float = 1.0) -> None:
        self.url = url
        self.period = period
        self.log: list[tuple[float, int]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        s = requests.Session()
        next_at = time.monotonic()
        while not self.stop.is_set():
            try:
                version = s.get(f"{self.url}/api/table", timeout=5).json()["version"]
                self.log.append((time.monotonic(), int(version)))
            except requests.RequestException:
                pass
            next_at += self.period
            self.stop.wait(max(0.0, next_at - time.monotonic()))

    def arrival(self, version: int, after: float) -> float | None:
        """The first poll after `after` showing `version` or later (a lower one means a new game began)."""
        for t, v in self.log:
            if t >= after and (v >= version or v < version - 1):
                return t
        return None


class Driver:
    def __init__(self, box: Box, tokens: list[str], pads: str, rng: random.Random) -> None:
        self.box = box
        self.url = box.url
        self.tokens = tokens
        self.pads = pads
        self.rng = rng
        self.local = threading.local()
        self.pool = ThreadPoolExecutor(max_workers=PLAYERS)
        self.games = 1

    def session(self) -> requests.Session:
        s = getattr(self.local, "s", None)
        if s is None:
            s = self.local.s = requests.Session()
        return s

    def me(self, seat: int) -> dict[str, Any]:
        r = self.session().get(f"{self.url}/api/me", headers=self._auth(seat), timeout=10)
        return r.json()  # type: ignore[no-any-return]

    def act(self, seat: int, action: dict[str, Any]) -> requests.Response:
        return self.session().post(
            f"{self.url}/api/me/actions", json=action, headers=self._auth(seat), timeout=10
        )

    def press(self, seat: int, button: str) -> requests.Response:
        if self.pads == "phone":
            return self.act(seat, {"act": button})
        return self.session().post(f"{self.url}/api/mock/pads/{seat}/{button}", timeout=10)

    def table(self) -> dict[str, Any]:
        return self.session().get(f"{self.url}/api/table", timeout=10).json()  # type: ignore[no-any-return]

    def _auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def prepare_round(self, awaiting: list[int]) -> list[tuple[int, str]]:
        """Vote for every awaiting seat; returns the button each will press."""
        rng = random.Random(self.rng.random())

        def vote(seat: int) -> tuple[int, str]:
            me = self.me(seat)
            moves = {m["act"]: m for m in me.get("moves") or []}
            cards = moves.get("vote", {}).get("cards") or []
            if cards and me.get("selected") is None:
                self.act(seat, {"act": "vote", "card": rng.choice(cards)})
            return seat, "reveal" if cards and rng.random() < 0.8 else "abstain"

        return list(self.pool.map(vote, awaiting))

    def other_move(self, awaiting: list[int]) -> None:
        """Outside elections: a random legal move of one awaiting seat (a president prefers to pass)."""
        seat = self.rng.choice(awaiting)
        me = self.me(seat)
        moves = me.get("moves") or []
        if not moves:
            time.sleep(0.01)
            return
        acts = [m["act"] for m in moves]
        if "pass" in acts and self.rng.random() < 0.7:
            self.act(seat, {"act": "pass"})
            return
        action = random_action(me, self.rng)
        if action is not None and action["act"] not in ("reveal", "abstain"):
            self.act(seat, action)

    def new_game(self) -> None:
        self.games += 1
        r = self.session().post(
            f"{self.url}/api/host/new-game", headers={"X-Host-Key": self.box.host_key}, timeout=10
        )
        r.raise_for_status()

    def frame_time(self, version: int, pressed_at: float, timeout: float = 5.0) -> float | None:
        """When the first frame showing `version` was on the panel, by the box's clock (None: never, or a
        later version replaced it before it could be read)."""
        s = self.session()
        time.sleep(max(0.0, pressed_at + FRAME_SETTLE - time.monotonic()))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = s.get(f"{self.url}/api/display.png", timeout=10)
            v = r.headers.get("X-Frame-Version")
            if v is not None and int(v) == version:
                return float(r.headers["X-Frame-Version-At"])
            if v is not None and int(v) > version:
                return None
            time.sleep(0.05)
        return None


def last_press(driver: Driver, phones: Phones) -> tuple[float, int] | None:
    """Play up to the last press of one election round and send it: (when it was sent, the version it
    makes); None when the table was elsewhere (a move outside an election, a new game) instead."""
    view = driver.table()
    if view["over"]:
        driver.new_game()
        return None
    awaiting = list(view["awaiting"])
    if view["phase"] != "election" or not awaiting:
        driver.other_move(awaiting or [0])
        return None
    plan = driver.prepare_round(awaiting)
    *first, (last, button) = plan
    list(driver.pool.map(lambda p: driver.press(*p), first))
    view = driver.table()
    if view["phase"] != "election" or view["awaiting"] != [last]:
        return None  # a refused press left others waiting: go round again
    target = view["version"] + 1
    phones.wait_all(target - 1)
    t0 = time.monotonic()
    if driver.press(last, button).status_code != 200:
        return None
    if not phones.wait_all(target):
        raise RuntimeError(f"the phones never saw version {target}")
    return t0, target


def run(elections: int, poll_elections: int, pads: str, seed: int, data_dir: Path) -> dict[str, list[float]]:
    rng = random.Random(seed)
    results: dict[str, list[float]] = {"phones": [], "oled": [], "one_phone": [], "poll": []}
    with Box(data_dir, "--heartbeat", "30", "--bot-delay", "0.01", players=PLAYERS, pads=pads) as box:
        tokens = join_every_seat(box)
        phones = Phones(box.port, tokens)
        driver = Driver(box, tokens, pads, rng)
        started = time.monotonic()
        try:
            while len(results["phones"]) < elections:
                pressed = last_press(driver, phones)
                if pressed is None:
                    continue
                t0, target = pressed
                arrivals = [phones.arrival(seat, target, t0) - t0 for seat in range(PLAYERS)]
                results["phones"].append(max(arrivals))
                results["one_phone"].extend(arrivals)
                frame_at = driver.frame_time(target, t0)
                if frame_at is not None:
                    results["oled"].append(frame_at - t0)
                done = len(results["phones"])
                if done % 100 == 0:
                    print(f"  {done} elections, {time.monotonic() - started:.0f} s", flush=True)
            # the polling alternative, in elections of its own: its requests would otherwise fall into
            # the moments timed above and slow what they time
            poller = Poller(box.url)
            timed: list[tuple[float, int]] = []
            try:
                while len(timed) < poll_elections:
                    pressed = last_press(driver, phones)
                    if pressed is not None:
                        timed.append(pressed)
                        time.sleep(rng.uniform(0.0, 0.3))  # rounds must not fall into step with the polls
                time.sleep(1.1)  # let the poller catch up with the last round
            finally:
                poller.stop.set()
        finally:
            phones.close()
        for t0, version in timed:
            seen = poller.arrival(version, t0)
            if seen is not None:
                results["poll"].append(seen - t0)
        print(f"{driver.games} games played; server started in {box.started_in:.2f} s")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--elections", type=int, default=1000, help="election rounds to time (default 1000)")
    parser.add_argument("--pads", choices=("mock", "phone"), default="mock",
                        help="mock: the last press goes through the mocked GPIO pin (default); "
                        "phone: it is a phone POST, no pad")  # fmt: skip
    parser.add_argument("--poll-elections", type=int, metavar="N",
                        help="election rounds for the polling alternative, after the timed ones "
                        "(default: a fifth of --elections, at least 20)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    add_slow_cpu_option(parser)
    add_installed_option(parser)
    args = parser.parse_args(argv)
    slow = use_slow_cpu(args.slow_cpu) + use_installed(args.as_installed)
    print(f"reveal latency, {PLAYERS} seats, pads={args.pads}, {args.elections} elections; {machine()}{slow}")
    with bench_dir("jaccuse-reveal-") as tmp:
        polls = args.poll_elections if args.poll_elections is not None else max(20, args.elections // 5)
        res = run(args.elections, polls, args.pads, args.seed, Path(tmp))
    print(f"(a) all {PLAYERS} SSE phones : {summary_ms(res['phones'])}")
    print(f"    any one SSE phone   : {summary_ms(res['one_phone'])}")
    print(f"(b) OLED frame on the panel (with the I2C transfer): {summary_ms(res['oled'])}")
    print(f"alternative, GET /api/table every 1 s (elections of its own): {summary_ms(res['poll'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
