"""The table: the single-writer game loop, its SQLite journal, seat tokens and view fan-out.

Depends on the games' rules packages only; the web app and the devices depend on this, never the reverse.
"""

from controller.table.command import Outcome
from controller.table.hostkey import HostKey, check_host_key, load_host_key
from controller.table.journal import CorruptJournal, Journal, JournalError, JournalUnavailable, move_aside
from controller.table.resume import GameMismatch
from controller.table.seating import hash_token
from controller.table.snapshots import SEAT_KEYS, TABLE_KEYS, Snapshot, rules_part
from controller.table.table import Table
from controller.table.table_config import TableConfig

__all__ = [
    "SEAT_KEYS",
    "TABLE_KEYS",
    "CorruptJournal",
    "GameMismatch",
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
    "rules_part",
]
