"""What each seat, and the room, may see: the only way state leaves the core.

Secret until the end: every face-down card (its owner's seat sees its own), who the traitor is (its
seat knows; everyone knows once the joker has died, since that accusation showed it), what a peek
saw (the peeking seat only), the middle pile, and during setup everything about the choices made
(the table sees only which armies have chosen). At the end the public view reveals it all.
"""

from __future__ import annotations

from typing import Any

from controller.games.betrayal.cards import FACE, NAMES, UP, title
from controller.games.betrayal.engine import MAX_RED
from controller.games.betrayal.moves import awaiting, awaiting_armies, legal_moves, red_choices, suit_choices
from controller.games.betrayal.state import DEATHS_AFTER_JOKER, GameState, reward_steps
from controller.games.common import seat_frame


def _public_row(row: list[int]) -> list[dict[str, Any]]:
    return [{"up": True, "card": NAMES[c & FACE]} if c & UP else {"up": False} for c in row]


def _full_row(row: list[int]) -> list[dict[str, Any]]:
    return [{"card": NAMES[c & FACE], "up": bool(c & UP)} for c in row]


def _names(cards: list[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def next_rewards(s: GameState) -> list[dict[str, Any] | None]:
    """Per army: the next points total that gives something, and what (None past the last)."""
    steps = reward_steps(s.armies)
    out: list[dict[str, Any] | None] = []
    for pile in s.points:
        have = len(pile)
        ahead = [(points, r) for points, r in steps if points > have]
        if ahead:
            points, reward = ahead[0]
            out.append({"at": points, "kind": reward.kind, "count": reward.amount})
        else:
            out.append(None)
    return out


def _last(s: GameState) -> dict[str, Any] | None:
    a = s.last
    if a is None:
        return None
    return {
        "army": a.army,
        "position": a.position,
        "card": NAMES[a.card],
        "target": [a.target, a.target_position],
        "target_card": NAMES[a.target_card],
        "winner": "attacker" if a.attacker_won else "defender",
        "by_two": a.by_two,
    }


def _peeks(s: GameState, army: int) -> list[dict[str, Any]]:
    return [{"army": p.army, "position": p.position, "card": NAMES[p.card]} for p in s.peeks[army]]


def public_view(s: GameState) -> dict[str, Any]:
    """The table's view: nothing secret until the end, then everything under ``reveal``."""
    setup = s.phase == "setup"
    view: dict[str, Any] = {
        "game": "betrayal",
        "version": s.version,
        "players": s.players,
        "armies": s.armies,
        "army_seats": list(s.army_seats),
        "options": {"twos_defend": s.twos_defend},
        "phase": s.phase,
        "over": s.over,
        "turn": s.turn,
        "attacker": s.attacker,
        "awaiting": awaiting(s),
        "awaiting_armies": awaiting_armies(s),
        "chosen": list(s.chosen),
        # during setup the choices stay hidden: no rows, no middle pile
        "rows": None if setup else [_public_row(r) for r in s.rows],
        "row_lengths": None if setup else [len(r) for r in s.rows],
        "points": [_names(p) for p in s.points],
        "scores": [len(p) for p in s.points],
        "next_reward": next_rewards(s),
        "middle_count": None if setup else len(s.middle),
        "eliminated": [a for a in range(s.armies) if s.eliminated[a]],
        "last_accusation": _last(s),
        "joker_dead": s.joker_dead,
        "traitor_deaths_after_joker": s.deaths,
        "deaths_needed": DEATHS_AFTER_JOKER,
        # the accusation that killed the joker showed everyone whose it was
        "traitor": s.traitor if s.joker_dead or s.over else None,
        "winner_side": s.winner_side,
        "winners": list(s.winners),
        "titles": [title(len(p)) for p in s.points] if s.over else None,
        "reveal": None,
    }
    if s.over:
        view["reveal"] = _revealed(s)
    return view


def _revealed(s: GameState) -> dict[str, Any]:
    return {
        "traitor": s.traitor,
        "hands": [_names(list(h)) for h in s.hands],
        "rows": [_full_row(r) for r in s.rows],
        "middle": _names(s.middle),
        "gone": _names(s.gone),
        "peeks": [_peeks(s, a) for a in range(s.armies)],
    }


def open_view(s: GameState) -> dict[str, Any]:
    """The public view with every secret shown, at any moment (a finished game's retelling): what the
    end shows, the traitor, every army's hand and row, the middle pile, the peeks."""
    view = public_view(s)
    view["reveal"] = _revealed(s)
    return view


def _own_army(s: GameState, army: int) -> dict[str, Any]:
    """Everything one army's seat knows about it."""
    mine: dict[str, Any] = {
        "army": army,
        "traitor": army == s.traitor,
        "chosen": s.chosen[army],
        "hand": None,
        "choices": None,
        "row": [{"position": i, **card} for i, card in enumerate(_full_row(s.rows[army]))],
        "points": _names(s.points[army]),
        "eliminated": s.eliminated[army],
        "peeks": _peeks(s, army),
    }
    if s.phase == "setup" and not s.chosen[army]:
        mine["hand"] = _names(list(s.hands[army]))
        if army == s.traitor:
            keeps = [c for c in s.hands[army] if c not in red_choices(s, army)]
            mine["choices"] = {
                "keeps": _names(keeps),
                "red": _names(red_choices(s, army)),
                "max_red": MAX_RED,
            }
        else:
            mine["choices"] = [
                {"suits": list(pair), "cards": _names(row), "allowed": bool(row)}
                for pair, row in suit_choices(s, army)
            ]
    return mine


def seat_view(s: GameState, seat: int, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The private view of one seat: each of its armies told apart, with the public view under ``table``
    (``table``: the public view already made for this state, when the caller builds every seat's view)."""
    return seat_frame(s, seat, table, legal_moves, public_view, _own_armies)


def _own_armies(s: GameState, seat: int) -> dict[str, Any]:
    return {"armies": [_own_army(s, army) for army in s.armies_of(seat)]}


def replay_summary(s: GameState) -> dict[str, Any]:
    """The state keys of the Betrayal replay contract's output, in its order (everything shown)."""
    return {
        "over": s.over,
        "phase": s.phase,
        "turn": s.turn,
        "traitor": s.traitor,
        "rows": [_full_row(r) for r in s.rows],
        "points": [_names(p) for p in s.points],
        "middle_count": len(s.middle),
        "eliminated": [a for a in range(s.armies) if s.eliminated[a]],
        "joker_dead": s.joker_dead,
        "traitor_deaths_after_joker": s.deaths,
        "peeks": [[NAMES[p.card] for p in s.peeks[a]] for a in range(s.armies)],
        "winner_side": s.winner_side,
        "winners": list(s.winners),
        "titles": [title(len(p)) for p in s.points] if s.over else None,
    }
