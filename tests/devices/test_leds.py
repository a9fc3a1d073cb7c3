from __future__ import annotations

from controller.devices.leds import LedState, RefusalFlash


def test_refusal_flash_overlays_then_expires() -> None:
    flash = RefusalFlash(duration=1.0)
    base = {0: LedState.WAITING, 1: LedState.OFF}
    flash.refuse(0, now=10.0)
    assert flash.apply(base, 10.5) == {0: LedState.REFUSED, 1: LedState.OFF}
    assert flash.next_change(10.5) == 0.5
    assert flash.apply(base, 11.0) == base
    assert flash.next_change(11.0) is None
