"""Rulings H14-H20: choices and the cards' effects."""

from __future__ import annotations

from hasty_helpers import act, of_type, piles, position, refused, run, summary

from controller.games.hasty import legal_moves, public_view, seat_view


def test_h14_a_choice_with_one_option_is_made_without_asking_and_with_none_does_nothing() -> None:
    # the Sidekick at 0 has one living neighbour (1), which holds a Sidekick: suspect 0 dies at once
    s = position(hands={0: ["sidekick", "delay"]}, piles={1: ["sidekick"]})
    s, events = run(s, act(0, "play", card="sidekick", at=0, up=True))
    assert summary(s)["pending"] is None and of_type(events, "sidekick") == [
        {"type": "sidekick", "at": 1, "found": True}]
    # a Burning Question with an empty hand does nothing
    s = position(hands={0: ["question"]})
    s, events = run(s, act(0, "play", card="question", at=2, up=True))
    assert summary(s)["pending"] is None and not of_type(events, "asked")
    # investigate always asks, even of a seat that could see only one thing
    s = position(2, hands={0: ["investigator"]})
    s, _ = run(s, act(0, "play", card="investigator", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "investigate", "seat": 0}
    assert legal_moves(s, 0) == [{"act": "choose", "kind": "investigate", "at": [0, 1, 2, 3, 4], "hand": [1]}]


def test_h14_keys_that_do_not_fit_the_choice_are_refused() -> None:
    s = position(hands={0: ["mover"]}, loupe=2)
    s, _ = run(s, act(0, "play", card="mover", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "mover", "seat": 0}
    refused(s, act(0, "choose", hand=1))
    refused(s, act(0, "choose", at=2))  # the loupe is there already
    refused(s, act(0, "end"))
    refused(s, act(0, "play", card="mover", at=1, up=True))
    s, _ = run(s, act(0, "choose", at=4))
    assert summary(s)["loupe"] == 4


def test_h15_a_bomb_sets_off_the_left_neighbour_fully_before_the_right() -> None:
    s = position(hands={0: ["bomb"]}, piles={1: ["stop", "mover"], 3: ["delay", "murder"]}, loupe=0)
    s, events = run(s, act(0, "play", card="bomb", at=2, up=True))
    # the left Mover asks first; the right Murder waits (and in regular play does nothing)
    assert summary(s)["pending"] == {"kind": "mover", "seat": 0} and not of_type(events, "bombed")[1:]
    assert piles(s)[1] == ["stop", "^mover"] and piles(s)[3] == ["delay", "murder"]
    s, events = run(s, act(0, "choose", at=3))
    assert piles(s)[3] == ["delay", "^murder"] and summary(s)["row"][3]["alive"]
    assert summary(s)["loupe"] == 3 and summary(s)["steps"] == 1


def test_h15_in_a_review_a_bombs_murder_kills_the_neighbour_and_a_stop_ends_the_pile() -> None:
    s = position(loupe=4, piles={1: ["stop"], 2: ["threat", "murder", "bomb"], 3: ["delay", "murder"]})
    s, events = run(s, act(0, "end"))
    assert [e["card"] for e in of_type(events, "bombed")] == ["stop", "murder"]
    out = summary(s)
    # suspect 3 died (no one's), the Stop ended the evaluated pile: its Murder and Threat never acted
    assert not out["row"][3]["alive"] and out["row"][2]["alive"] and piles(s)[1] == ["^stop"]
    assert [e["card"] for e in of_type(events, "revealed")] == ["bomb"]


def test_h15_a_bomb_turned_up_by_a_bomb_does_nothing() -> None:
    s = position(hands={0: ["bomb"]}, piles={1: ["bomb"], 0: ["jester"]}, rolls=[5])
    s, events = run(s, act(0, "play", card="bomb", at=2, up=True))
    assert [e["at"] for e in of_type(events, "bombed")] == [1] and piles(s)[1] == ["^bomb"]
    assert piles(s)[0] == ["jester"]


def test_h16_the_sidekick_kills_when_the_chosen_pile_holds_a_sidekick_of_either_face() -> None:
    s = position(hands={0: ["sidekick"]}, piles={1: ["stop"], 3: ["^sidekick", "delay"]})
    s, _ = run(s, act(0, "play", card="sidekick", at=2, up=True))
    assert summary(s)["pending"] == {"kind": "sidekick", "seat": 0, "options": [1, 3]}
    refused(s, act(0, "choose", at=0))
    safe, events = run(s, act(0, "choose", at=1))
    assert summary(safe)["row"][2]["alive"] and of_type(events, "sidekick")[0]["found"] is False
    dead, _ = run(s, act(0, "choose", at=3))
    assert not summary(dead)["row"][2]["alive"] and summary(dead)["eliminated"] == [2]


def test_h17_the_jester_shuffles_below_itself_and_in_a_review_the_rest_of_the_pile() -> None:
    s = position(hands={0: ["jester"]}, piles={1: ["murder", "^stop"]}, rolls=[1])
    s, _ = run(s, act(0, "play", card="jester", at=1, up=True))
    assert piles(s)[1] == ["murder", "^stop", "^jester"] and summary(s)["rolls_used"] == 1
    s = position(loupe=4, piles={1: ["murder", "^stop", "threat", "jester"]}, rolls=[0, 0])
    s, events = run(s, act(0, "end"))
    # below the Jester: murder stop threat; i=2: j=0 -> threat stop murder; i=1: j=0 -> stop threat murder
    assert [e["card"] for e in of_type(events, "revealed")] == ["jester", "murder"]
    assert summary(s)["eliminated"] == [1]
    assert of_type(events, "shuffled") == [{"type": "shuffled", "at": 1, "count": 3}]


def test_h18_the_burning_question_hands_a_card_to_a_pile_the_asked_seat_names() -> None:
    s = position(hands={0: ["question", "murder", "stop"]})
    s, _ = run(s, act(0, "play", card="question", at=4, up=True))
    assert summary(s)["pending"] == {"kind": "question", "seat": 0}
    refused(s, act(0, "choose", card="murder", ask=0))  # not itself
    refused(s, act(0, "choose", card="bomb", ask=1))  # not in its hand
    s, _events = run(s, act(0, "choose", card="murder", ask=2))
    assert summary(s)["pending"] == {"kind": "question_pile", "seat": 2, "card": "murder", "from": 0}
    assert summary(s)["hands"][0] == ["stop"] and summary(s)["waiting"] == 2 and summary(s)["turn"] == 0
    assert public_view(s)["pending"]["card"] == "murder"
    refused(s, act(0, "choose", at=1))
    s, _ = run(s, act(2, "choose", at=1))
    out = summary(s)
    assert piles(s)[1] == ["^murder"] and out["row"][1]["alive"]  # it does not act
    assert out["plays"] == 1 and out["steps"] == 1 and out["waiting"] == 0


def test_h19_the_investigator_shows_one_seat_a_pile_or_a_hand() -> None:
    s = position(hands={0: ["investigator", "investigator"], 2: ["murder", "bomb"]},
                 piles={1: ["murder", "^stop"]})
    s, _ = run(s, act(0, "play", card="investigator", at=3, up=False),
               act(0, "play", card="investigator", at=3, up=True))
    refused(s, act(0, "choose", hand=0))
    s, events = run(s, act(0, "choose", hand=2))
    assert of_type(events, "investigated") == [{"type": "investigated", "seat": 0, "hand": 2}]
    assert summary(s)["peeks"][0] == [{"hand": 2, "cards": ["murder", "bomb"]}]
    assert seat_view(s, 0)["peeks"] == [{"hand": 2, "cards": ["murder", "bomb"]}]
    assert seat_view(s, 2)["peeks"] == [] and "peeks" not in public_view(s)
    # a pile: every card, bottom to top, as it was when seen
    s = position(hands={0: ["investigator"]}, piles={1: ["murder", "^stop"]})
    s, _ = run(s, act(0, "play", card="investigator", at=1, up=True), act(0, "choose", at=1))
    assert summary(s)["peeks"][0] == [{"pile": 1, "cards": ["murder", "stop", "investigator"]}]


def test_h20_the_mover_moves_the_loupe_without_a_wrap_or_review() -> None:
    s = position(hands={0: ["mover"]}, loupe=4, piles={1: ["murder"]})
    s, _ = run(s, act(0, "play", card="mover", at=1, up=True), act(0, "choose", at=0))
    assert summary(s)["loupe"] == 0 and summary(s)["reviews"] == 0


def test_h20_the_switcheroo_swaps_tiles_over_their_piles_or_flips_a_pile() -> None:
    s = position(hands={0: ["switcheroo", "switcheroo"]}, piles={1: ["murder", "^stop", "threat"]})
    s, _ = run(s, act(0, "play", card="switcheroo", at=4, up=True))
    assert summary(s)["pending"] == {"kind": "switcheroo", "seat": 0}
    refused(s, act(0, "choose", swap=[1, 1]))
    refused(s, act(0, "choose", flip=0))  # a pile of fewer than two cards
    s, _events = run(s, act(0, "choose", swap=[3, 1]))
    assert [spot["suspect"] for spot in summary(s)["row"]] == [0, 3, 2, 1, 4]
    assert piles(s)[1] == ["murder", "^stop", "threat"]  # the piles stay
    s, _ = run(s, act(0, "play", card="switcheroo", at=4, up=True), act(0, "choose", flip=1))
    assert piles(s)[1] == ["threat", "^stop", "murder"]
