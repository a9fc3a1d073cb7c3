"""Rulings H1-H4: the table, the cards, the deal and the shuffles."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hasty_helpers import act, piles, position, run, summary

from controller.games.hasty import DealError, deal_cards, new_game
from controller.games.hasty.cards import CARDS, SUSPECTS, default_deck
from controller.games.hasty.deal import Deal, Options, suspect_range
from controller.games.hasty.mechanics import shuffle


@pytest.mark.parametrize(("players", "low"), [(2, 5), (3, 5), (4, 5), (5, 6), (6, 7), (7, 8)])
def test_h1_suspects_range_and_the_loupe_starts_in_the_middle(players: int, low: int) -> None:
    assert suspect_range(players) == (low, 9)
    with pytest.raises(DealError):
        Options.read(players, {"suspects": low - 1})
    with pytest.raises(DealError):
        Options.read(players, {"suspects": 10})
    for count in range(low, 10):
        s = new_game(deal_cards(players, random.Random(count), suspects=count))
        assert [spot["suspect"] for spot in summary(s)["row"]] == list(range(count))
        assert s.loupe == (count - 1) // 2
    assert Options.read(players, {}).suspects == low
    assert SUSPECTS[0] == "Ms. Scarlett" and SUSPECTS[8] == "Madame Rose" and len(SUSPECTS) == 9


def test_h2_the_default_deck_and_the_card_order() -> None:
    assert [c.key for c in CARDS] == ["murder", "threat", "bodyguard", "sidekick", "stop", "jester",
                                       "delay", "bomb", "question", "investigator", "mover", "switcheroo"]
    deck = Counter(default_deck())
    assert sum(deck.values()) == 56
    assert deck == {"murder": 7, "threat": 8, "bodyguard": 5, "sidekick": 4, "stop": 4, "jester": 4,
                    "delay": 3, "bomb": 4, "question": 4, "investigator": 5, "mover": 4, "switcheroo": 4}
    assert {c.key for c in CARDS if c.trigger == "review"} == {"murder", "threat", "bodyguard", "stop"}


def test_h2_a_review_card_played_face_up_does_nothing() -> None:
    s = position(hands={0: ["murder", "threat", "bodyguard", "stop"]})
    s, _ = run(s, *(act(0, "play", card=c, at=1, up=True) for c in ("murder", "threat", "stop")))
    assert summary(s)["row"][1]["alive"] and piles(s)[1] == ["^murder", "^threat", "^stop"]
    assert summary(s)["steps"] == 3 and s.phase == "play"


def test_h2_a_replay_deck_may_be_any_list_of_the_keys() -> None:
    deal = Deal.from_dict(2, {"deck": ["mover"] * 12, "secrets": [3, 1]})
    s = new_game(deal)
    assert summary(s)["hands"] == [["mover"] * 4, ["mover"] * 4] and summary(s)["deck_count"] == 0


def test_h3_the_deal_splits_the_deck_in_order() -> None:
    deck = [c.key for c in CARDS] + ["murder"] * 10
    s = new_game(Deal.from_dict(2, {"deck": deck, "secrets": [4, 0]}))
    out = summary(s)
    assert out["hands"] == [sorted(deck[0:4], key=deck.index), sorted(deck[4:8], key=deck.index)]
    assert out["market"] == deck[8:12] and out["deck_count"] == len(deck) - 12
    assert out["secrets"] == [4, 0] and out["traitor"] is None
    with pytest.raises(DealError):
        Deal.from_dict(2, {"deck": deck[:11], "secrets": [4, 0]})
    with pytest.raises(DealError):
        Deal.from_dict(2, {"deck": deck, "secrets": [4]})
    with pytest.raises(DealError):
        Deal.from_dict(2, {"deck": deck, "secrets": [0, "traitor"]}, {"traitor": False})
    traitor = new_game(Deal.from_dict(2, {"deck": deck, "secrets": [0, "traitor"]}, {"traitor": True}))
    assert summary(traitor)["traitor"] == 1 and summary(traitor)["secrets"] == [0, "traitor"]


def test_h3_a_seeded_deal_is_the_same_every_time_and_hides_the_undealt_suspects() -> None:
    a = deal_cards(5, random.Random(8), traitor=True)
    assert a == deal_cards(5, random.Random(8), traitor=True)
    assert a.secrets.count("traitor") == 1 and len(set(a.secrets)) == 5
    assert Counter(a.deck) == Counter(default_deck())


def test_h4_a_shuffle_uses_one_roll_per_card_but_the_first_from_the_top() -> None:
    s = position(rolls=[7, 2])
    # i=2: j = 7 mod 3 = 1, swap 2 and 1 -> a c b; i=1: j = 2 mod 2 = 0, swap 1 and 0 -> c a b
    assert shuffle(s, (10, 11, 12)) == (12, 10, 11) and s.rolls_used == 2
    # past the end every number is 0 (and still counted)
    assert shuffle(s, (10, 11, 12)) == (11, 12, 10) and s.rolls_used == 4


def test_h4_the_jester_shuffles_with_the_rolls_and_counts_them() -> None:
    s = position(piles={1: ["murder", "^stop", "threat"]}, hands={0: ["jester"]}, rolls=[7, 2])
    s, _ = run(s, act(0, "play", card="jester", at=1, up=True))
    assert piles(s)[1] == ["threat", "murder", "^stop", "^jester"] and summary(s)["rolls_used"] == 2
