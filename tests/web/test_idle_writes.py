"""An idle box writes nothing to storage, so an SD card is not worn out between moves.

"Idle" here is a realistic one: phones and a table screen stay connected (SSE heartbeats flowing), a
phone polls its view, the OLED feeder ticks. Nothing of that may touch the data dir or the disk.
Checked for a J'Accuse box and a Betrayal box.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from web_helpers import SSE, Server


def _files(data_dir: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_mtime_ns, p.stat().st_size) for p in data_dir.iterdir() if p.is_file()}


def _write_bytes(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/io").read_text().splitlines():
            if line.startswith("write_bytes:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _first_move(game: str, me: dict[str, Any]) -> dict[str, Any]:
    """Seat 0's opening move: a membership card, its Betrayal army, or a Hasty card face down."""
    if game == "jaccuse":
        return {"act": "membership", "card": me["hand"][0]}
    if game == "hasty":
        return {"act": "play", "card": me["hand"][0], "at": 0, "up": False}
    move = me["moves"][0]
    return {"act": "army", "suits": move["suits"][0]} if "suits" in move else {"act": "army", "red": []}


@pytest.mark.parametrize("game", ["jaccuse", "betrayal", "hasty"])
def test_an_idle_box_writes_nothing(tmp_path: Path, game: str) -> None:
    data_dir = tmp_path / "data"
    with Server(data_dir, "--heartbeat", "0.2", "--game", game) as server:
        assert server.proc is not None
        token = requests.post(f"{server.url}/api/join", json={"seat": 0}, timeout=5).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        me = requests.get(f"{server.url}/api/me", headers=auth, timeout=5).json()
        r = requests.post(f"{server.url}/api/me/actions", json=_first_move(game, me), headers=auth, timeout=5)
        assert r.status_code == 200
        streams = [SSE(server.port, "/api/table/events"), SSE(server.port, "/api/me/events", token)]
        for stream in streams:
            stream.next_event()
        time.sleep(1.0)  # let start-up and the last commit settle
        os.sync()
        before_files, before_io = _files(data_dir), _write_bytes(server.proc.pid)
        deadline = time.monotonic() + 4.0
        while time.monotonic() < deadline:
            assert requests.get(f"{server.url}/api/me", headers=auth, timeout=5).status_code == 200
            assert requests.get(f"{server.url}/api/table", timeout=5).status_code == 200
            time.sleep(0.25)
        pings = 0
        for kind, _ in streams[0].items():  # heartbeats kept flowing while we watched
            pings += kind == "comment"
            if pings >= 2:
                break
        after_files, after_io = _files(data_dir), _write_bytes(server.proc.pid)
        for stream in streams:
            stream.close()
    assert after_files == before_files
    if before_io is not None and after_io is not None:
        assert after_io == before_io
