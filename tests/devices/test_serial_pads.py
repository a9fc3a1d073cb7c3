"""The Pi side of the pad hub against the real firmware logic: over a fake cable and over a pty."""

from __future__ import annotations

import itertools
import os
import random
import select
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fake_cable import FW, Cable

from controller.devices.hub_protocol import Heartbeat, Hello, HubError, Press, parse_hub_line
from controller.devices.leds import LedState
from controller.devices.serial_pads import SerialPads, probe_hub


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return condition()


@pytest.fixture
def cable() -> Cable:
    return Cable()


@pytest.fixture
def pads(cable: Cable) -> Iterator[tuple[SerialPads, list[tuple[int, str]], list[bool]]]:
    got: list[tuple[int, str]] = []
    status: list[bool] = []
    serial_pads = SerialPads("fake", 14, open_port=cable.open, reconnect_interval=0.001, ping_interval=0.05)
    serial_pads.start(lambda seat, name: got.append((seat, name)), status.append)
    yield serial_pads, got, status
    serial_pads.close()


def test_parse_hub_lines() -> None:
    assert parse_hub_line("HELLO jaccuse-hub 1 1.0.0 seats=14 boot=beef") == Hello(1, "1.0.0", 14, "beef")
    assert parse_hub_line("P 7 3 A\r") == Press(7, 3, "abstain")
    assert parse_hub_line("HB 12") == Heartbeat(12)
    assert parse_hub_line("ERR bad line") == HubError("bad line")
    for noise in ("", "P x 3 R", "P 1 2 Z", "HELLO other 1 1", "MicroPython v1.22 on 2024", "HB"):
        assert parse_hub_line(noise) is None


def test_press_arrives_once_and_leds_reach_the_hub(cable: Cable, pads: Any) -> None:
    serial_pads, got, status = pads
    assert wait_until(lambda: serial_pads.connected)
    assert status == [True]
    assert serial_pads.hello is not None and serial_pads.hello.firmware == FW.FW_VERSION
    cable.press(3, "R")
    cable.press(13, "A")
    assert wait_until(lambda: len(got) == 2 and not cable.hub.outbox)
    cable.tick(5000)  # periodic resend finds nothing left to send
    time.sleep(0.02)
    assert got == [(3, "reveal"), (13, "abstain")]
    serial_pads.set_leds({3: LedState.WAITING, 4: LedState.PRESSED, 20: LedState.OFF})  # 20: no such seat
    assert wait_until(lambda: cable.hub.leds[3:5] == ["wait", "on"])


def test_lost_ack_resend_is_dropped(cable: Cable, pads: Any) -> None:
    serial_pads, got, _ = pads
    assert wait_until(lambda: serial_pads.connected)
    cable.press(5, "R")
    assert wait_until(lambda: got == [(5, "reveal")])
    with cable.cond:  # pretend the ACK never arrived: the hub sends the same press again
        cable.hub.outbox = [[1, 5, "R", 0, cable.hub.epoch, 0]]
    cable.tick(2000)
    assert wait_until(lambda: not cable.hub.outbox)
    assert got == [(5, "reveal")]
    assert serial_pads.duplicates == 1


def test_unplug_replug_loses_and_doubles_nothing(cable: Cable, pads: Any) -> None:
    serial_pads, got, status = pads
    rng = random.Random(11)
    expected: list[tuple[int, str]] = []
    assert wait_until(lambda: serial_pads.connected)
    dropped = 0
    for _ in range(100):
        assert wait_until(cable.linked)  # the Pi has greeted the hub again
        for _ in range(rng.randrange(0, 4)):
            seat, code = rng.randrange(14), rng.choice("RA")
            assert cable.press(seat, code)
            expected.append((seat, "reveal" if code == "R" else "abstain"))
        time.sleep(rng.choice([0, 0, 0.0005, 0.002]))  # sometimes the ACKs are still in flight
        cable.unplug()
        cable.tick(rng.randrange(0, 4000))  # past 3 s without the Pi, the hub counts as unlinked
        for _ in range(rng.randrange(0, 3)):  # presses while the cable is out
            seat, code = rng.randrange(14), rng.choice("RA")
            if cable.press(seat, code):  # made while the hub still thought it was linked: kept
                expected.append((seat, "reveal" if code == "R" else "abstain"))
            else:  # made while unlinked: dropped on the spot, shown on the seat's LED
                dropped += 1
        if rng.random() < 0.5:
            time.sleep(0.002)  # long enough for the reader to notice, sometimes
        cable.replug()
    assert wait_until(lambda: len(got) >= len(expected) and not cable.hub.outbox, timeout=10)
    time.sleep(0.05)
    assert got == expected
    assert cable.opens > 10
    assert dropped > 0 and cable.hub.dropped_unlinked == dropped
    assert status[0] is True and status[-1] is True
    assert all(a != b for a, b in itertools.pairwise(status))


