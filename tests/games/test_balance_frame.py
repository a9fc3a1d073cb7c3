"""The balance report's frame (controller/games/balance_frame.py) and the bots' defaults
(controller/games/driver.py): the plain report of a game that writes no ``balance`` module (Toy Tally),
its sensible bot when it writes no ``strategy``, and the pieces every report is made of."""

from __future__ import annotations

import random

from controller.games import registry
from controller.games.balance_frame import (
    EventTally,
    PlainBalance,
    ReportHead,
    percent,
    policy_name,
    seeds,
    spread,
    wins_by_seat,
)
from controller.games.driver import NoMemory, RandomStrategy, play_bots, seeded_game
from controller.games.shape import GameBalance, GameStrategy, missing_members


def test_a_game_without_a_report_gets_the_plain_one(toy_path: list[str]) -> None:
    balance = registry.balance("toy")
    assert isinstance(balance, PlainBalance) and missing_members(balance, GameBalance) == []
    seen: list[tuple[int, int]] = []
    report = balance.simulate(3, 12, 5, "random", progress=lambda done, total: seen.append((done, total)))
    data = report.to_dict()
    assert data["game"] == "toy" and (data["players"], data["games"], data["seed"]) == (3, 12, 5)
    assert data["policy"] == "random" and data["unfinished"] == 0.0
    assert sum(data["wins_by_seat"]) == 12 and len(data["wins_by_seat"]) == 3
    assert 3 <= data["actions"]["min"] <= data["actions"]["max"] <= 5  # 1 or 2 a move, to 5
    assert seen == [(n, 12) for n in range(1, 13)]
    assert balance.simulate(3, 12, 5, "random").to_dict() == data  # the same seeds, the same games
    text = balance.format_report(data)
    assert text.startswith("Toy Tally: 12 games, 3 players, random bots") and "wins by seat:" in text


def test_each_game_of_a_report_plays_again_on_its_own(toy_path: list[str]) -> None:
    rules, strategy = registry.rules("toy"), registry.strategy("toy")
    one = seeded_game(rules, strategy, 2, 40, ["random", "sensible"], 100)
    rng = random.Random(40)  # game 40: dealt, then played, with the one RNG of its seed
    dealt_by_hand = rules.new_game(rules.deal_cards(2, rng))
    by_hand = play_bots(rules, strategy, dealt_by_hand, rng, ["random", "sensible"], 100)
    assert one == by_hand and one[0].over
    dealt: list[int] = []
    seeded_game(rules, strategy, 3, 40, "random", 100, start=lambda players, rng: dealt.append(players)
                or rules.new_game(rules.deal_cards(players, rng)))
    assert dealt == [3]


def test_a_game_without_a_strategy_plays_its_random_bot_sensibly(toy_path: list[str]) -> None:
    strategy = registry.strategy("toy")
    assert isinstance(strategy, RandomStrategy) and missing_members(strategy, GameStrategy) == []
    memory = strategy.TableMemory()
    assert isinstance(memory, NoMemory) and memory.observe(({"type": "added"},)) is None
    rules = registry.rules("toy")
    state = rules.new_game(rules.deal_cards(2, random.Random(2)))
    turn = rules.awaiting(state)[0]
    assert strategy.sensible_action(state, turn, random.Random(3), memory) == rules.bot_action(
        state, turn, random.Random(3))


def test_the_pieces_of_a_report() -> None:
    head = ReportHead(4, 10, 7, policy_name(["strong", "random"]))
    assert (head.players, head.games, head.seed, head.policy) == (4, 10, 7, "strong,random")
    assert policy_name("sensible") == "sensible"
    assert wins_by_seat(3, [[0], [2], [0, 2], []]) == [2, 0, 2]
    assert spread([3, 1, 2]) == {"mean": 2.0, "median": 2, "min": 1, "max": 3}
    assert spread([]) == {"mean": 0.0, "median": 0, "min": 0, "max": 0}
    assert percent(0.1234) == "12.3%" and percent(None) == "n/a"
    told: list[int] = []
    assert list(seeds(5, 3, lambda done, total: told.append(done))) == [5, 6, 7] and told == [1, 2, 3]


def test_an_event_tally_counts_by_type_and_hands_each_event_on() -> None:
    seen: list[str] = []
    tally = EventTally(lambda event: seen.append(event["type"]) if event.get("seat") == 1 else None)
    tally.observe(({"type": "added", "seat": 0}, {"type": "added", "seat": 1}))
    tally.observe(({"type": "over", "seat": 1},))
    assert tally == {"added": 2, "over": 1} and tally["missing"] == 0 and seen == ["added", "over"]
