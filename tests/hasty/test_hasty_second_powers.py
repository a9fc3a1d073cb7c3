"""Rulings H45-H51: the Suspect Powers (Ms. Scarlett, Bella Baker, Col. Mustard, Prof. Plum, Monsieur
Brunette, Rev. Green, Mrs. Peacock, Madame Rose, Doctor White) and drawing; with the contract's tricky
pairs: Madame Rose, Doctor White with Speedy, Scarlett's hand limit."""

from __future__ import annotations

from typing import Any

from hasty_helpers import act, of_type, piles, refused, run, summary
from second_helpers import table

from controller.games.hasty import GameState
from controller.games.hasty.mechanics import shuffle


def powered(players: int = 3, **layout: Any) -> GameState:
    """Every set, powers on, all nine suspects (seat i holds suspect i unless ``secrets`` says)."""
    return table(players, powers=True, suspects=9, **layout)


def kill_by_hand(s: GameState, *suspects: int) -> None:
    """Suspects that died before the position (no one holds them)."""
    for slot in s.row:
        if s.suspect_at[slot] in suspects:
            s.dead[slot] = True


# ---------------------------------------------------------------- H45: when a power acts


def test_h45_a_play_power_acts_after_the_card_is_resolved() -> None:
    s = powered(hands={0: ["mover"]}, piles={2: ["stop", "murder"]}, rolls=[0, 0])
    s, events = run(s, act(0, "play", card="mover", at=2, up=True))
    assert summary(s)["pending"]["kind"] == "mover" and not of_type(events, "power")
    s, events = run(s, act(0, "choose", at=0))
    assert [e["type"] for e in events][-1] == "power" and events[-1]["suspect"] == 2
    assert piles(s)[2] == ["murder", "^mover", "stop"]  # Col. Mustard's pile shuffled (rolls 0, 0)


def test_h45_a_power_acts_on_the_suspects_pile_as_it_is_then() -> None:
    s = powered(hands={0: ["switcheroo"]}, piles={2: ["stop"], 5: ["murder", "bomb"]}, rolls=[0])
    s, _ = run(s, act(0, "play", card="switcheroo", at=2, up=True), act(0, "choose", swap=[2, 5]))
    # Col. Mustard now stands over pile 5: that is the pile his power shuffles
    assert summary(s)["row"][5]["suspect"] == 2 and piles(s)[5] == ["bomb", "murder"]
    assert piles(s)[2] == ["stop", "^switcheroo"]


def test_h45_no_power_for_a_card_that_arrives_another_way() -> None:
    s = powered(hands={0: ["question", "stop"]})
    s, _ = run(s, act(0, "play", card="question", at=4, up=True), act(0, "choose", card="stop", ask=1),
               act(1, "choose", at=0))
    assert piles(s)[0] == ["^stop"] and summary(s)["rotated"] == []  # no half turn for Ms. Scarlett


def test_h45_no_play_power_when_its_suspect_died_of_the_card() -> None:
    s = powered(hands={0: ["nobody_around"]}, secrets=[0, 1, 3])
    s, events = run(s, act(0, "play", card="nobody_around", at=2, up=True))
    assert of_type(events, "died")[0]["suspect"] == 2 and not of_type(events, "power")


def test_h45_the_power_is_the_one_the_suspect_had_when_the_card_was_placed() -> None:
    # a Dying Breath on Madame Rose: she escapes and takes Ms. Scarlett's power (a play power), which
    # does not act for the card that was placed before she had it
    s = powered(hands={0: ["dying_breath"]}, secrets=[1, 2, 3], piles={8: ["delay"], 2: ["delay"]})
    kill_by_hand(s, 0)
    s, events = run(s, act(0, "play", card="dying_breath", at=8, up=True))
    assert summary(s)["tucked"] == 0 and summary(s)["row"][8]["alive"]
    assert summary(s)["rotated"] == [] and not of_type(events, "power")


# ---------------------------------------------------------------- H46: rotation and the hand limit


def test_h46_scarlett_turns_at_each_play_on_her_pile_face_up_or_down() -> None:
    s = powered(hands={0: ["delay", "delay"]})
    s, _ = run(s, act(0, "play", card="delay", at=0, up=False))
    assert summary(s)["rotated"] == [0] and summary(s)["hand_limit"] == 1
    s, _ = run(s, act(0, "play", card="delay", at=0, up=True))
    assert summary(s)["rotated"] == [] and summary(s)["hand_limit"] == 4


