"""Shared helpers for the web tests: random legal-looking moves, a real server process, an SSE reader.

All three come from ``controller.client``, which the benchmarks use too.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from controller.client import BoxProcess, EventStream, phone_address, random_action

__all__ = ["SSE", "Server", "env_int", "phone_address", "random_action", "walk_keys"]



def env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


#: the tests' names for the shared launcher (5 seats, phone pads unless told otherwise) and SSE reader
Server = BoxProcess
SSE = EventStream


def walk_keys(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (key path, value) in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*path, k), v
            yield from walk_keys(v, (*path, k))
    elif isinstance(value, list):
        for v in value:
            yield from walk_keys(v, (*path, "[]"))
