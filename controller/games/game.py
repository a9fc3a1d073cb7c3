"""What a game tells the box about itself: one ``Game`` value, exported by the game's package.

The box finds games through the entry-point group ``jaccuse_table.games`` (``registry.py``); each entry
names a ``Game``. Everything the table, the pages, the OLED, the pads and the commands need of a game
is here or one of its loaders away, so no module outside the game's package names it. The loaders
import the game's submodules only when called: a box that deals one game never imports another's
screens, bots or balance report.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from controller.games.shape import GameBalance, GameRules, GameStrategy, ReplayReader, TableRules

if TYPE_CHECKING:
    from PIL import Image

    from controller.devices.screens import DisplayModel
    from controller.games.search.ismcts import GameSampler

    Renderer = Callable[[DisplayModel], Image.Image]
else:
    Renderer = Callable[[Any], Any]


@dataclass(frozen=True)
class Screens:
    """A game's OLED: its renderer and its "everyone look" moment, which the OLED holds for a few
    seconds when ``moment_key`` of the public view changes (``moment`` is ``DisplayModel.reveal``).

    A moment may also be played out as a sequence (a pile turned over card by card): ``moment_frames``
    gives its frames, each a ``DisplayModel.reveal`` shown ``frame_seconds``, the last one held as
    long as a single moment. The box keeps the pace, so a fast network or a bot shortens nothing."""

    render: Renderer
    moment_key: Callable[[Mapping[str, Any]], Hashable | None]
    moment: Callable[[Mapping[str, Any]], Any]
    moment_frames: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    frame_seconds: float = 1.5

    def frames(self, view: Mapping[str, Any]) -> list[Any]:
        """The moment's frames in order: the one ``moment`` unless the game plays it out."""
        if self.moment_frames is None:
            return [self.moment(view)]
        return list(self.moment_frames(view)) or [self.moment(view)]


def no_pad_round(view: Mapping[str, Any]) -> Hashable | None:
    """For a game whose pads take no rounds of presses: never a round."""
    return None


def no_options(options: Mapping[str, Any]) -> str | None:
    """For a game that takes no deal options beyond its seats: any option set is refused."""
    given = sorted(k for k, v in options.items() if v)
    return f"this game has no {given[0]}" if given else None


def submodule(name: str) -> Callable[[], Any]:
    """A loader of module ``name``: it is imported when the loader is first called, not before."""

    def load() -> Any:
        return importlib.import_module(name)

    return load


@dataclass(frozen=True)
class Game:
    """One game as the box sees it (see docs/dev-interfaces.md, "Adding a game")."""

    #: its name in the registry, the journal, replay files, the views (``game``) and the config
    name: str
    #: how the pages title it
    title: str
    min_players: int
    max_players: int
    #: the seats `simulate` plays when none are given
    default_players: int
    #: the game's package folder: ``static/`` (page scripts, styles, card art served under /static/),
    #: ``templates/`` and the players' rules page ``rules.md``
    folder: Path
    rules: Callable[[], GameRules[Any, Any, Any]]
    table_rules: Callable[[], TableRules]
    strategy: Callable[[], GameStrategy[Any, Any, Any]]
    replay_reader: Callable[[], ReplayReader]
    balance: Callable[[], GameBalance]
    screens: Callable[[], Screens]
    #: the template its rules page is generated into (``python -m web.rulesdoc``), in ``templates/``
    rules_template: str = ""
    #: the stem of the game's page parts in its ``static/``: ``<stem>_phone.js`` and ``<stem>_table.js``,
    #: ES modules the phone and table pages load for the game (empty: the pages show only their shell)
    page_parts: str = ""
    #: what identifies a round of pad presses in the public view (the pads' epoch moves on with it)
    pad_round: Callable[[Mapping[str, Any]], Hashable | None] = no_pad_round
    #: events that happen inside one decision, leaving the shot clock's deadline as it was
    within_a_decision: frozenset[str] = frozenset()
    #: the config's deal options (e.g. a campaign) this game refuses, as one line, or None
    check_options: Callable[[Mapping[str, Any]], str | None] = no_options
    #: the variants the host may switch on for a deal (``run --option``, the config's ``options``, the
    #: host page's new-game dialog): deal option key -> what it does, in players' words; each is on or off
    table_options: Mapping[str, str] = field(default_factory=dict)
    #: the game's optional rules `simulate` can switch on: keyword of its balance's ``simulate`` -> help
    #: (each a flag, ``--NAME``, or ``--option NAME``)
    simulate_options: Mapping[str, str] = field(default_factory=dict)
    #: options `simulate` takes with a value, ``--option NAME=VALUE`` (the text is passed on as it is,
    #: for the game's ``simulate`` to read; a list is a comma list): keyword -> help
    simulate_values: Mapping[str, str] = field(default_factory=dict)
    #: a random action for a simulated phone (``client.py``): from its seat view and one of its ``moves``
    random_phone_action: Callable[
        [Mapping[str, Any], Mapping[str, Any], random.Random], dict[str, Any] | None
    ] = lambda me, move, rng: None
    #: what the strong bot (``controller/games/search``) needs of the game: how to deal out what one
    #: seat cannot see (``GameSampler``); None: the game has no strong bot yet, its seats play sensibly
    sampler: Callable[[], GameSampler[Any, Any]] | None = None

    @classmethod
    def of_package(cls, package: str, rules: Callable[[], GameRules[Any, Any, Any]], **fields: Any) -> Game:
        """The ``Game`` of a package laid out the usual way: its folder, and its parts in the submodules
        ``table_rules``, ``strategy``, ``replay`` and ``balance``, each imported when first asked for.
        ``rules`` is the package itself, returned by a function typed with its own state and action
        (mypy checks that shape); ``fields`` give the rest and may replace any part."""
        parts = {"table_rules": "table_rules", "strategy": "strategy", "replay_reader": "replay",
                 "balance": "balance"}
        loaders = {field_name: submodule(f"{package}.{module}") for field_name, module in parts.items()}
        folder = Path(sys.modules[package].__file__ or "").resolve().parent
        return cls(rules=rules, folder=folder, **{**loaders, **fields})

    def check_table_options(self, on: Sequence[str]) -> str | None:
        """None when every name in ``on`` is one of the game's table options, else why not."""
        for name in on:
            if name not in self.table_options:
                known = ", ".join(self.table_options) or "none"
                return f"{self.title} has no option {name!r} (its options: {known})"
        return self.check_options({name: True for name in on})

    def check_players(self, players: int) -> str | None:
        """None when the game takes ``players`` seats, else why not."""
        if self.min_players <= players <= self.max_players:
            return None
        return f"{self.name} takes {self.min_players}-{self.max_players} players"
