"""The OLED's "everyone look" moment at the box's pace (controller/fanout/moments.py's MomentShow).

A one-frame moment is held REVEAL_SECONDS as it always was (J'Accuse, Betrayal); a game's sequence
(Hasty's review, card by card) shows each frame for its step and holds the last, whatever the speed
of the views that caused it.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from controller.fanout.moments import REVEAL_SECONDS, MomentShow
from controller.games.registry import game


def test_a_single_moment_is_held_for_the_reveal_seconds() -> None:
    show = MomentShow(REVEAL_SECONDS)
    assert show.frame(0.0) is None and show.next_change(0.0) is None
    show.start(["cards"], 1.5, 10.0)
    assert show.frame(10.0) == 0 and show.next_change(10.0) == REVEAL_SECONDS
    assert show.frame(10.0 + REVEAL_SECONDS - 0.01) == 0
    assert show.frame(10.0 + REVEAL_SECONDS) is None and show.next_change(10.0 + REVEAL_SECONDS) is None


def test_a_sequence_plays_frame_by_frame_and_holds_the_last() -> None:
    show = MomentShow(5.0)
    show.start(["a", "ab", "abc"], 1.5, 100.0)
    assert [show.frame(100.0 + t) for t in (0, 1.4, 1.5, 2.9, 3.0, 7.9, 8.0)] == [0, 0, 1, 1, 2, 2, None]
    assert abs((show.next_change(100.2) or 0) - 1.3) < 1e-9
    assert abs((show.next_change(103.0) or 0) - 5.0) < 1e-9
    show.start([], 1.5, 104.0)  # the key went back to nothing: the moment ends at once
    assert show.frame(104.0) is None


@given(st.integers(1, 30), st.floats(0.1, 3.0), st.floats(0.0, 200.0))
def test_frames_only_move_forward_and_wake_ups_land_on_changes(n: int, step: float, at: float) -> None:
    show = MomentShow(REVEAL_SECONDS)
    show.start(list(range(n)), step, 0.0)
    now, seen = 0.0, []
    while (frame := show.frame(now)) is not None:
        seen.append(frame)
        wait = show.next_change(now)
        assert wait is not None and wait >= 0
        now += wait + 1e-9
    assert seen == list(range(n))
    assert abs(now - (step * (n - 1) + REVEAL_SECONDS)) < 1e-6


def test_the_games_without_a_sequence_keep_one_frame() -> None:
    for name in ("jaccuse", "betrayal"):
        screens = game(name).screens()
        assert screens.moment_frames is None
