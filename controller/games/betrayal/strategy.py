"""A sensible bot for balance simulations: it plays its side's goal with what its seat may know.

Setup: a loyal army keeps the two suits that give it the most cards (then the most power); the
traitor adds its strongest red cards. Play: the traitor goes after the loyal army closest to
elimination; a loyal army goes after the traitor when it is known (the joker died, or a peek saw
it) and otherwise after the army whose shown cards look most like a traitor's (black, and no more
than five red). Against a face-up card it attacks with its weakest card that wins; against a
face-down one with its strongest. It hides a winning card again, and looks for the joker with a
peek. It avoids scoring the points total that would eliminate it.

It reads only what its seat may see: its own rows, the face-up cards, the public counts, its own
peeks, and the accusations it ``observe``-d.
"""

from __future__ import annotations

import random
from typing import Any

from controller.games.betrayal.actions import Action
from controller.games.betrayal.bot import army_action
from controller.games.betrayal.cards import BLACK_ACES, FACE, JOKER, NAMES, POWER, SPECIAL, TWOS, UP
from controller.games.betrayal.engine import MAX_RED
from controller.games.betrayal.moves import awaiting_armies, red_choices, suit_choices
from controller.games.betrayal.state import GameState
from controller.games.common import ShownColours


class TableMemory(ShownColours):
    """The cards each army has shown in accusations (public), red and black counted."""

    def observe(self, events: tuple[dict[str, Any], ...]) -> None:
        for event in events:
            if event.get("type") == "accused":
                self._saw(event["army"], event["card"])
                self._saw(event["target"][0], event["target_card"])

    def _saw(self, army: int, name: str) -> None:
        self.saw(army, "red" if name[-1] in "HD" else "black")

    def suspicion(self, army: int) -> int:
        """How much the army's shown cards look like the traitor's: black ones up, red ones down;
        more than the traitor's five red cards clears it."""
        tally = self.tally(army)
        if tally["red"] > MAX_RED:
            return -100
        return tally["black"] - tally["red"]


def _beats(s: GameState, card: int, target: int, target_row_len: int, target_is_traitor: bool) -> bool:
    """Would ``card`` win against ``target`` (both indices), as B9 and B11 decide?"""
    if s.twos_defend and target in TWOS and card not in TWOS and not (
        target_is_traitor and target_row_len <= 3
    ):
        return False
    return POWER[card] >= POWER[target] or (card in SPECIAL and target in BLACK_ACES)


def _known_traitor(s: GameState, army: int) -> int | None:
    """The traitor, if this army's seat knows it: its own, the joker's death, or a peek."""
    seat = s.army_seats[army]
    if s.joker_dead or s.army_seats[s.traitor] == seat:
        return s.traitor
    for mine in s.armies_of(seat):
        for peek in s.peeks[mine]:
            if peek.card == JOKER:
                return peek.army
    return None


def _enemies(s: GameState, army: int, memory: TableMemory) -> list[int]:
    """The armies worth attacking, best first."""
    seat = s.army_seats[army]
    live = [a for a in range(s.armies) if a != army and s.rows[a] and s.army_seats[a] != seat]
    if not live:
        return [a for a in range(s.armies) if a != army and s.rows[a]]
    traitor = _known_traitor(s, army)
    if traitor is not None and s.army_seats[traitor] == seat:
        # our side is the traitor's: finish off the loyal army with the fewest cards
        return sorted(live, key=lambda a: (len(s.rows[a]), a))
    if traitor is not None and traitor in live:
        return [traitor] + [a for a in live if a != traitor]
    return sorted(live, key=lambda a: (-memory.suspicion(a), a))


def setup_choice(s: GameState, army: int) -> Action:
    """The sensible setup choice of ``army``: the two suits that keep most, or the strongest reds."""
    if army == s.traitor:
        reds = sorted(red_choices(s, army), key=lambda c: -POWER[c])[:MAX_RED]
        return Action(army, "army", red=tuple(NAMES[c] for c in reds))
    pairs = [(pair, row) for pair, row in suit_choices(s, army) if row]
    pair, _ = max(pairs, key=lambda pr: (len(pr[1]), sum(POWER[c] for c in pr[1])))
    return Action(army, "army", suits=pair)


def _accuse(s: GameState, army: int, memory: TableMemory) -> Action:
    row = s.rows[army]
    mine = sorted((c & FACE, p) for p, c in enumerate(row) if c & FACE != JOKER)
    mine.sort(key=lambda cp: POWER[cp[0]])
    out_at = next((points for points, r in enumerate(s.rewards) if r is not None and r.kind == "out"), None)
    about_to_go = out_at is not None and len(s.points[army]) == out_at - 1
    targets = _enemies(s, army, memory)
    if about_to_go:
        # a win would put this army out: attack with the weakest card where it is likeliest to lose
        weakest = mine[0][1]
        target = targets[0]
        t_row = s.rows[target]
        up = [(POWER[c & FACE], p) for p, c in enumerate(t_row) if c & UP]
        return Action(army, "accuse", card=weakest, target=(target, max(up)[1] if up else 0))
    for target in targets:
        t_row = s.rows[target]
        is_traitor = target == _known_traitor(s, army)
        for p, code in enumerate(t_row):
            if code & UP:
                winners = [cp for cp in mine if _beats(s, cp[0], code & FACE, len(t_row), is_traitor)]
                if winners:
                    return Action(army, "accuse", card=winners[0][1], target=(target, p))
    target = targets[0]
    t_row = s.rows[target]
    down = [p for p, code in enumerate(t_row) if not code & UP]
    return Action(army, "accuse", card=mine[-1][1], target=(target, down[0] if down else 0))


def _peek(s: GameState, army: int, memory: TableMemory, rng: random.Random) -> Action:
    order = _enemies(s, army, memory) + [a for a in range(s.armies) if a != army]
    places: list[tuple[int, int]] = []
    for target in dict.fromkeys(order):
        down = [(target, p) for p, code in enumerate(s.rows[target]) if not code & UP]
        rng.shuffle(down)
        places += [pl for pl in down if pl not in places]
    places += [(t, p) for t in range(s.armies) if t != army for p in range(len(s.rows[t]))
               if (t, p) not in places]
    return Action(army, "peek", cards=tuple(places[:2]))


def sensible_action(s: GameState, seat: int, rng: random.Random, memory: TableMemory) -> Action | None:
    """A move for one of ``seat``'s armies that the game waits for, or None."""
    armies = [a for a in awaiting_armies(s) if s.army_seats[a] == seat]
    if not armies:
        return None
    army = armies[0]
    if s.phase == "setup":
        return setup_choice(s, army)
    if s.phase == "turn":
        return _accuse(s, army, memory)
    if s.phase == "after_win":
        return Action(army, "hide", at=rng.randrange(len(s.rows[army])))
    if s.phase == "peek":
        return _peek(s, army, memory, rng)
    return army_action(s, army, rng)


__all__ = ["TableMemory", "sensible_action", "setup_choice"]
