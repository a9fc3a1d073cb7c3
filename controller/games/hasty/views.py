"""What each seat, and the room, may see: the only way state leaves the core.

Public: the row and who is dead, each pile's size and face-up cards, the loupe, the market, the
deck and discard counts, hand sizes, the turn and its steps so far, what is pending and for whom, a
review's revealed cards, threats and shields, eliminated seats and their suspects; and in the
second edition (H52) the Poison, Armor and Wrong address counts, the turned suspects, the one under
Madame Rose, the turns to skip, the hand limit, each suspect's power, and the engine's unfinished work.
Private to a seat: its hand, its secret suspect (or the traitor card), what its Investigators, Tangled
Ups and Private Investigators showed it (``peeks``) and the cards it took or lost (``notes``).
Face-down cards are shown to no one, not even the seat that played them. Once the game is over the
public view reveals everything under ``reveal``. ``replay_summary`` is the replay contract's answer.
"""

from __future__ import annotations

from typing import Any, Final

from controller.games.hasty.card_choices import HASTY_WORDS
from controller.games.hasty.cards import (
    BACK_ALLEY,
    BACK_TO_TOP,
    FACE,
    KEYS,
    POWERS,
    SHOW_HANDS,
    SUSPECTS,
    TRAITOR,
    TRAITOR_KEY,
    UP,
)
from controller.games.hasty.deal import BASE_ONLY
from controller.games.hasty.mechanics import delay_visible, hand_limit, power_of, visible
from controller.games.hasty.moves import awaiting, legal_moves
from controller.games.hasty.state import GameState, Note, Peek, Pending


def _keys(cards: tuple[int, ...]) -> list[str]:
    return [KEYS[c] for c in sorted(cards)]


def _secret(code: int) -> int | str:
    return TRAITOR_KEY if code == TRAITOR else code


#: the second edition's kinds whose ``pending`` shows its ``options`` (positions, seats or suspect ids)
_WITH_OPTIONS: Final = frozenset({"pile", "sidekick", "breath", "sniper", "wrong_address", "walk", "wipe",
                                  "tangled", "double", "thief", "tuck", "revive"})


def _pending(s: GameState, p: Pending | None) -> dict[str, Any] | None:
    """The contract's ``pending``: kind and seat, and what each kind shows besides."""
    if p is None:
        return None
    out: dict[str, Any] = {"kind": p.kind, "seat": p.seat}
    kind = p.kind
    if kind in _WITH_OPTIONS:
        out["options"] = list(p.options)
    elif kind == "question_pile":
        out.update(card=KEYS[p.card], **{"from": p.asker})
    elif kind == "market":
        out["count"] = p.take
    elif kind == "spread":
        out.update(card=KEYS[p.card & FACE], left=[KEYS[c & FACE] for c in p.queue], options=list(p.options))
    elif kind == "rebel":
        out["from"] = _position(s, p.slot)
    elif kind == "revelation":
        out["at"] = _position(s, p.slot)
    elif kind == "hasty":
        out["options"] = list(HASTY_WORDS)
    return out


def _position(s: GameState, slot: int) -> int | None:
    """Where a slot stands, or None once it has left the row (Speedy)."""
    return s.row.index(slot) if slot in s.row else None


def _review(s: GameState) -> dict[str, Any] | None:
    r = s.review
    if r is None:
        return None
    return {"at": _position(s, r.slot), "cause": r.cause, "revealed": [KEYS[c] for c in r.revealed],
            "stopped": r.stopped, "threats": list(r.threats), "shields": list(r.shields)}


def _review_extra(s: GameState) -> dict[str, Any] | None:
    """H52's ``review_extra``: the second edition's counts and the evaluations waiting (H28-H35)."""
    r = s.review
    if r is None:
        return None
    zeros = [0] * s.options.suspects
    return {"poison": list(r.poison) or zeros, "armor": list(r.armor) or zeros,
            "wrong": list(r.wrong) or zeros, "limit": r.limit or None, "bottom_first": r.bottom_first,
            "safe": r.safe,
            "outer": [{"at": _position(s, f.slot), "cause": f.cause,
                       "revealed": [KEYS[c] for c in f.revealed], "stopped": f.stopped} for f in r.outer]}


