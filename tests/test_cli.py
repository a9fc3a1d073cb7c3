"""The `jaccuse-table` entry point: version and help work without loading any subcommand."""

from __future__ import annotations

import subprocess
import sys

import pytest

from controller import __version__, cli


def test_version_flag() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "controller.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"jaccuse-table {__version__}"


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for command in ("run", "replay", "doctor"):
        assert command in out


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert "usage: jaccuse-table" in capsys.readouterr().out
