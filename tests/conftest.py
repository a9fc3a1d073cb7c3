"""Shared test set-up: Hypothesis profiles and the `--long` option of the reliability suite.

`dev` is the default. `ci` is picked when the environment has CI=true (as `.ci/run` does): fewer examples so
the suite stays quick on a fresh machine, and no per-example deadline because shared CI runners are noisy.
Pick a profile by hand with HYPOTHESIS_PROFILE=dev|ci.

The suite runs on parallel workers (pytest-xdist: `-n auto --dist loadgroup` in pyproject.toml's addopts);
the hooks below choose how many, keep the tests that must share a process together, and start the long
tests first. `-n 0` runs everything in this one process (as does naming single tests, `path::test`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

#: fixtures every folder may use (tests/fixtures): a game's tests in tests/<game>/ drive browsers and draw
#: OLED screens as the box's own tests do
pytest_plugins = ["fixtures.browser", "fixtures.devices"]

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)

_default = "ci" if os.environ.get("CI", "").lower() == "true" else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="run the reliability suite (tests/reliability) at its full counts instead of the CI-sized ones",
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    # tests/jaccuse/test_compiled_build.py runs the rules tests again on a compiled copy; make sure the
    # copy is what got imported, not the sources beside the tests
    if os.environ.get("JACCUSE_EXPECT_COMPILED_RULES") == "1":
        from controller.games import jaccuse as rules

        if not rules.COMPILED:
            raise pytest.UsageError(f"expected the compiled rules core, imported {rules.__file__}")


@pytest.fixture
def long_run(request: pytest.FixtureRequest) -> bool:
    """True under `pytest --long`: reliability tests then use their full counts (see docs/reliability.md)."""
    return bool(request.config.getoption("--long"))


# ---------------------------------------------------------------------- parallel workers (pytest-xdist)

TESTS = Path(__file__).resolve().parent


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core (at most 8); none for single tests named (`path::test`) or `-s`.

    Most of the suite waits (on a box it started, a browser, a bot's delay), so two workers per core
    keep a small machine busy. Tests named one by one, and runs that want to see what tests print (`-s`,
    as the reliability figures in docs/ are printed), run in this process, where `-s` and `--pdb` work
    as usual. PYTEST_XDIST_AUTO_NUM_WORKERS still overrides the count.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "").isdigit():
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    if config.getoption("capture") == "no" or (config.args and all("::" in arg for arg in config.args)):
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(8, 2 * cores)


#: modules whose tests run on one worker, one after another (an xdist_group each): the benchmarks' smoke
#: runs, and the tests that flood a box with processes, connections or streams, never overlap each other;
#: the firmware's scenarios run once per process (functools.cache), so in one process
GROUPS = {
    "test_benchmarks_run.py": "benchmarks",
    "reliability/test_kill_9.py": "floods",
    "reliability/test_fuzz_http.py": "floods",
    "reliability/test_hostile_network.py": "floods",
    "reliability/test_seated_phones_are_never_crowded_out.py": "floods",
    "jaccuse/test_leak_and_concurrency.py": "floods",
    "firmware/test_micropython.py": "micropython",
    "jaccuse/test_compiled_build.py": "compiled-rules",
}


def _shares_a_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info is not None else ()
    return any(d[-1].scope in ("module", "package") for d in defs if d)


def _start_rank(item: pytest.Item) -> int:
    """0: marked slow (builds, benchmarks, many games); 1: takes seconds (drives a browser, or starts
    boxes to break them); 2: the rest, quick tests that fill the workers' last minutes."""
    if item.get_closest_marker("slow") is not None:
        return 0
    if item.get_closest_marker("browser") is not None:  # a module's pytestmark (tests/<game>/ too)
        return 1
    return 1 if Path(str(item.path)).relative_to(TESTS).parts[0] in ("browser", "reliability") else 2


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the xdist_group marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Group the tests of a module that share a module-scoped fixture (one worker makes it once), and
    put the long tests first, so that none of them starts last and keeps the run waiting on it alone.

    Groups of their own (``pytest.mark.xdist_group``, with `--dist loadgroup`) go to one worker each, in
    order: the benchmarks' smoke runs and the tests that flood a box never overlap one another."""
    for item in items:
        module = Path(str(item.path)).relative_to(TESTS).as_posix()
        if item.get_closest_marker("xdist_group") is not None:
            continue
        if module in GROUPS or _shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(GROUPS.get(module, module)))
    items.sort(key=_start_rank)  # stable: the order within each module stays


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """A skipped browser test is easy to miss in a green run: say it in the summary, whatever -r says.

    It lives here, not beside the browser fixtures, because it reports on the whole run."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "BROWSER TESTS" in str(r.longrepr)]
    if skipped:
        first = skipped[0].longrepr
        reason = str(first[2] if isinstance(first, tuple) else first)
        terminalreporter.write_sep("!", f"{len(skipped)} browser test(s) skipped", red=True, bold=True)
        terminalreporter.write_line(reason.removeprefix("Skipped: "), red=True, bold=True)