def test_hub_reboot_restarts_sequence_numbers(cable: Cable, pads: Any) -> None:
    serial_pads, got, _ = pads
    assert wait_until(lambda: serial_pads.connected)
    cable.press(1, "R")
    assert wait_until(lambda: got == [(1, "reveal")])
    cable.unplug()
    with cable.cond:
        cable.hub = FW.Hub(14, cable._from_hub, "b002")  # power cycle: seq starts again at 1
    cable.replug()
    assert wait_until(lambda: serial_pads.hello is not None and serial_pads.hello.boot == "b002")
    cable.press(2, "A")
    assert wait_until(lambda: got == [(1, "reveal"), (2, "abstain")])


def test_silent_hub_counts_as_gone() -> None:
    class Mute:
        def __init__(self) -> None:
            self.in_waiting = 0
            self.closed = threading.Event()

        def read(self, size: int) -> bytes:
            time.sleep(0.002)
            return b""

        def write(self, data: bytes) -> int:
            return len(data)

        def close(self) -> None:
            self.closed.set()

    now = [0.0]
    ports: list[Mute] = []
    statuses: list[bool] = []

    def open_port(url: str) -> Mute:
        ports.append(Mute())
        return ports[-1]

    serial_pads = SerialPads("mute", 5, open_port=open_port, clock=lambda: now[0], reconnect_interval=0.001)
    serial_pads.start(lambda s, b: None, statuses.append)
    try:
        assert wait_until(lambda: len(ports) == 1)
        now[0] += 3.5  # injected time: no line for longer than the heartbeat timeout
        assert wait_until(lambda: ports[0].closed.is_set())
        assert statuses[0] is False
        assert serial_pads.last_error is not None
        assert not serial_pads.connected
    finally:
        serial_pads.close()


