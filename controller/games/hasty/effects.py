"""What each card does when it acts (H2, H12, H15-H20, H26-H44), one function per card, looked up by
the card's index.

A card acts on "this suspect", whoever stands above the card's pile (``slot``) when it acts.
``where`` is the card's place in that pile (from the bottom) when it lies there (played face up, or
turned up by a Bomb or Time Bomb), -1 when it has left it (revealed in a review); that is what the
Jester shuffles below and what Walk it back, Spread the love and Double Cross leave or take.
``via_bomb``: it was turned up by a Bomb or Time Bomb. ``was_up``: its face in the pile before it
was revealed or turned up (Antidote, H29). ``act`` applies the card's trigger first (H2, H6, H15,
H26): in regular play a review-only card does nothing, in a review a play-only card does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from controller.games.hasty import card_choices as cc
from controller.games.hasty.cards import (
    ALL_CARDS,
    ANTIDOTE,
    ARMOR,
    BACK_ALLEY,
    BACK_TO_TOP,
    BODYGUARD,
    BOMB,
    DELAY,
    DOUBLE_CROSS,
    DYING_BREATH,
    HASTY,
    INVESTIGATOR,
    JESTER,
    LAST_DITCH,
    MEMORY_WIPE,
    MOVER,
    MURDER,
    NOBODY_AROUND,
    ON_THE_CLOCK,
    POISON,
    PRIVATE_INVESTIGATOR,
    QUESTION,
    REBEL,
    REVELATION,
    SAFE_STOP,
    SHOW_HANDS,
    SIDEKICK,
    SNIPER,
    SPREAD,
    STOP,
    SWITCHEROO,
    TANGLED,
    THIEF,
    THREAT,
    TIME_BOMB,
    TRIGGERS,
    WALK_BACK,
    WRONG_ADDRESS,
)
from controller.games.hasty.choices import offer
from controller.games.hasty.mechanics import Event, kill, neighbour_slots, shuffle
from controller.games.hasty.state import GameState

Effect = Callable[[GameState, int, int, bool, bool, list[Event]], None]
#: the cards that act only in a review, and only in regular play (H2, H26)
REVIEW_ONLY: Final = frozenset(card for card, trigger in enumerate(TRIGGERS) if trigger == "review")
PLAY_ONLY: Final = frozenset(card for card, trigger in enumerate(TRIGGERS) if trigger == "play")
#: H29: a suspect dies at this Poison count; H29: from this Armor on, each adds a shield
DEADLY_POISON: Final = 3
ARMOR_GUARDS: Final = 3
#: H35: On the clock's limit
CLOCK_LIMIT: Final = 2


def act(
    s: GameState, card: int, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]
) -> None:
    if s.review is None:
        if card in REVIEW_ONLY:
            return
    elif card in PLAY_ONLY:
        return
    EFFECTS[card](s, slot, where, via_bomb, was_up, ev)


def _murder(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    kill(s, slot, "murder", ev)


def _threat(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    review = s.review
    assert review is not None
    suspect = s.suspect_at[slot]
    threats = list(review.threats)
    threats[suspect] += 1
    s.review = review._replace(threats=tuple(threats))
    ev.append({"type": "threatened", "suspect": suspect, "count": threats[suspect]})
    if threats[suspect] >= 2:
        kill(s, slot, "threat", ev)


def _shield(s: GameState, slot: int, ev: list[Event]) -> None:
    """A Bodyguard's shield for this suspect, for this review (H12)."""
    review = s.review
    assert review is not None
    suspect = s.suspect_at[slot]
    shields = list(review.shields)
    shields[suspect] += 1
    s.review = review._replace(shields=tuple(shields))
    ev.append({"type": "guarded", "suspect": suspect, "shields": shields[suspect]})


