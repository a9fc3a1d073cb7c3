"""Board entry point (MicroPython runs main.py at power-up): wire pins to the hub logic and loop.

Copy hub.py and main.py to the board (see firmware/README.md). Edit CONFIG to match the wiring.
"""

import sys

import machine
from hub import Hub, Matrix, PixelLeds, PlainLeds

CONFIG = {
    "seats": 14,
    # 4 x 7 matrix = 28 keys = 14 seats x (reveal, abstain); key = row * 7 + col, seat = key // 2
    "rows": (2, 3, 4, 5),
    "cols": (6, 7, 8, 9, 10, 11, 12),
    "leds": "neopixel",  # "neopixel" (one data pin) or "plain" (one GPIO per seat)
    "neopixel_pin": 16,
    "led_pins": (13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 26, 27, 28, 0),
    "scan_ms": 2,
}


def boot_id() -> str:
    """A fresh id per power-up, so the Pi knows sequence numbers restarted."""
    import os

    return f"{int.from_bytes(os.urandom(2), 'big'):04x}"


def build(config, write, machine_module=machine):
    """Hub, matrix and LED driver for a configuration; `machine_module` is swapped in tests."""
    pin = machine_module.Pin
    rows = [pin(n, pin.OUT, value=1) for n in config["rows"]]
    cols = [pin(n, pin.IN, pin.PULL_UP) for n in config["cols"]]
    hub = Hub(config["seats"], write, boot_id())
    if config["leds"] == "neopixel":
        import neopixel

        strip = neopixel.NeoPixel(pin(config["neopixel_pin"], pin.OUT), config["seats"])
        leds = PixelLeds(strip, config["seats"])
    else:
        leds = PlainLeds([pin(n, pin.OUT, value=0) for n in config["led_pins"][: config["seats"]]])
    return hub, Matrix(rows, cols), leds


class Clock:
    """Milliseconds since boot that never wrap (ticks_ms wraps after about 12 days)."""

    def __init__(self, time_module) -> None:
        self.time = time_module
        self.last = time_module.ticks_ms()
        self.now = 0

    def __call__(self) -> int:
        ticks = self.time.ticks_ms()
        self.now += self.time.ticks_diff(ticks, self.last)
        self.last = ticks
        return self.now


def step(hub, matrix, leds, poller, stdin, now_ms: int) -> None:
    """One pass of the main loop: read the Pi, scan keys, heartbeat/resend, refresh LEDs."""
    while poller.poll(0):
        data = stdin.read(1)
        if not data:
            break
        hub.receive(data if isinstance(data, bytes) else data.encode(), now_ms)
    hub.scan(matrix.read(), now_ms)
    hub.tick(now_ms)
    leds.show(hub, now_ms)


def write_line(line: str) -> None:
    sys.stdout.write(line)


def main() -> None:
    import select
    import time

    hub, matrix, leds = build(CONFIG, write_line)
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    clock = Clock(time)
    hub.send(hub.hello())
    stdin = getattr(sys.stdin, "buffer", sys.stdin)  # raw bytes where the port offers them
    while True:
        step(hub, matrix, leds, poller, stdin, clock())
        time.sleep_ms(CONFIG["scan_ms"])


if __name__ == "__main__":
    main()
