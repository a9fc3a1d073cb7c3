"""Views and legal moves: each seat sees exactly its own secrets; the room sees none (R2, R7)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from helpers import act, elect, game, setup_game, vote

from controller.games.jaccuse import (
    Accepted,
    Action,
    GameState,
    Refused,
    apply,
    awaiting,
    legal_moves,
    next_bot_action,
    public_view,
    seat_view,
)
from controller.games.jaccuse.actions import ACTS
from controller.games.jaccuse.deal import deal_cards
from controller.games.jaccuse.moves import legal_acts
from controller.games.jaccuse.state import new_game

HANDS_A = {0: ["9H", "2H", "3H"], 1: ["9S", "2S"], 3: ["4S", "5S"], 4: ["8D", "7H"]}
# the same public situation with different secrets: seat 3 and 4 swap 5S and 8D, seat 3 places
# another membership, and network card 2 and 3 differ
HANDS_B = {0: ["9H", "2H", "3H"], 1: ["9S", "2S"], 3: ["4S", "8D"], 4: ["5S", "7H"]}
NET_A = ["red", "black", "red", "black", "red"]
NET_B = ["red", "black", "black", "red", "red"]


def pair() -> tuple[GameState, GameState]:
    a = game(5, hands=HANDS_A, members={3: "4S"}, network=NET_A)
    b = game(5, hands=HANDS_B, members={3: "8D"}, network=NET_B)
    return a, b


def test_seat_view_shows_the_seats_own_hand_membership_network_and_selection() -> None:
    state = game(5, hands={2: ["6H", "6S", "7D"]}, members={2: "7D"})
    state = act(state, 2, "vote", card="6S")
    view = seat_view(state, 2)
    assert view["seat"] == 2
    assert view["hand"] == sorted(state.hands[2])
    assert "6S" in view["hand"]  # a selected card stays in hand until the round resolves
    assert view["membership"] == "7D"
    assert view["network"] == [state.network[1], state.network[2]]
    assert view["selected"] == "6S"
    assert view["acts"] == ["vote", "reveal", "abstain"]
    assert view["table"] == public_view(state)


def test_seat_view_shows_no_selection_of_other_seats() -> None:
    state = act(game(5, hands={2: ["6S"]}), 2, "vote", card="6S")
    for seat in (0, 1, 3, 4):
        assert seat_view(state, seat)["selected"] is None


@pytest.mark.parametrize("players", [5, 6, 11, 14])
def test_r2_every_seat_view_has_exactly_network_cards_s_minus_1_and_s(players: int) -> None:
    state = new_game(deal_cards(players, random.Random(players)))
    for seat in range(players):
        view = seat_view(state, seat)
        assert view["network"] == [state.network[(seat - 1) % players], state.network[seat]]
        assert view["hand"] == sorted(state.hands[seat])


def test_seat_view_of_an_unknown_seat_is_an_error() -> None:
    with pytest.raises(ValueError):
        seat_view(game(5), 5)


def test_public_view_carries_no_hand_membership_network_or_selection() -> None:
    state = act(game(5), 0, "vote", card=game(5).hands[0][0])
    view = public_view(state)
    for key in ("hands", "hand", "membership", "network", "selected", "parley_offered"):
        assert key not in view
    assert view["reveal"] is None
    assert view["hand_counts"] == [len(h) for h in state.hands]


def test_public_view_is_the_same_whatever_the_secrets() -> None:
    a, b = pair()
    assert public_view(a) == public_view(b)
    a = act(a, 0, "vote", card="2H")
    b = act(b, 0, "vote", card="3H")
    assert public_view(a) == public_view(b)
    a = act(a, 0, "reveal")
    b = act(b, 0, "reveal")
    assert public_view(a) == public_view(b)
    a = act(a, 3, "vote", card="5S")
    b = act(b, 3, "vote", card="4S")
    assert public_view(a) == public_view(b)


def test_seat_view_is_the_same_whatever_other_seats_secrets() -> None:
    a, b = pair()
    a = act(a, 3, "vote", card="5S")
    b = act(b, 3, "vote", card="4S")
    for seat in (0, 1):
        assert seat_view(a, seat) == seat_view(b, seat)
    assert seat_view(a, 3) != seat_view(b, 3)


def test_r7_revealed_cards_become_public_all_at_once() -> None:
    state = game(5, hands={0: ["9H"], 1: ["2S"]})
    state = vote(state, {0: "9H", 1: "2S"})
    assert public_view(state)["revealed"] == [{"seat": 0, "card": "9H"}, {"seat": 1, "card": "2S"}]


def test_cards_of_a_consensus_stay_shown_until_the_next_round_resolves() -> None:
    state = game(5, hands={0: ["9H"], 1: ["2H"]})
    state = vote(state, {0: "9H", 1: "2H"})
    view = public_view(state)
    assert view["phase"] == "election" and view["round"] == 1 and len(view["policies"]) == 1
    assert view["revealed"] == [{"seat": 0, "card": "9H"}, {"seat": 1, "card": "2H"}]
    assert view["table_cards"] == []  # the cards went back to their owners
    state = vote(state, {})
    assert public_view(state)["revealed"] == []


def test_public_view_during_setup_hides_hands() -> None:
    state = setup_game(5, hands={0: ["10H"]})
    text = json.dumps(public_view(state))
    assert "10H" not in text


def test_public_view_reports_president_barred_and_accusable() -> None:
    state = elect(game(5, hands={0: ["9H"], 1: ["2S"]}), 0, "9H", 1, "2S")
    view = public_view(state)
    assert view["president"] == 0 and view["phase"] == "presidency"
    assert view["barred"] == [0] and view["accusable"] == [1, 2, 3, 4]
    assert view["awaiting"] == [0]


# ---------------------------------------------------------------- legal moves agree with apply


def _concrete(s: GameState, seat: int, move: dict[str, Any]) -> list[Action]:
    act_name = move["act"]
    hand = sorted(s.hands[seat])
    if act_name in ("membership", "vote", "defect", "enact"):
        assert set(move["cards"]) <= set(hand)
        return [Action(seat, act_name, card=c) for c in move["cards"]]
    if act_name == "parley":
        out = []
        for target in move["targets"]:
            for k in sorted({1, target["max"]}):
                out.append(Action(seat, act_name, target=target["seat"], cards=tuple(hand[:k])))
        return out
    if act_name == "parley_reply":
        return [Action(seat, act_name, cards=tuple(hand[: move["count"]]))]
    if act_name == "accuse":
        return [Action(seat, act_name, target=t, color=c) for t in move["targets"] for c in move["colors"]]
    if act_name == "give_xp":
        return [Action(seat, act_name, to=t, amount=a) for t in move["to"] for a in sorted({1, move["max"]})]
    return [Action(seat, act_name)]


def _unlisted(s: GameState, seat: int, act_name: str) -> Action:
    hand = sorted(s.hands[seat]) or ["2H"]
    other = (seat + 1) % s.players
    if act_name in ("membership", "vote", "defect", "enact"):
        return Action(seat, act_name, card=hand[0])
    if act_name in ("parley", "parley_reply"):
        return Action(seat, act_name, target=other, cards=(hand[0],))
    if act_name == "accuse":
        return Action(seat, act_name, target=other, color="red")
    if act_name == "give_xp":
        return Action(seat, act_name, to=other, amount=1)
    return Action(seat, act_name)


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (7, 2), (11, 3), (12, 4), (14, 5)])
def test_legal_moves_lists_only_what_apply_accepts(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng))
    steps = 0
    while not state.over and steps < 400:
        for seat in range(players):
            moves = legal_moves(state, seat)
            for move in moves:
                for action in _concrete(state, seat, move):
                    assert isinstance(apply(state, action), Accepted), (action, state.phase)
            for act_name in set(ACTS) - set(legal_acts(state, seat)):
                assert isinstance(apply(state, _unlisted(state, seat, act_name)), Refused), (
                    act_name, seat, state.phase)
        assert sorted(awaiting(state)) == sorted(
            s for s in range(players) if set(legal_acts(state, s)) - {"give_xp"}
        )
        action = next_bot_action(state, rng)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
        steps += 1
    if state.over:
        for seat in range(players):
            assert legal_moves(state, seat) == []
