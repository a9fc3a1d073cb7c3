"""Each seat's personal feed: what an action meant for that seat, told to it in the second person.

The table log tells the room what happened; a seat's feed tells one player what happened *to them*:
their accusation was right, their membership card was taken, which cards they gave and got in a
parley. Some of that is secret, so it comes from here, the only place secrets leave the rules core
besides ``seat_view``: the engine's events carry a seat's private details under ``PRIVATE_KEYS``,
which the public log never reads, and ``seat_feed`` passes them on only to the seat they belong to.
The feed shows in plain view on the phone, so it never names the seat's own membership card, which
the page keeps under its hold-to-peek panel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from controller.games.jaccuse.cards import color_of, pretty
from controller.games.jaccuse.describe import Names, who

#: event type -> the keys that only some seats may learn (who may is decided in ``seat_feed``)
PRIVATE_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "parley_offered": ("cards",),
    "parley_done": ("offered", "answered"),
}


def public_event(event: dict[str, Any]) -> dict[str, Any]:
    """The event without its private keys: what anyone may know of it."""
    hidden = PRIVATE_KEYS.get(str(event.get("type")), ())
    return {k: v for k, v in event.items() if k not in hidden}


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(pretty(c) for c in cards)


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def seat_feed(events: Sequence[dict[str, Any]], seat: int, names: Names = None) -> list[str]:
    """The lines of one action's events that concern ``seat``, newest last, in the second person."""
    lines: list[str] = []
    for event in events:
        tell = _TELLERS.get(str(event.get("type")))
        if tell is None:
            continue
        line = tell(event, seat, names)
        if line:
            lines.append(line)
    return lines


def _membership(e: dict[str, Any], me: int, names: Names) -> str | None:
    # no card named: the feed is in plain view, the membership stays under the phone's hold-to-peek panel
    if e["seat"] != me:
        return None
    return "You placed your membership card (hold the grey panel to see it)."


def _tie(e: dict[str, Any], me: int, names: Names) -> str | None:
    if me in e["voters"]:
        return "A tie: you vote again in a tie round (the cards shown stay on the table)."
    if me in e["seats"]:
        return "A tie: your card stays on the table, but you have no card left to vote with this round."
    return None


def _elected(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return f"You won the election with {pretty(e['card'])}: you are President (+1 XP)."


def _president(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return "The accusation against you was wrong, so you are President now (no XP for it)."


def _accused(e: dict[str, Any], me: int, names: Names) -> str | None:
    card, colour = pretty(e["membership"]), e["color"]
    if e["president"] == me:
        verdict = "right" if e["correct"] else "wrong"
        return (
            f"Your accusation of {who(e['target'], names)} as {colour} was {verdict}:"
            f" their membership card was {card}."
        )
    if e["target"] != me:
        return None
    by = who(e["president"], names)
    if e["correct"]:
        return f"{by} accused you of being {colour}, rightly: they took your membership card {card}."
    return (
        f"{by} accused you of being {colour}, wrongly: your membership card {card} is back in your hand;"
        " place a membership card again."
    )


def _crisis(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["from"] == e["stability"]:
        return f"Crisis: a third wrong accusation since the election. Stability stays at {e['stability']}."
    return f"Crisis: a third wrong accusation since the election. Stability {e['from']} -> {e['stability']}."


def _parley_offered(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["president"] == me:
        return f"You offered {_cards(e['cards'])} to {who(e['target'], names)} in a parley."
    if e["target"] == me:
        n = _count(e["count"])
        return f"{who(e['president'], names, start=True)} offers you a parley: choose {n} to give back."
    return None


def _parley_done(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["president"] == me:
        gave, got, other = e["offered"], e["answered"], e["target"]
    elif e["target"] == me:
        gave, got, other = e["answered"], e["offered"], e["president"]
    else:
        return None
    return f"Parley with {who(other, names)}: you gave {_cards(gave)} and got {_cards(got)}."


def _defected(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return "You defected: your old membership card is discarded and the new one is in place."


def _xp(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] == me:
        return f"You gave {e['amount']} XP to {who(e['to'], names)}."
    if e["to"] == me:
        return f"{who(e['seat'], names, start=True)} gave you {e['amount']} XP."
    return None


def _over(e: dict[str, Any], me: int, names: Names) -> str | None:
    colour = e["winning_color"]
    if colour is None:
        return None
    if me in e["winners"]:
        return f"{colour.capitalize()} wins, and so do you."
    return None


def _generation_over(e: dict[str, Any], me: int, names: Names) -> str | None:
    colour = e["winning_color"]
    memberships = e["membership"]
    card = memberships[me] if 0 <= me < len(memberships) else None
    if colour is None or card is None:
        return None
    if color_of(card) == colour:
        return f"Generation {e['generation']}: your membership {pretty(card)} matched {colour}, +1 VP."
    return f"Generation {e['generation']}: your membership {pretty(card)} did not match {colour}, no VP."


_Teller = Callable[[dict[str, Any], int, Names], "str | None"]

_TELLERS: Final[dict[str, _Teller]] = {
    "membership_placed": _membership,
    "tie": _tie,
    "elected": _elected,
    "president": _president,
    "accused": _accused,
    "crisis": _crisis,
    "parley_offered": _parley_offered,
    "parley_done": _parley_done,
    "defected": _defected,
    "xp_given": _xp,
    "over": _over,
    "generation_over": _generation_over,
}
