"""The views: what the table, each seat, and everyone at the end may see; the log lines."""

from __future__ import annotations

import json

import pytest
from betrayal_helpers import act, act_events, choose_all, make_deal, position

from controller.games.betrayal import (
    describe_events,
    new_game,
    play_bot_game,
    public_view,
    replay_summary,
    seat_view,
)
from controller.games.betrayal.cards import NAMES
from controller.games.betrayal.describe import describe_event


def test_the_public_view_shows_face_up_cards_and_lengths_only() -> None:
    state = position(3, {0: ["JK", "^9S", "3D"], 1: ["5H", "^KH"], 2: ["4C"]}, turn=0,
                     points={1: ["2C"]}, middle=["7H", "8H"])
    view = public_view(state)
    assert view["rows"] == [[{"up": False}, {"up": True, "card": "9S"}, {"up": False}],
                            [{"up": False}, {"up": True, "card": "KH"}], [{"up": False}]]
    assert view["row_lengths"] == [3, 2, 1] and view["middle_count"] == 2
    assert view["points"] == [[], ["2C"], []] and view["scores"] == [0, 1, 0]
    assert view["turn"] == 0 and view["awaiting"] == [0] and view["phase"] == "turn"
    assert view["traitor"] is None and view["joker_dead"] is False and view["reveal"] is None
    assert view["next_reward"][1] == {"at": 3, "kind": "draw", "count": 2}
    text = json.dumps(view)
    for secret in ("JK", "3D", "5H", "4C", "7H", "8H"):
        assert secret not in text


def test_the_last_accusation_is_public_until_the_next() -> None:
    state = position(3, {0: ["JK", "9S", "3D"], 1: ["5H", "KH"], 2: ["4C", "6C"]}, turn=0)
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    state = act(state, 0, "hide", at=0)
    last = public_view(state)["last_accusation"]
    assert last == {"army": 0, "position": 1, "card": "9S", "target": [1, 0], "target_card": "5H",
                    "winner": "attacker", "by_two": False}
    assert public_view(state)["rows"][0] == [{"up": False}] * 3


def test_a_seat_sees_its_own_face_down_cards_and_whether_it_is_the_traitor() -> None:
    state = position(3, {0: ["JK", "^9S", "3D"], 1: ["5H", "^KH"], 2: ["4C"]}, turn=0)
    mine = seat_view(state, 0)
    army = mine["armies"][0]
    assert army["army"] == 0 and army["traitor"] is True
    assert army["row"] == [
        {"position": 0, "card": "JK", "up": False},
        {"position": 1, "card": "9S", "up": True},
        {"position": 2, "card": "3D", "up": False},
    ]
    assert mine["table"] == public_view(state)
    assert mine["moves"] == [{"act": "accuse", "army": 0, "cards": [1, 2],
                              "targets": [[1, 0], [1, 1], [2, 0]]}]
    theirs = seat_view(state, 1)
    assert theirs["armies"][0]["traitor"] is False and "JK" not in json.dumps(theirs)
    assert theirs["moves"] == [] and theirs["acts"] == []
    with pytest.raises(ValueError):
        seat_view(state, 3)


def test_at_the_end_everything_is_revealed() -> None:
    game = play_bot_game(5, 3)
    view = public_view(game.final)
    reveal = view["reveal"]
    assert reveal["traitor"] == game.final.traitor == view["traitor"]
    assert [len(r) for r in reveal["rows"]] == view["row_lengths"]
    assert all("card" in c for r in reveal["rows"] for c in r)
    assert len(reveal["middle"]) == view["middle_count"]
    assert [list(h) for h in reveal["hands"]] == [list(h) for h in game.deal.hands]
    assert len(reveal["peeks"]) == 5
    assert view["titles"] == replay_summary(game.final)["titles"] and view["winners"]


def test_during_setup_a_seat_sees_its_hand_and_choices_and_nobody_elses() -> None:
    state = new_game(make_deal(4))  # one pack: every name is in one hand only
    for seat in range(4):
        view = seat_view(state, seat)
        own = view["armies"][0]["hand"]
        assert own == [NAMES[c] for c in state.hands[seat]]
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert not [NAMES[c] for c in state.hands[other] if f'"{NAMES[c]}"' in text]
    table = public_view(state)
    assert table["rows"] is None and table["middle_count"] is None and table["awaiting"] == [0, 1, 2, 3]


def test_a_two_player_seat_view_has_both_armies_in_order() -> None:
    state = choose_all(new_game(make_deal(2)))
    view = seat_view(state, 1)
    assert [a["army"] for a in view["armies"]] == [1, 3]
    assert all(not a["traitor"] for a in view["armies"])
    summary = replay_summary(state)
    for army in view["armies"]:
        assert [{"card": c["card"], "up": c["up"]} for c in army["row"]] == summary["rows"][army["army"]]


def test_every_event_has_a_log_line() -> None:
    seen: set[str] = set()
    for seed in range(40):
        game = play_bot_game(5, seed)
        state = new_game(game.deal)
        for action in game.actions:
            state, events = act_events(state, action.army, action.act, **{
                k: v for k, v in action.to_dict().items() if k not in ("army", "act")})
            lines = describe_events(events)
            assert len(lines) == len(events)
            seen.update(e["type"] for e in events)
    assert {"army_chosen", "armies_set", "turn", "accused", "joker_died", "drew", "hid", "over"} <= seen
    assert describe_event({"type": "nothing"}) is None
    line = describe_event({"type": "accused", "army": 2, "position": 1, "card": "10H", "target": [4, 3],
                           "target_card": "5S", "winner": "attacker", "by_two": False})
    assert line == "Army 2 accuses with its 10♥ the card at position 3 of army 4: 5♠; the 10♥ wins."
