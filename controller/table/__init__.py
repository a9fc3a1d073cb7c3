"""The table: the single-writer game loop, its SQLite journal, seat tokens and view fan-out.

Depends on :mod:`controller.rules` only; the web app and the devices depend on this, never the reverse.
"""

from controller.table.journal import CorruptJournal, Journal, JournalError, move_aside
from controller.table.table import (
    SEAT_KEYS,
    TABLE_KEYS,
    GameMismatch,
    Outcome,
    Snapshot,
    Table,
    TableConfig,
    check_host_key,
    hash_token,
    load_host_key,
    rules_part,
)

__all__ = [
    "SEAT_KEYS",
    "TABLE_KEYS",
    "CorruptJournal",
    "GameMismatch",
    "Journal",
    "JournalError",
    "Outcome",
    "Snapshot",
    "Table",
    "TableConfig",
    "check_host_key",
    "hash_token",
    "load_host_key",
    "move_aside",
    "rules_part",
]
