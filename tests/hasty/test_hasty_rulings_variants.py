"""Rulings H21-H24: Big Hands, the Traitor, the end, and refusals."""

from __future__ import annotations

from hasty_helpers import act, make_deal, of_type, position, refused, run, summary

from controller.games.hasty import Deal, new_game, public_view, seat_view


def test_h21_big_hands_deals_the_whole_deck_and_discards_the_rest() -> None:
    deck = ["murder"] * 3 + ["stop"] * 3 + ["mover"] * 3 + ["bomb"] * 2
    s = new_game(Deal.from_dict(3, {"deck": deck, "secrets": [0, 1, 2]}, {"big_hands": True}))
    out = summary(s)
    assert out["hands"] == [["murder"] * 3, ["stop"] * 3, ["mover"] * 3]
    assert out["market"] == [] and out["deck_count"] == 0 and out["discard_count"] == 2
    new_game(Deal.from_dict(3, {"deck": deck[:3], "secrets": [0, 1, 2]}, {"big_hands": True}))


def test_h21_big_hands_allows_two_plays_a_turn_and_no_refill() -> None:
    s = position(hands={0: ["stop"] * 3, 1: ["stop"], 2: ["stop"]}, big_hands=True, loupe=4)
    s, _ = run(s, act(0, "play", card="stop", at=1, up=True), act(0, "play", card="stop", at=1, up=True))
    assert refused(s, act(0, "play", card="stop", at=1, up=True)).code == "too_many_plays"
    s, events = run(s, act(0, "end"))
    assert summary(s)["reviews"] == 1 and not of_type(events, "took") and summary(s)["hands"][0] == ["stop"]


def test_h21_an_empty_hand_has_its_suspect_reviewed_and_takes_the_pile() -> None:
    s = position(hands={0: ["stop"], 2: ["stop"]}, piles={1: ["murder", "stop", "^delay"]}, big_hands=True)
    s, events = run(s, act(0, "end"))
    out = summary(s)
    assert of_type(events, "evaluating")[0]["cause"] == "empty_hand" and out["reviews"] == 1
    assert out["turn"] == 1 and out["phase"] == "play" and out["review"] is None
    # Delay and Stop revealed, the Murder below the Stop never: all three are the new hand
    assert out["hands"][1] == ["murder", "stop", "delay"] and out["row"][1]["pile"] == []
    assert out["row"][1]["alive"] and out["discard_count"] == 1  # seat 0 discarded its hand


def test_h21_an_empty_hand_review_can_put_the_seat_out_and_it_still_ends_its_turn() -> None:
    s = position(hands={0: ["stop"], 2: ["stop"]}, piles={1: ["murder"]}, big_hands=True)
    s, _ = run(s, act(0, "end"))
    out = summary(s)
    assert out["eliminated"] == [1] and out["turn"] == 1 and out["waiting"] == 1 and out["hands"][1] == []
    s, _ = run(s, act(1, "end"))
    assert summary(s)["turn"] == 2


def test_h21_a_table_of_empty_hands_and_piles_ends_with_no_winner() -> None:
    s = position(big_hands=True)
    s, events = run(s, act(0, "end"))
    out = summary(s)
    assert out["over"] and out["winners"] == [] and out["turn"] is None and of_type(events, "stalled")


def test_h22_the_traitor_holds_no_suspect_and_is_never_eliminated() -> None:
    s = new_game(make_deal(3, secrets=[0, "traitor", 2], traitor=True))
    assert summary(s)["traitor"] == 1 and summary(s)["secrets"] == [0, "traitor", 2]
    assert seat_view(s, 1)["secret"] == "traitor" and seat_view(s, 0)["secret"] == 0
    view = public_view(s)
    assert "traitor" not in str(view["row"]) and view["reveal"] is None
    # the traitor's empty hand under Big Hands is not reviewed
    s = position(secrets=[0, "traitor", 2], traitor=True, big_hands=True, hands={0: ["stop"]},
                 piles={1: ["murder"]})
    s, events = run(s, act(0, "end"))
    assert not of_type(events, "evaluating") and summary(s)["turn"] == 1


def test_h23_the_last_seat_in_wins_and_the_game_stops_at_once() -> None:
    s = position(2, hands={0: ["bomb"]}, piles={0: ["delay", "murder"], 2: ["mover"]}, loupe=4)
    s, events = run(s, act(0, "end"))  # reviewing pile 0 kills suspect 0: seat 0 is out
    out = summary(s)
    assert out["over"] and out["winners"] == [1] and out["phase"] == "over" and out["pending"] is None
    assert of_type(events, "over") == [{"type": "over", "winners": [1], "traitor": None}]
    s = position(3, loupe=4, piles={1: ["sidekick", "murder", "bomb", "sidekick"], 2: ["sidekick"]})
    s.eliminated = [False, False, True]
    s, _ = run(s, act(0, "end"))  # the Sidekick asks; seat 0 picks pile 2, which holds one: 1 dies
    assert summary(s)["pending"] == {"kind": "sidekick", "seat": 0, "options": [0, 2]}
    s, _ = run(s, act(0, "choose", at=2))
    out = summary(s)
    assert out["over"] and out["winners"] == [0] and out["review"] is None
    assert out["row"][1]["pile"] == [] and out["discard_count"] == 4


def test_h23_with_the_traitor_the_last_living_suspect_wins_else_the_traitor() -> None:
    # two living suspects: 0 (seat 0's) and 3 (no one's); suspect 0 dies: only 3 lives, held by no one
    s = position(3, secrets=[0, "traitor", 2], traitor=True, hands={0: ["sidekick"]},
                 piles={1: ["sidekick"]})
    s.dead = [False, False, True, True, True]
    s.eliminated = [False, False, True]
    s, _ = run(s, act(0, "play", card="sidekick", at=0, up=True))
    assert summary(s)["over"] and summary(s)["winners"] == [] and summary(s)["eliminated"] == [0, 2]
    # every other seat out while two suspects live: the traitor wins
    s = position(3, secrets=[0, "traitor", 2], traitor=True, hands={0: ["sidekick"]},
                 piles={1: ["sidekick"]})
    s.eliminated = [False, False, True]
    s, _ = run(s, act(0, "play", card="sidekick", at=0, up=True))
    assert summary(s)["over"] and summary(s)["winners"] == [1]
    # one suspect left and held: its seat wins, the traitor loses
    s = position(3, secrets=[3, "traitor", 2], traitor=True, hands={0: ["sidekick"]},
                 piles={3: ["sidekick"]})
    s.dead = [True, True, False, False, True]
    s, _ = run(s, act(0, "play", card="sidekick", at=2, up=True))
    assert summary(s)["over"] and summary(s)["winners"] == [0] and summary(s)["eliminated"] == [2]


def test_h24_a_refused_action_changes_nothing_and_says_why() -> None:
    s = new_game(make_deal(3))
    for action, code in [
        (act(1, "end"), "not_your_turn"),
        (act(0, "choose", at=1), "nothing_to_choose"),
        (act(0, "play", card="murder", at=1, up=True), "not_in_hand"),
        (act(0, "play", card="delay", at=7, up=True), "bad_position"),
        (act(5, "end"), "unknown_seat"),
    ]:
        assert refused(s, action).code == code
    over = position(2, piles={0: ["murder"]}, loupe=4)
    over, _ = run(over, act(0, "end"))
    assert refused(over, act(1, "end")).code == "game_over"
    assert public_view(over)["reveal"]["secrets"] == [0, 1]
