"""Plain-English lines for the table log and each seat's feed, made from the engine's public events.

The private keys some events carry (``feed.PRIVATE_KEYS``: cards taken from a hand, what a Tangled
Up or a Private Investigator showed) are never read here; ``feed.private_line`` tells them to the
seats they belong to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games.hasty.cards import SUSPECTS
from controller.games.hasty.said import Names, cards, msg, msg_n, suspect, title
from controller.games.hasty.said import who as seat_words
from controller.i18n import Said

_CHOICE: dict[str, Said] = {
    "pile": msg("picks which of the largest piles is reviewed"),
    "sidekick": msg("picks a neighbour's pile for the Sidekick"),
    "question": msg("picks a card to hand over and a player to ask"),
    "question_pile": msg("picks the pile for the Burning Question's card"),
    "investigate": msg("picks a pile or a hand to look at"),
    "mover": msg("picks where the loupe goes"),
    "switcheroo": msg("picks two suspects to swap or a pile to flip"),
    "market": msg("picks cards from the market"),
    "breath": msg("picks which of the smallest piles Dying Breath reviews"),
    "sniper": msg("picks the neighbour the Sniper aims at"),
    "wrong_address": msg("picks who takes the misaddressed kill"),
    "walk": msg("picks a pile to walk three cards back from"),
    "wipe": msg("picks the neighbour's pile Memory Wipe clears too"),
    "tangled": msg("picks a neighbour's pile and two of its cards to move"),
    "spread": msg("picks where the next spread card goes"),
    "double": msg("picks where the Double Cross sends the pile, on top or underneath"),
    "rebel": msg("picks where a card of the pile moves for the Rebel"),
    "revelation": msg("picks a card of the hand to show on a neighbour's pile"),
    "thief": msg("picks whose hand the Thief robs"),
    "brunette": msg("picks a pile or a hand for Monsieur Brunette to steal from"),
    "private": msg("picks a player to investigate or to swap hands with"),
    "hasty": msg("picks: draw cards, or skip the next turn"),
    "tuck": msg("picks the dead suspect Madame Rose hides under her"),
    "revive": msg("picks the suspect Doctor White brings back"),
}
_CAUSE: dict[str, Said] = {
    "empty_hand": msg(" (an empty hand)"),
    "dying_breath": msg(" (Dying Breath)"),
    "sniper": msg(" (the Sniper)"),
}
_SAVED: dict[str, Said] = {
    "rotated": msg("being turned round (now upright again)"),
    "wrong_address": msg("a Wrong address"),
    "escape": msg("her escape"),
}


def _title(key: str) -> Said:
    return title(key)


def _who(seat: int, names: Names) -> str:
    return seat_words(seat, names, start=True)


def _cards(keys: Sequence[str]) -> Said:
    return cards(keys)


def describe_event(event: dict[str, Any], names: Names = None) -> str | None:
    """One readable line, or None for an event too small to log."""
    kind = event.get("type")
    seat = event.get("seat", -1)
    if kind == "turn":
        return msg("{who} to play.", who=_who(seat, names))
    if kind == "played":
        if event["up"]:
            if event.get("bottom"):
                return msg(
                    "{who} plays {card} face up under pile {at}.",
                    who=_who(seat, names),
                    card=_title(event["card"]),
                    at=event["at"],
                )
            return msg(
                "{who} plays {card} face up on pile {at}.",
                who=_who(seat, names),
                card=_title(event["card"]),
                at=event["at"],
            )
        if event.get("bottom"):
            return msg("{who} plays a card face down under pile {at}.", who=_who(seat, names), at=event["at"])
        return msg("{who} plays a card face down on pile {at}.", who=_who(seat, names), at=event["at"])
    if kind == "ended":
        return _ended(event, names)
    if kind == "review":
        return msg("Review! The largest pile is evaluated.")
    if kind == "nothing_to_review":
        return msg("Every pile is empty: nothing to review.")
    if kind == "evaluating":
        why = _CAUSE.get(event["cause"], "")
        return msg_n(
            "Reviewing {name}'s pile at {at}, {n} card{why}.",
            "Reviewing {name}'s pile at {at}, {n} cards{why}.",
            name=suspect(event["suspect"]),
            at=event["at"],
            n=event["size"],
            why=why,
        )
    if kind == "revealed":
        return msg("Revealed: {card}.", card=_title(event["card"]))
    if kind == "bombed":
        if event.get("bottom"):
            return msg(
                "The Time Bomb turns up {card} at the bottom of pile {at}.",
                card=_title(event["card"]),
                at=event["at"],
            )
        return msg("The Bomb turns up {card} on pile {at}.", card=_title(event["card"]), at=event["at"])
    if kind == "threatened":
        return msg("{name} is threatened ({n}).", name=suspect(event["suspect"]), n=event["count"])
    if kind == "guarded":
        return msg("{name} gains a bodyguard.", name=suspect(event["suspect"]))
    if kind == "shielded":
        return msg(
            "A bodyguard saves {name} from the {card}.",
            name=suspect(event["suspect"]),
            card=_title(event["card"]),
        )
    if kind == "stopped":
        if event.get("safe"):
            return msg("Safe Stop: the rest of the pile stays hidden, and stays in the pile.")
        return msg("Stop: the rest of the pile stays hidden.")
    if kind == "died":
        return msg("{name} is murdered ({card})!", name=_name(event["name"]), card=_title(event["card"]))
    if kind == "eliminated":
        return msg("{who} was {name} and is out.", who=_who(seat, names), name=suspect(event["suspect"]))
    if kind == "removed":
        return msg("The tile leaves the row; the loupe is at {at}.", at=event["loupe"])
    if kind == "shuffled":
        return msg_n(
            "The Jester shuffles {n} card of pile {at}.",
            "The Jester shuffles {n} cards of pile {at}.",
            n=event["count"],
            at=event["at"],
        )
    if kind == "sidekick":
        if event["found"]:
            return msg("The Sidekick checks pile {at}: a Sidekick is there.", at=event["at"])
        return msg("The Sidekick checks pile {at}: no Sidekick there.", at=event["at"])
    if kind == "asked":
        return msg(
            "{who} hands {card} to {other}.",
            who=_who(seat, names),
            card=_title(event["card"]),
            other=_who(event["ask"], names),
        )
    if kind == "question_placed":
        return msg(
            "{who} puts {card} face up on pile {at}.",
            who=_who(seat, names),
            card=_title(event["card"]),
            at=event["at"],
        )
    if kind == "investigated":
        if "hand" in event:
            return msg(
                "{who} looks at {other}'s hand.", who=_who(seat, names), other=_who(event["hand"], names)
            )
        return msg("{who} looks through pile {at}.", who=_who(seat, names), at=event["pile"])
    if kind == "loupe_moved":
        return msg("The loupe moves to {at}.", at=event["to"])
    if kind == "swapped":
        a, b = event["at"]
        return msg("The suspects at {a} and {b} change places.", a=a, b=b)
    if kind == "flipped":
        return msg("The top and bottom cards of pile {at} swap.", at=event["at"])
    if kind == "review_over":
        return msg_n(
            "The review is over; {n} card discarded.",
            "The review is over; {n} cards discarded.",
            n=event["discarded"],
        )
    if kind == "pile_taken":
        return msg_n(
            "{who} takes the {n} card as a new hand.",
            "{who} takes the {n} cards as a new hand.",
            who=_who(seat, names),
            n=event["count"],
        )
    if kind == "took":
        return msg(
            "{who} takes {cards} from the market.", who=_who(seat, names), cards=_cards(event["cards"])
        )
    if kind == "reshuffled":
        return msg("The discard pile ({n} cards) is shuffled into a new deck.", n=event["count"])
    if kind == "choice":
        what = _CHOICE.get(event["kind"]) or msg("chooses")
        return msg("{who} {what}.", who=_who(seat, names), what=what)
    if kind == "stalled":
        return msg("Every hand and pile is empty: the game ends without a winner.")
    line = _second_edition(event, names)
    if line is not None:
        return line
    if kind == "over":
        if not event["winners"]:
            return msg("The game is over: nobody wins.")
        winners = _who(event["winners"][0], names)
        for w in event["winners"][1:]:
            winners = msg("{who} and {other}", who=winners, other=_who(w, names))
        return msg("The game is over: {who} wins!", who=winners)
    return None


def _name(name: str) -> str:
    """A suspect's name as an event carries it, said in the reader's language when it is one."""
    return suspect(SUSPECTS.index(name)) if name in SUSPECTS else name


def _ended(event: dict[str, Any], names: Names) -> Said:
    """A turn's end: what was thrown away, and where the loupe went."""
    move: Said
    if event["delayed"]:
        move = msg("Delay Tactics holds the loupe")
    elif event["steps"]:
        n, at = abs(event["steps"]), event["loupe"]
        if event["steps"] > 0:
            move = (
                msg_n(
                    "the loupe moves {n} step right to {at} and wraps round",
                    "the loupe moves {n} steps right to {at} and wraps round",
                    n=n,
                    at=at,
                )
                if event["wraps"]
                else msg_n(
                    "the loupe moves {n} step right to {at}",
                    "the loupe moves {n} steps right to {at}",
                    n=n,
                    at=at,
                )
            )
        else:
            move = (
                msg_n(
                    "the loupe moves {n} step left to {at} and wraps round",
                    "the loupe moves {n} steps left to {at} and wraps round",
                    n=n,
                    at=at,
                )
                if event["wraps"]
                else msg_n(
                    "the loupe moves {n} step left to {at}",
                    "the loupe moves {n} steps left to {at}",
                    n=n,
                    at=at,
                )
            )
    else:
        move = msg("the loupe stays")
    played = (
        msg_n(", discarding {n} card", ", discarding {n} cards", n=event["discarded"])
        if event["discarded"]
        else ""
    )
    return msg(
        "{who} ends the turn{played}: {move}.",
        who=_who(event.get("seat", -1), names),
        played=played,
        move=move,
    )


