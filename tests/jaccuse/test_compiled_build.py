"""The optional compiled rules core (mypyc) plays exactly the same game as the Python sources.

The build is the one a compiled install makes (setup.py with JACCUSE_COMPILE_RULES=1), put in a
folder by benchmarks/compiled_rules.py. The tests that drive the rules (the rules themselves,
replay, simulate, the CLI and the table) then run a second time in a child process that imports that
copy; the conftest refuses to run if the sources got imported instead. The pinned-digest tests among
them hold both builds to the same games, byte for byte, and the table tests show a table on the
compiled core behaves as one on the sources. The server, reliability and device suites drive that
same table and run once, on the sources, which keeps CI within its time.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _can_compile() -> str | None:
    """Why a C extension cannot be built here, or None when it can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc (part of mypy, a test dependency) is not installed"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


@pytest.fixture(scope="module")
def compiled_copy() -> Path:
    reason = _can_compile()
    if reason is not None:
        pytest.skip(f"cannot build the compiled rules core: {reason}")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import compiled_rules
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    built: Path = compiled_rules.build(ROOT / "build" / "compiled-rules")
    return built


def _run(copy: Path, *args: str, **kw: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy), "JACCUSE_EXPECT_COMPILED_RULES": "1",
           # a second pass of the same property tests: the shorter profile, unless one is asked for (the
           # sources' own pass in this run keeps the profile the run has)
           "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci")}
    # -P: the working folder (the sources) must not come first on sys.path
    return subprocess.run([sys.executable, "-P", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False, **kw)


def test_the_copy_imports_compiled_modules(compiled_copy: Path) -> None:
    code = "from controller.games import jaccuse; print(jaccuse.COMPILED, jaccuse.__file__)"
    result = _run(compiled_copy, "-c", code)
    assert result.returncode == 0, result.stderr
    compiled, where = result.stdout.split()
    assert compiled == "True" and where.endswith(".so") and where.startswith(str(compiled_copy))


def test_the_rules_and_box_tests_pass_on_the_compiled_core(compiled_copy: Path) -> None:
    result = _run(
        compiled_copy, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider",
        "-m", "not browser", "--ignore=tests/jaccuse/test_compiled_build.py",
        # J'Accuse's tests of its rules, replay and simulate; its pages, screens and whole-box leak
        # tests drive the box rather than the core, and stay with the sources' pass
        *(f"--ignore={path}" for path in sorted(ROOT.glob("tests/jaccuse/test_*_browser.py"))),
        "--ignore=tests/jaccuse/test_leak_and_concurrency.py",
        "--ignore=tests/jaccuse/test_campaign_views.py", "--ignore=tests/jaccuse/test_screens.py",
        "tests/jaccuse", "tests/test_cli.py",
        # the box's table tests on the compiled core, the games' tables among them
        "tests/table", "tests/betrayal/test_betrayal_table.py", "tests/hasty/test_hasty_table.py",
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()[-1]
    passed = re.search(r"(\d+) passed", summary)
    assert passed and int(passed.group(1)) > 500 and "failed" not in summary, summary
