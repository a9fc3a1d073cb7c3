"""Shared test set-up: Hypothesis profiles.

`dev` is the default. `ci` is picked when the environment has CI=true (as `.ci/run` does): fewer examples so
the suite stays quick on a fresh machine, and no per-example deadline because shared CI runners are noisy.
Pick a profile by hand with HYPOTHESIS_PROFILE=dev|ci.
"""

from __future__ import annotations

import os

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
