"""What a game tells the box about itself: one ``Game`` value, exported by the game's package.

The box finds games through the entry-point group ``jaccuse_table.games`` (``registry.py``); each entry
names a ``Game``. Its fields say once what the game is called and how many seats it takes; its parts
(rules, table adapter, bots, replay reader, retelling marks, balance report, OLED screens) are the
game's own modules, filled in with the shared layer's defaults for every member the game leaves out.
Everything the table, the pages, the OLED, the pads and the commands need of a game is here or one of
its parts away, so no module outside the game's package names it. The parts are loaded when first
asked for: a box that deals one game never imports another's screens, bots or balance report.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from controller.games.balance_frame import PlainBalance
from controller.games.common import seats_problem
from controller.games.driver import RandomStrategy
from controller.games.replay_frame import ReplayFrame
from controller.games.retell_frame import RetellFrame
from controller.games.rules import Rules
from controller.games.search.ismcts import GameSampler
from controller.games.shape import GameBalance, GameRules, GameStrategy, ReplayReader, Retelling, TableRules
from controller.games.table_adapter import TableAdapter
from controller.games.table_options import (
    ListOption,
    canonical,
    chosen_options,
    chosen_problem,
    deal_options,
    words_of,
    words_problem,
)
from controller.oled_kit.model import DisplayModel

if TYPE_CHECKING:
    from PIL import Image  # the type only: loading the Game loads no image library

    Renderer = Callable[[DisplayModel], Image.Image]
else:
    Renderer = Callable[[DisplayModel], Any]


T = TypeVar("T")
#: a simulated phone's random action: from its seat view and one of its ``moves``
PhoneAction = Callable[[Mapping[str, Any], Mapping[str, Any], random.Random], dict[str, Any] | None]


def no_moment(view: Mapping[str, Any]) -> None:
    """For a game whose OLED has no "everyone look" moment."""
    return None


@dataclass(frozen=True)
class Screens:
    """A game's OLED: its renderer and its "everyone look" moment, which the OLED holds for a few
    seconds when ``moment_key`` of the public view changes (``moment`` is ``DisplayModel.reveal``).

    A moment may also be played out as a sequence (a pile turned over card by card): ``moment_frames``
    gives its frames, each a ``DisplayModel.reveal`` shown ``frame_seconds``, the last one held as
    long as a single moment. The box keeps the pace, so a fast network or a bot shortens nothing."""

    render: Renderer
    moment_key: Callable[[Mapping[str, Any]], Hashable | None] = no_moment
    moment: Callable[[Mapping[str, Any]], Any] = no_moment
    moment_frames: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    frame_seconds: float = 1.5

    def frames(self, view: Mapping[str, Any]) -> list[Any]:
        """The moment's frames in order: the one ``moment`` unless the game plays it out."""
        if self.moment_frames is None:
            return [self.moment(view)]
        return list(self.moment_frames(view)) or [self.moment(view)]


def plain_screens() -> Screens:
    """The OLED of a game that draws none: the plain screen (its name, phase and move)."""
    return Screens(render=member("controller.oled_kit.box_screens", "plain_screen")())


def no_pad_round(view: Mapping[str, Any]) -> Hashable | None:
    """For a game whose pads take no rounds of presses: never a round."""
    return None


def submodule(name: str) -> Callable[[], Any]:
    """A loader of module ``name``: it is imported when the loader is first called, not before."""

    def load() -> Any:
        return importlib.import_module(name)

    return load


def member(module: str, name: str) -> Callable[[], Any]:
    """A loader of ``name`` in module ``module``, imported when the loader is first called."""

    def load() -> Any:
        return getattr(importlib.import_module(module), name)

    return load


#: ``Game`` field -> the module of a game's package that holds its own members of that part
PARTS = {"own_table": "table_rules", "own_strategy": "strategy", "own_replay": "replay",
         "own_retell": "retell", "own_balance": "balance", "sampler": "sampler"}


