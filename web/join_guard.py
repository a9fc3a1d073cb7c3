"""Wrong join codes, counted per client address, so a script cannot try every code.

A generated code has a million possibilities. Five wrong tries a minute per address make guessing one
take months; a player who mistypes gets a clear "wait a minute" and the host can read the code out.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Final

TRIES: Final = 5
WINDOW_SECONDS: Final = 60.0
MAX_CLIENTS: Final = 4096  # a bound on memory, whatever the number of addresses trying


class JoinGuard:
    def __init__(self, tries: int = TRIES, window: float = WINDOW_SECONDS) -> None:
        self.tries = tries
        self.window = window
        self._failures: dict[str, deque[float]] = {}
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

    def blocked(self, addr: str) -> float:
        """Seconds ``addr`` must wait before its next try, or 0."""
        now = time.monotonic()
        with self._lock:
            times = self._recent(addr, now)
            if len(times) < self.tries:
                return 0.0
            return max(0.0, self.window - (now - times[0]))

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
