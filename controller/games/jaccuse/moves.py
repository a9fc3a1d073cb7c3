"""Who the game waits for and which moves each seat may make now, with their choices."""

from __future__ import annotations

from typing import Any

from controller.games.jaccuse.cards import color_of
from controller.games.jaccuse.engine import accusable
from controller.games.jaccuse.state import GameState


def awaiting(s: GameState) -> list[int]:
    """Seats whose action the game is waiting for (a seat may also give XP at any time)."""
    if s.phase == "setup":
        return [seat for seat in range(s.players) if s.membership[seat] is None]
    if s.phase == "election":
        return list(s.waiting)
    if s.phase in ("presidency", "enact"):
        assert s.president is not None
        return [s.president]
    if s.phase == "parley":
        assert s.parley is not None
        return [s.parley.target]
    if s.phase == "replace_membership":
        assert s.replacing is not None
        return [s.replacing]
    return []


def _distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def legal_moves(s: GameState, seat: int) -> list[dict[str, Any]]:
    """Every act legal for ``seat`` now, each with the choices it can be made with."""
    if s.over or not 0 <= seat < s.players:
        return []
    hand = s.hands[seat]
    moves: list[dict[str, Any]] = []
    placing = (s.phase == "setup" and s.membership[seat] is None) or (
        s.phase == "replace_membership" and seat == s.replacing
    )
    if placing:
        moves.append({"act": "membership", "cards": _distinct(hand)})
    elif s.phase == "election":
        if seat in s.waiting:
            moves.append({"act": "vote", "cards": _distinct(hand)})
            if s.selected[seat] is not None:
                moves.append({"act": "reveal"})
            moves.append({"act": "abstain"})
    elif s.phase == "presidency" and seat == s.president:
        if not s.parley_used and hand:
            targets = [
                {"seat": t, "max": min(len(hand), len(s.hands[t]))}
                for t in range(s.players)
                if t != seat and s.hands[t]
            ]
            if targets:
                moves.append({"act": "parley", "cards": _distinct(hand), "targets": targets})
        if hand:
            moves.append({"act": "defect", "cards": _distinct(hand)})
        targets_ = accusable(s)
        if targets_:
            moves.append({"act": "accuse", "targets": targets_, "colors": ["red", "black"]})
        moves.append({"act": "pass"})
    elif s.phase == "parley" and s.parley is not None and seat == s.parley.target:
        moves.append({"act": "parley_reply", "count": len(s.parley.offered), "cards": _distinct(hand)})
    elif s.phase == "enact" and seat == s.president:
        moves.append({"act": "enact", "cards": _distinct([c for c in hand if color_of(c) is not None])})
    if s.xp[seat] > 0:
        moves.append(
            {"act": "give_xp", "to": [t for t in range(s.players) if t != seat], "max": s.xp[seat]}
        )
    return moves


def legal_acts(s: GameState, seat: int) -> list[str]:
    return [m["act"] for m in legal_moves(s, seat)]