def test_h46_baker_turns_her_living_neighbours() -> None:
    s = powered(hands={0: ["delay"]})
    kill_by_hand(s, 7)
    s, events = run(s, act(0, "play", card="delay", at=6, up=False))
    assert summary(s)["rotated"] == [5] and of_type(events, "power")[0]["rotated"] == [5]


def test_h46_a_turned_suspect_is_saved_once_in_a_review_and_a_dead_one_is_not_turned() -> None:
    s = powered(hands={0: ["delay"]}, piles={0: ["murder", "murder", "delay"]}, loupe=8, secrets=[1, 2, 3])
    s, _ = run(s, act(0, "play", card="delay", at=0, up=False))
    assert summary(s)["rotated"] == [0]
    s.loupe, s.steps = 8, 1
    s, events = run(s, act(0, "end"))
    assert [e["by"] for e in of_type(events, "saved")] == ["rotated"]
    assert of_type(events, "died")[0]["suspect"] == 0 and summary(s)["rotated"] == []
    assert summary(s)["hand_limit"] == 4


def test_h46_scarletts_hand_limit_fills_hands_to_one_and_keeps_bigger_ones() -> None:
    s = powered(hands={0: ["delay"], 1: ["stop", "stop", "stop"]}, market=["bomb", "mover", "jester", "stop"],
                deck=["murder"] * 10, piles={3: ["delay", "delay"]}, loupe=8)
    s, _ = run(s, act(0, "play", card="delay", at=0, up=False))
    s.loupe, s.steps = 8, 1
    s, _ = run(s, act(0, "end"))
    # seat 0 (empty hand) picks one card; seat 1 keeps its three; seat 2 picks one; market back to 4
    assert summary(s)["pending"] == {"kind": "market", "seat": 0, "count": 1}
    s, _ = run(s, act(0, "choose", cards=["bomb"]))
    s, _ = run(s, act(2, "choose", cards=["mover"]))
    out = summary(s)
    assert [len(h) for h in out["hands"]] == [1, 3, 1] and len(out["market"]) == 4 and out["hand_limit"] == 1


def test_h46_madame_rose_with_scarletts_power_sets_the_limit_when_turned() -> None:
    s = powered(hands={0: ["delay"]}, secrets=[1, 2, 3])
    kill_by_hand(s, 0)
    s.tucked = 0
    s, _ = run(s, act(0, "play", card="delay", at=8, up=False))
    assert summary(s)["rotated"] == [8] and summary(s)["hand_limit"] == 1


# ---------------------------------------------------------------- H47: Mustard, Plum, Brunette


def test_h47_mustard_shuffles_his_pile_faces_kept() -> None:
    s = powered(hands={0: ["delay"]}, piles={2: ["murder", "^stop"]}, rolls=[2, 1])
    s, _ = run(s, act(0, "play", card="delay", at=2, up=False))
    expected = list(shuffle(powered(rolls=[2, 1]).copy(), (0, 1, 2)))  # the same numbers on three items
    names = ["murder", "^stop", "delay"]
    assert piles(s)[2] == [names[i] for i in expected] and summary(s)["rolls_used"] == 2


def test_h47_plum_takes_face_up_cards_that_give_no_step() -> None:
    s = powered(hands={0: ["delay", "delay"]})
    assert refused(s, act(0, "play", card="delay", at=3, up=False)).code == "face_up_only"
    s, _ = run(s, act(0, "play", card="delay", at=3, up=True))
    assert summary(s)["plays"] == 1 and summary(s)["steps"] == 0


def test_h47_with_back_alley_showing_nothing_goes_on_plums_pile() -> None:
    s = powered(hands={0: ["delay"]}, piles={5: ["^back_alley"]})
    refused(s, act(0, "play", card="delay", at=3, up=False))
    refused(s, act(0, "play", card="delay", at=3, up=True))
    # with Show me your hands showing too, face up to the bottom is the rule, and Plum agrees
    s = powered(hands={0: ["delay"]}, piles={5: ["^back_alley"], 6: ["^show_hands"], 3: ["stop"]})
    s, _ = run(s, act(0, "play", card="delay", at=3, up=True))
    assert piles(s)[3] == ["^delay", "stop"] and summary(s)["steps"] == 0


