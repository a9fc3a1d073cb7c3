"""The `jaccuse-table` entry point: version and help work without loading any subcommand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def test_a_reader_that_goes_away_gets_no_traceback() -> None:
    """`replay FILE | head -c1` closes the pipe early: the command stops quietly, as Unix tools do."""
    game = Path(__file__).resolve().parents[2] / "shared" / "contracts" / "examples" / "six-player-game.json"
    if not game.exists():
        pytest.skip("the shared contracts are not beside this checkout")
    proc = subprocess.Popen([sys.executable, "-m", "controller.cli", "replay", str(game)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the answer is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err
