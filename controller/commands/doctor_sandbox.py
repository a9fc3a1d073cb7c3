"""The doctor's look at the service's device sandbox: would the unit's DeviceAllow= groups resolve?

The unit allows its devices by group (``DeviceAllow=char-ttyACM``). systemd looks each group up in
/proc/devices when the service starts; a group whose driver is not loaded then is silently left out,
and every later open of such a device fails with "Operation not permitted" until the service restarts.
The doctor runs outside that sandbox and would open the hub fine, so it checks what the service meets:
whether each group is listed now, and whether its driver is loaded at every boot.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Protocol

INSTALLED_UNIT = "etc/systemd/system/jaccuse-table.service"
MODULES_LOAD_DIRS = (
    "etc/modules-load.d", "run/modules-load.d", "usr/lib/modules-load.d", "lib/modules-load.d",
)

#: device group -> (the kernel module behind it, what the box uses it for)
GROUP_DRIVERS = {
    "ttyACM": ("cdc_acm", "the pad hub"),
    "ttyUSB": ("usbserial", "a pad hub behind a USB serial adapter"),
    "i2c": ("i2c_dev", "the OLED"),
}


class Reporter(Protocol):
    def ok(self, text: str) -> None: ...
    def problem(self, text: str) -> None: ...
    def note(self, text: str) -> None: ...
    def section(self, title: str) -> None: ...


def allowed_groups(unit_text: str) -> list[str]:
    """The char-* groups a unit's DeviceAllow= lines name, in order."""
    return re.findall(r"^\s*DeviceAllow\s*=\s*char-(\S+)", unit_text, flags=re.MULTILINE)


def char_groups(proc_devices: str) -> set[str]:
    """The character-device groups /proc/devices lists (the part before 'Block devices:')."""
    text = proc_devices.split("Block devices:")[0]
    return {m.group(1) for m in re.finditer(r"^\s*\d+\s+(\S+)\s*$", text, flags=re.MULTILINE)}


def modules_loaded_at_boot(root: Path) -> set[str]:
    """Module names listed in the modules-load.d directories and /etc/modules (dashes as underscores)."""
    files = [root / "etc/modules"]
    for folder in MODULES_LOAD_DIRS:
        files.extend(sorted((root / folder).glob("*.conf")))
    names: set[str] = set()
    for path in files:
        try:
            lines = path.read_text().splitlines()
        except OSError:
            continue
        for line in lines:
            word = line.split("#")[0].strip()
            if word and not word.startswith(";"):
                names.add(word.split()[0].replace("-", "_"))
    return names


def built_in_modules(root: Path) -> set[str]:
    """Modules compiled into the running kernel (they are always there)."""
    path = root / "lib/modules" / os.uname().release / "modules.builtin"
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return set()
    return {Path(line).name.removesuffix(".ko").replace("-", "_") for line in lines}


def check_device_groups(report: Reporter, root: Path, packaged_unit: Path) -> None:
    """Say, for each device group the unit allows, whether the service would get it."""
    report.section("Service sandbox (devices the unit allows)")
    unit = root / INSTALLED_UNIT
    try:
        groups = allowed_groups(unit.read_text())
    except OSError:
        report.note(f"the service is not installed (no /{INSTALLED_UNIT}); checking the unit it would get")
        try:
            groups = allowed_groups(packaged_unit.read_text())
        except OSError:  # an installed package without the checkout's systemd/ folder
            groups = list(GROUP_DRIVERS)
    try:
        listed = char_groups((root / "proc/devices").read_text())
    except OSError:
        report.note("could not read /proc/devices")
        return
    at_boot = modules_loaded_at_boot(root) | built_in_modules(root)
    for group in groups:
        if group not in GROUP_DRIVERS:
            continue
        module, what = GROUP_DRIVERS[group]
        if group not in listed:
            report.problem(
                f"char-{group} is not in /proc/devices ({module} is not loaded): the service, started "
                f"now, would be refused {what} (Operation not permitted) even once it is plugged in. "
                f"Run `sudo modprobe {module}` and `sudo systemctl restart jaccuse-table`; the installer "
                "loads it at every boot (/etc/modules-load.d/jaccuse-table.conf)"
            )
        elif module not in at_boot:
            report.problem(
                f"char-{group} is there now, but {module} is not loaded at boot: after a reboot "
                f"without {what} plugged in, the service would refuse it until restarted. Run "
                "`sudo systemd/install.sh` again (it adds /etc/modules-load.d/jaccuse-table.conf)"
            )
        else:
            report.ok(f"char-{group} ({what}): its driver {module} is loaded at boot")
