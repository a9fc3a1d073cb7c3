"""What the OLED's version counts: every move but a seat's second thoughts.

A vote a seat changes before the round resolves is a journaled move, yet nothing anyone else can see
changes: the live streams send nothing for it. The OLED's frames (and the ``X-Frame`` and
``X-Frame-Version`` headers anyone on the Wi-Fi can read with them) must not count it either, or a
watcher could see a seat hesitate. So the table counts those re-selections and takes them off: a move
of the game's coalesced act (J'Accuse's vote) that changes nothing public, by a seat that already made
one since the last public change, is a re-selection. The count is rebuilt the same way when a journal
is replayed, so the count of a resumed game is what it was. (``GET /api/table`` keeps the HTTP
contract's ``version``, which rises with every accepted move.)
"""

from __future__ import annotations

from typing import Any


class Hesitations:
    """Counts re-selections; ``public_version(version)`` is the version the public may read."""

    __slots__ = ("_act", "_public", "_voted", "count")

    def __init__(self, act: str | None, public: dict[str, Any]) -> None:
        self._act = act
        self._public = _without_version(public)
        self._voted: set[int] = set()  # seats that chose since the last public change
        self.count = 0

    def after(self, action: Any, seat: int, public: dict[str, Any]) -> None:
        """Note one accepted move of ``seat`` and the rules' public view after it."""
        now = _without_version(public)
        if now != self._public:
            self._public, self._voted = now, set()
            return
        if self._act is None or getattr(action, "act", None) != self._act:
            return
        if seat in self._voted:
            self.count += 1
        else:
            self._voted.add(seat)

    def public_version(self, version: int) -> int:
        return version - self.count


def _without_version(public: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in public.items() if k != "version"}
