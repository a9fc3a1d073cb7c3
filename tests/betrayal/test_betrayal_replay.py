"""The Betrayal replay contract, driven through the real command line (`jaccuse-table replay`)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from betrayal_helpers import make_deal

from controller.games.betrayal import play_bot_game, replay_summary
from controller.games.betrayal.cards import deck
from controller.replay import replay_text

KEYS = [
    "ok", "error", "applied", "over", "phase", "turn", "traitor", "rows", "points", "middle_count",
    "eliminated", "joker_dead", "traitor_deaths_after_joker", "peeks", "winner_side", "winners", "titles",
]


def run_cli(data: Any) -> subprocess.CompletedProcess[str]:
    text = data if isinstance(data, str) else json.dumps(data)
    return subprocess.run(
        [sys.executable, "-m", "controller.cli", "replay", "-"],
        input=text, capture_output=True, text=True, timeout=60, check=False,
    )


def answer(data: Any) -> dict[str, Any]:
    result = run_cli(data)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out: dict[str, Any] = json.loads(result.stdout)
    assert list(out) == KEYS
    return out


def bot_file(players: int, seed: int) -> dict[str, Any]:
    game = play_bot_game(players, seed)
    return {
        "game": "betrayal", "version": 1, "players": players, "options": {"twos_defend": False},
        "deal": game.deal.to_dict(), "actions": [a.to_dict() for a in game.actions],
    }


# A three-player game written by hand: army 0 holds the joker
HANDS = {
    0: ["JK", "KH", "9D", "3S", "AS"],
    1: ["5S", "QD", "2H"],
    2: ["7H", "8C", "4D"],
}


def hand_file(actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"game": "betrayal", "version": 1, "players": 3,
            "deal": make_deal(3, HANDS, rolls=[17, 4, 99]).to_dict(), "actions": actions, **extra}


SETUP = [
    {"army": 0, "act": "army", "red": ["KH", "9D"]},
    {"army": 1, "act": "army", "suits": ["S", "D"]},
    {"army": 2, "act": "army", "suits": ["H", "C"]},
]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3), (8, 4)])
def test_a_whole_bot_game_replays_to_its_end(players: int, seed: int) -> None:
    data = bot_file(players, seed)
    out = answer(data)
    game = play_bot_game(players, seed)
    assert out["ok"] and out["error"] is None and out["applied"] == len(game.actions)
    assert out["over"] and out["phase"] == "over" and out["turn"] is None
    summary = replay_summary(game.final)
    for key in KEYS[3:]:
        if key == "points":
            assert [Counter(p) for p in out[key]] == [Counter(p) for p in summary[key]]
        else:
            assert out[key] == summary[key], key
    assert out["winner_side"] in ("traitor", "loyal") and out["winners"] == sorted(out["winners"])
    assert len(out["titles"]) == (4 if players == 2 else players)


def test_a_hand_written_game_step_by_step() -> None:
    actions = [*SETUP, {"army": 0, "act": "accuse", "card": 4, "target": [1, 0]}]
    out = answer(hand_file(actions))
    assert out["ok"] and out["applied"] == 4 and out["phase"] == "after_win" and out["turn"] == 0
    assert out["traitor"] == 0 and out["points"][0] == ["5S"]
    assert out["rows"][0][:5] == [{"card": "JK", "up": False}, {"card": "KH", "up": False},
                                  {"card": "9D", "up": False}, {"card": "3S", "up": False},
                                  {"card": "AS", "up": True}]
    hidden = answer(hand_file([*actions, {"army": 0, "act": "hide", "at": 0}]))
    assert hidden["rows"][0][0] == {"card": "AS", "up": False} and hidden["turn"] == 1
    assert hidden["phase"] == "turn"
    total = sum(len(r) for r in hidden["rows"]) + hidden["middle_count"] + sum(map(len, hidden["points"]))
    assert total == 53


def test_setup_shows_each_choice_at_once_in_the_answer() -> None:
    out = answer(hand_file(SETUP[1:2]))
    assert out["phase"] == "setup" and out["turn"] is None and out["rows"][0] == [] and out["rows"][2] == []
    assert [c["card"] for c in out["rows"][1]][:2] == ["5S", "QD"]
    assert out["middle_count"] == 18 - len(out["rows"][1])


def test_a_seed_deals_and_draws_its_own_rolls_the_same_every_time() -> None:
    data = {"game": "betrayal", "players": 4, "seed": 1234, "actions": []}
    a, b = answer(data), answer(data)
    assert a == b and a["traitor"] in range(4) and a["middle_count"] == 0
    game = play_bot_game(4, 5)
    # the deal from seed 5 as play_bot_game makes it, replayed from the seed alone
    seeded = {"game": "betrayal", "players": 4, "seed": 5,
              "actions": [x.to_dict() for x in game.actions]}
    assert answer(seeded)["winners"] == game.final.winners


def test_options_turn_on_twos_defend() -> None:
    hands = {0: ["JK", "KS"], 1: ["2H", "3D"], 2: ["4C", "5C"]}
    base = {"game": "betrayal", "players": 3, "deal": make_deal(3, hands).to_dict()}
    actions = [{"army": 0, "act": "army", "red": []}, {"army": 1, "act": "army", "suits": ["H", "D"]},
               {"army": 2, "act": "army", "suits": ["S", "C"]},
               {"army": 0, "act": "accuse", "card": 1, "target": [1, 0]}]
    off = answer({**base, "actions": actions})
    on = answer({**base, "options": {"twos_defend": True}, "actions": actions})
    assert off["points"][0] == ["2H"] and on["points"][1] == ["KS"]


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"army": 0, "act": "accuse", "card": 40, "target": [1, 0]}, "bad_position"),
        ({"army": 0, "act": "accuse", "card": -1, "target": [1, 0]}, "bad_position"),
        ({"army": 0, "act": "accuse", "card": 1, "target": [1, -3]}, "bad_position"),
        ({"army": 0, "act": "accuse", "card": 1, "target": [0, 1]}, "bad_target"),
        ({"army": 0, "act": "accuse", "card": 1, "target": [7, 1]}, "bad_target"),
        ({"army": 0, "act": "accuse", "card": 0, "target": [1, 0]}, "joker_cannot_attack"),
        ({"army": 1, "act": "accuse", "card": 0, "target": [0, 0]}, "not_your_turn"),
        ({"army": 0, "act": "hide", "at": 0}, "wrong_phase"),
        ({"army": 0, "act": "end"}, "wrong_phase"),
        ({"army": 0, "act": "peek", "cards": [[1, 0], [2, 0]]}, "wrong_phase"),
        ({"army": 2, "act": "army", "suits": ["S", "D"]}, "wrong_phase"),
    ],
)
def test_a_refused_action_stops_the_replay_with_the_state_before_it(
    action: dict[str, Any], code: str
) -> None:
    before = answer(hand_file(SETUP))
    out = answer(hand_file([*SETUP, action, {"army": 0, "act": "accuse", "card": 99}]))
    assert out["ok"] is False and out["applied"] == 3
    assert out["error"]["index"] == 3 and out["error"]["code"] == code and out["error"]["message"]
    assert {k: v for k, v in out.items() if k not in ("ok", "error")} == {
        k: v for k, v in before.items() if k not in ("ok", "error")
    }


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"army": 0, "act": "army", "suits": ["S", "C"]}, "traitor_picks_red"),
        ({"army": 1, "act": "army", "red": ["QD"]}, "loyal_picks_suits"),
        ({"army": 1, "act": "army", "suits": ["S", "S"]}, "bad_suits"),
        ({"army": 0, "act": "army", "red": ["2H"]}, "card_not_held"),
        ({"army": 0, "act": "army", "red": ["3S"]}, "not_red"),
        ({"army": 0, "act": "accuse", "card": 0, "target": [1, 0]}, "wrong_phase"),
    ],
)
def test_setup_refusals(action: dict[str, Any], code: str) -> None:
    out = answer(hand_file([action]))
    assert out["ok"] is False and out["error"]["index"] == 0 and out["error"]["code"] == code
    assert out["applied"] == 0 and out["rows"] == [[], [], []]


def test_nothing_after_a_refused_action_is_examined() -> None:
    # index 3 is refused; index 4 is not even an action, but the file is still answered
    out = answer(hand_file([*SETUP, {"army": 1, "act": "end"}, "not an action", {"army": 9}]))
    assert out["ok"] is False and out["error"]["index"] == 3


# ---------------------------------------------------------------- errors of the input itself


def _bad_deal(change: str) -> dict[str, Any]:
    deal = make_deal(3, HANDS).to_dict()
    if change == "not the deck":
        deal["hands"][0][1] = "AS"  # AS twice, KH missing
    elif change == "sizes":
        deal["hands"][1].append(deal["hands"][0].pop())
    elif change == "unknown card":
        deal["hands"][0][1] = "1H"
    elif change == "rolls":
        deal["rolls"] = [3, -1]
    elif change == "hands":
        deal["hands"] = deal["hands"][:2]
    return {"game": "betrayal", "players": 3, "deal": deal, "actions": []}


INPUT_ERRORS = {
    "not json": "{not json",
    "unknown game": {"game": "chess", "players": 3, "actions": []},
    "players 1": {"game": "betrayal", "players": 1, "actions": []},
    "players 9": {"game": "betrayal", "players": 9, "actions": []},
    "players text": {"game": "betrayal", "players": "3", "actions": []},
    "no players": {"game": "betrayal", "actions": []},
    "no actions": {"game": "betrayal", "players": 3},
    "actions not a list": {"game": "betrayal", "players": 3, "actions": {}},
    "seed text": {"game": "betrayal", "players": 3, "seed": "x", "actions": []},
    "version 2": {"game": "betrayal", "version": 2, "players": 3, "actions": []},
    "options": {"game": "betrayal", "players": 3, "options": {"twos_defend": "yes"}, "actions": []},
    "deal not the deck": _bad_deal("not the deck"),
    "deal sizes": _bad_deal("sizes"),
    "deal unknown card": _bad_deal("unknown card"),
    "deal rolls": _bad_deal("rolls"),
    "deal hands": _bad_deal("hands"),
}
BAD_ACTIONS = {
    "unknown act": {"army": 0, "act": "dance"},
    "no act": {"army": 0},
    "army 3 of 3": {"army": 3, "act": "end"},
    "army -1": {"army": -1, "act": "end"},
    "army text": {"army": "0", "act": "end"},
    "no army": {"act": "end"},
    "unknown red card": {"army": 0, "act": "army", "red": ["KX"]},
    "suit letter": {"army": 1, "act": "army", "suits": ["S", "X"]},
    "no red or suits": {"army": 0, "act": "army"},
    "red not a list": {"army": 0, "act": "army", "red": "KH"},
    "no card": {"army": 0, "act": "accuse", "target": [1, 0]},
    "card text": {"army": 0, "act": "accuse", "card": "1", "target": [1, 0]},
    "card float": {"army": 0, "act": "accuse", "card": 1.5, "target": [1, 0]},
    "card bool": {"army": 0, "act": "accuse", "card": True, "target": [1, 0]},
    "no target": {"army": 0, "act": "accuse", "card": 1},
    "target short": {"army": 0, "act": "accuse", "card": 1, "target": [1]},
    "target text": {"army": 0, "act": "accuse", "card": 1, "target": [1, "0"]},
    "no at": {"army": 0, "act": "hide"},
    "at null": {"army": 0, "act": "hide", "at": None},
    "no cards": {"army": 0, "act": "peek"},
    "cards not pairs": {"army": 0, "act": "peek", "cards": [1, 2]},
    "not an object": ["army", 0],
}


@pytest.mark.parametrize("name", sorted(INPUT_ERRORS))
def test_input_errors_print_one_line_and_exit_2(name: str) -> None:
    result = run_cli(INPUT_ERRORS[name])
    assert result.returncode == 2, result.stdout
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("name", sorted(BAD_ACTIONS))
def test_a_malformed_action_is_an_input_error_when_it_is_reached(name: str) -> None:
    result = run_cli(hand_file([*SETUP, BAD_ACTIONS[name]]))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "action 3" in result.stderr


def test_a_missing_rolls_is_no_rolls() -> None:
    data = hand_file(SETUP)
    del data["deal"]["rolls"]
    assert answer(data)["ok"]


def test_a_jaccuse_file_is_answered_as_before_with_or_without_its_game_key() -> None:
    jaccuse = {"version": 1, "players": 5, "seed": 3, "actions": [{"seat": 0, "act": "pass"}]}
    plain = replay_text(json.dumps(jaccuse))
    assert "stability" in plain and plain["ok"] is False
    assert replay_text(json.dumps({**jaccuse, "game": "jaccuse"})) == plain
    assert len(deck(3)) == 53


def test_the_worked_example_in_the_docs_is_what_the_engine_answers() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "replay.md"
    section = doc.read_text(encoding="utf-8").split("### A worked Betrayal game", 1)[1]
    script, expected = re.findall(r"```json\n(.*?)```", section, re.S)[:2]
    out = answer(script)
    want = json.loads(expected)
    assert list(want) == KEYS
    assert out["error"]["index"] == want["error"]["index"]
    for key in KEYS:
        if key == "points":
            assert [Counter(p) for p in out[key]] == [Counter(p) for p in want[key]]
        elif key != "error":
            assert out[key] == want[key], key
