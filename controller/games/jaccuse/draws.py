"""Random draws that match ``random.Random``'s own, without its Python-level helper calls.

The bots and the deal draw a great many numbers. ``random.Random.choice`` and ``shuffle`` are
written in Python and call ``_randbelow`` for every number; doing the same few steps here (and,
in a compiled build, in C) gives the very same draws from the same seed, only faster. Any RNG that
is not a plain ``random.Random`` (a subclass may draw differently) gets its own methods called.
tests/jaccuse/test_draws.py holds these to the real methods.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
_Random: Final = random.Random


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``."""
    n = len(seq)
    if type(rng) is not _Random or not n:
        return rng.choice(seq)
    k = n.bit_length()
    getrandbits = rng.getrandbits
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return seq[i]


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)``."""
    n = b - a + 1
    if type(rng) is not _Random or n <= 0:
        return rng.randint(a, b)
    k = n.bit_length()
    getrandbits = rng.getrandbits
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return a + i


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``, for the small populations of a hand (a pool of at most 21).

    CPython draws from a pool when the population is small next to the sample, and tracks
    the picks in a set otherwise; only the first is done here, the rest goes to ``rng.sample``.
    """
    n = len(population)
    if type(rng) is not _Random or not 0 <= k <= n or n > 21:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    result: list[T] = []
    for i in range(k):
        m = n - i
        bits = m.bit_length()
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[m - 1]  # the last unpicked card fills the gap
    return result


def shuffle(rng: random.Random, x: MutableSequence[T]) -> None:
    """``rng.shuffle(x)``, in place."""
    if type(rng) is not _Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
