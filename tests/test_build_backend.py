"""The build switch for a compiled rules core: mypy is fetched only when asked for, and editable
installs stay pure Python whatever the environment says."""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
build_backend = importlib.import_module("build_backend")
sys.path.remove(str(ROOT))


def test_a_plain_build_asks_setuptools_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JACCUSE_COMPILE_RULES", raising=False)
    monkeypatch.setattr(build_backend._meta, "get_requires_for_build_wheel", lambda settings=None: ["wheel"])
    assert build_backend.get_requires_for_build_wheel() == ["wheel"]


def test_a_compiled_build_asks_for_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JACCUSE_COMPILE_RULES", "1")
    assert build_backend.get_requires_for_build_wheel() == [build_backend.MYPYC_REQUIREMENT]


def test_an_editable_install_ignores_the_switch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: dict[str, Any] = {}

    def fake_build_editable(*args: Any) -> str:
        seen["flag"] = os.environ.get("JACCUSE_COMPILE_RULES")
        return "x.whl"

    monkeypatch.setenv("JACCUSE_COMPILE_RULES", "1")
    monkeypatch.setattr(build_backend._meta, "build_editable", fake_build_editable)
    assert build_backend.build_editable("dist") == "x.whl"
    assert seen["flag"] is None
    assert "editable" in capsys.readouterr().err


def _pip_wheel(tmp_path: Path, compiled: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "JACCUSE_COMPILE_RULES"}
    if compiled:
        env["JACCUSE_COMPILE_RULES"] = "1"
    src = tmp_path / "src"
    # a clean copy, so no build/ left over from anything else can end up in the wheel; what other tests
    # write while this one copies (parallel workers: screenshots, the firmware's npm package) is left out
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "artifacts", "__pycache__", "*.egg-info", ".hypothesis", ".*_cache",
        "node_modules"))
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(src)],
        env=env, capture_output=True, text=True, check=False, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    return zipfile.ZipFile(wheel).namelist()


def _not_compiled() -> tuple[str, ...]:
    """setup.py's NOT_COMPILED, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "NOT_COMPILED" for t in node.targets):
            value: tuple[str, ...] = ast.literal_eval(node.value)
            return value
    raise AssertionError("setup.py has no NOT_COMPILED")


@pytest.mark.slow
def test_a_compiled_wheel_holds_the_rules_as_extension_modules(tmp_path: Path) -> None:
    names = _pip_wheel(tmp_path, compiled=True)
    rules = [Path(n) for n in names if n.startswith("controller/games/jaccuse/")]
    # each module's extension, beside the *__mypyc helper libraries mypyc adds
    compiled = {p.name.split(".")[0] for p in rules if p.suffix == ".so"} - {
        p.name.split(".")[0] for p in rules if p.name.split(".")[0].endswith("__mypyc")}
    plain = {Path(name).stem for name in _not_compiled()}  # modules that drive the core from outside
    sources = {p.stem for p in rules if p.suffix == ".py"}
    assert compiled == sources - plain and "engine" in compiled and plain <= sources
    # nothing outside the rules core is compiled
    assert not [n for n in names if n.endswith(".so") and n.startswith(("web/", "controller/table/"))]


@pytest.mark.slow
def test_a_plain_wheel_is_pure_python(tmp_path: Path) -> None:
    names = _pip_wheel(tmp_path, compiled=False)
    assert "controller/games/jaccuse/engine.py" in names
    assert not [n for n in names if n.endswith(".so")]
    # the OLED's fonts come with the kit that draws with them
    fonts = {n for n in names if n.startswith("controller/oled_kit/fonts/")}
    assert {"terminus-bold.otb", "spleen-5x8.pcf", "LICENSE"} <= {Path(n).name for n in fonts}
