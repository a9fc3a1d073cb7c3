"""Plain-English lines for the table log, made from the engine's public events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.betrayal.cards import pretty


def describe_event(event: dict[str, Any]) -> str | None:
    """One readable line, or None for an event too small to log."""
    kind = event.get("type")
    if kind == "army_chosen":
        return f"Army {event['army']} has chosen its cards."
    if kind == "armies_set":
        sizes = ", ".join(f"army {a} {n}" for a, n in enumerate(event["rows"]))
        return f"Every army is set ({sizes} cards); {event['middle']} cards lie in the middle."
    if kind == "turn":
        return f"Army {event['army']} to accuse."
    if kind == "accused":
        target, position = event["target"]
        if event["by_two"]:
            verdict = f"the {pretty(event['target_card'])} defends and kills the {pretty(event['card'])}"
        elif event["winner"] == "attacker":
            verdict = f"the {pretty(event['card'])} wins"
        else:
            verdict = f"the {pretty(event['target_card'])} holds"
        return (
            f"Army {event['army']} accuses with its {pretty(event['card'])} the card at position {position}"
            f" of army {target}: {pretty(event['target_card'])}; {verdict}."
        )
    if kind == "joker_died":
        return f"The joker is dead: army {event['traitor']} is the traitor. Three more of its cards must die."
    if kind == "traitor_lost":
        return f"The traitor has lost {event['deaths']} of the three cards since the joker."
    if kind == "drew":
        if not event["count"]:
            return f"Army {event['army']} reaches {event['points']} points, but the middle pile is empty."
        cards = "1 card" if event["count"] == 1 else f"{event['count']} cards"
        return f"Army {event['army']} reaches {event['points']} points and draws {cards}."
    if kind == "peek_due":
        return f"Army {event['army']} reaches {event['points']} points and may look at two cards."
    if kind == "peeked":
        places = " and ".join(f"army {t} position {p}" for t, p in event["cards"]) or "nothing"
        return f"Army {event['army']} looks at {places}."
    if kind == "hid":
        return f"Army {event['army']} turns its card face down again, at position {event['at']}."
    if kind == "eliminated":
        why = "too many points" if event["reason"] == "points" else "no cards left"
        return f"Army {event['army']} is eliminated ({why})."
    if kind == "over":
        winners = ", ".join(str(a) for a in event["winners"])
        side = "The traitor wins" if event["winner_side"] == "traitor" else "The loyal armies win"
        return f"{side}! Army {event['traitor']} was the traitor. Winners: army {winners}."
    return None


def describe_events(events: Sequence[dict[str, Any]], names: Sequence[str | None] | None = None) -> list[str]:
    """The log lines of one action's events (they speak of armies, so the seats' ``names`` are unused)."""
    return [line for line in map(describe_event, events) if line]
