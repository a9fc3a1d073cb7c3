"""Stand-in for MicroPython's `neopixel` module (see machine.py beside it)."""


class NeoPixel:
    def __init__(self, pin, count):
        self.pin = pin
        self.pixels = [(0, 0, 0)] * count
        self.writes = 0

    def __setitem__(self, index, colour):
        self.pixels[index] = colour

    def __getitem__(self, index):
        return self.pixels[index]

    def write(self):
        self.writes += 1
