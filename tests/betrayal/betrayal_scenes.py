"""Betrayal's OLED screens the reference images cover (imported by the test and the regeneration command).

The views are written out by hand, in the shape of ``controller.games.betrayal.public_view`` (the test
checks the keys against a real one), so the images do not move when the rules' bots change.
"""

from __future__ import annotations

from typing import Any

from controller.games.betrayal.cards import title
from controller.oled_kit.model import DisplayModel, Reveal

URL = "http://192.168.1.42:8080/"

_STEPS_5 = [
    (3, "draw", 2),
    (6, "draw", 3),
    (10, "draw", 5),
    (15, "peek", 2),
    (20, "draw", 5),
    (25, "draw", 3),
    (35, "out", 0),
]
_STEPS_4 = [(3, "draw", 2), (6, "draw", 3), (10, "draw", 5), (15, "peek", 2), (20, "draw", 5), (25, "out", 0)]


def _next(points: int, armies: int) -> dict[str, Any] | None:
    steps = _STEPS_5 if armies >= 5 else _STEPS_4 if armies == 4 else _STEPS_4[:4]
    for at, kind, count in steps:
        if at > points:
            return {"at": at, "kind": kind, "count": count}
    return None


def _row(spec: str) -> list[dict[str, Any]]:
    """`5 QS 10H` is five face-down cards, then QS and 10H face up (order as written)."""
    out: list[dict[str, Any]] = []
    for part in spec.split():
        if part.isdigit():
            out += [{"up": False}] * int(part)
        else:
            out.append({"up": True, "card": part})
    return out


def view(
    armies: int,
    rows: list[str] | None,
    scores: list[int],
    *,
    players: int | None = None,
    phase: str = "turn",
    turn: int | None = 0,
    chosen: list[bool] | None = None,
    middle: int | None = 40,
    eliminated: tuple[int, ...] = (),
    last: dict[str, Any] | None = None,
    joker_dead: bool = False,
    deaths: int = 0,
    traitor: int | None = None,
    winner_side: str | None = None,
    winners: tuple[int, ...] = (),
    names: list[str] | None = None,
    version: int = 30,
) -> dict[str, Any]:
    players = players or armies
    seats = [a % players for a in range(armies)]
    setup = phase == "setup"
    over = phase == "over"
    chosen = chosen if chosen is not None else [True] * armies
    public_rows = None if setup else [_row(r) for r in rows or [""] * armies]
    v: dict[str, Any] = {
        "game": "betrayal",
        "version": version,
        "players": players,
        "armies": armies,
        "army_seats": seats,
        "options": {"twos_defend": False},
        "phase": phase,
        "over": over,
        "turn": None if setup or over else turn,
        "attacker": None if setup or over else turn,
        "awaiting": [],
        "awaiting_armies": [a for a in range(armies) if not chosen[a]] if setup else ([] if over else [turn]),
        "chosen": chosen,
        "rows": public_rows,
        "row_lengths": None if public_rows is None else [len(r) for r in public_rows],
        "points": [["2C"] * s for s in scores],
        "scores": scores,
        "next_reward": [_next(s, armies) for s in scores],
        "middle_count": None if setup else middle,
        "eliminated": list(eliminated),
        "last_accusation": last,
        "joker_dead": joker_dead,
        "traitor_deaths_after_joker": deaths,
        "deaths_needed": 3,
        "traitor": traitor if joker_dead or over else None,
        "winner_side": winner_side,
        "winners": list(winners),
        "titles": [title(s) for s in scores] if over else None,
        "reveal": {"traitor": traitor} if over else None,
    }
    if names is not None:
        v["names"] = names
    return v


def _last(
    army: int, card: str, target: int, target_card: str, winner: str, by_two: bool = False
) -> dict[str, Any]:
    return {
        "army": army,
        "position": 0,
        "card": card,
        "target": [target, 1],
        "target_card": target_card,
        "winner": winner,
        "by_two": by_two,
    }


def moment(v: dict[str, Any]) -> tuple[Reveal, ...]:
    last = v["last_accusation"]
    return (Reveal(last["army"], last["card"]), Reveal(last["target"][0], last["target_card"]))


_ROWS_5 = ["4 QS", "6", "3 10H 9C", "5 AS", "7 2D"]
_ROWS_8 = ["9 QS", "12", "3 10H 9C KD", "", "1 AS", "6 2D", "10", "4 JC 8H 5S 7D AC"]
_ROWS_2 = ["8 QS", "5 10H", "11", "2 9C KD"]

