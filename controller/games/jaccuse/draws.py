"""Random draws that match ``random.Random``'s own, without its Python-level helper calls.

The bots and the deal draw a great many numbers. ``random.Random.choice``, ``shuffle``, ``randint``
and ``sample`` are written in Python and call ``_randbelow`` for every number; doing the same few
steps here (and, in a compiled build, in C) gives the very same draws from the same seed, only
faster. ``Draws`` looks the RNG's methods up once, for a caller that draws many numbers (a whole
game); the functions below serve a single draw. Any RNG that is not a plain ``random.Random`` (a
subclass may draw differently) gets its own methods called. tests/jaccuse/test_draws.py holds
these to the real methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
_Random: Final = random.Random

#: a sample is drawn from a pool up to this population (CPython's own limit: past it, ``sample``
#: tracks its picks in a set instead, which is left to ``random.Random.sample``)
_POOL_LIMIT: Final = 21

#: n.bit_length() for the small counts the games draw from (a list index beats a method call)
_BITS: Final = [n.bit_length() for n in range(64)]


class Draws:
    """One RNG's draws, with its methods bound once rather than looked up for every number."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        #: a plain random.Random, whose helpers are known and done here; a subclass draws its own way
        self.plain = type(rng) is _Random
        self.getrandbits: Callable[[int], int] = rng.getrandbits
        self.random: Callable[[], float] = rng.random

    def below(self, n: int) -> int:
        """``rng._randbelow(n)`` for ``n > 0``: the one step every draw below is made of."""
        getrandbits = self.getrandbits
        k = _BITS[n] if n < 64 else n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        return i

    def choice(self, seq: Sequence[T]) -> T:
        """``rng.choice(seq)``."""
        n = len(seq)
        if not self.plain or not n:
            return self.rng.choice(seq)
        getrandbits = self.getrandbits
        k = _BITS[n] if n < 64 else n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        return seq[i]

    def randint(self, a: int, b: int) -> int:
        """``rng.randint(a, b)``."""
        n = b - a + 1
        if not self.plain or n <= 0:
            return self.rng.randint(a, b)
        return a + self.below(n)

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """``rng.sample(population, k)``, for the small populations of a hand.

        CPython draws from a pool when the population is small next to the sample, and tracks
        the picks in a set otherwise; only the first is done here, the rest goes to ``rng.sample``.
        """
        n = len(population)
        if not self.plain or not 0 <= k <= n or n > _POOL_LIMIT:
            return self.rng.sample(population, k)
        pool = list(population)
        result: list[T] = []
        for i in range(k):
            j = self.below(n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]  # the last unpicked item fills the gap
        return result

    def shuffle(self, x: MutableSequence[T]) -> None:
        """``rng.shuffle(x)``, in place."""
        if not self.plain:
            self.rng.shuffle(x)
            return
        getrandbits = self.getrandbits
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``."""
    return Draws(rng).choice(seq)


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)``."""
    return Draws(rng).randint(a, b)


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``."""
    return Draws(rng).sample(population, k)


def shuffle(rng: random.Random, x: MutableSequence[T]) -> None:
    """``rng.shuffle(x)``, in place."""
    Draws(rng).shuffle(x)
