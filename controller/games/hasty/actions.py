"""Actions in the dict form of the replay contract and the journal: ``play``, ``end`` and ``choose``.

``from_dict`` checks only the shape (types, known cards and acts, seats of the game); whether the
action is legal now is for the engine to say (H24). A ``choose`` carries the keys of the choice it
answers; which keys fit which choice is the engine's business too, since only it knows what is
pending.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from controller.games.common import is_int, read_act
from controller.games.hasty.cards import is_card

ACTS: Final = ("play", "end", "choose")
#: the keys a ``choose`` may carry; it needs at least one (the first seven are the first edition's)
CHOICE_KEYS: Final = ("at", "card", "ask", "hand", "swap", "flip", "cards",
                      "suspect", "hasty", "indices", "top", "secret", "swap_hands", "index", "to", "place")


class ActionFormatError(ValueError):
    """The action is not well-formed: unknown act or card, a missing key, a value of the wrong type."""


#: the second edition's ``choose`` keys (H52), kept in ``Action.more``
MORE_KEYS: Final = CHOICE_KEYS[7:]
_MORE_BIT: Final = {name: 1 << (7 + i) for i, name in enumerate(MORE_KEYS)}


class Action(NamedTuple):
    seat: int
    act: str
    #: ``play``: the card; ``choose`` (question, revelation): the card given
    card: str | None = None
    #: ``play``: the position played on; ``choose``: the position chosen
    at: int | None = None
    #: ``play``: face up (True) or face down
    up: bool | None = None
    #: ``choose`` (question): the seat asked
    ask: int | None = None
    #: ``choose`` (investigate, thief, brunette): the seat whose hand is looked at or robbed
    hand: int | None = None
    #: ``choose`` (switcheroo): two positions whose suspects change places
    swap: tuple[int, int] | None = None
    #: ``choose`` (switcheroo): the position whose pile's top and bottom swap
    flip: int | None = None
    #: ``choose`` (market): the cards taken
    cards: tuple[str, ...] | None = None
    #: ``choose``: the second edition's keys it carries (``MORE_KEYS``), as (key, value) pairs in that
    #: order; None when it carries none (every first-edition action: they stay as small as they were)
    more: tuple[tuple[str, Any], ...] | None = None

    @classmethod
    def choice(cls, seat: int, **keys: Any) -> Action:
        """A ``choose`` with the given keys, first- and second-edition ones alike (``index`` for a
        Rebel's card, ``indices`` as a tuple)."""
        base = {k: v for k, v in keys.items() if k not in _MORE_BIT}
        extra = tuple((k, keys[k]) for k in MORE_KEYS if k in keys and keys[k] is not None)
        return cls(seat, "choose", **base, more=extra or None)

    def _more(self, name: str) -> Any:
        if self.more is not None:
            for key, value in self.more:
                if key == name:
                    return value
        return None

    @property
    def suspect(self) -> int | None:
        """``choose`` (tuck, revive): a suspect id."""
        value: int | None = self._more("suspect")
        return value

    @property
    def hasty(self) -> str | None:
        """``choose`` (hasty): ``draw`` or ``skip``."""
        value: str | None = self._more("hasty")
        return value

    @property
    def indices(self) -> tuple[int, ...] | None:
        """``choose`` (tangled): the indices of the cards moved, from the bottom, first placed first."""
        value: tuple[int, ...] | None = self._more("indices")
        return value

    @property
    def top(self) -> bool | None:
        """``choose`` (double): onto the top (True) or under the bottom."""
        value: bool | None = self._more("top")
        return value

    @property
    def secret(self) -> int | None:
        """``choose`` (private): the seat whose secret suspect is looked at."""
        value: int | None = self._more("secret")
        return value

    @property
    def swap_hands(self) -> int | None:
        """``choose`` (private): the seat whose hand is swapped with the active seat's."""
        value: int | None = self._more("swap_hands")
        return value

    @property
    def card_index(self) -> int | None:
        """``choose`` (rebel): the moving card's ``index`` in its pile, from the bottom."""
        value: int | None = self._more("index")
        return value

    @property
    def to(self) -> int | None:
        """``choose`` (rebel): the position the card goes to."""
        value: int | None = self._more("to")
        return value

    @property
    def place(self) -> int | None:
        """``choose`` (rebel): its place in that pile (0 the bottom, its size the top)."""
        value: int | None = self._more("place")
        return value

    @classmethod
    def from_dict(cls, data: object, players: int | None = None, *, seat: int | None = None,
                  known: frozenset[str] | None = None) -> Action:
        """Parse the contract's form. With ``players``, a seat (``seat``, ``ask``, ``hand``, ``secret``,
        ``swap_hands``) outside the table is malformed too; ``seat`` given replaces the dict's (a
        phone's token says it); with ``known``, a card outside those keys (a card of a set the game
        does not play, H25) is unknown."""
        data, act = read_act(data, ACTS, ActionFormatError, "; the acts are play, end and choose")
        who = data.get("seat") if seat is None else seat
        who = _seat(who, "seat", players)
        if act == "end":
            return cls(who, act)
        if act == "play":
            for name in ("card", "at", "up"):
                if name not in data:
                    raise ActionFormatError(f"a play needs {name!r}")
            up = data["up"]
            if not isinstance(up, bool):
                raise ActionFormatError("'up' must be true (face up) or false (face down)")
            return cls(who, act, card=_card(data["card"], known), at=_int(data["at"], "at"), up=up)
        if not any(name in data for name in CHOICE_KEYS):
            raise ActionFormatError("a choose needs the keys of its choice: " + ", ".join(CHOICE_KEYS))
        swap = None
        if "swap" in data:
            raw = data["swap"]
            if not isinstance(raw, list) or len(raw) != 2 or not all(is_int(v) for v in raw):
                raise ActionFormatError("'swap' must be two positions")
            swap = (int(raw[0]), int(raw[1]))
        cards = None
        if "cards" in data:
            raw = data["cards"]
            if not isinstance(raw, list):
                raise ActionFormatError("'cards' must be a list of card keys")
            cards = tuple(_card(c, known) for c in raw)
        more = tuple((name, _more_value(name, data[name], players)) for name in MORE_KEYS if name in data)
        return cls(
            who, act,
            card=_card(data["card"], known) if "card" in data else None,
            at=_int(data["at"], "at") if "at" in data else None,
            ask=_seat(data["ask"], "ask", players) if "ask" in data else None,
            hand=_seat(data["hand"], "hand", players) if "hand" in data else None,
            swap=swap,
            flip=_int(data["flip"], "flip") if "flip" in data else None,
            cards=cards,
            more=more or None,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        if self.act == "play":
            out.update(card=self.card, at=self.at, up=self.up)
        elif self.act == "choose":
            for name in CHOICE_KEYS[:7]:
                value = getattr(self, name)
                if value is not None:
                    out[name] = list(value) if isinstance(value, tuple) else value
            for name, value in self.more or ():
                out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def choice_mask(self) -> int:
        """The choice keys this action carries, one bit each in ``CHOICE_KEYS`` order (cheap to
        compare: the engine checks it on every choice)."""
        mask = ((self.at is not None) | (self.card is not None) << 1 | (self.ask is not None) << 2
                | (self.hand is not None) << 3 | (self.swap is not None) << 4
                | (self.flip is not None) << 5 | (self.cards is not None) << 6)
        if self.more is not None:
            for name, _ in self.more:
                mask |= _MORE_BIT[name]
        return mask


def _more_value(name: str, value: object, players: int | None) -> Any:
    """A second-edition ``choose`` key's value, checked (H52's exit-2 cases)."""
    if name == "hasty":
        if not isinstance(value, str):
            raise ActionFormatError("'hasty' must be a word: \"draw\" or \"skip\"")
        return value
    if name == "top":
        if not isinstance(value, bool):
            raise ActionFormatError("'top' must be true (onto the top) or false (under the bottom)")
        return value
    if name == "indices":
        if not isinstance(value, list) or not all(is_int(v) for v in value):
            raise ActionFormatError("'indices' must be a list of whole numbers")
        return tuple(int(v) for v in value)
    if name in ("secret", "swap_hands"):
        return _seat(value, name, players)
    return _int(value, name)


def mask_of(*names: str) -> int:
    """The ``choice_mask`` of an action carrying exactly ``names``."""
    return sum(1 << CHOICE_KEYS.index(name) for name in names)


def _int(value: object, name: str) -> int:
    if not is_int(value):
        raise ActionFormatError(f"{name!r} must be an integer")
    return value


def _seat(value: object, name: str, players: int | None) -> int:
    if not is_int(value) or (players is not None and not 0 <= value < players):
        where = f" 0 to {players - 1}" if players is not None else ""
        raise ActionFormatError(f"{name!r} must be a seat{where}, not {value!r}")
    return value


def _card(value: object, known: frozenset[str] | None = None) -> str:
    if not is_card(value) or (known is not None and value not in known):
        raise ActionFormatError(f"unknown card {value!r}")
    assert isinstance(value, str)
    return value
