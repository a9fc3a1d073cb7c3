from __future__ import annotations

from pathlib import Path

import pytest

from controller.config import (
    Config,
    ConfigError,
    default_config_text,
    load_config,
    parse_config,
    with_overrides,
)


def test_empty_file_gives_defaults() -> None:
    assert parse_config("") == Config()


def test_the_installed_default_file_parses_to_the_defaults() -> None:
    assert parse_config(default_config_text()) == Config()


def test_every_key_is_read() -> None:
    cfg = parse_config(
        """
        [box]
        players = 9
        data_dir = "/srv/jt"
        host = "127.0.0.1"
        port = 8080
        bots = 2
        [pads]
        mode = "serial"
        pinmap = "/etc/pins.toml"
        serial_port = "/dev/ttyUSB0"
        [oled]
        model = "sh1106"
        address = 0x3D
        i2c_port = 3
        """
    )
    assert cfg == Config(9, "/srv/jt", "127.0.0.1", 8080, 2, "serial", "/etc/pins.toml", "/dev/ttyUSB0",
                         "sh1106", 0x3D, 3)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("[box]\nplayerz = 6", "'box.playerz'"),
        ("[sound]\nvolume = 3", "[sound]"),
        ("[box]\nplayers = 'six'", "'box.players'"),
        ("[box]\nplayers = 15", "'box.players'"),
        ("[box]\nport = true", "'box.port'"),
        ("[pads]\nmode = 'bluetooth'", "'pads.mode'"),
        ("[oled]\nmodel = 'ssd9999'", "'oled.model'"),
        ("[oled]\naddress = 300", "'oled.address'"),
        ("box = 3", "'box'"),
        ("[box\n", "not valid TOML"),
        ("[box]\nplayers = 5\nbots = 6", "'box.bots'"),
    ],
)
def test_bad_files_are_refused_with_one_line_naming_the_key(text: str, named: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(text, "cfg.toml")
    message = str(info.value)
    assert named in message and message.startswith("cfg.toml: ") and "\n" not in message


def test_flags_override_the_file(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[box]\nport = 9000\nplayers = 7\n")
    cfg = with_overrides(load_config(path), port=9100, players=None)
    assert (cfg.port, cfg.players) == (9100, 7)


def test_unreadable_file_is_one_clear_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "missing.toml")
