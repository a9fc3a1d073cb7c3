"""Rulings H28-H35: counts that outlast a review, protections, what a pile keeps, Wrong address,
nested evaluations (Dying Breath, Sniper), Back to the top and On the clock."""

from __future__ import annotations

from hasty_helpers import act, of_type, piles, refused, run, summary
from second_helpers import review, table


def revealed(events: list[dict[str, object]]) -> list[object]:
    return [e["card"] for e in of_type(events, "revealed")]


# ---------------------------------------------------------------- H28, H29: the counts


def test_h28_outside_a_review_poison_armor_antidote_and_wrong_address_do_nothing() -> None:
    s = table(hands={0: ["poison", "armor", "antidote", "wrong_address"]})
    s, events = run(s, *(act(0, "play", card=c, at=1, up=True)
                         for c in ("poison", "armor", "antidote", "wrong_address")))
    assert [e["type"] for e in events] == ["played"] * 4
    assert summary(s)["review"] is None and summary(s)["review_extra"] is None


def test_h28_outside_a_review_nobody_around_and_last_ditch_only_kill() -> None:
    # When nobody's around with a neighbour's pile of 3: no kill, and no shield outside a review
    s = table(hands={0: ["nobody_around", "last_ditch"]}, piles={2: ["delay"] * 3})
    s, events = run(s, act(0, "play", card="nobody_around", at=3, up=True),
                    act(0, "play", card="last_ditch", at=4, up=True))
    assert not of_type(events, "guarded") and not of_type(events, "died")
    # no neighbour with 3 cards: it kills, in regular play too
    s = table(hands={0: ["nobody_around"]}, piles={2: ["delay"] * 2})
    s, events = run(s, act(0, "play", card="nobody_around", at=3, up=True))
    assert of_type(events, "died")[0]["card"] == "nobody_around" and not summary(s)["row"][3]["alive"]


def test_h28_counts_start_at_zero_and_last_one_review() -> None:
    s, _ = review(piles={1: ["delay", "poison", "poison"]}, market=["stop"] * 4, deck=["delay"] * 20)
    assert summary(s)["row"][1]["alive"] and piles(s)[1] == ["^poison", "^poison"]
    # the next review of the same pile counts its two Poisons again from zero: 2, not 4
    s.turn, s.loupe = 0, len(s.row) - 1
    s, events = run(s, act(0, "end"))
    assert [e["count"] for e in of_type(events, "poisoned")] == [1, 2]
    assert summary(s)["row"][1]["alive"]


def test_h29_the_third_poison_kills() -> None:
    s, events = review(piles={1: ["poison", "poison", "poison"]})
    assert [e["count"] for e in of_type(events, "poisoned")] == [1, 2, 3]
    assert of_type(events, "died")[0]["card"] == "poison" and summary(s)["eliminated"] == [1]


def test_h29_the_poison_count_shows_while_the_review_waits() -> None:
    s, _ = review(piles={1: ["delay", "mover", "poison"]})
    assert summary(s)["pending"]["kind"] == "mover"
    extra = summary(s)["review_extra"]
    assert extra["poison"] == [0, 1, 0, 0, 0] and extra["armor"] == [0] * 5 and extra["wrong"] == [0] * 5
    assert extra == {**extra, "limit": None, "bottom_first": False, "safe": False, "outer": []}


def test_h29_armor_shields_from_the_third_on() -> None:
    s, events = review(piles={1: ["murder", "murder", "armor", "armor", "armor", "armor"]})
    assert [e["count"] for e in of_type(events, "armored")] == [1, 2, 3, 4]
    assert len(of_type(events, "guarded")) == 2 and len(of_type(events, "shielded")) == 2
    assert summary(s)["row"][1]["alive"] and piles(s)[1] == ["^armor"] * 4