@dataclass(frozen=True)
class Game:
    """One game as the box sees it (see docs/dev-interfaces.md, "Adding a game")."""

    #: its name in the registry, the journal, replay files, the views (``game``) and the config
    name: str
    #: how the pages title it
    title: str
    min_players: int
    max_players: int
    #: the game's package folder: ``static/`` (page scripts, styles, card art served under /static/),
    #: ``templates/`` and the players' rules page ``rules.md``
    folder: Path
    #: the game's rules package (``shape.GameRules``), returned by a function typed with the game's own
    #: state, action and deal so that mypy checks the package against the shape
    own_rules: Callable[[], GameRules[Any, Any, Any]]
    #: loaders of the modules that hold the game's own members of each other part, each imported when
    #: first asked for (``of_package`` finds them); None: the shared defaults serve for all of that part
    own_table: Callable[[], Any] | None = None
    own_strategy: Callable[[], GameStrategy[Any, Any, Any]] | None = None
    own_replay: Callable[[], Any] | None = None
    own_retell: Callable[[], Any] | None = None
    own_balance: Callable[[], GameBalance] | None = None
    own_screens: Callable[[], Screens] | None = None
    #: the seats `simulate` plays when none are given (0: the fewest the game takes)
    default_players: int = 0
    #: the template its rules page is generated into (``python -m web.rulesdoc``), in ``templates/``
    rules_template: str = ""
    #: the stem of the game's page parts in its ``static/``: ``<stem>_phone.js`` and ``<stem>_table.js``,
    #: ES modules the phone and table pages load for the game (empty: the pages show only their shell)
    page_parts: str = ""
    #: what identifies a round of pad presses in the public view (the pads' epoch moves on with it)
    pad_round: Callable[[Mapping[str, Any]], Hashable | None] = no_pad_round
    #: events that happen inside one decision, leaving the shot clock's deadline as it was
    within_a_decision: frozenset[str] = frozenset()
    #: why the game refuses a set of deal options (one line), or None; default: it takes none but its
    #: ``table_options``
    own_check_options: Callable[[Mapping[str, Any]], str | None] | None = None
    #: the variants the host may switch on for a deal (``run --option``, the config's ``options``, the
    #: host page's new-game dialog): deal option key -> what it does, in players' words; each is on or off
    table_options: Mapping[str, str] = field(default_factory=dict)
    #: the table options that are a list of a few values (``run --option NAME=a,b``; the host page's
    #: dialog: a checkbox per value): deal option key -> its label, values and default
    table_lists: Mapping[str, ListOption] = field(default_factory=dict)
    #: the game's optional rules `simulate` can switch on: keyword of its balance's ``simulate`` -> help
    #: (each a flag, ``--NAME``, or ``--option NAME``)
    simulate_options: Mapping[str, str] = field(default_factory=dict)
    #: options `simulate` takes with a value, ``--option NAME=VALUE`` (the text is passed on as it is,
    #: for the game's ``simulate`` to read; a list is a comma list): keyword -> help
    simulate_values: Mapping[str, str] = field(default_factory=dict)
    #: a random action for a simulated phone (``client.py``) from its seat view and one of its ``moves``;
    #: None: the rules' ``action_from_move``, in the phone's form (the token says the seat)
    phone_action: PhoneAction | None = None
    #: what the strong bot (``controller/games/search``) needs of the game: how to deal out what one
    #: seat cannot see (``GameSampler``); None: the game has no strong bot yet, its seats play sensibly
    sampler: Callable[[], GameSampler[Any, Any]] | None = None
    #: the parts made so far (each is made once)
    _made: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.default_players:
            object.__setattr__(self, "default_players", self.min_players)

    @classmethod
    def of_package(cls, package: str, rules: Callable[[], GameRules[Any, Any, Any]] | None = None,
                   **fields: Any) -> Game:
        """The ``Game`` of a package laid out the usual way: its folder, the package itself as its rules
        (``rules``: a function returning it typed with its own state and action, for mypy), its own
        parts in the submodules of ``PARTS`` and ``screens`` (its ``SCREENS``) where it has them, each
        imported when first asked for, and its page parts and rules page when they are named after the
        game (``static/<name>_phone.js``, ``templates/<name>_doc.html``). ``fields`` give the rest and
        may replace any of these."""
        found: dict[str, Any] = {name: submodule(f"{package}.{module}") for name, module in PARTS.items()
                                 if importlib.util.find_spec(f"{package}.{module}") is not None}
        if importlib.util.find_spec(f"{package}.screens") is not None:
            found["own_screens"] = member(f"{package}.screens", "SCREENS")
        folder = Path(sys.modules[package].__file__ or "").resolve().parent
        name = fields["name"]
        if (folder / "static" / f"{name}_phone.js").is_file():
            found["page_parts"] = name
        if (folder / "templates" / f"{name}_doc.html").is_file():
            found["rules_template"] = f"{name}_doc.html"
        return cls(own_rules=rules or submodule(package), folder=folder, **{**found, **fields})

    # -- its parts, whole: the game's own members and the defaults ------------------------------------
    def _part(self, name: str, make: Callable[[], T]) -> T:
        if name not in self._made:
            self._made[name] = make()
        made: T = self._made[name]
        return made

    def rules(self) -> Rules[Any, Any, Any]:
        return self._part("rules", lambda: Rules(self.own_rules(), self))

    def table_rules(self) -> TableRules:
        return self._part("table", lambda: TableAdapter(self, self.rules(), _load(self.own_table)))

    def strategy(self) -> GameStrategy[Any, Any, Any]:
        return self._part("strategy", lambda: _load(self.own_strategy) or RandomStrategy(self.rules()))

    def replay_reader(self) -> ReplayReader:
        return self._part("replay", lambda: ReplayFrame(self, self.rules(), _load(self.own_replay)))

    def retelling(self) -> Retelling:
        return self._part("retell", lambda: RetellFrame(_load(self.own_retell)))

    def balance(self) -> GameBalance:
        return self._part("balance", lambda: _load(self.own_balance) or PlainBalance(
            self, self.rules(), self.strategy(), self.sampler))

    def screens(self) -> Screens:
        return self._part("screens", self.own_screens or plain_screens)

    # -- what the game says about a deal ---------------------------------------------------------------
    def check_players(self, players: int) -> str | None:
        """None when the game takes ``players`` seats, else why not (one line)."""
        return seats_problem(self.name, self.min_players, self.max_players, players)

    def check_options(self, options: Mapping[str, Any]) -> str | None:
        """Why the game refuses these deal options (one line), or None."""
        if self.own_check_options is not None:
            return self.own_check_options(options)
        for key, value in sorted(options.items()):
            if value and key not in self.table_options and key not in self.table_lists:
                return f"{self.title} has no {key}{'s' if key == 'campaign' else ''}"
        return None

    # -- its table options, as people name them (``table_options.py``) --------------------------------
    def check_table_options(self, on: Sequence[str]) -> str | None:
        """None when every word in ``on`` (a flag's name, or ``NAME=a,b`` for a list) is one of the
        game's table options and the game takes them together, else why not."""
        why = words_problem(self.title, self.table_options, self.table_lists, on)
        return why or self.check_options(deal_options(self.table_lists, on))

    def deal_options(self, on: Sequence[str]) -> dict[str, Any]:
        """The deal options the checked words ``on`` name (a flag True, a list its values)."""
        return deal_options(self.table_lists, on)

    def check_chosen(self, chosen: Mapping[str, Any]) -> str | None:
        """Why the host dialog's choice (flag -> true/false, list -> values) cannot be dealt, or None."""
        why = chosen_problem(self.title, self.table_options, self.table_lists, chosen)
        return why or self.check_options(chosen_options(self.table_lists, chosen))

    def chosen_options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The host dialog's checked choice as deal options."""
        return chosen_options(self.table_lists, chosen)

    def options_words(self, dealt: Mapping[str, Any]) -> tuple[str, ...]:
        """A dealt game's table options in words, sorted (``options_of`` or the public ``options``)."""
        return words_of(self.table_options, self.table_lists, dealt)

    def options_help(self) -> str:
        """The table options in the words ``run --option`` takes ("traitor, sets=base,advanced,...")."""
        lists = [f"{name}={','.join(o.values)}" for name, o in self.table_lists.items()]
        return ", ".join([*self.table_options, *lists])

    def canonical_words(self, on: Sequence[str]) -> tuple[str, ...]:
        """The checked words ``on`` as ``options_words`` writes a game dealt with them."""
        return canonical(self.table_options, self.table_lists, on)

    def random_phone_action(
        self, me: Mapping[str, Any], move: Mapping[str, Any], rng: random.Random
    ) -> dict[str, Any] | None:
        """A simulated phone's random action for ``move``, one of the seat view ``me``'s ``moves``."""
        if self.phone_action is not None:
            return self.phone_action(me, move, rng)
        from_move = self.rules().action_from_move
        if from_move is None:
            return None
        action: dict[str, Any] = from_move(int(me.get("seat") or 0), dict(move), rng).to_dict()
        action.pop("seat", None)
        return action


def _load(loader: Callable[[], Any] | None) -> Any:
    return None if loader is None else loader()
