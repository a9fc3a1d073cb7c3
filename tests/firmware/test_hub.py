from __future__ import annotations

import random
import types
from typing import Any


class Wire:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        assert line.endswith("\n")
        self.lines.append(line.rstrip("\n"))

    def take(self) -> list[str]:
        out, self.lines = self.lines, []
        return out


def make(hub_module: types.ModuleType, seats: int = 14, linked: bool = True) -> tuple[Any, Wire]:
    """A hub; `linked` means it has heard the Pi (a PING at 0 ms), so it keeps presses."""
    wire = Wire()
    hub = hub_module.Hub(seats, wire, "beef")
    if linked:
        hub.receive(b"PING\n", 0)
        wire.take()
    return hub, wire


def levels(seats: int, pressed: dict[int, bool]) -> list[bool]:
    return [pressed.get(i, False) for i in range(seats * 2)]


def test_hello_names_protocol_version_and_seats(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.receive(b"HELLO\n", 0)
    assert wire.take() == [f"HELLO jaccuse-hub 2 {hub_module.FW_VERSION} seats=14 boot=beef dropped=0"]


def test_bounced_key_gives_one_numbered_press(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    rng = random.Random(3)
    now = 0
    for _ in range(50):
        hub.receive(b"PING\n", now)  # the Pi keeps the link up
        key = rng.randrange(28)
        for final in (True, False):
            end_bounce = now + rng.randrange(0, 21)
            while now < end_bounce:
                hub.scan(levels(14, {key: rng.random() < 0.5}), now)
                now += 1
            for _ in range(rng.randrange(40, 120)):
                hub.scan(levels(14, {key: final}), now)
                now += 1
    presses = [line for line in wire.take() if line.startswith("P ")]
    assert len(presses) == 50
    assert [int(p.split()[1]) for p in presses] == list(range(1, 51))


def test_key_index_maps_to_seat_and_button(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    for now in range(0, 40):
        hub.scan(levels(14, {27: True}), now)
    assert wire.take() == ["P 1 13 A - 0"]


def test_unacknowledged_presses_are_resent_until_acked(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.press(2, "R", 0)
    hub.press(3, "A", 10)
    wire.take()
    hub.tick(500)
    assert [x for x in wire.take() if x.startswith("P")] == []
    hub.tick(1010)
    assert [x for x in wire.take() if x.startswith("P")] == ["P 1 2 R - 1010", "P 2 3 A - 1000"]
    hub.receive(b"ACK 1\n", 1020)
    hub.tick(2100)
    assert [x for x in wire.take() if x.startswith("P")] == ["P 2 3 A - 2090"]
    hub.receive(b"ACK 2\n", 2200)
    assert hub.outbox == []


def test_hello_from_the_pi_resends_the_outbox(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.press(0, "R", 0)
    wire.take()
    hub.receive(b"HEL", 5)  # a line split across USB packets
    hub.receive(b"LO\n", 6)
    assert wire.take()[1:] == ["P 1 0 R - 6"]


def test_a_press_made_while_linked_survives_a_dead_port(hub_module: types.ModuleType) -> None:
    sent: list[str] = []
    plugged = True

    def write(line: str) -> None:
        if not plugged:
            raise OSError("USB not connected")
        sent.append(line)

    hub = hub_module.Hub(5, write, "0001")
    hub.receive(b"PING\n", 0)
    plugged = False  # the cable goes, the hub has not noticed yet (it heard the Pi 100 ms ago)
    hub.press(4, "A", 100)
    assert [e[0] for e in hub.outbox] == [1]
    plugged = True
    hub.receive(b"HELLO\n", 200)
    assert sent[-1] == "P 1 4 A - 100\n"


def test_presses_made_while_unlinked_are_dropped_and_shown(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module, seats=5, linked=False)
    hub.press(4, "A", 0)  # the Pi has never spoken
    hub.receive(b"PING\n", 10)
    hub.press(1, "R", 3020)  # silent for 3 s: the cable is out or the box restarts
    assert hub.outbox == [] and hub.dropped_unlinked == 2
    assert hub.led_state(1, 3100) == "refused" and hub.led_lit(1, 3040)  # red blink, linked or not
    assert hub.led_state(1, 4100) == "off"
    hub.receive(b"HELLO\n", 5000)
    assert wire.take()[-1].endswith("dropped=2")


def test_epoch_names_the_round_each_press_belongs_to(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.receive(b"EPOCH 17\n", 1)
    hub.press(0, "R", 2)
    hub.receive(b"EPOCH 18\n", 3)
    hub.press(1, "A", 4)
    hub.receive(b"EPOCH x\nEPOCH 12345678901\n", 5)  # not a number, too long: refused, kept 18
    hub.press(2, "A", 6)
    assert [x for x in wire.take() if x.startswith(("P", "ERR"))] == [
        "P 1 0 R 17 0", "P 2 1 A 18 0", "ERR bad line", "ERR bad line", "P 3 2 A 18 0",
    ]


def test_heartbeat_every_second_and_on_ping(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.tick(999)  # the PING at 0 ms was answered at once: the next heartbeat is due at 1000
    hub.tick(1000)
    hub.tick(1999)
    hub.tick(2000)
    assert wire.take() == ["HB 0", "HB 0"]
    hub.press(1, "R", 1100)
    hub.receive(b"PING\n", 1200)
    assert wire.take() == ["P 1 1 R - 0", "HB 1"]


def test_sequence_wraps_at_2_16(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.seq = 65535
    hub.press(0, "R", 0)
    assert wire.take() == ["P 0 0 R - 0"]


def test_outbox_is_bounded(hub_module: types.ModuleType) -> None:
    hub, _ = make(hub_module)
    for i in range(200):
        hub.press(0, "R", i)  # within the 3 s link window: all kept, the oldest pushed out
    assert len(hub.outbox) == hub.outbox_max
    assert hub.dropped == 200 - hub.outbox_max


def test_led_commands_and_blinking(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.receive(b"LED 3 wait\nLED 4 on\nLED 5 refused\nLED 99 on\nLED 1 purple\n", 0)
    assert wire.take() == ["ERR no seat 99", "ERR bad line"]
    assert hub.leds[3:6] == ["wait", "on", "refused"]
    assert hub.led_lit(4, 10)
    assert hub.led_lit(3, 100) and not hub.led_lit(3, 600)
    assert hub.led_lit(5, 10) and not hub.led_lit(5, 90)
    assert hub.pixel(4, 10) == hub_module.PIXEL_COLOURS["on"]
    assert not hub.led_lit(4, 3001)  # the Pi went quiet: every LED goes dark
    hub.receive(b"PING\n", 3002)
    assert hub.led_lit(4, 3003)


def test_garbage_is_ignored(hub_module: types.ModuleType) -> None:
    hub, wire = make(hub_module)
    hub.receive(b"x" * 100, 0)
    assert hub.inbuf == b""
    hub.receive(b"\n\nACK zz\n", 1)
    assert wire.take() == ["ERR bad line"]


def test_any_byte_value_is_taken(hub_module: types.ModuleType) -> None:
    hub, _ = make(hub_module)
    for value in range(256):
        hub.receive(bytes([value]) + b"\n", 1)
    hub.receive(b"\xff\xfeLED 1 on\n\x03\x03\nLED 2 on\n", 2)
    assert hub.leds[1] == "off" and hub.leds[2] == "on"
    assert hub.bad_lines >= 200


def test_matrix_reads_diode_rows(hub_module: types.ModuleType) -> None:
    class Pin:
        def __init__(self) -> None:
            self.level = 1
            self.hook: Any = None

        def value(self, level: int | None = None) -> int | None:
            if level is None:
                return self.hook() if self.hook else self.level
            self.level = level
            return None

    rows = [Pin() for _ in range(2)]
    cols = [Pin() for _ in range(3)]
    # key (row 1, col 2) is held: its column reads low only while row 1 is driven low
    cols[2].hook = lambda: 0 if rows[1].level == 0 else 1
    matrix = hub_module.Matrix(rows, cols)
    assert matrix.read() == [False, False, False, False, False, True]
    assert all(r.level == 1 for r in rows)
