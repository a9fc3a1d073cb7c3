"""The Hasty Accusations replay contract, driven through the real command line (`jaccuse-table replay`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hasty_helpers import make_deal, run_cli, run_cli_file

from controller.games.hasty import play_bot_game, replay_summary

#: the contract's examples for this game, beside the repository as for J'Accuse (tests/jaccuse/test_replay.py)
EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "contracts" / "examples" / "hasty"
KEYS = [
    "ok", "error", "applied", "over", "phase", "turn", "waiting", "pending", "row", "loupe", "review",
    "hands", "market", "deck_count", "discard_count", "secrets", "traitor", "eliminated", "first_round",
    "plays", "steps", "reviews", "rolls_used", "peeks", "winners",
]
#: H52: the output keys of a file with more than the base set, or with powers
SECOND_EDITION_KEYS = ["review_extra", "rotated", "tucked", "skips", "hand_limit"]


def answer(data: Any) -> dict[str, Any]:
    result = run_cli(data)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out: dict[str, Any] = json.loads(result.stdout)
    assert list(out) == KEYS
    return out


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    """The answer with its multisets (hands, market, a hand peek's cards) made order-free."""
    out = dict(out)
    out["hands"] = [sorted(h) for h in out["hands"]]
    out["market"] = sorted(out["market"])
    out["peeks"] = [[{**p, "cards": sorted(p["cards"])} if "hand" in p else p for p in seat]
                    for seat in out["peeks"]]
    if out["error"] is not None:
        out["error"] = {"index": out["error"]["index"]}
    return out


def _examples() -> list[Path]:
    return sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the shared contract examples are not beside the repo")
@pytest.mark.parametrize("example", _examples(), ids=lambda p: p.stem)
def test_the_contracts_examples_give_exactly_the_expected_answer(example: Path) -> None:
    result = run_cli_file(example)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    out = json.loads(result.stdout)
    expected = json.loads(example.with_name(example.stem + ".expected.json").read_text())
    second = json.loads(example.read_text()).get("options", {})
    second_edition = second.get("powers") or second.get("sets", ["base"]) != ["base"]
    keys = KEYS + SECOND_EDITION_KEYS if second_edition else KEYS
    assert list(out) == keys == list(expected)
    assert comparable(out) == comparable(expected)
    if expected["error"] is not None:
        assert out["error"]["code"] and out["error"]["message"]


def bot_file(players: int, seed: int, **options: bool) -> dict[str, Any]:
    game = play_bot_game(players, seed, **options)
    return {
        "game": "hasty", "version": 1, "players": players, "options": game.deal.options.to_dict(),
        "deal": {k: v for k, v in game.deal.to_dict().items() if k != "options"},
        "actions": [a.to_dict() for a in game.actions],
    }


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (4, 2, {}), (7, 3, {}), (4, 4, {"traitor": True}), (5, 5, {"speedy": True}),
    (3, 6, {"big_hands": True}), (6, 7, {"traitor": True, "speedy": True, "big_hands": True}),
])
def test_a_whole_bot_game_replays_to_its_end(players: int, seed: int, options: dict[str, bool]) -> None:
    out = answer(bot_file(players, seed, **options))
    game = play_bot_game(players, seed, **options)
    assert out["ok"] and out["error"] is None and out["applied"] == len(game.actions)
    assert out["over"] and out["phase"] == "over" and out["turn"] is None and out["waiting"] is None
    summary = replay_summary(game.final)
    for key in KEYS[3:]:
        assert out[key] == summary[key], key


def test_a_seed_deals_the_same_game_every_time() -> None:
    data = {"game": "hasty", "players": 4, "seed": 99, "options": {"traitor": True}, "actions": []}
    a, b = answer(data), answer(data)
    assert a == b and a["secrets"].count("traitor") == 1 and a["traitor"] == a["secrets"].index("traitor")
    assert a["phase"] == "play" and a["turn"] == 0 and a["waiting"] == 0 and a["first_round"]
    assert [len(h) for h in a["hands"]] == [4, 4, 4, 4] and len(a["market"]) == 4 and a["deck_count"] == 36


def base(**extra: Any) -> dict[str, Any]:
    deal = make_deal(3).to_dict()
    del deal["options"]
    return {"game": "hasty", "version": 1, "players": 3, "deal": deal, "actions": [], **extra}


