"""Give lgpio a writable directory before gpiozero imports it.

gpiozero uses the lgpio library on Raspberry Pi OS Bookworm (the only choice on a Pi 5). Importing
`lgpio` creates a named pipe, `.lgd-nfy<N>`, for its edge notifications, in the current directory or
in the directory named by the `LG_WD` environment variable, and lgpio then changes into that directory.
When the current directory is not writable (the service's `/` under `ProtectSystem=strict`, or someone
running `sudo -u jaccuse ... doctor` from their home directory) the import fails, and gpiozero's
fallbacks cannot help: gpiozero issue 1106 and lg issue 22 describe it. The systemd unit sets `LG_WD`
to the state directory; this module covers every other way of starting the box.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator, MutableMapping

ENV = "LG_WD"


def _writable(path: str) -> bool:
    return bool(path) and os.path.isdir(path) and os.access(path, os.W_OK | os.X_OK)


def lgpio_workdir(env: MutableMapping[str, str] | None = None, cwd: str | None = None) -> str:
    """The directory lgpio will put its pipe in, after choosing one when the default would fail.

    `LG_WD` wins when set (the unit sets it). Otherwise the current directory is used when writable;
    if not, `LG_WD` is set to systemd's state directory, else to a private temporary directory.
    """
    env = os.environ if env is None else env
    if env.get(ENV):
        return env[ENV]
    if cwd is None:
        try:
            cwd = os.getcwd()
        except OSError:  # the current directory was deleted
            cwd = ""
    if _writable(cwd):
        return cwd
    state = env.get("STATE_DIRECTORY", "").split(":")[0]
    chosen = state if _writable(state) else tempfile.mkdtemp(prefix="jaccuse-lgpio-")
    env[ENV] = chosen
    return chosen


@contextlib.contextmanager
def lgpio_ready() -> Iterator[str]:
    """Around the first real GPIO device: a writable `LG_WD`, and the current directory restored after.

    lgpio changes into its work directory when it is imported; relative paths the user gave (a config
    file, a data directory) must keep meaning what they meant.
    """
    try:
        before: str | None = os.getcwd()
    except OSError:
        before = None
    where = lgpio_workdir()
    try:
        yield where
    finally:
        if before is not None:
            with contextlib.suppress(OSError):
                os.chdir(before)
