"""The phone matrix (test_phone_matrix.py) again on phones whose browsers read Traditional Chinese.

The same walks of every game (Hasty's second edition too), the same stages and the same three loads (a
fresh load, a reload, a second tab), on 390x844 phones set to zh-TW: no page error, a prompt within a few
seconds and in Chinese, the controls each stage needs ("再玩一局" at the end), and the seat's own turn in
the first screen, Chinese being no longer or wider than the page allows. A module of its own so that its
walks run on another worker than the English ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser import stages
from browser.test_phone_matrix import WALKS, Matrix, walk_name

pytestmark = pytest.mark.browser

LOCALE = "zh-TW"


@pytest.fixture(scope="module")
def matrix_zh(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    matrix = Matrix(browser, tmp_path_factory.mktemp("matrix-zh"))
    try:
        yield matrix
    finally:
        matrix.close()


@pytest.mark.parametrize("stage", stages.STAGES)
@pytest.mark.parametrize("name", WALKS)
def test_a_chinese_phone_loads_at_every_stage(matrix_zh: Matrix, name: str, stage: str) -> None:
    walked = matrix_zh.of(walk_name(name, LOCALE))
    if stage not in walked.found:
        assert stage not in ("turn", "others", "over"), f"{name}'s walk never met {stage!r}: all games do"
        pytest.skip(f"{name} has no {stage!r} stage (walked to the end)")
    assert walked.found[stage] == [], f"{name} in {LOCALE}, stage {stage!r}, seat {walked.seat[stage]}"


@pytest.mark.parametrize("name", WALKS)
def test_a_chinese_seats_own_turn_fits_a_phone_screen(matrix_zh: Matrix, name: str) -> None:
    walked = matrix_zh.of(walk_name(name, LOCALE))
    assert walked.layout is not None, f"{name}'s walk met no turn"
    assert walked.layout == [], f"{name} in {LOCALE} at 390x844 on the seat's own turn"
