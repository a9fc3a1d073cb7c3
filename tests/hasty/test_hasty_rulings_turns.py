"""Rulings H5-H9: turns, plays, the loupe, the first round and dead suspects."""

from __future__ import annotations

from hasty_helpers import act, make_deal, of_type, piles, position, refused, run, summary

from controller.games.hasty import new_game


def test_h5_seat_0_starts_and_the_turn_passes_up_skipping_eliminated_seats() -> None:
    s = new_game(make_deal(4))
    assert summary(s)["turn"] == 0 and summary(s)["waiting"] == 0
    s, _ = run(s, act(0, "end"), act(1, "end"))
    assert summary(s)["turn"] == 2
    s = position(4, turn=3)
    s.eliminated = [True, False, False, False]
    s, events = run(s, act(3, "end"))
    assert summary(s)["turn"] == 1 and of_type(events, "turn") == [{"type": "turn", "seat": 1}]


def test_h5_an_eliminated_active_seat_still_ends_its_turn() -> None:
    # seat 0 holds suspect 0 and plays a Sidekick on its own pile next to a pile with a Sidekick
    s = position(piles={1: ["sidekick"]}, hands={0: ["sidekick", "delay"]})
    s, _events = run(s, act(0, "play", card="sidekick", at=0, up=True))
    out = summary(s)
    assert out["eliminated"] == [0] and out["hands"][0] == [] and not out["row"][0]["alive"]
    assert out["turn"] == 0 and out["waiting"] == 0 and out["phase"] == "play"
    refused(s, act(0, "play", card="delay", at=2, up=True))
    s, _ = run(s, act(0, "end"))
    assert summary(s)["turn"] == 1


def test_h6_plays_one_at_a_time_on_any_living_pile_face_up_or_down() -> None:
    s = position(hands={0: ["delay", "delay", "delay"]})
    s, events = run(s, act(0, "play", card="delay", at=0, up=False))
    assert of_type(events, "played") == [{"type": "played", "seat": 0, "at": 0, "up": False}]
    s, events = run(s, act(0, "play", card="delay", at=0, up=True))
    assert of_type(events, "played")[0]["card"] == "delay"
    out = summary(s)
    assert out["plays"] == 2 and out["steps"] == 0 and piles(s)[0] == ["delay", "^delay"]
    refused(s, act(0, "play", card="murder", at=1, up=True))  # not in the hand
    refused(s, act(1, "play", card="delay", at=1, up=True))  # not its turn
    refused(s, act(0, "play", card="delay", at=5, up=True))  # no position 5 with five suspects


def test_h7_playing_nothing_discards_the_hand_and_moves_one_step() -> None:
    s = position(hands={0: ["murder", "stop"]}, loupe=2)
    s, events = run(s, act(0, "end"))
    out = summary(s)
    assert out["loupe"] == 3 and out["hands"][0] == [] and out["discard_count"] == 2
    assert of_type(events, "ended")[0]["discarded"] == 2


def test_h7_the_net_steps_move_the_loupe_and_a_wrap_reviews() -> None:
    s = position(hands={0: ["delay", "delay"]}, loupe=0, piles={3: ["delay"]})
    s, _ = run(s, act(0, "play", card="delay", at=1, up=False), act(0, "play", card="delay", at=1, up=True))
    s, events = run(s, act(0, "end"))
    assert summary(s)["loupe"] == 0 and not of_type(events, "review")  # net 0: no move
    s = position(hands={0: ["delay"]}, loupe=0, piles={3: ["delay"]})
    s, events = run(s, act(0, "play", card="delay", at=1, up=False), act(0, "end"))
    assert summary(s)["loupe"] == 4 and of_type(events, "ended")[0]["wraps"] == 1
    assert summary(s)["reviews"] == 1
    assert summary(s)["pending"] == {"kind": "pile", "seat": 0, "options": [1, 3]}