def _second_edition(event: dict[str, Any], names: Names) -> str | None:
    """The lines of the advanced and expert cards' and the powers' events (H26-H50)."""
    kind = event.get("type")
    seat = event.get("seat", -1)
    if kind == "poisoned":
        if event["card"] == "antidote":
            return msg(
                "{name} takes an Antidote (poison {n}).", name=suspect(event["suspect"]), n=event["count"]
            )
        return msg("{name} is poisoned (poison {n}).", name=suspect(event["suspect"]), n=event["count"])
    if kind == "armored":
        return msg("{name} puts on armour ({n}).", name=suspect(event["suspect"]), n=event["count"])
    if kind == "addressed":
        return msg("{name} gets a Wrong address ({n}).", name=suspect(event["suspect"]), n=event["count"])
    if kind == "saved":
        return msg(
            "{name} escapes the {card} thanks to {by}.",
            name=suspect(event["suspect"]),
            card=_title(event["card"]),
            by=_SAVED.get(event["by"], event["by"]),
        )
    if kind == "clock":
        return (
            msg("On the clock: the review of this pile stops.")
            if event["stopped"]
            else (msg("On the clock: this pile's review stops after two cards."))
        )
    if kind == "sniped":
        return msg("The Sniper aims at pile {at}.", at=event["at"])
    if kind == "walked":
        shown = msg(" (face up among them: {cards})", cards=_cards(event["shown"])) if event["shown"] else ""
        return msg_n(
            "{who} walks {n} card back from pile {at}{shown}.",
            "{who} walks {n} cards back from pile {at}{shown}.",
            who=_who(seat, names),
            n=event["count"],
            at=event["at"],
            shown=shown,
        )
    if kind == "stolen":
        return _stolen(event, names)
    if kind == "hasty":
        if event["pick"] == "skip":
            return msg("Hasty: {who} skips the next turn.", who=_who(seat, names))
        return msg("Hasty: {who} draws up to the hand limit.", who=_who(seat, names))
    if kind == "drew":
        return msg_n(
            "{who} draws {n} card.", "{who} draws {n} cards.", who=_who(seat, names), n=event["count"]
        )
    if kind == "skipped":
        return msg("{who}'s turn is skipped.", who=_who(seat, names))
    if kind == "wiped":
        if len(event["at"]) > 1:
            return msg(
                "Memory Wipe: piles {a} and {b} go to the discard pile.",
                a=event["at"][0],
                b=" and ".join(str(p) for p in event["at"][1:]),
            )
        return msg("Memory Wipe: pile {at} go to the discard pile.", at=event["at"][0] if event["at"] else "")
    if kind == "tangled":
        return msg_n(
            "{who} looks through pile {at} and moves {n} card onto pile {to}.",
            "{who} looks through pile {at} and moves {n} cards onto pile {to}.",
            who=_who(seat, names),
            at=event["from"],
            n=len(event["indices"]),
            to=event["to"],
        )
    if kind == "spread":
        if not event["count"]:
            return msg("Spread the love: pile {at} turns face up, with nowhere to go.", at=event["at"])
        return msg_n(
            "Spread the love: {n} card of pile {at} turn face up to be shared out.",
            "Spread the love: {n} cards of pile {at} turn face up to be shared out.",
            n=event["count"],
            at=event["at"],
        )
    if kind == "spread_placed":
        return msg("{card} goes onto pile {at}.", card=_title(event["card"]), at=event["at"])
    if kind == "double_crossed":
        if event["top"]:
            return msg_n(
                "Double Cross: {n} card of pile {at} go on top of pile {to}.",
                "Double Cross: {n} cards of pile {at} go on top of pile {to}.",
                n=event["count"],
                at=event["from"],
                to=event["at"],
            )
        return msg_n(
            "Double Cross: {n} card of pile {at} go under pile {to}.",
            "Double Cross: {n} cards of pile {at} go under pile {to}.",
            n=event["count"],
            at=event["from"],
            to=event["at"],
        )
    if kind == "rebel_moved":
        card = _title(event["card"]) if event["card"] else msg("a face-down card")
        return msg(
            "Rebel: {card} moves from pile {at} to pile {to}.", card=card, at=event["from"], to=event["to"]
        )
    if kind == "secret_seen":
        return msg(
            "{who} finds out whose suspect {other} is.", who=_who(seat, names), other=_who(event["of"], names)
        )
    if kind == "hands_swapped":
        return msg("{who} swaps hands with {other}.", who=_who(seat, names), other=_who(event["with"], names))
    if kind == "revelation_placed":
        return msg(
            "Revelation: {who} shows {card} on pile {at}.",
            who=_who(seat, names),
            card=_title(event["card"]),
            at=event["at"],
        )
    if kind == "tucked":
        return msg("Madame Rose hides {name} under her and takes over that power.", name=_name(event["name"]))
    if kind == "revived":
        if event["seat"] is not None:
            return msg(
                "{name} comes back to life at {at}; {who} is back in the game.",
                name=_name(event["name"]),
                at=event["at"],
                who=_who(event["seat"], names),
            )
        return msg("{name} comes back to life at {at}.", name=_name(event["name"]), at=event["at"])
    if kind == "power":
        return _power(event)
    return None


