"""Which pads to use when the setting says `auto`: the serial hub when one is plugged in, else GPIO; and
whether this is a Raspberry Pi at all (else ``run`` goes to mock mode and ``doctor`` says so).

`hardware/README.md` promises that the Pi finds the hub by itself; this is where it does. The choice is
made once at start-up (a hub plugged in later needs a restart, or `mode = "serial"`), and is said in the
log, on the OLED's start screen and by `doctor`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

PAD_LABELS: dict[str, str] = {
    "gpio": "GPIO",
    "serial": "hub",
    "phone": "phones",
    "mock": "virtual",
}


def pi_model(root: Path = Path("/")) -> str | None:
    """The Raspberry Pi this runs on, as its device tree names it ("Raspberry Pi 4 Model B Rev 1.4"), or
    None on any other machine (``root``: a fake system's, for tests)."""
    try:
        text = (root / "proc/device-tree/model").read_bytes().decode("ascii", "replace")
    except OSError:
        return None
    model = text.strip("\x00\n ")
    return model if "Raspberry Pi" in model else None


def choose_pads(
    mode: str, serial_port: str | None = None, find: Callable[[], list[str]] | None = None
) -> tuple[str, str]:
    """The pad mode to run (never `auto`) and a sentence saying why, for the log and the doctor."""
    if mode != "auto":
        where = f" at {serial_port}" if mode == "serial" and serial_port else ""
        return mode, f"{mode}{where} (as configured)"
    if serial_port:
        return "serial", f"pad hub at {serial_port} (the configured port)"
    if find is None:
        from controller.devices.serial_pads import find_hub_ports

        find = find_hub_ports
    try:
        ports = find()
    except Exception as exc:  # no pyserial, /sys unreadable: fall back to the header
        return "gpio", f"GPIO header (could not look for a pad hub: {exc})"
    if ports:
        return "serial", f"pad hub found on USB at {ports[0]}"
    return "gpio", "GPIO header (no pad hub on USB)"
