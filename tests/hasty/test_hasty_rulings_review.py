"""Rulings H10-H13: which pile is reviewed, how it is evaluated, kills and shields, the refill."""

from __future__ import annotations

from hasty_helpers import act, of_type, piles, position, refused, run, summary


def review_now(players: int = 3, **layout: object) -> tuple[object, list[dict[str, object]]]:
    """Seat 0 ends a turn of no plays with the loupe on the last position: a wrap, so a review."""
    s = position(players, loupe=4, **layout)  # type: ignore[arg-type]
    return run(s, act(0, "end"))


def test_h10_the_largest_pile_is_evaluated() -> None:
    s, events = review_now(piles={1: ["delay", "delay"], 3: ["murder"]})
    assert of_type(events, "evaluating")[0]["at"] == 1 and summary(s)["reviews"] == 1
    assert summary(s)["row"][3]["alive"] and piles(s)[1] == []


def test_h10_a_tie_is_picked_by_the_active_seat() -> None:
    s, _events = review_now(piles={1: ["delay"], 3: ["murder"]})
    assert summary(s)["pending"] == {"kind": "pile", "seat": 0, "options": [1, 3]}
    assert summary(s)["reviews"] == 1 and summary(s)["review"] is None and summary(s)["phase"] == "choose"
    refused(s, act(0, "choose", at=2))
    refused(s, act(1, "choose", at=3))
    s, _ = run(s, act(0, "choose", at=3))
    assert not summary(s)["row"][3]["alive"] and summary(s)["eliminated"] == []  # suspect 3 was no one's


def test_h10_with_every_pile_empty_nothing_is_evaluated_but_the_refill_follows() -> None:
    s, events = review_now(market=["stop"] * 4, deck=["mover"] * 20)
    assert summary(s)["reviews"] == 1 and not of_type(events, "evaluating")
    assert summary(s)["hands"] == [["stop"] * 4, ["mover"] * 4, ["mover"] * 4]


def test_h11_cards_are_revealed_from_the_top_and_execute() -> None:
    s, events = review_now(piles={1: ["murder", "threat", "bodyguard", "threat"]})
    assert [e["card"] for e in of_type(events, "revealed")] == ["threat", "bodyguard", "threat", "murder"]
    assert summary(s)["eliminated"] == [1]
    # the second Threat kills before the Bodyguard below it is reached; the rest is never revealed
    s2, events2 = review_now(piles={1: ["murder", "bodyguard", "threat", "threat"]})
    assert [e["card"] for e in of_type(events2, "revealed")] == ["threat", "threat"]
    assert summary(s2)["eliminated"] == [1] and summary(s2)["review"] is None


def test_h11_a_stop_ends_the_evaluation_and_the_rest_is_discarded() -> None:
    s, events = review_now(piles={1: ["murder", "stop", "delay"]})
    assert [e["card"] for e in of_type(events, "revealed")] == ["delay", "stop"]
    assert summary(s)["row"][1] == {"suspect": 1, "alive": True, "pile": []}
    assert of_type(events, "review_over") == [{"type": "review_over", "discarded": 3}]


def test_h11_the_question_card_on_the_evaluated_pile_is_revealed_next() -> None:
    s = position(loupe=4, hands={0: ["stop", "murder"]}, piles={1: ["delay", "question"]})
    s, events = run(s, act(0, "play", card="stop", at=2, up=True), act(0, "end"))
    assert summary(s)["pending"] == {"kind": "question", "seat": 0}
    s, events = run(s, act(0, "choose", card="murder", ask=2))
    assert summary(s)["pending"] == {"kind": "question_pile", "seat": 2, "card": "murder", "from": 0}
    assert summary(s)["review"]["revealed"] == ["question"]
    s, events = run(s, act(2, "choose", at=1))
    assert [e["card"] for e in of_type(events, "revealed")] == ["murder"]
    assert summary(s)["eliminated"] == [1]


def test_h12_shields_spend_on_kills_and_last_one_review() -> None:
    s, events = review_now(piles={1: ["threat", "threat", "murder", "bodyguard", "bodyguard"]})
    assert [e["card"] for e in of_type(events, "shielded")] == ["murder", "threat"]
    assert summary(s)["row"][1]["alive"] and len(of_type(events, "threatened")) == 2
    s, events = review_now(piles={1: ["threat", "threat", "murder", "bodyguard"]})
    assert not summary(s)["row"][1]["alive"] and summary(s)["eliminated"] == [1]
    # a shield left over does not last into the next review
    s, _ = review_now(piles={1: ["bodyguard"]}, hands={1: ["delay"] * 4, 2: ["delay"] * 4})
    s.loupe = 4
    s.piles[s.row[1]] = (0,)  # a Murder alone
    s, _ = run(s, act(1, "end"))
    assert summary(s)["eliminated"] == [1]


