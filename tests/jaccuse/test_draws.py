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


class _Loaded(random.Random):
    """A subclass may draw differently; the quick paths must then leave it to its own methods."""

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[0]

    def shuffle(self, x):  # type: ignore[no-untyped-def]
        x.reverse()


def test_subclasses_draw_with_their_own_methods() -> None:
    rng = _Loaded(1)
    assert draws.choice(rng, [4, 5, 6]) == 4
    deck = [1, 2, 3]
    draws.shuffle(rng, deck)
    assert deck == [3, 2, 1]


def test_choice_from_nothing_fails_like_random() -> None:
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])
