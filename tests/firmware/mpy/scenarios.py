"""Firmware scenarios that must hold on the board's interpreter: run under MicroPython and CPython alike.

tests/firmware/test_micropython.py runs this file twice: under CPython (with firmware/ and this folder on
the path) and under the real MicroPython, the WebAssembly port driven by Node (run_micropython.mjs puts
the firmware files and the stand-ins for `machine` and `neopixel` into its file system). Each scenario
prints one line, `RESULT <name> PASS|FAIL <detail>`; plain Python only, nothing CPython-specific.
"""

import sys

import hub as hubfw
import machine
import main as mainfw

IMPL = sys.implementation.name


class Stop(BaseException):
    """Ends main()'s endless loop from a stand-in; the loop's guard only catches Exception."""


class Wire:
    def __init__(self):
        self.lines = []

    def __call__(self, line):
        self.lines.append(line)

    def take(self):
        out = self.lines
        self.lines = []
        return [line.rstrip("\n") for line in out]


class Lcg:
    """A tiny deterministic random source (no `random` module needed on either interpreter)."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state >> 8) % bound


class FakeTime:
    """ticks_ms / sleep_ms / sleep_us for main(); sleep_ms raises Stop after `sleeps` calls."""

    def __init__(self, sleeps):
        self.us = 0
        self.sleeps_left = sleeps

    def ticks_ms(self):
        return (self.us // 1000) % (1 << 30)

    def ticks_diff(self, a, b):
        return ((a - b + (1 << 29)) % (1 << 30)) - (1 << 29)

    def sleep_us(self, us):
        self.us += us

    def sleep_ms(self, ms):
        self.sleeps_left -= 1
        if self.sleeps_left < 0:
            raise Stop()
        self.us += ms * 1000


class FakeStdin:
    """The USB port's input: a script of byte chunks, one byte per read as main.step asks."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def read(self, n):
        chunk = self.data[self.pos : self.pos + n]
        self.pos += len(chunk)
        return chunk


class FakePoller:
    def __init__(self, stdin):
        self.stdin = stdin

    def poll(self, timeout):
        return self.stdin.pos < len(self.stdin.data)


def linked_hub(seats=14):
    wire = Wire()
    hub = hubfw.Hub(seats, wire, "beef")
    hub.receive(b"HELLO\n", 0)
    wire.take()
    return hub, wire


def scenario_old_decode_would_crash():
    """Why the CPython tests could not see point 4: MicroPython ignores errors= and raises."""
    try:
        text = b"\xff\xfe\n".decode("ascii", "replace")
    except UnicodeError:
        return IMPL == "micropython", "decode raised UnicodeError despite errors='replace'"
    return IMPL != "micropython", "decode returned " + repr(text)


def scenario_any_bytes_are_taken():
    hub, wire = linked_hub()
    rng = Lcg(7)
    for _ in range(300):
        chunk = bytes([rng.next(256) for _ in range(rng.next(12) + 1)])
        hub.receive(chunk, 10)
    hub.receive(b"\n\xc3\x28\n\xe2\x82\n", 11)  # invalid UTF-8 sequences, whole lines of them
    wire.take()
    hub.receive(b"PING\n", 12)
    lines = wire.take()
    if lines != ["HB 0"]:
        return False, "after the junk the hub answered " + repr(lines)
    return hub.bad_lines > 0, str(hub.bad_lines) + " junk lines answered with ERR, still running"


def scenario_ctrl_c_byte_is_data():
    hub, wire = linked_hub()
    hub.receive(b"\x03\x03\n", 5)
    hub.receive(b"LED 2 \x03on\n", 6)
    hub.receive(b"LED 2 on\n", 7)
    lines = wire.take()
    ok = lines == ["ERR bad line", "ERR bad line"] and hub.leds[2] == "on"
    return ok, repr(lines)


def run_main(stdin_bytes, sleeps, fault=None, max_errors=50):
    """main() with stand-ins: the pins, the clock, the USB port; returns (lines written, watchdog)."""
    machine.Pin.registry = {}
    machine.WDT.last = None
    time = FakeTime(sleeps)
    stdin = FakeStdin(stdin_bytes)
    wire = Wire()
    config = dict(mainfw.CONFIG)
    config["max_errors"] = max_errors
    if fault is not None:
        original_build = mainfw.build

        def faulty_build(config, write, machine_module=machine, sleep_us=None):
            hub, matrix, leds = original_build(config, write, machine_module, sleep_us)
            first_col = machine.Pin.registry[config["cols"][0]]
            first_col.read_hook = fault
            return hub, matrix, leds

        mainfw.build = faulty_build
    try:
        mainfw.main(config, machine, time, FakePoller(stdin), stdin, wire)
    except Stop:
        pass
    finally:
        if fault is not None:
            mainfw.build = original_build
    return wire.take(), machine.WDT.last


