"""The replay contract's second-edition additions (H52, "Replay additions"), through the real command
line: the new options and output keys, the new choice keys, and the files that exit 2."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hasty_helpers import run_cli

from controller.games.hasty import play_bot_game, replay_summary

KEYS = [
    "ok", "error", "applied", "over", "phase", "turn", "waiting", "pending", "row", "loupe", "review",
    "hands", "market", "deck_count", "discard_count", "secrets", "traitor", "eliminated", "first_round",
    "plays", "steps", "reviews", "rolls_used", "peeks", "winners",
]
NEW_KEYS = ["review_extra", "rotated", "tucked", "skips", "hand_limit"]
ALL_SETS = ["base", "advanced", "expert"]


def answer(data: Any) -> dict[str, Any]:
    result = run_cli(data)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def exits_2(data: Any, why: str) -> None:
    result = run_cli(data)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert len(result.stderr.strip().splitlines()) == 1 and why in result.stderr, result.stderr


def game(actions: list[Any], options: dict[str, Any] | None = None, deck: list[str] | None = None,
         **more: Any) -> dict[str, Any]:
    deal = {"deck": deck or ["poison"] * 12 + ["murder"] * 4, "secrets": [0, 1, 2]}
    return {"game": "hasty", "version": 1, "players": 3,
            "options": {"sets": ALL_SETS, "powers": True} if options is None else options,
            "deal": deal, "actions": actions, **more}


def test_h52_a_second_edition_file_answers_with_the_new_keys() -> None:
    out = answer(game([]))
    assert list(out) == KEYS + NEW_KEYS
    assert (out["review_extra"], out["rotated"], out["tucked"], out["skips"], out["hand_limit"]) == (
        None, [], None, 0, 4)
    assert out["row"][0]["suspect"] == 0 and out["ok"]


def test_h52_a_base_only_file_answers_exactly_as_the_first_edition() -> None:
    for options in ({}, {"sets": ["base"]}, {"sets": ["base"], "powers": False}):
        out = answer(game([], options=options, deck=["murder"] * 16))
        assert list(out) == KEYS


@pytest.mark.parametrize("body", [{"suspect": 1}, {"hasty": "draw"}, {"indices": [0, 1]}, {"top": True},
                                  {"secret": 1}, {"swap_hands": 2}, {"index": 0}, {"to": 1}, {"place": 0}])
def test_replay_a_new_choice_key_is_well_formed_in_a_base_file_and_refused(body: dict[str, Any]) -> None:
    out = answer(game([{"seat": 0, "act": "choose", **body}], options={}, deck=["murder"] * 16))
    assert out["ok"] is False and out["error"]["index"] == 0 and out["error"]["code"] == "nothing_to_choose"
    assert list(out) == KEYS and out["applied"] == 0


def test_replay_a_new_choice_key_is_refused_while_another_kind_waits() -> None:
    deck = ["mover"] + ["murder"] * 15
    out = answer(game([{"seat": 0, "act": "play", "card": "mover", "at": 1, "up": True},
                       {"seat": 0, "act": "choose", "suspect": 2}], options={}, deck=deck))
    assert out["ok"] is False and out["error"]["code"] == "wrong_choice" and out["applied"] == 1


@pytest.mark.parametrize(("data", "why"), [
    (game([], options={"sets": []}), "sets"),
    (game([], options={"sets": ["base", "base"]}), "sets"),
    (game([], options={"sets": ["deluxe"]}), "sets"),
    (game([], options={"sets": "base"}), "sets"),
    (game([], options={"powers": "yes"}), "powers"),
    (game([], options={"sets": ["base"]}, deck=["murder"] * 15 + ["poison"]), "card keys"),
    (game([{"seat": 0, "act": "play", "card": "poison", "at": 1, "up": True}], options={},
          deck=["murder"] * 16), "unknown card"),
    (game([{"seat": 0, "act": "choose", "suspect": "1"}]), "suspect"),
    (game([{"seat": 0, "act": "choose", "index": 1.5}]), "index"),
    (game([{"seat": 0, "act": "choose", "to": None}]), "to"),
    (game([{"seat": 0, "act": "choose", "place": True}]), "place"),
    (game([{"seat": 0, "act": "choose", "secret": 3}]), "secret"),
    (game([{"seat": 0, "act": "choose", "swap_hands": "1"}]), "swap_hands"),
    (game([{"seat": 0, "act": "choose", "hasty": 1}]), "hasty"),
    (game([{"seat": 0, "act": "choose", "top": "yes"}]), "top"),
    (game([{"seat": 0, "act": "choose", "indices": [0, "1"]}]), "indices"),
    (game([{"seat": 0, "act": "choose", "indices": 0}]), "indices"),
    (game([{"seat": 0, "act": "choose"}]), "choose"),
])
def test_replay_files_that_exit_2(data: dict[str, Any], why: str) -> None:
    exits_2(data, why)


def test_replay_actions_are_checked_as_they_are_reached() -> None:
    # a refusal first: the malformed action after it is never read
    deck = ["murder"] * 16
    out = answer(game([{"seat": 1, "act": "end"}, {"seat": 0, "act": "choose", "hasty": 1}], deck=deck))
    assert out["ok"] is False and out["error"]["index"] == 0


def test_replay_a_seeded_file_deals_the_default_deck_of_its_sets() -> None:
    data = {"game": "hasty", "version": 1, "players": 4, "seed": 7,
            "options": {"sets": ["advanced", "expert"], "powers": True}, "actions": []}
    out = answer(data)
    cards = [c for h in out["hands"] for c in h] + out["market"]
    assert len(cards) == 20 and all(c not in ("murder", "threat", "stop") for c in cards)
    assert out["deck_count"] == 100 - 20


def bot_file(players: int, seed: int, **options: Any) -> dict[str, Any]:
    played = play_bot_game(players, seed, **options)
    return {
        "game": "hasty", "version": 1, "players": players, "options": played.deal.options.to_dict(),
        "deal": {k: v for k, v in played.deal.to_dict().items() if k != "options"},
        "actions": [a.to_dict() for a in played.actions],
    }


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 1, {"sets": ALL_SETS, "powers": True}),
    (4, 2, {"sets": ["advanced"], "powers": False, "speedy": True}),
    (5, 3, {"sets": ["expert"], "powers": True, "traitor": True}),
    (2, 4, {"sets": ["base", "expert"], "powers": True, "big_hands": True}),
    (7, 5, {"sets": ALL_SETS, "powers": True, "traitor": True, "speedy": True, "big_hands": True}),
])
def test_replay_a_whole_second_edition_bot_game_replays_to_its_end(players: int, seed: int,
                                                                  options: dict[str, Any]) -> None:
    out = answer(bot_file(players, seed, **options))
    final = play_bot_game(players, seed, **options).final
    assert out["ok"] and out["over"] and list(out) == KEYS + NEW_KEYS
    summary = replay_summary(final)
    for key in KEYS[3:] + NEW_KEYS:
        got, want = out[key], summary[key]
        if key == "hands":
            got, want = [sorted(h) for h in got], [sorted(h) for h in want]
        assert got == json.loads(json.dumps(want)), key
