"""Betrayal's lines and OLED screens in Traditional Chinese: every log and feed line of whole bot games
is a message that reads as Chinese (no English words left but card ranks and names) while its English
text is what it always was; the clock's forced lines too; the OLED draws the setup, the accusation and
the end in the box's language, and English frames do not move."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from controller.games.betrayal import Accepted, Action, apply, new_game, play_bot_game, public_view
from controller.games.betrayal.describe import describe_event, describe_events
from controller.games.betrayal.screens import render_betrayal
from controller.games.betrayal.table_rules import forced_lines
from controller.i18n import Said, said_json
from controller.i18n.catalogues import render
from controller.oled_kit.model import DisplayModel

ZH = "zh_Hant"
HAN = re.compile(r"[\u4e00-\u9fff]")
#: an English word: two letters or more (card ranks are one letter, or digits)
WORD = re.compile(r"[A-Za-z]{2,}")


def _scenes() -> ModuleType:
    where = Path(__file__).with_name("betrayal_scenes.py")
    spec = importlib.util.spec_from_file_location("betrayal_scenes", where)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 4), (8, 9)])
def test_every_line_of_a_game_reads_as_chinese(players: int, seed: int) -> None:
    game = play_bot_game(players, seed)
    state = new_game(game.deal)
    kinds = set()
    for action in game.actions:
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
        for event in result.events:
            line = describe_event(event)
            if line is None:
                continue
            kinds.add(event["type"])
            assert isinstance(line, Said) and said_json(line) is not None, line
            assert render(line, "en") == str(line)
            chinese = render(line, ZH)
            assert HAN.search(chinese) and not WORD.findall(chinese), (str(line), chinese)
    assert state.over and {"accused", "turn", "armies_set", "over"} <= kinds


def test_the_lines_keep_their_english() -> None:
    events = [
        {"type": "armies_set", "rows": [5, 6], "middle": 30},
        {"type": "accused", "army": 0, "card": "KS", "target": [1, 2], "target_card": "JK", "by_two": False,
         "winner": "attacker"},
        {"type": "drew", "army": 1, "points": 3, "count": 1},
        {"type": "peeked", "army": 2, "cards": [[0, 1], [1, 0]]},
        {"type": "over", "winner_side": "loyal", "traitor": 1, "winners": [0, 2]},
    ]
    assert describe_events(events) == [
        "Every army is set (army 0 5, army 1 6 cards); 30 cards lie in the middle.",
        "Army 0 accuses with its K♠ the card at position 2 of army 1: joker; the K♠ wins.",
        "Army 1 reaches 3 points and draws 1 card.",
        "Army 2 looks at army 0 position 1 and army 1 position 0.",
        "The loyal armies win! Army 1 was the traitor. Winners: army 0, 2.",
    ]
    chinese = [render(line, ZH) for line in describe_events(events)]
    assert chinese[1] == "軍隊 0 用 K♠ 指控軍隊 1 位置 2 的牌：鬼牌；K♠ 獲勝。"
    assert chinese[4] == "忠誠方獲勝！叛徒是軍隊 1。贏家：軍隊 0、2。"


def test_the_clocks_lines_in_both_languages() -> None:
    log, feed = forced_lines(Action(1, "end"), 1, ["阿華", "小美", None])
    assert log == "Out of time for army 1 (小美): turn ended (forced)."
    assert feed == "Time ran out: your turn was ended."
    assert render(log, ZH) == "軍隊 1（小美） 時間到：回合結束（強制）。"
    assert render(feed, ZH) == "時間到：你的回合結束了。"


def _png(image: Image.Image) -> bytes:
    return image.tobytes()


def test_the_oled_speaks_the_boxs_language() -> None:
    scenes = _scenes().SCENES
    translated = {"setup-2", "setup-8-code", "accusation-5", "accusation-8-joker", "end-2", "end-5", "end-8"}
    english_only = {"play-5", "play-8", "play-5-after-win-clock"}
    for name in translated | english_only:
        english = render_betrayal(scenes[name])
        assert _png(render_betrayal(dataclasses.replace(scenes[name], language="en"))) == _png(english)
        chinese = render_betrayal(dataclasses.replace(scenes[name], language=ZH))
        assert (_png(chinese) != _png(english)) == (name in translated), name


def test_every_state_of_a_game_draws_in_chinese() -> None:
    game = play_bot_game(8, 9)
    state = new_game(game.deal)
    for action in [*game.actions, None]:
        names = ["阿華", "Bartholomew", "志明", "Dee", "小美", "Finn", "Gus", "Hi"]
        view = {**public_view(state), "names": names}
        image = render_betrayal(DisplayModel(view=view, language=ZH, join_code="483920"))
        assert image.size == (128, 64) and image.getbbox() is not None
        if action is None:
            break
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