def test_h47_brunette_steals_a_random_card_of_a_pile_or_a_hand() -> None:
    s = powered(hands={0: ["delay"], 2: ["stop", "murder"]}, piles={1: ["bomb", "^jester", "mover"]},
                rolls=[4])
    s, _ = run(s, act(0, "play", card="delay", at=7, up=False))
    assert summary(s)["pending"] == {"kind": "brunette", "seat": 0}
    refused(s, act(0, "choose", at=3))  # an empty pile
    refused(s, act(0, "choose", hand=0))  # its own hand
    s, events = run(s, act(0, "choose", at=1))
    # 4 mod 4 (the Delay just played is in pile 7, not pile 1: 3 cards): 4 mod 3 = 1, the Jester
    assert piles(s)[1] == ["bomb", "mover"] and summary(s)["hands"][0] == ["jester"]
    assert of_type(events, "stolen")[0]["shown"] == ["jester"]
    s = powered(hands={0: ["delay"], 2: ["stop", "murder"]}, rolls=[3])
    s, events = run(s, act(0, "play", card="delay", at=7, up=False))
    # only seat 2's hand and pile 7 offer a card: two options
    s, events = run(s, act(0, "choose", hand=2))
    assert summary(s)["hands"][0] == ["stop"] and summary(s)["hands"][2] == ["murder"]  # 3 mod 2 = 1


# ---------------------------------------------------------------- H48: Green, Peacock


def test_h48_greens_death_redeals_seven_to_each_seat_still_in() -> None:
    deck = ["murder"] * 7 + ["stop"] * 7 + ["bomb"] * 7
    s = powered(hands={0: ["nobody_around", "delay"], 2: ["jester"]}, deck=deck, secrets=[0, 2, 3])
    s, events = run(s, act(0, "play", card="nobody_around", at=1, up=True))
    # from the active seat on: seat 0 draws the first seven
    assert summary(s)["hands"] == [["murder"] * 7, ["stop"] * 7, ["bomb"] * 7]
    assert [e["count"] for e in of_type(events, "drew")] == [7, 7, 7]
    s = powered(hands={0: ["nobody_around", "delay"]}, secrets=[0, 2, 3], big_hands=True)
    s, events = run(s, act(0, "play", card="nobody_around", at=1, up=True))
    assert summary(s)["hands"][0] == ["delay"] and not of_type(events, "drew")


def test_h48_peacocks_death_shuffles_the_living_tiles_and_leaves_the_piles() -> None:
    s = powered(hands={0: ["nobody_around"]}, piles={5: ["murder"]}, rolls=[3, 1, 4, 1, 5, 9, 2])
    s, _ = run(s, act(0, "play", card="nobody_around", at=4, up=True))
    living = [0, 1, 2, 3, 5, 6, 7, 8]
    expected = shuffle(powered(rolls=[3, 1, 4, 1, 5, 9, 2]).copy(), tuple(living))
    row = summary(s)["row"]
    assert [row[p]["suspect"] for p in living] == list(expected) and row[4] == {"suspect": 4, "alive": False,
                                                                                  "pile": []}
    assert piles(s)[5] == ["murder"]


# ---------------------------------------------------------------- H50: Madame Rose


def test_h50_rose_dies_when_nobody_is_dead() -> None:
    s = powered(hands={0: ["nobody_around"]})
    s, events = run(s, act(0, "play", card="nobody_around", at=8, up=True))
    assert of_type(events, "died")[0]["suspect"] == 8 and summary(s)["tucked"] is None


def test_h50_rose_escapes_and_the_active_seat_tucks_a_dead_suspect() -> None:
    s = powered(hands={0: ["nobody_around"]}, secrets=[1, 2, 3])
    kill_by_hand(s, 0, 4)
    s, _ = run(s, act(0, "play", card="nobody_around", at=8, up=True))
    assert summary(s)["pending"] == {"kind": "tuck", "seat": 0, "options": [0, 4]}
    refused(s, act(0, "choose", suspect=5))
    s, _ = run(s, act(0, "choose", suspect=4))
    assert summary(s)["tucked"] == 4 and summary(s)["row"][8]["alive"]


def test_h50_a_later_kill_kills_her_and_the_power_she_took_over_acts() -> None:
    s = powered(hands={0: ["nobody_around", "nobody_around"]}, secrets=[0, 2, 3], deck=["murder"] * 30)
    kill_by_hand(s, 1)  # Rev. Green is dead
    s, _ = run(s, act(0, "play", card="nobody_around", at=8, up=True))
    assert summary(s)["tucked"] == 1
    s, events = run(s, act(0, "play", card="nobody_around", at=8, up=True))
    assert of_type(events, "died")[0]["suspect"] == 8
    assert of_type(events, "power")[0]["power"] == 1 and summary(s)["hands"][0] == ["murder"] * 7


