"""Toy Tally installed for a test (see toy_install.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.games import registry
from tests.games.toy_install import install_toy


@pytest.fixture
def toy_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Toy Tally installed in this process (and the path entries, for a child process's PYTHONPATH)."""
    entries = install_toy(tmp_path / "site")
    for entry in reversed(entries):
        monkeypatch.syspath_prepend(entry)
    registry.forget()
    yield entries
    monkeypatch.undo()
    for name in [m for m in sys.modules if m == "toy_tally" or m.startswith("toy_tally.")]:
        del sys.modules[name]
    registry.forget()
