"""Rulings H37-H44: Time Bomb, Rebel, Walk it back, Thief, Hasty, When nobody's around, Last ditch
effort, Memory Wipe, Tangled Up, Spread the love, Double Cross, Private Investigator, Revelation."""

from __future__ import annotations

from hasty_helpers import act, of_type, piles, refused, run, summary
from second_helpers import review, table

from controller.games.hasty import seat_view


def revealed(events: list[dict[str, object]]) -> list[object]:
    return [e["card"] for e in of_type(events, "revealed")]


# ---------------------------------------------------------------- H37: Time Bomb


def test_h37_time_bomb_turns_up_the_bottom_card_of_each_neighbour() -> None:
    s = table(hands={0: ["time_bomb"]}, piles={1: ["mover", "delay"], 3: ["bomb", "murder"], 4: ["sidekick"]})
    s, events = run(s, act(0, "play", card="time_bomb", at=2, up=True))
    # the left side first: its Mover asks where the loupe goes before the right side turns
    assert [e["at"] for e in of_type(events, "bombed")] == [1]
    assert summary(s)["pending"] == {"kind": "mover", "seat": 0}
    s, events = run(s, act(0, "choose", at=0))
    # a Bomb turned up by a Time Bomb does nothing (pile 4's Sidekick stays face down)
    assert [e["at"] for e in of_type(events, "bombed")] == [3]
    assert piles(s)[1] == ["^mover", "delay"] and piles(s)[3] == ["^bomb", "murder"]
    assert piles(s)[4] == ["sidekick"]


# ---------------------------------------------------------------- H38: Rebel


def test_h38_rebel_moves_one_card_of_each_pile_from_the_left() -> None:
    s = table(hands={0: ["rebel"]}, piles={0: ["^murder"], 2: ["stop", "^mover"]})
    s, _ = run(s, act(0, "play", card="rebel", at=4, up=True))
    assert summary(s)["pending"] == {"kind": "rebel", "seat": 0, "from": 0}
    refused(s, act(0, "choose", index=0, to=0, place=0))  # not onto its own pile
    refused(s, act(0, "choose", index=1, to=2, place=0))  # pile 0 has one card
    refused(s, act(0, "choose", index=0, to=2, place=3))  # pile 2 has places 0 to 2
    s, events = run(s, act(0, "choose", index=0, to=2, place=1))
    assert piles(s)[2] == ["stop", "^murder", "^mover"] and summary(s)["pending"]["from"] == 2
    s, events = run(s, act(0, "choose", index=2, to=1, place=0))
    # the moved Mover does not act; the Rebel's own pile comes last, and the Rebel may move itself
    assert summary(s)["pending"] == {"kind": "rebel", "seat": 0, "from": 4}
    assert not of_type(events, "loupe_moved")
    s, events = run(s, act(0, "choose", index=0, to=0, place=0))
    assert piles(s) == [["^rebel"], ["^mover"], ["stop", "^murder"], [], []] and s.pending is None


def test_h38_a_single_option_is_taken_unasked() -> None:
    s = table(2, hands={0: ["rebel"]}, suspects=5)
    for slot in s.row[2:]:  # three dead suspects: two living, one empty pile besides the Rebel's
        s.dead[slot] = True
    s, events = run(s, act(0, "play", card="rebel", at=0, up=True))
    assert piles(s)[:2] == [[], ["^rebel"]] and of_type(events, "rebel_moved")[0]["card"] == "rebel"


# ---------------------------------------------------------------- H39: Walk it back, Thief


def test_h39_walk_it_back_on_its_own_pile_takes_the_three_under_it() -> None:
    s = table(hands={0: ["walk_back"]}, piles={1: ["murder", "stop", "^bomb", "delay"]})
    s, events = run(s, act(0, "play", card="walk_back", at=1, up=True))  # the only pile that offers cards
    assert piles(s)[1] == ["murder", "^walk_back"] and summary(s)["hands"][0] == ["stop", "delay", "bomb"]
    assert of_type(events, "walked")[0]["shown"] == ["bomb"]  # face-up cards taken are public


