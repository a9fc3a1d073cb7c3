"""Hasty Accusations' OLED screens: drawn from the public view only, for every moment of whole games."""

from __future__ import annotations

import random

from hasty_helpers import act, position, run
from PIL import Image
from test_hasty_properties import scramble

from controller.games.hasty import Accepted, apply, new_game, play_bot_game, public_view
from controller.games.hasty.screens import REVIEW_CARD_SECONDS, render_hasty, review_frames, review_key
from controller.oled_kit.draw import HEIGHT, WIDTH
from controller.oled_kit.model import DisplayModel


def _lit(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    return sum(1 for x in range(box[0], box[2]) for y in range(box[1], box[3]) if image.getpixel((x, y)))


def test_every_moment_of_whole_games_draws_a_frame() -> None:
    for players, seed, options in [(2, 1, {}), (4, 2, {"traitor": True}), (7, 3, {"speedy": True}),
                                   (5, 4, {"big_hands": True})]:
        game = play_bot_game(players, seed, **options)
        state = new_game(game.deal)
        for action in game.actions:
            result = apply(state, action)
            assert isinstance(result, Accepted)
            state = result.state
            view = public_view(state)
            for reveal in [None, *review_frames(view)]:
                image = render_hasty(DisplayModel(view=view, reveal=reveal, clock_left=9))
                assert image.mode == "1" and image.size == (WIDTH, HEIGHT) and image.getbbox() is not None


def test_the_screen_shows_nothing_secret() -> None:
    rng = random.Random(5)
    game = play_bot_game(4, 6, traitor=True)
    state = new_game(game.deal)
    for action in game.actions[:80]:
        state = apply(state, action).state  # type: ignore[union-attr]
        frame = render_hasty(DisplayModel(view=public_view(state))).tobytes()
        assert render_hasty(DisplayModel(view=public_view(scramble(state, None, rng)))).tobytes() == frame


def test_the_loupe_marker_stands_over_its_suspect_and_the_dead_are_crossed() -> None:
    s = position(loupe=0, piles={2: ["^stop"]})
    first = render_hasty(DisplayModel(view=public_view(s)))
    s.loupe = 4
    last = render_hasty(DisplayModel(view=public_view(s)))
    pitch = WIDTH // 5
    assert _lit(first, (0, 9, pitch, 13)) and not _lit(first, (4 * pitch, 9, WIDTH, 13))
    assert _lit(last, (4 * pitch, 9, WIDTH, 13)) and not _lit(last, (0, 9, pitch, 13))
    alive = _lit(first, (pitch + 2, 25, 2 * pitch - 2, 53))
    s.dead = [False, True, False, False, False]
    crossed = render_hasty(DisplayModel(view=public_view(s)))
    assert _lit(crossed, (pitch + 2, 25, 2 * pitch - 2, 53)) > alive


def test_a_review_plays_out_card_by_card_and_ends_on_the_verdict() -> None:
    s = position(loupe=4, piles={1: ["murder", "delay", "stop"], 3: ["delay"]})
    assert review_key(public_view(s)) is None and review_frames(public_view(s)) == []
    s, _ = run(s, act(0, "end"))
    view = public_view(s)
    assert review_key(view) == 1
    frames = review_frames(view)
    assert [[r.card for r in f] for f in frames] == [["stop"]]  # the Stop ended it at once
    survived = render_hasty(DisplayModel(view=view, reveal=frames[-1]))
    s = position(loupe=4, piles={1: ["murder", "delay", "delay"]})
    s, _ = run(s, act(0, "end"))
    view = public_view(s)
    frames = review_frames(view)
    assert [len(f) for f in frames] == [1, 2, 3] and view["last_review"]["killed"] == [1]
    images = [render_hasty(DisplayModel(view=view, reveal=f)).tobytes() for f in frames]
    assert len(set(images)) == 3
    murdered = render_hasty(DisplayModel(view=view, reveal=frames[-1]))
    assert murdered.tobytes() != survived.tobytes()
    assert _lit(murdered, (0, 18, WIDTH, 40)) > _lit(survived, (0, 18, WIDTH, 40))


def test_the_start_and_the_end() -> None:
    s = new_game(play_bot_game(3, 1).deal)
    start = render_hasty(DisplayModel(view=public_view(s), startup_url="http://192.168.1.42:8080/"))
    playing = render_hasty(DisplayModel(view=public_view(s)))
    assert start.tobytes() != playing.tobytes()
    end = play_bot_game(3, 1).final
    named = {**public_view(end), "names": ["Ann", "Bob", "Cy"]}
    assert render_hasty(DisplayModel(view=named)).tobytes() != render_hasty(
        DisplayModel(view=public_view(end))).tobytes()


def test_the_box_plays_a_review_out_frame_by_frame_on_the_oled() -> None:
    """Hasty's Game gives the box the review's frames (the shared moment mechanism plays them)."""
    from controller.fanout.moments import MomentShow
    from controller.games.hasty.game import GAME

    screens = GAME.screens()
    s, _ = run(position(loupe=4, piles={1: ["murder", "delay", "delay"]}), act(0, "end"))
    view = public_view(s)
    frames = screens.frames(view)
    revealed = view["last_review"]["revealed"]
    assert len(frames) == max(1, len(revealed)) and frames[-1] == screens.moment(view)
    show = MomentShow(5.0)
    show.start(frames, screens.frame_seconds, 0.0)
    assert screens.frame_seconds == REVIEW_CARD_SECONDS
    shown = [show.frame(REVIEW_CARD_SECONDS * k) for k in range(len(frames))]
    assert shown == list(range(len(frames)))
    for k, frame in enumerate(frames):
        image = render_hasty(DisplayModel(view=view, reveal=frame))
        assert image.size == (128, 64), k
