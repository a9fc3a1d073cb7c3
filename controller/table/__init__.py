"""The table: the single-writer game loop, its SQLite journal, seat tokens and view fan-out.

Depends on :mod:`controller.rules` only; the web app and the devices depend on this, never the reverse.
"""

from controller.table.hostkey import HostKey, check_host_key, load_host_key
from controller.table.journal import CorruptJournal, Journal, JournalError, JournalUnavailable, move_aside
from controller.table.table import Outcome, Snapshot, Table, TableConfig, hash_token

__all__ = [
    "CorruptJournal",
    "HostKey",
    "Journal",
    "JournalError",
    "JournalUnavailable",
    "Outcome",
    "Snapshot",
    "Table",
    "TableConfig",
    "check_host_key",
    "hash_token",
    "load_host_key",
    "move_aside",
]
