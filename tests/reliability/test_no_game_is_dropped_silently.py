"""Issue 24, points 3 and 4: a data dir that held a game never becomes a fresh game without a word, a
damaged -wal says what it lost, and a data dir of another user is refused before anything is written.

Every fault is made on the real files of a real box, killed with SIGKILL mid-game (its latest moves
then live in the journal's -wal file), exactly as the red team made them.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from PIL import Image
from web_helpers import Server, join_and_place

from controller.devices.screens import render
from controller.oled_kit.model import DisplayModel
from controller.table.journal import FILENAME

PLAYERS = 5
WAL = FILENAME + "-wal"
ROOT = Path(__file__).resolve().parents[2]


def _killed_mid_game(data_dir: Path, moves: int = 2) -> list[str]:
    """Two seated phones and ``moves`` moves, then kill -9: the moves are only in the -wal."""
    with Server(data_dir, players=PLAYERS) as box:
        tokens = join_and_place(box, moves)
        box.kill()
    assert (data_dir / WAL).stat().st_size > 0
    return tokens


def _files(data_dir: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(data_dir.iterdir())
            if p.is_file() and p.name != "box.lock"}


def _start(data_dir: Path, *extra: str, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    args = [*prefix, *Server(data_dir, *extra, players=PLAYERS).args]
    return subprocess.run(args, capture_output=True, text=True, timeout=30, cwd=ROOT, check=False)


def _one_line(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    assert proc.returncode == 1, proc
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "serving" not in proc.stdout
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def _resumes(data_dir: Path, token: str, version: int) -> Any:
    with Server(data_dir, players=PLAYERS) as box:
        assert requests.get(f"{box.url}/api/table", timeout=10).json()["version"] == version
        me = requests.get(f"{box.url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert me.status_code == 200 and me.json()["seat"] == 0


def _wait(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def _oled(url: str) -> bytes | None:
    r = requests.get(f"{url}/api/display.png", timeout=10)
    return Image.open(io.BytesIO(r.content)).convert("1").tobytes() if r.status_code == 200 else None


def test_a_lost_wal_stops_the_box_and_keeps_every_file(tmp_path: Path) -> None:
    """The attack: after kill -9, deleting the -wal/-shm (or copying only journal.sqlite3 as a backup)
    made the next start deal a new game with no message; the seat tokens were gone."""
    data = tmp_path / "data"
    tokens = _killed_mid_game(data)
    wal = (data / WAL).read_bytes()
    for name in (WAL, FILENAME + "-shm"):
        (data / name).unlink(missing_ok=True)
    before = _files(data)
    for _ in range(2):  # every restart (systemd's) says so again and changes nothing
        line = _one_line(_start(data), str(data), "-wal", "--new-game", "kept")
        assert _files(data) == before
    print(f"\n{line}")
    # the copy of only the journal, as a "backup", is refused the same way
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy2(data / FILENAME, copy / FILENAME)
    _one_line(_start(copy), "-wal")
    # nothing was lost: with its -wal back, the game comes back at its move with its seat links
    (data / WAL).write_bytes(wal)
    _resumes(data, tokens[0], 2)
    # and --new-game is the way to deal afresh, keeping the old journal
    (data / WAL).unlink(missing_ok=True)
    (data / FILENAME).write_bytes((data / FILENAME).read_bytes())  # (unchanged: the mark is still there)
    with Server(data, "--new-game", players=PLAYERS) as box:
        assert requests.get(f"{box.url}/api/table", timeout=10).json()["version"] == 0
    assert list(data.glob(FILENAME + ".archived-*"))


@pytest.mark.parametrize("fault", ["truncated", "deleted"])
def test_a_wal_beside_a_journal_sqlite_would_not_match_is_set_aside_not_discarded(
    tmp_path: Path, fault: str
) -> None:
    """The attack: with the main file deleted or truncated and the -wal (all the game's moves) still
    there, the start replaced that -wal with a new one."""
    _killed_mid_game(tmp_path)
    wal = (tmp_path / WAL).read_bytes()
    if fault == "truncated":
        (tmp_path / FILENAME).write_bytes(b"")
    else:
        (tmp_path / FILENAME).unlink()
    _one_line(_start(tmp_path), "-wal", "set aside", "--new-game")
    kept = [p for p in tmp_path.iterdir() if p.name.endswith("-wal") and p.name != WAL]
    assert len(kept) == 1 and kept[0].read_bytes() == wal, list(tmp_path.iterdir())
    assert not (tmp_path / WAL).exists()
    if fault == "truncated":  # the empty main file is kept beside it, under the same new name
        assert (tmp_path / kept[0].name.removesuffix("-wal")).stat().st_size == 0
    _one_line(_start(tmp_path), "--new-game")  # the host key and the set-aside files still say so


def test_a_flipped_byte_in_the_wal_says_a_move_was_lost(tmp_path: Path) -> None:
    """The attack: one flipped byte near the end of the -wal dropped the last acknowledged move with
    only "resumed at version 45"."""
    tokens = _killed_mid_game(tmp_path)
    wal = bytearray((tmp_path / WAL).read_bytes())
    wal[-100] ^= 0x01  # in the page of the last frame: the last move's transaction
    (tmp_path / WAL).write_bytes(bytes(wal))
    with Server(tmp_path, players=PLAYERS) as box:
        said = "\n".join(box.output)
        assert "a move was lost" in said and "resuming at move 1" in said, said
        status = requests.get(f"{box.url}/api/box", timeout=10).json()["status"]
        assert any(line.startswith("move lost") and "move 1" in line for line in status), status
        assert requests.get(f"{box.url}/api/table", timeout=10).json()["version"] == 1
        lost = render(DisplayModel(view={"version": 1}, journal_recovered=True, moves_lost=1)).tobytes()
        _wait(lambda: _oled(box.url) == lost)
        me = requests.get(f"{box.url}/api/me", headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=10)
        assert me.status_code == 200
    copies = list(tmp_path.glob(WAL + ".damaged-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == bytes(wal)


def test_a_damaged_journal_set_aside_says_so_on_the_oled_not_game_restored(tmp_path: Path) -> None:
    """The attack: a damaged journal was set aside and the OLED said "GAME RESTORED / picked up after
    move 0" while a new game was dealt."""
    _killed_mid_game(tmp_path)
    journal = tmp_path / FILENAME
    journal.write_bytes(b"not a journal" * 400)
    restored = render(DisplayModel(view={"version": 0}, journal_recovered=True)).tobytes()
    set_aside = render(DisplayModel(view={"version": 0}, journal_set_aside=True)).tobytes()
    assert restored != set_aside
    with Server(tmp_path, players=PLAYERS) as box:
        _wait(lambda: _oled(box.url) is not None)
        assert _oled(box.url) == set_aside
        assert "journal recovered" in requests.get(f"{box.url}/api/box", timeout=10).json()["status"]
    aside = list(tmp_path.glob(FILENAME + ".broken-*"))
    assert any(p.read_bytes() == b"not a journal" * 400 for p in aside)


# ---------------------------------------------------------------- point 4: whose data dir


def _without_root_powers() -> tuple[str, ...]:
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("needs setpriv to run as root without the file-permission capabilities")
    drop = "-dac_override,-dac_read_search,-fowner"
    return ("setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}")


def test_a_data_dir_of_another_user_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """The attack: a data dir whose files belong to another user had its host key replaced before the
    box refused to start."""
    if os.geteuid() != 0:
        pytest.skip("needs root to give the files to another user")
    _killed_mid_game(tmp_path)
    for path in [tmp_path, *tmp_path.iterdir()]:
        os.chown(path, 65534, 65534)
    key = tmp_path / "host-key"
    lock = tmp_path / "box.lock"  # the killed box's note: not rewritten either
    before = (os.stat(key).st_ino, key.read_bytes(), _files(tmp_path), lock.read_bytes())
    try:
        line = _one_line(_start(tmp_path), "belongs to", "chown", "untouched")
        assert (os.stat(key).st_ino, key.read_bytes(), _files(tmp_path), lock.read_bytes()) == before, line
        # and without root's powers, as the service's user would be
        _one_line(_start(tmp_path, prefix=_without_root_powers()), "belongs to")
        assert (os.stat(key).st_ino, key.read_bytes(), _files(tmp_path), lock.read_bytes()) == before
    finally:
        for path in [tmp_path, *tmp_path.iterdir()]:
            os.chown(path, 0, 0)


@pytest.mark.parametrize("where", ["data dir", "parent"])
def test_a_data_dir_the_user_cannot_read_is_one_line_not_a_traceback(tmp_path: Path, where: str) -> None:
    """The attack: a data dir the user cannot read gave a traceback (Path.exists() raises
    PermissionError on Python 3.11)."""
    prefix = _without_root_powers()
    parent = tmp_path / "locked"
    data = parent / "data"
    data.mkdir(parents=True)
    _killed_mid_game(data)
    before = _files(data)
    locked = data if where == "data dir" else parent
    locked.chmod(0)
    try:
        line = _one_line(_start(data, prefix=prefix), str(data))
        assert "chown" in line or "may not" in line, line
    finally:
        locked.chmod(0o700)
    assert _files(data) == before


# ---------------------------------------------------------------- the backup command


def test_backup_of_a_running_box_resumes_the_same_game_with_the_same_seat_links(tmp_path: Path) -> None:
    data, dest, restored = tmp_path / "data", tmp_path / "backup", tmp_path / "restored"
    with Server(data, players=PLAYERS) as box:
        token = requests.post(f"{box.url}/api/join", json={"seat": 0}, timeout=10).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        hand = requests.get(f"{box.url}/api/me", headers=auth, timeout=10).json()["hand"]
        assert requests.post(f"{box.url}/api/me/actions", json={"act": "membership", "card": hand[0]},
                             headers=auth, timeout=10).status_code == 200
        before = _files(data)
        proc = subprocess.run([sys.executable, "-m", "controller.cli", "backup", str(dest), "--data-dir",
                               str(data)], capture_output=True, text=True, timeout=30, cwd=ROOT, check=False)
        assert proc.returncode == 0 and "move 1" in proc.stdout, proc
        # the backup wrote nothing in the box's folder: no file made, the journal and -wal as they were
        # (a reader only marks its place in the -shm, the shared memory SQLite's readers all use)
        after = _files(data)
        assert after.keys() == before.keys()
        assert {k: v for k, v in after.items() if not k.endswith("-shm")} == {
            k: v for k, v in before.items() if not k.endswith("-shm")}
        key = box.host_key
        box.kill()  # the power goes after the backup
    assert sorted(p.name for p in dest.iterdir()) == sorted([FILENAME, "host-key", "host-link.txt"])
    shutil.copytree(dest, restored)
    _resumes(restored, token, 1)
    assert (restored / "host-key").read_text().strip() == key
    # a second backup into the same folder is refused rather than mixed with the first
    proc = subprocess.run([sys.executable, "-m", "controller.cli", "backup", str(dest), "--data-dir",
                           str(data)], capture_output=True, text=True, timeout=30, cwd=ROOT, check=False)
    assert proc.returncode == 2 and "empty folder" in proc.stderr
