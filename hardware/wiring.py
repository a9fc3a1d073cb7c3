"""Draw hardware/wiring-gpio.svg, the GPIO wiring diagram, from the pin map the box really uses.

Run it after changing the default pin map (controller/devices/pinmap.py), and commit the SVG:

    .venv/bin/pip install schemdraw && .venv/bin/python hardware/wiring.py

tests/devices/test_wiring_diagram.py fails when the committed drawing and the pin map disagree. Every
signal is labelled `GPIOn · pin p · seat s role`, which is what the test reads back from the SVG.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from controller.devices.pinmap import SEAT_KEYS, PinMap, default_pinmap  # noqa: E402

OUTPUT = HERE / "wiring-gpio.svg"

# BCM GPIO number -> physical pin on the 40-pin header (the same on every 40-pin Pi)
HEADER_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 1: 28, 12: 32,
    16: 36, 20: 38, 21: 40,
}  # fmt: skip

BUTTON_SERIES = "1 kΩ"
BUTTON_PULLUP = "4.7 kΩ to 3V3"
LED_RESISTOR = "680 Ω"


def label(gpio: int, seat: int, role: str) -> str:
    return f"GPIO{gpio} · pin {HEADER_PIN[gpio]} · seat {seat} {role}"


def signals(pinmap: PinMap) -> list[tuple[int, int, str]]:
    """(gpio, seat, role) for every wire of the map, in seat order."""
    out = []
    for seat, pins in enumerate(pinmap.seats):
        for role in SEAT_KEYS:
            out.append((getattr(pins, role), seat, role))
    return out


def draw(pinmap: PinMap) -> str:
    """The diagram as SVG text: the header on the left, one row per signal with its parts."""
    import schemdraw
    import schemdraw.elements as elm

    schemdraw.config(fontsize=9, unit=1.6)
    rows = signals(pinmap)
    with schemdraw.Drawing(show=False) as d:
        count = len(rows)
        pins = [elm.IcPin(name=label(g, s, r), side="right", slot=f"{count - i}/{count}", anchorname=f"s{i}")
                for i, (g, s, r) in enumerate(rows)]  # fmt: skip
        header = elm.Ic(pins=pins, edgepadW=5.2, pinspacing=0.9)
        d += header.at((0, 0))
        box = header.get_bbox(transform=True)
        d += elm.Label().at((box.xmin, box.ymax + 0.8)).label(
            "J'Accuse box: seat pads on the Raspberry Pi's 40-pin header (drawn from the pin map)",
            loc="right", fontsize=11,
        )  # fmt: skip
        for index, (_gpio, _seat, role) in enumerate(rows):
            start = header.absanchors[f"s{index}"]
            if role == "led":
                d += (r := elm.Resistor(scale=0.6).at(start).right().label(LED_RESISTOR, fontsize=7))
                d += elm.LED(scale=0.6).at(r.end).right()
            else:
                d += (r := elm.Resistor(scale=0.6).at(start).right().label(BUTTON_SERIES, fontsize=7))
                d += elm.Button(scale=0.6).at(r.end).right()
            d += elm.Ground(scale=0.5).at(d.here)
        note = (
            f"Buttons: pin → {BUTTON_SERIES} in series → cable → button → GND; "
            f"{BUTTON_PULLUP} on the cable side\n"
            f"of the {BUTTON_SERIES}, at the box. LEDs: pin → {LED_RESISTOR} → LED anode; cathode → GND. "
            "Seats count from 0."
        )
        d += elm.Label().at((box.xmin, box.ymin - 1.0)).label(note, loc="right", fontsize=9)
        return d.get_imagedata("svg").decode()


def main() -> None:
    OUTPUT.write_text(draw(default_pinmap()), encoding="utf-8")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
