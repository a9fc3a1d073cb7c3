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
from typing import Any, TextIO

from controller.config import DEFAULT_PATH, Config, ConfigError, add_config_argument, load_config
from controller.devices.choose import pi_model
from controller.games import registry
from controller.oled_kit.model import DisplayModel

OLED_ADDRESSES = (0x3C, 0x3D)
I2C_BUS = 1
FAST_I2C_HZ = 400_000
UDEV_RULE = "etc/udev/rules.d/99-jaccuse-hub.rules"
#: the unit as shipped (in a checkout, and in the installer's copy under /opt/jaccuse-table/src)
PACKAGED_UNIT = Path(__file__).resolve().parents[2] / "systemd" / "jaccuse-table.service"
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
    add_config_argument(parser, "checked against the wiring")
    parser.add_argument(
        "--pads",
        choices=["auto", "gpio", "serial", "none"],
        default=None,
        help="which pads to test: auto = the hub if one answers on USB, else GPIO (default: the config's)",
    )
    parser.add_argument("--pinmap", metavar="FILE", help="GPIO pin-map TOML file (default: the config's)")
    parser.add_argument("--hub", metavar="PORT", help="serial port of the pad hub (default: the config's)")
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
    model = pi_model(root)
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
    config = _read_config(report, root, args)

    hub_port = _check_hub(report, root, args.hub or config.serial_port)
    if model is not None:
        _check_groups(report)
        from controller.commands.doctor_sandbox import check_device_groups

        check_device_groups(report, root, PACKAGED_UNIT)
        _check_i2c(report, root, config)
        pads = _pads_to_test(report, args.pads, config.pads, hub_port)
        if args.pinmap is None:
            args.pinmap = config.pinmap
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


def _read_config(report: Report, root: Path, args: argparse.Namespace) -> Config:
    """The config the service would start with (the defaults when there is none, or it is broken)."""
    report.section("Config")
    path = Path(args.config) if args.config else root / DEFAULT_PATH.relative_to("/")
    if not path.exists():
        (report.problem if args.config else report.note)(f"no config file at {path}; checking the defaults")
        return Config()
    try:
        config = load_config(path)
    except ConfigError as exc:
        report.problem(f"{exc} (the service would not start); checking the defaults")
        return Config()
    oled = "no OLED" if config.oled_model == "none" else (
        f"OLED {config.oled_model} at {config.oled_address:#x} on /dev/i2c-{config.i2c_port}"
    )
    report.ok(
        f"{path}: {oled}, pads {config.pads or 'auto'}, pin map {config.pinmap or 'the built-in one'}, "
        f"hub {config.serial_port or 'found by its USB ids'}"
    )
    return config


def _pads_to_test(report: Report, asked: str | None, configured: str | None, hub_port: str | None) -> str:
    """The pads the doctor tests: what was asked, else what the config makes the box use."""
    if asked is not None:
        return asked
    if configured in ("gpio", "serial"):
        if configured == "serial" and hub_port is None:
            report.problem("the config says mode = \"serial\" under [pads], but no pad hub answered (above)")
        elif configured == "gpio" and hub_port is not None:
            report.note("a pad hub answers, but the config says mode = \"gpio\": the box ignores the hub")
        return configured
    if configured in ("phone", "mock"):
        report.note(f"the config says mode = \"{configured}\" under [pads]: the box uses no pads")
        return "none"
    return "auto"


def _report_rules_build(report: Report) -> None:
    report.section("Software")
    for name in registry.names():
        compiled = getattr(registry.game(name).own_rules(), "COMPILED", None)
        if compiled is None:
            continue  # a game that has no compiled build
        if compiled:
            report.ok("rules core: compiled with mypyc")
        else:
            report.note(
                "rules core: plain Python (fine for play; install with JACCUSE_COMPILE_RULES=1 for "
                "about twice the speed in `simulate` and bot games)"
            )


def _check_i2c(report: Report, root: Path, config: Config) -> None:
    report.section("OLED screen (I2C)")
    port = config.i2c_port
    device = root / f"dev/i2c-{port}"
    if not device.exists():
        report.problem(
            f"/dev/i2c-{port} is missing: I2C is switched off. Turn it on with `sudo raspi-config` "
            "(Interface Options > I2C) or add `dtparam=i2c_arm=on` to /boot/firmware/config.txt, then reboot."
            + ("" if port == I2C_BUS else f" (the config says i2c_port = {port}; every current Pi uses 1)")
        )
        return
    report.ok(f"/dev/i2c-{port} is present")
    configured_hz = _check_i2c_speed(report, root, port)
    addresses = sorted({*OLED_ADDRESSES, config.oled_address})
    try:
        found = [a for a in addresses if _answers(device, a)]
    except Exception as exc:  # permissions (not in the i2c group) or a bus fault
        report.problem(f"could not scan the I2C bus: {exc}. Is this user in the `i2c` group?")
        return
    wanted = config.oled_address
    if config.oled_model == "none":
        if found:
            report.note(f"a display answers at {_hexes(found)}, but the config says model = \"none\"")
        else:
            report.ok("no OLED, as the config says (model = \"none\")")
    elif wanted in found:
        report.ok(f"the OLED answers at {wanted:#x}, as the config says")
        if root == Path("/"):
            _time_a_frame(report, config.oled_model, wanted, port, configured_hz)
    elif found:
        report.problem(
            f"the config says the OLED is at {wanted:#x}, but it answers at {_hexes(found)}: set "
            f"address = {found[0]:#04X} under [oled]".replace("0X", "0x")
        )
    else:
        report.problem(
            f"nothing answers at {_hexes(addresses)}: check the OLED's four wires (VCC to 3.3 V pin 1, "
            "GND to pin 9, SDA to pin 3, SCL to pin 5) and that the module is an I2C one"
        )


