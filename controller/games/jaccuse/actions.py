"""Actions: the moves a seat can make, in the dict form of the replay and HTTP contracts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from controller.games.common import read_act
from controller.games.jaccuse.cards import is_card

#: act name -> the keys it needs besides ``seat`` and ``act``
ACT_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "membership": ("card",),
    "vote": ("card",),
    "reveal": (),
    "abstain": (),
    "parley": ("target", "cards"),
    "parley_reply": ("cards",),
    "defect": ("card",),
    "accuse": ("target", "color"),
    "enact": ("card",),
    "pass": (),
    "give_xp": ("to", "amount"),
}
ACTS: Final = tuple(ACT_KEYS)

#: a body larger than this is not a move anybody makes (a parley offers at most a hand)
MAX_CARDS_IN_ACTION: Final = 32


class ActionFormatError(ValueError):
    """The action is not well-formed (unknown act, missing key, wrong type, unknown card)."""


@dataclass(frozen=True, slots=True, init=False)
class Action:
    seat: int
    act: str
    card: str | None = None
    target: int | None = None
    color: str | None = None
    cards: tuple[str, ...] | None = None
    to: int | None = None
    amount: int | None = None

    # written out, not generated: a compiled build (mypyc) turns it into C, five times as fast as the
    # generated one, which stays Python (the bots make a new action for every parley and accusation)
    def __init__(
        self,
        seat: int,
        act: str,
        card: str | None = None,
        target: int | None = None,
        color: str | None = None,
        cards: tuple[str, ...] | None = None,
        to: int | None = None,
        amount: int | None = None,
    ) -> None:
        # frozen: the dataclass's own __setattr__ refuses, as it should everywhere else
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "act", act)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "amount", amount)

    @classmethod
    def from_dict(cls, data: object, seat: int | None = None) -> Action:
        """Parse the contract's dict form; ``seat`` overrides (the HTTP API takes it from the token)."""
        data, act = read_act(data, ACT_KEYS, ActionFormatError)
        if seat is None:
            seat = _int(data, "seat")
        fields: dict[str, Any] = {}
        for key in ACT_KEYS[act]:
            if key in ("card",):
                fields[key] = _card(data, key)
            elif key in ("target", "to", "amount"):
                fields[key] = _int(data, key)
            elif key == "color":
                value = data.get("color")
                if value not in ("red", "black"):
                    raise ActionFormatError("'color' must be 'red' or 'black'")
                fields[key] = value
            elif key == "cards":
                value = data.get("cards")
                if not isinstance(value, list) or len(value) > MAX_CARDS_IN_ACTION:
                    raise ActionFormatError("'cards' must be a list of card names")
                for card in value:
                    if not is_card(card):
                        raise ActionFormatError(f"unknown card {card!r}")
                fields[key] = tuple(value)
        return cls(seat=seat, act=act, **fields)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        for key in ACT_KEYS[self.act]:
            value = getattr(self, key)
            out[key] = list(value) if key == "cards" else value
        return out


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionFormatError(f"{key!r} must be an integer")
    return value


def _card(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ActionFormatError(f"{key!r} must be a card name such as '10H' or 'QS'")
    if not is_card(value):
        raise ActionFormatError(f"unknown card {value!r}")
    return value
