from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any


class Poller:
    def __init__(self, stream: io.BytesIO) -> None:
        self.stream = stream

    def poll(self, timeout: int) -> bool:
        return self.stream.tell() < len(self.stream.getvalue())


class FakeTime:
    def __init__(self) -> None:
        self.ticks = 2**30 - 5  # close to the wrap of ticks_ms

    def ticks_ms(self) -> int:
        return self.ticks

    def ticks_diff(self, a: int, b: int) -> int:
        return ((a - b + 2**29) % 2**30) - 2**29


def test_build_and_step_with_neopixels(firmware_main: Any) -> None:
    out: list[str] = []
    config = dict(firmware_main.CONFIG)
    hub, matrix, leds = firmware_main.build(config, out.append)
    assert hub.seats == 14 and len(hub.keys) == 28
    pins = __import__("machine").Pin.registry
    # hold seat 3's abstain: key 7 = row 1, col 0
    row_pin, col_pin = pins[config["rows"][1]], pins[config["cols"][0]]
    col_pin.read_hook = lambda: 0 if row_pin.level == 0 else 1
    stdin = io.BytesIO(b"HELLO\nLED 3 on\n")
    for now in range(0, 60, 2):
        firmware_main.step(hub, matrix, leds, Poller(stdin), stdin, now)
    assert out[0].startswith("HELLO jaccuse-hub 2 ")
    assert "P 1 3 A - 0\n" in out
    assert leds.strip.pixels[3] == (0, 60, 0)
    assert leds.strip.writes >= 1


def test_plain_leds(firmware_main: Any) -> None:
    config = dict(firmware_main.CONFIG, leds="plain", seats=5)
    out: list[str] = []
    hub, matrix, leds = firmware_main.build(config, out.append)
    stdin = io.BytesIO(b"LED 0 on\nLED 1 wait\n")
    firmware_main.step(hub, matrix, leds, Poller(stdin), stdin, 100)
    pins = __import__("machine").Pin.registry
    assert pins[config["led_pins"][0]].level == 1
    assert pins[config["led_pins"][1]].level == 1  # blink phase 100 ms: on
    firmware_main.step(hub, matrix, leds, Poller(stdin), stdin, 600)
    assert pins[config["led_pins"][1]].level == 0


def test_clock_never_wraps(firmware_main: Any) -> None:
    fake = FakeTime()
    clock = firmware_main.Clock(fake)
    fake.ticks = (fake.ticks + 10) % 2**30
    assert clock() == 10
    fake.ticks = (fake.ticks + 1000) % 2**30
    assert clock() == 1010


def test_boot_id_is_four_hex_digits(firmware_main: Any) -> None:
    boot = firmware_main.boot_id()
    assert len(boot) == 4 and int(boot, 16) >= 0


def test_readme_matrix_table_matches_the_config(firmware_main: Any) -> None:
    readme = (Path(__file__).resolve().parents[2] / "hardware" / "README.md").read_text()
    rows = re.findall(r"^\| (\d+) \| GP(\d+) x GP(\d+) \| GP(\d+) x GP(\d+) \|$", readme, re.MULTILINE)
    config = firmware_main.CONFIG
    assert len(rows) == config["seats"]
    for seat, *pins in rows:
        for button, (row_pin, col_pin) in enumerate(zip(pins[::2], pins[1::2], strict=True)):
            key = int(seat) * 2 + button  # seats count from 0, as on the pages
            assert int(row_pin) == config["rows"][key // len(config["cols"])]
            assert int(col_pin) == config["cols"][key % len(config["cols"])]


def test_readme_powers_the_pixels_within_usb_and_from_the_firmwares_colours(
    firmware_main: Any, hub_module: Any
) -> None:
    """Issue 36: the hub board put 1000 µF across the Pico's VBUS, past USB's 10 µF at plug-in (USB 2.0
    section 7.2.4.1); the pixels at the firmware's brightness need no bulk capacitor."""
    readme = (Path(__file__).resolve().parents[2] / "hardware" / "README.md").read_text()
    hub_parts = readme.split("### Hub option")[1].split("\n## ")[0]
    microfarads = [float(n) for n in re.findall(r"(\d+(?:\.\d+)?) µF", hub_parts)]
    assert microfarads and max(microfarads) <= 4.7, microfarads  # with the Pico's own, within 10 µF
    # the colours the README quotes are the firmware's, and its current figure follows from them
    colours = {name: tuple(rgb) for name, rgb in hub_module.PIXEL_COLOURS.items()}
    quoted = dict(re.findall(r"\((\d+, \d+, \d+)\) (amber|green|red)", readme))
    assert {colours["wait"], colours["on"], colours["refused"]} == {
        tuple(int(v) for v in rgb.split(", ")) for rgb in quoted
    }
    # mA: 20 mA a colour at full brightness, and 1 mA for the pixel's own chip
    per_pixel = max(sum(rgb) for rgb in colours.values()) / 255 * 20 + 1
    found = re.search(r"(\d+) pixels all amber at once about (\d+) mA", readme)
    assert found is not None and int(found.group(1)) == firmware_main.CONFIG["seats"]
    assert abs(int(found.group(2)) - per_pixel * firmware_main.CONFIG["seats"]) <= 5