def _bodyguard(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    _shield(s, slot, ev)


def _sidekick(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    offer(s, "sidekick", ev, slot=slot)


def _stop(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    review = s.review
    assert review is not None
    s.review = review._replace(stopped=True)
    ev.append({"type": "stopped"})


def _jester(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H17: the cards below it are shuffled, each keeping its face (index 0 = bottom); revealed, it
    has left the pile, so all of it is."""
    pile = s.piles[slot]
    below = pile[:where] if where >= 0 else pile
    s.piles[slot] = shuffle(s, below) + (pile[where:] if where >= 0 else ())
    ev.append({"type": "shuffled", "at": s.row.index(slot), "count": len(below)})


def _nothing(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """Delay Tactics, Back to the top, Back Alley and Show me your hands act by lying face up on top
    of a pile (H7, H27), not when they are turned."""


def _bomb(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H15: the neighbours' top cards, left then right, each fully resolved (the engine's ``bomb``
    tasks, so a choice the left one asks for comes before the right one). A Bomb turned up by a
    Bomb or Time Bomb does nothing."""
    if via_bomb:
        return
    s.tasks += tuple(("bomb", n, 0) for n in reversed(neighbour_slots(s, slot)))


def _time_bomb(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H37: as a Bomb, with the bottom card of each neighbour's pile."""
    if via_bomb:
        return
    s.tasks += tuple(("time_bomb", n, 0) for n in reversed(neighbour_slots(s, slot)))


def _question(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    offer(s, "question", ev)


def _investigator(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    offer(s, "investigate", ev)


def _mover(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    offer(s, "mover", ev)


def _switcheroo(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    offer(s, "switcheroo", ev)


# ---------------------------------------------------------------- the advanced set


def _poison_count(s: GameState, slot: int, change: int, cause: str, ev: list[Event]) -> None:
    """H29: this suspect's Poison count changes (never below 0); at 3 or more it is killed."""
    review = s.review
    assert review is not None
    suspect = s.suspect_at[slot]
    poison = list(review.poison)
    poison[suspect] = max(0, poison[suspect] + change)
    s.review = review._replace(poison=tuple(poison))
    ev.append({"type": "poisoned", "suspect": suspect, "count": poison[suspect], "card": cause})
    if change > 0 and poison[suspect] >= DEADLY_POISON:
        kill(s, slot, cause, ev)


def _poison(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    if s.review is not None:  # H28: outside a review there are no counts
        _poison_count(s, slot, 1, "poison", ev)


def _armor(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    review = s.review
    if review is None:
        return
    suspect = s.suspect_at[slot]
    armor = list(review.armor)
    armor[suspect] += 1
    s.review = review._replace(armor=tuple(armor))
    ev.append({"type": "armored", "suspect": suspect, "count": armor[suspect]})
    if armor[suspect] >= ARMOR_GUARDS:
        _shield(s, slot, ev)


def _antidote(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H29: face up in the pile, two Poisons; face down, two Poisons fewer."""
    if s.review is not None:
        _poison_count(s, slot, 2 if was_up else -2, "antidote", ev)


def _dying_breath(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H33: a kill of this suspect; then, whatever came of it, the smallest pile is evaluated (the
    engine's ``breath`` task, after any choice the kill asks)."""
    s.tasks.append(("breath", 0, 0))
    kill(s, slot, "dying_breath", ev)


def _safe_stop(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H30: a Stop that, revealed from the evaluated pile, keeps the rest of that pile there."""
    review = s.review
    assert review is not None
    safe = review.safe or (where < 0 and review.slot == slot)
    s.review = review._replace(stopped=True, safe=safe)
    ev.append({"type": "stopped", "safe": safe})


def _rebel(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.start_rebel(s, ev)


def _walk_back(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_walk(s, slot, where, ev)


def _hasty(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_hasty(s, ev)


# ---------------------------------------------------------------- the expert set


def _sniper(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_sniper(s, slot, ev)


def _nobody_around(
    s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]
) -> None:
    """H41: no neighbour with a pile of 3 or more cards kills; else a shield (only in a review)."""
    if all(len(s.piles[n]) < 3 for n in neighbour_slots(s, slot)):
        kill(s, slot, "nobody_around", ev)
    elif s.review is not None:
        _shield(s, slot, ev)


def _last_ditch(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H41: fewer than 3 living suspects kills; else a shield (only in a review)."""
    if len(s.living_positions()) < 3:
        kill(s, slot, "last_ditch", ev)
    elif s.review is not None:
        _shield(s, slot, ev)


def _wrong_address(
    s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]
) -> None:
    review = s.review
    if review is None:
        return
    suspect = s.suspect_at[slot]
    wrong = list(review.wrong)
    wrong[suspect] += 1
    s.review = review._replace(wrong=tuple(wrong))
    ev.append({"type": "addressed", "suspect": suspect, "count": wrong[suspect]})


def _memory_wipe(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_wipe(s, slot, ev)


def _tangled(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_tangled(s, slot, ev)


def _spread(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.start_spread(s, slot, where, ev)


def _double_cross(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_double(s, slot, ev)


def _private_investigator(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool,
                          ev: list[Event]) -> None:
    cc.offer_private(s, ev)


def _revelation(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.start_revelation(s, slot, ev)


def _thief(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    cc.offer_thief(s, ev)


def _on_the_clock(s: GameState, slot: int, where: int, via_bomb: bool, was_up: bool, ev: list[Event]) -> None:
    """H35: the running evaluation stops once two of its cards are revealed while a card is left."""
    review = s.review
    assert review is not None
    stopped = review.stopped or (len(review.revealed) >= CLOCK_LIMIT and bool(s.piles[review.slot]))
    s.review = review._replace(limit=CLOCK_LIMIT, stopped=stopped)
    ev.append({"type": "clock", "limit": CLOCK_LIMIT, "stopped": stopped})


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
    POISON: _poison,
    ARMOR: _armor,
    ANTIDOTE: _antidote,
    DYING_BREATH: _dying_breath,
    SAFE_STOP: _safe_stop,
    BACK_TO_TOP: _nothing,
    BACK_ALLEY: _nothing,
    TIME_BOMB: _time_bomb,
    REBEL: _rebel,
    SHOW_HANDS: _nothing,
    WALK_BACK: _walk_back,
    HASTY: _hasty,
    SNIPER: _sniper,
    NOBODY_AROUND: _nobody_around,
    LAST_DITCH: _last_ditch,
    WRONG_ADDRESS: _wrong_address,
    MEMORY_WIPE: _memory_wipe,
    TANGLED: _tangled,
    SPREAD: _spread,
    DOUBLE_CROSS: _double_cross,
    PRIVATE_INVESTIGATOR: _private_investigator,
    REVELATION: _revelation,
    THIEF: _thief,
    ON_THE_CLOCK: _on_the_clock,
}
assert set(EFFECTS) == set(range(len(ALL_CARDS))), "every card has an effect"
