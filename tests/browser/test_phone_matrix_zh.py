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
from browser.test_phone_matrix import WALKS, Matrix, check_own_turn, check_stage, matrix_of, walk_name

pytestmark = pytest.mark.browser

LOCALE = "zh-TW"


@pytest.fixture(scope="module")
def matrix_zh(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    yield from matrix_of(browser, tmp_path_factory, "matrix-zh")


@pytest.mark.parametrize("stage", stages.STAGES)
@pytest.mark.parametrize("name", WALKS)
def test_a_chinese_phone_loads_at_every_stage(matrix_zh: Matrix, name: str, stage: str) -> None:
    check_stage(matrix_zh, walk_name(name, LOCALE), stage)


@pytest.mark.parametrize("name", WALKS)
def test_a_chinese_seats_own_turn_fits_a_phone_screen(matrix_zh: Matrix, name: str) -> None:
    check_own_turn(matrix_zh, walk_name(name, LOCALE))
