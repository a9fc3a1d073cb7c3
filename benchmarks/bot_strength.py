"""How strong the strong bot is, and whether it keeps its secret.

Run: .venv/bin/python benchmarks/bot_strength.py [--games 200] [--think-ms 100]
     [--tables jaccuse:6,betrayal:5,hasty:4,hasty+:4]

``hasty+`` is Hasty Accusations' second edition: every card set (base, advanced, expert) and the
Suspect Powers.

For each game and table size, game i deals from seed S+i and seats one strong bot (the search of
controller/games/search) at seat i mod N among sensible bots; the same deal is played again with a
sensible bot in that seat. Rotating the seat over the seeds rotates the roles too (colours in
J'Accuse, traitor or loyal in Betrayal). The figures:

- the seat's win rate with the strong bot and with the sensible bot (Wilson 95% intervals), and
  their ratio with a 95% interval from a paired bootstrap over the games (goal: at least 1.3 and
  the interval clear of 1.0 for J'Accuse 6 and Betrayal 5);
- per role as well (Betrayal: as the traitor, as a loyal army);
- secret kept: how often a simple observer, the sensible bot's own read of the table, guesses the
  seat's secret (J'Accuse: the colour its revealed votes lean to is the colour it plays for;
  Betrayal, in the games the seat is the traitor: its army looks most suspect before the joker
  dies; Hasty Accusations: the suspect the seat showed least sign of wanting dead, by the public
  signs the Hasty sampler leans on, taken before the first suspect dies, is its own), for the
  strong bot and for the sensible bot in the same seat;
- CPU time per strong decision (median and 99th percentile; goal 100 and 250 ms at full speed).

CPU time is process time, so other load on the machine slows the figures less than the wall clock
would; the decisions still get fewer play-outs on a busy machine.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from controller.games.driver import play_bots
from controller.games.registry import rules, strategy
from controller.games.registry import sampler as sampler_of
from controller.games.search import Budget

TABLES = (("jaccuse", 5), ("jaccuse", 6), ("jaccuse", 8), ("betrayal", 3), ("betrayal", 5), ("hasty", 4),
          ("hasty+", 4))
GOAL_TABLES = (("jaccuse", 6), ("betrayal", 5), ("hasty", 4), ("hasty+", 4))
#: a table's game and the options its deals take
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "hasty+": ("hasty", {"sets": ("base", "advanced", "expert"), "powers": True}),
}
GOAL_RATIO = 1.3
MAX_ACTIONS = 50_000


@dataclass
class Game:
    role: str
    strong_won: bool
    sensible_won: bool
    strong_guessed: bool | None
    sensible_guessed: bool | None


@dataclass
class Table:
    game: str
    players: int
    games: list[Game] = field(default_factory=list)
    think: list[float] = field(default_factory=list)


class Observer:
    """The sensible bot's read of the table, kept for one seat: does it see through that seat?"""

    def __init__(self, game: str, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.memory: Any = strategy(game).TableMemory()
        self.frozen = False  # Betrayal: once the joker died everybody knows; the guess is taken before
        self.history: list[dict[str, Any]] = []  # Hasty: the public events until the seat is out

    def observe(self, events: tuple[dict[str, Any], ...]) -> None:
        if self.frozen:
            return
        if self.game == "hasty":
            for e in events:
                if e.get("type") == "died":
                    # from the first death on the field narrows for everyone (and the last suspect
                    # standing is no secret): the guess is taken before
                    self.frozen = True
                    return
                self.history.append(e)
            return
        if self.game == "betrayal" and any(e.get("type") == "joker_died" for e in events):
            self.frozen = True
            return
        self.memory.observe(events)

    def guessed(self, final: Any) -> bool | None:
        """Whether the observer's guess hits the seat's secret (None: no secret to guess here)."""
        if self.game == "jaccuse":
            from controller.games.jaccuse.strategy import wanted_colour

            lean = self.memory.lean(self.seat)
            return lean is not None and lean == wanted_colour(final, self.seat)
        if self.game == "hasty":
            from controller.games.hasty.sampler import against

            signs = against(self.history, final.players, final.options.suspects)[self.seat]
            least = [s for s, n in enumerate(signs) if n == min(signs)]
            return len(least) == 1 and least[0] == final.secrets[self.seat]
        if final.army_seats[final.traitor] != self.seat:
            return None
        suspicion = [self.memory.suspicion(a) for a in range(final.armies)]
        top = max(suspicion)
        return suspicion[final.traitor] == top and suspicion.count(top) == 1


def _winners(game: str, final: Any) -> set[int]:
    if game == "betrayal":
        return {final.army_seats[a] for a in final.winners}
    return set(final.winners)


def _role(game: str, state: Any, seat: int) -> str:
    if game == "betrayal":
        return "traitor" if state.army_seats[state.traitor] == seat else "loyal"
    return "all"


def play(table: str, players: int, seed: int, seat: int, strong: bool, budget: Budget,
         think: list[float]) -> tuple[bool, bool | None, str]:
    game, options = VARIANTS.get(table, (table, {}))
    core = rules(game)
    rng = random.Random(seed)
    deal_cards: Any = core.deal_cards  # a variant's options are its own keywords
    state = core.new_game(deal_cards(players, rng, **options))
    policies = ["sensible"] * players
    if strong:
        policies[seat] = "strong"
    observer = Observer(game, seat)
    final, _ = play_bots(core, strategy(game), state, rng, policies, MAX_ACTIONS, observer.observe,
                         sampler=sampler_of(game), budget=budget, think_times=think)
    return seat in _winners(game, final), observer.guessed(final), _role(game, final, seat)


def wilson(k: int, n: int) -> tuple[float, float]:
    if not n:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratio_interval(games: list[Game], draws: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """The strong/sensible win-rate ratio and its 95% paired-bootstrap interval."""
    strong = sum(g.strong_won for g in games)
    base = sum(g.sensible_won for g in games)
    ratio = strong / base if base else math.inf if strong else math.nan  # 0/0 meets no goal
    rng = random.Random(seed)
    ratios = []
    pairs = [(g.strong_won, g.sensible_won) for g in games]
    for _ in range(draws):
        sample = [pairs[rng.randrange(len(pairs))] for _ in pairs]
        b = sum(p[1] for p in sample)
        s = sum(p[0] for p in sample)
        ratios.append(s / b if b else math.inf if s else math.nan)
    ratios.sort(key=lambda r: -1.0 if math.isnan(r) else r)  # an undefined ratio counts as the lowest
    return ratio, ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]


def guess_difference(games: list[Game], draws: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """How much more often (in points) the observer saw through the strong seat than through the
    sensible one, over the same games, with a 95% paired-bootstrap interval: an interval that holds
    0 shows no difference this many games can tell."""
    pairs = [int(bool(g.strong_guessed)) - int(bool(g.sensible_guessed)) for g in games]
    if not pairs:
        return 0.0, 0.0, 0.0
    rng = random.Random(seed)
    means = sorted(sum(pairs[rng.randrange(len(pairs))] for _ in pairs) / len(pairs) for _ in range(draws))
    return 100 * sum(pairs) / len(pairs), 100 * means[int(0.025 * draws)], 100 * means[int(0.975 * draws) - 1]


def _rates(label: str, games: list[Game]) -> str:
    n = len(games)
    if not n:
        return f"  {label:<8} no games"
    s = sum(g.strong_won for g in games)
    b = sum(g.sensible_won for g in games)
    ratio, low, high = ratio_interval(games)
    sl, sh = wilson(s, n)
    bl, bh = wilson(b, n)
    return (f"  {label:<8} {n:>5} games  strong {s / n:6.1%} [{sl:.1%}, {sh:.1%}]"
            f"  sensible {b / n:6.1%} [{bl:.1%}, {bh:.1%}]  ratio {ratio:.2f} [{low:.2f}, {high:.2f}]")


def report(table: Table) -> list[str]:
    lines = [f"{table.game} {table.players} players"]
    game = VARIANTS.get(table.game, (table.game, {}))[0]
    lines.append(_rates("every", table.games))
    roles = sorted({g.role for g in table.games} - {"all"})
    lines += [_rates(role, [g for g in table.games if g.role == role]) for role in roles]
    guessed = [g for g in table.games if g.strong_guessed is not None and g.sensible_guessed is not None]
    if guessed:
        s = sum(bool(g.strong_guessed) for g in guessed)
        b = sum(bool(g.sensible_guessed) for g in guessed)
        what = {"jaccuse": "colour", "hasty": "suspect"}.get(game, "traitor")
        diff, low, high = guess_difference(guessed)
        lines.append(f"  observer guesses its {what}: strong {s}/{len(guessed)} ({s / len(guessed):.1%}),"
                     f" sensible {b}/{len(guessed)} ({b / len(guessed):.1%}),"
                     f" strong minus sensible {diff:+.1f} points [{low:+.1f}, {high:+.1f}]")
    if table.think:
        ms = sorted(1000 * t for t in table.think)
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        lines.append(f"  CPU per decision: median {statistics.median(ms):.0f} ms, p99 {p99:.0f} ms"
                     f" over {len(ms)} decisions")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="paired games per table (default 200)")
    parser.add_argument("--think-ms", type=float, default=100.0, help="CPU per decision (default 100)")
    parser.add_argument("--rollouts", type=int, default=None,
                        help="a fixed number of play-outs per decision instead of a time (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="game i deals from seed S+i")
    parser.add_argument("--tables", default=",".join(f"{g}:{p}" for g, p in TABLES),
                        help="which tables, e.g. jaccuse:6,betrayal:5")
    args = parser.parse_args()
    if args.rollouts is not None:
        budget = Budget(rollouts=args.rollouts, clock=time.process_time)
        thinking = f"{args.rollouts} play-outs per decision"
    else:
        budget = Budget(rollouts=1_000_000, seconds=args.think_ms / 1000, clock=time.process_time)
        thinking = f"{args.think_ms:g} ms of CPU per decision"
    print(f"strong bot vs sensible bot in the same seat; {thinking}; {args.games} paired games per table;"
          f" load average {os.getloadavg()[0]:.1f}")
    met: bool | None = None
    for spec in args.tables.split(","):
        game, players = spec.split(":")
        table = Table(game, int(players))
        for i in range(args.games):
            seed, seat = args.seed + i, i % table.players
            won, guessed, role = play(game, table.players, seed, seat, True, budget, table.think)
            base, base_guessed, _ = play(game, table.players, seed, seat, False, budget, [])
            table.games.append(Game(role, won, base, guessed, base_guessed))
        print("\n".join(report(table)), flush=True)
        if (game, table.players) in GOAL_TABLES:
            ratio, low, _ = ratio_interval(table.games)
            met = (met is not False) and ratio >= GOAL_RATIO and low > 1.0
    verdict = "not measured (none of those tables run)" if met is None else "met" if met else "not met"
    print(f"goal: strong at least {GOAL_RATIO}x sensible, interval clear of 1.0, for"
          f" {', '.join(f'{g} {p}' for g, p in GOAL_TABLES)}: {verdict}")


if __name__ == "__main__":
    main()
