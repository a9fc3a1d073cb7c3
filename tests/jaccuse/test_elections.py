"""Elections: voting, pressing, resolving only at the last press, all abstaining (R7, R8)."""

from __future__ import annotations

from helpers import (
    act,
    act_events,
    acts_of,
    election,
    event_types,
    free_policy,
    game,
    policies,
    refuse,
    vote,
    with_changes,
)

from controller.games import registry
from controller.games.jaccuse import GameState, public_view, seat_view


def _game() -> GameState:
    return game(5, hands={0: ["2H", "3H", "10H"], 1: ["2S", "3S", "10S"], 2: ["4H"], 3: ["4S"], 4: ["5H"]})


def test_r7_every_seat_with_a_card_is_an_eligible_voter() -> None:
    state = game(5)
    assert state.vote_round is not None
    assert state.vote_round.voters == [0, 1, 2, 3, 4]
    assert public_view(state)["eligible"] == [0, 1, 2, 3, 4]


def test_r7_reveal_needs_a_selected_card() -> None:
    state = _game()
    refuse(state, 0, "reveal", "no_vote_selected")


def test_r7_vote_needs_a_card_in_hand() -> None:
    state = _game()
    refuse(state, 0, "vote", "card_not_in_hand", card="10S")


def test_r7_selection_may_change_until_the_press() -> None:
    state = _game()
    state = act(state, 0, "vote", card="2H")
    state = act(state, 0, "vote", card="10H")
    assert seat_view(state, 0)["selected"] == "10H"
    state, events = election(state, {0: "10H", 1: "2S"})
    shown = next(e for e in events if e["type"] == "revealed")
    assert {"seat": 0, "card": "10H"} in shown["cards"]
    assert state.president == 0


def test_r7_a_press_is_final_for_the_round() -> None:
    state = _game()
    state = act(state, 0, "vote", card="2H")
    state = act(state, 0, "reveal")
    refuse(state, 0, "vote", "already_pressed", card="3H")
    refuse(state, 0, "reveal", "already_pressed")
    refuse(state, 0, "abstain", "already_pressed")
    state = act(state, 1, "abstain")
    refuse(state, 1, "vote", "already_pressed", card="2S")
    refuse(state, 1, "reveal", "already_pressed")


def test_r7_abstain_needs_no_selection_and_drops_one() -> None:
    state = _game()
    state = act(state, 2, "abstain")
    state = act(state, 0, "vote", card="10H")
    state, _ = act_events(state, 0, "abstain")
    for seat in (1, 3):
        state = act(state, seat, "abstain")
    state, events = act_events(state, 4, "abstain")
    revealed = next(e for e in events if e["type"] == "revealed")
    assert revealed["cards"] == []
    assert "10H" in state.hands[0]


def test_r7_nothing_resolves_or_shows_until_every_eligible_voter_pressed() -> None:
    state = _game()
    hands_before = [list(h) for h in state.hands]
    for seat, card in [(0, "10H"), (1, "2S"), (2, "4H"), (3, "4S")]:
        state = act(state, seat, "vote", card=card)
        state, events = act_events(state, seat, "reveal")
        assert event_types(events) == ["pressed"]
        view = public_view(state)
        assert view["phase"] == "election"
        assert view["revealed"] == [] and view["table_cards"] == []
        assert "10H" not in repr(view) and "2S" not in repr(view)
        assert state.hands == hands_before  # selected cards stay in hand until resolution
        assert state.policies == [] and state.president is None
    assert public_view(state)["awaiting"] == [4]
    assert public_view(state)["pressed"] == [0, 1, 2, 3]
    state, events = act_events(state, 4, "abstain")
    revealed = next(e for e in events if e["type"] == "revealed")
    assert revealed["cards"] == [
        {"seat": 0, "card": "10H"},
        {"seat": 1, "card": "2S"},
        {"seat": 2, "card": "4H"},
        {"seat": 3, "card": "4S"},
    ]
    assert revealed["abstained"] == [4]
    assert state.president == 0


def test_r7_a_seat_outside_the_round_cannot_vote() -> None:
    state = _game()
    state = with_changes(state, hands=[h if s != 2 else [] for s, h in enumerate(state.hands)])
    # a new election computes the voters afresh: seat 2 has no card (R19)
    state = free_policy(state, 0, "2H")
    assert state.vote_round is not None and 2 not in state.vote_round.voters
    refuse(state, 2, "abstain", "not_voting")


