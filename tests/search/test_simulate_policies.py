"""`simulate --policy` with a policy per seat, the strong bot's budget, and wins by seat."""

from __future__ import annotations

import json

import pytest

from controller.cli import main
from controller.games.betrayal import balance as betrayal_balance
from controller.games.hasty import balance as hasty_balance
from controller.games.jaccuse import balance as jaccuse_balance
from controller.games.search import Budget


def test_json_reports_the_wins_of_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "5", "--games", "3", "--json", "--policy",
                 "strong,sensible,random,sensible,sensible", "--think-ms", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policy"] == "strong,sensible,random,sensible,sensible"
    assert len(data["wins_by_seat"]) == 5
    assert all(0 <= wins <= 3 for wins in data["wins_by_seat"])


def test_betrayal_counts_every_winning_seat_once_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "betrayal", "--players", "3", "--games", "4", "--json",
                 "--policy", "strong", "--think-ms", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    sides = data["winner_side"]
    # the loyal side is two seats of three, the traitor one
    assert sum(data["wins_by_seat"]) == round(4 * (2 * sides["loyal"] + sides["traitor"]))


def test_hasty_takes_a_strong_seat_and_counts_wins_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "hasty", "--players", "4", "--games", "2", "--json", "--policy",
                 "strong,sensible,random,sensible", "--think-ms", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policy"] == "strong,sensible,random,sensible"
    assert len(data["wins_by_seat"]) == 4 and sum(data["wins_by_seat"]) <= 2


def test_the_text_report_lists_wins_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "5", "--games", "2"]) == 0
    assert "wins by seat:" in capsys.readouterr().out


@pytest.mark.parametrize(("policy", "why"), [
    ("strong,clever", "unknown --policy 'clever'"),
    ("strong,sensible", "lists 2 seats for 5 players"),
])
def test_bad_policies_are_refused(policy: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "5", "--games", "2", "--policy", policy]) == 2
    assert why in capsys.readouterr().err


def test_a_seeded_run_with_a_rollout_budget_repeats() -> None:
    budget = Budget(rollouts=3)
    for tool in (jaccuse_balance, betrayal_balance, hasty_balance):
        policy = ["strong"] + ["sensible"] * 4
        one = tool.simulate(5, 2, 7, policy, budget=budget).to_dict()
        assert one == tool.simulate(5, 2, 7, policy, budget=budget).to_dict()
        assert one["policy"] == ",".join(policy)