def test_h29_antidote_face_up_counts_as_two_poisons_face_down_takes_two_off() -> None:
    s, events = review(piles={1: ["poison", "^antidote"]})
    assert [e["count"] for e in of_type(events, "poisoned")] == [2, 3]
    assert of_type(events, "died")[0]["card"] == "poison"
    s, events = review(piles={1: ["poison", "poison", "antidote", "poison"]})
    assert [e["count"] for e in of_type(events, "poisoned")] == [1, 0, 1, 2]  # never below 0
    assert summary(s)["row"][1]["alive"]
    # an Antidote that a Bomb turns up looks at its face before: face down, it takes two off
    s, events = review(piles={1: ["poison", "poison", "bomb"], 2: ["antidote"]})
    assert [e["count"] for e in of_type(events, "poisoned")][:1] == [0]


# ---------------------------------------------------------------- H30: what a pile keeps


def test_h30_a_pile_keeps_its_poisons_and_armors_revealed_first() -> None:
    s, events = review(piles={1: ["armor", "murder", "stop", "delay", "poison"]}, market=["stop"] * 4,
                       deck=["delay"] * 20)
    assert revealed(events) == ["poison", "delay", "stop"]
    # the revealed Poison face up at the bottom, then the Armor still in the pile; the Murder is discarded
    assert piles(s)[1] == ["^poison", "armor"]
    assert of_type(events, "review_over")[0]["discarded"] == 3


def test_h30_after_a_safe_stop_the_rest_stays_as_it_was() -> None:
    s, events = review(piles={1: ["murder", "^jester", "safe_stop", "armor"]}, market=["stop"] * 4,
                       deck=["delay"] * 20)
    assert revealed(events) == ["armor", "safe_stop"]
    assert piles(s)[1] == ["^armor", "murder", "^jester"] and summary(s)["row"][1]["alive"]


def test_h30_a_safe_stop_turned_up_by_a_bomb_is_a_plain_stop() -> None:
    s, events = review(piles={1: ["murder", "^jester", "bomb"], 2: ["safe_stop"]}, market=["stop"] * 4,
                       deck=["delay"] * 20)
    assert revealed(events) == ["bomb"] and of_type(events, "stopped") == [{"type": "stopped", "safe": False}]
    assert piles(s)[1] == [] and piles(s)[2] == ["^safe_stop"]


def test_h30_with_big_hands_a_pile_of_nothing_but_poisons_and_armors_keeps_none() -> None:
    layout = {"piles": {1: ["poison", "armor"]}, "hands": {1: ["delay"], 2: ["delay"]}}
    s, events = review(big_hands=True, **layout)
    assert piles(s)[1] == [] and of_type(events, "review_over")[0]["discarded"] == 2
    # with something else revealed the Poison and Armor stay
    s, _ = review(big_hands=True, piles={1: ["poison", "armor", "delay"]}, hands={1: ["delay"], 2: ["delay"]})
    assert piles(s)[1] == ["^armor", "^poison"]


def test_h30_when_every_card_lies_in_the_piles_such_a_pile_keeps_none() -> None:
    s, _ = review(piles={1: ["poison", "poison"]}, market=[], deck=[])
    assert piles(s)[1] == []
    s, _ = review(piles={1: ["poison", "poison"]}, market=["stop"], deck=[])
    assert piles(s)[1] == ["^poison", "^poison"]


def test_h30_a_dead_suspects_pile_keeps_nothing() -> None:
    s, events = review(piles={1: ["murder", "poison"]})
    assert revealed(events) == ["poison", "murder"] and piles(s)[1] == []
    assert of_type(events, "review_over")[0]["discarded"] == 2


# ---------------------------------------------------------------- H31: protections, Wrong address


def test_h31_a_shield_comes_before_a_half_turn() -> None:
    s = table(loupe=4, piles={1: ["murder", "bodyguard"]})
    s.rotated = (False, True, False, False, False)
    s, events = run(s, act(0, "end"))
    assert of_type(events, "shielded") and not of_type(events, "saved")
    assert summary(s)["rotated"] == [1]


