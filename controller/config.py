"""The box's configuration file: one TOML file, every key known, checked at start.

A typo in a config file on an appliance is otherwise found at game night, so unknown keys and
wrong types stop the start with one line naming the key. Command-line flags win over the file.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from controller.games.registry import DEFAULT_GAME, UnknownGame, check_game
from controller.games.registry import game as game_named
from controller.i18n import LANGUAGES

DEFAULT_PATH = Path("/etc/jaccuse-table/config.toml")
#: the tables the box seats (it has 14 pads); the game's own range is checked once the game is known
MIN_PLAYERS, MAX_PLAYERS = 2, 14
PAD_MODES = ("auto", "gpio", "serial", "phone", "mock")
OLED_MODELS = ("ssd1306", "sh1106", "ssd1309", "none")
#: who plays a bot seat: the rules' random bot, the game's rules of thumb, or the search
BOT_LEVELS = ("random", "sensible", "strong")


class ConfigError(ValueError):
    """The config file cannot be used; the message is one line naming the file and the key."""


@dataclass(frozen=True)
class Config:
    players: int = 6
    game: str = DEFAULT_GAME  # the game a new deal starts (a journaled game resumes as what it is)
    data_dir: str | None = None
    host: str = "0.0.0.0"
    port: int = 8000
    bots: int = 0
    bot_level: str = "strong"  # who plays the bot seats (BOT_LEVELS); the host page can change a seat's
    pads: str | None = None  # None: auto on a Pi (the hub if one is on USB, else GPIO), phone elsewhere
    pinmap: str | None = None  # None: the pin map shipped in hardware/
    serial_port: str | None = None  # None: find the hub by its USB ids (controller/devices/serial_pads.py)
    oled_model: str = "ssd1306"
    oled_address: int = 0x3C
    i2c_port: int = 1
    campaign: int = 0  # 0: single games; 2, 4, 6 or 8: campaigns of that many generations
    # the game's table options for a new deal: the names its ``Game.table_options`` declares, switched
    # on, and ``NAME=a,b`` for a list option of its ``Game.table_lists`` (controller/games/table_options.py)
    options: tuple[str, ...] = ()
    # names the box also answers to (the Host check), beside its addresses, localhost and HOSTNAME.local
    allowed_hosts: tuple[str, ...] = ()
    i2c_hz: int = 400_000  # the bus speed the installer sets; mock mode's emulated panel takes as long
    oled_rotate: int = 0  # 0 or 180 degrees
    oled_contrast: int = 0xCF
    oled_dim_after: int = 10  # minutes without a change before the panel dims (0: never)
    oled_off_after: int = 60  # minutes without a change before it goes dark (0: never)
    # the box's language: the table page, the host page and the OLED (the host page can change it;
    # each phone follows its own browser or switch): "en" or "zh_Hant" (docs/i18n.md)
    language: str = "en"


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


_LABEL = r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
_HOST_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*\.?$", re.IGNORECASE)


def host_error(value: str) -> str | None:
    """Why ``value`` is not an address or host name to listen on, or None when it is one."""
    bare = value[1:-1] if value.startswith("[") and value.endswith("]") else value
    try:
        ipaddress.ip_address(bare)
        return None
    except ValueError:
        pass
    if not _HOST_NAME.match(bare) or bare.replace(".", "").isdigit():
        return f"{value!r} is not an IP address or a host name (for example 0.0.0.0, 192.168.1.20 or ::)"
    return None


def _host(key: str, value: object) -> str:
    text = _string(key, value)
    why = host_error(text)
    if why:
        raise ConfigError(f"'{key}': {why}")
    return text


def _host_names(key: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"'{key}' must be a list of host names, not {value!r}")
    for name in value:
        why = host_error(name)
        if why:
            raise ConfigError(f"'{key}': {why}")
    return tuple(value)


def _option_names(key: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"'{key}' must be a list of option names, e.g. [\"traitor\","
                          f" \"sets=base,advanced\"], not {value!r}")
    return tuple(value)


def _rotation(key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 180):
        raise ConfigError(f"'{key}' must be 0 or 180 (degrees), not {value!r}")
    return value


def _game(key: str, value: object) -> str:
    try:
        return check_game(value)
    except UnknownGame as exc:
        raise ConfigError(f"'{key}': {exc}") from None


def _choice(options: tuple[str, ...]) -> Any:
    def check(key: str, value: object) -> str:
        if value not in options:
            raise ConfigError(f"'{key}' must be one of {', '.join(options)}, not {value!r}")
        return str(value)

    return check


SCHEMA: dict[str, dict[str, tuple[str, Any]]] = {
    "box": {
        "game": ("game", _game),
        # checked against the game's own range once the whole file is read (players_error)
        "players": ("players", _int_range(MIN_PLAYERS, MAX_PLAYERS)),
        "data_dir": ("data_dir", _string),
        "host": ("host", _host),
        "port": ("port", _int_range(1, 65535)),
        "bots": ("bots", _int_range(0, 14)),
        "bot_level": ("bot_level", _choice(BOT_LEVELS)),
        "campaign": ("campaign", _campaign),
        # checked against the game's own table options once the whole file is read
        "options": ("options", _option_names),
        "allowed_hosts": ("allowed_hosts", _host_names),
        "language": ("language", _choice(tuple(LANGUAGES))),
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
        "i2c_hz": ("i2c_hz", _int_range(10_000, 1_000_000)),
        "rotate": ("oled_rotate", _rotation),
        "contrast": ("oled_contrast", _int_range(0, 255)),
        "dim_after": ("oled_dim_after", _int_range(0, 24 * 60)),
        "off_after": ("oled_off_after", _int_range(0, 24 * 60)),
    },
}


def parse_config(text: str, source: str = "config") -> Config:
    import tomllib  # only a box with a config file pays for the TOML parser at start

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
    game = values.get("game", Config.game)
    why = players_error(game, values.get("players", Config.players))
    if why:
        raise ConfigError(f"{source}: 'box.players': {why}")
    why = options_error(game, {"campaign": values.get("campaign", Config.campaign)})
    if why:
        raise ConfigError(f"{source}: 'box.campaign': {why}")
    why = table_options_error(game, values.get("options", ()))
    if why:
        raise ConfigError(f"{source}: 'box.options': {why}")
    return Config(**values)


def players_error(game: str, players: int) -> str | None:
    """Why ``game`` cannot be dealt for ``players`` seats (one line), or None when it can."""
    return game_named(game).check_players(players)


def options_error(game: str, options: dict[str, Any]) -> str | None:
    """Why ``game`` cannot be dealt with these deal options (a campaign), or None when it can."""
    return game_named(game).check_options(options)


def table_options_error(game: str, on: tuple[str, ...]) -> str | None:
    """Why ``game`` has not every table option in ``on`` (its ``Game.table_options``), or None."""
    return game_named(game).check_table_options(on)


def add_config_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """A command's ``--config FILE``: the box's config file, ``what`` the command does with it."""
    parser.add_argument("--config", type=Path, default=None, metavar="FILE",
                        help=f"the box's config file, {what} (default: {DEFAULT_PATH} if it exists)")


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
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}); "
            "save it as UTF-8"
        ) from None
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
# game = "jaccuse"            # the game a new deal starts (`jaccuse-table run --help` lists them; a
                              # resumed game keeps its own)
# players = 6                 # default table size, within the game's range (run --help)
# data_dir = "/var/lib/jaccuse-table"   # journal and seat tokens; default under systemd: StateDirectory
# host = "0.0.0.0"            # address the phone server listens on
# port = 8000
# bots = 0                    # seats played by the built-in bot
# bot_level = "strong"        # random, sensible or strong (the search); the host page can change a seat's
# campaign = 0                # 0: single games; 2, 4, 6 or 8: a campaign of that many generations
# options = []                # the game's table options for a new deal: a variant by name, a list
                              # option with its values, e.g. ["powers", "sets=base,advanced"]
                              # (docs/configuration.md and `run --help` list each game's)
# allowed_hosts = []          # more names the box answers to, e.g. ["jaccuse.lan"] (its addresses,
                              # localhost and HOSTNAME.local always work)
# language = "en"            # the TV's, host page's and display's: "en" or "zh_Hant" (phones follow
                              # their own browser; the host page can change it)

[pads]
# mode = "auto"               # auto | gpio | serial | phone | mock (auto: the USB hub if found, else GPIO)
# pinmap = "/etc/jaccuse-table/pinmap-gpio.toml"   # default: the map shipped in hardware/
# serial_port = "/dev/jaccuse-hub"  # the pad hub's port; default: found by its USB ids

[oled]
# model = "ssd1306"           # ssd1306 | sh1106 | ssd1309 | none
# address = 0x3C              # I2C address (0x3C or 0x3D on most modules)
# i2c_port = 1                # /dev/i2c-1 on every current Pi
# i2c_hz = 400000             # the bus speed set in /boot/firmware/config.txt (the installer sets 400 kHz)
# rotate = 0                  # 0, or 180 for a module mounted upside down
# contrast = 207              # 0-255
# dim_after = 10              # minutes without a change before the screen dims (0: never)
# off_after = 60              # minutes without a change before it goes dark (0: never)
"""