def test_h50_rose_escapes_last_in_a_review_after_a_shield() -> None:
    s = powered(piles={8: ["murder", "murder", "bodyguard"]}, secrets=[1, 2, 3], loupe=8)
    kill_by_hand(s, 0)
    s, events = run(s, act(0, "end"))
    assert [e["type"] for e in events if e["type"] in ("shielded", "saved", "tucked")] == [
        "shielded", "saved", "tucked"]
    assert summary(s)["row"][8]["alive"]


# ---------------------------------------------------------------- H50: Doctor White


def test_h50_white_brings_back_a_dead_suspect_and_its_seat() -> None:
    s = powered(hands={0: ["nobody_around"]}, secrets=[0, 1, 3], deck=["stop"] * 10)
    kill_by_hand(s, 3, 4)
    s.eliminated[2] = True
    s.ended = [True, True, False]  # seat 2 went out before its first turn
    s, _events = run(s, act(0, "play", card="nobody_around", at=5, up=True))
    assert summary(s)["pending"] == {"kind": "revive", "seat": 0, "options": [3, 4]}
    s, _ = run(s, act(0, "choose", suspect=3))
    out = summary(s)
    assert out["row"][3] == {"suspect": 3, "alive": True, "pile": []} and out["eliminated"] == []
    assert out["hands"][2] == ["stop"] * 4
    # reviews were open and stay open, though seat 2 never had a turn
    assert out["first_round"] is False


def test_h50_white_revives_neither_himself_nor_the_tucked_one_nor_whoever_set_it_off() -> None:
    # Madame Rose carrying White's power dies: she cannot bring herself back, nor White, nor the tucked one
    s = powered(hands={0: ["nobody_around"]}, secrets=[1, 2, 3])
    kill_by_hand(s, 5, 4)
    s.tucked = 5
    s, events = run(s, act(0, "play", card="nobody_around", at=8, up=True))
    assert of_type(events, "died")[0]["suspect"] == 8
    assert [e["suspect"] for e in of_type(events, "revived")] == [4] and summary(s)["pending"] is None


def test_h50_a_revived_rose_has_the_tucked_power_and_no_escape() -> None:
    s = powered(hands={0: ["nobody_around", "nobody_around"]}, secrets=[1, 2, 3])
    kill_by_hand(s, 8, 4)
    s.tucked = 4
    s, _ = run(s, act(0, "play", card="nobody_around", at=5, up=True))  # White dies, Rose is the only option
    assert summary(s)["row"][8]["alive"] and summary(s)["tucked"] == 4
    s, events = run(s, act(0, "play", card="nobody_around", at=8, up=True))
    assert of_type(events, "died")[0]["suspect"] == 8 and not of_type(events, "saved")
    assert of_type(events, "power")[0]["power"] == 4  # Mrs. Peacock's shuffle, the tucked power


def test_h50_doctor_white_with_speedy_brings_a_new_tile_at_the_right_end() -> None:
    s = powered(secrets=[0, 1, 3], speedy=True, piles={5: ["murder", "delay", "delay"]}, loupe=0,
                deck=["stop"] * 10, market=["stop"] * 4)
    # suspects 3 and 4 died earlier: under Speedy their tiles left the row
    s.row = [slot for slot in s.row if s.suspect_at[slot] not in (3, 4)]
    kill_by_hand(s, 3, 4)
    s.eliminated[2] = True
    s.loupe = len(s.row) - 1
    s, _events = run(s, act(0, "end"))
    out = summary(s)
    # White died during his own pile's evaluation: its tile left the row, the review goes on
    assert out["pending"] == {"kind": "revive", "seat": 0, "options": [3, 4]}
    assert out["review"]["at"] is None and out["review"]["cause"] == "loupe"
    s, _ = run(s, act(0, "choose", suspect=3))
    out = summary(s)
    assert [spot["suspect"] for spot in out["row"]] == [0, 1, 2, 6, 7, 8, 3]
    assert out["row"][-1] == {"suspect": 3, "alive": True, "pile": []} and out["eliminated"] == []


