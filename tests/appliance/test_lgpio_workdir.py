"""lgpio (from PyPI) under the service's conditions: a user that cannot write to the current directory.

`import lgpio` makes a named pipe in the current directory, or in `LG_WD` when that is set (gpiozero
issue 1106, lg issue 22). The service runs as an unprivileged user with `/` read-only, so the unit sets
`LG_WD` to its state directory. Here the real lgpio package is imported in a child process that runs as
`nobody` (when the tests run as root) or as this user, from a directory it cannot write to: with the
environment the unit sets, the import works; without it, it fails the way it would on the Pi.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.devices.lgpio_env import lgpio_ready, lgpio_workdir

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "jaccuse-table.service"
NOBODY = 65534

needs_lgpio = pytest.mark.skipif(
    importlib.util.find_spec("lgpio") is None, reason="lgpio is not installed (pip install lgpio)"
)


def unit_environment(state_root: Path) -> dict[str, str]:
    """The variables the unit's Environment= lines set, with %S (the state root) filled in."""
    env: dict[str, str] = {}
    for line in UNIT.read_text().splitlines():
        if line.startswith("Environment="):
            for item in line.split("=", 1)[1].split():
                key, value = item.split("=", 1)
                env[key] = value.replace("%S", str(state_root))
    return env


def copy_lgpio(dest: Path) -> Path:
    """lgpio's installed files in a folder any user can read (the venv may sit in root's home)."""
    dist = importlib.metadata.distribution("lgpio")
    for file in dist.files or []:
        src = Path(str(dist.locate_file(file)))
        if src.suffix in (".py", ".so") and src.parent.name != "__pycache__":
            shutil.copy2(src, dest / src.name)
    for path in [dest, *dest.iterdir()]:
        path.chmod(path.stat().st_mode | stat.S_IROTH | stat.S_IXOTH | stat.S_IRGRP | stat.S_IXGRP)
    return dest


def import_as_service_user(base: Path, extra_env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`import lgpio` in a child that cannot write to its current directory, as nobody when we are root.

    The child starts as the test's user (its interpreter may live in root's home), loads what it needs
    from the standard library, then drops to nobody before it imports lgpio from a world-readable copy.
    """
    lib = base / "lib"
    lib.mkdir()
    copy_lgpio(lib)
    cwd = base / "readonly"
    cwd.mkdir()
    cwd.chmod(0o555)  # nobody cannot write here; a non-root owner cannot either
    code = (
        "import os, socket, struct, sys, threading, time  # what lgpio imports, loaded while we can\n"
        "if os.geteuid() == 0:\n"
        f"    os.setgroups([]); os.setgid({NOBODY}); os.setuid({NOBODY})\n"
        f"sys.path.insert(0, {str(lib)!r})\n"
        "import lgpio\n"
        "print('imported in', os.getcwd(), 'as', os.geteuid())\n"
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **extra_env}
    return subprocess.run(
        [sys.executable, "-s", "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def base() -> Iterator[Path]:
    """A folder every user can walk into (pytest's own tmp folders are private to their owner)."""
    path = Path(tempfile.mkdtemp(prefix="jaccuse-lgpio-test-", dir="/tmp"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        for sub in path.rglob("*"):
            if sub.is_dir():
                sub.chmod(0o755)
        shutil.rmtree(path, ignore_errors=True)


def state_dir_for_the_child(state_root: Path) -> Path:
    """What systemd's StateDirectory= makes: /var/lib/jaccuse-table owned by the service user."""
    state = state_root / "jaccuse-table"
    state.mkdir(parents=True)
    state_root.chmod(0o755)
    if os.geteuid() == 0:
        os.chown(state, NOBODY, NOBODY)
    return state


@needs_lgpio
def test_lgpio_imports_for_the_service_user_with_the_unit_environment(base: Path) -> None:
    state_root = base / "var-lib"
    state = state_dir_for_the_child(state_root)
    env = unit_environment(state_root)
    assert env["LG_WD"] == str(state)
    result = import_as_service_user(base, env)
    assert result.returncode == 0, result.stderr
    expected_user = NOBODY if os.geteuid() == 0 else os.geteuid()
    assert f"imported in {state} as {expected_user}" in result.stdout
    assert any(p.name.startswith(".lgd-nfy") for p in state.iterdir())  # the pipe went to the state dir


@needs_lgpio
def test_lgpio_fails_for_the_service_user_without_it(base: Path) -> None:
    result = import_as_service_user(base, {})
    assert result.returncode != 0
    assert ".lgd-nfy" in result.stderr  # the failure of gpiozero issue 1106, reproduced


def test_unit_runs_in_its_state_directory() -> None:
    options = UNIT.read_text()
    assert "WorkingDirectory=%S/jaccuse-table" in options
    assert "StateDirectory=jaccuse-table" in options


def test_workdir_keeps_an_explicit_setting(tmp_path: Path) -> None:
    env = {"LG_WD": "/somewhere"}
    assert lgpio_workdir(env, cwd=str(tmp_path)) == "/somewhere"


def test_workdir_uses_a_writable_current_directory(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    assert lgpio_workdir(env, cwd=str(tmp_path)) == str(tmp_path)
    assert env == {}


def test_workdir_moves_away_from_an_unwritable_directory(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    env = {"STATE_DIRECTORY": str(state)}
    assert lgpio_workdir(env, cwd=str(tmp_path / "gone")) == str(state)  # a deleted directory
    assert env["LG_WD"] == str(state)
    env = {}
    chosen = lgpio_workdir(env, cwd=str(tmp_path / "gone"))
    try:
        assert env["LG_WD"] == chosen and os.access(chosen, os.W_OK) and "jaccuse-lgpio-" in chosen
    finally:
        os.rmdir(chosen)


def test_lgpio_ready_restores_the_current_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LG_WD", raising=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with lgpio_ready() as where:
        assert where == str(tmp_path)
        os.chdir(elsewhere)  # as lgpio does when it is imported
    assert Path.cwd() == tmp_path


def test_every_documented_service_user_command_sets_lg_wd_and_changes_directory_as_that_user() -> None:
    """A maker copies these lines: each must work from an admin's shell, whose home the service user
    cannot enter, and whose `cd` into the 0750 state directory would fail before `sudo` runs."""
    docs = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), *sorted(REPO.glob("*/README.md"))]
    commands = []
    for doc in docs:
        text = doc.read_text(encoding="utf-8").replace("\\\n", " ")
        commands += [(doc.name, line) for line in text.splitlines() if "sudo -u jaccuse" in line]
    assert commands, "the install guide documents the doctor run as the service user"
    for name, line in commands:
        before_sudo = line.split("sudo -u jaccuse")[0]
        assert "cd " not in before_sudo, f"{name}: {line.strip()}"
        assert "LG_WD=" in line, f"{name}: {line.strip()}"
