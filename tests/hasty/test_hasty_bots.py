"""The bots: the sensible one plays legal, whole games with every variant, and many random games run
to an end without an error (a few hundred here; thousands in the slow test)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from controller.games import hasty
from controller.games.driver import play_bots
from controller.games.hasty import Accepted, apply, deal_cards, new_game, play_bot_game, seat_view
from controller.games.hasty import strategy as hasty_strategy
from controller.games.hasty.balance import format_report, simulate
from controller.games.hasty.bot import sample

VARIANTS = [dict(zip(("traitor", "speedy", "big_hands"), flags, strict=True))
            for flags in product((False, True), repeat=3)]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(k for k, v in o.items() if v) or "base")
def test_the_sensible_bot_plays_whole_games_legally(options: dict[str, bool]) -> None:
    for players in (2, 4, 7):
        rng = random.Random(players)
        state = new_game(deal_cards(players, rng, **options))
        final, actions = play_bots(hasty, hasty_strategy, state, rng, "sensible", 5_000)
        assert final.over and actions < 5_000


def test_the_sensible_bot_keeps_to_its_seat() -> None:
    state = new_game(deal_cards(3, random.Random(1)))
    memory = hasty_strategy.TableMemory()
    assert hasty_strategy.sensible_action(state, 1, random.Random(1), memory) is None
    action = hasty_strategy.sensible_action(state, 0, random.Random(1), memory)
    assert action is not None and isinstance(apply(state, action), Accepted)
    assert action.act == "end" or action.card in seat_view(state, 0)["hand"]


def _many(players_range: range, seeds: range) -> int:
    played = 0
    for players in players_range:
        for seed in seeds:
            options = VARIANTS[seed % len(VARIANTS)]
            game = play_bot_game(players, seed, **options)
            assert game.final.over, (players, seed, options)
            assert len(game.final.winners) <= 1
            played += 1
    return played


def test_hundreds_of_random_games_end_without_an_error() -> None:
    assert _many(range(2, 8), range(40)) == 240


@pytest.mark.slow
def test_thousands_of_random_games_end_without_an_error() -> None:
    assert _many(range(2, 8), range(1_000, 1_700)) == 4_200


def test_the_balance_report_covers_length_reviews_outs_seats_and_the_traitor() -> None:
    data = simulate(4, 20, 0, "sensible").to_dict()
    assert data["base"]["games"] == data["traitor"]["games"] == 20
    for series in (data["base"], data["traitor"]):
        assert series["turns"]["mean"] > 0 and series["reviews_per_game"] > 0
        assert set(series["out_by"]) == {"murder", "threat", "sidekick"}
        assert len(series["wins_by_seat"]) == 4 and series["unfinished"] == 0
    assert data["base"]["traitor_wins"] is None and 0 <= data["traitor"]["traitor_wins"] <= 1
    text = format_report(data)
    assert "wins by seat" in text and "traitor wins" in text and "players out" in text


def test_the_random_bots_market_pick_draws_as_random_sample_does() -> None:
    """The random bot's own ``sample`` (quicker for a market) gives the cards ``Random.sample`` gives
    and leaves the generator where it leaves it, so a seed plays the same game either way."""
    for seed in range(300):
        for population in ((3,), (3, 5), (3, 5, 7, 9), (1, 1, 2, 4, 8), tuple(range(21))):
            for k in range(len(population) + 1):
                ours, theirs = random.Random(seed), random.Random(seed)
                assert sample(ours, population, k) == theirs.sample(population, k)
                assert ours.getrandbits(32) == theirs.getrandbits(32)
