"""The table options (H1, H21, H22, H25), the deal (H3) and the numbers its shuffles will use (H4).

A deal is everything random about a game: the deck's draw order, each seat's secret suspect and
``rolls``, the numbers the Jester and the deck's refill shuffle with. Carrying the rolls keeps the
engine free of randomness, so the journal (the deal and the actions) replays a game exactly. The
options travel with the deal because they shape it (who may hold the traitor, how many suspects
can be dealt, how the deck is split under Big Hands).
"""

from __future__ import annotations

import random
import struct
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games.hasty.cards import INDEX, SETS, SUSPECTS, TRAITOR_KEY, default_deck, is_card, set_keys

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7
HAND: Final = 4
MARKET: Final = 4
#: a seeded deal carries this many rolls (a game past them shuffles with zeros, H4); long bot games
#: use about a tenth of them
ROLLS: Final = 600
ROLL_BITS: Final = 32
OPTION_KEYS: Final = ("suspects", "traitor", "speedy", "big_hands", "sets", "powers")
#: the on/off options
FLAG_KEYS: Final = ("traitor", "speedy", "big_hands", "powers")
BASE_ONLY: Final = ("base",)


_KEYS: Final = frozenset(INDEX)


class DealError(ValueError):
    """A deal or options that do not make a game: wrong table size, deck, secrets or rolls."""


def check_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Hasty Accusations takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return players


def suspect_range(players: int) -> tuple[int, int]:
    """H1: at least five suspects and one more than the players, at most the nine there are."""
    return max(5, players + 1), len(SUSPECTS)


def read_sets(value: object, label: str = "sets") -> tuple[str, ...]:
    """H25: a non-empty list of distinct set names; ValueError for anything else."""
    if (not isinstance(value, (list, tuple)) or not value
            or not all(isinstance(v, str) and v in SETS for v in value) or len(set(value)) != len(value)):
        raise ValueError(f"{label!r} must be a non-empty list of distinct names out of {', '.join(SETS)},"
                         f" not {value!r}")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class Options:
    suspects: int
    traitor: bool = False
    speedy: bool = False
    big_hands: bool = False
    #: H25: the card sets the deck is made of, and the Suspect Powers variant
    sets: tuple[str, ...] = BASE_ONLY
    powers: bool = False
    #: whether anything beyond the base set plays (the rules and outputs of H25-H52); worked out
    second_edition: bool = field(init=False, compare=False, repr=False, default=False)
    #: whether the advanced set's cards that rule plays (H36) are in the game; worked out
    advanced: bool = field(init=False, compare=False, repr=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "second_edition", self.powers or self.sets != BASE_ONLY)
        object.__setattr__(self, "advanced", "advanced" in self.sets)

    def to_dict(self) -> dict[str, Any]:
        """The replay file's and the journal's ``options``: ``sets`` and ``powers`` only when they
        differ from the first edition's (so a base game's journal and views stay as they were)."""
        out: dict[str, Any] = {"suspects": self.suspects, "traitor": self.traitor, "speedy": self.speedy,
                               "big_hands": self.big_hands}
        if self.second_edition:
            out.update(sets=list(self.sets), powers=self.powers)
        return out

    @classmethod
    def read(cls, players: int, data: object) -> Options:
        """The replay file's ``options`` (every key optional); DealError for a bad one."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise DealError("'options' must be an object such as {\"suspects\": 6, \"traitor\": true}")
        low, high = suspect_range(players)
        suspects = data.get("suspects", low)
        if not isinstance(suspects, int) or isinstance(suspects, bool) or not low <= suspects <= high:
            raise DealError(
                f"'options.suspects' must be {low} to {high} for {players} players, not {suspects!r}"
            )
        flags = {}
        for name in FLAG_KEYS:
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise DealError(f"'options.{name}' must be true or false")
            flags[name] = value
        try:
            sets = read_sets(data.get("sets", list(BASE_ONLY)), "options.sets")
        except ValueError as exc:
            raise DealError(str(exc)) from None
        return cls(suspects, sets=sets, **flags)


@dataclass(frozen=True, slots=True)
class Deal:
    players: int
    options: Options
    #: the draw order: its first card is drawn first (H3)
    deck: tuple[str, ...]
    #: per seat: a suspect id, or ``"traitor"``
    secrets: tuple[int | str, ...]
    #: H4: the k-th number a shuffle uses is ``rolls[k]`` (0 past the end)
    rolls: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The replay file's ``deal``, with the ``options`` the journal keeps beside it."""
        return {"deck": list(self.deck), "secrets": list(self.secrets), "rolls": list(self.rolls),
                "options": self.options.to_dict()}

    @classmethod
    def from_dict(cls, players: int, data: object, options: object = None) -> Deal:
        """Read and check a deal; ``options`` default to the deal's own (the journal's form)."""
        if not isinstance(data, dict):
            raise DealError("'deal' must be an object with 'deck' and 'secrets' (and optionally 'rolls')")
        if options is None:
            options = data.get("options")
        opts = Options.read(players, options)
        deck, secrets, rolls = data.get("deck"), data.get("secrets"), data.get("rolls", [])
        if not isinstance(deck, list) or not all(is_card(c) for c in deck):
            raise DealError("'deal.deck' must be a list of card keys such as \"murder\"")
        if not isinstance(secrets, list):
            raise DealError("'deal.secrets' must be a list with one suspect id (or \"traitor\") per seat")
        if not isinstance(rolls, list) or not all(
            isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rolls
        ):
            raise DealError("'deal.rolls' must be a list of whole numbers >= 0")
        deal = cls(players, opts, tuple(deck), tuple(secrets), tuple(rolls))
        check_deal(deal)
        return deal


