"""The benchmark scripts still run end to end (tiny counts; their figures are not checked here).

Speed goals live in the scripts' output, never in tests; this only keeps the scripts from rotting
when the box they drive changes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(script: str, *args: str, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False, env=env,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    return result.stdout


@pytest.mark.slow
def test_reveal_latency_runs() -> None:
    out = _run("reveal_latency.py", "--elections", "5", "--poll-elections", "3")
    assert "(a) all 14 SSE phones" in out and "(b) OLED frame on the panel" in out and "(n=5)" in out
    assert "alternative, GET /api/table every 1 s (elections of its own)" in out


@pytest.mark.slow
def test_throughput_runs() -> None:
    out = _run("throughput.py", "--seconds", "0.5", "--appends", "5")
    for line in ("saturation, vote POST", "human scale", "saturation, GET /api/me", "synchronous=FULL"):
        assert line in out


@pytest.mark.slow
def test_throughput_runs_for_betrayal() -> None:
    out = _run("throughput.py", "--game", "betrayal", "--seconds", "0.5", "--appends", "5", "--clients", "2")
    for line in ("betrayal, 8 seats", "sequential play, action POST", "saturation, GET /api/me",
                 "synchronous=FULL"):
        assert line in out


@pytest.mark.slow
def test_bot_latency_runs() -> None:
    out = _run("bot_latency.py", "--seconds", "3", "--period", "0.2")
    assert "strong   bots: phones' POST -> 200" in out and "random   bots: phones' POST -> 200" in out


@pytest.mark.slow
def test_throughput_runs_for_hasty() -> None:
    out = _run("throughput.py", "--game", "hasty", "--seconds", "0.5", "--appends", "5", "--clients", "2")
    for line in ("hasty, 7 seats", "sequential play, action POST", "saturation, GET /api/me",
                 "synchronous=FULL"):
        assert line in out


@pytest.mark.slow
def test_footprint_runs() -> None:
    out = _run("footprint.py", "--runs", "1")
    assert out.count("14 phones + 2 table screens: RSS") == 2
    assert "bare interpreter" in out and "(its floor)" in out


def _system_python_with_venv() -> bool:
    probe = "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))"
    try:
        return subprocess.run(["/usr/bin/python3", "-c", probe], capture_output=True).returncode == 0
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not _system_python_with_venv(), reason="needs /usr/bin/python3 (3.11+) with venv")
def test_footprint_runs_the_box_as_installed(tmp_path: Path) -> None:
    env = {**os.environ, "JACCUSE_BENCH_INSTALL_ROOT": str(tmp_path)}
    out = _run("footprint.py", "--runs", "1", "--as-installed", env=env)
    assert "the box as installed by systemd/install.sh (Python 3." in out
    assert out.count("14 phones + 2 table screens: RSS") == 2
    command = tmp_path / "root" / "opt" / "jaccuse-table" / "venv" / "bin" / "jaccuse-table"
    # both configurations ran the installed command, not the checkout's interpreter
    assert out.count(f"started as {command}:") == 2 and command.exists()


@pytest.mark.slow
def test_idle_cpu_runs() -> None:
    out = _run("idle_cpu.py", "--seconds", "0.5", "--settle", "0.2", "--streams", "2")
    for line in ("start screen, nobody connected", "election waiting for 14 pads", "with 2 SSE streams open"):
        assert line in out
    assert out.count("threads") == 3


@pytest.mark.slow
def test_stream_scaling_runs() -> None:
    out = _run("stream_scaling.py", "--counts", "1,4", "--votes", "3", "--period", "0.01")
    assert "CPU per vote per extra open stream" in out and "a seated phone's vote with 4 streams open" in out


@pytest.mark.slow
def test_server_candidates_run() -> None:
    out = _run("server_candidates.py", "--counts", "1,2", "--votes", "2", "--idle-seconds", "0.2",
               "--import-runs", "1")  # fmt: skip
    for name in ("waitress", "uvicorn", "aiohttp"):
        assert f"\n{name} " in out, out


@pytest.mark.slow
def test_soak_runs() -> None:
    out = _run("soak.py", "--games", "1", "--players", "5")
    assert "game  1 over" in out and "RSS after 1 games" in out


@pytest.mark.slow
def test_soak_runs_for_hasty() -> None:
    out = _run("soak.py", "--games", "1", "--game", "hasty", "--players", "4")
    assert "soak, hasty, 4 phones" in out and "game  1 over" in out and "RSS after 1 games" in out


def test_hasty_unfinished_runs() -> None:
    out = _run("hasty_unfinished.py", "--games", "1", "--policy", "random", "--players", "3")
    assert "goal: at most 1% unfinished in every combination" in out
    assert "advanced+expert powers traitor speedy big-hands" in out


def test_rules_speed_runs() -> None:
    out = _run("rules_speed.py", "--seconds", "0.1", "--no-compiled")
    rows = out.splitlines()
    assert sum(line.startswith("plain Python ") for line in rows) == 3
    assert "goal: at least 1,000 games/s for 8 players as plain Python" in out
    assert "goal: at least 3,000 games/s for 8 players compiled: not measured" in out
    # Betrayal's rows (3, 5 and 8 players) and its own goal line
    assert [line.split()[1] for line in rows if line.startswith("Betrayal ")] == ["3", "5", "8"]
    assert "goal: at least 1,000 Betrayal games/s for 5 players as plain Python" in out
    assert [line.split()[1] for line in rows if line.startswith("Hasty ") and line.split()[1].isdigit()] == [
        "2", "4", "7"]
    assert "goal: at least 1,000 Hasty games/s for 4 players as plain Python" in out


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_rules_instructions_runs() -> None:
    out = _run("rules_instructions.py", "--games", "1", "--no-compiled")
    assert "instructions per 8-player random-bot game, 1 games less an empty run" in out
    assert out.splitlines()[-1].startswith("plain Python") and out.rstrip().endswith(" M")


def test_slow_cpu_refuses_fractions_the_kernel_cannot_do() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "footprint.py"), "--slow-cpu", "0.01"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode != 0 and "--slow-cpu takes 0.1 to 1.0" in result.stderr


def test_betrayal_belief_and_policies_run() -> None:
    out = _run("betrayal_belief.py", "--games", "3")
    assert "the share on the true traitor" in out and "belief" in out
    out = _run("betrayal_policies.py", "--games", "5")
    assert "traitor both" in out and "a loyal army knows the traitor" in out


@pytest.mark.slow
def test_records_runs() -> None:
    out = _run("records.py", "--seeds", "2", "--finished", "2", "--repeat", "1")
    for line in ("GET /api/games (3 games)", "GET /api/table/record", "steps?count=200: one page", "VmRSS"):
        assert line in out