def test_h31_a_half_turn_saves_once_and_comes_before_wrong_address() -> None:
    s = table(loupe=4, piles={1: ["murder", "murder", "wrong_address"]})
    s.rotated = (False, True, False, False, False)
    s, events = run(s, act(0, "end"))
    assert [e["by"] for e in of_type(events, "saved")] == ["rotated", "wrong_address"]
    assert summary(s)["rotated"] == [] and summary(s)["pending"] == {
        "kind": "wrong_address", "seat": 0, "options": [0, 2, 3, 4]}


def test_h31_wrong_address_swaps_and_the_kill_strikes_the_new_suspect() -> None:
    s, _ = review(piles={1: ["delay", "murder", "wrong_address"]})
    assert summary(s)["pending"] == {"kind": "wrong_address", "seat": 0, "options": [0, 2, 3, 4]}
    assert summary(s)["review_extra"]["wrong"] == [0, 0, 0, 0, 0]  # spent
    refused(s, act(0, "choose", at=1))
    s, events = run(s, act(0, "choose", at=3))
    row = summary(s)["row"]
    assert (row[1]["suspect"], row[1]["alive"]) == (3, False)
    assert (row[3]["suspect"], row[3]["alive"]) == (1, True)
    assert of_type(events, "died")[0]["suspect"] == 3
    # the suspect above the evaluated pile died: the evaluation is over (the Delay is never revealed)
    assert revealed(events) == [] and summary(s)["review"] is None


def test_h31_the_misaddressed_kill_is_a_new_kill_with_its_protections() -> None:
    s = table(loupe=4, piles={1: ["murder", "wrong_address"]})
    s.rotated = (False, False, False, True, False)
    s, _ = run(s, act(0, "end"))
    s, events = run(s, act(0, "choose", at=3))
    assert [e["by"] for e in of_type(events, "saved")] == ["rotated"]
    assert all(spot["alive"] for spot in summary(s)["row"])


def test_h31_outside_a_review_a_half_turn_does_not_save() -> None:
    s = table(hands={0: ["nobody_around"]})
    s.rotated = (False, False, False, True, False)
    s, events = run(s, act(0, "play", card="nobody_around", at=3, up=True))
    assert of_type(events, "died") and summary(s)["rotated"] == []  # a dead suspect is not turned


# ---------------------------------------------------------------- H32, H33: nested evaluations, Dying Breath


def test_h32_h33_dying_breath_in_a_review_nests_an_evaluation_sharing_the_counts() -> None:
    s, events = review(piles={1: ["delay", "dying_breath", "threat", "bodyguard"], 3: ["mover"],
                              4: ["delay", "delay"]})
    assert revealed(events) == ["bodyguard", "threat", "dying_breath", "mover"]
    assert of_type(events, "shielded")[0]["card"] == "dying_breath"
    out = summary(s)
    assert out["pending"]["kind"] == "mover" and out["reviews"] == 2
    # the pile under evaluation is not a candidate: pile 3, not the smaller rest of pile 1
    assert out["review"]["at"] == 3 and out["review"]["cause"] == "dying_breath"
    assert out["review"]["threats"] == [0, 1, 0, 0, 0] and out["review"]["shields"] == [0] * 5
    assert out["review_extra"]["outer"] == [{"at": 1, "cause": "loupe", "stopped": False,
                                             "revealed": ["bodyguard", "threat", "dying_breath"]}]
    s, events = run(s, act(0, "choose", at=2))
    # the nested evaluation ends; the one under it goes on with the Delay
    assert revealed(events) == ["delay"] and summary(s)["review"] is None


def test_h33_dying_breath_in_regular_play_starts_a_review_of_its_own() -> None:
    s = table(hands={0: ["dying_breath"]}, piles={1: ["delay", "delay"], 3: ["murder"]}, market=[], deck=[])
    s, events = run(s, act(0, "play", card="dying_breath", at=4, up=True))
    assert [e["suspect"] for e in of_type(events, "died")] == [4, 3]
    assert of_type(events, "evaluating")[0]["cause"] == "dying_breath" and summary(s)["reviews"] == 1
    # no refill and no review left open; the seat plays on
    assert not of_type(events, "market_filled") and summary(s)["review"] is None and s.phase == "play"


