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
        campaign = 4
        allowed_hosts = ["jaccuse.lan"]
        [pads]
        mode = "serial"
        pinmap = "/etc/pins.toml"
        serial_port = "/dev/ttyUSB0"
        [oled]
        model = "sh1106"
        address = 0x3D
        i2c_port = 3
        i2c_hz = 100000
        rotate = 180
        contrast = 128
        dim_after = 5
        off_after = 0
        """
    )
    assert cfg == Config(
        players=9, data_dir="/srv/jt", host="127.0.0.1", port=8080, bots=2, pads="serial",
        pinmap="/etc/pins.toml", serial_port="/dev/ttyUSB0", oled_model="sh1106", oled_address=0x3D,
        i2c_port=3, campaign=4, allowed_hosts=("jaccuse.lan",), i2c_hz=100_000, oled_rotate=180,
        oled_contrast=128, oled_dim_after=5, oled_off_after=0,
    )


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
        ("[oled]\nrotate = 90", "'oled.rotate'"),
        ("[oled]\ncontrast = 256", "'oled.contrast'"),
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


def test_campaign_key_and_flag() -> None:
    from controller.commands import run

    assert Config().campaign == 0
    assert parse_config("[box]\ncampaign = 4\n").campaign == 4
    assert parse_config("[box]\ncampaign = 0\n").campaign == 0
    for bad in ("3", "10", "-2", "true", '"4"'):
        with pytest.raises(ConfigError, match=r"box\.campaign"):
            parse_config(f"[box]\ncampaign = {bad}\n")
    import argparse

    parser = argparse.ArgumentParser()
    run.add_arguments(parser)
    assert parser.parse_args(["--campaign", "2"]).campaign == 2
    assert parser.parse_args([]).campaign is None
    for bad in ("1", "5", "10", "x"):
        with pytest.raises(SystemExit):
            parser.parse_args(["--campaign", bad])
    args = parser.parse_args(["--campaign", "6", "--config", "/nonexistent-dir/x.toml"])
    args.config = None
    assert with_overrides(Config(campaign=2), campaign=args.campaign).campaign == 6
