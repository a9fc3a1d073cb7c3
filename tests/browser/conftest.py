"""Browser tests: a real server process and Debian's Chromium driven by Python Playwright."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER_ROOT = Path(os.environ.get("JACCUSE_SERVER_ROOT", ROOT))  # where the server under test runs
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "artifacts" / "screenshots"
# A fixed deal keeps a failing run reproducible; JACCUSE_BROWSER_SEED tries another one.
SEED = int(os.environ.get("JACCUSE_BROWSER_SEED", "20261123"))

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover
    sync_playwright = None


def _skip_reason() -> str | None:
    if sync_playwright is None:
        return "playwright is not installed (.venv/bin/pip install playwright)"
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(
        self, data_dir: Path, players: int = 5, pads: str = "phone", extra: tuple[str, ...] = ()
    ) -> None:
        self.data_dir, self.players, self.pads, self.extra = data_dir, players, pads, extra
        self.port = free_port()
        self.proc: subprocess.Popen[str] | None = None
        self.lines: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> Server:
        cmd = [sys.executable, "-m", "controller.cli", "run", "--mock", "--pads", self.pads,
               "--players", str(self.players), "--data-dir", str(self.data_dir),
               "--port", str(self.port), "--host", "127.0.0.1", "--seed", str(SEED), *self.extra]
        self.proc = subprocess.Popen(
            cmd, cwd=SERVER_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        ready = threading.Event()

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                self.lines.append(line)
                if re.match(r"serving http://", line):
                    ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(timeout):
            self.stop()
            raise RuntimeError("server did not start:\n" + "".join(self.lines))
        return self

    def host_link(self) -> str:
        return (self.data_dir / "host-link.txt").read_text().strip()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    assert sync_playwright is not None
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-background-networking", "--disable-gpu"],
        )
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in this folder drives a real browser: `-m "not browser"` skips it for a quick run."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.browser)
