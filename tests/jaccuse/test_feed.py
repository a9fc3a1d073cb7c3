"""Each seat's personal feed: the second-person lines, and that secrets reach only their owner."""

from __future__ import annotations

from helpers import FIVE_HANDS, act_events, elect, election, game, with_changes

from controller.games.jaccuse import describe_events
from controller.games.jaccuse.feed import public_event, seat_feed

HANDS = FIVE_HANDS
NAMES = ["Ann", "Bo", None, "Zoë", "李"]


def test_placing_a_membership_is_told_only_to_its_seat() -> None:
    state = game(5, hands=HANDS)
    fresh = with_changes(state, phase="setup", membership=[None] * 5, vote_round=None)
    _, events = act_events(fresh, 2, "membership", card="4H")
    assert seat_feed(events, 2) == ["You placed your membership card (hold the grey panel to see it)."]
    assert all(seat_feed(events, s) == [] for s in (0, 1, 3, 4))
    assert describe_events(events) == ["Seat 2 placed a membership card."]


def test_the_winner_of_an_election_is_told_it_is_president() -> None:
    state, events = election(game(5, hands=HANDS), {0: "9H", 1: "2S"})
    assert state.president == 0
    assert seat_feed(events, 0) == ["You won the election with 9♥: you are President (+1 XP)."]
    assert seat_feed(events, 1) == []


def test_a_tie_tells_who_votes_again() -> None:
    state, events = election(game(5, hands=HANDS), {0: "9H", 1: "9S"})
    assert state.vote_round is not None and state.vote_round.number == 2
    line = "A tie: you vote again in a tie round (the cards shown stay on the table)."
    assert seat_feed(events, 0) == [line] and seat_feed(events, 1) == [line]
    assert seat_feed(events, 2) == []


def test_a_tied_seat_with_no_card_left_is_told_its_card_stays() -> None:
    state = game(5, hands=HANDS)
    state = with_changes(state, hands=[["9H"], *state.hands[1:]])
    state, events = election(state, {0: "9H", 1: "9S"})
    assert seat_feed(events, 0) == [
        "A tie: your card stays on the table, but you have no card left to vote with this round."
    ]


def test_a_parley_tells_both_sides_the_cards_they_gave_and_got_and_nobody_else() -> None:
    state = elect(game(5, hands=HANDS), 0, "9H", 1, "2S")
    state, offered = act_events(state, 0, "parley", target=3, cards=["2H", "3H"])
    assert seat_feed(offered, 0, NAMES) == ["You offered 2♥, 3♥ to Zoë in a parley."]
    assert seat_feed(offered, 3, NAMES) == ["Ann offers you a parley: choose 2 cards to give back."]
    assert seat_feed(offered, 1) == []
    state, done = act_events(state, 3, "parley_reply", cards=["4S", "5S"])
    assert seat_feed(done, 0, NAMES) == ["Parley with Zoë: you gave 2♥, 3♥ and got 4♠, 5♠."]
    assert seat_feed(done, 3, NAMES) == ["Parley with Ann: you gave 4♠, 5♠ and got 2♥, 3♥."]
    assert [seat_feed(done, s) for s in (1, 2, 4)] == [[], [], []]
    # the room only learns that a parley happened, and how many cards
    assert describe_events(offered, NAMES) == ["President Ann offers Zoë a parley of 2 cards."]
    assert describe_events(done, NAMES) == ["Zoë answered the parley."]


def test_accusations_tell_the_president_and_the_target() -> None:
    state = elect(game(5, hands=HANDS, members={2: "4H"}), 0, "9H", 1, "2S")
    _, right = act_events(state, 0, "accuse", target=2, color="red")
    assert seat_feed(right, 0, NAMES) == [
        "Your accusation of seat 2 as red was right: their membership card was 4♥."
    ]
    assert seat_feed(right, 2, NAMES) == [
        "Ann accused you of being red, rightly: they took your membership card 4♥."
    ]
    state, wrong = act_events(state, 0, "accuse", target=2, color="black")
    assert seat_feed(wrong, 0) == [
        "Your accusation of seat 2 as black was wrong: their membership card was 4♥."
    ]
    assert seat_feed(wrong, 2, NAMES) == [
        "Ann accused you of being black, wrongly: your membership card 4♥ is back in your hand;"
        " place a membership card again."
    ]
    _, placed = act_events(state, 2, "membership", card="5H")
    assert seat_feed(placed, 2) == [
        "You placed your membership card (hold the grey panel to see it).",
        "The accusation against you was wrong, so you are President now (no XP for it).",
    ]


def test_a_crisis_is_told_to_every_seat_after_the_target_places_its_card() -> None:
    state = elect(game(5, hands=HANDS, members={2: "4H"}), 0, "9H", 1, "2S")
    state = with_changes(state, incorrect_accusations=2)
    state, events = act_events(state, 0, "accuse", target=2, color="black")
    assert state.phase == "replace_membership"  # R17: the crisis waits for the target's card
    assert not any(line.startswith("Crisis") for s in range(5) for line in seat_feed(events, s))
    state, more = act_events(state, 2, "membership", card="5H")
    lines = [seat_feed((*events, *more), s) for s in range(5)]
    crisis = [line for line in lines[4] if line.startswith("Crisis")]
    assert crisis == ["Crisis: a third wrong accusation since the election. Stability 5 -> 4."]
    assert all(crisis[0] in seat_lines for seat_lines in lines)
    # the target hears of the wrong accusation, then of its card, then of the crisis
    target = lines[2]
    assert target.index(crisis[0]) > next(i for i, line in enumerate(target) if "wrongly" in line)


def test_a_crisis_at_stability_1_says_it_stays_there() -> None:
    state = elect(game(5, hands=HANDS, members={2: "4H"}), 0, "9H", 1, "2S")
    state = with_changes(state, incorrect_accusations=2, stability=1)
    state, events = act_events(state, 0, "accuse", target=2, color="black")
    state, more = act_events(state, 2, "membership", card="5H")
    crisis = [line for line in seat_feed((*events, *more), 4) if line.startswith("Crisis")]
    assert crisis == ["Crisis: a third wrong accusation since the election. Stability stays at 1."]


def test_defecting_and_xp_are_told_in_the_second_person() -> None:
    state = elect(game(5, hands=HANDS), 0, "9H", 1, "2S")
    state, gift = act_events(state, 0, "give_xp", to=4, amount=1)
    assert seat_feed(gift, 0, NAMES) == ["You gave 1 XP to 李."]
    assert seat_feed(gift, 4, NAMES) == ["Ann gave you 1 XP."]
    _, defect = act_events(state, 0, "defect", card="2H")
    assert seat_feed(defect, 0) == [
        "You defected: your old membership card is discarded and the new one is in place."
    ]
    assert seat_feed(defect, 1) == []


def test_public_event_drops_exactly_the_private_keys() -> None:
    event = {"type": "parley_done", "president": 0, "target": 3, "count": 1, "offered": ["2H"],
             "answered": ["4S"]}
    assert public_event(event) == {"type": "parley_done", "president": 0, "target": 3, "count": 1}
    assert public_event({"type": "passed", "seat": 1}) == {"type": "passed", "seat": 1}