def _hexes(addresses: list[int]) -> str:
    return " or ".join(f"{a:#x}" for a in addresses)


def _check_i2c_speed(report: Report, root: Path, port: int = I2C_BUS) -> int | None:
    """The bus speed config.txt asked for, as the kernel read it (a big-endian 32-bit number in the device
    tree). It is what was configured, not what the bus runs at: on a Pi 3, Zero 2 W and 4 the I2C clock
    is divided from the VPU core clock, which the firmware changes with load (raspberrypi/firmware#1281:
    400 kHz asked, 250 kHz measured), so the timed frame is what tells."""
    from controller.devices.display import frame_transfer_seconds

    node = root / f"sys/class/i2c-adapter/i2c-{port}/of_node/clock-frequency"
    try:
        hz = int.from_bytes(node.read_bytes()[:4], "big")
    except (OSError, ValueError):
        report.note("could not read the I2C bus speed; the installer sets 400 kHz in config.txt")
        return None
    if hz >= FAST_I2C_HZ:
        report.ok(
            f"I2C bus configured for {hz // 1000} kHz (a full OLED frame would take about "
            f"{frame_transfer_seconds(hz) * 1000:.0f} ms at that speed; the timed frame below says what "
            "it takes)"
        )
    else:
        frame_ms = frame_transfer_seconds(hz) * 1000
        report.problem(
            f"I2C bus configured for {hz // 1000} kHz: a full OLED frame takes about {frame_ms:.0f} ms; "
            "add `dtparam=i2c_arm_baudrate=400000` to /boot/firmware/config.txt (the installer does), "
            "then reboot"
        )
    return hz


def frame_verdict(measured: float, configured_hz: int | None, model: str) -> str | None:
    """A note when a timed frame took clearly longer than the configured bus speed allows (None when it
    did not): the speed the time points to, and where the core-clock note is."""
    from controller.devices.display import frame_transfer_seconds

    if not configured_hz:
        return None
    mode = "pages" if model == "sh1106" else "range"
    expected = frame_transfer_seconds(configured_hz, mode=mode)
    if measured <= expected * 1.25 + 0.002:  # luma's and Python's own share of a frame, with room
        return None
    effective = configured_hz * expected / measured
    return (
        f"that is about what {effective / 1000:.0f} kHz would give, not the {configured_hz // 1000} kHz "
        "configured: on a Pi 3, Zero 2 W and 4 the I2C clock follows the core clock; "
        "docs/troubleshooting.md says how to pin it"
    )


def _time_a_frame(
    report: Report, model: str, address: int, port: int, configured_hz: int | None
) -> None:
    """Put a few full frames on the real panel and say how long one takes, after display() returned."""
    import time

    from controller.devices.display import Panel, open_display
    from controller.devices.screens import render

    worker = None
    try:
        worker = open_display(model, address, i2c_port=port)
        if not worker.connected:
            report.problem(f"the OLED at {address:#x} did not take the {model} set-up: {worker.error}")
            return
        panel = Panel(worker.device)
        image = render(DisplayModel(view=None, startup_url="http://doctor.invalid/"))
        worker.device.show()  # the box's set-up leaves the display off until its first frame
        times = []
        for _ in range(3):
            panel.forget()
            started = time.monotonic()
            panel.show(image)
            times.append(time.monotonic() - started)
        report.ok(
            f"a full {model} frame reaches the panel in {min(times) * 1000:.0f} ms (shifted by two "
            "columns or garbled? then the module is another model: see docs/troubleshooting.md)"
        )
        slow = frame_verdict(min(times), configured_hz, model)
        if slow is not None:
            report.note(slow)
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


def _answers(device: Path, address: int) -> bool:
    """Whether a controller acknowledges a no-op command at `address` (the box's own probe)."""
    from controller.devices.oled_link import PanelMissing, probe

    try:
        probe(0, address, lambda _port: _smbus(device))
    except PanelMissing:
        return False
    return True


def _smbus(device: Path) -> Any:
    from smbus2 import SMBus  # installed with luma.oled

    return SMBus(str(device))


#: how long the doctor listens for the hub's hello, asking once and then once more: a board plugged
#: in moments ago says nothing while its firmware watches BOOTSEL (``maintenance_window_ms`` in
#: firmware/main.py, 2 s) and takes a little longer to start, so the second wait outlasts all of that
HUB_PROBES = (2.0, 3.5)


def _introduce(probe: Callable[..., Any], port: str) -> Any:
    """The hub's hello on ``port``, asked for up to ``HUB_PROBES`` times (None if it never came)."""
    for timeout in HUB_PROBES:
        hello = probe(port, timeout=timeout)
        if hello is not None:
            return hello
    return None


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
            hello = _introduce(probe_hub, candidate)
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
                f"{candidate}: something is there but it did not introduce itself as a J'Accuse hub within "
                f"{sum(HUB_PROBES):.1f} s; "
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
