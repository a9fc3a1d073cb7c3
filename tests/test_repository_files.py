"""What git tracks works in any clone: no tracked symlink points outside the repository.

A symlink to an absolute path (or up out of the tree) works only on the machine that made it; in every
other clone it dangles, and anything that copies the tree (the wheel-building tests) fails on it.
"""

from __future__ import annotations

import posixpath
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYMLINK_MODE = "120000"


def _tracked_symlinks() -> dict[str, str]:
    """Every symlink git tracks (path -> target as committed), read from the index, not the disk."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (or no git): nothing tracked to check")
    listed = subprocess.run(
        [git, "ls-files", "-s", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    links: dict[str, str] = {}
    for entry in filter(None, listed.split("\0")):
        meta, path = entry.split("\t", 1)
        mode, blob, _stage = meta.split()
        if mode == SYMLINK_MODE:
            links[path] = subprocess.run(
                [git, "cat-file", "blob", blob], cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout
    return links


def _leaves_the_repository(path: str, target: str) -> bool:
    if target.startswith("/") or (len(target) > 1 and target[1] == ":"):  # POSIX or drive-letter absolute
        return True
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
    return resolved == ".." or resolved.startswith("../")


def test_no_tracked_symlink_leaves_the_repository() -> None:
    links = _tracked_symlinks()
    bad = {path: target for path, target in links.items() if _leaves_the_repository(path, target)}
    assert not bad, f"tracked symlinks that dangle in any other clone: {bad}"


@pytest.mark.parametrize(
    ("path", "target", "leaves"),
    [
        (".venv-main", "/somewhere/.venv", True),
        ("docs/a.md", "../../outside", True),
        ("docs/a.md", "..", False),  # the repository's root itself
        ("a", "..", True),
        ("docs/a.md", "b.md", False),
        ("docs/a.md", "../README.md", False),
        ("x", "C:/tools", True),
    ],
)
def test_the_check_tells_inside_from_outside(path: str, target: str, leaves: bool) -> None:
    assert _leaves_the_repository(path, target) is leaves
