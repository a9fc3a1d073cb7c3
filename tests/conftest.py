"""Shared test set-up: Hypothesis profiles and the `--long` option of the reliability suite.

`dev` is the default. `ci` is picked when the environment has CI=true (as `.ci/run` does): fewer examples so
the suite stays quick on a fresh machine, and no per-example deadline because shared CI runners are noisy.
Pick a profile by hand with HYPOTHESIS_PROFILE=dev|ci.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

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
