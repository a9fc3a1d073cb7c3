"""What the views show, and the table adapter (pads, the shot clock, the log and the feeds)."""

from __future__ import annotations

import json
import random

import pytest
from hasty_helpers import act, position, run

from controller.games import registry
from controller.games.hasty import (
    Accepted,
    ActionFormatError,
    apply,
    describe_events,
    new_game,
    play_bot_game,
    public_view,
    seat_view,
    table_rules,
)
from controller.games.hasty.deal import deal_cards
from controller.games.shape import TableRules, missing_members

#: Hasty Accusations at the table: its own members (table_rules.py) and the shared defaults
table = registry.table_rules("hasty")


def test_the_public_view_shows_the_table_and_no_secret() -> None:
    s = position(hands={0: ["murder", "bomb"]}, piles={1: ["murder", "^stop"]}, market=["mover"] * 4)
    view = public_view(s)
    assert view["game"] == "hasty" and view["phase"] == "play" and view["awaiting"] == [0]
    assert view["row"][1]["pile"] == [{"up": False}, {"up": True, "card": "stop"}]
    assert view["row"][1]["size"] == 2
    assert view["hand_sizes"] == [2, 0, 0] and view["market"] == ["mover"] * 4
    assert "hands" not in view and "secrets" not in view and view["reveal"] is None
    assert "murder" not in json.dumps(view["row"])
    mine = seat_view(s, 0)
    assert mine["hand"] == ["murder", "bomb"] and mine["secret"] == 0
    assert mine["secret_name"] == "Ms. Scarlett"
    assert [m["act"] for m in mine["moves"]] == ["play", "end"] and mine["table"] == view
    assert seat_view(s, 1)["moves"] == [] and seat_view(s, 1)["hand"] == []
    with pytest.raises(ValueError):
        seat_view(s, 3)


def test_once_over_the_reveal_holds_everything() -> None:
    game = play_bot_game(3, 5, traitor=True)
    reveal = public_view(game.final)["reveal"]
    assert reveal["secrets"].count("traitor") == 1 and reveal["traitor"] == reveal["secrets"].index("traitor")
    assert len(reveal["hands"]) == 3 and len(reveal["peeks"]) == 3
    assert all("card" in c for spot in reveal["row"] for c in spot["pile"])


def test_an_eliminated_seat_sees_why_it_is_out() -> None:
    s = position(hands={0: ["sidekick"]}, piles={1: ["sidekick"]})
    s, _ = run(s, act(0, "play", card="sidekick", at=0, up=True))
    assert seat_view(s, 0)["out"] and seat_view(s, 0)["out_by"] == "sidekick"
    assert public_view(s)["out"][0] == {"suspect": 0, "card": "sidekick"} and public_view(s)["out"][1] is None


def test_every_event_of_many_games_reads_as_a_line() -> None:
    kinds: set[str] = set()
    for seed in range(30):
        game = play_bot_game(2 + seed % 6, seed, traitor=seed % 2 == 1, big_hands=seed % 3 == 0)
        state = new_game(game.deal)
        for action in game.actions:
            result = apply(state, action)
            assert isinstance(result, Accepted)
            state, events = result.state, result.events
            lines = describe_events(events, ["Ann", None, "Bo", None, None, None, None])
            assert all(isinstance(line, str) and line for line in lines)
            kinds |= {e["type"] for e in events}
            json.dumps(events)
    assert {"played", "ended", "review", "revealed", "died", "eliminated", "over", "took"} <= kinds


def test_the_table_adapter_has_the_shape_and_reads_a_phones_action_for_its_seat() -> None:
    assert missing_members(table, TableRules) == []
    assert missing_members(table_rules, TableRules, optional=True) == []
    assert table.GAME == "hasty" and table.check_players(7) == 7
    with pytest.raises(ValueError):
        table.check_players(8)
    action = table.parse_action(3, 2, {"act": "play", "card": "bomb", "at": 1, "up": True, "seat": 0})
    assert action.seat == 2 and table.seat_of(new_game(deal_cards(3, random.Random(1))), action) == 2
    with pytest.raises(ActionFormatError):
        table.parse_action(3, 2, {"act": "choose", "ask": 3})


def test_a_deal_at_the_table_keeps_its_options_through_the_journal() -> None:
    chosen = {"traitor": True, "speedy": True, "campaign": 2}
    state, journal, campaign = table.deal(4, chosen, random.Random(3))
    assert campaign is None and state.options.traitor and state.options.speedy
    again = table.rebuild(4, json.loads(json.dumps(journal)), None)
    assert again == state and table.options_of(again)["traitor"] is True
    with pytest.raises(ValueError):
        table.rebuild(4, journal, {"generations": 2})


def test_a_pad_press_ends_the_turn_and_the_lights_follow_the_waiting_seat() -> None:
    s = position(hands={0: ["mover"]})
    assert table.pad_action(s, 0, "reveal") == act(0, "end")
    assert table.pad_action(s, 1, "reveal") == table_rules.NO_PRESS
    assert table.pad_lights(public_view(s), 3) == {0: "wait", 1: "off", 2: "off"}
    s, _ = run(s, act(0, "play", card="mover", at=1, up=True))
    assert table.pad_action(s, 0, "reveal") == table_rules.NO_PRESS
    assert table.pad_lights(public_view(s), 3) == {0: "on", 1: "off", 2: "off"}


def test_the_shot_clock_ends_a_turn_or_makes_a_random_choice() -> None:
    s = position(hands={0: ["mover"]})
    assert table.forced_actions(s, random.Random(1)) == [act(0, "end")]
    s, _ = run(s, act(0, "play", card="mover", at=1, up=True))
    (forced,) = table.forced_actions(s, random.Random(1))
    assert forced.act == "choose" and forced.at is not None
    log, feed = table.forced_lines(forced, 0, ["Ann", None, None])
    assert "Ann" in log and "random choice" in feed


def test_a_seats_feed_holds_its_own_lines_and_everyones_moments() -> None:
    s = position(hands={0: ["question", "murder", "stop"]})
    s, events = run(s, act(0, "play", card="question", at=4, up=True), act(0, "choose", card="murder", ask=2))
    names = ["Ann", "Bo", "Cy"]
    assert any("Cy" in line for line in table.seat_feed(events, 2, names))
    assert table.seat_feed(events, 1, names) == []
    assert table.log_lines(events, names)


def test_the_players_rules_page_lists_every_card_with_its_count() -> None:
    from pathlib import Path

    from controller.games.hasty.cards import CARDS

    page = (Path(table_rules.__file__).parent / "rules.md").read_text(encoding="utf-8")
    for card in CARDS:
        assert f"| {card.title} | {card.copies} |" in page, card.title
    for variant in ("Traitor", "Speedy", "Big Hands"):
        assert f"**{variant}.**" in page


def test_the_last_review_stays_in_the_public_view_for_the_screens() -> None:
    s = position(loupe=4, piles={1: ["murder", "threat", "bodyguard", "threat"], 3: ["delay"]})
    assert public_view(s)["last_review"] is None
    s, _ = run(s, act(0, "end"))
    assert public_view(s)["last_review"] == {
        "number": 1, "at": 1, "suspect": 1, "name": "Rev. Green", "cause": "loupe",
        "revealed": ["threat", "bodyguard", "threat", "murder"], "killed": [1], "nested": []}
    assert public_view(s)["review"] is None