def second_edition_summary(s: GameState) -> dict[str, Any]:
    """The output keys the second edition adds (H52)."""
    return {
        "review_extra": _review_extra(s),
        "rotated": [suspect for suspect, turned in enumerate(s.rotated) if turned],
        "tucked": s.tucked,
        "skips": s.skips,
        "hand_limit": hand_limit(s),
    }


def _last_review(s: GameState) -> dict[str, Any] | None:
    last = s.last_review
    if last is None:
        return None
    return {"number": last.number, "at": last.at, "suspect": last.suspect, "name": SUSPECTS[last.suspect],
            "cause": last.cause, "revealed": [KEYS[c] for c in last.revealed], "killed": list(last.killed)}


def _peek(p: Peek) -> dict[str, Any]:
    if p.kind == "pile":
        return {"pile": p.target, "cards": [KEYS[c] for c in p.cards]}
    if p.kind == "secret":
        return {"secret": p.target, "suspect": _secret(p.cards[0])}
    return {"hand": p.target, "cards": [KEYS[c] for c in p.cards]}


def _note(n: Note) -> dict[str, Any]:
    """Cards that went from one hand to another, as this seat saw it (H52)."""
    return {"kind": n.kind, "by": n.by, "seat": n.other if n.other >= 0 else None,
            "pile": n.at if n.other < 0 else None, "cards": _keys(n.cards)}


def _full_row(s: GameState) -> list[dict[str, Any]]:
    return [{"suspect": s.suspect_at[slot], "alive": not s.dead[slot],
             "pile": [{"card": KEYS[c & FACE], "up": bool(c & UP)} for c in s.piles[slot]]}
            for slot in s.row]


def _public_row(s: GameState) -> list[dict[str, Any]]:
    return [{"suspect": s.suspect_at[slot], "name": SUSPECTS[s.suspect_at[slot]], "alive": not s.dead[slot],
             "size": len(s.piles[slot]),
             "pile": [{"up": True, "card": KEYS[c & FACE]} if c & UP else {"up": False}
                      for c in s.piles[slot]]}
            for slot in s.row]


def public_view(s: GameState) -> dict[str, Any]:
    """The table's view: nothing secret until the end, then everything under ``reveal``."""
    view: dict[str, Any] = {
        "game": "hasty",
        "version": s.version,
        "players": s.players,
        "options": s.options.to_dict(),
        "suspects": list(SUSPECTS[: s.options.suspects]),
        "phase": s.phase,
        "over": s.over,
        "turn": s.turn,
        "waiting": s.waiting,
        "awaiting": awaiting(s),
        "pending": _pending(s, s.pending),
        "row": _public_row(s),
        "loupe": s.loupe,
        "delay": delay_visible(s),
        "review": _review(s),
        "last_review": _last_review(s),
        "market": _keys(s.market),
        "deck_count": len(s.deck) - s.deck_at,
        "discard_count": sum(s.discard),
        "hand_sizes": [len(h) for h in s.hands],
        "eliminated": [seat for seat in range(s.players) if s.eliminated[seat]],
        "out": [{"suspect": s.secrets[seat], "card": s.out_by[seat]} if s.eliminated[seat] else None
                for seat in range(s.players)],
        "first_round": s.first_round,
        "plays": s.plays,
        "steps": s.steps,
        "reviews": s.reviews,
        "winners": list(s.winners),
        "reveal": None,
        **second_edition_summary(s),
        "showing": _showing(s),
        "powers": _powers(s),
        "work": _work(s),
    }
    if s.over:
        view["reveal"] = _revealed(s)
    return view


def _revealed(s: GameState) -> dict[str, Any]:
    return {
        "secrets": [_secret(c) for c in s.secrets],
        "traitor": s.traitor,
        "hands": [_keys(h) for h in s.hands],
        "row": _full_row(s),
        "peeks": [[_peek(p) for p in s.peeks[seat]] for seat in range(s.players)],
    }


