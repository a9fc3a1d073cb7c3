"""Fixtures Hasty's browser tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from scene_box import Table


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    """The boxes a test resumed, stopped when it ends."""
    made: list[Table] = []
    yield made
    for table in made:
        table.stop()