def scenario_main_loop_survives_junk_and_a_fault():
    calls = [0]

    def flaky_column():
        calls[0] += 1
        if calls[0] == 9:
            raise OSError(5)
        return 1

    junk = b"\xff\xfe\x03\x03garbage\n\x80\nHELLO\nPING\n"
    lines, wdt = run_main(junk, sleeps=40, fault=flaky_column)
    if not any(line.startswith("HELLO jaccuse-hub") for line in lines[1:]):
        return False, "no HELLO answer after the junk: " + repr(lines[:6])
    if "ERR OSError" not in lines:
        return False, "the fault was not reported: " + repr(lines)
    if wdt is None or wdt.feeds < 35:
        return False, "watchdog fed " + str(wdt and wdt.feeds) + " times in 40 passes"
    feeds = str(wdt.feeds)
    return True, "answered HELLO after junk, reported the fault, fed the watchdog " + feeds + " times"


def scenario_kbd_intr_is_switched_off():
    import micropython

    run_main(b"", sleeps=2)
    if IMPL == "micropython":
        return True, "checked by the Node runner: the interrupt character afterwards"
    return micropython.interrupt_char == -1, "interrupt char " + str(micropython.interrupt_char)


def scenario_persistent_fault_lets_the_watchdog_reset():
    def dead_column():
        raise OSError(5)

    lines, wdt = run_main(b"", sleeps=30, fault=dead_column, max_errors=10)
    errors = [line for line in lines if line == "ERR OSError"]
    # fed after each of the first 9 failed passes, then never again: the board would reset
    return len(errors) == 10 and wdt.feeds == 9, str(len(errors)) + " errors, " + str(wdt.feeds) + " feeds"


