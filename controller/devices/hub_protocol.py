"""The Pi's half of the pad-hub line protocol (firmware/README.md); firmware/hub.py is the other half."""

from __future__ import annotations

from dataclasses import dataclass

from controller.devices.leds import LedState

PROTOCOL = 2  # 2: presses carry the round of presses (epoch) and their age; EPOCH line; dropped= in HELLO
HUB_NAME = "jaccuse-hub"
NO_EPOCH = "-"  # what the hub stamps before the Pi has named a round
BUTTON_BY_CODE: dict[str, str] = {"R": "reveal", "A": "abstain"}
HELLO_REQUEST = b"HELLO\n"
PING = b"PING\n"


@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: str
    seats: int
    boot: str
    dropped: int = 0  # presses the hub threw away because it could not hear the Pi (this boot)


@dataclass(frozen=True)
class Press:
    seq: int
    seat: int
    button: str
    epoch: str | None = None  # the round of presses the hub was told about when the key went down
    age_ms: int | None = None  # how long ago that was, as this copy left the hub


@dataclass(frozen=True)
class Heartbeat:
    seq: int


@dataclass(frozen=True)
class HubError:
    text: str


HubLine = Hello | Press | Heartbeat | HubError


def parse_hub_line(line: str) -> HubLine | None:
    """One line from the hub, or None for noise (a half line after a replug, a boot message)."""
    parts = line.strip().split()
    if not parts:
        return None
    word, args = parts[0], parts[1:]
    try:
        if word == "P" and len(args) == 3 and args[2] in BUTTON_BY_CODE:  # protocol 1
            return Press(int(args[0]), int(args[1]), BUTTON_BY_CODE[args[2]])
        if word == "P" and len(args) == 5 and args[2] in BUTTON_BY_CODE:
            epoch = None if args[3] == NO_EPOCH else str(int(args[3]))
            return Press(int(args[0]), int(args[1]), BUTTON_BY_CODE[args[2]], epoch, int(args[4]))
        if word == "HB" and len(args) == 1:
            return Heartbeat(int(args[0]))
        if word == "HELLO" and len(args) >= 3 and args[0] == HUB_NAME:
            fields = dict(a.split("=", 1) for a in args[3:] if "=" in a)
            return Hello(
                int(args[1]),
                args[2],
                int(fields.get("seats", "0")),
                fields.get("boot", ""),
                int(fields.get("dropped", "0")),
            )
    except ValueError:
        return None
    if word == "ERR":
        return HubError(" ".join(args))
    return None


def ack_line(seq: int) -> bytes:
    return f"ACK {seq}\n".encode("ascii")


def epoch_line(epoch: int) -> bytes:
    return f"EPOCH {epoch}\n".encode("ascii")


def led_line(seat: int, state: LedState) -> bytes:
    return f"LED {seat} {state.value}\n".encode("ascii")
