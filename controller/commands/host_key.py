"""`jaccuse-table host-key [--rotate]`: print the host link, or end it and print a new one.

The host link (``/host?key=...``) releases seats and deals new games, so a link that leaked (a
screenshot, a shared chat) must be easy to end. A running box re-reads the key file whenever it
changes, so rotating here ends the old link in the box too, with no restart.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from controller.config import DEFAULT_PATH as DEFAULT_CONFIG
from controller.config import ConfigError, load_config
from controller.datadir import default_data_dir
from controller.host_link import LINK_FILE, write_host_link


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rotate", action="store_true", help="end the current host link and make a new one")
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="the box's data dir (default: as `run` chooses it)"
    )
    parser.add_argument(
        "--config", type=Path, default=None, help=f"TOML config file (default: {DEFAULT_CONFIG} if it exists)"
    )


def _base(data_dir: Path, port: int) -> str:
    """Where the box was last reached: from the link it wrote, else its LAN address and port."""
    try:
        link = (data_dir / LINK_FILE).read_text(encoding="utf-8").strip()
        base, sep, _ = link.partition("/host?key=")
        if sep and base.startswith("http"):
            return base
    except (OSError, UnicodeDecodeError):
        pass
    from controller.lan import LOOPBACK, routed_address, url_host

    return f"http://{url_host(routed_address() or LOOPBACK)}:{port}"


def main(args: argparse.Namespace) -> int:
    from controller.table import HostKey

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"jaccuse-table: {exc}", file=sys.stderr)
        return 2
    data_dir = args.data_dir or (Path(config.data_dir) if config.data_dir else default_data_dir())
    if not data_dir.is_dir():
        print(f"jaccuse-table: no data dir at {data_dir} (give the box's --data-dir)", file=sys.stderr)
        return 2
    key = HostKey(data_dir)
    try:
        value = key.rotate() if args.rotate else key.current()
    except OSError as exc:
        print(f"jaccuse-table: cannot write {key.path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    link = f"{_base(data_dir, config.port)}/host?key={value}"
    if args.rotate:
        write_host_link(data_dir, link)
        print("the old host link no longer works (a running box takes the new key at once)", file=sys.stderr)
    print(link)
    return 0
