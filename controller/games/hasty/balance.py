"""Balance simulation for Hasty Accusations: many bot games, summarised as a designer's figures.

How long a game runs (turns, actions), how many reviews it takes, how players go out (which card
killed their suspect), how often each seat wins (seat 0 starts: the first-player advantage), and, in
a second series with the Traitor variant, how often the traitor wins. With the second edition's
sets or powers (H25) it also counts how suspects die (every death, by the card that killed), how
often each suspect's power fires and what saved a suspect, and the games left unfinished. Game i of
a series uses seed ``seed + i``, so any single game can be played again on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from controller.games import hasty
from controller.games.balance_frame import EventTally, ReportHead, policy_name, seeds, spread, wins_by_seat
from controller.games.balance_frame import percent as pct
from controller.games.driver import seeded_game
from controller.games.hasty import sampler, strategy
from controller.games.hasty.cards import SUSPECTS
from controller.games.hasty.deal import BASE_ONLY, deal_cards, read_sets
from controller.games.hasty.game import GAME
from controller.games.hasty.state import new_game
from controller.games.shape import Budget

#: a game ends long before this; it only guards the loop
MAX_ACTIONS: Final = 20_000
CAUSES: Final = ("murder", "threat", "sidekick")
#: what kills in the second edition (H29, H33, H34, H41), besides the base set's
MORE_CAUSES: Final = ("poison", "antidote", "dying_breath", "sniper", "nobody_around", "last_ditch")


@dataclass
class GameStats:
    turns: int
    actions: int
    reviews: int
    #: reviews whose pile held cards
    evaluations: int
    deaths: int
    #: the card that put each eliminated seat out
    outs: list[str]
    winners: list[int]
    traitor: int | None
    over: bool
    #: the card that killed each suspect that died
    killed_by: list[str] = field(default_factory=list)
    #: the powers that acted, by the suspect whose power it is (H45-H50)
    powers: list[str] = field(default_factory=list)
    #: what stopped a kill besides a shield: ``rotated``, ``wrong_address``, ``escape`` (H31, H50)
    saves: list[str] = field(default_factory=list)


def play_game(players: int, seed: int, policy: str | Sequence[str], *, budget: Budget | None = None,
              **options: Any) -> GameStats:
    outs: list[str] = []  # the card that put each eliminated seat out
    killed_by: list[str] = []  # the card (or cause) of each suspect's death
    powers: list[str] = []  # the suspect whose power fired, each time
    saves: list[str] = []  # what stopped each kill

    def tell(event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "eliminated":
            outs.append(event["card"])
        elif kind == "died":
            killed_by.append(event["card"])
        elif kind == "power":
            powers.append(SUSPECTS[event["power"]])
        elif kind == "saved":
            saves.append(event["by"])
            if event["by"] == "escape":
                powers.append(SUSPECTS[8])

    counts = EventTally(tell)
    state, actions = seeded_game(
        hasty, strategy, players, seed, policy, MAX_ACTIONS, counts.observe, sampler=sampler, budget=budget,
        start=lambda players, rng: new_game(deal_cards(players, rng, **options)))
    return GameStats(
        turns=counts["turn"] + 1, actions=actions, reviews=state.reviews,
        evaluations=counts["evaluating"], deaths=counts["died"], outs=outs,
        winners=list(state.winners), traitor=state.traitor, over=state.over, killed_by=killed_by,
        powers=powers, saves=saves,
    )


def _series(stats: list[GameStats], players: int, second_edition: bool = False) -> dict[str, Any]:
    n = max(len(stats), 1)
    outs = Counter(o for g in stats for o in g.outs)
    out_total = max(sum(outs.values()), 1)
    wins = Counter(w for g in stats for w in g.winners)
    traitors = [g for g in stats if g.traitor is not None]
    causes = CAUSES + MORE_CAUSES if second_edition else CAUSES
    more: dict[str, Any] = {}
    if second_edition:
        deaths = Counter(c for g in stats for c in g.killed_by)
        death_total = max(sum(deaths.values()), 1)
        more = {
            "died_by": {cause: round(deaths[cause] / death_total, 4) for cause in causes},
            "powers_per_game": {name: round(k / n, 2) for name, k in sorted(
                Counter(p for g in stats for p in g.powers).items(), key=lambda item: -item[1])},
            "saves_per_game": {by: round(k / n, 2) for by, k in sorted(
                Counter(v for g in stats for v in g.saves).items())},
        }
    return {
        "games": len(stats),
        "turns": spread([g.turns for g in stats]),
        "actions_per_game": round(sum(g.actions for g in stats) / n, 1),
        "reviews_per_game": round(sum(g.reviews for g in stats) / n, 2),
        "evaluations_per_game": round(sum(g.evaluations for g in stats) / n, 2),
        "deaths_per_game": round(sum(g.deaths for g in stats) / n, 2),
        "out_by": {cause: round(outs[cause] / out_total, 4) for cause in causes},
        "no_winner": round(sum(1 for g in stats if g.over and not g.winners) / n, 4),
        "unfinished": round(sum(1 for g in stats if not g.over) / n, 4),
        "wins_by_seat": [round(wins[seat] / n, 4) for seat in range(players)],
        "traitor_wins": (round(sum(1 for g in traitors if g.traitor in g.winners) / len(traitors), 4)
                         if traitors else None),
        **more,
    }


@dataclass
class Report(ReportHead):
    options: dict[str, Any] = field(default_factory=dict)
    base: list[GameStats] = field(default_factory=list)
    with_traitor: list[GameStats] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        second = bool(self.options.get("powers")) or tuple(self.options.get("sets", BASE_ONLY)) != BASE_ONLY
        return {
            "game": GAME.name, "players": self.players, "games": self.games, "seed": self.seed,
            "policy": self.policy, "options": dict(self.options),
            "base": _series(self.base, self.players, second),
            "traitor": _series(self.with_traitor, self.players, second),
            # games won per seat in the first series (the table's options, without the Traitor)
            "wins_by_seat": wins_by_seat(self.players, [g.winners for g in self.base]),
        }


def _flag(value: object, name: str) -> bool:
    """An on/off option as ``simulate --option`` gives it (true, or a word) or a caller does (a bool)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "on", "off", "yes", "no", "1", "0"):
        return value.lower() in ("true", "on", "yes", "1")
    raise ValueError(f"Hasty Accusations' {name} is on or off, not {value!r}")


