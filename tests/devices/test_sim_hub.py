"""The simulated hub used by `--mock --pads serial`: the firmware behind a pty, read by SerialPads."""

from __future__ import annotations

import time
from collections.abc import Callable

from controller.devices.leds import LedState
from controller.devices.serial_pads import SerialPads
from controller.devices.sim_hub import SimulatedHub


def wait_until(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return check()


def test_presses_leds_and_an_unplugged_cable() -> None:
    hub = SimulatedHub(6)
    got: list[tuple[int, str]] = []
    statuses: list[bool] = []
    pads = SerialPads(hub.path, 6, reconnect_interval=0.05, heartbeat_timeout=1.5)
    pads.start(lambda seat, name: got.append((seat, name)), statuses.append)
    try:
        assert wait_until(lambda: pads.connected)
        hub.press(3, "reveal")
        hub.press(5, "abstain")
        assert wait_until(lambda: got == [(3, "reveal"), (5, "abstain")])
        pads.set_leds({3: LedState.PRESSED})
        assert wait_until(lambda: hub.led(3) == "on")
        hub.unplug()
        assert wait_until(lambda: statuses[-1:] == [False])
        hub.press(0, "reveal")  # no power, no press
        hub.plug()
        assert wait_until(lambda: statuses[-1:] == [True])
        hub.press(1, "abstain")
        assert wait_until(lambda: got[-1] == (1, "abstain"))
        assert got == [(3, "reveal"), (5, "abstain"), (1, "abstain")]
        assert wait_until(lambda: hub.led(3) == "on")  # LED states are sent again after a replug
    finally:
        pads.close()
        hub.close()
