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
from controller.games.jaccuse.said import colour as colour_word
from controller.games.jaccuse.said import msg, msg_n

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


def _count(n: int) -> str:
    return msg_n("{n} card", "{n} cards", n=n)


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
    return msg("You placed your membership card (hold the grey panel to see it).")


def _tie(e: dict[str, Any], me: int, names: Names) -> str | None:
    if me in e["voters"]:
        return msg("A tie: you vote again in a tie round (the cards shown stay on the table).")
    if me in e["seats"]:
        return msg("A tie: your card stays on the table, but you have no card left to vote with this round.")
    return None


def _elected(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return msg("You won the election with {card}: you are President (+1 XP).", card=pretty(e["card"]))


def _president(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return msg("The accusation against you was wrong, so you are President now (no XP for it).")


def _accused(e: dict[str, Any], me: int, names: Names) -> str | None:
    card, colour = pretty(e["membership"]), colour_word(e["color"])
    if e["president"] == me:
        target = who(e["target"], names)
        if e["correct"]:
            return msg("Your accusation of {who} as {colour} was right: their membership card was {card}.",
                       who=target, colour=colour, card=card)
        return msg("Your accusation of {who} as {colour} was wrong: their membership card was {card}.",
                   who=target, colour=colour, card=card)
    if e["target"] != me:
        return None
    by = who(e["president"], names)
    if e["correct"]:
        return msg("{who} accused you of being {colour}, rightly: they took your membership card {card}.",
                   who=by, colour=colour, card=card)
    return msg(
        "{who} accused you of being {colour}, wrongly: your membership card {card} is back in your hand;"
        " place a membership card again.", who=by, colour=colour, card=card)


def _crisis(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["from"] == e["stability"]:
        return msg("Crisis: a third wrong accusation since the election. Stability stays at {n}.",
                   n=e["stability"])
    return msg("Crisis: a third wrong accusation since the election. Stability {before} -> {after}.",
               before=e["from"], after=e["stability"])


def _parley_offered(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["president"] == me:
        return msg("You offered {cards} to {who} in a parley.", cards=_cards(e["cards"]),
                   who=who(e["target"], names))
    if e["target"] == me:
        return msg("{who} offers you a parley: choose {cards} to give back.",
                   who=who(e["president"], names, start=True), cards=_count(e["count"]))
    return None


def _parley_done(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["president"] == me:
        gave, got, other = e["offered"], e["answered"], e["target"]
    elif e["target"] == me:
        gave, got, other = e["answered"], e["offered"], e["president"]
    else:
        return None
    return msg("Parley with {who}: you gave {gave} and got {got}.", who=who(other, names), gave=_cards(gave),
               got=_cards(got))


def _defected(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] != me:
        return None
    return msg("You defected: your old membership card is discarded and the new one is in place.")


def _xp(e: dict[str, Any], me: int, names: Names) -> str | None:
    if e["seat"] == me:
        return msg("You gave {n} XP to {who}.", n=e["amount"], who=who(e["to"], names))
    if e["to"] == me:
        return msg("{who} gave you {n} XP.", who=who(e["seat"], names, start=True), n=e["amount"])
    return None


def _over(e: dict[str, Any], me: int, names: Names) -> str | None:
    colour = e["winning_color"]
    if colour is None:
        return None
    if me in e["winners"]:
        return msg("Red wins, and so do you.") if colour == "red" else msg("Black wins, and so do you.")
    return None


def _generation_over(e: dict[str, Any], me: int, names: Names) -> str | None:
    colour = e["winning_color"]
    memberships = e["membership"]
    card = memberships[me] if 0 <= me < len(memberships) else None
    if colour is None or card is None:
        return None
    if color_of(card) == colour:
        return msg("Generation {n}: your membership {card} matched {colour}, +1 VP.", n=e["generation"],
                   card=pretty(card), colour=colour_word(colour))
    return msg("Generation {n}: your membership {card} did not match {colour}, no VP.", n=e["generation"],
               card=pretty(card), colour=colour_word(colour))


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
