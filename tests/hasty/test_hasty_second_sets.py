"""Rulings H25-H27 and H36: the card sets, the new cards' table, what "visible" means, and the rules
that hold while Show me your hands or Back Alley shows."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hasty_helpers import act, of_type, piles, refused, run, summary
from second_helpers import ALL_SETS, table

from controller.games.hasty import DealError, deal_cards, new_game
from controller.games.hasty.cards import ALL_CARDS, CARDS, KEYS, default_deck
from controller.games.hasty.deal import Deal, Options
from controller.games.hasty.mechanics import draw

#: H26's table, as the contract prints it: key, set, trigger (R review, P play, - always), count
H26 = [
    ("poison", "advanced", "-", 6), ("armor", "advanced", "-", 6), ("antidote", "advanced", "-", 4),
    ("dying_breath", "advanced", "-", 4), ("safe_stop", "advanced", "R", 4),
    ("back_to_top", "advanced", "P", 4),
    ("back_alley", "advanced", "P", 4), ("time_bomb", "advanced", "-", 4), ("rebel", "advanced", "P", 4),
    ("show_hands", "advanced", "P", 4), ("walk_back", "advanced", "-", 4), ("hasty", "advanced", "-", 4),
    ("sniper", "expert", "R", 4), ("nobody_around", "expert", "-", 4), ("last_ditch", "expert", "-", 4),
    ("wrong_address", "expert", "-", 4), ("memory_wipe", "expert", "-", 4), ("tangled", "expert", "-", 4),
    ("spread", "expert", "-", 4), ("double_cross", "expert", "-", 4),
    ("private_investigator", "expert", "-", 4), ("revelation", "expert", "-", 4), ("thief", "expert", "-", 4),
    ("on_the_clock", "expert", "R", 4),
]
TRIGGER = {"R": "review", "P": "play", "-": "always"}


def test_h25_options_default_to_the_base_set_without_powers() -> None:
    opts = Options.read(3, {})
    assert opts.sets == ("base",) and opts.powers is False and not opts.second_edition
    assert Options.read(3, {"sets": ["expert", "base"], "powers": True}).sets == ("expert", "base")


@pytest.mark.parametrize("bad", [[], ["base", "base"], ["basic"], "base", [1], None])
def test_h25_sets_must_be_a_non_empty_list_of_distinct_known_names(bad: object) -> None:
    with pytest.raises(DealError, match="sets"):
        Options.read(3, {"sets": bad})


def test_h25_powers_must_be_true_or_false() -> None:
    with pytest.raises(DealError, match="powers"):
        Options.read(3, {"powers": 1})


def test_h25_the_default_deck_goes_set_by_set_with_its_counts() -> None:
    assert len(default_deck(["base"])) == 56
    assert len(default_deck(["advanced"])) == 52
    assert len(default_deck(["expert"])) == 48
    both = default_deck(["expert", "advanced"])  # the order of the sets named does not matter
    assert both == default_deck(["advanced"]) + default_deck(["expert"])
    every = default_deck(ALL_SETS)
    assert len(every) == 156 and every[:56] == default_deck()


def test_h25_a_seeded_deal_shuffles_the_default_deck_of_the_chosen_sets() -> None:
    deal = deal_cards(4, random.Random(5), sets=["advanced", "expert"], powers=True)
    assert Counter(deal.deck) == Counter(default_deck(["advanced", "expert"]))
    assert deal.options.powers and deal.options.sets == ("advanced", "expert")
    # the base game's seeded deal is what it always was
    assert deal_cards(4, random.Random(5)) == deal_cards(4, random.Random(5), sets=["base"], powers=False)


def test_h25_a_deck_may_only_name_cards_of_the_chosen_sets() -> None:
    with pytest.raises(DealError):
        Deal.from_dict(2, {"deck": ["murder"] * 11 + ["poison"], "secrets": [0, 1]})
    # an advanced-only deck has no Murder: the table's choice
    s = new_game(Deal.from_dict(2, {"deck": ["poison"] * 12, "secrets": [0, 1]}, {"sets": ["advanced"]}))
    assert summary(s)["hands"][0] == ["poison"] * 4


def test_h25_card_order_is_the_base_cards_then_the_advanced_then_the_expert() -> None:
    assert [c.key for c in CARDS] == list(KEYS[:12])
    assert [c.key for c in ALL_CARDS[12:]] == [key for key, *_ in H26]
    # the discard pile becomes a deck sorted in card order before its shuffle (H13, H4)
    s = table(deck=[])
    s.discard[KEYS.index("on_the_clock")] = 1
    s.discard[KEYS.index("murder")] = 1
    s.discard[KEYS.index("poison")] = 1
    s.rolls, s.rolls_used = (0, 0), 0  # j = 0 each time: i=2 swaps with 0, then i=1 with 0
    events: list[dict[str, object]] = []
    assert draw(s, events) == KEYS.index("poison")
    assert [KEYS[c] for c in s.deck] == ["poison", "on_the_clock", "murder"]


@pytest.mark.parametrize(("key", "card_set", "trigger", "count"), H26)
def test_h26_each_new_card_has_its_set_trigger_and_count(key: str, card_set: str, trigger: str,
                                                         count: int) -> None:
    kind = ALL_CARDS[KEYS.index(key)]
    assert (kind.set, kind.trigger, kind.copies) == (card_set, TRIGGER[trigger], count)
    assert Counter(default_deck([card_set]))[key] == count


def test_h26_a_play_only_card_revealed_in_a_review_does_nothing() -> None:
    from second_helpers import review

    # a Rebel revealed in a review moves nothing; a Back to the top revealed is not "showing" either
    s, events = review(piles={1: ["murder", "rebel"], 3: ["delay"]})
    assert [e["card"] for e in of_type(events, "revealed")] == ["rebel", "murder"]
    assert not of_type(events, "rebel_moved") and summary(s)["eliminated"] == [1]


def test_h27_visible_means_face_up_on_top_of_a_living_pile() -> None:
    # Back Alley face down, or face up under another card, or on a dead suspect's pile: no rule
    for layout in ({1: ["back_alley"]}, {1: ["^back_alley", "delay"]}):
        s = table(hands={0: ["murder"]}, piles=layout)
        s, _ = run(s, act(0, "play", card="murder", at=2, up=True))
        assert piles(s)[2] == ["^murder"]
    s = table(hands={0: ["murder", "delay"]}, piles={1: ["^back_alley"]})
    s, _ = run(s, act(0, "play", card="murder", at=2, up=False))
    assert piles(s)[2] == ["murder"]  # the rule holds: to the bottom (of an empty pile), face down
    refused(s, act(0, "play", card="delay", at=2, up=True))


def test_h27_the_card_does_nothing_when_it_acts_and_two_copies_count_as_one() -> None:
    s = table(hands={0: ["back_alley", "stop"]}, piles={3: ["^back_alley"], 2: ["delay"]})
    s, events = run(s, act(0, "play", card="back_alley", at=1, up=False),
                    act(0, "play", card="stop", at=2, up=False))
    # the face-down Back Alley went under pile 1 (a card of its own rule), the Stop under pile 2
    assert piles(s)[1] == ["back_alley"] and piles(s)[2] == ["stop", "delay"]
    assert [e.get("bottom") for e in of_type(events, "played")] == [True, True]


def test_h36_show_me_your_hands_wants_one_face_up_card_a_turn() -> None:
    s = table(hands={0: ["murder", "stop", "delay"]}, piles={1: ["^show_hands"]})
    assert refused(s, act(0, "play", card="murder", at=2, up=False)).code == "face_up_only"
    s, _ = run(s, act(0, "play", card="murder", at=2, up=True))
    assert refused(s, act(0, "play", card="stop", at=3, up=True)).code == "one_play_only"
    s, _ = run(s, act(0, "end"))
    assert summary(s)["turn"] == 1


def test_h36_back_alley_sends_each_card_face_down_under_its_pile() -> None:
    s = table(hands={0: ["murder", "stop"]}, piles={1: ["^back_alley"], 2: ["delay", "^jester"]})
    assert refused(s, act(0, "play", card="murder", at=2, up=True)).code == "face_down_only"
    s, _ = run(s, act(0, "play", card="murder", at=2, up=False), act(0, "play", card="stop", at=2, up=False))
    assert piles(s)[2] == ["stop", "murder", "delay", "^jester"]
    assert summary(s)["steps"] == -2 and summary(s)["plays"] == 2


def test_h36_both_showing_one_face_up_card_a_turn_to_the_bottom() -> None:
    s = table(hands={0: ["mover", "stop"]}, piles={1: ["^back_alley"], 3: ["^show_hands"], 2: ["delay"]})
    assert refused(s, act(0, "play", card="stop", at=2, up=False)).code == "face_up_only"
    s, _ = run(s, act(0, "play", card="mover", at=2, up=True))
    assert piles(s)[2] == ["^mover", "delay"]  # at the bottom, face up: it acts
    assert summary(s)["pending"] == {"kind": "mover", "seat": 0}
    s, _ = run(s, act(0, "choose", at=0))
    assert refused(s, act(0, "play", card="stop", at=2, up=True)).code == "one_play_only"


def test_h36_the_rules_govern_plays_only_not_a_burning_question() -> None:
    s = table(hands={0: ["question", "murder"]}, piles={1: ["^back_alley"]})
    # Back Alley: the Question itself must go face down under a pile, and then does nothing
    s, _ = run(s, act(0, "play", card="question", at=2, up=False))
    assert s.pending is None
    s = table(hands={0: ["question", "murder"]}, piles={1: ["^show_hands"]})
    s, _ = run(s, act(0, "play", card="question", at=2, up=True))
    s, _ = run(s, act(0, "choose", card="murder", ask=1), act(1, "choose", at=3))
    # the asked seat's card goes face up on top, though Show me your hands already saw this turn's play
    assert piles(s)[3] == ["^murder"] and piles(s)[2] == ["^question"]
