"""B16-B18: how the game ends and who wins, the titles, and refusals that change nothing."""

from __future__ import annotations

import pytest
from betrayal_helpers import act, act_events, choose_all, event_types, make_deal, position, refuse

from controller.games.betrayal import Action, apply, new_game, public_view, replay_summary
from controller.games.betrayal.cards import title
from controller.games.betrayal.state import loyal_losses_to_lose

# ---------------------------------------------------------------- B16


def test_b16_the_loyal_side_wins_when_the_traitors_army_is_eliminated() -> None:
    state = position(4, {0: ["KS"], 1: ["JK"], 2: ["4C"], 3: ["5C"]}, turn=0)
    after, events = act_events(state, 0, "accuse", card=0, target=[1, 0])
    assert event_types(events) == ["accused", "joker_died", "eliminated", "over"]
    assert after.over and after.winner_side == "loyal" and after.winners == [0, 2, 3]
    assert events[-1]["winners"] == [0, 2, 3] and events[-1]["traitor"] == 1


def test_b16_after_the_joker_three_more_of_the_traitors_cards_must_die() -> None:
    rows = {0: ["AS", "AC", "KS", "KC"], 1: ["JK", "2H", "3H", "4H", "5H"], 2: ["4C", "9C"]}
    state = position(3, rows, turn=0, middle=[])
    state = act(state, 0, "accuse", card=0, target=[1, 0])  # the joker
    assert state.joker_dead and state.deaths == 0
    assert public_view(state)["traitor"] == 1  # the accusation showed whose it was
    state = act(state, 0, "end")
    # the traitor loses one in attack: 2H against army 2's face-down 9C
    state = act(state, 1, "accuse", card=0, target=[2, 1])
    assert state.deaths == 1 and replay_summary(state)["traitor_deaths_after_joker"] == 1
    state = act(state, 2, "accuse", card=0, target=[0, 1])  # army 2 loses: not the traitor's card
    assert state.deaths == 1
    state = act(state, 0, "accuse", card=0, target=[1, 0])  # 3H dies in defence
    assert state.deaths == 2 and not state.over
    state = act(state, 0, "end")
    state, events = act_events(state, 1, "accuse", card=0, target=[0, 0])  # 4H against the face-up AS
    assert state.over and state.winner_side == "loyal" and state.deaths == 3
    assert event_types(events) == ["accused", "traitor_lost", "over"]
    assert state.winners == [0, 2]
    # one card is left in the traitor's row: the third death ended the game all the same
    assert len(state.rows[1]) == 1


@pytest.mark.parametrize(("armies", "needed"), [(3, 1), (4, 2), (5, 2), (6, 3), (7, 3), (8, 3)])
def test_b16_the_traitor_wins_when_k_loyal_armies_are_out(armies: int, needed: int) -> None:
    assert loyal_losses_to_lose(armies) == needed
    low = ["2H", "2D", "3H", "3D", "4H", "4D", "5H", "5D"]
    for already in (needed - 2, needed - 1):
        if already < 0:
            continue
        out = list(range(2, 2 + already))
        rows = {0: ["JK", "AS"], **{a: [low[a]] for a in range(1, armies) if a not in out}}
        state = position(armies, rows, turn=0, eliminated=out)
        state, events = act_events(state, 0, "accuse", card=1, target=[1, 0])
        if already + 1 < needed:
            assert not state.over and state.phase == "after_win"
        else:
            assert state.over and state.winner_side == "traitor" and state.winners == [0]
            assert event_types(events)[-2:] == ["eliminated", "over"]


