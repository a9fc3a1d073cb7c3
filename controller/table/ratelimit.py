"""A token bucket: the rate limits of the box (vote changes per seat, requests per client address)."""

from __future__ import annotations

import threading
import time


class TokenBucket:
    """``take()`` is False once more than ``burst`` came faster than ``rate`` a second. Not thread-safe."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = float(burst)
        self.stamp = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True

    def full(self, now: float) -> bool:
        """True when the bucket has refilled: its owner has been quiet long enough to be forgotten."""
        return self.level + (now - self.stamp) * self.rate >= self.burst


class SeatBuckets:
    """One :class:`TokenBucket` per seat, made on a seat's first use; thread-safe (any thread asks)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self._burst = max(1, burst)
        self._buckets: dict[int, TokenBucket] = {}
        self._lock = threading.Lock()

    def take(self, seat: int) -> bool:
        """False when ``seat`` has gone faster than the rate allows; always True with no rate (0)."""
        if self.rate <= 0:
            return True
        with self._lock:
            bucket = self._buckets.get(seat)
            if bucket is None:
                bucket = self._buckets[seat] = TokenBucket(self.rate, self._burst)
            return bucket.take()
