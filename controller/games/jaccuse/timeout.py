"""What the shot clock does when a decision runs out of time: ordinary, legal actions.

The table's optional shot clock gives every decision a deadline. When it passes, the seats the game
still waits for are moved for: in an election the undecided seats abstain, a President passes, and a
seat that must place a membership card, answer a parley or enact a policy gets a random legal card
chosen for it. These are plain actions, journaled like any other (marked as forced by the table), so
replaying the journal plays the same game; the RNG only picks them.
"""

from __future__ import annotations

import random
from typing import Final

from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.cards import color_of
from controller.games.jaccuse.describe import Names, who
from controller.games.jaccuse.draws import choice
from controller.games.jaccuse.moves import awaiting
from controller.games.jaccuse.said import msg
from controller.games.jaccuse.state import GameState


def timeout_actions(s: GameState, rng: random.Random) -> list[Action]:
    """The forced moves for every seat the game waits for now, in seat order (none once it is over).

    Applied one after the other they are all legal: election presses never depend on each other,
    and every other phase waits for one seat only.
    """
    if s.over:
        return []
    out: list[Action] = []
    for seat in awaiting(s):
        action = _forced(s, seat, rng)
        if action is not None:
            out.append(action)
    return out


def _forced(s: GameState, seat: int, rng: random.Random) -> Action | None:
    hand = sorted(s.hands[seat])
    phase = s.phase
    if phase == "election":
        return Action(seat, "abstain")
    if phase == "presidency":
        return Action(seat, "pass")
    if phase in ("setup", "replace_membership"):
        return Action(seat, "membership", card=choice(rng, hand)) if hand else None
    if phase == "parley":
        assert s.parley is not None
        count = len(s.parley.offered)
        if len(hand) < count:
            return None
        picked: list[str] = []
        pool = list(hand)
        for _ in range(count):
            card = choice(rng, pool)
            pool.remove(card)
            picked.append(card)
        return Action(seat, "parley_reply", cards=tuple(picked))
    if phase == "enact":
        coloured = [c for c in hand if color_of(c) is not None]
        return Action(seat, "enact", card=choice(rng, coloured)) if coloured else None
    return None


_FORCED: Final[dict[str, tuple[str, str]]] = {
    # act -> (what the room reads, what the seat reads)
    "abstain": (msg("abstains"), msg("you abstained")),
    "pass": (msg("passes"), msg("you passed")),
    "membership": (msg("a membership card is placed at random"),
                   msg("a random card became your membership card")),
    "parley_reply": (msg("a random answer is given"), msg("random cards were given back")),
    "enact": (msg("a random card is enacted"), msg("a random card was enacted for you")),
}


def describe_forced(action: Action, names: Names = None) -> str:
    """The log line that marks a move the clock forced (the move's own events are told as usual)."""
    what = _FORCED.get(action.act, (action.act, action.act))[0]
    return msg("Out of time for {who}: {what} (forced).", who=who(action.seat, names), what=what)


def forced_feed_line(action: Action) -> str:
    """The line the forced seat reads in its feed."""
    return msg("Time ran out: {what}.", what=_FORCED.get(action.act, (action.act, action.act))[1])
