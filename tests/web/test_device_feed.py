"""The feeder between the table and the devices: reveal moments and hub faults reach the OLED and pages.

The box's feeder waits in the broadcaster's ``wait_fanned_out`` (the OLED is drawn once the phones'
streams were written); each feed test runs that way too, with the broadcaster on an event loop of its
own as the server runs it, besides the table's own ``wait_for_change``.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from web_helpers import WaitFor

from controller.config import Config
from controller.fanout.feeder import HUB_UNPLUGGED, DeviceFeeder
from controller.fanout.moments import clock_tick
from controller.games.jaccuse import Action
from controller.table import Table, TableConfig


class RecordingDisplay:
    """Stands in for the display worker: keeps every model it is given."""

    def __init__(self) -> None:
        self.models: list[Any] = []
        self.lock = threading.Lock()

    def update(self, model: Any) -> None:
        with self.lock:
            self.models.append(model)

    def latest_png(self) -> bytes | None:
        return None

    def close(self) -> None:
        pass

    def wait_for(self, check: Any, timeout: float = 5.0) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                for model in self.models:
                    if check(model):
                        return model
            time.sleep(0.01)
        raise AssertionError("no such frame was pushed")


def _start(tmp_path: Path, wait_for: WaitFor | None = None) -> tuple[Table, Any, RecordingDisplay]:
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, pads="mock", seed=21))
    devices = DeviceFeeder()
    devices.open(True, "mock", 5, Config())
    assert devices.virtual_press is not None  # the table page's pads press the mocked pins
    devices.display.close()
    display = RecordingDisplay()
    devices.display = display
    table.start()
    devices.start(table, "http://box.local:8000/", wait=wait_for(table) if wait_for else None)
    return table, devices, display


def test_a_resolved_round_shows_its_cards_on_the_oled(tmp_path: Path, wait_for: WaitFor | None) -> None:
    table, devices, display = _start(tmp_path, wait_for)
    try:
        for seat in range(5):
            card = table.snapshot().seats[seat]["hand"][0]
            assert table.submit_action(seat, Action(seat=seat, act="membership", card=card)).ok
        display.wait_for(lambda m: m.startup_url is None and m.view["phase"] == "election")
        voters = table.snapshot().public["eligible"]
        for seat in voters:
            card = table.snapshot().seats[seat]["hand"][0]
            assert table.submit_action(seat, Action(seat=seat, act="vote", card=card)).ok
        for seat in voters:
            devices.pads.press(seat, "reveal")  # through the mocked GPIO pins
        model = display.wait_for(lambda m: m.reveal is not None)
        revealed = table.snapshot().public["revealed"]
        assert [(r.seat, r.card) for r in model.reveal] == [(c["seat"], c["card"]) for c in revealed]
    finally:
        devices.close()
        table.stop()


def test_an_unplugged_hub_shows_on_the_oled_and_the_table_status(
    tmp_path: Path, wait_for: WaitFor | None
) -> None:
    table, devices, display = _start(tmp_path, wait_for)
    try:
        devices._on_hub_status(False)
        display.wait_for(lambda m: m.hub_connected is False)
        deadline = time.monotonic() + 5
        while HUB_UNPLUGGED not in table.snapshot().status and time.monotonic() < deadline:
            time.sleep(0.01)
        assert HUB_UNPLUGGED in table.snapshot().status
        devices._on_hub_status(True)
        display.wait_for(lambda m: m.hub_connected is True)
        deadline = time.monotonic() + 5
        while HUB_UNPLUGGED in table.snapshot().status and time.monotonic() < deadline:
            time.sleep(0.01)
        assert HUB_UNPLUGGED not in table.snapshot().status
    finally:
        devices.close()
        table.stop()


def test_the_shot_clock_counts_down_on_the_oled_while_nothing_else_changes(
    tmp_path: Path, wait_for: WaitFor | None
) -> None:
    # the feeder sleeps while the table is idle; a running clock must still wake it every second
    table, devices, display = _start(tmp_path, wait_for)
    try:
        for seat in range(5):
            table.join(seat)
        assert table.host_setting("clock", 30).ok
        first = display.wait_for(lambda m: m.clock_left is not None)
        left = first.clock_left
        display.wait_for(lambda m: m.clock_left is not None and m.clock_left < left, timeout=3.0)
        assert table.host_setting("clock", 0).ok
        display.wait_for(lambda m: m.clock_left is None)
    finally:
        devices.close()
        table.stop()


def test_clock_tick_is_the_time_to_the_next_whole_second() -> None:
    now = time.time()
    tick = clock_tick({"clock": {"seconds": 30, "deadline": now + 2.25}})
    assert tick is not None and 0.2 < tick < 0.3
    assert clock_tick({"clock": {"seconds": 30, "deadline": None}}) is None
    assert clock_tick({"clock": {"seconds": 30, "deadline": now - 1}}) is None  # ran out
    assert clock_tick({}) is None


def test_a_dropped_stale_press_is_logged_and_flashes_that_seats_led(
    tmp_path: Path, capsys: Any
) -> None:
    """Issue 14 point 7: a press the hub made before this vote round is not applied; it shows."""
    from controller.devices.leds import LedState

    table, devices, _ = _start(tmp_path)
    shown: list[dict[int, LedState]] = []
    real_set_leds = devices.pads.set_leds
    devices.pads.set_leds = lambda states: (shown.append(dict(states)), real_set_leds(states))
    try:
        before = table.snapshot().version
        devices._on_drop(2, "reveal", "stale")
        assert any(states.get(2) is LedState.REFUSED for states in shown)
        assert all(states.get(1) is not LedState.REFUSED for states in shown)
        assert "pads: seat 2 reveal dropped (stale" in capsys.readouterr().out
        assert table.snapshot().version == before  # nothing reached the game
        deadline = time.monotonic() + 5  # and the flash ends by itself
        while shown[-1].get(2) is LedState.REFUSED:
            assert time.monotonic() < deadline, "the refusal flash never ended"
            time.sleep(0.05)
    finally:
        devices.close()
        table.stop()
