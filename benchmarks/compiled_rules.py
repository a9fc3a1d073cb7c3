"""Build a mypyc-compiled copy of the rules core in a folder, to measure or test it beside the pure one.

Run: .venv/bin/python benchmarks/compiled_rules.py [DEST]   (default build/compiled-rules)
Then: PYTHONPATH=DEST python ...  imports the compiled ``controller.games.jaccuse``.

The copy holds the whole ``controller`` package with the rules' extension modules beside their
sources (Python imports an extension before a ``.py`` of the same name), and links to ``web``,
``firmware`` and ``hardware``, so the box runs from it as from a checkout. It is built again whenever
any file of ``controller`` changed, so it never runs stale code. It uses the same setup.py switch
as a compiled install (JACCUSE_COMPILE_RULES=1), so what is measured here is what such an install runs.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEST = ROOT / "build" / "compiled-rules"


def _digest() -> str:
    h = hashlib.sha256(sys.version.encode())
    for name in ("setup.py", "pyproject.toml"):
        h.update((ROOT / name).read_bytes())
    for path in sorted((ROOT / "controller").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".so":
            h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def build(dest: Path = DEFAULT_DEST, *, quiet: bool = True) -> Path:
    """Build (or reuse) the compiled copy in ``dest``; returns ``dest`` for PYTHONPATH."""
    dest = dest.resolve()
    dest.parent.mkdir(parents=True, exist_ok=True)
    # one builder at a time (the test suite and a benchmark may both ask for the copy)
    with open(dest.parent / f".{dest.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(dest, quiet)


def _build_locked(dest: Path, quiet: bool) -> Path:
    stamp = dest / ".digest"
    digest = _digest()
    if stamp.exists() and stamp.read_text() == digest:
        return dest
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(ROOT / "controller", dest / "controller",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("setup.py", "pyproject.toml", "build_backend.py", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("web", "firmware", "hardware"):
        (dest / name).symlink_to(ROOT / name, target_is_directory=True)
    env = {**os.environ, "JACCUSE_COMPILE_RULES": "1"}
    result = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=dest, env=env, capture_output=quiet, text=True, check=False,
    )
    if result.returncode != 0:
        tail = (result.stderr or "")[-2000:] if quiet else ""
        raise RuntimeError(f"compiling the rules core failed (exit {result.returncode})\n{tail}")
    if not list((dest / "controller" / "games" / "jaccuse").glob("engine*.so")):
        raise RuntimeError("the build finished but left no compiled engine module")
    stamp.write_text(digest)
    return dest


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dest", nargs="?", type=Path, default=DEFAULT_DEST)
    args = parser.parse_args()
    print(build(args.dest, quiet=False))


if __name__ == "__main__":
    main()
