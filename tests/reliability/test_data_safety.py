"""Data safety (issue 17, points 6-8): a healthy game is never thrown away, and one box owns a journal.

Each fault is produced for real, never by mocking SQLite:

- a full disk at start-up: RLIMIT_FSIZE set to 0 in the box's process (its writes fail the way a full
  disk makes them fail: SQLite reports "disk I/O error"), and, where user namespaces allow it, a real
  tmpfs filled to the last block;
- a read-only file system: the data dir bind-mounted read-only in a user namespace;
- a journal the box's user may not open: owned by another user, with the box run as root without the
  capabilities that let root ignore file permissions (or, when the tests do not run as root, a
  journal with no permissions at all);
- a second box on the same data dir;
- the disk filling while the box runs: ``prlimit`` on the running box, then lifted again.

Each start must stop with one line on stderr and a non-zero exit, leave the journal file exactly as
it was (same inode, same bytes, nothing renamed), and a later start must resume the same game.
"""

from __future__ import annotations

import hashlib
import io
import os
import resource
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from PIL import Image
from web_helpers import Server

from controller.games.jaccuse.screens import render
from controller.oled_kit.model import DisplayModel
from controller.table.journal import FILENAME

PLAYERS = 5


def _game(data_dir: Path) -> tuple[str, int]:
    """A journal with seated phones and two moves, the box stopped cleanly; returns (seat 0's token, 2)."""
    with Server(data_dir, players=PLAYERS) as box:
        tokens = [requests.post(f"{box.url}/api/join", json={"seat": s}, timeout=10).json()["token"]
                  for s in (0, 1)]
        for token in tokens:
            auth = {"Authorization": f"Bearer {token}"}
            hand = requests.get(f"{box.url}/api/me", headers=auth, timeout=10).json()["hand"]
            r = requests.post(f"{box.url}/api/me/actions", json={"act": "membership", "card": hand[0]},
                              headers=auth, timeout=10)
            assert r.status_code == 200
        assert box.terminate() == 0  # a clean stop: SQLite folds the WAL back into the file
    return tokens[0], 2


def _fingerprint(path: Path) -> tuple[int, str]:
    return os.stat(path).st_ino, hashlib.sha256(path.read_bytes()).hexdigest()


def _start(args: list[str], *, preexec: Callable[[], Any] | None = None, timeout: float = 30) -> Any:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, preexec_fn=preexec,
                          cwd=Path(__file__).resolve().parents[2], check=False)


def _box_args(data_dir: Path) -> list[str]:
    return Server(data_dir, players=PLAYERS).args


def _assert_stopped_with_one_line(proc: Any, *words: str) -> str:
    assert proc.returncode != 0, proc
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    assert "serving" not in proc.stdout
    return str(lines[0])


def _assert_untouched(data_dir: Path, before: tuple[int, str]) -> None:
    assert _fingerprint(data_dir / FILENAME) == before
    assert not list(data_dir.glob("*.broken-*")), "the journal was moved aside"


def _assert_resumes(data_dir: Path, token: str, version: int) -> None:
    with Server(data_dir, players=PLAYERS) as box:
        assert requests.get(f"{box.url}/api/table", timeout=10).json()["version"] == version
        me = requests.get(f"{box.url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert me.status_code == 200 and me.json()["seat"] == 0


def _no_file_writes() -> None:
    # as on a full disk: no file may grow (Python ignores SIGXFSZ, so writes fail with EFBIG)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))


def _user_namespaces() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                           capture_output=True, check=False)
    return probe.returncode == 0


needs_namespaces = pytest.mark.skipif(
    not _user_namespaces(), reason="needs unshare with user and mount namespaces (for a tmpfs/bind mount)"
)


# ---------------------------------------------------------------- point 6: resource errors at start-up


def test_a_full_disk_at_start_up_stops_the_box_and_keeps_the_game(tmp_path: Path) -> None:
    token, version = _game(tmp_path)
    before = _fingerprint(tmp_path / FILENAME)
    for _ in range(3):  # every restart (systemd's) must leave the file alone, not move one more aside
        proc = _start(_box_args(tmp_path), preexec=_no_file_writes)
        _assert_stopped_with_one_line(proc, str(tmp_path / FILENAME), "untouched")
        _assert_untouched(tmp_path, before)
    # once there is room again, the same game comes back with its seat tokens
    _assert_resumes(tmp_path, token, version)


@needs_namespaces
def test_a_really_full_tmpfs_at_start_up_names_the_full_disk(tmp_path: Path) -> None:
    source = tmp_path / "data"
    token, version = _game(source)
    mount = tmp_path / "mnt"
    mount.mkdir()
    script = (
        'set -e; mnt="$1"; src="$2"; shift 2\n'
        'mount -t tmpfs -o size=1m tmpfs "$mnt"; cp -a "$src"/. "$mnt"/\n'
        'dd if=/dev/zero of="$mnt/filler" bs=4096 2>/dev/null || true\n'
        'echo "@before $(stat -c %i "$mnt/journal.sqlite3") $(df -k --output=avail "$mnt" | tail -1)"\n'
        'set +e; "$@" --data-dir "$mnt" >/dev/null; echo "@exit $?"\n'
        'echo "@after $(stat -c %i "$mnt/journal.sqlite3")"; echo "@files" $(ls "$mnt")\n'
        'cmp -s "$src/journal.sqlite3" "$mnt/journal.sqlite3" && echo "@same"\n'
    )
    args = _box_args(source)
    at = args.index("--data-dir")
    del args[at:at + 2]
    proc = subprocess.run(["unshare", "-rm", "sh", "-c", script, "sh", str(mount), str(source), *args],
                          capture_output=True, text=True, timeout=60, check=False,
                          cwd=Path(__file__).resolve().parents[2])
    report = {line.split()[0]: line.split()[1:] for line in proc.stdout.splitlines() if line.startswith("@")}
    assert int(report["@before"][1]) == 0, report  # the disk really is full
    assert report["@exit"] != ["0"], proc
    box_lines = proc.stderr.strip().splitlines()
    assert len(box_lines) == 1 and "is full" in box_lines[0] and "untouched" in box_lines[0], proc.stderr
    assert report["@after"][0] == report["@before"][0] and "@same" in report
    assert not any(".broken-" in name for name in report["@files"])
    _assert_resumes(source, token, version)