def test_h33_a_tie_for_the_smallest_pile_is_the_active_seats_pick() -> None:
    s = table(hands={0: ["dying_breath"]}, piles={1: ["delay"], 3: ["murder"]}, first_round_over=False)
    s, _ = run(s, act(0, "play", card="dying_breath", at=4, up=True))
    out = summary(s)
    # counted as a review begun before the tie is picked, and allowed in the first round (H32)
    assert out["pending"] == {"kind": "breath", "seat": 0, "options": [1, 3]} and out["reviews"] == 1
    assert out["first_round"] and out["review"] is None
    s, events = run(s, act(0, "choose", at=3))
    assert of_type(events, "died")[0]["suspect"] == 3


def test_h33_with_no_pile_left_nothing_is_evaluated() -> None:
    s = table(hands={0: ["dying_breath"]})
    s, events = run(s, act(0, "play", card="dying_breath", at=4, up=True))
    assert of_type(events, "died") and not of_type(events, "evaluating") and summary(s)["reviews"] == 0


# ---------------------------------------------------------------- H34: Sniper


def test_h34_the_sniper_evaluates_a_neighbour_then_kills_who_stands_there() -> None:
    s, _ = review(piles={1: ["delay", "sniper"], 0: ["delay"], 2: ["threat"]})
    assert summary(s)["pending"] == {"kind": "sniper", "seat": 0, "options": [0, 2]}
    s, events = run(s, act(0, "choose", at=2))
    # the sniped pile, then the rest of the pile the Sniper came from
    assert revealed(events) == ["threat", "delay"] and of_type(events, "died")[0] == {
        "type": "died", "suspect": 2, "name": "Col. Mustard", "at": 2, "card": "sniper"}
    assert summary(s)["reviews"] == 2


def test_h34_protections_gathered_in_the_sniped_pile_apply() -> None:
    s, _ = review(piles={1: ["delay", "sniper"], 0: ["delay"], 2: ["bodyguard"]})
    s, events = run(s, act(0, "choose", at=2))
    assert of_type(events, "shielded")[0]["card"] == "sniper" and summary(s)["row"][2]["alive"]


def test_h34_the_pile_under_evaluation_is_no_target() -> None:
    # Dying Breath in pile 1 nests pile 2's evaluation; its Sniper cannot aim back at pile 1
    _, events = review(piles={1: ["delay", "delay", "dying_breath", "bodyguard"], 2: ["sniper"],
                              3: ["delay", "delay"]})
    assert of_type(events, "sniped")[0]["at"] == 3
    assert of_type(events, "evaluating")[-1]["at"] == 3


# ---------------------------------------------------------------- H35: Back to the top, On the clock


def test_h35_back_to_the_top_reveals_from_the_bottom() -> None:
    s, events = review(piles={1: ["murder", "delay", "stop"], 4: ["^back_to_top"]})
    assert revealed(events)[0] == "murder" and summary(s)["eliminated"] == [1]
    s, events = review(piles={1: ["murder", "delay", "stop"], 4: ["back_to_top"]})  # face down: not showing
    assert revealed(events) == ["stop"]


def test_h35_on_the_clock_stops_after_two_revealed_cards() -> None:
    s, events = review(piles={1: ["murder", "delay", "delay", "on_the_clock"]})
    assert revealed(events) == ["on_the_clock", "delay"] and summary(s)["row"][1]["alive"]
    # the last card: nothing is left, so it is not a stop
    s, events = review(piles={1: ["delay", "on_the_clock"]})
    assert revealed(events) == ["on_the_clock", "delay"]
    assert not [e for e in of_type(events, "clock") if e["stopped"]]


def test_h35_a_card_a_bomb_turns_up_is_not_revealed_by_the_evaluation() -> None:
    s, events = review(piles={1: ["murder", "delay", "delay", "bomb"], 2: ["on_the_clock"]})
    assert revealed(events) == ["bomb", "delay"] and summary(s)["row"][1]["alive"]
