"""The Suspect Powers variant (H45-H50): what each suspect's power does when it acts.

A play power acts after a card played on its suspect's pile has been resolved (the engine's
``power`` task, queued when the card is placed, with the power the suspect had then); a death power
right after its suspect's death (the ``death`` task ``mechanics.die`` queues). Madame Rose's own
power, her escape, is part of a kill (``mechanics.kill``); Prof. Plum's is a rule of ``play``.
Every choice a power asks is the active seat's.
"""

from __future__ import annotations

from controller.games.hasty.card_choices import steal, steal_from_pile
from controller.games.hasty.cards import (
    BAKER,
    BRUNETTE,
    GREEN,
    MUSTARD,
    PEACOCK,
    SCARLETT,
    SUSPECTS,
    WHITE,
)
from controller.games.hasty.mechanics import (
    Event,
    ask,
    dead_suspects,
    draw_into_hand,
    hand_limit,
    neighbour_slots,
    shuffle,
    to_discard,
)
from controller.games.hasty.state import Extras, GameState, Pending

#: H48: Rev. Green's death deals each seat still in this many cards
GREEN_DRAW = 7


def _fired(s: GameState, suspect: int, power: int) -> Event:
    """The power's event (its details still to add); the state keeps it among the powers fired this
    turn (for the screens). ``Extras`` made directly, not by ``_replace``: a power fires on most plays."""
    e = s.extra
    s.extra = Extras(e.rotated, e.tucked, e.skips, e.opened, e.notes, (*e.fired, (suspect, power)), e.skipped)
    return {"type": "power", "suspect": suspect, "power": power, "name": SUSPECTS[power]}


def _event(s: GameState, suspect: int, power: int, **more: object) -> Event:
    """The power's event with ``more`` details."""
    event = _fired(s, suspect, power)
    event.update(more)
    return event


def _turn(s: GameState, suspects: list[int]) -> None:
    e = s.extra
    rotated = list(e.rotated)
    for suspect in suspects:
        rotated[suspect] = not rotated[suspect]
    s.extra = Extras(tuple(rotated), e.tucked, e.skips, e.opened, e.notes, e.fired, e.skipped)


def play_power(s: GameState, suspect: int, power: int, ev: list[Event]) -> None:
    """H45-H47: the power of ``suspect`` (which it had when the card was placed), if it still lives;
    "this pile" is its pile now."""
    row, suspect_at, dead = s.row, s.suspect_at, s.dead
    position = 0
    for slot in row:  # ``position_of_suspect``, inline: this runs on most plays
        if suspect_at[slot] == suspect and not dead[slot]:
            break
        position += 1
    else:
        return
    if power == SCARLETT:
        _turn(s, [suspect])
        event = _fired(s, suspect, power)
        event["rotated"] = [suspect]
        ev.append(event)
    elif power == BAKER:
        turned = [suspect_at[n] for n in neighbour_slots(s, slot)]
        _turn(s, turned)
        event = _fired(s, suspect, power)
        event["rotated"] = sorted(turned)
        ev.append(event)
    elif power == MUSTARD:
        s.piles[slot] = shuffle(s, s.piles[slot])
        event = _fired(s, suspect, power)
        event["at"] = position
        event["count"] = len(s.piles[slot])
        ev.append(event)
    elif power == BRUNETTE:
        ev.append(_fired(s, suspect, power))
        offer_brunette(s, ev)


def brunette_options(s: GameState, seat: int) -> tuple[list[int], list[int]]:
    """H47: the non-empty living piles, and the other seats still in with cards."""
    piles = [p for p, slot in enumerate(s.row) if not s.dead[slot] and s.piles[slot]]
    hands = [o for o in range(s.players) if o != seat and not s.eliminated[o] and s.hands[o]]
    return piles, hands


def offer_brunette(s: GameState, ev: list[Event]) -> None:
    assert s.turn is not None
    piles, hands = brunette_options(s, s.turn)
    if len(piles) + len(hands) == 1:
        if piles:
            steal_from_pile(s, piles[0], "brunette", ev)
        else:
            steal(s, hands[0], 1, "brunette", ev)
    elif piles or hands:
        ask(s, Pending("brunette", s.turn), ev)


def death_power(s: GameState, suspect: int, power: int, ev: list[Event]) -> None:
    """H48, H50: the death power of ``suspect`` (its own, or the one Madame Rose carried)."""
    if power == GREEN:
        if s.options.big_hands:
            return
        ev.append(_event(s, suspect, power))
        assert s.turn is not None
        for k in range(s.players):
            seat = (s.turn + k) % s.players
            if s.eliminated[seat]:
                continue
            to_discard(s, s.hands[seat])
            s.hands[seat] = ()
            draw_into_hand(s, seat, GREEN_DRAW, ev)
    elif power == PEACOCK:
        living = s.living_positions()
        tiles = shuffle(s, tuple(s.suspect_at[s.row[p]] for p in living))
        s.suspect_at = s.suspect_at[:]
        for p, tile in zip(living, tiles, strict=True):
            s.suspect_at[s.row[p]] = tile
        ev.append(_event(s, suspect, power, row=[s.suspect_at[slot] for slot in s.row]))
    elif power == WHITE:
        options = revive_options(s, suspect)
        ev.append(_event(s, suspect, power))
        if len(options) == 1:
            revive(s, options[0], ev)
        elif options:
            assert s.turn is not None
            ask(s, Pending("revive", s.turn, tuple(options)), ev)


def revive_options(s: GameState, trigger: int) -> list[int]:
    """H50: a dead suspect other than Doctor White, the one under Madame Rose and the one whose
    death set the power off."""
    return [d for d in dead_suspects(s) if d not in (WHITE, s.tucked, trigger)]


def revive(s: GameState, suspect: int, ev: list[Event]) -> None:
    """H50: the suspect's tile turns face up with an empty pile (Speedy: a new tile at the right
    end), upright and with no counts; its seat, if any, is back and draws up to the hand limit."""
    was_open = not s.first_round
    if s.options.speedy:
        slot = len(s.suspect_at)
        s.suspect_at = [*s.suspect_at, suspect]
        s.dead = [*s.dead, False]
        s.piles.append(())
        s.row = [*s.row, slot]
    else:
        slot = next(sl for sl in s.row if s.suspect_at[sl] == suspect and s.dead[sl])
        s.dead = s.dead[:]
        s.dead[slot] = False
        s.piles[slot] = ()
    if s.rotated[suspect]:
        s.rotated = (*s.rotated[:suspect], False, *s.rotated[suspect + 1:])
    review = s.review
    if review is not None:
        def zero(values: tuple[int, ...]) -> tuple[int, ...]:
            return (*values[:suspect], 0, *values[suspect + 1:]) if values else values

        s.review = review._replace(threats=zero(review.threats), shields=zero(review.shields),
                                   poison=zero(review.poison), armor=zero(review.armor),
                                   wrong=zero(review.wrong))
    seat = s.holder(suspect)
    ev.append({"type": "revived", "suspect": suspect, "name": SUSPECTS[suspect], "at": s.row.index(slot),
               "seat": seat})
    if seat is not None and s.eliminated[seat]:
        s.eliminated = s.eliminated[:]
        s.eliminated[seat] = False
        s.out_by = s.out_by[:]
        s.out_by[seat] = None
        draw_into_hand(s, seat, hand_limit(s) - len(s.hands[seat]), ev)
    if was_open:
        s.opened = True
