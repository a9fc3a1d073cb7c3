"""Fixtures of the web tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import ServerLoop, WaitFor

from controller.table import Table


@pytest.fixture(params=["table", "broadcaster"])
def wait_for(request: pytest.FixtureRequest) -> Iterator[WaitFor | None]:
    """The feeder's wait: the table's, or the broadcaster's on a running event loop (as ``run`` wires it)."""
    if request.param == "table":
        yield None
        return
    loops: list[ServerLoop] = []

    def broadcaster_wait(table: Table) -> Any:
        loops.append(ServerLoop(table))
        return loops[-1].broadcaster.wait_fanned_out

    yield broadcaster_wait
    for loop in loops:
        loop.close()
