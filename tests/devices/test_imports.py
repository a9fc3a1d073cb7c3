"""The devices package stays cheap to import and keeps to its side of the seams."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

DEVICES = Path(__file__).resolve().parents[2] / "controller" / "devices"


def test_importing_the_package_loads_no_hardware_library() -> None:
    code = (
        "import sys, controller.devices, controller.devices.pinmap, controller.devices.hub_protocol\n"
        "heavy = [m for m in ('gpiozero', 'luma', 'serial', 'PIL', 'segno') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_devices_never_import_the_web_app_or_the_table() -> None:
    for path in DEVICES.glob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("web", "controller.table")), f"{path.name} imports {name}"
