"""Hasty Accusations' OLED screens: drawn from the public view only, for every moment of whole games."""

from __future__ import annotations

import random
from typing import Any

from hasty_helpers import act, position, run
from PIL import Image
from test_hasty_properties import scramble

from controller.games.hasty import Accepted, apply, new_game, play_bot_game, public_view, screens
from controller.games.hasty.screens import (
    REVIEW_CARD_SECONDS,
    render_hasty,
    review_frames,
    review_key,
    review_parts,
)
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


# ---------------------------------------------------------------- the second edition (H25-H52)
ALL_SETS = ("base", "advanced", "expert")


def test_every_moment_of_second_edition_games_draws_every_page_and_frame() -> None:
    for players, seed, options in [(3, 11, {"powers": True}), (4, 12, {"sets": ALL_SETS, "powers": True}),
                                   (6, 13, {"sets": ("advanced", "expert"), "speedy": True, "powers": True}),
                                   (5, 14, {"sets": ALL_SETS, "big_hands": True, "traitor": True})]:
        game = play_bot_game(players, seed, **options)
        state = new_game(game.deal)
        pages_seen = set()
        for action in game.actions:
            result = apply(state, action)
            assert isinstance(result, Accepted)
            state = result.state
            view = public_view(state)
            first = render_hasty(DisplayModel(view=view, clock_left=9))
            pages = int(first.info.get("pages", 1))
            pages_seen.add(pages)
            for page in range(pages):
                image = render_hasty(DisplayModel(view=view, page=page))
                assert image.mode == "1" and image.size == (WIDTH, HEIGHT) and image.getbbox() is not None
            for reveal in review_frames(view):
                image = render_hasty(DisplayModel(view=view, reveal=reveal))
                assert image.size == (WIDTH, HEIGHT) and image.getbbox() is not None
        assert max(pages_seen) > 1, (players, seed, options)  # the lasting facts were told at least once


def test_a_nested_review_plays_out_on_the_oled_in_the_order_it_happened() -> None:
    """The outer pile's cards up to the Sniper, a heading frame for the sniped pile, its cards, a
    heading frame for the way back, the rest of the outer pile, and the verdict over them all."""
    from second_helpers import review

    s, _ = review(piles={1: ["murder"], 2: ["stop", "sniper", "delay"], 3: ["delay"]})
    s, _ = run(s, act(0, "choose", at=1))
    view = public_view(s)
    parts = review_parts(view["last_review"])
    assert [(p.suspect, p.cards, p.depth, p.back) for p in parts] == [
        (2, ("delay", "sniper"), 0, False), (1, ("murder",), 1, False), (2, ("stop",), 0, True)]
    frames = review_frames(view)
    assert [[r.card for r in f][-1] for f in frames] == ["delay", "sniper", None, "murder", None, "stop"]
    images = [render_hasty(DisplayModel(view=view, reveal=f)) for f in frames]
    assert len({i.tobytes() for i in images}) == len(images)
    # the heading frames say whose pile comes next, not a card: less lit than a card's name at 16 px
    header = (0, 0, WIDTH, 13)
    assert _lit(images[2], header) != _lit(images[1], header)  # SNIPER Rev. Green, not REVIEW Col. Mustard
    # the verdict: the whole review's, with Rev. Green murdered in the nested evaluation
    assert view["last_review"]["killed"] == [1]
    spared = {**view, "last_review": {**view["last_review"], "killed": [],
                                      "nested": [{**view["last_review"]["nested"][0], "killed": []}]}}
    verdict = (0, 18, WIDTH, 54)
    assert images[-1].crop(verdict).tobytes() != render_hasty(
        DisplayModel(view=spared, reveal=frames[-1])).crop(verdict).tobytes()


def test_a_suspect_turned_round_is_drawn_in_reverse_video() -> None:
    from second_helpers import table

    s = table(powers=True, suspects=9)
    upright = render_hasty(DisplayModel(view=public_view(s)))
    s.rotated = (True,) + (False,) * 8
    turned = render_hasty(DisplayModel(view=public_view(s)))
    pitch = WIDTH // 9
    band = (2, 15, pitch - 2, 25)
    assert _lit(turned, band) > 2 * _lit(upright, band)
    next_one = (pitch + 2, 15, 2 * pitch - 2, 25)
    assert _lit(turned, next_one) == _lit(upright, next_one)


def test_the_second_editions_lasting_facts_are_told_on_further_pages() -> None:
    from second_helpers import table

    s = table(powers=True, suspects=9)
    base = render_hasty(DisplayModel(view=public_view(s)))
    assert base.info["pages"] == 1
    s.rotated = (True,) + (False,) * 8  # Ms. Scarlett turned: the hand limit is 1
    s.skips = 1
    s.tucked = 4
    view = public_view(s)
    count = render_hasty(DisplayModel(view=view)).info["pages"]
    pages = [render_hasty(DisplayModel(view=view, page=p)) for p in range(count + 1)]
    assert count >= 2 and pages[count].tobytes() == pages[0].tobytes()  # taken modulo
    bottom = (0, 55, WIDTH, HEIGHT)
    assert pages[0].crop((0, 0, WIDTH, 55)).tobytes() == pages[1].crop((0, 0, WIDTH, 55)).tobytes()
    assert pages[0].crop(bottom).tobytes() != pages[1].crop(bottom).tobytes()


def test_the_second_edition_screen_shows_nothing_secret() -> None:
    rng = random.Random(7)
    game = play_bot_game(4, 8, sets=ALL_SETS, powers=True)
    state = new_game(game.deal)
    for action in game.actions[:120]:
        state = apply(state, action).state  # type: ignore[union-attr]
        view = public_view(state)
        other = public_view(scramble(state, None, rng))
        for page in range(3):
            frame = render_hasty(DisplayModel(view=view, page=page)).tobytes()
            assert render_hasty(DisplayModel(view=other, page=page)).tobytes() == frame


def test_a_seat_without_a_name_is_called_seat_n_never_a_bare_number(monkeypatch: Any) -> None:
    said: list[str] = []  # every text the screens draw, as they draw it
    for name in ("fit_text", "centered"):
        drawn = getattr(screens, name)

        def saying(d: Any, text: str, *a: Any, _drawn: Any = drawn, **k: Any) -> Any:
            said.append(text)
            return _drawn(d, text, *a, **k)

        monkeypatch.setattr(screens, name, saying)
    game = play_bot_game(4, 2)
    state = new_game(game.deal)
    unnamed = public_view(state)
    render_hasty(DisplayModel(view=unnamed))
    assert f"Seat {state.turn} plays" in said and f"{state.turn} plays" not in said
    said.clear()
    render_hasty(DisplayModel(view={**unnamed, "names": ["Ann", "Bo", "Cy", "Di"]}))
    assert f"{['Ann', 'Bo', 'Cy', 'Di'][state.turn]} plays" in said
    said.clear()
    render_hasty(DisplayModel(view=unnamed, language="zh_Hant"))
    assert f"{state.turn} 號座位出牌" in said, said
    for action in game.actions:
        state = apply(state, action).state  # type: ignore[union-attr]
    said.clear()
    render_hasty(DisplayModel(view=public_view(state)))
    assert f"Seat {state.winners[0]}" in said and "wins!" in said, said
