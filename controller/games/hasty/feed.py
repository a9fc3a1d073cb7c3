"""Each seat's personal feed, and the split of the engine's events into public facts and private parts.

The room's log (``describe.py``) tells what everyone saw. Some cards move where only one or two seats
see them (H52): the cards a Walk it back, a Thief or Monsieur Brunette took (the seat that took them,
and the seat they came from), what a Tangled Up showed and whose suspect a Private Investigator saw
(the seat that looked). The engine's events carry those details under ``PRIVATE_KEYS``, which the
log never reads; ``public_event`` drops them, and ``seat_feed`` tells them only to the seats they
belong to, besides the log's own lines about the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from controller.games.hasty.cards import ALL_CARDS, INDEX, SUSPECTS, TRAITOR

Names = Sequence[str | None] | None

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


def _cards(keys: Sequence[str]) -> str:
    return ", ".join(ALL_CARDS[INDEX[k]].title for k in keys) or "nothing"


def _who(seat: int, names: Names) -> str:
    name = names[seat] if names is not None and 0 <= seat < len(names) else None
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def _walked(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me or not e["count"]:
        return None
    return f"You took {_cards(e['cards'])} from pile {e['at']} into your hand."


def _stolen(e: dict[str, Any], me: int, names: Names) -> str | None:
    if not e["count"]:
        return None
    if "at" in e:
        return f"You took {_cards(e['cards'])} from pile {e['at']}." if e["seat"] == me else None
    if e["seat"] == me:
        return f"You took {_cards(e['cards'])} from {_who(e['from'], names)}."
    if e["from"] == me:
        return f"{_who(e['seat'], names).capitalize()} took {_cards(e['cards'])} from your hand."
    return None


def _tangled(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return f"Pile {e['from']} held, from the bottom: {_cards(e['seen'])}."


def _secret_seen(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    suspect = e["suspect"]
    what = "the Traitor" if suspect == TRAITOR else SUSPECTS[suspect]
    return f"{_who(e['of'], names).capitalize()} is secretly {what}."


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
