"""Fakes for the OLED path: an I2C adapter behind smbus2's own open() and ioctl(), and a controller.

`I2cAdapter` replaces only what smbus2 calls into the kernel with (``os.open`` of /dev/i2c-N, which
becomes a real descriptor on /dev/null so descriptor counts mean something, and ``fcntl.ioctl``), so
luma's interface, smbus2 and our opener all run as on a Pi. `Controller` plays an SSD1306-family
controller at luma's serial-interface level, including what a power cut does to it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import random
import types
from typing import Any

I2C_SLAVE, I2C_FUNCS, I2C_RDWR, I2C_SMBUS = 0x0703, 0x0705, 0x0707, 0x0720


class I2cAdapter:
    """/dev/i2c-N with `answers(call)` deciding, transfer by transfer, whether the address acknowledges."""

    def __init__(self, answers: Any = lambda call: False) -> None:
        self.answers = answers
        self.transfers = 0
        self.opened = 0

    def install(self, monkeypatch: Any) -> None:
        import smbus2.smbus2 as impl

        real_open = os.open

        def fake_open(path: str, flags: int, *args: Any) -> int:
            if str(path).startswith("/dev/i2c-"):
                self.opened += 1
                return real_open(os.devnull, os.O_RDWR)
            return real_open(path, flags, *args)

        kernel = types.SimpleNamespace(open=fake_open, close=os.close, O_RDWR=os.O_RDWR)
        monkeypatch.setattr(impl, "os", kernel)
        monkeypatch.setattr(impl, "ioctl", self.ioctl)

    def ioctl(self, fd: int, request: int, arg: Any = 0) -> int:
        if request == I2C_FUNCS:
            arg.value = 0x0EFF0008  # I2C plus the SMBus emulation, as i2c-bcm2835 reports
            return 0
        if request == I2C_SLAVE:
            return 0
        if request in (I2C_SMBUS, I2C_RDWR):
            self.transfers += 1
            if self.answers(self.transfers):
                return 0
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        raise OSError(errno.ENOTTY, "Inappropriate ioctl for device")


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def open_buses() -> int:
    """Descriptors this fake opened for /dev/i2c-N (they point at /dev/null) and are still open."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # closed while we looked
            count += os.readlink(f"/proc/self/fd/{fd}") == os.devnull
    return count


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# one-byte commands followed by that many argument bytes (the SSD1306 / SH1106 sets luma uses)
_ARGS = {0x81: 1, 0x8D: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Controller:
    """An OLED controller's memory and state, driven through luma's serial-interface calls.

    It keeps the frame memory (horizontal addressing with a page range, or SH1106 page writes), whether
    the display is on and whether the SSD130x charge pump was enabled (the SH1106's DC-DC converter is
    on from reset). `power_cut()` is a brown-out or a replug: memory turns to noise, display off, pump
    off; the controller goes on accepting writes.
    """

    def __init__(self, model_name: str = "ssd1306", width: int = 128, pages: int = 8) -> None:
        self.model_name = model_name
        self.width, self.pages = width, pages
        self.memory = [bytearray(width) for _ in range(pages)]
        self.col_range, self.page_range = (0, width - 1), (0, pages - 1)
        self.col = self.page = 0
        self.on = False
        self.pump = model_name == "sh1106"
        self.commands: list[int] = []  # every command byte, for tests that look for a display-off
        self.data_bytes = 0
        self.fail = False

    @property
    def lit(self) -> bool:
        return self.on and self.pump

    def power_cut(self, seed: int = 0) -> None:
        rng = random.Random(seed)
        self.memory = [bytearray(rng.randbytes(self.width)) for _ in range(self.pages)]
        self.on = False
        self.pump = self.model_name == "sh1106"

    def command(self, *cmd: int) -> None:
        if self.fail:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        i = 0
        while i < len(cmd):
            op, args = cmd[i], cmd[i + 1 : i + 1 + _ARGS.get(cmd[i], 0)]
            self.commands.append(op)
            if op == 0xAE:
                self.on = False
            elif op == 0xAF:
                self.on = True
            elif op == 0x8D and args == (0x14,):
                self.pump = True
            elif op == 0x21 and i + 6 <= len(cmd) and cmd[i + 3] == 0x22:
                self.col_range, self.page_range = (cmd[i + 1], cmd[i + 2]), (cmd[i + 4], cmd[i + 5])
                self.col, self.page = cmd[i + 1], cmd[i + 4]
                i += 6
                continue
            elif 0xB0 <= op <= 0xB7:  # a page address: how the SH1106 is written
                self.page, self.col = op - 0xB0, 0
                self.col_range, self.page_range = (0, self.width - 1), (self.page, self.page)
            i += 1 + len(args)

    def data(self, data: list[int]) -> None:
        if self.fail:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.data_bytes += len(data)
        for value in data:
            self.memory[self.page][self.col] = value
            self.col += 1
            if self.col > self.col_range[1]:
                self.col = self.col_range[0]
                self.page = self.page + 1 if self.page < self.page_range[1] else self.page_range[0]

    def cleanup(self) -> None:
        pass


class ProbeBus:
    """smbus2's SMBus as the probe uses it, answering when the controller is there and not failing."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    def write_byte_data(self, address: int, register: int, value: int) -> None:
        if self.controller.fail:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def close(self) -> None:
        pass
