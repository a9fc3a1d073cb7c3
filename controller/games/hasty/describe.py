"""Plain-English lines for the table log and each seat's feed, made from the engine's public events.

The private keys some events carry (``feed.PRIVATE_KEYS``: cards taken from a hand, what a Tangled
Up or a Private Investigator showed) are never read here; ``feed.private_line`` tells them to the
seats they belong to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.hasty.cards import ALL_CARDS, INDEX, SUSPECTS

_CHOICE: dict[str, str] = {
    "pile": "picks which of the largest piles is reviewed",
    "sidekick": "picks a neighbour's pile for the Sidekick",
    "question": "picks a card to hand over and a player to ask",
    "question_pile": "picks the pile for the Burning Question's card",
    "investigate": "picks a pile or a hand to look at",
    "mover": "picks where the loupe goes",
    "switcheroo": "picks two suspects to swap or a pile to flip",
    "market": "picks cards from the market",
    "breath": "picks which of the smallest piles Dying Breath reviews",
    "sniper": "picks the neighbour the Sniper aims at",
    "wrong_address": "picks who takes the misaddressed kill",
    "walk": "picks a pile to walk three cards back from",
    "wipe": "picks the neighbour's pile Memory Wipe clears too",
    "tangled": "picks a neighbour's pile and two of its cards to move",
    "spread": "picks where the next spread card goes",
    "double": "picks where the Double Cross sends the pile, on top or underneath",
    "rebel": "picks where a card of the pile moves for the Rebel",
    "revelation": "picks a card of the hand to show on a neighbour's pile",
    "thief": "picks whose hand the Thief robs",
    "brunette": "picks a pile or a hand for Monsieur Brunette to steal from",
    "private": "picks a player to investigate or to swap hands with",
    "hasty": "picks: draw cards, or skip the next turn",
    "tuck": "picks the dead suspect Madame Rose hides under her",
    "revive": "picks the suspect Doctor White brings back",
}
_CAUSE: dict[str, str] = {"empty_hand": " (an empty hand)", "dying_breath": " (Dying Breath)",
                          "sniper": " (the Sniper)"}
_SAVED: dict[str, str] = {"rotated": "being turned round (now upright again)",
                          "wrong_address": "a Wrong address", "escape": "her escape"}


def _title(key: str) -> str:
    return ALL_CARDS[INDEX[key]].title


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
        where = "under" if event.get("bottom") else "on"
        if event["up"]:
            return f"{_who(seat, names)} plays {_title(event['card'])} face up {where} pile {event['at']}."
        return f"{_who(seat, names)} plays a card face down {where} pile {event['at']}."
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
        why = _CAUSE.get(event["cause"], "")
        who = SUSPECTS[event["suspect"]]
        return f"Reviewing {who}'s pile at {event['at']}, {_n(event['size'], 'card')}{why}."
    if kind == "revealed":
        return f"Revealed: {_title(event['card'])}."
    if kind == "bombed":
        if event.get("bottom"):
            return f"The Time Bomb turns up {_title(event['card'])} at the bottom of pile {event['at']}."
        return f"The Bomb turns up {_title(event['card'])} on pile {event['at']}."
    if kind == "threatened":
        return f"{SUSPECTS[event['suspect']]} is threatened ({event['count']})."
    if kind == "guarded":
        return f"{SUSPECTS[event['suspect']]} gains a bodyguard."
    if kind == "shielded":
        return f"A bodyguard saves {SUSPECTS[event['suspect']]} from the {_title(event['card'])}."
    if kind == "stopped":
        if event.get("safe"):
            return "Safe Stop: the rest of the pile stays hidden, and stays in the pile."
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
    line = _second_edition(event, names)
    if line is not None:
        return line
    if kind == "over":
        if not event["winners"]:
            return "The game is over: nobody wins."
        return "The game is over: " + " and ".join(_who(w, names) for w in event["winners"]) + " wins!"
    return None


def _second_edition(event: dict[str, Any], names: Sequence[str | None] | None) -> str | None:
    """The lines of the advanced and expert cards' and the powers' events (H26-H50)."""
    kind = event.get("type")
    seat = event.get("seat", -1)
    if kind == "poisoned":
        what = "takes an Antidote" if event["card"] == "antidote" else "is poisoned"
        return f"{SUSPECTS[event['suspect']]} {what} (poison {event['count']})."
    if kind == "armored":
        return f"{SUSPECTS[event['suspect']]} puts on armour ({event['count']})."
    if kind == "addressed":
        return f"{SUSPECTS[event['suspect']]} gets a Wrong address ({event['count']})."
    if kind == "saved":
        return (f"{SUSPECTS[event['suspect']]} escapes the {_title(event['card'])} thanks to"
                f" {_SAVED.get(event['by'], event['by'])}.")
    if kind == "clock":
        return "On the clock: the review of this pile stops." if event["stopped"] else (
            "On the clock: this pile's review stops after two cards.")
    if kind == "sniped":
        return f"The Sniper aims at pile {event['at']}."
    if kind == "walked":
        shown = f" (face up among them: {_cards(event['shown'])})" if event["shown"] else ""
        return f"{_who(seat, names)} walks {_n(event['count'], 'card')} back from pile {event['at']}{shown}."
    if kind == "stolen":
        by = "Monsieur Brunette" if event["card"] == "brunette" else _title(event["card"])
        if "at" in event:
            shown = f", {_cards(event['shown'])}" if event.get("shown") else ""
            count = _n(event["count"], "card")
            return f"{by}: {_who(seat, names)} takes {count}{shown} from pile {event['at']}."
        victim = _who(event["from"], names)
        return f"{by}: {_who(seat, names)} takes {_n(event['count'], 'card')} from {victim}."
    if kind == "hasty":
        if event["pick"] == "skip":
            return f"Hasty: {_who(seat, names)} skips the next turn."
        return f"Hasty: {_who(seat, names)} draws up to the hand limit."
    if kind == "drew":
        return f"{_who(seat, names)} draws {_n(event['count'], 'card')}."
    if kind == "skipped":
        return f"{_who(seat, names)}'s turn is skipped."
    if kind == "wiped":
        piles = " and ".join(str(p) for p in event["at"])
        return f"Memory Wipe: pile{'s' if len(event['at']) > 1 else ''} {piles} go to the discard pile."
    if kind == "tangled":
        return (f"{_who(seat, names)} looks through pile {event['from']} and moves"
                f" {_n(len(event['indices']), 'card')} onto pile {event['to']}.")
    if kind == "spread":
        if not event["count"]:
            return f"Spread the love: pile {event['at']} turns face up, with nowhere to go."
        count = _n(event["count"], "card")
        return f"Spread the love: {count} of pile {event['at']} turn face up to be shared out."
    if kind == "spread_placed":
        return f"{_title(event['card'])} goes onto pile {event['at']}."
    if kind == "double_crossed":
        where = "on top of" if event["top"] else "under"
        count = _n(event["count"], "card")
        return f"Double Cross: {count} of pile {event['from']} go {where} pile {event['at']}."
    if kind == "rebel_moved":
        card = _title(event["card"]) if event["card"] else "a face-down card"
        return f"Rebel: {card} moves from pile {event['from']} to pile {event['to']}."
    if kind == "secret_seen":
        return f"{_who(seat, names)} finds out whose suspect {_who(event['of'], names)} is."
    if kind == "hands_swapped":
        return f"{_who(seat, names)} swaps hands with {_who(event['with'], names)}."
    if kind == "revelation_placed":
        return f"Revelation: {_who(seat, names)} shows {_title(event['card'])} on pile {event['at']}."
    if kind == "tucked":
        return f"Madame Rose hides {event['name']} under her and takes over that power."
    if kind == "revived":
        back = f"; {_who(event['seat'], names)} is back in the game" if event["seat"] is not None else ""
        return f"{event['name']} comes back to life at {event['at']}{back}."
    if kind == "power":
        return _power(event)
    return None


def _power(event: dict[str, Any]) -> str:
    who = SUSPECTS[event["suspect"]]
    power = event["power"]
    if "rotated" in event:
        turned = ", ".join(SUSPECTS[s] for s in event["rotated"]) or "nobody"
        return f"{who}'s power turns {turned} round."
    if "count" in event:
        return f"{who}'s power shuffles pile {event['at']}."
    if "row" in event:
        return f"{who}'s death shuffles the suspects along the row."
    if power == 1:
        return f"{who}'s death: every player still in throws away the hand and draws seven."
    if power == 5:
        return f"{who}'s death: a dead suspect may come back."
    return f"{who}'s power: steal a random card from a pile or a hand."


def describe_events(events: Sequence[dict[str, Any]], names: Sequence[str | None] | None = None) -> list[str]:
    """The log lines of one action's events."""
    return [line for line in (describe_event(e, names) for e in events) if line]
