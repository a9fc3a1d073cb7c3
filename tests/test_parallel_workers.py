"""The suite's own set-up for parallel workers (tests/conftest.py) does what it says."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def conftest(request: pytest.FixtureRequest) -> ModuleType:
    """tests/conftest.py as pytest loaded it (importing it again would make a second copy)."""
    plugin = request.config.pluginmanager.get_plugin(str(TESTS / "conftest.py"))
    assert isinstance(plugin, ModuleType)
    return plugin


def _module(item: pytest.Item) -> str:
    return Path(str(item.path)).relative_to(TESTS).as_posix()


def test_grouped_modules_exist(conftest: ModuleType) -> None:
    assert [module for module in conftest.GROUPS if not (TESTS / module).is_file()] == []


def test_the_long_tests_start_first(request: pytest.FixtureRequest) -> None:
    """Every browser test is collected before the quick unit tests (this one among them)."""
    if request.config.pluginmanager.has_plugin("randomly"):
        pytest.skip("pytest-randomly shuffles the order")
    items = request.session.items
    # tests/browser/ and the games' own browser tests (tests/<game>/test_*_browser.py) alike
    browser = [n for n, item in enumerate(items) if item.get_closest_marker("browser") is not None]
    if not browser:
        pytest.skip("no browser test collected in this run")
    assert max(browser) < items.index(request.node)


@pytest.mark.skipif("PYTEST_XDIST_WORKER" not in os.environ, reason="runs only under parallel workers")
def test_grouped_tests_go_to_one_worker(request: pytest.FixtureRequest, conftest: ModuleType) -> None:
    """Under `--dist loadgroup` every test of a grouped module carries its group in its id, which is how
    xdist sends the group to one worker (with a pytest that xdist does not follow, it drops it silently)."""
    if not request.config.getvalue("loadgroup"):
        pytest.skip("not distributed by group (--dist other than loadgroup)")
    groups: dict[str, str] = conftest.GROUPS
    items = [item for item in request.session.items if _module(item) in groups]
    if not items:
        pytest.skip("no grouped test collected in this run")
    assert [item.nodeid for item in items if not item.nodeid.endswith("@" + groups[_module(item)])] == []