def test_r7_voting_moves_are_offered_only_to_unpressed_voters() -> None:
    state = _game()
    assert acts_of(state, 0) == ["vote", "abstain"]
    state = act(state, 0, "vote", card="2H")
    assert acts_of(state, 0) == ["vote", "reveal", "abstain"]
    state = act(state, 0, "reveal")
    assert acts_of(state, 0) == []


def test_r8_all_abstain_with_no_policy_yet_passes_nothing_and_starts_a_new_election() -> None:
    state = _game()
    state, events = election(state, {})
    assert state.policies == []
    assert state.phase == "election"
    assert state.vote_round is not None and state.vote_round.number == 1 and state.vote_round.pressed == {}
    assert "election" in event_types(events)


def test_r8_all_abstain_passes_a_free_policy_of_the_most_recent_colour() -> None:
    state = _game()
    state = free_policy(state, 0, "2H")
    state = free_policy(state, 1, "2S")
    state = vote(state, {})
    assert [(p.color, p.kind) for p in state.policies] == [
        ("red", "free"),
        ("black", "free"),
        ("black", "free"),
    ]
    assert state.phase == "election"


def test_r8_all_abstain_after_an_enacted_policy_follows_its_colour() -> None:
    state = free_policy(_game(), 1, "2S")  # black first
    state = vote(state, {0: "10H", 1: "2S"})
    assert state.president == 0
    target_card = state.membership[2]
    assert target_card is not None
    colour = "red" if target_card[-1] in "HD" else "black"
    state = act(state, 0, "accuse", target=2, color=colour)  # correct
    state = act(state, 2, "membership", card="4H")
    state = act(state, 0, "enact", card="3H")
    state = vote(state, {})
    kinds = [(p.color, p.kind) for p in state.policies]
    assert kinds == [("black", "free"), ("red", "enacted"), ("red", "free")]
    assert state.policies[-1].card is None


def test_r8_no_eligible_voters_and_no_policy_ends_with_no_winning_colour_and_no_winners() -> None:
    # reached by hand: a President passes while no seat holds a card (hard to reach by play)
    state = vote(_game(), {0: "10H", 1: "2S"})
    assert state.president == 0
    state = with_changes(state, hands=[[] for _ in range(5)])
    state, events = act_events(state, 0, "pass")
    assert state.over
    assert state.winning_color is None
    assert state.winners == [] and state.aligned == []
    assert state.policies == []
    assert "nobody_can_vote" in event_types(events)


def test_r8_no_eligible_voters_with_a_policy_passes_free_policies_of_its_colour() -> None:
    # Interpretation (engine's): with nobody able to vote, every new election is again an
    # all-abstain election, so free policies of the latest colour pass until R20 ends the game.
    state = vote(_game(), {0: "10H", 1: "2S"})
    state = with_changes(state, hands=[[] for _ in range(5)], policies=policies("red", "black"))
    state = act(state, 0, "pass")
    assert state.over
    assert state.winning_color == "black"
    assert [p.color for p in state.policies] == ["red"] + ["black"] * 5


# -- the pads' lights in an election (the game's table adapter says them; the pads only show them) ------
def _lights(view: dict[str, object], players: int) -> dict[int, str]:
    return registry.table_rules("jaccuse").pad_lights(view, players)


def test_an_election_lights_the_awaited_pads_blinking_and_the_pressed_ones_steady() -> None:
    view = {"phase": "election", "over": False, "awaiting": [1, 3], "pressed": [0, 4]}
    assert _lights(view, 6) == {0: "on", 1: "wait", 2: "off", 3: "wait", 4: "on", 5: "off"}


def test_outside_elections_every_pad_is_dark() -> None:
    for phase in ("setup", "parley", "presidency", "replace_membership", "enact", "over"):
        view = {"phase": phase, "awaiting": [0, 1], "pressed": [2]}
        assert set(_lights(view, 5).values()) == {"off"}


def test_missing_keys_and_seats_past_the_pads_light_nothing() -> None:
    assert _lights({"phase": "election"}, 5) == {s: "off" for s in range(5)}
    assert _lights({"phase": "election", "awaiting": [9]}, 5)[4] == "off"
