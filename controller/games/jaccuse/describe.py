"""Plain-English lines for the table log, made from the engine's public events.

Seats are told by name when the table knows one (``names``, index = seat), else as "seat N". The
private keys some events carry (see ``feed.PRIVATE_KEYS``) are never read here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.jaccuse import said
from controller.games.jaccuse.cards import pretty

Names = Sequence[str | None] | None


def who(seat: int, names: Names = None, *, start: bool = False) -> str:
    """A seat as the log tells it: its name if it has one, else "seat N" ("Seat N" to start a sentence)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return said.seat(seat, start)


def describe_event(event: dict[str, Any], names: Names = None) -> str | None:
    """One readable line, or None for events too small to log (a single press)."""
    kind = event.get("type")

    def w(seat: int, start: bool = False) -> str:
        return who(seat, names, start=start)

    if kind == "membership_placed":
        return f"{w(event['seat'], True)} placed a membership card."
    if kind == "election":
        return "A new election begins."
    if kind == "revealed":
        shown = ", ".join(f"{w(c['seat'])} {pretty(c['card'])}" for c in event["cards"]) or "no cards"
        label = "Vote" if event["round"] == 1 else f"Tie round {event['round'] - 1}"
        # the seats that abstained are named too: a vote's line is the whole table's answer
        out = [w(s) for s in event.get("abstained", [])]
        if not out or not event["cards"]:
            return f"{label}: {shown}."
        names = out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1]
        return f"{label}: {shown}; {names} abstained."
    if kind == "all_abstained":
        return "Nobody revealed a card."
    if kind == "consensus":
        return f"Consensus on {event['color']}."
    if kind == "only_neutral":
        return "Only neutral jokers were revealed: nothing passes."
    if kind == "tie":
        seats = ", ".join(w(s) for s in event["seats"])
        return f"Tie between {seats}: another round."
    if kind == "elected":
        return f"{w(event['seat'], True)} is President with {pretty(event['card'])}."
    if kind == "president":
        return f"{w(event['seat'], True)} becomes President."
    if kind == "parley_offered":
        return (
            f"President {w(event['president'])} offers {w(event['target'])}"
            f" a parley of {event['count']} card{'' if event['count'] == 1 else 's'}."
        )
    if kind == "parley_done":
        return f"{w(event['target'], True)} answered the parley."
    if kind == "defected":
        return f"President {w(event['seat'])} defected to a new membership card."
    if kind == "accused":
        # what the table waits for next: the target's new membership card, in both cases (R16, R17)
        verdict = "correct" if event["correct"] else "wrong"
        return (
            f"President {w(event['president'])} accused {w(event['target'])} of being {event['color']}:"
            f" {pretty(event['membership'])}, {verdict}: {w(event['target'])} places a new membership card."
        )
    if kind == "crisis":
        if event["from"] == event["stability"]:
            return f"Crisis: third wrong accusation; stability stays at {event['stability']} (never below 1)."
        return f"Crisis: third wrong accusation; stability {event['from']} -> {event['stability']}."
    if kind == "passed":
        return f"President {w(event['seat'])} passed."
    if kind == "policy":
        what = f"enacted ({pretty(event['card'])})" if event["kind"] == "enacted" else "free"
        return f"A {event['color']} policy passes, {what}."
    if kind == "nobody_can_vote":
        return "Nobody holds a card to vote with."
    if kind == "xp_given":
        return f"{w(event['seat'], True)} gave {event['amount']} XP to {w(event['to'])}."
    if kind == "generation_over":
        head = f"Generation {event['generation']} ends: "
        if event["winning_color"] is None:
            return head + "no winning colour, nobody scores."
        shown = ", ".join(f"{w(s)} {pretty(c)}" for s, c in enumerate(event["membership"]) if c is not None)
        return head + f"{event['winning_color']} wins. Memberships: {shown}."
    if kind == "generation":
        return f"Generation {event['generation']} begins at stability {event['stability']}."
    if kind == "campaign_over":
        vp = ", ".join(f"{w(s)} {v}" for s, v in enumerate(event["vp"]))
        winners = ", ".join(w(s) for s in event["winners"])
        return f"The campaign is over. VP: {vp}. Winner(s): {winners}."
    if kind == "over":  # a single game's end (a campaign's generation ends with ``generation_over``)
        if event["winning_color"] is None:
            return "The game ends with no winning colour."
        winners = ", ".join(w(s) for s in event["winners"]) or "nobody"
        return f"{event['winning_color'].capitalize()} wins the game. Winners: {winners}."
    return None


def describe_events(events: Sequence[dict[str, Any]], names: Names = None) -> list[str]:
    """The log lines of one action's events.

    In a campaign a generation's end is told by its ``generation_over`` line (with the memberships it
    scored); the plain ``over`` beside it would name no winners, so it is left out.
    """
    in_campaign = any(e.get("type") == "generation_over" for e in events)
    lines = []
    for event in events:
        if in_campaign and event.get("type") == "over":
            continue
        line = describe_event(event, names)
        if line:
            lines.append(line)
    return lines
