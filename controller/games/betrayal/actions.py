"""Actions: what an army does, in the dict form of the replay contract and the journal.

An action is a named tuple: cheap to make (the bots make one per move), immutable, and equal to
another with the same fields. ``from_dict`` checks only the shape (types, known names); whether the
action is legal now is for the engine to say.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from controller.games.betrayal.cards import SUITS, is_card
from controller.games.common import is_int, read_act

#: act name -> the keys it carries besides ``army`` and ``act`` (``army`` takes ``red`` or ``suits``)
ACT_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "army": ("red", "suits"),
    "accuse": ("card", "target"),
    "hide": ("at",),
    "end": (),
    "peek": ("cards",),
}
ACTS: Final = tuple(ACT_KEYS)

Place = tuple[int, int]
"""A card on the table: (army, position in that army's row)."""


class ActionFormatError(ValueError):
    """The action is not well-formed: unknown act or card, a missing key, a position that is no integer."""


class Action(NamedTuple):
    army: int
    act: str
    #: ``army``, for the traitor: the red cards it adds (B5)
    red: tuple[str, ...] | None = None
    #: ``army``, for a loyal army: its two suits (B5)
    suits: tuple[str, ...] | None = None
    #: ``accuse``: the position of the attacking card in the army's own row
    card: int | None = None
    #: ``accuse``: the card attacked
    target: Place | None = None
    #: ``hide``: where the attacking card goes back, face down
    at: int | None = None
    #: ``peek``: the cards looked at
    cards: tuple[Place, ...] | None = None

    @classmethod
    def from_dict(cls, data: object, armies: int | None = None) -> Action:
        """Parse the contract's dict form; with ``armies``, an ``army`` outside 0..armies-1 is one too."""
        data, act = read_act(data, ACT_KEYS, ActionFormatError)
        army = data.get("army")
        if not is_int(army):
            raise ActionFormatError("'army' must be an integer")
        if armies is not None and not 0 <= army < armies:
            raise ActionFormatError(f"there is no army {army}: this game has armies 0 to {armies - 1}")
        if act == "army":
            if "red" not in data and "suits" not in data:
                raise ActionFormatError("an 'army' action needs 'red' (the traitor) or 'suits' (the others)")
            red = _cards(data["red"]) if "red" in data else None
            suits = _suits(data["suits"]) if "suits" in data else None
            return cls(army, act, red=red, suits=suits)
        if act == "accuse":
            return cls(army, act, card=_position(data, "card"), target=_place(data.get("target"), "target"))
        if act == "hide":
            return cls(army, act, at=_position(data, "at"))
        if act == "peek":
            raw = data.get("cards")
            if not isinstance(raw, list):
                raise ActionFormatError("'cards' must be a list of [army, position] pairs")
            return cls(army, act, cards=tuple(_place(item, "each of 'cards'") for item in raw))
        return cls(army, act)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"army": self.army, "act": self.act}
        if self.act == "army":
            if self.red is not None:
                out["red"] = list(self.red)
            if self.suits is not None:
                out["suits"] = list(self.suits)
        elif self.act == "accuse":
            out["card"] = self.card
            out["target"] = list(self.target) if self.target is not None else None
        elif self.act == "hide":
            out["at"] = self.at
        elif self.act == "peek":
            out["cards"] = [list(c) for c in self.cards or ()]
        return out


def _position(data: dict[str, Any], key: str) -> int:
    if key not in data:
        raise ActionFormatError(f"missing {key!r}")
    value = data[key]
    if not is_int(value):
        raise ActionFormatError(f"{key!r} must be an integer position")
    return int(value)


def _place(value: object, what: str) -> Place:
    if value is None:
        raise ActionFormatError(f"missing {what}")
    if not isinstance(value, list) or len(value) != 2 or not all(is_int(v) for v in value):
        raise ActionFormatError(f"{what} must be [army, position], two integers")
    return (int(value[0]), int(value[1]))


def _cards(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ActionFormatError("'red' must be a list of card names")
    for card in value:
        if not is_card(card):
            raise ActionFormatError(f"unknown card {card!r}")
    return tuple(value)


def _suits(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ActionFormatError("'suits' must be a list of suit letters")
    for suit in value:
        if suit not in SUITS:
            raise ActionFormatError(f"{suit!r} is not a suit: use S, H, D or C")
    return tuple(value)
