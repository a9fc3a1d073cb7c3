"""Plain-English lines for the table log and each seat's feed, made from the engine's public events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.hasty.cards import CARDS, INDEX, SUSPECTS

_CHOICE: dict[str, str] = {
    "pile": "picks which of the largest piles is reviewed",
    "sidekick": "picks a neighbour's pile for the Sidekick",
    "question": "picks a card to hand over and a player to ask",
    "question_pile": "picks the pile for the Burning Question's card",
    "investigate": "picks a pile or a hand to look at",
    "mover": "picks where the loupe goes",
    "switcheroo": "picks two suspects to swap or a pile to flip",
    "market": "picks cards from the market",
}


def _title(key: str) -> str:
    return CARDS[INDEX[key]].title


def _who(seat: int, names: Sequence[str | None] | None) -> str:
    name = names[seat] if names is not None and 0 <= seat < len(names) else None
    return f"{name} (seat {seat})" if name else f"Seat {seat}"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cards(keys: Sequence[str]) -> str:
    return ", ".join(_title(k) for k in keys) or "nothing"


def describe_event(event: dict[str, Any], names: Sequence[str | None] | None = None) -> str | None:
    """One readable line, or None for an event too small to log."""
    kind = event.get("type")
    seat = event.get("seat", -1)
    if kind == "turn":
        return f"{_who(seat, names)} to play."
    if kind == "played":
        if event["up"]:
            return f"{_who(seat, names)} plays {_title(event['card'])} face up on pile {event['at']}."
        return f"{_who(seat, names)} plays a card face down on pile {event['at']}."
    if kind == "ended":
        if event["delayed"]:
            move = "Delay Tactics holds the loupe"
        elif event["steps"]:
            way = "right" if event["steps"] > 0 else "left"
            move = f"the loupe moves {_n(abs(event['steps']), 'step')} {way}"
            move += f" to {event['loupe']}" + (" and wraps round" if event["wraps"] else "")
        else:
            move = "the loupe stays"
        played = f", discarding {_n(event['discarded'], 'card')}" if event["discarded"] else ""
        return f"{_who(seat, names)} ends the turn{played}: {move}."
    if kind == "review":
        return "Review! The largest pile is evaluated."
    if kind == "nothing_to_review":
        return "Every pile is empty: nothing to review."
    if kind == "evaluating":
        why = "" if event["cause"] == "loupe" else " (an empty hand)"
        who = SUSPECTS[event["suspect"]]
        return f"Reviewing {who}'s pile at {event['at']}, {_n(event['size'], 'card')}{why}."
    if kind == "revealed":
        return f"Revealed: {_title(event['card'])}."
    if kind == "bombed":
        return f"The Bomb turns up {_title(event['card'])} on pile {event['at']}."
    if kind == "threatened":
        return f"{SUSPECTS[event['suspect']]} is threatened ({event['count']})."
    if kind == "guarded":
        return f"{SUSPECTS[event['suspect']]} gains a bodyguard."
    if kind == "shielded":
        return f"A bodyguard saves {SUSPECTS[event['suspect']]} from the {_title(event['card'])}."
    if kind == "stopped":
        return "Stop: the rest of the pile stays hidden."
    if kind == "died":
        return f"{event['name']} is murdered ({_title(event['card'])})!"
    if kind == "eliminated":
        return f"{_who(seat, names)} was {SUSPECTS[event['suspect']]} and is out."
    if kind == "removed":
        return f"The tile leaves the row; the loupe is at {event['loupe']}."
    if kind == "shuffled":
        return f"The Jester shuffles {_n(event['count'], 'card')} of pile {event['at']}."
    if kind == "sidekick":
        found = "a Sidekick is there" if event["found"] else "no Sidekick there"
        return f"The Sidekick checks pile {event['at']}: {found}."
    if kind == "asked":
        return f"{_who(seat, names)} hands {_title(event['card'])} to {_who(event['ask'], names)}."
    if kind == "question_placed":
        return f"{_who(seat, names)} puts {_title(event['card'])} face up on pile {event['at']}."
    if kind == "investigated":
        if "hand" in event:
            return f"{_who(seat, names)} looks at {_who(event['hand'], names)}'s hand."
        return f"{_who(seat, names)} looks through pile {event['pile']}."
    if kind == "loupe_moved":
        return f"The loupe moves to {event['to']}."
    if kind == "swapped":
        a, b = event["at"]
        return f"The suspects at {a} and {b} change places."
    if kind == "flipped":
        return f"The top and bottom cards of pile {event['at']} swap."
    if kind == "review_over":
        return f"The review is over; {_n(event['discarded'], 'card')} discarded."
    if kind == "pile_taken":
        return f"{_who(seat, names)} takes the {_n(event['count'], 'card')} as a new hand."
    if kind == "took":
        return f"{_who(seat, names)} takes {_cards(event['cards'])} from the market."
    if kind == "reshuffled":
        return f"The discard pile ({event['count']} cards) is shuffled into a new deck."
    if kind == "choice":
        return f"{_who(seat, names)} {_CHOICE.get(event['kind'], 'chooses')}."
    if kind == "stalled":
        return "Every hand and pile is empty: the game ends without a winner."
    if kind == "over":
        if not event["winners"]:
            return "The game is over: nobody wins."
        return "The game is over: " + " and ".join(_who(w, names) for w in event["winners"]) + " wins!"
    return None


def describe_events(events: Sequence[dict[str, Any]], names: Sequence[str | None] | None = None) -> list[str]:
    """The log lines of one action's events."""
    return [line for line in (describe_event(e, names) for e in events) if line]
