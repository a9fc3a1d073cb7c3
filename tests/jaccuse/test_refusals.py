"""R23: an illegal action is refused with a stable code and a reason, and changes nothing.

Every case goes through ``helpers.refuse``, which compares the state object, ``replay_summary``,
``public_view`` and every ``seat_view`` before and after.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from helpers import act, action, elect, game, policies, refuse, setup_game, with_changes

from controller.games.jaccuse import Action, ActionFormatError, GameState, Refused, apply

HANDS = {
    0: ["9H", "2H", "3H", "4D"],
    1: ["9S", "2S", "3S", "4C"],
    2: ["4H", "5H", "6H"],
    3: ["4S", "5S", "6S"],
    4: ["7H", "7S", "8D"],
}
MEMBERS = {2: "4H", 3: "4S", 4: "7H"}


def setup() -> GameState:
    return act(setup_game(5, hands=HANDS), 0, "membership", card="4D")


def election() -> GameState:
    return game(5, hands=HANDS, members=MEMBERS)


def pressed() -> GameState:
    state = act(election(), 0, "vote", card="2H")
    return act(state, 0, "reveal")


def presidency() -> GameState:
    return elect(election(), 0, "9H", 1, "2S")


def parley() -> GameState:
    return act(presidency(), 0, "parley", target=2, cards=["2H"])


def parleyed() -> GameState:
    return act(parley(), 2, "parley_reply", cards=["5H"])


def replacing() -> GameState:
    return act(presidency(), 0, "accuse", target=2, color="red")


def enact() -> GameState:
    return act(replacing(), 2, "membership", card="5H")


def second_president() -> GameState:
    state = act(presidency(), 0, "accuse", target=2, color="black")
    return act(state, 2, "membership", card="4H")


def out_target() -> GameState:
    state = presidency()
    return with_changes(state, hands=[*state.hands[:3], [], state.hands[4]])


def over() -> GameState:
    state = with_changes(presidency(), policies=policies("red", "red", "red", "red"))
    state = act(state, 0, "accuse", target=2, color="red")
    state = act(state, 2, "membership", card="5H")
    state = act(state, 0, "enact", card="3H")
    assert state.over
    return state


def nj_enact() -> GameState:
    state = game(11, hands={0: ["KH", "NJ"], 1: ["QS"], 2: ["2S"]}, members={2: "2S"})
    state = elect(state, 0, "KH", 1, "QS")
    state = act(state, 0, "accuse", target=2, color="black")
    return act(state, 2, "membership", card=state.hands[2][0])


CASES: list[tuple[str, Callable[[], GameState], int, str, dict[str, Any], str]] = [
    # name, state, seat, act, keys, code
    ("seat out of range", election, 5, "abstain", {}, "unknown_seat"),
    ("negative seat", election, -1, "abstain", {}, "unknown_seat"),
    ("membership twice at setup", setup, 0, "membership", {"card": "9H"}, "membership_placed"),
    ("membership card not held", setup, 1, "membership", {"card": "9H"}, "card_not_in_hand"),
    ("vote during setup", setup, 1, "vote", {"card": "9S"}, "wrong_phase"),
    ("reveal during setup", setup, 1, "reveal", {}, "wrong_phase"),
    ("pass during setup", setup, 1, "pass", {}, "wrong_phase"),
    ("membership in an election", election, 0, "membership", {"card": "2H"}, "wrong_phase"),
    ("vote a card not held", election, 0, "vote", {"card": "9S"}, "card_not_in_hand"),
    ("reveal with nothing selected", election, 0, "reveal", {}, "no_vote_selected"),
    ("vote after pressing", pressed, 0, "vote", {"card": "3H"}, "already_pressed"),
    ("abstain after pressing", pressed, 0, "abstain", {}, "already_pressed"),
    ("pass in an election", election, 0, "pass", {}, "wrong_phase"),
    ("defect in an election", election, 0, "defect", {"card": "2H"}, "wrong_phase"),
    ("accuse in an election", election, 0, "accuse", {"target": 1, "color": "red"}, "wrong_phase"),
    ("parley in an election", election, 0, "parley", {"target": 1, "cards": ["2H"]}, "wrong_phase"),
    ("parley reply with no parley", election, 1, "parley_reply", {"cards": ["2S"]}, "wrong_phase"),
    ("enact in an election", election, 0, "enact", {"card": "2H"}, "wrong_phase"),
    ("vote during a presidency", presidency, 1, "vote", {"card": "2S"}, "wrong_phase"),
    ("pass by a non-president", presidency, 1, "pass", {}, "not_president"),
    ("defect by a non-president", presidency, 1, "defect", {"card": "2S"}, "not_president"),
    ("accuse by a non-president", presidency, 1, "accuse", {"target": 2, "color": "red"}, "not_president"),
    ("defect with a card not held", presidency, 0, "defect", {"card": "9S"}, "card_not_in_hand"),
    ("accuse self", presidency, 0, "accuse", {"target": 0, "color": "red"}, "bad_target"),
    ("accuse unknown seat", presidency, 0, "accuse", {"target": 7, "color": "red"}, "unknown_seat"),
    ("accuse a seat with no cards", out_target, 0, "accuse", {"target": 3, "color": "red"}, "target_out"),
    ("accuse an earlier president", second_president, 2, "accuse", {"target": 0, "color": "red"},
     "target_barred"),
    ("enact during a presidency", presidency, 0, "enact", {"card": "2H"}, "wrong_phase"),
    ("parley offering nothing", presidency, 0, "parley", {"target": 2, "cards": []}, "parley_empty"),
    ("parley with self", presidency, 0, "parley", {"target": 0, "cards": ["2H"]}, "bad_target"),
    ("parley with a card not held", presidency, 0, "parley", {"target": 2, "cards": ["9S"]},
     "card_not_in_hand"),
    ("parley more than the target holds", out_target, 0, "parley", {"target": 3, "cards": ["2H"]},
     "parley_too_many"),
    ("second parley", parleyed, 0, "parley", {"target": 3, "cards": ["3H"]}, "parley_used"),
    ("pass while parley pending", parley, 0, "pass", {}, "parley_pending"),
    ("defect while parley pending", parley, 0, "defect", {"card": "3H"}, "parley_pending"),
    ("accuse while parley pending", parley, 0, "accuse", {"target": 3, "color": "red"}, "parley_pending"),
    ("parley while parley pending", parley, 0, "parley", {"target": 3, "cards": ["3H"]}, "parley_pending"),
    ("parley reply by a bystander", parley, 3, "parley_reply", {"cards": ["5S"]}, "not_parley_target"),
    ("parley reply too few", parley, 2, "parley_reply", {"cards": []}, "parley_wrong_count"),
    ("parley reply too many", parley, 2, "parley_reply", {"cards": ["5H", "6H"]}, "parley_wrong_count"),
    ("parley reply not held", parley, 2, "parley_reply", {"cards": ["9S"]}, "card_not_in_hand"),
    ("membership by the wrong seat", replacing, 3, "membership", {"card": "5S"}, "not_your_turn"),
    ("membership not held", replacing, 2, "membership", {"card": "9S"}, "card_not_in_hand"),
    ("enact before the target placed", replacing, 0, "enact", {"card": "4H"}, "wrong_phase"),
    ("pass while the target places", replacing, 0, "pass", {}, "wrong_phase"),
    ("enact by a non-president", enact, 2, "enact", {"card": "6H"}, "not_president"),
    ("enact a card not held", enact, 0, "enact", {"card": "9S"}, "card_not_in_hand"),
    ("enact the neutral joker", nj_enact, 0, "enact", {"card": "NJ"}, "neutral_policy"),
    ("pass instead of enacting", enact, 0, "pass", {}, "wrong_phase"),
    ("defect instead of enacting", enact, 0, "defect", {"card": "4H"}, "wrong_phase"),
    ("give XP to self", presidency, 0, "give_xp", {"to": 0, "amount": 1}, "bad_target"),
    ("give zero XP", presidency, 0, "give_xp", {"to": 1, "amount": 0}, "bad_amount"),
    ("give XP not held", presidency, 1, "give_xp", {"to": 0, "amount": 1}, "not_enough_xp"),
    ("give XP to nobody", presidency, 0, "give_xp", {"to": 9, "amount": 1}, "unknown_seat"),
    ("vote after the end", over, 1, "vote", {"card": "2S"}, "game_over"),
    ("membership after the end", over, 1, "membership", {"card": "2S"}, "game_over"),
    ("give XP after the end", over, 0, "give_xp", {"to": 1, "amount": 1}, "game_over"),
]


@pytest.mark.parametrize(
    ("make", "seat", "act_name", "keys", "code"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_r23_illegal_action_is_refused_with_a_code_and_changes_nothing(
    make: Callable[[], GameState], seat: int, act_name: str, keys: dict[str, Any], code: str
) -> None:
    refuse(make(), seat, act_name, code, **keys)


@pytest.mark.parametrize(("make", "seat", "act_name", "keys", "code"), [c[1:] for c in CASES[:12]])
def test_r23_the_same_refusal_gives_the_same_code_and_message(
    make: Callable[[], GameState], seat: int, act_name: str, keys: dict[str, Any], code: str
) -> None:
    state = make()
    first = apply(state, action(seat, act_name, **keys))
    second = apply(state, action(seat, act_name, **keys))
    assert isinstance(first, Refused) and first == second
    assert first.to_dict() == {"code": code, "message": first.message}


def test_r23_refusal_leaves_the_state_deeply_unchanged() -> None:
    state = parley()
    deep = copy.deepcopy(state)
    for seat, act_name, keys in [
        (0, "pass", {}),
        (2, "parley_reply", {"cards": ["5H", "6H"]}),
        (3, "vote", {"card": "5S"}),
        (0, "give_xp", {"to": 1, "amount": 5}),
    ]:
        assert isinstance(apply(state, action(seat, act_name, **keys)), Refused)
    assert state == deep


def test_r23_accepted_actions_never_change_the_given_state_either() -> None:
    state = presidency()
    deep = copy.deepcopy(state)
    result = apply(state, action(0, "parley", target=2, cards=["2H"]))
    assert not isinstance(result, Refused)
    assert state == deep
    assert result.state.version == state.version + 1


def test_r23_a_refused_action_does_not_count_as_a_version() -> None:
    state = election()
    version = state.version
    refuse(state, 0, "reveal", "no_vote_selected")
    assert state.version == version


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0, "act": "shout"},
        {"seat": 0},
        {"act": "pass"},
        {"seat": "0", "act": "pass"},
        {"seat": True, "act": "pass"},
        {"seat": 0, "act": "vote"},
        {"seat": 0, "act": "vote", "card": "ZZ"},
        {"seat": 0, "act": "accuse", "target": 1, "color": "green"},
        {"seat": 0, "act": "accuse", "target": 1},
        {"seat": 0, "act": "parley", "target": 1, "cards": "2H"},
        {"seat": 0, "act": "parley", "target": 1, "cards": ["2H", "ZZ"]},
        {"seat": 0, "act": "give_xp", "to": 1, "amount": 1.5},
        [0, "pass"],
    ],
)
def test_r23_malformed_actions_are_rejected_before_the_engine(data: object) -> None:
    with pytest.raises(ActionFormatError):
        Action.from_dict(data)


def test_an_accusation_built_in_python_with_a_bad_colour_is_refused() -> None:
    state = elect(game(5, hands={0: ["10H"], 1: ["2S"]}), 0, "10H", 1, "2S")
    result = apply(state, Action(0, "accuse", target=2, color="green"))
    assert isinstance(result, Refused) and result.code == "bad_color"
    assert state.phase == "presidency" and state.membership[2] is not None
