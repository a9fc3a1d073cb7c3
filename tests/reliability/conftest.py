"""The reliability suite (docs/reliability.md): CI-sized by default, full counts with `pytest --long`.

The kill -9 test drives the real server with the helpers of the web tests, so their folder is put on
the import path here (tests/ has no packages: pytest's default import mode puts each test's own folder
first on the path, which covers tests/web but not this one).
"""

from __future__ import annotations

import sys
from pathlib import Path

for folder in ("web", "devices"):  # web_helpers, and the devices tests' simulated hub cable
    path = str(Path(__file__).resolve().parents[1] / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
