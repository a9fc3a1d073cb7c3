"""The table log's lines, made from the engine's events, including a campaign's own events."""

from __future__ import annotations

from controller.games.jaccuse import apply, describe_events, new_game, play_bot_game
from controller.games.jaccuse.describe import describe_event
from controller.games.jaccuse.engine import Accepted


def test_every_event_of_whole_bot_campaigns_can_be_told() -> None:
    kinds_told: set[str] = set()
    for seed in range(3):
        game = play_bot_game(6, seed, generations=2)
        state = new_game(game.deal, generations=2, later_deals=game.later_deals)
        for action in game.actions:
            result = apply(state, action)
            assert isinstance(result, Accepted)
            lines = describe_events(result.events)
            assert all(isinstance(line, str) and line for line in lines)
            kinds_told |= {e["type"] for e in result.events if describe_event(e)}
            state = result.state
    assert {"generation_over", "generation", "campaign_over"} <= kinds_told


def test_a_generation_end_is_told_once_with_its_memberships() -> None:
    events = [
        {"type": "over", "winning_color": "red", "winners": []},
        {"type": "generation_over", "generation": 1, "winning_color": "red",
         "membership": ["8D", "KS", None, "2H", "10C"]},
        {"type": "generation", "generation": 2, "stability": 5},
    ]
    assert describe_events(events) == [
        "Generation 1 ends: red wins. Memberships: seat 0 8♦, seat 1 K♠, seat 3 2♥, seat 4 10♣.",
        "Generation 2 begins at stability 5.",
    ]
    # a single game (no campaign) ends as a game, not as a generation (issue 33)
    lonely = [{"type": "over", "winning_color": "black", "winners": [2]}]
    assert describe_events(lonely) == ["Black wins the game. Winners: seat 2."]
    assert describe_events([{"type": "over", "winning_color": None, "winners": []}]) == [
        "The game ends with no winning colour."]


def test_the_campaign_end_names_vp_and_winners() -> None:
    line = describe_event({"type": "campaign_over", "vp": [3, 1, 4], "winners": [2]})
    assert line == "The campaign is over. VP: seat 0 3, seat 1 1, seat 2 4. Winner(s): seat 2."
    assert describe_event({"type": "generation_over", "generation": 2, "winning_color": None,
                           "membership": []}) == "Generation 2 ends: no winning colour, nobody scores."


def test_seats_are_told_by_name_when_they_have_one() -> None:
    names = ["Ann", None, "<b>Zoë</b>"]
    assert describe_event({"type": "elected", "seat": 0, "card": "KH"}, names) == "Ann is President with K♥."
    assert describe_event({"type": "elected", "seat": 1, "card": "KH"}, names) == (
        "Seat 1 is President with K♥."
    )
    assert describe_event({"type": "tie", "seats": [0, 1, 2], "voters": [0]}, names) == (
        "Tie between Ann, seat 1, <b>Zoë</b>: another round."  # the pages escape, the log stays text
    )
    assert describe_event({"type": "xp_given", "seat": 2, "to": 0, "amount": 1}, names) == (
        "<b>Zoë</b> gave 1 XP to Ann."
    )
