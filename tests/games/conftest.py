"""A throwaway game, Toy Tally (``plugins/toy_tally``), installed the way any game is: a distribution's
metadata on the path, declaring it in the entry-point group ``jaccuse_table.games``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.games import registry

PLUGINS = Path(__file__).resolve().parent / "plugins"


def install_toy(site: Path) -> list[str]:
    """A ``toy_tally`` distribution's metadata in ``site``; the path entries that make it installed."""
    info = site / "toy_tally-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-tally\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\ntoy = toy_tally.game:GAME\n")
    return [str(PLUGINS), str(site)]


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
