"""Stand-in for MicroPython's built-in `micropython` module, for CPython only (MicroPython has its own)."""

interrupt_char = 3


def kbd_intr(char):
    global interrupt_char
    interrupt_char = char
