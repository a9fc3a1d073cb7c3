"""Reading SQLite's write-ahead log the way SQLite's recovery does, to count what a damaged one drops.

After kill -9 or a power cut the journal's latest moves live in ``journal.sqlite3-wal``. When SQLite
opens the journal it replays that file's frames up to the first frame whose salt or checksum does not
match, and silently drops the rest: one flipped byte near the end of the file loses the last move that
the box had acknowledged. This module walks the frames with the same rules (the file format is at
sqlite.org/fileformat2.html#walformat) so the box can say that a move was lost, and keep a copy of the
file, before SQLite rewrites it.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

MAGIC = (0x377F0682, 0x377F0683)  # the low bit says the checksums are computed big-endian
HEADER = 32
FRAME_HEADER = 24
_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class WalReport:
    """What SQLite's recovery will keep of a -wal file, and what it will drop."""

    kept_commits: int  # transactions SQLite replays
    lost_commits: int  # transactions written in this generation of the file that it will drop

    @property
    def damaged(self) -> bool:
        return self.lost_commits > 0


def _checksum(data: bytes, big_endian: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack((">" if big_endian else "<") + f"{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & _MASK
        s1 = (s1 + words[i + 1] + s0) & _MASK
    return s0, s1


def inspect(path: Path) -> WalReport:
    """Walk the frames of the -wal at ``path``; a missing or empty file keeps and loses nothing."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return WalReport(0, 0)
    if len(data) < HEADER:
        return WalReport(0, 0)
    magic, _version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:HEADER])
    frame = FRAME_HEADER + page_size
    if magic not in MAGIC or not 512 <= page_size <= 65536 or page_size & (page_size - 1):
        # SQLite ignores the whole file: whatever it held is lost (how much, its header no longer says)
        return WalReport(0, 1 if len(data) > HEADER else 0)
    big_endian = bool(magic & 1)
    s0, s1 = _checksum(data[:24], big_endian, 0, 0)
    valid_header = (s0, s1) == (c1, c2)
    kept = lost = 0
    broken = damaged = not valid_header
    at = HEADER
    while at + frame <= len(data):
        _page, commit, f_salt1, f_salt2, f_c1, f_c2 = struct.unpack(">6I", data[at:at + FRAME_HEADER])
        ours = (f_salt1, f_salt2) == (salt1, salt2)
        if not broken:
            t0, t1 = _checksum(data[at:at + 8], big_endian, s0, s1)
            t0, t1 = _checksum(data[at + FRAME_HEADER:at + frame], big_endian, t0, t1)
            if ours and (t0, t1) == (f_c1, f_c2):
                s0, s1 = t0, t1
                kept += 1 if commit else 0
                at += frame
                continue
            if not ours:
                break  # a frame of an earlier generation: the end of this one, nothing is lost
            broken = True
            damaged = True  # a frame of this generation that does not read back: its change is gone
        if ours and commit:
            lost += 1
        at += frame
    return WalReport(kept, max(lost, 1) if damaged else lost)
