"""The replay contract, driven through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from controller.games.jaccuse import play_bot_game
from controller.replay import replay_text

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "contracts" / "examples"
KEYS = [
    "ok", "error", "applied", "over", "stability", "policies", "president", "xp", "hands",
    "membership", "network", "discard_count", "winning_color", "aligned", "winners",
]


def run_cli(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "controller.cli", "replay", *(args or ("-",))],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


def _examples() -> list[Path]:
    return sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the shared contract examples are not beside the repo")
@pytest.mark.parametrize("example", _examples(), ids=lambda p: p.stem)
def test_contract_examples_give_their_expected_output(example: Path) -> None:
    result = run_cli("", str(example))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    expected = json.loads(example.with_name(example.stem + ".expected.json").read_text())
    assert list(out) == KEYS
    for key in KEYS:
        if key == "hands":
            assert [Counter(h) for h in out[key]] == [Counter(h) for h in expected[key]]
        elif key == "error" and expected[key] is not None:
            assert out[key]["index"] == expected[key]["index"]
            assert out[key]["code"] and out[key]["message"]
        else:
            assert out[key] == expected[key], key


def _game_file(players: int = 6, seed: int = 7) -> dict:
    game = play_bot_game(players, seed)
    return {
        "version": 1, "players": players, "deal": game.deal.to_dict(),
        "actions": [a.to_dict() for a in game.actions],
    }


def test_a_whole_bot_game_replays_to_its_end() -> None:
    out = replay_text(json.dumps(_game_file()))
    game = play_bot_game(6, 7)
    assert out["ok"] and out["over"] and out["applied"] == len(game.actions)
    assert out["winning_color"] == game.final.winning_color


def test_seed_without_deal_is_deterministic() -> None:
    text = json.dumps({"players": 9, "seed": 99, "actions": []})
    assert replay_text(text) == replay_text(text)
    other = replay_text(json.dumps({"players": 9, "seed": 100, "actions": []}))
    assert other["hands"] != replay_text(text)["hands"]


def test_refused_action_reports_index_and_stops_there() -> None:
    data = _game_file()
    data["actions"].insert(3, {"seat": 0, "act": "pass"})
    out = replay_text(json.dumps(data))
    assert not out["ok"] and out["applied"] == 3
    assert out["error"]["index"] == 3 and out["error"]["code"] == "wrong_phase"
    assert out["error"]["message"]
    assert out["over"] is False


def test_refusal_exits_zero_on_the_command_line() -> None:
    data = _game_file()
    data["actions"].insert(0, {"seat": 0, "act": "reveal"})
    result = run_cli(json.dumps(data))
    assert result.returncode == 0 and json.loads(result.stdout)["ok"] is False


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        json.dumps({"actions": []}),
        json.dumps({"players": 6}),
        json.dumps({"players": 4, "actions": []}),
        json.dumps({"players": 15, "actions": []}),
        json.dumps({"players": "6", "actions": []}),
        json.dumps({"players": 6, "actions": [{"seat": 0, "act": "dance"}]}),
        json.dumps({"players": 6, "actions": [{"seat": 0, "act": "vote", "card": "11H"}]}),
        json.dumps({"players": 6, "actions": [{"seat": 0, "act": "vote"}]}),
        json.dumps({"players": 6, "actions": [{"seat": "0", "act": "pass"}]}),
        json.dumps({"players": 6, "actions": [{"seat": 0, "act": "accuse", "target": 1, "color": "blue"}]}),
        json.dumps({"players": 6, "actions": "none"}),
        json.dumps({"players": 6, "seed": "x", "actions": []}),
        json.dumps({"version": 9, "players": 6, "actions": []}),
    ],
)
def test_malformed_input_exits_2_with_one_line(text: str) -> None:
    result = run_cli(text)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_deal_that_is_not_the_deck_is_refused_as_input() -> None:
    data = _game_file()
    data["deal"]["hands"][0][0] = "KH"  # 6 players use 2-10 only
    result = run_cli(json.dumps(data))
    assert result.returncode == 2 and "deck" in result.stderr
    data = _game_file()
    data["deal"]["hands"][1].append(data["deal"]["hands"][0].pop())
    assert run_cli(json.dumps(data)).returncode == 2
    data = _game_file()
    data["deal"]["network"] = ["red"] * 6
    assert run_cli(json.dumps(data)).returncode == 2


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = run_cli("", str(tmp_path / "nope.json"))
    assert result.returncode == 2 and "cannot read" in result.stderr