class PtyHub:
    """The firmware logic behind a real pseudo-terminal, as the USB CDC port would be."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        self.slave = slave
        self.hub = FW.Hub(8, self._write, "p7y0")
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.start = time.monotonic()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def ms(self) -> int:
        return int((time.monotonic() - self.start) * 1000)

    def _write(self, line: str) -> None:
        os.write(self.master, line.encode())

    def _run(self) -> None:
        while not self.stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.01)
            with self.lock:
                if ready:
                    try:
                        data = os.read(self.master, 256)
                    except OSError:
                        return
                    self.hub.receive(data, self.ms())
                self.hub.tick(self.ms())

    def press(self, seat: int, code: str) -> None:
        with self.lock:
            self.hub.press(seat, code, self.ms())

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=1)
        os.close(self.master)
        os.close(self.slave)


def test_over_a_pty_with_pyserial() -> None:
    hub = PtyHub()
    got: list[tuple[int, str]] = []
    try:
        hello = probe_hub(hub.path, timeout=2.0)
        assert hello is not None and hello.seats == 8 and hello.boot == "p7y0"
        serial_pads = SerialPads(hub.path, 8, reconnect_interval=0.05)
        serial_pads.start(lambda seat, name: got.append((seat, name)))
        try:
            assert wait_until(lambda: serial_pads.connected)
            hub.press(6, "A")
            assert wait_until(lambda: got == [(6, "abstain")] and not hub.hub.outbox)
            serial_pads.set_leds({6: LedState.REFUSED})
            assert wait_until(lambda: hub.hub.leds[6] == "refused")
        finally:
            serial_pads.close()
    finally:
        hub.close()


def test_probe_of_something_else_gives_none() -> None:
    import serial

    port = serial.serial_for_url("loop://", timeout=0.01)  # echoes our HELLO back: not a hub
    assert probe_hub("loop://", timeout=0.2, open_port=lambda url: port) is None


class FakePortInfo:
    def __init__(self, device: str, vid: int | None, pid: int | None) -> None:
        self.device, self.vid, self.pid = device, vid, pid


def test_hub_is_found_by_its_usb_ids_after_the_udev_name(tmp_path: Any) -> None:
    from controller.devices.serial_pads import find_hub_ports

    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "ttyACM1").touch()
    ports = [
        FakePortInfo("/dev/ttyUSB0", 0x0403, 0x6001),  # an FTDI adapter: not ours
        FakePortInfo(str(dev / "ttyACM1"), 0x2E8A, 0x0005),  # a Pico running MicroPython
        FakePortInfo("/dev/ttyACM0", 0x1A86, 0x7523),  # some other USB serial device
        FakePortInfo("/dev/ttyS0", None, None),
    ]
    assert find_hub_ports(str(tmp_path), comports=lambda: ports) == [str(dev / "ttyACM1")]
    (dev / "jaccuse-hub").symlink_to(dev / "ttyACM1")
    # the stable name comes first, and the port it points at is not listed twice
    assert find_hub_ports(str(tmp_path), comports=lambda: ports) == [str(tmp_path / "dev" / "jaccuse-hub")]
    assert find_hub_ports(str(tmp_path)) == [str(tmp_path / "dev" / "jaccuse-hub")]  # no real ports read


def test_the_port_is_held_exclusively() -> None:
    import serial

    from controller.devices.serial_pads import open_serial

    master, slave = os.openpty()
    try:
        path = os.ttyname(slave)
        first = open_serial(path)
        try:
            with pytest.raises(serial.SerialException):
                open_serial(path)  # a second program (doctor while the service runs) is refused
        finally:
            first.close()
        open_serial(path).close()  # free again once closed
    finally:
        os.close(master)
        os.close(slave)


def test_an_old_hub_firmware_is_refused_with_a_clear_reason() -> None:
    import serial

    port = serial.serial_for_url("loop://", timeout=0.01)
    port.write(b"HELLO jaccuse-hub 1 1.0.0 seats=8 boot=old1\n")
    status: list[bool] = []
    pads = SerialPads("loop", 8, open_port=lambda url: port, reconnect_interval=5.0)
    pads.start(lambda s, b: None, status.append)
    try:
        assert wait_until(lambda: pads.last_error is not None and "protocol 1" in pads.last_error)
        assert "copy firmware/hub.py" in (pads.last_error or "") and not pads.connected
    finally:
        pads.close()


def test_choose_pads_prefers_a_hub_on_usb() -> None:
    from controller.devices.choose import choose_pads

    assert choose_pads("auto", None, find=lambda: ["/dev/ttyACM0"]) == (
        "serial", "pad hub found on USB at /dev/ttyACM0"
    )
    assert choose_pads("auto", None, find=lambda: []) == ("gpio", "GPIO header (no pad hub on USB)")
    assert choose_pads("auto", "/dev/jaccuse-hub", find=lambda: [])[0] == "serial"
    assert choose_pads("gpio", None, find=lambda: ["/dev/ttyACM0"])[0] == "gpio"  # a setting wins

    def broken() -> list[str]:
        raise OSError("no /sys")

    assert choose_pads("auto", None, find=broken)[0] == "gpio"


def test_a_press_made_just_after_a_new_round_before_the_hub_heard_of_it_counts(cable: Cable) -> None:
    got: list[tuple[int, str]] = []
    dropped: list[tuple[int, str, str]] = []
    serial_pads = SerialPads("fake", 14, open_port=cable.open, reconnect_interval=0.001, ping_interval=0.05)
    serial_pads.set_epoch(1)
    serial_pads.start(lambda s, b: got.append((s, b)), on_drop=lambda s, b, why: dropped.append((s, b, why)))
    try:
        assert wait_until(lambda: serial_pads.connected and cable.hub.epoch != "-")
        old = cable.hub.epoch
        cable.press(2, "R")
        assert wait_until(lambda: got == [(2, "reveal")])  # round 1's own press
        with cable.cond:  # the next EPOCH line is lost on its way: the hub keeps the old round
            real_receive = cable.hub.receive

            def receive(data: bytes, now: int) -> None:
                if not data.startswith(b"EPOCH"):
                    real_receive(data, now)

            cable.hub.receive = receive
        time.sleep(0.01)
        serial_pads.set_epoch(2)
        time.sleep(0.01)
        cable.press(3, "A")  # made after the change, stamped with the old round
        assert cable.hub.epoch == old
        assert wait_until(lambda: (3, "abstain") in got)
        assert dropped == []
    finally:
        serial_pads.close()
