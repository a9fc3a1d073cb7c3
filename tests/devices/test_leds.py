from __future__ import annotations

from controller.devices.leds import LedState, RefusalFlash, led_states


def test_election_maps_awaiting_and_pressed() -> None:
    view = {"phase": "election", "over": False, "awaiting": [1, 3], "pressed": [0, 4]}
    assert led_states(view, 6) == {
        0: LedState.PRESSED,
        1: LedState.WAITING,
        2: LedState.OFF,
        3: LedState.WAITING,
        4: LedState.PRESSED,
        5: LedState.OFF,
    }


def test_outside_elections_all_off() -> None:
    for phase in ("setup", "parley", "presidency", "replace_membership", "enact", "over"):
        view = {"phase": phase, "awaiting": [0, 1], "pressed": [2]}
        assert set(led_states(view, 5).values()) == {LedState.OFF}


def test_missing_keys_and_out_of_range_seats_are_ignored() -> None:
    assert led_states({"phase": "election"}, 5) == {s: LedState.OFF for s in range(5)}
    assert led_states({"phase": "election", "awaiting": [9]}, 5)[4] is LedState.OFF


def test_refusal_flash_overlays_then_expires() -> None:
    flash = RefusalFlash(duration=1.0)
    base = {0: LedState.WAITING, 1: LedState.OFF}
    flash.refuse(0, now=10.0)
    assert flash.apply(base, 10.5) == {0: LedState.REFUSED, 1: LedState.OFF}
    assert flash.next_change(10.5) == 0.5
    assert flash.apply(base, 11.0) == base
    assert flash.next_change(11.0) is None
