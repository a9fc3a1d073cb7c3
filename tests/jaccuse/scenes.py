"""The screens the reference images cover (imported by the test and the regeneration command)."""

from __future__ import annotations

from dataclasses import replace

from controller.oled_kit.model import DisplayModel, Reveal

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
    "startup": DisplayModel(view=None, startup_url=URL, pads="hub"),
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
    "cannot-save": DisplayModel(view=_view(version=23), cannot_save=True),
}


def _campaign(generation: int, history: list[dict[str, object]], vp: list[int], **extra: object) -> object:
    return {"generation": generation, "generations": 4, "history": history, "vp": vp, "over": False,
            "winners": [], **extra}


_GEN1 = {"winning_color": "red", "membership": ["8D", "KS", "2H", "10C", "QH", "4D", "JS"]}
_ECHO = [{"color": c, "kind": "free"} for c in ("red", "black", "black")]

SCENES.update({
    "campaign-setup": DisplayModel(view=_view(
        version=40, phase="setup", stability=5, awaiting=[0, 3, 6], policies=[_ECHO[0]],
        streak={"color": "red", "length": 1}, campaign=_campaign(2, [_GEN1], [1, 0, 1, 0, 1, 1, 0]))),
    "campaign-election": DisplayModel(view=_view(
        version=52, stability=4, policies=_ECHO, streak={"color": "black", "length": 2},
        campaign=_campaign(2, [_GEN1], [1, 0, 1, 0, 1, 1, 0]))),
    "campaign-presidency": DisplayModel(view=_view(
        version=60, phase="presidency", president=12, awaiting=[12], players=14,
        campaign=_campaign(3, [_GEN1, {"winning_color": None, "membership": _GEN1["membership"]}],
                           [1] * 14))),
    "campaign-over": DisplayModel(view=_view(
        version=120, phase="over", over=True, winning_color="black", awaiting=[],
        campaign=_campaign(4, [_GEN1] * 4, [5, 3, 7, 2, 7, 4, 1], over=True, winners=[2]))),
    "campaign-over-14": DisplayModel(view=_view(
        version=300, players=14, phase="over", over=True, winning_color="red", awaiting=[],
        campaign=_campaign(4, [_GEN1] * 4, [3, 10, 5, 2, 7, 10, 1, 0, 4, 6, 9, 10, 2, 8], over=True,
                           winners=[1, 5, 11]))),
})

_NAMES = ["Ann", "Bartholomew", "Zoë", "Dee", "Eve", "Finn", "Gus"]

SCENES.update({
    # the players' side: names, the crisis counter, the shot clock on the waiting line, the join code
    "election-clock-crisis": DisplayModel(
        view=_view(incorrect_accusations=2, names=_NAMES), clock_left=12,
    ),
    "presidency-named": DisplayModel(
        view=_view(phase="presidency", president=1, awaiting=[1], incorrect_accusations=1, names=_NAMES),
        clock_left=45,
    ),
    "parley-named": DisplayModel(
        view=_view(phase="parley", president=0, awaiting=[2], names=_NAMES,
                   parley={"president": 0, "target": 2, "count": 1})
    ),
    "setup-join-code": DisplayModel(
        view=_view(version=2, phase="setup", policies=[], awaiting=[0, 2, 5, 6]), join_code="483920",
    ),
    # the winners by name, as the pages say them (issue 25)
    "over-named": DisplayModel(
        view=_view(phase="over", over=True, winning_color="red", winners=[0, 2], awaiting=[], names=_NAMES)
    ),
    "startup-join-code": DisplayModel(view=None, startup_url=URL, join_code="483920", pads="hub"),
    # the longest code the host may set: on a line of its own, and on the setup screen without "Join"
    "startup-join-code-long": DisplayModel(view=None, startup_url=URL, join_code="TUESDAYNIGHT", pads="GPIO"),
    "setup-join-code-long": DisplayModel(
        view=_view(version=2, phase="setup", policies=[], awaiting=[0, 2]), join_code="TUESDAYNIGHT",
    ),
})

SCENES.update({
    # R17: the third wrong accusation waits for the accused seat's new membership card; the crisis
    # (and its stability drop) comes only after it, so the screen still shows the old stability
    "crisis-waits-for-membership": DisplayModel(
        view=_view(phase="replace_membership", president=0, awaiting=[4], pressed=[],
                   incorrect_accusations=3, names=_NAMES),
    ),
})

# screens too full for one page at a size readable across a table: their later pages
SCENES.update({
    f"{name}-page-{page + 1}": replace(SCENES[name], page=page)
    for name, page in (("reveal-14", 1), ("election-crowded", 2), ("setup-many", 1), ("campaign-over-14", 3))
})
