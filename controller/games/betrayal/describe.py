"""Plain-English lines for the table log, made from the engine's public events (messages of the game's
catalogue: said again in the reader's language, said.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.betrayal.said import card, msg, msg_n, series


def describe_event(event: dict[str, Any]) -> str | None:
    """One readable line, or None for an event too small to log."""
    kind = event.get("type")
    if kind == "army_chosen":
        return msg("Army {a} has chosen its cards.", a=event["army"])
    if kind == "armies_set":
        sizes = series([msg("army {a} {n}", a=a, n=n) for a, n in enumerate(event["rows"])])
        return msg("Every army is set ({sizes} cards); {pile} cards lie in the middle.", sizes=sizes,
                   pile=event["middle"])
    if kind == "turn":
        return msg("Army {a} to accuse.", a=event["army"])
    if kind == "accused":
        return _accused(event)
    if kind == "joker_died":
        return msg("The joker is dead: army {a} is the traitor. Three more of its cards must die.",
                   a=event["traitor"])
    if kind == "traitor_lost":
        return msg("The traitor has lost {n} of the three cards since the joker.", n=event["deaths"])
    if kind == "drew":
        if not event["count"]:
            return msg("Army {a} reaches {points} points, but the middle pile is empty.", a=event["army"],
                       points=event["points"])
        return msg_n("Army {a} reaches {points} points and draws {n} card.",
                     "Army {a} reaches {points} points and draws {n} cards.", a=event["army"],
                     points=event["points"], n=event["count"])
    if kind == "peek_due":
        return msg("Army {a} reaches {points} points and may look at two cards.", a=event["army"],
                   points=event["points"])
    if kind == "peeked":
        places = [msg("army {a} position {p}", a=t, p=p) for t, p in event["cards"]]
        if not places:
            return msg("Army {a} looks at nothing.", a=event["army"])
        if len(places) == 1:
            return msg("Army {a} looks at {place}.", a=event["army"], place=places[0])
        looked = places[0]
        for place in places[1:]:
            looked = msg("{first} and {second}", first=looked, second=place)
        return msg("Army {a} looks at {place}.", a=event["army"], place=looked)
    if kind == "hid":
        return msg("Army {a} turns its card face down again, at position {p}.", a=event["army"],
                   p=event["at"])
    if kind == "eliminated":
        if event["reason"] == "points":
            return msg("Army {a} is eliminated (too many points).", a=event["army"])
        return msg("Army {a} is eliminated (no cards left).", a=event["army"])
    if kind == "over":
        winners = series([str(a) for a in event["winners"]])
        if event["winner_side"] == "traitor":
            return msg("The traitor wins! Army {a} was the traitor. Winners: army {winners}.",
                       a=event["traitor"], winners=winners)
        return msg("The loyal armies win! Army {a} was the traitor. Winners: army {winners}.",
                   a=event["traitor"], winners=winners)
    return None


def _accused(event: dict[str, Any]) -> str:
    target, position = event["target"]
    said = {"a": event["army"], "card": card(event["card"]), "p": position, "target": target,
            "target_card": card(event["target_card"])}
    if event["by_two"]:
        return msg("Army {a} accuses with its {card} the card at position {p} of army {target}:"
                   " {target_card}; the {target_card} defends and kills the {card}.", **said)
    if event["winner"] == "attacker":
        return msg("Army {a} accuses with its {card} the card at position {p} of army {target}:"
                   " {target_card}; the {card} wins.", **said)
    return msg("Army {a} accuses with its {card} the card at position {p} of army {target}:"
               " {target_card}; the {target_card} holds.", **said)


def describe_events(events: Sequence[dict[str, Any]], names: Sequence[str | None] | None = None) -> list[str]:
    """The log lines of one action's events (they speak of armies, so the seats' ``names`` are unused)."""
    return [line for line in map(describe_event, events) if line]
