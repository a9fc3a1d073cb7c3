"""What each seat, and the room, may see: the only way state leaves the core.

A seat's secrets are its hand, its selected vote, its membership card and the network cards it
sees. The public view holds none of them until the rules reveal them at the end; each private view
adds exactly the owner's own. The open view shows them all at any moment, for the retelling of a game
that is over.
"""

from __future__ import annotations

from typing import Any

from controller.games.common import seat_frame
from controller.games.jaccuse.engine import accusable, trailing_run
from controller.games.jaccuse.moves import awaiting, legal_moves
from controller.games.jaccuse.state import GameState


def public_view(s: GameState) -> dict[str, Any]:
    colour, run = trailing_run(s)
    view: dict[str, Any] = {
        "version": s.version,
        "players": s.players,
        **_standing(s),
        "hand_counts": [len(h) for h in s.hands],
        "table_cards": [{"seat": seat, "card": card} for seat, card in s.table_cards],
        "awaiting": awaiting(s),
        "winning_color": s.winning_color,
        "winners": list(s.winners),
        "phase": s.phase,
        "streak": {"color": colour, "length": run},
        "round": s.round_number or None,
        "eligible": list(s.voters),
        "pressed": [seat for seat in s.voters if seat not in s.waiting],
        "revealed": [{"seat": seat, "card": card} for seat, card in s.last_revealed],
        "barred": list(s.presidents_since_election) if s.phase in ("presidency", "parley") else [],
        "accusable": accusable(s) if s.phase == "presidency" else [],
        "incorrect_accusations": s.incorrect_accusations,
        "membership_placed": [m is not None for m in s.membership],
        "parley": {"president": s.parley.president, "target": s.parley.target, "count": len(s.parley.offered)}
        if s.parley
        else None,
        "replacing": s.replacing,
        "discard_count": len(s.discard),
        "reveal": None,
        "campaign": _campaign_view(s),
    }
    if s.over:
        view["reveal"] = _revealed(s)
    return view


def _revealed(s: GameState) -> dict[str, Any]:
    """What the end of the game shows the room."""
    return {"membership": list(s.membership), "network": list(s.network), "aligned": list(s.aligned)}


def open_view(s: GameState) -> dict[str, Any]:
    """The public view with every secret shown, at any moment (a finished game's retelling): besides
    what the end shows, every seat's hand, the vote it selected and the President's parley offer."""
    view = public_view(s)
    view["reveal"] = {
        **_revealed(s),
        "hands": [sorted(h) for h in s.hands],
        "selected": [s.selected[seat] if s.round_number else None for seat in range(s.players)],
        "parley_offered": list(s.parley.offered) if s.parley else None,
    }
    return view


def _standing(s: GameState) -> dict[str, Any]:
    """Where the game stands, as the public view and the replay's answer both give it, in this order."""
    return {
        "over": s.over,
        "stability": s.stability,
        "policies": [p.to_dict() for p in s.policies],
        "president": s.president,
        "xp": list(s.xp),
    }


def _campaign_view(s: GameState) -> dict[str, Any] | None:
    """The campaign's public record; memberships of finished generations were revealed then."""
    c = s.campaign
    if c is None:
        return None
    return {
        "generation": c.generation,
        "generations": c.generations,
        "history": [h.to_dict() for h in c.history],
        "vp": list(c.vp),
        "over": c.over,
        "winners": list(c.winners),
    }


def seat_view(s: GameState, seat: int, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The private view of one seat, with the public view under ``table``.

    A caller building every seat's view passes the public view it made once as ``table``, instead of
    having it computed again for each seat.
    """
    return seat_frame(s, seat, table, legal_moves, public_view, _secrets)


def _secrets(s: GameState, seat: int) -> dict[str, Any]:
    """What only ``seat`` sees: its hand, membership, network cards, selected vote, parley offer."""
    offered = list(s.parley.offered) if s.parley and s.parley.president == seat else None
    return {"hand": sorted(s.hands[seat]), "membership": s.membership[seat],
            "network": list(s.network_of(seat)), "selected": s.selected[seat] if s.round_number else None,
            "parley_offered": offered}


def replay_summary(s: GameState) -> dict[str, Any]:
    """The state keys of the replay contract's output, in its order."""
    return {
        **_standing(s),
        "hands": [sorted(h) for h in s.hands],
        "membership": list(s.membership),
        "network": list(s.network),
        "discard_count": len(s.discard),
        "winning_color": s.winning_color,
        "aligned": list(s.aligned),
        "winners": list(s.winners),
    }


def replay_campaign_summary(s: GameState) -> dict[str, Any]:
    """The keys version 2 of the replay contract adds for a campaign."""
    c = s.campaign
    assert c is not None
    return {
        "generation": c.generation,
        "generations": [h.to_dict() for h in c.history],
        "vp": list(c.vp),
        "campaign_over": c.over,
        "campaign_winners": list(c.winners),
    }
