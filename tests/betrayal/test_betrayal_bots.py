"""The random and the sensible bot finish games at every table size, with legal moves only."""

from __future__ import annotations

import json
import random

import pytest
from betrayal_helpers import scramble

from controller.cli import main
from controller.games.betrayal import (
    Accepted,
    apply,
    awaiting,
    bot_action,
    deal_cards,
    legal_moves,
    new_game,
    next_bot_action,
    play_bot_game,
    seat_view,
)
from controller.games.betrayal.balance import MAX_ACTIONS, play_game, simulate
from controller.games.betrayal.cards import power
from controller.games.betrayal.strategy import TableMemory, sensible_action


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("twos_defend", [False, True])
def test_random_bots_finish_games(players: int, twos_defend: bool) -> None:
    for seed in range(15):
        game = play_bot_game(players, seed, twos_defend=twos_defend)
        assert game.final.over and game.final.winner_side in ("traitor", "loyal")
        assert game.final.winners


@pytest.mark.parametrize("players", range(2, 9))
def test_sensible_bots_finish_games_with_legal_moves(players: int) -> None:
    for seed in range(10):
        stats = play_game(players, seed, "sensible")
        assert stats.winner_side in ("traitor", "loyal") and stats.actions < MAX_ACTIONS


def test_the_random_bot_moves_only_for_its_own_armies_and_only_when_awaited() -> None:
    rng = random.Random(2)
    state = new_game(deal_cards(2, rng))
    while not state.over:
        for seat in range(2):
            action = bot_action(state, seat, rng)
            if seat in awaiting(state):
                assert action is not None and action.army in state.armies_of(seat)
                assert any(m["army"] == action.army and m["act"] == action.act
                           for m in legal_moves(state, seat))
            else:
                assert action is None
        action = next_bot_action(state, rng)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
    assert bot_action(state, 0, rng) is None and next_bot_action(state, rng) is None


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_the_sensible_bot_decides_on_what_its_seat_may_know(players: int) -> None:
    rng = random.Random(players)
    state = new_game(deal_cards(players, rng))
    memory = TableMemory()
    while not state.over:
        seat = rng.choice(awaiting(state))
        seed = rng.random()
        action = sensible_action(state, seat, random.Random(seed), memory)
        assert action is not None
        if state.phase != "setup":
            # every secret of the other seats changed: the same move
            hidden = scramble(state, seat, rng)
            assert sensible_action(hidden, seat, random.Random(seed), memory) == action
        result = apply(state, action)
        assert isinstance(result, Accepted), (action, result)
        memory.observe(result.events)
        state = result.state


def test_the_sensible_traitor_keeps_its_strongest_reds_and_loyal_armies_their_largest_pair() -> None:
    state = new_game(deal_cards(5, random.Random(7)))
    memory = TableMemory()
    traitor = sensible_action(state, state.army_seats[state.traitor], random.Random(0), memory)
    reds = seat_view(state, state.traitor)["armies"][0]["choices"]["red"]
    assert traitor is not None and traitor.red is not None
    assert sorted(map(power, traitor.red)) == sorted(map(power, reds))[-5:]
    loyal_army = (state.traitor + 1) % 5
    loyal = sensible_action(state, loyal_army, random.Random(0), memory)
    assert loyal is not None and loyal.suits is not None
    choices = seat_view(state, loyal_army)["armies"][0]["choices"]
    chosen = next(c for c in choices if c["suits"] == list(loyal.suits))
    assert len(chosen["cards"]) == max(len(c["cards"]) for c in choices)


# ---------------------------------------------------------------- the balance report


@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_the_report_is_consistent_and_deterministic(policy: str) -> None:
    a = simulate(5, 20, 3, policy).to_dict()
    assert a == simulate(5, 20, 3, policy).to_dict()
    assert a["games"] == 20 and a["game"] == "betrayal"
    assert sum(a["winner_side"].values()) == pytest.approx(1.0)
    assert sum(a["ending"].values()) == pytest.approx(1.0)
    assert a["ending"]["loyal_out"] == a["winner_side"]["traitor"]
    assert sum(a["titles"].values()) == pytest.approx(1.0)
    assert a["accusations"]["min"] <= a["accusations"]["median"] <= a["accusations"]["max"]


def test_each_game_in_a_run_can_be_replayed_alone() -> None:
    report = simulate(4, 5, 100, "sensible")
    assert play_game(4, 103, "sensible") == report.stats[3]


def test_simulate_command_plays_betrayal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "betrayal", "--players", "3", "--games", "4", "--seed", "9"]) == 0
    text = capsys.readouterr().out
    assert "Betrayal: 4 games, 3 players, sensible bots" in text and "winning side" in text
    assert main(["simulate", "--game", "betrayal", "--games", "3", "--json", "--policy", "random",
                 "--twos-defend"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 5 and data["twos_defend"] is True and data["policy"] == "random"


@pytest.mark.parametrize(
    "args",
    [["--game", "betrayal", "--players", "1"], ["--game", "betrayal", "--players", "9"],
     ["--game", "betrayal", "--games", "0"], ["--twos-defend"]],
)
def test_simulate_command_rejects_what_the_game_does_not_take(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    assert "simulate" in capsys.readouterr().err