def check_deal(deal: Deal) -> None:
    """Raise DealError unless the deal makes a game (H1, H3, H21, H22)."""
    try:
        check_players(deal.players)
    except ValueError as exc:
        raise DealError(str(exc)) from None
    players, opts = deal.players, deal.options
    low, high = suspect_range(players)
    if not low <= opts.suspects <= high:
        raise DealError(f"{players} players use {low} to {high} suspects, not {opts.suspects}")
    need = players if opts.big_hands else HAND * players + MARKET
    if len(deal.deck) < need:
        raise DealError(f"the deck has {len(deal.deck)} cards; {players} players need at least {need}")
    try:
        named: set[object] = set(deal.deck)
    except TypeError:  # an element no card key can be (a list...)
        named = {None}
    if not named <= _KEYS:
        raise DealError("the deck holds an unknown card")
    wrong = sorted(set(deal.deck) - set_keys(opts.sets), key=INDEX.__getitem__)
    if wrong:
        raise DealError(f"'deal.deck' may only hold card keys of the chosen sets ({', '.join(opts.sets)}),"
                        f" not {', '.join(wrong)}")
    if len(deal.secrets) != players:
        raise DealError(f"'deal.secrets' has {len(deal.secrets)} entries for {players} seats")
    traitors = sum(1 for s in deal.secrets if s == TRAITOR_KEY)
    if traitors != (1 if opts.traitor else 0):
        raise DealError("with the Traitor variant exactly one seat holds \"traitor\"; without it none does")
    ids = [s for s in deal.secrets if s != TRAITOR_KEY]
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < opts.suspects for s in ids):
        raise DealError(f"each secret must be a suspect id from 0 to {opts.suspects - 1}")
    if len(set(ids)) != len(ids):
        raise DealError("two seats hold the same secret suspect")
    rolls = deal.rolls
    if rolls and (not set(map(type, rolls)) <= {int} or min(rolls) < 0):
        raise DealError("rolls are whole numbers >= 0")


def make_options(players: int, suspects: int | None = None, *, traitor: bool = False,
                 speedy: bool = False, big_hands: bool = False, sets: tuple[str, ...] | list[str] = BASE_ONLY,
                 powers: bool = False) -> Options:
    """Options for a table, suspects defaulting to H1's least."""
    return Options.read(players, {"suspects": suspect_range(players)[0] if suspects is None else suspects,
                                  "traitor": traitor, "speedy": speedy, "big_hands": big_hands,
                                  "sets": list(sets), "powers": powers})


def deal_cards(players: int, rng: random.Random, *, suspects: int | None = None, traitor: bool = False,
               speedy: bool = False, big_hands: bool = False, sets: tuple[str, ...] | list[str] = BASE_ONLY,
               powers: bool = False) -> Deal:
    """Shuffle the default deck, deal the secrets and draw the rolls, all from ``rng``: the same seed
    always gives the same deal. With the Traitor variant one dealt suspect is swapped for it (the
    rulebook's way: as many suspects as players, one of them at random replaced)."""
    try:
        check_players(players)
        opts = make_options(players, suspects, traitor=traitor, speedy=speedy, big_hands=big_hands,
                            sets=sets, powers=powers)
    except ValueError as exc:
        raise DealError(str(exc)) from None
    deck = default_deck(opts.sets)
    if opts.sets == BASE_ONLY:
        rng.shuffle(deck)  # as it always was: an older seeded file deals the same game
    else:  # a bigger deck, put in the order of random keys drawn in one go (quicker than a shuffle)
        n = len(deck)
        keys = struct.unpack(f"<{n}I", rng.getrandbits(ROLL_BITS * n).to_bytes(4 * n, "little"))
        deck = [deck[i] for i in sorted(range(n), key=keys.__getitem__)]
    secrets: list[int | str] = list(rng.sample(range(opts.suspects), players))
    if traitor:
        secrets[rng.randrange(players)] = TRAITOR_KEY
    raw = rng.getrandbits(ROLL_BITS * ROLLS).to_bytes(4 * ROLLS, "little")
    rolls = struct.unpack(f"<{ROLLS}I", raw)
    return Deal(players, opts, tuple(deck), tuple(secrets), rolls)
