"""Wrong join codes, counted per client address and across all of them, so a script cannot try every code.

A generated code has a million possibilities. Five wrong tries a minute per address make guessing one
take months from one device; a player who mistypes gets a clear "wait a minute" and the host can read
the code out. A device with many addresses (one laptop can take every free address of the Wi-Fi) is
held by the second count: twenty wrong codes a minute from everyone together, after which every join
that carries a code waits until the minute has passed. That keeps a 6-digit code for about a month of
guessing and a 3-character one for more than a day, and the host page says that codes are being guessed.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Final

TRIES: Final = 5
WINDOW_SECONDS: Final = 60.0
#: wrong codes a minute from all addresses together before every join with a code must wait
GLOBAL_TRIES: Final = 20
MAX_CLIENTS: Final = 4096  # a bound on memory, whatever the number of addresses trying


class JoinGuard:
    def __init__(self, tries: int = TRIES, window: float = WINDOW_SECONDS,
                 global_tries: int = GLOBAL_TRIES) -> None:
        self.tries = tries
        self.window = window
        self.global_tries = global_tries
        self._failures: dict[str, deque[float]] = {}
        self._all: deque[float] = deque(maxlen=global_tries)
        self._lock = threading.Lock()

    def _recent(self, addr: str, now: float) -> deque[float]:
        times = self._failures.get(addr)
        if times is None:
            return deque()
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self._failures[addr]
        return times

    def _recent_all(self, now: float) -> deque[float]:
        while self._all and now - self._all[0] >= self.window:
            self._all.popleft()
        return self._all

    def blocked(self, addr: str) -> float:
        """Seconds ``addr`` must wait before its next try, or 0 (its own wrong codes, or everyone's)."""
        now = time.monotonic()
        with self._lock:
            waits = [0.0]
            times = self._recent(addr, now)
            if len(times) >= self.tries:
                waits.append(self.window - (now - times[0]))
            everyone = self._recent_all(now)
            if len(everyone) >= self.global_tries:
                waits.append(self.window - (now - everyone[0]))
            return max(waits)

    def failed(self, addr: str) -> None:
        now = time.monotonic()
        with self._lock:
            if addr not in self._failures and len(self._failures) >= MAX_CLIENTS:
                for key in [k for k, v in self._failures.items() if not v or now - v[-1] >= self.window]:
                    del self._failures[key]
                if len(self._failures) >= MAX_CLIENTS:
                    self._failures.pop(next(iter(self._failures)))
            self._recent(addr, now)
            self._failures.setdefault(addr, deque(maxlen=self.tries)).append(now)
            self._recent_all(now).append(now)

    def status(self) -> dict[str, object]:
        """For the host page: wrong codes in the last minute (counted up to the limit), and whether
        joins with a code wait because of them."""
        now = time.monotonic()
        with self._lock:
            count = len(self._recent_all(now))
        return {"wrong_last_minute": count, "under_attack": count >= self.global_tries}