def test_h12_outside_a_review_nothing_shields_and_a_death_puts_its_seat_out() -> None:
    s = position(hands={0: ["sidekick"], 1: ["stop", "stop"]}, piles={1: ["^bodyguard"], 2: ["sidekick"]})
    s, events = run(s, act(0, "play", card="sidekick", at=1, up=True), act(0, "choose", at=2))
    out = summary(s)
    assert not out["row"][1]["alive"] and out["eliminated"] == [1] and out["hands"][1] == []
    assert out["discard_count"] == 2 + 2  # the pile (bodyguard, sidekick) and seat 1's hand
    assert of_type(events, "eliminated") == [
        {"type": "eliminated", "seat": 1, "suspect": 1, "card": "sidekick"}]


def test_h13_the_refill_tops_the_market_then_each_seat_picks_in_turn_from_the_active_seat() -> None:
    s, _events = review_now(hands={1: ["delay"], 2: ["delay", "delay"]}, market=["murder", "stop"],
                           deck=["mover", "jester", "bomb", "murder", "bomb", "stop", "stop"])
    # the market is topped up to murder stop mover jester; seat 0 (active, its hand discarded) needs 4
    out = summary(s)
    assert out["hands"][0] == ["murder", "stop", "jester", "mover"]
    assert out["pending"] == {"kind": "market", "seat": 1, "count": 3} and out["waiting"] == 1
    assert out["turn"] == 0 and out["review"] is None and out["market"] == ["murder", "stop", "bomb", "bomb"]
    refused(s, act(1, "choose", cards=["bomb"]))
    refused(s, act(1, "choose", cards=["mover", "mover", "mover"]))
    refused(s, act(1, "choose", at=1))
    refused(s, act(2, "choose", cards=["bomb", "bomb", "murder"]))
    s, _ = run(s, act(1, "choose", cards=["bomb", "bomb", "murder"]))
    # topped up with the last stop; seat 2 needs 2 and the market holds 2: it takes them, the market
    # stays short (deck and discard pile empty), and seat 1's turn begins
    out = summary(s)
    assert out["hands"][2] == ["stop", "stop", "delay", "delay"] and out["market"] == []
    assert out["turn"] == 1 and out["pending"] is None


def test_h13_picks_when_the_market_holds_more_than_needed() -> None:
    s, _ = review_now(hands={0: ["delay"] * 3, 1: ["delay"] * 4, 2: ["delay"] * 4},
                      market=["murder", "stop", "stop", "bomb"], deck=["mover"] * 10)
    # seat 0 played nothing, so its hand was discarded: it needs 4 and takes the whole market
    assert summary(s)["hands"][0] == ["murder", "stop", "stop", "bomb"]
    s, _ = review_now(hands={1: ["delay"] * 3, 2: ["delay"] * 4},
                      market=["murder", "stop", "stop", "bomb"], deck=["mover"] * 10)
    assert summary(s)["pending"] is None  # seat 0 took 4 of the market; mover x4 came next
    s, _ = review_now(hands={1: ["delay"] * 2, 2: ["delay"] * 4}, market=["stop", "stop", "bomb", "bomb"],
                      deck=["stop", "mover", "bomb", "bomb", "murder", "murder"])
    out = summary(s)
    assert out["pending"] == {"kind": "market", "seat": 1, "count": 2}
    s, events = run(s, act(1, "choose", cards=["mover", "bomb"]))
    assert sorted(summary(s)["hands"][1]) == ["bomb", "delay", "delay", "mover"]
    assert of_type(events, "took")[0] == {"type": "took", "seat": 1, "cards": ["mover", "bomb"]}
    assert summary(s)["turn"] == 1 and summary(s)["phase"] == "play"


def test_h13_an_empty_deck_becomes_the_sorted_discard_pile_shuffled() -> None:
    s = position(loupe=4, hands={1: ["delay"] * 4, 2: ["delay"] * 4}, market=["stop"], deck=[],
                 piles={2: ["stop", "delay"]}, rolls=[1, 0])
    s, events = run(s, act(0, "end"))
    # the pile (delay, stop) is discarded; sorted: stop delay; i=1: j = 1 mod 2 = 1 (no swap)
    assert of_type(events, "reshuffled") == [{"type": "reshuffled", "count": 2}]
    out = summary(s)
    assert sorted(out["hands"][0]) == ["delay", "stop", "stop"] and out["rolls_used"] == 1
    assert out["market"] == [] and out["deck_count"] == 0 and out["discard_count"] == 0
