"""Builders and drivers for the Hasty Accusations rules tests.

Two ways to a position: play it from a deal (``make_deal`` puts the named cards where they matter and
fills the rest), or lay it out by hand (``position`` sets piles, hands, the market, the loupe and who
has had a turn directly, for situations many moves away). Cards are written as in the contract;
``^`` before a key lays it face up in a pile.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from controller.games.hasty import Accepted, Action, Deal, GameState, Refused, apply, new_game, replay_summary
from controller.games.hasty.cards import INDEX, KINDS, UP
from controller.games.hasty.deal import Options, suspect_range
from controller.games.hasty.mechanics import Event


def make_deal(
    players: int = 3,
    hands: Mapping[int, Iterable[str]] | None = None,
    market: Iterable[str] = (),
    deck: Iterable[str] = (),
    secrets: Iterable[int | str] | None = None,
    rolls: Iterable[int] = (),
    filler: str = "delay",
    **options: Any,
) -> Deal:
    """Seat i's hand starts with ``hands[i]``, the market with ``market`` and the deck with ``deck``;
    the rest of each is ``filler``. Secrets default to suspect i for seat i."""
    hands = hands or {}
    cards: list[str] = []
    for seat in range(players):
        mine = list(hands.get(seat, ()))
        cards += mine + [filler] * (4 - len(mine))
    shown = list(market)
    cards += shown + [filler] * (4 - len(shown))
    cards += list(deck)
    opts = Options.read(players, {"suspects": suspect_range(players)[0], **options})
    chosen = list(secrets) if secrets is not None else list(range(players))
    if opts.traitor and secrets is None:
        chosen[-1] = "traitor"
    return Deal(players, opts, tuple(cards), tuple(chosen), tuple(rolls))


def position(
    players: int = 3,
    piles: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    market: Iterable[str] | None = None,
    deck: Iterable[str] | None = None,
    loupe: int | None = None,
    first_round_over: bool = True,
    turn: int = 0,
    rolls: Iterable[int] = (),
    secrets: Iterable[int | str] | None = None,
    filler: str = "delay",
    **options: Any,
) -> GameState:
    """A state laid out by hand: piles by position (bottom first, ``^`` face up), hands (empty
    unless given), market and deck (as given), the loupe, and whether every seat has had a turn.
    ``filler`` fills the deal it starts from (a card of the chosen sets, H25)."""
    s = new_game(make_deal(players, secrets=secrets, rolls=rolls, filler=filler, **options)).copy()
    s.piles = [()] * len(s.piles)
    for at, cards in (piles or {}).items():
        s.piles[s.row[at]] = tuple(_code(c) for c in cards)
    s.hands = [tuple(INDEX[c] for c in (hands or {}).get(seat, ())) for seat in range(players)]
    if market is not None:
        s.market = tuple(INDEX[c] for c in market)
    if deck is not None:
        s.deck, s.deck_at = tuple(INDEX[c] for c in deck), 0
    s.discard = [0] * KINDS
    if loupe is not None:
        s.loupe = loupe
    s.ended = [first_round_over] * players
    s.turn = turn
    return s


def _code(card: str) -> int:
    return INDEX[card[1:]] | UP if card.startswith("^") else INDEX[card]


def act(seat: int, act_name: str, **keys: Any) -> Action:
    return Action.from_dict({"seat": seat, "act": act_name, **keys})


def run(state: GameState, *actions: Action | dict[str, Any]) -> tuple[GameState, list[Event]]:
    """Apply every action, each of which must be accepted; the final state and all events."""
    events: list[Event] = []
    for action in actions:
        if isinstance(action, dict):
            action = Action.from_dict(action)
        result = apply(state, action)
        assert isinstance(result, Accepted), (action, result)
        state = result.state
        events += result.events
    return state, events


def refused(state: GameState, action: Action | dict[str, Any]) -> Refused:
    if isinstance(action, dict):
        action = Action.from_dict(action)
    before = json.dumps(replay_summary(state), sort_keys=True)
    result = apply(state, action)
    assert isinstance(result, Refused), result
    assert result.code and result.message
    assert json.dumps(replay_summary(state), sort_keys=True) == before  # H24: nothing changed
    return result


def summary(state: GameState) -> dict[str, Any]:
    return replay_summary(state)


def piles(state: GameState) -> list[list[str]]:
    """Each position's pile as keys, ``^`` marking a face-up card (dead positions: [])."""
    return [[("^" if c["up"] else "") + c["card"] for c in spot["pile"]] for spot in summary(state)["row"]]


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def run_cli(data: Any) -> subprocess.CompletedProcess[str]:
    text = data if isinstance(data, str) else json.dumps(data)
    return subprocess.run(
        [sys.executable, "-m", "controller.cli", "replay", "-"],
        input=text, capture_output=True, text=True, timeout=60, check=False,
    )


def run_cli_file(path: Path) -> subprocess.CompletedProcess[str]:
    """`jaccuse-table replay FILE`, the file named on the command line."""
    return subprocess.run(
        [sys.executable, "-m", "controller.cli", "replay", str(path)],
        capture_output=True, text=True, timeout=60, check=False,
    )
