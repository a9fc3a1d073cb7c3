"""Scripts and style sheets leave the box gzipped when the browser takes it.

A phone on a busy game-night Wi-Fi loads the shell's and the game's scripts at every fresh load; gzip
makes them about a quarter of their size. The files never change while the box runs, so each is
compressed once (keyed by its modification time, so an edited file during development is seen).
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path

from flask import Request, Response

#: text worth compressing; images (PNG) are compressed already
SUFFIXES = (".js", ".css", ".svg", ".json", ".html", ".txt")
#: smaller files gain less than the header costs
SMALLEST = 512


@lru_cache(maxsize=256)
def _gzipped(path: str, mtime_ns: int) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)


def _takes_gzip(request: Request) -> bool:
    for item in request.headers.get("Accept-Encoding", "").split(","):
        coding, _, params = item.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def compress(response: Response, path: Path, request: Request) -> Response:
    """``response`` (a 200 serving the file at ``path``) gzipped for a browser that takes it; anything
    else as it is. Caches learn that the answer depends on Accept-Encoding either way."""
    if path.suffix not in SUFFIXES:
        return response
    response.vary.add("Accept-Encoding")
    if response.status_code != 200 or not _takes_gzip(request):
        return response
    stat = path.stat()
    if stat.st_size < SMALLEST:
        return response
    body = _gzipped(str(path), stat.st_mtime_ns)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    etag, _ = response.get_etag()
    if etag:  # the same file, another encoding: a weak validator, as a proxy that compresses would make
        response.set_etag(etag, weak=True)
    return response
