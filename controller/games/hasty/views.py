"""What each seat, and the room, may see: the only way state leaves the core.

Public: the row and who is dead, each pile's size and face-up cards, the loupe, the market, the
deck and discard counts, hand sizes, the turn and its steps so far, what is pending and for whom, a
review's revealed cards, threats and shields, eliminated seats and their suspects. Private to a
seat: its hand, its secret suspect (or the traitor card) and what its Investigators showed it.
Face-down cards are shown to no one, not even the seat that played them. Once the game is over the
public view reveals everything under ``reveal``.
"""

from __future__ import annotations

from typing import Any

from controller.games.hasty.cards import FACE, KEYS, SUSPECTS, TRAITOR, TRAITOR_KEY, UP
from controller.games.hasty.mechanics import delay_visible
from controller.games.hasty.moves import awaiting, legal_moves
from controller.games.hasty.state import GameState, Peek, Pending


def _keys(cards: tuple[int, ...]) -> list[str]:
    return [KEYS[c] for c in sorted(cards)]


def _secret(code: int) -> int | str:
    return TRAITOR_KEY if code == TRAITOR else code


def _pending(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    out: dict[str, Any] = {"kind": p.kind, "seat": p.seat}
    if p.kind in ("pile", "sidekick"):
        out["options"] = list(p.options)
    elif p.kind == "question_pile":
        out.update(card=KEYS[p.card], **{"from": p.asker})
    elif p.kind == "market":
        out["count"] = p.take
    return out


def _review(s: GameState) -> dict[str, Any] | None:
    r = s.review
    if r is None:
        return None
    return {"at": s.row.index(r.slot), "cause": r.cause, "revealed": [KEYS[c] for c in r.revealed],
            "stopped": r.stopped, "threats": list(r.threats), "shields": list(r.shields)}


def _last_review(s: GameState) -> dict[str, Any] | None:
    last = s.last_review
    if last is None:
        return None
    return {"number": last.number, "at": last.at, "suspect": last.suspect, "name": SUSPECTS[last.suspect],
            "cause": last.cause, "revealed": [KEYS[c] for c in last.revealed], "killed": list(last.killed)}


def _peek(p: Peek) -> dict[str, Any]:
    if p.kind == "pile":
        return {"pile": p.target, "cards": [KEYS[c] for c in p.cards]}
    return {"hand": p.target, "cards": [KEYS[c] for c in p.cards]}


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
        "pending": _pending(s.pending),
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
        "acts": [m["act"] for m in moves],
        "moves": moves,
        "table": public_view(s) if table is None else table,
    }


def replay_summary(s: GameState) -> dict[str, Any]:
    """The state keys of the Hasty replay contract's output, in its order (everything shown)."""
    return {
        "over": s.over,
        "phase": s.phase,
        "turn": s.turn,
        "waiting": s.waiting,
        "pending": _pending(s.pending),
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
