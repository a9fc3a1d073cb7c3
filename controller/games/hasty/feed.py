"""Each seat's personal feed, and the split of the engine's events into public facts and private parts.

The room's log (``describe.py``) tells what everyone saw. Some cards move where only one or two seats
see them (H52): the cards a Walk it back, a Thief or Monsieur Brunette took (the seat that took them,
and the seat they came from), what a Tangled Up showed and whose suspect a Private Investigator saw
(the seat that looked). The engine's events carry those details under ``PRIVATE_KEYS``, which the
log never reads; ``public_event`` drops them, and ``seat_feed`` tells them only to the seats they
belong to, besides the log's own lines about the seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from controller.games.hasty.cards import TRAITOR
from controller.games.hasty.said import Names, cards, msg, suspect


def _who(seat: int, names: Names, start: bool = False) -> str:
    """A seat as the feed tells it: "Ada (seat 2)", "seat 2" ("Seat 2" to start a sentence)."""
    name = names[seat] if names is not None and 0 <= seat < len(names) else None
    if name:  # a sentence's start is capitalised as str.capitalize() would (the lines it always wrote)
        return msg("{name} (seat {n})", name=name.capitalize() if start else name, n=seat)
    return msg("Seat {n}", n=seat) if start else msg("seat {n}", n=seat)


#: event type -> the keys that only some seats may learn (who may is decided in ``private_line``)
PRIVATE_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "walked": ("cards",),
    "stolen": ("cards",),
    "tangled": ("seen",),
    "secret_seen": ("suspect",),
}


def public_event(event: dict[str, Any]) -> dict[str, Any]:
    """The event without its private keys: what anyone may know of it."""
    hidden = PRIVATE_KEYS.get(str(event.get("type")), ())
    if not hidden:
        return event
    return {k: v for k, v in event.items() if k not in hidden}


def _walked(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me or not e["count"]:
        return None
    return msg("You took {cards} from pile {at} into your hand.", cards=cards(e["cards"]), at=e["at"])


def _stolen(e: dict[str, Any], me: int, names: Names) -> str | None:
    if not e["count"]:
        return None
    if "at" in e:
        return (
            msg("You took {cards} from pile {at}.", cards=cards(e["cards"]), at=e["at"])
            if e["seat"] == me
            else None
        )
    if e["seat"] == me:
        return msg("You took {cards} from {who}.", cards=cards(e["cards"]), who=_who(e["from"], names))
    if e["from"] == me:
        return msg(
            "{who} took {cards} from your hand.", who=_who(e["seat"], names, True), cards=cards(e["cards"])
        )
    return None


def _tangled(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return msg("Pile {at} held, from the bottom: {cards}.", at=e["from"], cards=cards(e["seen"]))


def _secret_seen(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    what = msg("the Traitor") if e["suspect"] == TRAITOR else suspect(e["suspect"])
    return msg("{who} is secretly {what}.", who=_who(e["of"], names, True), what=what)


_Teller = Callable[[dict[str, Any], int, Names], "str | None"]

_TELLERS: Final[dict[str, _Teller]] = {
    "walked": _walked,
    "stolen": _stolen,
    "tangled": _tangled,
    "secret_seen": _secret_seen,
}


def private_line(event: dict[str, Any], seat: int, names: Names = None) -> str | None:
    """What an event's private part tells ``seat``, if it may learn it (else None)."""
    tell = _TELLERS.get(str(event.get("type")))
    return None if tell is None else tell(event, seat, names)