def test_h39_walk_it_back_at_the_bottom_takes_the_top_three_above_it() -> None:
    s = table(hands={0: ["time_bomb"]}, piles={1: ["walk_back", "murder", "stop", "bomb", "delay"]})
    s, _ = run(s, act(0, "play", card="time_bomb", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "walk", "seat": 0, "options": [1, 2]}
    s, _ = run(s, act(0, "choose", at=1))
    assert piles(s)[1] == ["^walk_back", "murder"] and summary(s)["hands"][0] == ["stop", "delay", "bomb"]


def test_h39_a_revealed_walk_it_back_may_take_from_the_evaluated_pile() -> None:
    s, _ = review(piles={1: ["murder", "stop", "bomb", "delay", "walk_back"], 3: ["mover"]})
    assert summary(s)["pending"] == {"kind": "walk", "seat": 0, "options": [1, 3]}
    s, events = run(s, act(0, "choose", at=1))
    assert revealed(events) == ["murder"] and summary(s)["eliminated"] == [1]


def test_h39_the_thief_takes_three_cards_at_random_one_by_one() -> None:
    # seat 1's hand in card order is murder, stop, delay, bomb; rolls 5, 1, 7 pick stop, delay, bomb
    s = table(hands={0: ["thief"], 1: ["bomb", "murder", "delay", "stop"]}, rolls=[5, 1, 7])
    s, events = run(s, act(0, "play", card="thief", at=1, up=True))
    assert summary(s)["hands"][:2] == [["stop", "delay", "bomb"], ["murder"]]
    assert summary(s)["rolls_used"] == 3
    assert of_type(events, "stolen")[0]["count"] == 3


def test_h39_the_thief_names_a_seat_with_cards_and_takes_fewer_when_fewer() -> None:
    s = table(hands={0: ["thief"], 1: ["bomb"], 2: ["stop", "stop"]})
    s, _ = run(s, act(0, "play", card="thief", at=1, up=True))
    assert summary(s)["pending"] == {"kind": "thief", "seat": 0, "options": [1, 2]}
    refused(s, act(0, "choose", hand=0))
    s, _ = run(s, act(0, "choose", hand=1))
    assert summary(s)["hands"][:2] == [["bomb"], []]


def test_h39_an_eliminated_active_seat_takes_nothing() -> None:
    s = table(loupe=4, piles={1: ["thief"]}, hands={1: ["bomb"]})
    s.eliminated[0] = True
    s, events = run(s, act(0, "end"))
    assert of_type(events, "stolen")[0]["count"] == 0 and summary(s)["rolls_used"] == 0
    assert summary(s)["hands"][0] == [] and "bomb" in summary(s)["hands"][1]


# ---------------------------------------------------------------- H40: Hasty


def test_h40_hasty_draws_up_to_the_hand_limit() -> None:
    s = table(hands={0: ["hasty", "stop"]}, deck=["murder"] * 5)
    s, _ = run(s, act(0, "play", card="hasty", at=1, up=True))
    assert summary(s)["pending"] == {"kind": "hasty", "seat": 0, "options": ["draw", "skip"]}
    assert refused(s, act(0, "choose", hasty="wait")).code == "bad_option"
    s, _ = run(s, act(0, "choose", hasty="draw"))
    assert summary(s)["hands"][0] == ["murder", "murder", "murder", "stop"] and summary(s)["deck_count"] == 2


def test_h40_skips_pass_over_seats_round_the_table_the_active_one_included() -> None:
    for skips, next_seat in ((1, 2), (2, 0), (3, 1)):
        s = table(hands={0: ["hasty"] * skips}, loupe=0)
        for _ in range(skips):
            s, _ = run(s, act(0, "play", card="hasty", at=1, up=True), act(0, "choose", hasty="skip"))
        assert summary(s)["skips"] == skips
        s, events = run(s, act(0, "end"))
        assert summary(s)["turn"] == next_seat and summary(s)["skips"] == 0
        assert len(of_type(events, "skipped")) == skips


# ---------------------------------------------------------------- H41: nobody around, last ditch


def test_h41_nobody_around_kills_unless_a_neighbours_pile_holds_three() -> None:
    s, events = review(piles={1: ["murder", "nobody_around", "delay", "delay"], 2: ["delay"] * 3})
    assert of_type(events, "guarded") and of_type(events, "shielded") and summary(s)["row"][1]["alive"]
    s, events = review(piles={1: ["murder", "nobody_around", "delay"], 2: ["delay"] * 2})
    assert of_type(events, "died")[0]["card"] == "nobody_around"


def test_h41_last_ditch_kills_when_fewer_than_three_live() -> None:
    s, events = review(piles={1: ["murder", "last_ditch"]})
    assert of_type(events, "guarded") and summary(s)["row"][1]["alive"]
    s = table(hands={0: ["last_ditch"]})
    for slot in s.row[2:]:
        s.dead[slot] = True
    s, events = run(s, act(0, "play", card="last_ditch", at=1, up=True))
    assert of_type(events, "died")[0]["card"] == "last_ditch"


# ---------------------------------------------------------------- H42: Memory Wipe, Tangled Up


def test_h42_memory_wipe_clears_this_pile_and_a_neighbours() -> None:
    s = table(hands={0: ["memory_wipe"]}, piles={0: ["murder"], 1: ["stop", "stop"], 2: ["delay"]})
    s, _ = run(s, act(0, "play", card="memory_wipe", at=1, up=True))
    assert summary(s)["pending"] == {"kind": "wipe", "seat": 0, "options": [0, 2]}
    s, _ = run(s, act(0, "choose", at=2))
    assert piles(s)[:3] == [["murder"], [], []] and summary(s)["discard_count"] == 4
    # at the end of the row, one neighbour: unasked
    s = table(hands={0: ["memory_wipe"]}, piles={1: ["stop"]})
    s, _ = run(s, act(0, "play", card="memory_wipe", at=0, up=True))
    assert piles(s)[:2] == [[], []]


def test_h42_a_wiped_evaluation_ends_and_keeps_nothing_it_revealed() -> None:
    s, events = review(piles={0: ["delay", "delay"], 1: ["poison", "murder", "memory_wipe", "armor"]})
    assert revealed(events) == ["armor", "memory_wipe"]
    s, events = run(s, act(0, "choose", at=0))
    assert piles(s)[:2] == [[], []] and summary(s)["row"][1]["alive"] and summary(s)["review"] is None


def test_h42_tangled_up_looks_then_moves_two_cards_onto_this_pile() -> None:
    s = table(hands={0: ["tangled"]}, piles={1: ["murder", "^stop", "delay"], 3: ["bomb"]})
    s, _ = run(s, act(0, "play", card="tangled", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "tangled", "seat": 0, "options": [1, 3]}
    for bad in ([0, 0], [0, 3], [0], [0, 1, 2]):
        refused(s, act(0, "choose", at=1, indices=bad))
    refused(s, act(0, "choose", at=3, indices=[0, 1]))
    s, events = run(s, act(0, "choose", at=1, indices=[2, 0]))
    assert piles(s)[1] == ["^stop"] and piles(s)[2] == ["^tangled", "delay", "murder"]
    assert summary(s)["peeks"][0] == [{"pile": 1, "cards": ["murder", "stop", "delay"]}]
    # the look is the active seat's alone
    assert seat_view(s, 0)["peeks"] and not seat_view(s, 1)["peeks"]
    assert "seen" in of_type(events, "tangled")[0]


def test_h42_tangled_up_with_a_small_neighbour_moves_all_of_it_unasked() -> None:
    s = table(hands={0: ["tangled"]}, piles={1: ["murder"]})
    s, _ = run(s, act(0, "play", card="tangled", at=0, up=True))
    assert piles(s)[:2] == [["^tangled", "murder"], []]
    assert summary(s)["peeks"][0] == [{"pile": 1, "cards": ["murder"]}]


# ---------------------------------------------------------------- H43: Spread the love, Double Cross


def test_h43_spread_the_love_shares_the_other_cards_out_face_up_from_the_top() -> None:
    s = table(hands={0: ["spread"]}, piles={2: ["murder", "stop"], 0: ["delay"]})
    s, _ = run(s, act(0, "play", card="spread", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "spread", "seat": 0, "card": "stop", "left": ["murder"],
                                     "options": [0, 1, 3, 4]}
    assert piles(s)[2] == ["^spread"]
    refused(s, act(0, "choose", at=2))
    s, _ = run(s, act(0, "choose", at=0))
    s, events = run(s, act(0, "choose", at=4))
    assert piles(s)[0] == ["delay", "^stop"] and piles(s)[4] == ["^murder"] and s.pending is None
    assert not of_type(events, "died")  # the cards do not act


def test_h43_spread_with_no_other_living_suspect_turns_the_cards_up_in_place() -> None:
    s = table(hands={0: ["spread"]}, piles={0: ["murder", "stop"]})
    for slot in s.row[1:]:
        s.dead[slot] = True
    s, _ = run(s, act(0, "play", card="spread", at=0, up=True))
    assert piles(s)[0] == ["^murder", "^stop", "^spread"]


def test_h43_double_cross_moves_the_whole_pile_on_top_or_underneath() -> None:
    s = table(hands={0: ["double_cross"]}, piles={1: ["murder", "^stop"], 3: ["delay"]})
    s, _ = run(s, act(0, "play", card="double_cross", at=1, up=True))
    assert summary(s)["pending"] == {"kind": "double", "seat": 0, "options": [0, 2, 3, 4]}
    s, _ = run(s, act(0, "choose", at=3, top=False))
    assert piles(s)[1] == [] and piles(s)[3] == ["murder", "^stop", "^double_cross", "delay"]
    s = table(hands={0: ["double_cross"]}, piles={1: ["murder"], 3: ["delay"]})
    s, _ = run(s, act(0, "play", card="double_cross", at=1, up=True), act(0, "choose", at=3, top=True))
    assert piles(s)[3] == ["delay", "murder", "^double_cross"]


# ---------------------------------------------------------------- H44: Private Investigator, Revelation


def test_h44_the_private_investigator_sees_a_secret_suspect() -> None:
    s = table(hands={0: ["private_investigator"]})
    s, _ = run(s, act(0, "play", card="private_investigator", at=1, up=True))
    assert summary(s)["pending"] == {"kind": "private", "seat": 0}
    refused(s, act(0, "choose", secret=0))
    s, _ = run(s, act(0, "choose", secret=2))
    assert summary(s)["peeks"][0] == [{"secret": 2, "suspect": 2}]
    assert seat_view(s, 0)["peeks"] == [{"secret": 2, "suspect": 2}] and seat_view(s, 2)["peeks"] == []


def test_h44_or_swaps_whole_hands() -> None:
    s = table(hands={0: ["private_investigator", "murder"], 2: ["stop", "stop", "bomb"]})
    s, _ = run(s, act(0, "play", card="private_investigator", at=1, up=True))
    s, _ = run(s, act(0, "choose", swap_hands=2))
    assert summary(s)["hands"][0] == ["stop", "stop", "bomb"] and summary(s)["hands"][2] == ["murder"]


def test_h44_no_look_or_swap_at_an_eliminated_seat_and_no_swap_by_one() -> None:
    s = table(hands={0: ["private_investigator"]})
    s.eliminated[1] = True
    s, _ = run(s, act(0, "play", card="private_investigator", at=3, up=True))
    refused(s, act(0, "choose", secret=1))
    refused(s, act(0, "choose", swap_hands=1))
    s = table(loupe=4, piles={1: ["private_investigator"]})
    s.eliminated[0] = True
    s, _ = run(s, act(0, "end"))
    assert summary(s)["pending"] == {"kind": "private", "seat": 0}
    assert refused(s, act(0, "choose", swap_hands=1)).code == "seat_out"
    s, _ = run(s, act(0, "choose", secret=1))


def test_h44_revelation_shows_a_hand_card_on_each_neighbour_left_first() -> None:
    s = table(hands={0: ["revelation", "murder", "mover", "mover"]})
    s, _ = run(s, act(0, "play", card="revelation", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "revelation", "seat": 0, "at": 1}
    refused(s, act(0, "choose", card="stop"))
    s, events = run(s, act(0, "choose", card="murder"))
    # only Movers left: one distinct card, placed unasked; it does not act and is no play
    assert piles(s)[1] == ["^murder"] and piles(s)[3] == ["^mover"] and s.pending is None
    assert summary(s)["plays"] == 1 and summary(s)["steps"] == 1 and not of_type(events, "loupe_moved")


def test_h44_revelation_ends_with_an_empty_hand() -> None:
    s = table(hands={0: ["revelation", "murder"]})
    s, _ = run(s, act(0, "play", card="revelation", at=2, up=True))
    assert piles(s)[1] == ["^murder"] and piles(s)[3] == [] and summary(s)["hands"][0] == []
