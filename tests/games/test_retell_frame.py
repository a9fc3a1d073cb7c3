"""What a game that writes nothing for it gets, shown on Toy Tally: its journaled game written as its
replay file (``ReplayFrame.record``), the view with every secret shown (``Rules.open_view``) and the
retelling's marks (``retell_frame``); and the hooks a game writes in their place."""

from __future__ import annotations

import json
import random
import types
from typing import Any

from controller.games import registry
from controller.games.replay_frame import ReplayFrame
from controller.games.retell_frame import RetellFrame, default_decisive, default_turning_point
from controller.games.shape import Retelling, missing_members
from controller.replay import replay_text


def _bot_game(seed: int) -> tuple[Any, dict[str, Any], list[dict[str, Any]], Any]:
    rules = registry.rules("toy")
    deal = rules.deal_cards(3, random.Random(seed))
    start = state = rules.new_game(deal)
    actions, rng = [], random.Random(seed)
    while not state.over:
        action = rules.next_bot_action(state, rng)
        actions.append(action.to_dict())
        state = rules.apply(state, action).state
    return start, deal.to_dict(), actions, state


def test_a_games_record_is_its_replay_file_and_replays_to_its_end(toy_path: list[str]) -> None:
    start, deal, actions, final = _bot_game(3)
    record = registry.replay_reader("toy").record(3, deal, None, actions, start)
    assert record == {"game": "toy", "version": 1, "players": 3, "deal": deal, "actions": actions}
    answer = replay_text(json.dumps(record))  # the replay command's own way in, by the file's game
    assert answer["ok"] and answer["applied"] == len(actions) and answer["total"] == final.total
    assert answer["over"] and answer["reveal"] == {"winner": final.winners[0]}


def test_a_record_takes_the_options_the_public_view_shows_and_the_games_own_deal_and_campaign(
    toy_path: list[str],
) -> None:
    rules = registry.rules("toy")
    start, deal, actions, _ = _bot_game(4)
    shown = types.SimpleNamespace(**{**vars(rules), "public_view": lambda s: {"options": {"fast": True}}})
    plain = ReplayFrame(registry.game("toy"), shown)
    assert plain.record(3, deal, None, [], start)["options"] == {"fast": True}
    try:
        plain.record(3, deal, {"generations": 2, "deals": []}, [], start)
    except ValueError as exc:
        assert "Toy Tally game has no campaign" in str(exc)
    else:
        raise AssertionError("a game without campaigns wrote one")
    own = types.SimpleNamespace(record_deal=lambda d: {"mine": d["seed"]},
                                record_campaign=lambda c: {"version": 2, "campaign": {"n": c["generations"]}})
    frame = ReplayFrame(registry.game("toy"), rules, own)
    written = frame.record(3, deal, {"generations": 2}, actions, start)
    assert list(written) == ["game", "version", "players", "deal", "campaign", "actions"]
    assert written["version"] == 2 and written["deal"] == {"mine": deal["seed"]}
    assert written["campaign"] == {"n": 2} and written["actions"] == actions


def test_the_open_view_shows_every_seats_own_view(toy_path: list[str]) -> None:
    rules = registry.rules("toy")
    start, _, _, final = _bot_game(5)
    view = rules.open_view(start)
    assert {k: v for k, v in view.items() if k != "reveal"} == {
        k: v for k, v in rules.public_view(start).items() if k != "reveal"}
    assert view["reveal"] == {"seats": [{"seat": s} for s in range(3)]}  # Toy Tally's seats hold nothing
    assert rules.open_view(final)["reveal"]["winner"] == final.winners[0]  # the end's reveal kept


def test_the_default_marks_know_only_the_end_and_who_is_out(toy_path: list[str]) -> None:
    retelling = registry.retelling("toy")
    assert isinstance(retelling, RetellFrame) and missing_members(retelling, Retelling) == []
    assert default_turning_point([{"type": "added"}]) is None
    assert default_turning_point([{"type": "died"}, {"type": "eliminated"}]) == "elimination"
    assert default_turning_point([{"type": "eliminated"}, {"type": "over"}]) == "end"
    _, _, actions, final = _bot_game(6)
    events = [[{"type": "added"}] for _ in actions]
    assert retelling.decisive(events, final) == {len(actions): "end"}  # Toy Tally says no "over"
    events[-2] = [{"type": "over"}]
    assert default_decisive(events, final) == {len(actions) - 1: "end"}
    assert default_decisive(events, types.SimpleNamespace(over=False)) == {}
    own = RetellFrame(types.SimpleNamespace(turning_point=lambda events: "mine"))
    assert own.turning_point([]) == "mine" and own.decisive is default_decisive
