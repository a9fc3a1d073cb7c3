from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from controller.devices.pinmap import (
    DEFAULT_GPIO_SEATS,
    HEADER_MAX_PIN,
    RESERVED_PINS,
    PinMapError,
    load_pinmap,
    mock_pinmap,
)

REPO = Path(__file__).resolve().parents[2]
GPIO_FILE = REPO / "hardware" / "pinmap-gpio.toml"


def test_checked_in_file_matches_builtin_default() -> None:
    pinmap = load_pinmap(GPIO_FILE)
    assert [(s.reveal, s.abstain, s.led) for s in pinmap.seats] == list(DEFAULT_GPIO_SEATS)


def test_default_uses_every_free_header_pin_once() -> None:
    pins = [p for seat in DEFAULT_GPIO_SEATS for p in seat]
    free = set(range(HEADER_MAX_PIN + 1)) - set(RESERVED_PINS)
    assert sorted(pins) == sorted(free)
    assert len(DEFAULT_GPIO_SEATS) == len(free) // 3 == 8


def test_mock_map_has_fourteen_seats_extending_the_default() -> None:
    mock = mock_pinmap()
    assert len(mock) == 14
    assert [(s.reveal, s.abstain, s.led) for s in mock.seats[:8]] == list(DEFAULT_GPIO_SEATS)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "map.toml"
    path.write_text(text)
    return path


SEAT = "[[seat]]\nreveal = 4\nabstain = 17\nled = 27\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour = 1\n" + SEAT, "unknown key 'colour'"),
        ("[[seat]]\nreveal = 4\nabstain = 17\nled = 27\nbuzzer = 5\n", "seat 0 has unknown key 'buzzer'"),
        (
            SEAT + "[[seat]]\nreveal = 5\nabstain = 17\nled = 6\n",
            "GPIO17 is used twice (seat 0 abstain and seat 1 abstain)",
        ),
        ("[[seat]]\nreveal = 2\nabstain = 17\nled = 27\n", "GPIO2, which is reserved: GPIO2 is I2C SDA"),
        ("[[seat]]\nreveal = 4\nabstain = 3\nled = 27\n", "GPIO3, which is reserved"),
        ("[[seat]]\nreveal = 4\nabstain = 30\nled = 27\n", "outside BCM 0-27"),
        ("[[seat]]\nreveal = 4\nled = 27\n", "seat 0 lacks 'abstain'"),
        ("[[seat]]\nreveal = '4'\nabstain = 17\nled = 27\n", "must be a BCM pin number"),
        ("format = 1\n", "no seats"),
        ("format = 2\n" + SEAT, "format 2 is not supported"),
        ("[[seat]\n", "not valid TOML"),
    ],
)
def test_bad_files_give_one_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PinMapError) as info:
        load_pinmap(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PinMapError, match="cannot read"):
        load_pinmap(tmp_path / "nope.toml")


def test_too_many_players_for_the_map() -> None:
    with pytest.raises(PinMapError, match="9 players need 9 seats"):
        load_pinmap().limited(9)


def test_file_is_plain_toml() -> None:
    assert len(tomllib.loads(GPIO_FILE.read_text())["seat"]) == 8


def test_readme_pin_table_matches_the_default_map() -> None:
    text = (REPO / "hardware" / "README.md").read_text()
    rows = re.findall(
        r"^\| (\d+) \| GPIO(\d+) \(pin \d+\) \| GPIO(\d+) \(pin \d+\) \| GPIO(\d+) \(pin \d+\) \|$",
        text,
        re.MULTILINE,
    )
    assert [(int(r), int(a), int(led)) for _, r, a, led in rows] == list(DEFAULT_GPIO_SEATS)
    assert [int(seat) for seat, *_ in rows] == list(range(8))
