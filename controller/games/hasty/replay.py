"""Hasty Accusations' replay file (the `game: "hasty"` form of `jaccuse-table replay`): the shared frame
(``controller.games.replay_frame``) with the table's variants and actions read for the file's seats.
A journaled deal carries its options, which a file gives beside it (``record_deal``)."""

from __future__ import annotations

import random
from typing import Any

from controller.games.hasty.actions import Action
from controller.games.hasty.cards import set_keys
from controller.games.hasty.deal import Deal, Options, deal_cards
from controller.games.hasty.state import GameState, new_game


def start(players: int, data: dict[str, Any], rng: random.Random) -> GameState:
    """The file's game, with its ``options`` (the variants, the suspects, the card sets and the powers)
    in its deal."""
    options = Options.read(players, data.get("options"))
    if data.get("deal") is not None:
        deal = Deal.from_dict(players, data["deal"], options.to_dict())
    else:
        deal = deal_cards(players, rng, suspects=options.suspects, traitor=options.traitor,
                          speedy=options.speedy, big_hands=options.big_hands, sets=options.sets,
                          powers=options.powers)
    return new_game(deal)


def read_action(state: GameState, raw: object) -> Action:
    """An action, whose seats must be the game's and whose cards must be of the game's card sets (a
    card of a set the file did not choose is no card of this game)."""
    return Action.from_dict(raw, state.players, known=set_keys(state.options.sets))


def record_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """The file's ``deal`` from the journal's, without the options the journal keeps in it (the record
    gives them under ``options``, from the game's public view)."""
    return {key: value for key, value in deal.items() if key != "options"}
