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


class Action(NamedTuple):
    seat: int
    act: str
    #: ``play``: the card; ``choose`` (question): the card given
    card: str | None = None
    #: ``play``: the position played on; ``choose``: the position chosen
    at: int | None = None
    #: ``play``: face up (True) or face down
    up: bool | None = None
    #: ``choose`` (question): the seat asked
    ask: int | None = None
    #: ``choose`` (investigate): the seat whose hand is looked at
    hand: int | None = None
    #: ``choose`` (switcheroo): two positions whose suspects change places
    swap: tuple[int, int] | None = None
    #: ``choose`` (switcheroo): the position whose pile's top and bottom swap
    flip: int | None = None
    #: ``choose`` (market): the cards taken
    cards: tuple[str, ...] | None = None
    #: ``choose`` (tuck, revive): a suspect id
    suspect: int | None = None
    #: ``choose`` (hasty): ``draw`` or ``skip``
    hasty: str | None = None
    #: ``choose`` (tangled): the indices of the cards moved, from the bottom
    indices: tuple[int, ...] | None = None
    #: ``choose`` (double): onto the top (True) or under the bottom
    top: bool | None = None
    #: ``choose`` (private): the seat whose secret is looked at, or whose hand is swapped
    secret: int | None = None
    swap_hands: int | None = None
    #: ``choose`` (rebel): the card's index in its pile, the position it goes to and its place there
    card_index: int | None = None
    to: int | None = None
    place: int | None = None

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
        hasty = data.get("hasty")
        if "hasty" in data and not isinstance(hasty, str):
            raise ActionFormatError("'hasty' must be a word: \"draw\" or \"skip\"")
        top = data.get("top")
        if "top" in data and not isinstance(top, bool):
            raise ActionFormatError("'top' must be true (onto the top) or false (under the bottom)")
        indices = None
        if "indices" in data:
            raw = data["indices"]
            if not isinstance(raw, list) or not all(is_int(v) for v in raw):
                raise ActionFormatError("'indices' must be a list of whole numbers")
            indices = tuple(int(v) for v in raw)
        return cls(
            who, act,
            card=_card(data["card"], known) if "card" in data else None,
            at=_int(data["at"], "at") if "at" in data else None,
            ask=_seat(data["ask"], "ask", players) if "ask" in data else None,
            hand=_seat(data["hand"], "hand", players) if "hand" in data else None,
            swap=swap,
            flip=_int(data["flip"], "flip") if "flip" in data else None,
            cards=cards,
            suspect=_int(data["suspect"], "suspect") if "suspect" in data else None,
            hasty=hasty,
            indices=indices,
            top=top,
            secret=_seat(data["secret"], "secret", players) if "secret" in data else None,
            swap_hands=_seat(data["swap_hands"], "swap_hands", players) if "swap_hands" in data else None,
            card_index=_int(data["index"], "index") if "index" in data else None,
            to=_int(data["to"], "to") if "to" in data else None,
            place=_int(data["place"], "place") if "place" in data else None,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        if self.act == "play":
            out.update(card=self.card, at=self.at, up=self.up)
        elif self.act == "choose":
            for name in CHOICE_KEYS:
                value = getattr(self, _ATTR.get(name, name))
                if value is not None:
                    out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def choice_mask(self) -> int:
        """The choice keys this action carries, one bit each in ``CHOICE_KEYS`` order (cheap to
        compare: the engine checks it on every choice)."""
        mask = ((self.at is not None) | (self.card is not None) << 1 | (self.ask is not None) << 2
                | (self.hand is not None) << 3 | (self.swap is not None) << 4
                | (self.flip is not None) << 5 | (self.cards is not None) << 6)
        if self.suspect is None and self.hasty is None and self.indices is None and self.top is None and (
            self.secret is None and self.swap_hands is None and self.card_index is None and self.to is None
            and self.place is None
        ):
            return mask
        return mask | ((self.suspect is not None) << 7 | (self.hasty is not None) << 8
                       | (self.indices is not None) << 9 | (self.top is not None) << 10
                       | (self.secret is not None) << 11 | (self.swap_hands is not None) << 12
                       | (self.card_index is not None) << 13 | (self.to is not None) << 14
                       | (self.place is not None) << 15)


#: a ``choose`` key whose field has another name (``index`` is a tuple's method)
_ATTR: Final = {"index": "card_index"}


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
