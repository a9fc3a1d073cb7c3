"""The strong bot's sampler knows the second edition's hidden facts its seat learned: a suspect a
Private Investigator showed, cards a Thief took (as the robbed seat saw them), what a Tangled Up
showed and where the moved cards went; and it still deals a state that shows the seat its own view."""

from __future__ import annotations

import random

from hasty_helpers import act, run
from second_helpers import table

from controller.games.hasty import GameState, seat_view
from controller.games.hasty import sampler as hs
from controller.games.hasty.cards import FACE, INDEX


def _samples(s: GameState, seat: int, history: list[dict[str, object]], n: int = 30) -> list[GameState]:
    view = seat_view(s, seat)
    public = [hs.public_event(e) for e in history]
    deal = hs.prepare(view, public)
    samples = [deal(random.Random(k)) for k in range(n)]
    for sample in samples[:3]:
        assert seat_view(sample, seat) == view
    return samples


def test_a_private_investigators_look_fixes_that_seats_suspect_in_every_sample() -> None:
    s = table(4, hands={0: ["private_investigator"]}, secrets=[0, 3, 1, 2], suspects=6)
    s, events = run(s, act(0, "play", card="private_investigator", at=5, up=True),
                    act(0, "choose", secret=2))
    samples = _samples(s, 0, events)
    assert {sample.secrets[2] for sample in samples} == {1}
    assert len({sample.secrets[1] for sample in samples}) > 1  # the others stay unknown


def test_the_robbed_seat_knows_the_thief_holds_its_cards() -> None:
    s = table(hands={0: ["thief"], 1: ["murder", "bomb", "stop"]}, rolls=[0, 0, 0])
    s, events = run(s, act(0, "play", card="thief", at=3, up=True))
    taken = sorted(INDEX[c] for c in ("murder", "bomb", "stop"))
    for sample in _samples(s, 1, events):
        assert sorted(sample.hands[0]) == taken
    # a seat that saw nothing of it deals seat 0's hand at random
    assert len({tuple(sorted(sample.hands[0])) for sample in _samples(s, 2, events)}) > 1


def test_what_a_tangled_up_showed_stays_where_the_cards_are() -> None:
    s = table(hands={0: ["tangled"]}, piles={1: ["murder", "stop", "bomb", "jester"], 2: ["delay"]})
    s, events = run(s, act(0, "play", card="tangled", at=2, up=True),
                    act(0, "choose", at=1, indices=[3, 0]))
    for sample in _samples(s, 0, events):
        assert [c & FACE for c in sample.piles[sample.row[1]]] == [INDEX["stop"], INDEX["bomb"]]
        # pile 2's bottom card was never seen; the Tangled Up and the two cards it moved are known
        assert [c & FACE for c in sample.piles[sample.row[2]][1:]] == [INDEX[k] for k in
                                                                        ("tangled", "jester", "murder")]


def test_a_swap_of_hands_tells_both_seats_what_the_other_now_holds() -> None:
    s = table(hands={0: ["private_investigator", "murder", "murder"], 2: ["stop", "bomb"]})
    s, events = run(s, act(0, "play", card="private_investigator", at=4, up=True),
                    act(0, "choose", swap_hands=2))
    for sample in _samples(s, 0, events):
        assert sorted(sample.hands[2]) == [INDEX["murder"], INDEX["murder"]]
    for sample in _samples(s, 2, events):
        assert sorted(sample.hands[0]) == sorted(INDEX[c] for c in ("stop", "bomb"))