PLAY_5 = view(5, _ROWS_5, [4, 0, 7, 2, 3], turn=2, middle=41)
PLAY_8 = view(
    8,
    _ROWS_8,
    [14, 0, 9, 5, 24, 3, 11, 34],
    turn=6,
    middle=22,
    eliminated=(3,),
    joker_dead=True,
    deaths=1,
    traitor=4,
)
PLAY_2 = view(4, _ROWS_2, [3, 6, 0, 15], players=2, turn=1, middle=18, names=["Ann", "Bartholomew"])

SCENES: dict[str, DisplayModel] = {
    "startup": DisplayModel(
        view=view(5, None, [0] * 5, phase="setup", chosen=[False] * 5, version=0), startup_url=URL, pads="hub"
    ),
    "setup-2": DisplayModel(
        view=view(4, None, [0] * 4, players=2, phase="setup", chosen=[True, False, False, True], version=2)
    ),
    "setup-5": DisplayModel(
        view=view(5, None, [0] * 5, phase="setup", chosen=[True, False, True, True, False], version=3)
    ),
    "setup-8-code": DisplayModel(
        view=view(
            8,
            None,
            [0] * 8,
            phase="setup",
            chosen=[True, False, True, False, True, False, False, True],
            version=4,
        ),
        join_code="483920",
    ),
    "play-2": DisplayModel(view=PLAY_2),
    "play-5": DisplayModel(view=PLAY_5),
    "play-8": DisplayModel(view=PLAY_8),
    "play-5-peek": DisplayModel(view=view(5, _ROWS_5, [4, 0, 7, 15, 3], phase="peek", turn=3, middle=41)),
    "play-5-after-win-clock": DisplayModel(
        view=view(5, _ROWS_5, [4, 0, 8, 2, 3], phase="after_win", turn=2, middle=41), clock_left=12
    ),
    "accusation-5": DisplayModel(
        view=(
            v := view(
                5,
                _ROWS_5,
                [4, 0, 8, 2, 3],
                phase="after_win",
                turn=2,
                last=_last(2, "10H", 4, "9D", "attacker"),
            )
        ),
        reveal=moment(v),
    ),
    "accusation-2-named": DisplayModel(
        view=(
            v := view(
                4,
                _ROWS_2,
                [3, 7, 0, 15],
                players=2,
                turn=2,
                names=["Ann", "Bartholomew"],
                last=_last(1, "5H", 2, "KS", "defender"),
            )
        ),
        reveal=moment(v),
    ),
    "accusation-8-joker": DisplayModel(
        view=(
            v := view(
                8,
                _ROWS_8,
                [14, 0, 9, 5, 24, 3, 12, 34],
                turn=6,
                eliminated=(3,),
                joker_dead=True,
                traitor=4,
                last=_last(6, "2C", 4, "JK", "attacker"),
            )
        ),
        reveal=moment(v),
    ),
    "accusation-8-out": DisplayModel(
        view=(
            v := view(
                8,
                _ROWS_8,
                [14, 0, 9, 5, 24, 3, 12, 35],
                turn=7,
                eliminated=(1, 3),
                joker_dead=True,
                deaths=2,
                traitor=4,
                last=_last(7, "AC", 1, "KH", "attacker"),
            )
        ),
        reveal=moment(v),
    ),
    "accusation-two-defends": DisplayModel(
        view=(v := view(5, _ROWS_5, [4, 0, 7, 3, 3], turn=4, last=_last(3, "KS", 4, "2H", "defender", True))),
        reveal=moment(v),
    ),
    "end-2": DisplayModel(
        view=view(
            4,
            ["", "2 9C", "", "4"],
            [3, 12, 1, 25],
            players=2,
            phase="over",
            eliminated=(0, 2),
            traitor=1,
            winner_side="traitor",
            winners=(1, 3),
            names=["Ann", "Bartholomew"],
        )
    ),
    "end-5": DisplayModel(
        view=view(
            5,
            ["", "3", "2 KS", "", "4"],
            [4, 0, 16, 9, 2],
            phase="over",
            eliminated=(0, 3),
            traitor=0,
            winner_side="loyal",
            winners=(1, 2, 3, 4),
        )
    ),
    "end-8": DisplayModel(
        view=view(
            8,
            _ROWS_8,
            [14, 0, 9, 5, 24, 3, 11, 34],
            phase="over",
            eliminated=(1, 3, 5),
            traitor=4,
            winner_side="traitor",
            winners=(4,),
        )
    ),
    "hub-unplugged": DisplayModel(view=PLAY_5, hub_connected=False),
    "cannot-save": DisplayModel(view=PLAY_8, cannot_save=True),
    "restored": DisplayModel(view=PLAY_5, journal_recovered=True),
}