def test_h7_a_visible_delay_holds_the_loupe_only_when_cards_were_played() -> None:
    s = position(hands={0: ["stop", "stop"]}, piles={4: ["^delay"]}, loupe=1)
    s, events = run(s, act(0, "play", card="stop", at=0, up=True), act(0, "end"))
    assert summary(s)["loupe"] == 1 and of_type(events, "ended")[0]["delayed"]
    s = position(hands={0: ["stop"]}, piles={4: ["^delay"]}, loupe=1)
    s, _ = run(s, act(0, "end"))  # played nothing: the loupe moves anyway
    assert summary(s)["loupe"] == 2
    s = position(hands={0: ["stop"]}, piles={4: ["^delay", "stop"]}, loupe=1)  # covered: not visible
    s, _ = run(s, act(0, "play", card="stop", at=0, up=True), act(0, "end"))
    assert summary(s)["loupe"] == 2


def test_h8_reviews_are_closed_until_every_seat_has_ended_a_turn() -> None:
    s = position(first_round_over=False, loupe=4, piles={1: ["murder"]})
    assert summary(s)["first_round"]
    s, _ = run(s, act(0, "end"))  # wraps round, but seats 1 and 2 have not had a turn
    assert summary(s)["loupe"] == 0 and summary(s)["reviews"] == 0 and summary(s)["first_round"]
    s.loupe = 4
    s, _ = run(s, act(1, "end"))
    s.loupe = 4
    s, _events = run(s, act(2, "end"))  # the turn that completes the round already reviews
    assert summary(s)["reviews"] == 1 and not summary(s)["first_round"]
    assert not summary(s)["row"][1]["alive"] and summary(s)["eliminated"] == [1]


def test_h8_a_seat_out_before_its_first_turn_keeps_nothing_closed() -> None:
    s = position(first_round_over=False, loupe=4, piles={1: ["murder"]})
    s.eliminated = [False, False, True]
    s, _ = run(s, act(0, "end"))
    s.loupe = 4
    s, _ = run(s, act(1, "end"))
    assert summary(s)["reviews"] == 1


def test_h9_a_dead_tile_stays_without_speedy_and_is_no_ones_neighbour() -> None:
    s = position(hands={0: ["bomb", "delay"]}, piles={0: ["stop"], 2: ["mover"], 3: ["stop"]})
    s.dead = [False, True, False, False, False]
    s, events = run(s, act(0, "play", card="bomb", at=2, up=True))
    # the Bomb at 2 turns up only the right neighbour's card: 1 is dead, and 0 is beyond it
    assert [e["at"] for e in of_type(events, "bombed")] == [3] and piles(s)[0] == ["stop"]
    refused(s, act(0, "play", card="delay", at=1, up=True))
    assert summary(s)["row"][1] == {"suspect": 1, "alive": False, "pile": []}


def test_h9_with_speedy_the_dead_tile_leaves_and_the_loupe_follows() -> None:
    # suspect 1 (seat 1's) dies by a Sidekick; the loupe at 3 moves down to 2
    s = position(hands={0: ["sidekick"]}, piles={0: ["sidekick"]}, loupe=3, speedy=True)
    s, _events = run(s, act(0, "play", card="sidekick", at=1, up=True), act(0, "choose", at=0))
    out = summary(s)
    assert [spot["suspect"] for spot in out["row"]] == [0, 2, 3, 4] and out["loupe"] == 2
    assert out["eliminated"] == [1]
    # standing on the removed last tile, the loupe takes the new last position
    s = position(hands={0: ["sidekick"]}, piles={3: ["sidekick"]}, loupe=4, speedy=True)
    s, _ = run(s, act(0, "play", card="sidekick", at=4, up=True))
    assert [spot["suspect"] for spot in summary(s)["row"]] == [0, 1, 2, 3] and summary(s)["loupe"] == 3
    # standing on a removed tile that was not last, it keeps its index
    s = position(hands={0: ["sidekick"]}, piles={3: ["sidekick"]}, loupe=2, speedy=True)
    s, _ = run(s, act(0, "play", card="sidekick", at=2, up=True), act(0, "choose", at=3))
    assert summary(s)["loupe"] == 2 and len(summary(s)["row"]) == 4
