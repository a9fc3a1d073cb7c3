"""J'Accuse pad hub: the logic of the RP2040 board that reads the seat buttons and drives the LEDs.

Nothing here touches hardware or the clock: main.py passes pin objects, key levels and the time in ms,
so the same file runs under MicroPython on the board and under CPython in the tests. The line protocol
is described in firmware/README.md. Plain annotations only: MicroPython ignores them.
"""

PROTOCOL = 2
FW_VERSION = "2.0.0"
NAME = "jaccuse-hub"
SEQ_MOD = 65536
BUTTON_CODES = ("R", "A")  # key index % 2: 0 = reveal, 1 = abstain
LED_WORDS = ("off", "wait", "on", "refused")
BLINK_MS = {"wait": (500, 500), "refused": (80, 80)}  # (on, off)
PIXEL_COLOURS = {"wait": (60, 40, 0), "on": (0, 60, 0), "refused": (80, 0, 0)}
MAX_LINE = 64
NO_EPOCH = "-"  # on the wire before the Pi has named a vote round since power-up
DROP_FLASH_MS = 1000  # a press the hub had to drop blinks that seat red this long, linked or not
MAX_EPOCH_DIGITS = 10


class Debounce:
    """A key's level counts once it held still for `settle_ms`; one press per accepted press edge."""

    def __init__(self, settle_ms: int) -> None:
        self.settle_ms = settle_ms
        self.raw = False
        self.stable = False
        self.changed_at = 0

    def feed(self, pressed: bool, now_ms: int) -> bool:
        if pressed != self.raw:
            self.raw = pressed
            self.changed_at = now_ms
        if self.raw != self.stable and now_ms - self.changed_at >= self.settle_ms:
            self.stable = self.raw
            return self.stable
        return False


