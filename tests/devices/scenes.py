"""The screens the reference images cover (imported by the test and the regeneration command)."""

from __future__ import annotations

from controller.devices.screens import DisplayModel, Reveal

URL = "http://192.168.1.42:8080/"


def _view(**changes: object) -> dict[str, object]:
    view: dict[str, object] = {
        "version": 12,
        "players": 7,
        "over": False,
        "stability": 4,
        "policies": [
            {"color": "red", "kind": "free"},
            {"color": "black", "kind": "free"},
            {"color": "red", "kind": "free"},
            {"color": "red", "kind": "free"},
        ],
        "streak": {"color": "red", "length": 2},
        "president": None,
        "xp": [0] * 7,
        "hand_counts": [5] * 7,
        "table_cards": [],
        "awaiting": [1, 4, 6],
        "pressed": [0, 2, 3, 5],
        "round": 1,
        "winning_color": None,
        "winners": [],
        "phase": "election",
        "parley": None,
    }
    view.update(changes)
    return view


SCENES: dict[str, DisplayModel] = {
    "startup": DisplayModel(view=None, startup_url=URL),
    "startup-no-url": DisplayModel(view=None),
    "setup": DisplayModel(view=_view(version=3, phase="setup", policies=[], awaiting=[0, 2, 5, 6])),
    "setup-many": DisplayModel(view=_view(version=1, players=14, phase="setup", awaiting=list(range(1, 14)))),
    "election": DisplayModel(view=_view()),
    "election-tie": DisplayModel(
        view=_view(
            stability=2,
            round=2,
            awaiting=[9, 10, 12, 13],
            streak={"color": "black", "length": 3},
            policies=[{"color": c, "kind": "free"} for c in ["red"] * 6 + ["black"] * 3],
        )
    ),
    "election-crowded": DisplayModel(
        view=_view(players=14, stability=10, awaiting=list(range(14)), pressed=[], policies=[])
    ),
    "election-first": DisplayModel(view=_view(stability=5, policies=[], streak={"color": None, "length": 0})),
    "reveal": DisplayModel(
        view=_view(),
        reveal=(
            Reveal(0, "8D"),
            Reveal(1, None),
            Reveal(2, "KS"),
            Reveal(3, "10H"),
            Reveal(4, "NJ"),
            Reveal(5, "2C"),
            Reveal(6, "RJ"),
        ),
    ),
    "reveal-14": DisplayModel(
        view=_view(players=14),
        reveal=tuple(Reveal(s, ["10H", "QS", None, "AC", "7D"][s % 5]) for s in range(14)),
    ),
    "presidency": DisplayModel(view=_view(phase="presidency", president=2, awaiting=[2])),
    "parley": DisplayModel(
        view=_view(
            phase="parley", president=2, awaiting=[5], parley={"president": 2, "target": 5, "count": 2}
        )
    ),
    "replace-membership": DisplayModel(view=_view(phase="replace_membership", president=2, awaiting=[4])),
    "enact": DisplayModel(view=_view(phase="enact", president=11, stability=3, awaiting=[11])),
    "over": DisplayModel(
        view=_view(phase="over", over=True, winning_color="red", winners=[0, 3, 5], awaiting=[])
    ),
    "over-no-winner": DisplayModel(view=_view(phase="over", over=True, winning_color=None, awaiting=[])),
    "hub-unplugged": DisplayModel(view=_view(), hub_connected=False),
    "paused": DisplayModel(view=_view(), paused=True),
    "journal-recovered": DisplayModel(view=_view(version=57), journal_recovered=True),
}
