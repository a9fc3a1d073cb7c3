"""Board entry point (MicroPython runs main.py at power-up): wire pins to the hub logic and loop.

Copy hub.py and main.py to the board (see firmware/README.md). Edit CONFIG to match the wiring.

The USB serial port is the hub's data link and also MicroPython's REPL, so main() hardens it: byte 0x03
(Ctrl-C) must not stop the program (`micropython.kbd_intr(-1)`), an error in one pass of the loop is
reported and the loop goes on, and a watchdog resets the board if the loop ever stops coming round.
Press BOOTSEL within the first two seconds after power-up to skip all that and keep the REPL, for
mpremote (the watchdog cannot be stopped once it runs).
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
    "settle_us": 50,  # after each row switch, before the columns are read (see hub.Matrix)
    "watchdog_ms": 5000,  # at most 8388 on the RP2040
    # lines written per pass: a write blocks up to 500 ms while the Pi does not read, so 4 keep a pass
    # under 2 s, well inside the watchdog; a full outbox re-sent after HELLO takes a few dozen passes
    "writes_per_pass": 4,
    "maintenance_window_ms": 2000,  # how long BOOTSEL is looked at after power-up
    "max_errors": 50,  # failed passes in a row before the watchdog is left to reset the board
}


def boot_id() -> str:
    """A fresh id per power-up, so the Pi knows sequence numbers restarted."""
    import os

    try:
        value = int.from_bytes(os.urandom(2), "big")  # the RP2040's ring oscillator
    except AttributeError:  # ports without os.urandom (the WebAssembly one the tests use)
        import random

        value = random.getrandbits(16)
    return f"{value:04x}"


def build(config, write, machine_module=machine, sleep_us=None):
    """Hub, matrix and LED driver for a configuration; `machine_module` is swapped in tests."""
    pin = machine_module.Pin
    rows = [pin(n, pin.OUT, value=1) for n in config["rows"]]
    cols = [pin(n, pin.IN, pin.PULL_UP) for n in config["cols"]]
    hub = Hub(config["seats"], write, boot_id(), writes_per_pass=config.get("writes_per_pass"))
    if config["leds"] == "neopixel":
        import neopixel

        strip = neopixel.NeoPixel(pin(config["neopixel_pin"], pin.OUT), config["seats"])
        leds = PixelLeds(strip, config["seats"])
    else:
        leds = PlainLeds([pin(n, pin.OUT, value=0) for n in config["led_pins"][: config["seats"]]])
    return hub, Matrix(rows, cols, config.get("settle_us", 50), sleep_us), leds


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
    hub.begin_pass()
    while poller.poll(0):
        data = stdin.read(1)
        if not data:
            break
        hub.receive(data if isinstance(data, bytes) else data.encode(), now_ms)
    hub.scan(matrix.read(), now_ms)
    hub.tick(now_ms)
    leds.show(hub, now_ms)


class Guard:
    """Runs one pass of the loop; an exception is reported to the Pi and the loop goes on.

    The watchdog is fed after every pass until `max_errors` passes in a row have failed; from then on
    it is not, so a fault that repeats on every pass, or a pass that never returns, ends in a clean
    reset instead of a hub that hangs or falls into the REPL. One passing glitch costs nothing.
    """

    def __init__(self, hub, watchdog, max_errors: int) -> None:
        self.hub = hub
        self.watchdog = watchdog
        self.max_errors = max_errors
        self.errors = 0  # failed passes in a row
        self.total_errors = 0

    def run(self, one_pass) -> bool:
        try:
            one_pass()
        except Exception as exc:  # any fault: report it and carry on
            self.errors += 1
            self.total_errors += 1
            self.hub.send("ERR " + type(exc).__name__ + "\n")
            if self.errors >= self.max_errors:
                return False  # stop feeding: the watchdog resets the board
        else:
            self.errors = 0
        if self.watchdog is not None:
            self.watchdog.feed()
        return True


def maintenance_requested(time_module, window_ms: int) -> bool:
    """True if BOOTSEL is pressed during the first `window_ms` after power-up (rp2 boards only)."""
    try:
        import rp2

        bootsel = rp2.bootsel_button
    except (ImportError, AttributeError):
        return False
    start = time_module.ticks_ms()
    while time_module.ticks_diff(time_module.ticks_ms(), start) < window_ms:
        if bootsel():
            return True
        time_module.sleep_ms(20)
    return False


def write_line(line: str) -> None:
    sys.stdout.write(line)


def main(config=CONFIG, machine_module=machine, time_module=None, poller=None, stdin=None, write=None):
    """Run the hub for ever. The tests pass stand-ins for the clock, the USB port and the pins."""
    import micropython

    if time_module is None:
        import time as time_module
    if poller is None:
        import select

        poller = select.poll()
        poller.register(sys.stdin, select.POLLIN)
    if stdin is None:
        stdin = getattr(sys.stdin, "buffer", sys.stdin)  # raw bytes where the port offers them
    if maintenance_requested(time_module, config["maintenance_window_ms"]):
        print("jaccuse-hub: maintenance mode, the REPL stays free (power-cycle to run the hub)")
        return None
    hub, matrix, leds = build(config, write or write_line, machine_module, time_module.sleep_us)
    micropython.kbd_intr(-1)  # 0x03 on the data link is just a byte, not a KeyboardInterrupt
    watchdog = machine_module.WDT(timeout=config["watchdog_ms"])
    clock = Clock(time_module)
    hub.send(hub.hello())
    guard = Guard(hub, watchdog, config["max_errors"])
    while guard.run(lambda: step(hub, matrix, leds, poller, stdin, clock())):
        time_module.sleep_ms(config["scan_ms"])
    while True:  # wait for the watchdog's reset
        time_module.sleep_ms(1000)


if __name__ == "__main__":
    main()
