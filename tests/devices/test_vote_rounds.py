"""The fan-out names rounds of presses for the pads (controller/fanout/lights.py): the epoch the hub
stamps."""

from __future__ import annotations

from typing import Any

from controller.fanout.lights import pad_round_epoch


class Snap:
    def __init__(self, game: int = 1, **view: Any) -> None:
        self.game = game
        self.game_name = "jaccuse"
        self.public = {"over": False, "awaiting": [], **view}


def election(round_: int = 1, game: int = 1, awaiting: tuple[int, ...] = (0, 1, 2)) -> Snap:
    return Snap(game, phase="election", round=round_, awaiting=list(awaiting), eligible=[0, 1, 2])


def test_each_new_round_of_voting_moves_the_epoch_on() -> None:
    epoch, key = pad_round_epoch(0, None, Snap(phase="setup"))
    assert epoch == 0 and key is None
    epoch, key = pad_round_epoch(epoch, key, election())
    assert epoch == 1
    epoch, key = pad_round_epoch(epoch, key, election(awaiting=(1, 2)))  # a seat pressed: same round
    assert epoch == 1
    epoch, key = pad_round_epoch(epoch, key, election(round_=2))  # a tie: a new round
    assert epoch == 2
    epoch, key = pad_round_epoch(epoch, key, Snap(phase="presidency", awaiting=[1]))
    assert epoch == 2  # between rounds it stays
    epoch, key = pad_round_epoch(epoch, key, election())  # the next election looks alike: still new
    assert epoch == 3
    epoch, key = pad_round_epoch(epoch, key, election(game=2))
    assert epoch == 4
    assert pad_round_epoch(epoch, key, Snap(phase="election", over=True, awaiting=[0]))[0] == 4