def test_h50_a_suspect_brought_back_in_a_review_starts_with_zero_counts() -> None:
    from controller.games.hasty.powers import revive
    from controller.games.hasty.state import Review

    s = powered(secrets=[0, 1, 2])
    kill_by_hand(s, 3)
    counts = (0, 0, 0, 2, 0, 0, 0, 0, 0)
    s.review = Review(s.row[1], "loupe", (), False, counts, counts, (), 1, 1, counts, counts, counts)
    s.rotated = (False,) * 3 + (True,) + (False,) * 5
    events: list[dict[str, object]] = []
    revive(s, 3, events)
    r = s.review
    assert (r.threats[3], r.shields[3], r.poison[3], r.armor[3], r.wrong[3]) == (0, 0, 0, 0, 0)
    assert summary(s)["row"][3] == {"suspect": 3, "alive": True, "pile": []} and summary(s)["rotated"] == []


# ---------------------------------------------------------------- H51: drawing


def test_h51_a_draw_refills_the_deck_from_the_discard_pile_and_stops_when_both_are_empty() -> None:
    s = table(hands={0: ["hasty"]}, deck=["stop"])
    s.discard[0] = 1  # a Murder in the discard pile
    s, events = run(s, act(0, "play", card="hasty", at=1, up=True), act(0, "choose", hasty="draw"))
    assert summary(s)["hands"][0] == ["murder", "stop"] and of_type(events, "reshuffled")
    assert of_type(events, "drew")[0]["count"] == 2


# ---------------------------------------------------------------- H49, H14: random picks, single options


def test_h49_a_random_pick_of_a_pile_counts_from_the_bottom() -> None:
    # Brunette's steal from the pile at 1 (bomb, murder, stop from the bottom) with the roll 7: 7 mod 3 = 1
    s = powered(hands={0: ["delay"]}, piles={1: ["bomb", "murder", "stop"]}, rolls=[7])
    s, _ = run(s, act(0, "play", card="delay", at=7, up=False))
    assert summary(s)["pending"] == {"kind": "brunette", "seat": 0}
    s, _ = run(s, act(0, "choose", at=1))
    assert summary(s)["hands"][0] == ["murder"] and piles(s)[1] == ["bomb", "stop"]
    assert summary(s)["rolls_used"] == 1
    # a hand: sorted in card order first (stop, jester, bomb), then roll 5 mod 3 = 2: the Bomb
    s = powered(hands={0: ["delay"], 2: ["bomb", "stop", "jester"]}, rolls=[5])
    s, _ = run(s, act(0, "play", card="delay", at=7, up=False), act(0, "choose", hand=2))
    assert summary(s)["hands"][0] == ["bomb"] and summary(s)["hands"][2] == ["stop", "jester"]


def test_h14_single_options_are_taken_unasked_in_the_second_editions_choices() -> None:
    # Wrong address with one other living suspect: the swap is made unasked
    s = table(loupe=4, piles={1: ["murder", "wrong_address"]})
    for slot in s.row:
        if s.suspect_at[slot] not in (1, 2):
            s.dead[slot] = True
    s, events = run(s, act(0, "end"))
    assert of_type(events, "swapped")[0]["card"] == "wrong_address" and s.pending is None
    # Spread the love with one other living suspect: every card goes there unasked
    s = table(hands={0: ["spread"]}, piles={0: ["murder", "stop"]})
    for slot in s.row[2:]:
        s.dead[slot] = True
    s, _ = run(s, act(0, "play", card="spread", at=0, up=True))
    assert piles(s)[:2] == [["^spread"], ["^stop", "^murder"]] and s.pending is None
    # a Private Investigator with one other seat still in, played by a seat that is out: one look
    s = table(loupe=4, piles={1: ["private_investigator"]})
    s.eliminated[0] = s.eliminated[1] = True
    s, _ = run(s, act(0, "end"))
    assert summary(s)["peeks"][0] == [{"secret": 2, "suspect": 2}]


def test_h14_a_choice_with_no_option_does_nothing() -> None:
    # a Sniper with both neighbours under evaluation or dead; a Thief with no hand to rob
    s = table(hands={0: ["thief"]})
    s, events = run(s, act(0, "play", card="thief", at=1, up=True))
    assert s.pending is None and not of_type(events, "stolen")
    s = table(hands={0: ["double_cross"]})
    s, events = run(s, act(0, "play", card="double_cross", at=1, up=True))
    assert s.pending is not None and s.pending.kind == "double"  # its own card is in the pile: it moves
    s = table(loupe=4, piles={1: ["delay", "delay", "double_cross"]})
    s, events = run(s, act(0, "end"))
    assert summary(s)["pending"]["kind"] == "double"  # the rest of the pile goes