def test_b16_two_players_the_traitors_seat_wins_when_both_other_armies_are_out() -> None:
    # seat 0 plays 0 (the traitor) and 2; seat 1 plays 1 and 3
    state = position(2, {0: ["JK", "AS"], 1: ["2H"], 2: ["3D"], 3: ["4D"]}, turn=0, middle=[])
    state = act(act(state, 0, "accuse", card=1, target=[1, 0]), 0, "end")
    assert state.eliminated[1] and not state.over  # four armies, but one seat's pair decides
    state = act(state, 2, "accuse", card=0, target=[3, 0])  # 3D (3) against 4D (4): army 2 loses its card
    assert state.eliminated[2] and not state.over  # the traitor's own partner being out is nothing
    state = act(state, 3, "accuse", card=0, target=[0, 1])  # 4D against the face-up AS: loses
    assert state.over and state.winner_side == "traitor" and state.winners == [0, 2]


def test_b16_two_players_the_other_seat_wins_on_the_loyal_conditions() -> None:
    state = position(2, {0: ["JK", "2H"], 1: ["KS"], 2: ["3D"], 3: ["4D"]}, turn=1, middle=[])
    state = act(act(state, 1, "accuse", card=0, target=[0, 1]), 1, "end")
    state = act(state, 2, "accuse", card=0, target=[3, 0])  # army 2 (seat 0) loses to 4D
    state = act(state, 3, "accuse", card=0, target=[0, 0])  # the joker, the traitor's last card
    assert state.over and state.winner_side == "loyal" and state.winners == [1, 3]


def test_b16_the_game_ends_at_once_and_nothing_more_is_played() -> None:
    state = position(3, {0: ["JK", "KS"], 1: ["5H"], 2: ["4C"]}, points={0: ["2D", "3D"]}, turn=0)
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    assert state.over and state.turn is None and state.phase == "over"
    refuse(state, 0, "end", "game_over")
    refuse(state, 2, "accuse", "game_over", card=0, target=[0, 0])
    summary = replay_summary(state)
    assert summary["winners"] == [0] and summary["titles"] == ["Inanimate Object"] * 3


# ---------------------------------------------------------------- B17


@pytest.mark.parametrize(
    ("points", "name"),
    [(0, "Inanimate Object"), (3, "Inanimate Object"), (4, "Disciple"), (7, "Disciple"), (8, "Spy"),
     (13, "Spy"), (14, "Guardian"), (18, "Guardian"), (19, "Expert"), (24, "Expert"), (25, "God"),
     (60, "God")],
)
def test_b17_titles_by_points(points: int, name: str) -> None:
    assert title(points) == name


def test_b17_titles_are_shown_for_every_army_at_the_end_only() -> None:
    state = position(3, {0: ["JK", "KS"], 1: ["5H"], 2: ["4C"]},
                     points={0: ["2D", "3D", "4D", "5D"], 2: ["6D"]}, turn=0)
    assert replay_summary(state)["titles"] is None and public_view(state)["titles"] is None
    state = act(state, 0, "accuse", card=1, target=[1, 0])
    # army 0 ends with 5 points, army 2 with 1
    assert replay_summary(state)["titles"] == ["Disciple", "Inanimate Object", "Inanimate Object"]
    assert public_view(state)["titles"] == replay_summary(state)["titles"]


# ---------------------------------------------------------------- B18


def test_b18_an_illegal_action_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = choose_all(new_game(make_deal(4)))
    refuse(state, 1, "accuse", "not_your_turn", card=0, target=[0, 0])
    refuse(state, 0, "end", "wrong_phase")
    refuse(state, 0, "army", "wrong_phase", suits=["S", "H"])
    refuse(state, 0, "accuse", "bad_position", card=99, target=[1, 0])
    refuse(state, 0, "accuse", "bad_position", card=1, target=[1, 99])
    for act_name in ("hide", "peek"):
        refuse(state, 0, act_name, "wrong_phase", at=0, cards=[])


def test_b18_unknown_armies_and_acts_are_refused_by_apply() -> None:
    state = new_game(make_deal(3))
    for bad in (Action(3, "end"), Action(-1, "end"), Action(0, "dance"), Action(0, "accuse")):
        result = apply(state, bad)
        assert not hasattr(result, "state") and result.code and result.message  # type: ignore[union-attr]
