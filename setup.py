"""Only for the optional compiled rules core; all other packaging lives in pyproject.toml.

With JACCUSE_COMPILE_RULES=1 a (non-editable) install compiles ``controller/games/jaccuse`` with mypyc: the
same source, type-checked with ``mypy --strict``, turned into C extension modules that run the
simulator and bots about twice as fast. Without it (the default) the rules stay plain Python.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup

#: J'Accuse's modules that drive the core from outside (its replay reader, balance report, table
#: adapter, OLED screens and its ``Game``) stay plain Python: they are not on any hot path
NOT_COMPILED = ("replay.py", "retell.py", "balance.py", "table_rules.py", "game.py", "screens.py")


def _compiled_rules() -> list[Extension]:
    if os.environ.get("JACCUSE_COMPILE_RULES") != "1":
        return []
    from mypyc.build import mypycify

    rules = Path("controller/games/jaccuse")
    modules = sorted(str(p) for p in rules.glob("*.py") if p.name not in NOT_COMPILED)
    # one C file per module: the compiler then needs about half the memory (some 160 MB at its peak,
    # instead of 300 MB for one big file), which matters on a 512 MB Pi Zero 2 W; the code runs as fast
    return mypycify(modules, opt_level="3", separate=True)


setup(ext_modules=_compiled_rules())