def scenario_resending_a_full_outbox_to_a_pi_that_does_not_read_keeps_the_watchdog_fed():
    """Each write blocks 500 ms (the CDC transmit timeout); HELLO asks for 128 queued presses at once."""
    time = FakeTime(sleeps=400)
    slow = [False]
    sent = []

    def write(line):
        if slow[0]:
            time.us += 500 * 1000  # the Pi holds the port open without reading
        sent.append(line)

    stdin = FakeStdin(b"")
    machine.Pin.registry = {}
    machine.WDT.clock = lambda: time.us // 1000
    try:
        config = dict(mainfw.CONFIG)
        hub, matrix, leds = mainfw.build(config, write, machine, time.sleep_us)
        watchdog = machine.WDT(timeout=config["watchdog_ms"])
        guard = mainfw.Guard(hub, watchdog, config["max_errors"])
        hub.receive(b"HELLO\n", 0)
        for n in range(hub.outbox_max):  # queued while the Pi still read, never acknowledged
            hub.press(n % hub.seats, "R", 1)
        slow[0] = True
        del sent[:]
        stdin.data = b"HELLO\n"
        watchdog.feed()  # fed just before the Pi's HELLO arrives
        passes = 0
        while passes < 300:
            guard.run(lambda: mainfw.step(hub, matrix, leds, FakePoller(stdin), stdin, time.us // 1000))
            passes += 1
            resent = set(line.split()[1] for line in sent if line.startswith("P "))
            if len(resent) == hub.outbox_max:
                break
            time.us += config["scan_ms"] * 1000
        fed = watchdog.fed_at
        gaps = [fed[i + 1] - fed[i] for i in range(len(fed) - 1)]  # no zip(strict=) on MicroPython
    finally:
        machine.WDT.clock = None
    longest = max(gaps)
    if len(resent) != hub.outbox_max:
        return False, "only " + str(len(resent)) + " presses re-sent in " + str(passes) + " passes"
    detail = "all " + str(len(resent)) + " re-sent in " + str(passes) + " passes, longest gap between"
    detail += " feeds " + str(longest) + " ms (watchdog " + str(config["watchdog_ms"]) + " ms)"
    return longest < config["watchdog_ms"] // 2, detail


class SlowLine:
    """A matrix column on a long cable with weak pull-ups.

    A key pulls the column low through its diode and the driven row: that is quick. Letting go, only the
    pull-up charges the cable back up, which takes `rise_us`; read sooner, the column still looks low.
    """

    def __init__(self, clock, truth, rise_us):
        self.clock = clock
        self.truth = truth  # () -> the level the line is heading to
        self.rise_us = rise_us
        self.low = False
        self.released_at = None

    def changed(self):
        """Called on every row write: a key now holds the column low, or lets it rise from now on."""
        if self.truth() == 0:
            self.low = True
            self.released_at = None
        elif self.low and self.released_at is None:
            self.released_at = self.clock[0]

    def value(self, level=None):
        if self.low and self.released_at is not None and self.clock[0] - self.released_at >= self.rise_us:
            self.low = False
            self.released_at = None
        return 0 if self.low else 1


class RowPin:
    def __init__(self, clock, lines):
        self.clock = clock
        self.lines = lines
        self.level = 1

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level
        self.clock[0] += 1  # a pin write takes about a microsecond
        for line in self.lines:
            line.changed()
        return None


def matrix_reads(settle_us):
    """Key held: row 0 x col 1. Returns what a few scans see, columns taking 20 us to rise again."""
    clock = [0]

    def sleep_us(us):
        clock[0] += us

    cols = []
    rows = [RowPin(clock, cols) for _ in range(3)]
    for col in range(2):
        held_row = 0 if col == 1 else None

        def truth(held_row=held_row):
            return 0 if held_row is not None and rows[held_row].level == 0 else 1

        cols.append(SlowLine(clock, truth, 20))
    matrix = hubfw.Matrix(rows, cols, settle_us, sleep_us)
    return [matrix.read() for _ in range(3)]


def scenario_matrix_settles_before_reading():
    held = [False, True, False, False, False, False]
    rushed = matrix_reads(0)
    settled = matrix_reads(50)
    if all(scan == held for scan in rushed):
        return False, "the simulated slow line showed no ghost without a settle delay"
    ok = all(scan == held for scan in settled)
    return ok, "no settle: " + repr(rushed[1]) + "; 50 us: " + repr(settled[1])


def scenario_presses_carry_the_vote_round():
    hub, wire = linked_hub()
    hub.press(1, "R", 10)
    hub.receive(b"EPOCH 4242\n", 20)
    hub.press(2, "A", 30)
    hub.tick(1100)
    lines = [line for line in wire.take() if line.startswith("P ")]
    expected = ["P 1 1 R - 0", "P 2 2 A 4242 0", "P 1 1 R - 1090", "P 2 2 A 4242 1070"]
    return lines == expected, repr(lines)


def scenario_unlinked_press_is_dropped_and_shown():
    wire = Wire()
    hub = hubfw.Hub(5, wire, "0001")
    hub.press(3, "R", 100)  # the Pi has never spoken: no link
    if hub.outbox or hub.dropped_unlinked != 1:
        return False, "press kept while unlinked"
    if hub.led_state(3, 200) != "refused" or hub.pixel(3, 160) != hubfw.PIXEL_COLOURS["refused"]:
        return False, "the drop is not shown on the seat's LED"
    if hub.led_state(3, 1200) != "off":
        return False, "the red blink does not end"
    hub.receive(b"HELLO\n", 2000)
    hello = wire.take()[0]
    return hello.endswith("dropped=1"), hello


SCENARIOS = [
    scenario_old_decode_would_crash,
    scenario_any_bytes_are_taken,
    scenario_ctrl_c_byte_is_data,
    scenario_main_loop_survives_junk_and_a_fault,
    scenario_kbd_intr_is_switched_off,
    scenario_persistent_fault_lets_the_watchdog_reset,
    scenario_matrix_settles_before_reading,
    scenario_presses_carry_the_vote_round,
    scenario_unlinked_press_is_dropped_and_shown,
    scenario_resending_a_full_outbox_to_a_pi_that_does_not_read_keeps_the_watchdog_fed,
]


def run_all():
    for scenario in SCENARIOS:
        name = scenario.__name__[len("scenario_") :]
        try:
            ok, detail = scenario()
        except Exception as exc:
            ok, detail = False, "raised " + type(exc).__name__ + ": " + str(exc)
        print("RESULT " + name + " " + ("PASS" if ok else "FAIL") + " " + str(detail))


if __name__ == "__main__":
    run_all()
