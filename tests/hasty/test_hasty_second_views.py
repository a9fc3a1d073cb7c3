"""H52, "What each seat sees": the second edition's public facts in the table's view and the log, and
its private ones (a Tangled Up look, a Private Investigator look, cards taken from a hand or a pile)
only in the views and feeds of the seats they belong to."""

from __future__ import annotations

import json

from hasty_helpers import act, of_type, run
from second_helpers import review, table

from controller.games import registry
from controller.games.hasty import public_view, seat_view
from controller.games.hasty.describe import describe_event
from controller.games.hasty.feed import public_event

#: the game at the table: its own members and the shared defaults
adapter = registry.table_rules("hasty")

NAMES: list[str | None] = [None, None, None]


def test_h52_counts_turns_the_tucked_suspect_skips_and_the_hand_limit_are_public() -> None:
    s = table(powers=True, suspects=9, hands={0: ["delay", "hasty"]}, secrets=[1, 2, 3])
    for slot in s.row:
        if s.suspect_at[slot] == 4:
            s.dead[slot] = True
    s.tucked = 4
    s, _ = run(s, act(0, "play", card="delay", at=0, up=False), act(0, "play", card="hasty", at=5, up=True),
               act(0, "choose", hasty="skip"))
    view = public_view(s)
    assert (view["rotated"], view["tucked"], view["skips"], view["hand_limit"]) == ([0], 4, 1, 1)
    assert view["powers"][8] == {"suspect": 8, "power": 4, "of": "Mrs. Peacock", "trigger": "death",
                                 "summary": view["powers"][4]["summary"]}
    assert view["showing"] == {"back_to_top": False, "back_alley": False, "show_hands": False}


def test_h52_a_reviews_counts_and_its_waiting_evaluations_are_public() -> None:
    s, _ = review(piles={1: ["delay", "dying_breath", "poison"], 3: ["mover"], 4: ["delay", "delay"]})
    view = public_view(s)
    assert view["review_extra"]["poison"][1] == 1 and view["review"]["cause"] == "dying_breath"
    assert view["review_extra"]["outer"][0]["revealed"] == ["poison", "dying_breath"]


def test_h52_a_tangled_up_look_is_the_active_seats_alone() -> None:
    s = table(hands={0: ["tangled"]}, piles={1: ["murder", "stop", "delay"]})
    s, events = run(s, act(0, "play", card="tangled", at=0, up=True),
                    act(0, "choose", at=1, indices=[0, 1]))
    assert seat_view(s, 0)["peeks"] == [{"pile": 1, "cards": ["murder", "stop", "delay"]}]
    assert seat_view(s, 1)["peeks"] == [] and seat_view(s, 2)["peeks"] == []
    assert "murder" not in json.dumps(public_view(s))  # the cards moved lie face down
    (tangled,) = of_type(events, "tangled")
    assert "seen" not in public_event(tangled) and "Murder" not in (describe_event(tangled) or "")
    assert any("Murder" in line for line in adapter.seat_feed(events, 0, NAMES))
    assert not any("Murder" in line for seat in (1, 2) for line in adapter.seat_feed(events, seat, NAMES))
    assert not any("Murder" in line for line in adapter.log_lines(events, NAMES))


def test_h52_a_private_investigators_look_is_the_active_seats_alone() -> None:
    s = table(hands={0: ["private_investigator"]}, secrets=[0, 3, 2])
    s, events = run(s, act(0, "play", card="private_investigator", at=4, up=True),
                    act(0, "choose", secret=1))
    assert seat_view(s, 0)["peeks"] == [{"secret": 1, "suspect": 3}] and seat_view(s, 1)["peeks"] == []
    assert "Prof. Plum" not in json.dumps(public_view(s)["pending"] or {})
    (seen,) = of_type(events, "secret_seen")
    assert "suspect" not in public_event(seen)
    assert any("Prof. Plum" in line for line in adapter.seat_feed(events, 0, NAMES))
    assert not any("Prof. Plum" in line for line in adapter.log_lines(events, NAMES))
    for seat in (1, 2):
        assert not any("Prof. Plum" in line for line in adapter.seat_feed(events, seat, NAMES))


def test_h52_cards_a_thief_takes_are_seen_by_the_two_seats_and_their_count_by_all() -> None:
    s = table(hands={0: ["thief"], 1: ["murder", "bomb", "stop", "jester"]}, rolls=[0, 0, 0])
    s, events = run(s, act(0, "play", card="thief", at=3, up=True))
    assert seat_view(s, 0)["notes"] == [{"kind": "took", "by": "thief", "seat": 1, "pile": None,
                                         "cards": ["murder", "stop", "jester"]}]
    assert seat_view(s, 1)["notes"] == [{"kind": "lost", "by": "thief", "seat": 0, "pile": None,
                                         "cards": ["murder", "stop", "jester"]}]
    assert seat_view(s, 2)["notes"] == [] and "notes" not in public_view(s)
    assert public_view(s)["hand_sizes"] == [3, 1, 0]
    (stolen,) = of_type(events, "stolen")
    log = adapter.log_lines(events, NAMES)
    assert any("takes 3 cards" in line for line in log) and not any("Murder" in line for line in log)
    for seat, sees in ((0, True), (1, True), (2, False)):
        feed = adapter.seat_feed(events, seat, NAMES)
        assert any("Murder" in line for line in feed) == sees
    assert public_event(stolen)["count"] == 3 and "cards" not in public_event(stolen)


