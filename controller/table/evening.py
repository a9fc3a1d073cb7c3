"""What a game night keeps beyond one game: the bots' names and the evening's scoreboard.

Both live in the journal's settings (``name:S`` for a bot's name, like a person's; ``evening`` for the
scoreboard, a JSON list), so they survive a new deal and a restart. The scoreboard says who won which
game by name, as the table knew them when the game ended; the host can start a new evening.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

#: the journal's setting holding the scoreboard
EVENING_KEY = "evening"
#: the scoreboard keeps this many finished games (a long evening drops its oldest)
EVENING_GAMES = 40

#: names a bot gets when it takes a seat with none (the host may rename it)
BOT_NAMES = (
    "Ada", "Boole", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Ito", "Jacobi", "Knuth",
    "Lovelace", "Mirzakhani", "Noether",
)


def bot_name(seat: int, names: Sequence[str | None]) -> str:
    """A free bot name for ``seat``: its own letter's name first, else the first one nobody uses."""
    taken = {n.casefold() for n in names if n}
    ordered = [*BOT_NAMES[seat % len(BOT_NAMES):], *BOT_NAMES[: seat % len(BOT_NAMES)]]
    for name in ordered:
        if name.casefold() not in taken:
            return name
    return f"Bot {seat}"


def load(settings: Mapping[str, str]) -> list[dict[str, Any]]:
    """The scoreboard from the journal's settings (an unreadable one starts afresh)."""
    try:
        games = json.loads(settings.get(EVENING_KEY) or "[]")
    except ValueError:
        return []
    return [g for g in games if isinstance(g, dict)] if isinstance(games, list) else []


def dump(games: Sequence[Mapping[str, Any]]) -> str:
    return json.dumps(list(games)[-EVENING_GAMES:], ensure_ascii=False, separators=(",", ":"))


def winners_of(view: Mapping[str, Any]) -> list[int]:
    """The seats that won a finished game, from its public view: a campaign's winners, the winning
    seats, or, in a game where seats play armies (``army_seats``), the seats of the winning armies."""
    campaign = view.get("campaign")
    if isinstance(campaign, Mapping) and campaign.get("winners") is not None:
        return sorted({int(s) for s in campaign["winners"]})
    winners = [int(w) for w in view.get("winners") or []]
    armies = view.get("army_seats")
    if isinstance(armies, Sequence) and not isinstance(armies, str):
        return sorted({int(armies[a]) for a in winners if 0 <= a < len(armies)})
    return sorted(set(winners))


def result(
    game: int, name: str, view: Mapping[str, Any], labels: Sequence[str | None], title: str | None = None
) -> dict[str, Any]:
    """One finished game as the scoreboard keeps it: its number, which game (and its title, as the pages
    show it), and the winners by name."""
    names = [labels[s] or f"seat {s}" for s in winners_of(view) if s < len(labels)]
    return {"game": game, "name": name, "title": title or name, "winners": names}


def tally(games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Wins per name over the evening, most first (then by name)."""
    wins: dict[str, int] = {}
    for game in games:
        for name in game.get("winners") or []:
            wins[str(name)] = wins.get(str(name), 0) + 1
    ranked = sorted(wins.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
    return [{"name": n, "wins": w} for n, w in ranked]
