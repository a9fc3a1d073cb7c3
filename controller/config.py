"""The box's configuration file: one TOML file, every key known, checked at start.

A typo in a config file on an appliance is otherwise found at game night, so unknown keys and
wrong types stop the start with one line naming the key. Command-line flags win over the file.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path("/etc/jaccuse-table/config.toml")
PAD_MODES = ("gpio", "serial", "phone", "mock")
OLED_MODELS = ("ssd1306", "sh1106", "ssd1309", "none")


class ConfigError(ValueError):
    """The config file cannot be used; the message is one line naming the file and the key."""


@dataclass(frozen=True)
class Config:
    players: int = 6
    data_dir: str | None = None
    host: str = "0.0.0.0"
    port: int = 8000
    bots: int = 0
    pads: str | None = None  # None: gpio on a Pi, phone elsewhere (mock mode)
    pinmap: str | None = None  # None: the pin map shipped in hardware/
    serial_port: str = "/dev/ttyACM0"
    oled_model: str = "ssd1306"
    oled_address: int = 0x3C
    i2c_port: int = 1
    campaign: int = 0  # 0: single games; 2, 4, 6 or 8: campaigns of that many generations


# file key -> (Config field, checker); the file groups keys in [box], [pads] and [oled]
def _int_range(lo: int, hi: int) -> Any:
    def check(key: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(f"'{key}' must be a whole number from {lo} to {hi}, not {value!r}")
        return value

    return check


def _campaign(key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in CAMPAIGN_CHOICES:
        raise ConfigError(f"'{key}' must be 0 (single games) or an even number from 2 to 8, not {value!r}")
    return value


CAMPAIGN_CHOICES = (0, 2, 4, 6, 8)


def _string(key: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"'{key}' must be a non-empty string, not {value!r}")
    return value


def _choice(options: tuple[str, ...]) -> Any:
    def check(key: str, value: object) -> str:
        if value not in options:
            raise ConfigError(f"'{key}' must be one of {', '.join(options)}, not {value!r}")
        return str(value)

    return check


SCHEMA: dict[str, dict[str, tuple[str, Any]]] = {
    "box": {
        "players": ("players", _int_range(5, 14)),
        "data_dir": ("data_dir", _string),
        "host": ("host", _string),
        "port": ("port", _int_range(1, 65535)),
        "bots": ("bots", _int_range(0, 14)),
        "campaign": ("campaign", _campaign),
    },
    "pads": {
        "mode": ("pads", _choice(PAD_MODES)),
        "pinmap": ("pinmap", _string),
        "serial_port": ("serial_port", _string),
    },
    "oled": {
        "model": ("oled_model", _choice(OLED_MODELS)),
        "address": ("oled_address", _int_range(0x03, 0x77)),
        "i2c_port": ("i2c_port", _int_range(0, 10)),
    },
}


def parse_config(text: str, source: str = "config") -> Config:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML: {exc}") from None
    values: dict[str, Any] = {}
    for section, body in data.items():
        if section not in SCHEMA:
            raise ConfigError(f"{source}: unknown section [{section}] (known: {', '.join(SCHEMA)})")
        if not isinstance(body, dict):
            raise ConfigError(f"{source}: '{section}' must be a [{section}] table")
        for key, value in body.items():
            name = f"{section}.{key}"
            if key not in SCHEMA[section]:
                raise ConfigError(f"{source}: unknown key '{name}'")
            field_name, check = SCHEMA[section][key]
            try:
                values[field_name] = check(name, value)
            except ConfigError as exc:
                raise ConfigError(f"{source}: {exc}") from None
    if values.get("bots", 0) > values.get("players", Config.players):
        raise ConfigError(f"{source}: 'box.bots' cannot exceed 'box.players'")
    return Config(**values)


def load_config(path: str | Path | None) -> Config:
    """Read ``path``; with None, the system file if it exists, else the defaults."""
    if path is None:
        if not DEFAULT_PATH.exists():
            return Config()
        path = DEFAULT_PATH
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config file ({exc.strerror})") from None
    return parse_config(text, str(path))


def with_overrides(config: Config, **overrides: Any) -> Config:
    """Command-line flags win: every override that is not None replaces the file's value."""
    known = {f.name for f in fields(Config)}
    unknown = set(overrides) - known
    if unknown:
        raise TypeError(f"unknown config fields {sorted(unknown)}")
    return replace(config, **{k: v for k, v in overrides.items() if v is not None})


def default_config_text() -> str:
    """The commented file the installer writes; every key with its default."""
    return """\
# jaccuse-table configuration. Every key is optional; command-line flags override it.
# See docs/configuration.md for what each key does.

[box]
# players = 6                 # default table size, 5-14 (a resumed game keeps its own)
# data_dir = "/var/lib/jaccuse-table"   # journal and seat tokens; default under systemd: StateDirectory
# host = "0.0.0.0"            # address the phone server listens on
# port = 8000
# bots = 0                    # seats played by the built-in bot
# campaign = 0                # 0: single games; 2, 4, 6 or 8: a campaign of that many generations

[pads]
# mode = "gpio"               # gpio | serial | phone | mock (default: gpio on a Pi, mock elsewhere)
# pinmap = "/etc/jaccuse-table/pinmap-gpio.toml"   # default: the map shipped in hardware/
# serial_port = "/dev/ttyACM0"  # the pad hub, for mode = "serial"

[oled]
# model = "ssd1306"           # ssd1306 | sh1106 | ssd1309 | none
# address = 0x3C              # I2C address (0x3C or 0x3D on most modules)
# i2c_port = 1                # /dev/i2c-1 on every current Pi
"""