@pytest.mark.parametrize(("data", "why"), [
    ("not json", "not valid JSON"),
    ({"game": "hasty", "actions": []}, "players"),
    ({"game": "hasty", "players": 3}, "actions"),
    ({"game": "hasty", "players": 8, "actions": []}, "2 to 7"),
    ({"game": "hasty", "players": 1, "actions": []}, "2 to 7"),
    (base(options={"suspects": 4}), "suspects"),
    (base(options={"suspects": 10}), "suspects"),
    (base(options={"traitor": "yes"}), "true or false"),
    (base(deal={"deck": ["murder"] * 15, "secrets": [0, 1, 2]}), "need at least 16"),
    (base(deal={"deck": ["murder"] * 16 + ["poison"], "secrets": [0, 1, 2]}), "card keys"),
    (base(deal={"deck": ["murder"] * 16, "secrets": [0, 0, 2]}), "same secret"),
    (base(deal={"deck": ["murder"] * 16, "secrets": [0, 1, 5]}), "0 to 4"),
    (base(deal={"deck": ["murder"] * 16, "secrets": [0, 1, "traitor"]}), "Traitor"),
    (base(deal={"deck": ["murder"] * 16, "secrets": [0, 1, 2], "rolls": [-1]}), "rolls"),
    (base(actions=["play"]), "JSON object"),
    (base(actions=[{"seat": 0, "act": "pass"}]), "unknown act"),
    (base(actions=[{"seat": 3, "act": "end"}]), "seat"),
    (base(actions=[{"seat": 0, "act": "play", "card": "delay", "at": 1}]), "'up'"),
    (base(actions=[{"seat": 0, "act": "play", "card": "poison", "at": 1, "up": True}]), "unknown card"),
    (base(actions=[{"seat": 0, "act": "play", "card": "delay", "at": "1", "up": True}]), "integer"),
    (base(actions=[{"seat": 0, "act": "choose"}]), "keys of its choice"),
    (base(actions=[{"seat": 0, "act": "choose", "card": "delay", "ask": 5}]), "'ask'"),
    (base(actions=[{"seat": 0, "act": "choose", "hand": -1}]), "'hand'"),
    (base(actions=[{"seat": 0, "act": "choose", "swap": [0]}]), "two positions"),
    (base(actions=[{"seat": 0, "act": "choose", "cards": "delay"}]), "list"),
    (base(actions=[{"seat": 0, "act": "choose", "cards": ["poison"]}]), "unknown card"),
])
def test_a_file_that_is_no_game_exits_2_with_one_line(data: Any, why: str) -> None:
    result = run_cli(data)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and why in result.stderr, result.stderr


def test_malformed_actions_after_a_refusal_are_not_read() -> None:
    out = answer(base(actions=[{"seat": 1, "act": "end"}, {"seat": 9, "act": "nonsense"}]))
    assert not out["ok"] and out["error"]["index"] == 0 and out["applied"] == 0


@pytest.mark.parametrize(("actions", "index"), [
    ([{"seat": 1, "act": "end"}], 0),  # out of turn
    ([{"seat": 0, "act": "play", "card": "murder", "at": 0, "up": False}], 0),  # not in the hand
    ([{"seat": 0, "act": "play", "card": "delay", "at": 5, "up": False}], 0),  # no such position
    ([{"seat": 0, "act": "choose", "at": 1}], 0),  # nothing to choose
    ([{"seat": 0, "act": "end"}, {"seat": 1, "act": "end"}, {"seat": 2, "act": "end"},
      {"seat": 0, "act": "end"}, {"seat": 0, "act": "end"}], 4),
])
def test_refusals_stop_the_replay_with_the_state_before(actions: list[dict[str, Any]], index: int) -> None:
    out = answer(base(actions=actions))
    assert not out["ok"] and out["error"]["index"] == index and out["applied"] == index
    assert out["error"]["code"] and out["error"]["message"]
    assert comparable(out)["hands"][0] == (["delay"] * 4 if index == 0 else [])


def test_anything_after_the_end_is_refused() -> None:
    data = bot_file(2, 3)
    extra = {"seat": 0, "act": "end"}
    out = answer({**data, "actions": [*data["actions"], extra]})
    assert not out["ok"] and out["error"]["index"] == len(data["actions"]) and out["over"]
    finished = answer(data)
    assert {k: v for k, v in out.items() if k not in ("ok", "error")} == {
        k: v for k, v in finished.items() if k not in ("ok", "error")}
