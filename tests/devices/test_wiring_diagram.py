"""hardware/wiring-gpio.svg is drawn from the pin map (hardware/wiring.py); it must still match it."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from controller.devices.pinmap import default_pinmap, load_pinmap

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
SVG = HARDWARE / "wiring-gpio.svg"
LABEL = re.compile(r"GPIO(\d+) · pin (\d+) · seat (\d+) (reveal|abstain|led)")


def load_wiring():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("hardware_wiring", HARDWARE / "wiring.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_wire_in_the_diagram_matches_the_pin_map() -> None:
    wiring = load_wiring()
    drawn = {(int(g), int(p), int(s), r) for g, p, s, r in LABEL.findall(SVG.read_text(encoding="utf-8"))}
    expected = {(g, wiring.HEADER_PIN[g], s, r) for g, s, r in wiring.signals(default_pinmap())}
    assert drawn == expected, "hardware/wiring-gpio.svg is stale: run .venv/bin/python hardware/wiring.py"


def test_header_pin_numbers_match_the_toml_comments() -> None:
    """The shipped TOML names the physical pins in its comments; the diagram uses the same table."""
    wiring = load_wiring()
    text = (HARDWARE / "pinmap-gpio.toml").read_text()
    pinmap = load_pinmap(HARDWARE / "pinmap-gpio.toml")
    for seat, match in enumerate(re.findall(r"# seat \d+: header pins (\d+), (\d+), (\d+)", text)):
        pins = pinmap.seats[seat]
        drawn = [wiring.HEADER_PIN[g] for g in (pins.reveal, pins.abstain, pins.led)]
        assert drawn == [int(m) for m in match]


def test_the_diagram_is_what_the_generator_draws_now() -> None:
    pytest.importorskip("schemdraw")
    wiring = load_wiring()
    assert wiring.draw(default_pinmap()) == SVG.read_text(encoding="utf-8")
