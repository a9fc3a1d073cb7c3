"""`simulate --game hasty --option ...`: the second edition's options reach the balance report, which
counts how suspects die, which powers fire and the games left unfinished (H25-H52)."""

from __future__ import annotations

import json

import pytest

from controller.cli import main
from controller.games.hasty.balance import format_report, simulate


def test_simulate_takes_the_sets_and_powers_as_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "hasty", "--players", "4", "--games", "6", "--json",
                 "--option", "sets=base,advanced,expert", "--option", "powers",
                 "--option", "suspects=9"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"] == {"sets": ["base", "advanced", "expert"], "powers": True, "suspects": 9}
    for series in (data["base"], data["traitor"]):
        assert series["games"] == 6 and series["unfinished"] == 0
        assert set(series["died_by"]) >= {"murder", "poison", "dying_breath", "sniper", "nobody_around"}
        assert abs(sum(series["died_by"].values()) - 1) < 0.01
        assert series["powers_per_game"]  # with nine suspects some power always fires
    text = format_report(data)
    assert "suspects die" in text and "powers fired" in text and "traitor wins" in text


@pytest.mark.parametrize("option", ["sets=deluxe", "powers=maybe", "suspects=twelve", "suspects=12",
                                    "colour=red", "sets"])
def test_simulate_refuses_an_option_it_cannot_take(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "hasty", "--games", "1", "--option", option]) == 2
    err = capsys.readouterr().err
    assert err.startswith("jaccuse-table simulate: --option") and len(err.strip().splitlines()) == 1


def test_a_base_game_reports_as_before() -> None:
    data = simulate(4, 4, 0, "sensible").to_dict()
    assert data["options"] == {} and "died_by" not in data["base"]
    assert set(data["base"]["out_by"]) == {"murder", "threat", "sidekick"}


def test_the_flags_still_work_and_an_option_can_name_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "hasty", "--games", "2", "--json", "--speedy",
                 "--option", "big_hands"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"] == {"speedy": True, "big_hands": True}
