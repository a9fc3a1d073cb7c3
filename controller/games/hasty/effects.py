"""What each card does when it acts (H2, H12, H15-H20), looked up by the card's index.

A card acts on "this suspect", whoever stands above the card's pile (``slot``) when it acts.
``on_pile`` says whether the card lies on that pile (played face up, or turned up by a Bomb) or has
left it (revealed in a review), which is what the Jester shuffles below. ``act`` applies the card's
trigger first (H2, H6, H15): in regular play a review-only card does nothing. A new card set is a
new row in ``cards.CARDS`` and a function here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from controller.games.hasty.cards import (
    BODYGUARD,
    BOMB,
    CARDS,
    DELAY,
    INVESTIGATOR,
    JESTER,
    MOVER,
    MURDER,
    QUESTION,
    SIDEKICK,
    STOP,
    SWITCHEROO,
    THREAT,
    TRIGGERS,
)
from controller.games.hasty.choices import offer
from controller.games.hasty.mechanics import Event, kill, neighbour_slots, shuffle
from controller.games.hasty.state import GameState

Effect = Callable[[GameState, int, bool, bool, list[Event]], None]


def act(s: GameState, card: int, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    trigger = TRIGGERS[card]
    in_review = s.review is not None
    if (trigger == "review" and not in_review) or (trigger == "play" and in_review):
        return
    EFFECTS[card](s, slot, on_pile, via_bomb, ev)


def _murder(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    kill(s, slot, "murder", ev)


def _threat(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    review = s.review
    assert review is not None
    suspect = s.suspect_at[slot]
    threats = list(review.threats)
    threats[suspect] += 1
    s.review = review._replace(threats=tuple(threats))
    ev.append({"type": "threatened", "suspect": suspect, "count": threats[suspect]})
    if threats[suspect] >= 2:
        kill(s, slot, "threat", ev)


def _bodyguard(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    review = s.review
    assert review is not None
    suspect = s.suspect_at[slot]
    shields = list(review.shields)
    shields[suspect] += 1
    s.review = review._replace(shields=tuple(shields))
    ev.append({"type": "guarded", "suspect": suspect, "shields": shields[suspect]})


def _sidekick(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    offer(s, "sidekick", ev, slot=slot)


def _stop(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    review = s.review
    assert review is not None
    s.review = review._replace(stopped=True)
    ev.append({"type": "stopped"})


def _jester(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    """H17: the cards below it are shuffled, each keeping its face (index 0 = bottom)."""
    pile = s.piles[slot]
    if on_pile:
        s.piles[slot] = shuffle(s, pile[:-1]) + pile[-1:]
    else:
        s.piles[slot] = shuffle(s, pile)
    ev.append({"type": "shuffled", "at": s.row.index(slot), "count": len(pile) - on_pile})


def _nothing(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    """Delay Tactics acts by lying face up on top of a pile (H7), not when it is turned."""


def _bomb(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    """H15: the neighbours' top cards, left then right, each fully resolved (the engine's ``bomb``
    tasks, so a choice the left one asks for comes before the right one). A Bomb turned up by a
    Bomb does nothing."""
    if via_bomb:
        return
    sides = neighbour_slots(s, slot)
    s.tasks += tuple(("bomb", n) for n in reversed(sides))


def _question(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    offer(s, "question", ev)


def _investigator(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    offer(s, "investigate", ev)


def _mover(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    offer(s, "mover", ev)


def _switcheroo(s: GameState, slot: int, on_pile: bool, via_bomb: bool, ev: list[Event]) -> None:
    offer(s, "switcheroo", ev)


EFFECTS: Final[dict[int, Effect]] = {
    MURDER: _murder,
    THREAT: _threat,
    BODYGUARD: _bodyguard,
    SIDEKICK: _sidekick,
    STOP: _stop,
    JESTER: _jester,
    DELAY: _nothing,
    BOMB: _bomb,
    QUESTION: _question,
    INVESTIGATOR: _investigator,
    MOVER: _mover,
    SWITCHEROO: _switcheroo,
}
assert set(EFFECTS) == set(range(len(CARDS))), "every card has an effect"
