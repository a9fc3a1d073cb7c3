"""Names in Chinese characters: the look-alike check reads Chinese as one word a character (it has no
spaces) and knows the box's Chinese phrases around names, so a name cannot pose as another seat in
Chinese either; the OLED draws such a name with its CJK font instead of empty boxes."""

from __future__ import annotations

from PIL import ImageChops

from controller.oled_kit.draw import BOLD, blank, fit_text, font, font_for, wide
from controller.table.wording import poses_as, words


def test_chinese_is_a_word_a_character() -> None:
    assert words("阿華給了你 3") == ("阿", "華", "給", "了", "你", "#")
    assert words("Out of time for Ann") == ("out", "of", "tirne", "for", "ann")  # unchanged


def test_a_chinese_name_cannot_pose_with_the_boxs_chinese_words() -> None:
    # "{who}給了你 {n} 點經驗值": the words J'Accuse's Chinese feed writes after a name
    assert poses_as("阿華給了你", "阿華", "jaccuse")
    assert poses_as("3號座位阿華", "阿華", "jaccuse")  # a seat's number beside the name
    assert not poses_as("阿華哥", "阿華", "jaccuse")  # a name of its own
    assert not poses_as("小明", "阿華", "jaccuse")


def test_the_oled_draws_a_chinese_name_with_glyphs() -> None:
    assert wide("阿華") and not wide("Ann ♥")
    assert font_for("阿華", font(BOLD, 12)).size == 16
    drawn, draw = blank()
    fit_text(draw, "阿華", 0, 0, (12,))
    missing, draw2 = blank()
    draw2.text((0, 0), "\U000f0000\U000f0000", font=font_for("阿華", font(BOLD, 12)), fill=1)  # no glyph
    assert drawn.getbbox() is not None
    assert ImageChops.difference(drawn, missing).getbbox() is not None
    other, draw3 = blank()
    fit_text(draw3, "小明", 0, 0, (12,))
    assert ImageChops.difference(drawn, other).getbbox() is not None  # two names, two pictures
