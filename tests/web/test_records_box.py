"""Through a real box (``BoxProcess``): bots play a game of each kind to its end, the record is fetched
over HTTP and `jaccuse-table replay` (a subprocess, as a player at home would run it) replays it to
the end the table's final public view shows, winners included."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from web_helpers import LISTED_KEYS, Server, check_records, check_replay

from controller.client import ROOT


@pytest.mark.parametrize(("game", "players", "extra"), [
    ("jaccuse", 5, ()),
    ("jaccuse", 5, ("--campaign", "2")),
    ("betrayal", 3, ()),
    ("hasty", 4, ("--option", "traitor")),
], ids=["jaccuse", "campaign", "betrayal", "hasty-traitor"])
def test_a_boxs_record_replays_to_its_end(
    tmp_path: Path, game: str, players: int, extra: tuple[str, ...]
) -> None:
    args = ("--game", game, "--bots", str(players), "--bot-level", "random", "--bot-delay", "0",
            "--seed", "5", *extra)
    with Server(tmp_path / "box", *args, players=players) as box:
        deadline = time.monotonic() + 120
        public = requests.get(f"{box.url}/api/table", timeout=10).json()
        while not public["over"]:
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.2)
            public = requests.get(f"{box.url}/api/table", timeout=10).json()
        record = check_records(box.url, public, game)
        assert record is not None
        download = requests.get(f"{box.url}/api/table/record?download=1", timeout=10)
        listed = requests.get(f"{box.url}/api/games", timeout=10).json()
    assert [set(g) for g in listed] == [LISTED_KEYS] and listed[0]["over"]
    name = download.headers["Content-Disposition"].split('filename="', 1)[1].rstrip('"')
    assert name.startswith(f"{game}-") and name.endswith("-game1.json")
    path = tmp_path / name
    path.write_bytes(download.content)
    done = subprocess.run([sys.executable, "-m", "controller.cli", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    check_replay(answer, public)
    assert answer["winners"] == (public["winners"] if not public.get("campaign") else [])
    if extra and extra[0] == "--campaign":
        assert record["version"] == 2 and answer["generation"] == 2 and len(answer["generations"]) == 2
    if game == "hasty":
        assert record["options"]["traitor"] is True and answer["traitor"] is not None
