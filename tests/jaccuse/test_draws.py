"""The quick draws give exactly what random.Random's own methods give from the same state."""

from __future__ import annotations

import random

import pytest

from controller.games.jaccuse import draws


@pytest.mark.parametrize("seed", range(20))
def test_choice_matches_random_choice(seed: int) -> None:
    fast, slow = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 5, 7, 8, 13, 14, 31, 32, 33, 100]:
        seq = list(range(n))
        assert draws.choice(fast, seq) == slow.choice(seq)
    assert fast.getstate() == slow.getstate()


@pytest.mark.parametrize("seed", range(20))
def test_shuffle_matches_random_shuffle(seed: int) -> None:
    fast, slow = random.Random(seed), random.Random(seed)
    for n in [0, 1, 2, 10, 52, 66, 72]:
        a, b = list(range(n)), list(range(n))
        draws.shuffle(fast, a)
        slow.shuffle(b)
        assert a == b
    assert fast.getstate() == slow.getstate()


@pytest.mark.parametrize("seed", range(20))
def test_randint_matches_random_randint(seed: int) -> None:
    fast, slow = random.Random(seed), random.Random(seed)
    for a, b in [(1, 1), (1, 2), (1, 3), (0, 7), (1, 8), (1, 9), (-3, 40)]:
        assert draws.randint(fast, a, b) == slow.randint(a, b)
    assert fast.getstate() == slow.getstate()


@pytest.mark.parametrize("seed", range(20))
def test_sample_matches_random_sample(seed: int) -> None:
    fast, slow = random.Random(seed), random.Random(seed)
    for n in [0, 1, 2, 5, 6, 7, 12, 21, 22, 40]:
        hand = [f"c{i}" for i in range(n)] + ["c0"]  # a repeated card, as two decks may give
        for k in sorted({0, 1, n // 2, n, n + 1}):
            assert draws.sample(fast, hand, k) == slow.sample(hand, k)
    assert fast.getstate() == slow.getstate()


def test_bad_draws_fail_like_random() -> None:
    with pytest.raises(ValueError):
        draws.randint(random.Random(1), 3, 2)
    with pytest.raises(ValueError):
        draws.sample(random.Random(1), [1, 2], 3)


class _Loaded(random.Random):
    """A subclass may draw differently; the quick paths must then leave it to its own methods."""

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[0]

    def shuffle(self, x):  # type: ignore[no-untyped-def]
        x.reverse()

    def randint(self, a, b):  # type: ignore[no-untyped-def]
        return a

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
        return list(population[:k])


def test_subclasses_draw_with_their_own_methods() -> None:
    rng = _Loaded(1)
    assert draws.choice(rng, [4, 5, 6]) == 4
    deck = [1, 2, 3]
    draws.shuffle(rng, deck)
    assert deck == [3, 2, 1]
    assert draws.randint(rng, 4, 9) == 4
    assert draws.sample(rng, [7, 8, 9], 2) == [7, 8]


def test_choice_from_nothing_fails_like_random() -> None:
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])
