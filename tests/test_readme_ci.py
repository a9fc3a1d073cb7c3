"""Keep the README's two commands and the CI script in step."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

RUN_COMMENT = "# install and run the box (on a laptop it falls back to mock mode by itself)"
RUN_COMMAND = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/jaccuse-table run"
TEST_COMMENT = "# install and run the tests"
TEST_COMMAND = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest"


def _readme_head() -> list[str]:
    """The README lines after the title, blank lines skipped, up to the end of the first code block."""
    lines = [line.rstrip() for line in README.read_text(encoding="utf-8").splitlines()]
    assert lines[0].startswith("# "), "README.md must open with its title line"
    body = [line for line in lines[1:] if line.strip()]
    assert body[0].startswith("```"), "the commands must come straight after the title, in a code block"
    end = body.index("```", 1)
    return body[1:end]


def test_readme_starts_with_the_two_commands() -> None:
    assert _readme_head() == [RUN_COMMENT, RUN_COMMAND, TEST_COMMENT, TEST_COMMAND]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = _readme_head()[3]
    ci_lines = [line.strip() for line in CI_RUN.read_text(encoding="utf-8").splitlines()]
    assert test_command in ci_lines


def test_ci_script_is_strict_and_executable() -> None:
    text = CI_RUN.read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    assert os.access(CI_RUN, os.X_OK)
    for check in (".venv/bin/ruff check .", ".venv/bin/mypy --strict controller/games"):
        assert check in text