def _number(value: object, name: str) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise ValueError(f"Hasty Accusations' {name} is a whole number, not {value!r}")


def simulate(
    players: int, games: int, seed: int, policy: str | Sequence[str], *,
    progress: Callable[[int, int], None] | None = None, budget: Budget | None = None,
    speedy: bool | str = False, big_hands: bool | str = False, suspects: int | str | None = None,
    sets: str | Sequence[str] = BASE_ONLY, powers: bool | str = False,
) -> Report:
    """Two series of ``games`` games each, without and with the Traitor variant. ``sets`` may be a
    comma list (``base,advanced``), as ``simulate --option sets=...`` gives it; ValueError for a bad
    option."""
    chosen_sets = read_sets(sets.split(",") if isinstance(sets, str) else list(sets))
    options: dict[str, Any] = {
        "speedy": _flag(speedy, "speedy"), "big_hands": _flag(big_hands, "big_hands"),
        "suspects": _number(suspects, "suspects"),
        "sets": chosen_sets, "powers": _flag(powers, "powers"),
    }
    shown = {k: v for k, v in options.items() if v and not (k == "sets" and v == BASE_ONLY)}
    if "sets" in shown:
        shown["sets"] = list(chosen_sets)
    report = Report(players, games, seed, policy_name(policy), shown)
    for game_seed in seeds(seed, games, progress):
        report.base.append(play_game(players, game_seed, policy, budget=budget, **options))
        report.with_traitor.append(play_game(players, game_seed, policy, budget=budget, traitor=True,
                                             **options))
    return report


def _shown(value: object) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return "on" if value is True else str(value)


def format_report(data: dict[str, Any]) -> str:
    players = data["players"]
    variant = "".join(f", {k.replace('_', ' ')} {_shown(v)}" for k, v in data["options"].items())
    lines = [f"Hasty Accusations: {data['games']} games per series, {players} players,"
             f" {data['policy']} bots{variant}, seeds from {data['seed']}"]
    for name, title in (("base", "base game"), ("traitor", "with the Traitor")):
        s = data[name]
        t, out = s["turns"], s["out_by"]
        wins = ", ".join(f"seat {i} {pct(w)}" for i, w in enumerate(s["wins_by_seat"]))
        lines += [
            f"{title}:",
            f"  game length:   {t['mean']} turns on average (median {t['median']},"
            f" range {t['min']}-{t['max']}), {s['actions_per_game']} actions",
            f"  reviews:       {s['reviews_per_game']} per game,"
            f" {s['evaluations_per_game']} of a pile with cards; {s['deaths_per_game']} suspects die",
            "  players out:   " + ", ".join(f"by {c} {pct(share)}" for c, share in out.items()),
            f"  wins by seat:  {wins} (even: {pct(1 / players)} each; seat 0 starts)",
        ]
        if s["no_winner"] or s["unfinished"]:
            lines.append(f"  no winner:     {pct(s['no_winner'])}, unfinished {pct(s['unfinished'])}")
        if "died_by" in s:
            died = ", ".join(f"{c.replace('_', ' ')} {pct(share)}"
                             for c, share in s["died_by"].items() if share)
            powers = ", ".join(f"{name} {k}" for name, k in s["powers_per_game"].items()) or "none"
            saves = ", ".join(f"{by.replace('_', ' ')} {k}"
                              for by, k in s["saves_per_game"].items()) or "none"
            lines += [f"  suspects die:  {died or 'never'}",
                      f"  powers fired:  {powers} (per game)",
                      f"  kills stopped: {saves} (per game, besides shields)",
                      f"  unfinished:    {pct(s['unfinished'])}"]
        if s["traitor_wins"] is not None:
            lines.append(f"  traitor wins:  {pct(s['traitor_wins'])} (an even share: {pct(1 / players)})")
    return "\n".join(lines)