def test_h52_a_walk_it_back_shows_the_face_up_cards_it_takes_to_everyone() -> None:
    s = table(hands={0: ["walk_back"]}, piles={1: ["murder", "^stop", "bomb"]})
    s, events = run(s, act(0, "play", card="walk_back", at=3, up=True))
    line = describe_event(of_type(events, "walked")[0]) or ""
    assert "3 cards" in line and "Stop" in line and "Murder" not in line and "Bomb" not in line
    assert seat_view(s, 0)["notes"][0]["pile"] == 1


def test_h52_rebel_spread_and_hastys_pick_are_told_to_the_room() -> None:
    s = table(hands={0: ["spread", "hasty"]}, piles={2: ["murder", "stop"]}, loupe=0)
    s, events = run(s, act(0, "play", card="spread", at=2, up=True), act(0, "choose", at=0),
                    act(0, "choose", at=4), act(0, "play", card="hasty", at=1, up=True),
                    act(0, "choose", hasty="skip"))
    lines = adapter.log_lines(events, NAMES)
    assert "Stop goes onto pile 0." in lines and "Murder goes onto pile 4." in lines
    assert "Hasty: Seat 0 skips the next turn." in lines


def test_h52_every_new_kind_of_question_lists_its_options_in_the_seats_moves() -> None:
    s = table(hands={0: ["double_cross"]}, piles={1: ["murder"]})
    s, _ = run(s, act(0, "play", card="double_cross", at=1, up=True))
    (move,) = seat_view(s, 0)["moves"]
    assert move["kind"] == "double" and {"at": 0, "top": True} in move["options"]
    assert len(move["options"]) == 8
    assert seat_view(s, 1)["moves"] == []


def test_h52_a_play_move_says_which_faces_each_pile_takes() -> None:
    s = table(powers=True, suspects=9, hands={0: ["delay"]}, piles={5: ["^back_alley"]})
    (play, end) = seat_view(s, 0)["moves"]
    assert play["faces"]["0"] == [False] and "3" not in play["faces"] and play["up"] == [False]
    assert end["act"] == "end"


def test_a_nested_review_is_kept_whole_for_the_screens_in_the_order_it_happened() -> None:
    """The last review is the outermost evaluation with the nested ones in the order they ended, each
    with how many cards the one it interrupted had turned: the screens play it out as it happened
    (the Sniper's card, then the sniped pile, then back to the outer pile); who died anywhere in it
    is in ``killed``. The review number counts the nested evaluation, once per review shown."""
    s, _ = review(piles={1: ["murder"], 2: ["stop", "sniper", "delay"], 3: ["delay"]})
    assert s.pending is not None and s.pending.kind == "sniper"
    assert public_view(s)["last_review"] is None  # nothing ended yet: the outer review waits on the choice
    s, _ = run(s, act(0, "choose", at=1))
    last = public_view(s)["last_review"]
    assert (last["at"], last["suspect"], last["killed"]) == (2, 2, [1])
    assert last["revealed"] == ["delay", "sniper", "stop"]
    assert last["nested"] == [{"at": 1, "suspect": 1, "name": "Rev. Green", "cause": "sniper",
                               "revealed": ["murder"], "killed": [1], "depth": 1, "after": 2}]
    assert last["number"] == s.reviews == 2


def test_a_game_that_ends_inside_a_nested_review_keeps_every_evaluation_for_the_screens() -> None:
    s, _ = review(piles={1: ["murder"], 2: ["murder", "sniper"], 3: ["delay"]})
    s, _ = run(s, act(0, "choose", at=1))  # Green dies in the sniped pile, Mustard in the outer one
    assert s.over
    last = public_view(s)["last_review"]
    assert (last["suspect"], last["revealed"], sorted(last["killed"])) == (2, ["sniper", "murder"], [1, 2])
    assert [(n["suspect"], n["after"]) for n in last["nested"]] == [(1, 1)]


def test_the_powers_fired_and_the_turns_skipped_are_public_until_the_next_turn() -> None:
    s = table(powers=True, suspects=9, hands={0: ["delay", "hasty", "delay"], 1: ["delay"], 2: ["delay"]},
              secrets=[1, 2, 3])
    s, _ = run(s, act(0, "play", card="delay", at=2, up=False))  # Col. Mustard shuffles his pile
    view = public_view(s)
    assert view["fired"] == [{"suspect": 2, "power": 2, "of": "Col. Mustard"}] and view["skipped"] == []
    s, _ = run(s, act(0, "play", card="hasty", at=4, up=True), act(0, "choose", hasty="skip"),
               act(0, "end"))
    view = public_view(s)
    assert view["turn"] == 2 and view["skipped"] == [1] and view["fired"] == []
