"""Stand-in for MicroPython's `machine` module, enough for firmware/main.py under any Python.

Used by tests/firmware/scenarios.py both under CPython and under the real MicroPython (WebAssembly
port, run by Node), where it is copied into the interpreter's file system.
"""


class Pin:
    OUT = 1
    IN = 0
    PULL_UP = 1
    registry = {}  # noqa: RUF012 - MicroPython has no typing.ClassVar

    def __init__(self, number, mode=0, pull=None, value=None):
        self.number = number
        self.mode = mode
        self.pull = pull
        if value is not None:
            self.level = value
        else:
            self.level = 1 if pull == Pin.PULL_UP else 0
        self.read_hook = None
        Pin.registry[number] = self

    def value(self, level=None):
        if level is None:
            if self.read_hook is not None:
                return self.read_hook()
            return self.level
        self.level = level
        return None


class WDT:
    """Counts feeds; the tests read `WDT.last` to see whether the loop kept the watchdog fed."""

    last = None
    clock = None  # a test's ms clock: then every feed's time is kept in `fed_at`

    def __init__(self, id=0, timeout=5000):
        if timeout > 8388:
            raise ValueError("the RP2040 watchdog cannot wait longer than 8388 ms")
        self.timeout = timeout
        self.feeds = 0
        self.fed_at = []
        WDT.last = self

    def feed(self):
        self.feeds += 1
        if WDT.clock is not None:
            self.fed_at.append(WDT.clock())