@needs_namespaces
def test_a_read_only_file_system_stops_the_box_and_keeps_the_game(tmp_path: Path) -> None:
    token, version = _game(tmp_path)
    before = _fingerprint(tmp_path / FILENAME)
    script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
    read_only = ["unshare", "-rm", "sh", "-c", script, "sh", str(tmp_path), *_box_args(tmp_path)]
    proc = _start(read_only)
    _assert_stopped_with_one_line(proc, "read-only file system", "untouched")
    _assert_untouched(tmp_path, before)
    # with the -wal and -shm files a failed start leaves behind, SQLite even opens the file read-only
    # and reads the game: the box must still refuse to serve moves it could not save
    _start(_box_args(tmp_path), preexec=_no_file_writes)
    assert (tmp_path / (FILENAME + "-shm")).exists()
    proc = _start(read_only)
    _assert_stopped_with_one_line(proc, "read-only file system", "untouched")
    _assert_untouched(tmp_path, before)
    _assert_resumes(tmp_path, token, version)


def test_a_journal_the_user_may_not_open_stops_the_box_and_keeps_the_game(tmp_path: Path) -> None:
    token, version = _game(tmp_path)
    journal = tmp_path / FILENAME
    before = _fingerprint(journal)
    args = _box_args(tmp_path)
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("needs setpriv to run as root without the file-permission capabilities")
        # the journal belongs to another user; root without CAP_DAC_* is held to its permissions
        os.chown(journal, 65534, 65534)
        drop = "-dac_override,-dac_read_search"
        args = ["setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}", *args]
    else:
        journal.chmod(0)
    try:
        proc = _start(args)
        line = _assert_stopped_with_one_line(proc, "may not open", "chown", "untouched")
        assert str(journal) in line
        assert os.stat(journal).st_ino == before[0] and not list(tmp_path.glob("*.broken-*"))
    finally:
        if os.geteuid() == 0:
            os.chown(journal, 0, 0)
        journal.chmod(0o600)
    assert _fingerprint(journal) == before
    _assert_resumes(tmp_path, token, version)


# ---------------------------------------------------------------- point 7: one box per data dir


def test_a_second_box_on_the_same_data_dir_says_who_holds_it_and_exits(tmp_path: Path) -> None:
    with Server(tmp_path, players=PLAYERS) as first:
        assert first.proc is not None
        proc = _start(_box_args(tmp_path))
        line = _assert_stopped_with_one_line(proc, f"pid {first.proc.pid}", "started", "--data-dir")
        assert str(tmp_path) in line
        # the first box is unharmed and still the only writer
        assert requests.post(f"{first.url}/api/join", json={"seat": 2}, timeout=10).status_code == 200
        first.terminate()
    # once it has stopped, the data dir is free
    with Server(tmp_path, players=PLAYERS) as again:
        assert requests.get(f"{again.url}/api/seats", timeout=10).json()["seats"][2]["claimed"]


# ---------------------------------------------------------------- point 8: the disk fills while running


def _oled(url: str) -> bytes | None:
    """The emulated OLED's frame, or None while there is none yet (the OLED comes up after serving)."""
    r = requests.get(f"{url}/api/display.png", timeout=10)
    if r.status_code != 200:
        return None
    return Image.open(io.BytesIO(r.content)).convert("1").tobytes()


def _wait(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


@pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="needs prlimit (Linux)")
def test_a_disk_that_fills_while_running_shows_on_the_pages_and_the_oled_and_clears_by_itself(
    tmp_path: Path,
) -> None:
    cannot_save = render(DisplayModel(cannot_save=True)).tobytes()
    with Server(tmp_path, players=PLAYERS) as box:
        assert box.proc is not None
        token = requests.post(f"{box.url}/api/join", json={"seat": 0}, timeout=10).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        hand = requests.get(f"{box.url}/api/me", headers=auth, timeout=10).json()["hand"]
        move = {"act": "membership", "card": hand[0]}
        hard = resource.prlimit(box.proc.pid, resource.RLIMIT_FSIZE)[1]
        resource.prlimit(box.proc.pid, resource.RLIMIT_FSIZE, (0, hard))  # no file may grow now
        try:
            r = requests.post(f"{box.url}/api/me/actions", json=move, headers=auth, timeout=10)
            assert r.status_code == 503 and r.json()["error"]["code"] == "journal_unavailable"
            status = requests.get(f"{box.url}/api/box", timeout=10).json()["status"]
            assert any(line.startswith("cannot save") for line in status), status
            _wait(lambda: _oled(box.url) == cannot_save)
        finally:
            resource.prlimit(box.proc.pid, resource.RLIMIT_FSIZE, (hard, hard))  # room again
        # nobody acts: the box finds out by itself, within a few seconds
        _wait(lambda: not any(line.startswith("cannot save")
                              for line in requests.get(f"{box.url}/api/box", timeout=10).json()["status"]))
        _wait(lambda: _oled(box.url) not in (None, cannot_save))
        r = requests.post(f"{box.url}/api/me/actions", json=move, headers=auth, timeout=10)
        assert r.status_code == 200 and r.json()["me"]["table"]["version"] == 1