def _stolen(event: dict[str, Any], names: Names) -> Said:
    by = suspect(7) if event["card"] == "brunette" else _title(event["card"])
    seat = event.get("seat", -1)
    if "at" in event:
        if event.get("shown"):
            return msg_n(
                "{by}: {who} takes {n} card, {cards} from pile {at}.",
                "{by}: {who} takes {n} cards, {cards} from pile {at}.",
                by=by,
                who=_who(seat, names),
                n=event["count"],
                cards=_cards(event["shown"]),
                at=event["at"],
            )
        return msg_n(
            "{by}: {who} takes {n} card from pile {at}.",
            "{by}: {who} takes {n} cards from pile {at}.",
            by=by,
            who=_who(seat, names),
            n=event["count"],
            at=event["at"],
        )
    return msg_n(
        "{by}: {who} takes {n} card from {other}.",
        "{by}: {who} takes {n} cards from {other}.",
        by=by,
        who=_who(seat, names),
        n=event["count"],
        other=_who(event["from"], names),
    )


def _power(event: dict[str, Any]) -> Said:
    who = suspect(event["suspect"])
    power = event["power"]
    if "rotated" in event:
        if not event["rotated"]:
            return msg("{name}'s power turns nobody round.", name=who)
        turned = suspect(event["rotated"][0])
        for s in event["rotated"][1:]:
            turned = msg("{cards}, {card}", cards=turned, card=suspect(s))
        return msg("{name}'s power turns {names} round.", name=who, names=turned)
    if "count" in event:
        return msg("{name}'s power shuffles pile {at}.", name=who, at=event["at"])
    if "row" in event:
        return msg("{name}'s death shuffles the suspects along the row.", name=who)
    if power == 1:
        return msg("{name}'s death: every player still in throws away the hand and draws seven.", name=who)
    if power == 5:
        return msg("{name}'s death: a dead suspect may come back.", name=who)
    return msg("{name}'s power: steal a random card from a pile or a hand.", name=who)


def describe_events(events: Sequence[dict[str, Any]], names: Names = None) -> list[str]:
    """The log lines of one action's events."""
    return [line for line in (describe_event(e, names) for e in events) if line]
