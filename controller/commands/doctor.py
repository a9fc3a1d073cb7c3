"""`jaccuse-table doctor`: check the box's hardware and say, in plain words, what works and what does not.

Meant for the person who just soldered the box: every finding names the part, what was seen, and what
to try next. On a machine that is not a Raspberry Pi it says so and exits non-zero.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

OLED_ADDRESSES = (0x3C, 0x3D)
I2C_BUS = 1
FAST_I2C_HZ = 400_000
UDEV_RULE = "etc/udev/rules.d/99-jaccuse-hub.rules"
DEVICE_GROUPS = {"gpio": "the GPIO pins", "i2c": "the OLED's I2C bus", "dialout": "the pad hub's serial port"}


@dataclass
class Report:
    out: TextIO
    problems: list[str] = field(default_factory=list)

    def ok(self, text: str) -> None:
        self.out.write(f"  OK       {text}\n")

    def problem(self, text: str) -> None:
        self.problems.append(text)
        self.out.write(f"  PROBLEM  {text}\n")

    def note(self, text: str) -> None:
        self.out.write(f"  note     {text}\n")

    def section(self, title: str) -> None:
        self.out.write(f"\n{title}\n")
        self.out.flush()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pads",
        choices=["auto", "gpio", "serial", "none"],
        default="auto",
        help="which pads to test: auto = the hub if one answers on USB, else GPIO (default: auto)",
    )
    parser.add_argument("--pinmap", metavar="FILE", help="GPIO pin-map TOML file (default: the built-in map)")
    parser.add_argument("--hub", metavar="PORT", help="serial port of the pad hub (default: search USB)")
    parser.add_argument("--seats", type=int, default=None, help="how many seats to test (default: all wired)")
    parser.add_argument(
        "--press-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how long to wait for each button press (default: 10)",
    )
    parser.add_argument("--no-buttons", action="store_true", help="skip the press-every-button check")
    parser.add_argument("--root", default="/", help=argparse.SUPPRESS)  # tests point this at a fake system


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    report = Report(out or sys.stdout)
    root = Path(args.root)
    model = _pi_model(root)
    report.out.write("jaccuse-table doctor: checking the box's hardware\n")

    report.section("Raspberry Pi")
    if model is None:
        report.problem(
            "No Raspberry Pi hardware found: this machine has no Raspberry Pi model in "
            "/proc/device-tree/model, so there is no GPIO header or I2C bus to check. "
            "To play without the box, run `jaccuse-table run --mock`."
        )
    else:
        report.ok(model)
    _report_rules_build(report)

    hub_port = _check_hub(report, root, args.hub)
    if model is not None:
        _check_groups(report)
        _check_i2c(report, root)
        pads = args.pads
        if pads == "auto":
            pads = "serial" if hub_port else "gpio"
            report.section("Pads")
            report.ok(
                "auto: the box will use the pad hub (found above)"
                if hub_port
                else "auto: no pad hub answered, so the box will use the pads on the GPIO header"
            )
        if args.no_buttons or pads == "none":
            report.section("Buttons")
            report.note("button check skipped")
        elif pads == "serial":
            if hub_port is None:
                report.section("Buttons (pad hub)")
                report.problem("no pad hub to test the buttons through (see above)")
            else:
                _check_hub_buttons(report, hub_port, args)
        else:
            _check_gpio_buttons(report, args)

    report.out.write("\n")
    if report.problems:
        report.out.write(f"{len(report.problems)} problem(s) found.\n")
        return 1
    report.out.write("Everything checked works.\n")
    return 0


def _report_rules_build(report: Report) -> None:
    from controller.games.registry import names, rules

    report.section("Software")
    for name in names():
        compiled = getattr(rules(name), "COMPILED", None)
        if compiled is None:
            continue  # a game that has no compiled build
        if compiled:
            report.ok("rules core: compiled with mypyc")
        else:
            report.note(
                "rules core: plain Python (fine for play; install with JACCUSE_COMPILE_RULES=1 for "
                "about twice the speed in `simulate` and bot games)"
            )


def _pi_model(root: Path) -> str | None:
    try:
        text = (root / "proc/device-tree/model").read_bytes().decode("ascii", "replace")
    except OSError:
        return None
    model = text.strip("\x00\n ")
    return model if "Raspberry Pi" in model else None


def _check_i2c(report: Report, root: Path) -> None:
    report.section("OLED screen (I2C)")
    device = root / f"dev/i2c-{I2C_BUS}"
    if not device.exists():
        report.problem(
            f"/dev/i2c-{I2C_BUS} is missing: I2C is switched off. Turn it on with `sudo raspi-config` "
            "(Interface Options > I2C) or add `dtparam=i2c_arm=on` to /boot/firmware/config.txt, then reboot."
        )
        return
    report.ok(f"/dev/i2c-{I2C_BUS} is present")
    _check_i2c_speed(report, root)
    try:
        from smbus2 import SMBus  # installed with luma.oled

        with SMBus(str(device)) as bus:
            found = [hex(a) for a in OLED_ADDRESSES if _answers(bus, a)]
    except Exception as exc:  # permissions (not in the i2c group) or a bus fault
        report.problem(f"could not scan the I2C bus: {exc}. Is this user in the `i2c` group?")
        return
    if found:
        report.ok(f"a display answers at {', '.join(found)} (the OLED)")
        if root == Path("/"):
            _time_a_frame(report, int(found[0], 16))
    else:
        report.problem(
            "nothing answers at 0x3c or 0x3d: check the OLED's four wires (VCC to 3.3 V pin 1, GND to "
            "pin 9, SDA to pin 3, SCL to pin 5) and that the module is an I2C one"
        )


def _check_i2c_speed(report: Report, root: Path) -> None:
    """The bus speed the kernel set from config.txt (a big-endian 32-bit number in the device tree)."""
    node = root / f"sys/class/i2c-adapter/i2c-{I2C_BUS}/of_node/clock-frequency"
    try:
        hz = int.from_bytes(node.read_bytes()[:4], "big")
    except (OSError, ValueError):
        report.note("could not read the I2C bus speed; the installer sets 400 kHz in config.txt")
        return
    if hz >= FAST_I2C_HZ:
        report.ok(f"I2C bus at {hz // 1000} kHz (a full OLED frame takes about 25 ms)")
    else:
        frame_ms = 25 * FAST_I2C_HZ // max(hz, 1)
        report.problem(
            f"I2C bus at {hz // 1000} kHz: a full OLED frame takes about {frame_ms} ms; "
            "add `dtparam=i2c_arm_baudrate=400000` to /boot/firmware/config.txt (the installer does), "
            "then reboot"
        )


def _time_a_frame(report: Report, address: int) -> None:
    """Put a few full frames on the real panel and say how long one takes, after display() returned."""
    import os
    import time

    from controller.devices.display import Panel, open_display
    from controller.devices.screens import DisplayModel, render

    model = os.environ.get("JACCUSE_OLED_MODEL") or "ssd1306"
    worker = None
    try:
        worker = open_display(model, address)
        if worker.device is None:
            report.problem(f"the OLED at {address:#x} did not take the {model} set-up: {worker.error}")
            return
        panel = Panel(worker.device)
        image = render(DisplayModel(view=None, startup_url="http://doctor.invalid/"))
        times = []
        for _ in range(3):
            panel.forget()
            started = time.monotonic()
            panel.show(image)
            times.append(time.monotonic() - started)
        report.ok(f"a full {model} frame reaches the panel in {min(times) * 1000:.0f} ms")
    except Exception as exc:  # wrong model, bus fault
        report.problem(f"could not draw on the OLED at {address:#x} as a {model}: {exc}")
    finally:
        if worker is not None:
            worker.close()


def _check_groups(report: Report) -> None:
    """The groups the devices belong to: the user running the box must be in the ones that exist."""
    import grp
    import os

    if os.geteuid() == 0:
        return  # root opens every device; the service user is what matters, see `id jaccuse`
    mine = set(os.getgroups())
    for name, what in DEVICE_GROUPS.items():
        try:
            gid = grp.getgrnam(name).gr_gid
        except KeyError:
            continue  # no such group on this system: the device is reached another way
        if gid not in mine:
            report.problem(
                f"this user is not in the `{name}` group, needed for {what}: sudo usermod -aG {name} $USER"
            )


def _answers(bus: object, address: int) -> bool:
    try:
        bus.read_byte(address)  # type: ignore[attr-defined]
    except OSError:
        return False
    return True


def _check_hub(report: Report, root: Path, port: str | None) -> str | None:
    from controller.devices.serial_pads import find_hub_ports, probe_hub

    report.section("Pad hub (USB serial)")
    candidates = [port] if port else find_hub_ports(str(root))
    if not (root / UDEV_RULE).exists():
        report.note(
            f"no /{UDEV_RULE}: the hub gets no stable name and ModemManager may probe it (run the installer)"
        )
    if not candidates:
        report.note("no pad hub on USB (fine if the pads are wired to the GPIO header)")
        return None
    for candidate in candidates:
        try:
            hello = probe_hub(candidate, timeout=2.0)
        except Exception as exc:  # busy port, permissions (dialout group), vanished device
            busy = "lock" in str(exc).lower() or "busy" in str(exc).lower()
            hint = (
                "another program holds it; stop the service first: sudo systemctl stop jaccuse-table"
                if busy else "is this user in the `dialout` group?"
            )
            report.problem(f"{candidate}: cannot open it ({exc}); {hint}")
            continue
        if hello is None:
            report.problem(
                f"{candidate}: something is there but it did not introduce itself as a J'Accuse hub; "
                "copy firmware/hub.py and firmware/main.py onto the board (see firmware/README.md)"
            )
            continue
        report.ok(
            f"{candidate}: J'Accuse pad hub, firmware {hello.firmware}, protocol {hello.protocol}, "
            f"{hello.seats} seats"
        )
        from controller.devices.hub_protocol import PROTOCOL

        if hello.protocol < PROTOCOL:
            report.problem(
                f"{candidate}: the hub's firmware is too old (protocol {hello.protocol}, the box needs "
                f"{PROTOCOL}); copy firmware/hub.py and firmware/main.py to it again (firmware/README.md)"
            )
            return None
        return candidate
    return None


def _check_gpio_buttons(report: Report, args: argparse.Namespace) -> None:
    from controller.devices.pinmap import PinMapError, load_pinmap

    report.section("Buttons and LEDs (GPIO)")
    try:
        pinmap = load_pinmap(args.pinmap)
    except PinMapError as exc:
        report.problem(str(exc))
        return
    report.ok(f"pin map {pinmap.source}: {len(pinmap)} seats")
    try:
        from controller.devices.gpio_pads import GpioPads
        from controller.devices.lgpio_env import lgpio_workdir

        report.note(f"lgpio keeps its notification pipe in {lgpio_workdir()} (LG_WD)")
        pads = GpioPads(pinmap.limited(args.seats or len(pinmap)))
    except Exception as exc:  # no GPIO access, pin already in use, missing lgpio
        report.problem(
            f"cannot open the GPIO pins: {exc}. If it mentions .lgd-nfy, run the doctor as the docs say "
            "(with LG_WD=/var/lib/jaccuse-table); otherwise check the `gpio` group"
        )
        return
    if pads.pin_factory and "LGPIO" not in pads.pin_factory.upper():
        report.note(f"GPIO through gpiozero's {pads.pin_factory}, not lgpio (is python3-lgpio installed?)")
    else:
        report.ok(f"GPIO through gpiozero's {pads.pin_factory}")
    try:
        _press_every_button(report, pads.seats, pads.start, pads.set_leds, args.press_timeout)
    finally:
        pads.close()


def _check_hub_buttons(report: Report, port: str, args: argparse.Namespace) -> None:
    from controller.devices.serial_pads import probe_hub

    report.section("Buttons and LEDs (pad hub)")
    hello = probe_hub(port, timeout=2.0)
    seats = args.seats or (hello.seats if hello else 0)
    from controller.devices.serial_pads import SerialPads

    pads = SerialPads(port, seats)
    try:
        _press_every_button(report, seats, pads.start, pads.set_leds, args.press_timeout)
    finally:
        pads.close()


def _press_every_button(
    report: Report,
    seats: int,
    start: Callable[..., None],
    set_leds: Callable[..., None],
    timeout: float,
) -> None:
    """Ask for each button in turn, lighting that seat's LED, and report what actually arrived."""
    from controller.devices.leds import LedState

    presses: list[tuple[int, str]] = []
    arrived = threading.Condition()

    def on_press(seat: int, name: str) -> None:
        with arrived:
            presses.append((seat, name))
            arrived.notify_all()

    start(on_press)
    report.note(f"press each button when asked; its seat LED blinks ({timeout:g} s per button)")
    for seat in range(seats):
        set_leds({s: LedState.WAITING if s == seat else LedState.OFF for s in range(seats)})
        for name in ("reveal", "abstain"):
            with arrived:
                presses.clear()
            report.out.write(f"    press seat {seat} {name.upper()} ... ")
            report.out.flush()
            with arrived:
                arrived.wait_for(lambda: bool(presses), timeout)
                got = list(presses)
            if not got:
                report.out.write("nothing\n")
                report.problem(f"seat {seat} {name}: no press seen; check that button's two wires")
            elif got[0] == (seat, name):
                report.out.write("seen\n")
            else:
                other_seat, other_name = got[0]
                report.out.write("wrong button\n")
                report.problem(
                    f"seat {seat} {name}: the press arrived as seat {other_seat} {other_name}; "
                    "the wires or the pin map are swapped"
                )
    set_leds(dict.fromkeys(range(seats), LedState.OFF))
