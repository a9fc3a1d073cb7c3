"""A game walked to its end through the box's HTTP API, stopping at each stage a phone can be loaded in.

Every seat is a person the walk plays through its token (no bots), so nothing moves while the walk looks:
the box holds still at each stage for as long as the browser checks take. The moves are the view's own
legal moves picked by a seeded generator (``controller.client.random_action``), and the box deals from the
suite's fixed seed, so a walk meets the same stages at the same moments on every run.

The stages are worked out from the seat views alone, the same way for every game in the registry:

- ``setup``: the game's setup before play (``phase == "setup"``), this seat still to choose;
- ``turn``: this seat alone is awaited, in the phase the game's first such moment had (its turn);
- ``choice``: this seat alone is awaited in another phase (a choice asked of it: a reply, a pick, a peek);
- ``vote``: a vote with this seat among several awaited, or a review on the table (one in progress, or one
  that has just ended);
- ``others``: someone else is awaited and this seat is not;
- ``over``: the game is over.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
from fixtures.browser import Server

from controller.client import random_action
from controller.games.registry import game, names

Met = tuple[str, int, list[dict[str, Any]]]  # a stage, the seat in it, every seat's view
STAGES = ("setup", "turn", "choice", "vote", "others", "over")
NAMES = ("Ada", "Bo", "Curie", "Dmitri", "Emmy", "Fatou", "Grace", "Hedy")
#: seats at every walked table: five where a game allows it (each game's range decides otherwise)
PLAYERS = 5
ACT_SEED = 3  # the seed of the walk's choice of moves (the deal's is the suite's)


def players_for(name: str) -> int:
    known = game(name)
    return min(max(PLAYERS, known.min_players), known.max_players)


def games() -> tuple[str, ...]:
    """Every game the box can deal (the registry's), for the matrix's parameters."""
    return names()


@dataclass
class Walk:
    """One game on its own box, its seats held through their tokens; ``step()`` makes one move."""

    server: Server
    name: str
    players: int
    tokens: list[str] = field(default_factory=list)
    http: requests.Session = field(default_factory=requests.Session)
    rng: random.Random = field(default_factory=lambda: random.Random(ACT_SEED))
    turn_phase: str | None = None
    vote_phases: set[str] = field(default_factory=set)
    last_review: Any = None
    made: dict[str, int] = field(default_factory=dict)  # moves made, by act

    @property
    def url(self) -> str:
        return self.server.url

    def join_all(self) -> None:
        for s in range(self.players):
            r = self.http.post(f"{self.url}/api/join", json={"seat": s, "name": NAMES[s]}, timeout=10)
            r.raise_for_status()
            self.tokens.append(r.json()["token"])

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def me(self, seat: int) -> dict[str, Any]:
        r = self.http.get(f"{self.url}/api/me", headers=self.auth(seat), timeout=10)
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    def views(self) -> list[dict[str, Any]]:
        return [self.me(s) for s in range(self.players)]

    def host(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        key = {"X-Host-Key": self.server.host_key}
        r = self.http.post(f"{self.url}/api/host/{path}", json=body, headers=key, timeout=10)
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    def act(self, seat: int, action: dict[str, Any]) -> bool:
        r = self.http.post(f"{self.url}/api/me/actions", json=action, headers=self.auth(seat), timeout=10)
        return r.ok

    def stages(self, views: list[dict[str, Any]]) -> dict[str, int]:
        """Each stage met now, with the first seat (in seat order) that is in it."""
        t = views[0]["table"]
        review = t.get("last_review")
        reviewed = bool(t.get("review")) or (review is not None and review != self.last_review)
        self.last_review = review
        found: dict[str, int] = {}
        for s in range(self.players):
            for stage in self._stages_of(t, s, reviewed):
                found.setdefault(stage, s)
        return found

    def _stages_of(self, t: dict[str, Any], s: int, reviewed: bool) -> list[str]:
        if t["over"]:
            return ["over"]
        awaiting, out = t["awaiting"], []
        mine = s in awaiting
        if reviewed:
            out.append("vote")
        if t["phase"] == "setup":
            return [*out, "setup"] if mine else out
        if not mine:
            return [*out, "others"] if awaiting else out
        if len(awaiting) > 1 or t["phase"] in self.vote_phases:
            self.vote_phases.add(t["phase"])
            return [*out, "vote"]
        if self.turn_phase is None:
            self.turn_phase = t["phase"]
        return [*out, "turn" if t["phase"] == self.turn_phase else "choice"]

    def curious(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view with only its moves of the act the walk made least so far: the walk tries every kind
        of move (a parley, a peek), and so meets the stages they lead to, instead of the commonest."""
        moves = view.get("moves") or []
        if not moves:
            return view
        least = min(self.made.get(m["act"], 0) for m in moves)
        picked = [m for m in moves if self.made.get(m["act"], 0) == least]
        act = self.rng.choice(picked)["act"]
        self.made[act] = self.made.get(act, 0) + 1
        return {**view, "moves": [m for m in picked if m["act"] == act]}

    def step(self, views: list[dict[str, Any]]) -> bool:
        """One legal move of an awaited seat (False: nobody can move)."""
        t = views[0]["table"]
        for _ in range(20):
            if not t["awaiting"]:
                return False
            seat = self.rng.choice(t["awaiting"])
            action = random_action(self.curious(views[seat]), self.rng)
            if action is not None and self.act(seat, action):
                return True
            time.sleep(0.05)  # the table may still be playing a moment out: look again
            views = self.views()
            t = views[0]["table"]
        raise AssertionError(f"no move of {t['awaiting']} was accepted in {self.name} at {t['version']}")

    def walk(self, wanted: tuple[str, ...] = STAGES, max_steps: int = 3000) -> Iterator[Met]:
        """(stage, seat, every seat's view) at the first moment each wanted stage is met, the box holding
        still until the next item is asked for; ends at the game's end (or once every stage was met)."""
        met: set[str] = set()
        for _ in range(max_steps):
            views = self.views()
            for stage, seat in self.stages(views).items():
                if stage in wanted and stage not in met:
                    met.add(stage)
                    yield stage, seat, views
            if views[0]["table"]["over"] or met >= set(wanted) or not self.step(views):
                return


def start(name: str, data_dir: Path, *extra: str) -> Walk:
    """Game ``name`` dealt on a box of its own, every seat joined by the walk."""
    players = players_for(name)
    server = Server(data_dir, players=players, extra=("--game", name, *extra)).start()
    walk = Walk(server, name, players)
    walk.join_all()
    return walk


def run_through(walk: Walk, on_stage: Callable[[str, int, list[dict[str, Any]]], None]) -> set[str]:
    """Walk to the end, calling ``on_stage`` at each stage's first moment; the stages met."""
    met = set()
    for stage, seat, views in walk.walk():
        met.add(stage)
        on_stage(stage, seat, views)
    return met
