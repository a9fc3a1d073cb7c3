"""The replay reader's frame (controller/games/replay_frame.py): the file every game reads, shown on Toy
Tally (which writes no ``replay`` module), and the hooks a game fills in."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

from controller.games import registry
from controller.games.replay_frame import ReplayFrame, ReplayInputError, file_deal
from controller.games.shape import ReplayReader, missing_members


@pytest.fixture
def reader(toy_path: list[str]) -> ReplayReader:
    return registry.replay_reader("toy")


def _file(**over: Any) -> dict[str, Any]:
    return {"game": "toy", "players": 2, "deal": {"seed": 4}, "actions": [], **over}


def _turn(seed: int) -> int:
    rules = registry.rules("toy")
    state: Any = rules.new_game(rules.Deal.from_dict(2, {"seed": seed}))
    return int(state.turn)


def test_a_game_without_a_reader_gets_the_frame(reader: ReplayReader) -> None:
    assert missing_members(reader, ReplayReader) == [] and reader.ReplayInputError is ReplayInputError
    first = _turn(4)
    answer = reader.replay(_file(actions=[{"seat": first, "act": "add", "amount": 2}]))
    assert list(answer)[:3] == ["ok", "error", "applied"] and answer["ok"] and answer["applied"] == 1
    assert answer["total"] == 2 and answer["turn"] == 1 - first  # the default summary: the public view


def test_a_refusal_stops_the_replay_and_nothing_after_it_is_read(reader: ReplayReader) -> None:
    other = 1 - _turn(4)
    answer = reader.replay(_file(actions=[{"seat": other, "act": "add"}, "not an action"]))
    assert not answer["ok"] and answer["applied"] == 0 and answer["total"] == 0
    assert answer["error"] == {"index": 0, "code": "not_your_turn", "message": f"seat {1 - other} adds now"}


def test_the_seed_deals_a_file_without_a_deal(reader: ReplayReader) -> None:
    rules = registry.rules("toy")
    answer = reader.replay({"players": 3, "seed": 9, "actions": []})
    dealt = rules.new_game(rules.deal_cards(3, random.Random(9)))
    assert answer["turn"] == dealt.turn and answer == reader.replay({"players": 3, "seed": 9, "actions": []})


@pytest.mark.parametrize(("data", "why"), [
    ([], "one JSON object"),
    (_file(version=2), "Toy Tally files are version 1"),
    ({"actions": []}, "missing 'players'"),
    (_file(players=5), "toy takes 2 to 4 players, not 5"),
    (_file(seed="x"), "'seed' must be an integer"),
    (_file(deal={"first": 0}), "a deal is"),
    ({"players": 2, "deal": {"seed": 1}}, "missing 'actions'"),
    (_file(actions={}), "'actions' must be a list"),
    (_file(actions=[{"act": "take", "seat": 0}]), "action 0: the only act is add"),
])
def test_a_file_that_is_no_game_says_why(reader: ReplayReader, data: Any, why: str) -> None:
    with pytest.raises(ReplayInputError, match=why):
        reader.replay(data)


def test_a_game_fills_in_the_frames_hooks(toy_path: list[str]) -> None:
    rules = registry.rules("toy")
    seen: list[object] = []

    class OwnError(ValueError):
        pass

    def start(players: int, data: dict[str, Any], rng: random.Random) -> Any:
        if data.get("options"):
            raise ValueError("no options here")
        return rules.new_game(file_deal(rules, players, data, rng))

    def read_action(state: Any, raw: object) -> Any:
        seen.append(raw)
        return rules.Action.from_dict(raw)

    own = types.SimpleNamespace(SUPPORTED_VERSIONS=(1, 2), READ_AHEAD=True, ReplayInputError=OwnError,
                                start=start, read_action=read_action, summary=lambda state: {"own": 1})
    frame = ReplayFrame(registry.game("toy"), rules, own)
    other = 1 - _turn(4)
    later = {"act": "add", "seat": 0}
    answer = frame.replay(_file(version=2, actions=[{"act": "add", "seat": other}, later]))
    assert answer == {"ok": False, "error": answer["error"], "applied": 0, "own": 1}
    assert seen[-1] == later  # read ahead: every action was read before any was applied
    with pytest.raises(OwnError, match="no options here"):
        frame.replay(_file(options={"x": 1}))
    with pytest.raises(OwnError, match="action 1"):
        frame.replay(_file(actions=[{"act": "add", "seat": other}, "junk"]))
