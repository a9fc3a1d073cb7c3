"""The table log's lines, made from the engine's public events: messages of the game's catalogue
(said.py), whose English is the line as it always was.

Seats are told by name when the table knows one (``names``, index = seat), else as "seat N". The
private keys some events carry (see ``feed.PRIVATE_KEYS``) are never read here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.jaccuse import said
from controller.games.jaccuse.said import card, colour, joined, listed, msg, msg_n

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
        return msg("{who} placed a membership card.", who=w(event["seat"], True))
    if kind == "election":
        return msg("A new election begins.")
    if kind == "revealed":
        shown = joined([msg("{who} {card}", who=w(c["seat"]), card=card(c["card"])) for c in event["cards"]])
        shown = shown or msg("no cards")
        first, tie = event["round"] == 1, event["round"] - 1
        # the seats that abstained are named too: a vote's line is the whole table's answer
        out = [w(s) for s in event.get("abstained", [])]
        if not out or not event["cards"]:
            if first:
                return msg("Vote: {cards}.", cards=shown)
            return msg("Tie round {n}: {cards}.", n=tie, cards=shown)
        if first:
            return msg("Vote: {cards}; {who} abstained.", cards=shown, who=listed(out))
        return msg("Tie round {n}: {cards}; {who} abstained.", n=tie, cards=shown, who=listed(out))
    if kind == "all_abstained":
        return msg("Nobody revealed a card.")
    if kind == "consensus":
        return msg("Consensus on {colour}.", colour=colour(event["color"]))
    if kind == "only_neutral":
        return msg("Only neutral jokers were revealed: nothing passes.")
    if kind == "tie":
        return msg("Tie between {who}: another round.", who=joined([w(s) for s in event["seats"]]))
    if kind == "elected":
        return msg("{who} is President with {card}.", who=w(event["seat"], True), card=card(event["card"]))
    if kind == "president":
        return msg("{who} becomes President.", who=w(event["seat"], True))
    if kind == "parley_offered":
        return msg_n("President {who} offers {target} a parley of {n} card.",
                     "President {who} offers {target} a parley of {n} cards.",
                     who=w(event["president"]), target=w(event["target"]), n=event["count"])
    if kind == "parley_done":
        return msg("{who} answered the parley.", who=w(event["target"], True))
    if kind == "defected":
        return msg("President {who} defected to a new membership card.", who=w(event["seat"]))
    if kind == "accused":
        # what the table waits for next: the target's new membership card, in both cases (R16, R17)
        words = {"who": w(event["president"]), "target": w(event["target"]), "colour": colour(event["color"]),
                 "card": card(event["membership"])}
        if event["correct"]:
            return msg("President {who} accused {target} of being {colour}: {card}, correct: {target}"
                       " places a new membership card.", **words)
        return msg("President {who} accused {target} of being {colour}: {card}, wrong: {target}"
                   " places a new membership card.", **words)
    if kind == "crisis":
        if event["from"] == event["stability"]:
            return msg("Crisis: third wrong accusation; stability stays at {n} (never below 1).",
                       n=event["stability"])
        return msg("Crisis: third wrong accusation; stability {before} -> {after}.", before=event["from"],
                   after=event["stability"])
    if kind == "passed":
        return msg("President {who} passed.", who=w(event["seat"]))
    if kind == "policy":
        if event["kind"] == "enacted":
            return msg("A {colour} policy passes, enacted ({card}).", colour=colour(event["color"]),
                       card=card(event["card"]))
        return msg("A {colour} policy passes, free.", colour=colour(event["color"]))
    if kind == "nobody_can_vote":
        return msg("Nobody holds a card to vote with.")
    if kind == "xp_given":
        return msg("{who} gave {n} XP to {to}.", who=w(event["seat"], True), n=event["amount"],
                   to=w(event["to"]))
    if kind == "generation_over":
        if event["winning_color"] is None:
            return msg("Generation {n} ends: no winning colour, nobody scores.", n=event["generation"])
        shown = joined([msg("{who} {card}", who=w(s), card=card(c)) for s, c in enumerate(event["membership"])
                        if c is not None])
        return msg("Generation {n} ends: {colour} wins. Memberships: {cards}.", n=event["generation"],
                   colour=colour(event["winning_color"]), cards=shown)
    if kind == "generation":
        return msg("Generation {n} begins at stability {k}.", n=event["generation"], k=event["stability"])
    if kind == "campaign_over":
        vp = joined([msg("{who} {n}", who=w(s), n=v) for s, v in enumerate(event["vp"])])
        return msg("The campaign is over. VP: {vp}. Winner(s): {who}.", vp=vp,
                   who=joined([w(s) for s in event["winners"]]))
    if kind == "over":  # a single game's end (a campaign's generation ends with ``generation_over``)
        if event["winning_color"] is None:
            return msg("The game ends with no winning colour.")
        winners = joined([w(s) for s in event["winners"]]) or msg("nobody")
        if event["winning_color"] == "red":
            return msg("Red wins the game. Winners: {who}.", who=winners)
        if event["winning_color"] == "black":
            return msg("Black wins the game. Winners: {who}.", who=winners)
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