def open_view(s: GameState) -> dict[str, Any]:
    """The public view with every secret shown, at any moment (a finished game's retelling): what the
    end shows, every seat's secret suspect and hand, every pile face up, the peeks."""
    view = public_view(s)
    view["reveal"] = _revealed(s)
    return view


def _showing(s: GameState) -> dict[str, bool]:
    """H27: the rules that hold while a card shows on top of a pile."""
    if s.options.sets == BASE_ONLY:
        return {}
    return {KEYS[card]: visible(s, card) for card in (BACK_TO_TOP, BACK_ALLEY, SHOW_HANDS)}


def _powers(s: GameState) -> list[dict[str, Any]] | None:
    """With Suspect Powers: each suspect's power now (Madame Rose's is the tucked suspect's)."""
    if not s.options.powers:
        return None
    out = []
    for suspect in range(s.options.suspects):
        power = power_of(s, suspect)
        out.append({"suspect": suspect, "power": power, "of": SUSPECTS[power],
                    "trigger": POWERS[power].trigger, "summary": POWERS[power].summary})
    return out


def _plain(value: Any) -> Any:
    """``value`` as JSON holds it (tuples become lists), so a view made from a live state equals the
    same view read back from JSON or made from a rebuilt state."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _work(s: GameState) -> dict[str, Any]:
    """The engine's unfinished work, in its own terms: what a choice waits on, the evaluations under
    way, the tasks still to run, the slots of the row. All of it follows from public facts (no card
    in it lies face down), and the strong bot's sampler rebuilds a state from it."""
    r = s.review
    return {
        "agenda": [list(task) for task in s.tasks],
        "pending": None if s.pending is None else _plain(s.pending._asdict()),
        "review": None if r is None else _plain({**r._asdict(), "outer": [f._asdict() for f in r.outer]}),
        "row": list(s.row),
        "tiles": list(s.suspect_at),
        "had_turn": list(s.ended),
        "opened": s.opened,
    }


def seat_view(s: GameState, seat: int, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """One seat's private view, with the public view under ``table`` (``table``: the public view
    already made for this state, when the caller builds every seat's view)."""
    if not 0 <= seat < s.players:
        raise ValueError(f"no seat {seat} at a table of {s.players}")
    moves = legal_moves(s, seat)
    secret = s.secrets[seat]
    return {
        "seat": seat,
        "secret": _secret(secret),
        "secret_name": "the Traitor" if secret == TRAITOR else SUSPECTS[secret],
        "hand": _keys(s.hands[seat]),
        "peeks": [_peek(p) for p in s.peeks[seat]],
        "out": s.eliminated[seat],
        "out_by": s.out_by[seat],
        "notes": [_note(n) for n in s.notes[seat]],
        "acts": [m["act"] for m in moves],
        "moves": moves,
        "table": public_view(s) if table is None else table,
    }


def replay_summary(s: GameState) -> dict[str, Any]:
    """The state keys of the Hasty replay contract's output, in its order (everything shown); the
    second edition's keys (H52) for a game with more than the base set or with powers (a base-only
    file answers exactly as under the first edition, as the contract allows)."""
    out = {
        "over": s.over,
        "phase": s.phase,
        "turn": s.turn,
        "waiting": s.waiting,
        "pending": _pending(s, s.pending),
        "row": _full_row(s),
        "loupe": s.loupe,
        "review": _review(s),
        "hands": [_keys(h) for h in s.hands],
        "market": _keys(s.market),
        "deck_count": len(s.deck) - s.deck_at,
        "discard_count": sum(s.discard),
        "secrets": [_secret(c) for c in s.secrets],
        "traitor": s.traitor,
        "eliminated": [seat for seat in range(s.players) if s.eliminated[seat]],
        "first_round": s.first_round,
        "plays": s.plays,
        "steps": s.steps,
        "reviews": s.reviews,
        "rolls_used": s.rolls_used,
        "peeks": [[_peek(p) for p in s.peeks[seat]] for seat in range(s.players)],
        "winners": list(s.winners),
    }
    if s.options.second_edition:
        out.update(second_edition_summary(s))
    return out
