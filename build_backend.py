"""setuptools' build backend, plus mypy as a build requirement when the rules core is compiled.

pip builds in an isolated environment from ``[build-system] requires``, which cannot depend on an
environment variable; this hook adds mypy (which carries mypyc) only when JACCUSE_COMPILE_RULES=1,
so a plain install never downloads it. Editable installs always stay pure Python: compiled modules
beside the sources would shadow every edit.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F403  (the rest of the backend, unchanged)

_FLAG = "JACCUSE_COMPILE_RULES"
MYPYC_REQUIREMENT = "mypy>=1.10"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if os.environ.get(_FLAG) != "1":
        return _meta.get_requires_for_build_wheel(config_settings)
    # setuptools' own hook runs setup.py to find setup_requires (there are none), and setup.py needs
    # mypyc in order to run at all when compiling; so answer without it
    return [MYPYC_REQUIREMENT]


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    if os.environ.pop(_FLAG, None) == "1":
        print(f"jaccuse-table: {_FLAG}=1 is ignored for an editable install; the rules stay pure Python",
              file=sys.stderr)
    return _meta.build_editable(wheel_directory, config_settings, metadata_directory)
