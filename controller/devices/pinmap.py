"""Which BCM GPIO pins each seat's reveal button, abstain button and LED use.

The default map is built in (and mirrored by hardware/pinmap-gpio.toml, which a test keeps equal), so
an installed box works without the repository; a builder who wires differently passes their own file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Pins the pads may never take: 0/1 carry the HAT ID EEPROM bus, 2/3 are I2C1 where the OLED sits.
RESERVED_PINS: dict[int, str] = {
    0: "GPIO0 is the HAT ID EEPROM bus (ID_SD)",
    1: "GPIO1 is the HAT ID EEPROM bus (ID_SC)",
    2: "GPIO2 is I2C SDA, used by the OLED",
    3: "GPIO3 is I2C SCL, used by the OLED",
}
HEADER_MAX_PIN = 27  # the 40-pin header exposes BCM 0-27
SEAT_KEYS: tuple[str, str, str] = ("reveal", "abstain", "led")
TOP_KEYS: frozenset[str] = frozenset({"format", "seat"})
FORMAT = 1

# (reveal, abstain, led) per seat, grouped by header position so each seat's three wires sit together.
DEFAULT_GPIO_SEATS: tuple[tuple[int, int, int], ...] = (
    (4, 17, 27),
    (22, 10, 9),
    (11, 5, 6),
    (13, 19, 26),
    (14, 15, 18),
    (23, 24, 25),
    (8, 7, 12),
    (16, 20, 21),
)

# Extra seats for mock mode only: MockFactory emulates a Compute Module 3 (BCM 0-45), so 14 seats fit.
MOCK_REVISION = "a020a0"
MOCK_MAX_PIN = 45
_MOCK_EXTRA_SEATS: tuple[tuple[int, int, int], ...] = tuple(
    (28 + 3 * i, 29 + 3 * i, 30 + 3 * i) for i in range(6)
)


class PinMapError(ValueError):
    """A pin-map file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class SeatPins:
    reveal: int
    abstain: int
    led: int

    def button(self, name: str) -> int:
        return self.reveal if name == "reveal" else self.abstain


@dataclass(frozen=True)
class PinMap:
    seats: tuple[SeatPins, ...]
    source: str = "built-in"

    def __len__(self) -> int:
        return len(self.seats)

    def limited(self, players: int) -> PinMap:
        """The first `players` seats; a clear error when the map has fewer."""
        if players > len(self.seats):
            raise PinMapError(
                f"{self.source}: {players} players need {players} seats but the pin map wires only "
                f"{len(self.seats)}; use the serial pad hub for bigger tables"
            )
        return PinMap(self.seats[:players], self.source)


def default_pinmap() -> PinMap:
    return PinMap(tuple(SeatPins(*pins) for pins in DEFAULT_GPIO_SEATS))


def mock_pinmap() -> PinMap:
    """The default map plus six more seats on Compute Module pins, for 14-seat mock tables."""
    seats = DEFAULT_GPIO_SEATS + _MOCK_EXTRA_SEATS
    return PinMap(tuple(SeatPins(*pins) for pins in seats), "mock")


def parse_pinmap(data: Mapping[str, Any], source: str, max_pin: int = HEADER_MAX_PIN) -> PinMap:
    """Validate a decoded pin-map document; raise PinMapError on the first problem found."""
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise PinMapError(f"{source}: unknown key {unknown[0]!r} (allowed: format, seat)")
    if data.get("format", FORMAT) != FORMAT:
        raise PinMapError(f"{source}: format {data.get('format')!r} is not supported (expected {FORMAT})")
    raw_seats = data.get("seat")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise PinMapError(f"{source}: no seats; add one [[seat]] table per seat")
    used: dict[int, str] = {}
    seats: list[SeatPins] = []
    for index, entry in enumerate(raw_seats):
        where = f"seat {index}"
        if not isinstance(entry, dict):
            raise PinMapError(f"{source}: {where} is not a table")
        extra = sorted(set(entry) - set(SEAT_KEYS))
        if extra:
            raise PinMapError(
                f"{source}: {where} has unknown key {extra[0]!r} (allowed: reveal, abstain, led)"
            )
        pins: list[int] = []
        for key in SEAT_KEYS:
            if key not in entry:
                raise PinMapError(f"{source}: {where} lacks {key!r}")
            pin = entry[key]
            if not isinstance(pin, int) or isinstance(pin, bool):
                raise PinMapError(f"{source}: {where} {key} must be a BCM pin number, not {pin!r}")
            if pin in RESERVED_PINS:
                raise PinMapError(
                    f"{source}: {where} {key} uses GPIO{pin}, which is reserved: {RESERVED_PINS[pin]}"
                )
            if not 0 <= pin <= max_pin:
                raise PinMapError(f"{source}: {where} {key} uses GPIO{pin}, outside BCM 0-{max_pin}")
            label = f"{where} {key}"
            if pin in used:
                raise PinMapError(f"{source}: GPIO{pin} is used twice ({used[pin]} and {label})")
            used[pin] = label
            pins.append(pin)
        seats.append(SeatPins(*pins))
    return PinMap(tuple(seats), source)


def load_pinmap(path: str | Path | None = None, max_pin: int = HEADER_MAX_PIN) -> PinMap:
    """Read a pin-map TOML file, or the built-in default when `path` is None."""
    if path is None:
        return default_pinmap()
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PinMapError(f"{source}: cannot read the pin map ({exc.strerror or exc})") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PinMapError(f"{source}: not valid TOML ({exc})") from exc
    return parse_pinmap(data, source, max_pin)