class Hub:
    """Turns key levels into numbered press lines and keeps each until the Pi acknowledges it."""

    def __init__(
        self,
        seats: int,
        write,
        boot_id: str,
        settle_ms: int = 30,
        heartbeat_ms: int = 1000,
        resend_ms: int = 1000,
        link_timeout_ms: int = 3000,
        outbox_max: int = 128,
        drop_flash_ms: int = DROP_FLASH_MS,
        writes_per_pass=None,
    ) -> None:
        self.seats = seats
        self.write = write  # called with one complete line, newline included
        self.boot_id = boot_id
        self.heartbeat_ms = heartbeat_ms
        self.resend_ms = resend_ms
        self.link_timeout_ms = link_timeout_ms
        self.outbox_max = outbox_max
        self.keys = [Debounce(settle_ms) for _ in range(seats * 2)]
        self.seq = 0  # the last sequence number given out
        self.outbox = []  # [seq, seat, code, last_sent_ms, epoch, pressed_ms] awaiting ACK, oldest first
        self.dropped = 0  # outbox overflow
        self.dropped_unlinked = 0  # presses made while the Pi could not hear the hub
        self.bad_lines = 0
        self.epoch = NO_EPOCH  # the vote round the Pi last named; every press carries it
        self.drop_flash_ms = drop_flash_ms
        self.flash_until = [0] * seats  # per seat: ms until which a dropped press blinks red
        self.leds = ["off"] * seats
        self.inbuf = b""
        self.last_rx = None  # ms of the last line from the Pi, None before the first
        self.last_hb = None
        # lines written per pass of the main loop (None: no limit). A USB write blocks for up to
        # 500 ms when the Pi keeps the port open without reading (MicroPython's CDC transmit
        # timeout), so a pass that re-sent a full outbox could outlast the watchdog; the rest of the
        # outbox goes out in the next passes, oldest first
        self.writes_per_pass = writes_per_pass
        self.writes_left = writes_per_pass

    # -- Pi -> hub -------------------------------------------------------------------------------
    def receive(self, data: bytes, now_ms: int) -> None:
        """Bytes from the USB serial port, any bytes at all: complete lines are handled, junk answered.

        Lines are checked byte by byte before they become text. MicroPython ignores `errors=` in
        `bytes.decode` (micropython issue 3469) and raises on bad UTF-8, so decoding first would let one
        bad byte from a glitching cable crash the loop.
        """
        self.inbuf += data
        while b"\n" in self.inbuf:
            line, self.inbuf = self.inbuf.split(b"\n", 1)
            self.handle_bytes(line, now_ms)
        if len(self.inbuf) > MAX_LINE:
            self.inbuf = b""

    def handle_bytes(self, raw: bytes, now_ms: int) -> None:
        """One line as bytes: printable ASCII (and tab / CR) only, else it is answered as a bad line."""
        for byte in raw:
            if byte > 126 or (byte < 32 and byte != 9 and byte != 13):  # includes 0x03, Ctrl-C
                self.bad_lines += 1
                self.send("ERR bad line\n")
                return
        self.handle_line(raw.decode().strip(), now_ms)

    def handle_line(self, line: str, now_ms: int) -> None:
        if not line:
            return
        parts = line.split()
        word = parts[0]
        if word in ("HELLO", "ACK", "LED", "PING", "EPOCH"):
            self.last_rx = now_ms  # only the Pi's own words count as hearing the Pi
        if word == "HELLO":
            self.send(self.hello())
            for entry in self.outbox:  # all due again; those this pass cannot write, tick() sends later
                entry[3] = now_ms - self.resend_ms
            for entry in self.outbox:
                if not self.send_press(entry, now_ms):
                    break
        elif word == "ACK" and len(parts) == 2 and parts[1].isdigit():
            seq = int(parts[1])
            self.outbox = [e for e in self.outbox if e[0] != seq]
        elif word == "LED" and len(parts) == 3 and parts[1].isdigit() and parts[2] in LED_WORDS:
            seat = int(parts[1])
            if seat < self.seats:
                self.leds[seat] = parts[2]
            else:
                self.send("ERR no seat " + parts[1] + "\n")
        elif word == "PING":
            self.send_heartbeat(now_ms)
        elif word == "EPOCH" and len(parts) == 2 and parts[1].isdigit() and len(parts[1]) <= MAX_EPOCH_DIGITS:
            self.epoch = parts[1]
        else:
            self.bad_lines += 1
            self.send("ERR bad line\n")

    # -- keys -> Pi ------------------------------------------------------------------------------
    def scan(self, levels, now_ms: int) -> int:
        """Feed one scan of raw key levels (index = seat * 2 + 0 reveal / 1 abstain); returns presses."""
        presses = 0
        for index in range(min(len(levels), len(self.keys))):
            if self.keys[index].feed(bool(levels[index]), now_ms):
                self.press(index // 2, BUTTON_CODES[index % 2], now_ms)
                presses += 1
        return presses

    def press(self, seat: int, code: str, now_ms: int) -> None:
        """Queue a debounced press for the Pi, stamped with the current vote round.

        A press made while the Pi cannot hear the hub (nothing from it for `link_timeout_ms`: the
        cable is out, the box is restarting) is dropped on the spot and its seat blinks red: nobody
        saw a prompt, and the vote it was meant for may be long over when the link comes back.
        """
        if not self.linked(now_ms):
            self.dropped_unlinked += 1
            if 0 <= seat < self.seats:
                self.flash_until[seat] = now_ms + self.drop_flash_ms
            return
        self.seq = (self.seq + 1) % SEQ_MOD
        entry = [self.seq, seat, code, now_ms, self.epoch, now_ms]
        self.outbox.append(entry)
        if len(self.outbox) > self.outbox_max:
            self.outbox.pop(0)
            self.dropped += 1
        if not self.send_press(entry, now_ms):
            entry[3] = now_ms - self.resend_ms  # no write left in this pass: due in the next one

    def begin_pass(self) -> None:
        """A new pass of the main loop (the watchdog was just fed): the write budget is whole again."""
        self.writes_left = self.writes_per_pass

    def tick(self, now_ms: int) -> None:
        """Heartbeat every second and re-send presses whose ACK did not come back (within the budget)."""
        if self.last_hb is None or now_ms - self.last_hb >= self.heartbeat_ms:
            self.send_heartbeat(now_ms)
        # longest-waiting first: with a budget, the presses just re-sent must not starve the others
        for entry in sorted(self.outbox, key=lambda e: e[3]) if self.outbox else ():
            if now_ms - entry[3] >= self.resend_ms and not self.send_press(entry, now_ms):
                break

    # -- LEDs ------------------------------------------------------------------------------------
    def linked(self, now_ms: int) -> bool:
        return self.last_rx is not None and now_ms - self.last_rx < self.link_timeout_ms

    def led_state(self, seat: int, now_ms: int) -> str:
        """What a seat's LED shows now: a dropped press blinks red, and all go dark while the Pi is silent."""
        if now_ms < self.flash_until[seat]:
            return "refused"
        return self.leds[seat] if self.linked(now_ms) else "off"

    def led_lit(self, seat: int, now_ms: int) -> bool:
        """Whether a plain LED is on now."""
        state = self.led_state(seat, now_ms)
        if state == "on":
            return True
        if state in BLINK_MS:
            on_ms, off_ms = BLINK_MS[state]
            return now_ms % (on_ms + off_ms) < on_ms
        return False

    def pixel(self, seat: int, now_ms: int):
        """The (r, g, b) a NeoPixel should show now."""
        if not self.led_lit(seat, now_ms):
            return (0, 0, 0)
        return PIXEL_COLOURS[self.led_state(seat, now_ms)]

    # -- output ----------------------------------------------------------------------------------
    def hello(self) -> str:
        return (
            f"HELLO {NAME} {PROTOCOL} {FW_VERSION} seats={self.seats} boot={self.boot_id}"
            f" dropped={self.dropped_unlinked}\n"
        )

    def send_press(self, entry, now_ms: int) -> bool:
        """`P seq seat code epoch age_ms`: the round it was pressed in, and how long ago.

        False when this pass may write no more: the press stays due and goes out in a later pass.
        """
        if not self.send(f"P {entry[0]} {entry[1]} {entry[2]} {entry[4]} {now_ms - entry[5]}\n"):
            return False
        entry[3] = now_ms
        return True

    def send_heartbeat(self, now_ms: int) -> None:
        self.last_hb = now_ms
        self.send(f"HB {self.seq}\n")

    def send(self, line: str) -> bool:
        """Write one line; False when this pass's write budget is spent (the line is not written)."""
        if self.writes_left is not None:
            if self.writes_left <= 0:
                return False
            self.writes_left -= 1
        try:  # noqa: SIM105 - MicroPython has no contextlib
            self.write(line)
        except OSError:
            pass  # USB not connected: the press stays in the outbox and goes out on reconnect
        return True


class Matrix:
    """A diode button matrix: rows driven low one at a time, columns read with pull-ups.

    After each row switch the columns get `settle_us` to follow before they are read. A column runs
    through metres of cable to the pads, so it has capacitance to charge through its pull-up: read at
    once, a key held on the previous row still pulls the column low and shows up on this row as a
    ghost press. With the RP2040's own 50-80 kOhm pull-ups and a few metres of cable the line needs
    tens of microseconds; the 4.7 kOhm external pull-ups in hardware/README.md cut that tenfold,
    and 50 us covers both.
    """

    def __init__(self, rows, cols, settle_us: int = 50, sleep_us=None) -> None:
        self.rows = rows  # output pins, idle high
        self.cols = cols  # input pins with pull-up; a pressed key pulls its column low
        self.settle_us = settle_us
        self.sleep_us = sleep_us  # time.sleep_us on the board; a fake clock in the tests
        for row in rows:
            row.value(1)

    def _settle(self) -> None:
        if self.settle_us and self.sleep_us is not None:
            self.sleep_us(self.settle_us)

    def read(self):
        levels = []
        for row in self.rows:
            row.value(0)
            self._settle()
            for col in self.cols:
                levels.append(col.value() == 0)
            row.value(1)
        self._settle()  # the last row's keys let go of the columns before the next scan
        return levels


class PlainLeds:
    """One GPIO per seat LED."""

    def __init__(self, pins) -> None:
        self.pins = pins
        self.shown = [None] * len(pins)

    def show(self, hub: Hub, now_ms: int) -> None:
        for seat in range(min(len(self.pins), hub.seats)):
            lit = hub.led_lit(seat, now_ms)
            if lit != self.shown[seat]:
                self.pins[seat].value(1 if lit else 0)
                self.shown[seat] = lit


class PixelLeds:
    """A WS2812 (NeoPixel) chain, one pixel per seat; written only when a colour changes."""

    def __init__(self, strip, count: int) -> None:
        self.strip = strip
        self.count = count
        self.shown = [None] * count

    def show(self, hub: Hub, now_ms: int) -> None:
        changed = False
        for seat in range(min(self.count, hub.seats)):
            colour = hub.pixel(seat, now_ms)
            if colour != self.shown[seat]:
                self.strip[seat] = colour
                self.shown[seat] = colour
                changed = True
        if changed:
            self.strip.write()
