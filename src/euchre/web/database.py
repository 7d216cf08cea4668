"""Where the web tables live: storage behind one interface, SQLite built in.

:class:`Store` is all the server asks of storage. :class:`SqliteStore` keeps it in one
SQLite file (WAL mode); a PostgreSQL store would implement the same methods over the same
four tables. Every method commits before it returns, so an action the server
acknowledges is already on disk: a server killed with SIGKILL loses nothing it said it
did.

>>> store = SqliteStore(":memory:")
>>> store.create_table(TableRow("t1", {"name": "x"}, 1.0), [SeatRow(0, "Ada", "h0", True)])
>>> store.append_action("t1", 1, 0, "pass", "c1")
>>> store.command_version("t1", 0, "c1"), store.command_version("t1", 0, "c2")
(1, None)
>>> [t.id for t in store.load_tables()], store.load_tables()[0].actions
(['t1'], [(1, 0, 'pass')])
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from euchre.errors import EuchreError

LOG: Final = logging.getLogger("euchre.web")

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "SeatRow", "SqliteStore", "Store", "StoreError",
           "StoredTable", "TableRow", "migrate"]


class StoreError(EuchreError):
    """The store could not be opened or written (a broken file, a full disk)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as created: its id, its settings (JSON-ready) and when it was made."""

    id: str
    settings: dict[str, Any]
    created: float


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat: who sits there, the SHA-256 hash of its secret token, and whether a
    person has taken it (``False``: a bot plays it)."""

    seat: int
    name: str
    token_hash: str
    claimed: bool


@dataclass(slots=True)
class StoredTable:
    """A table as loaded back: its row, its seats, whether it started, its actions in
    order as ``(version, seat, action)`` and whether its record was kept."""

    row: TableRow
    seats: list[SeatRow]
    started: bool
    actions: list[tuple[int, int, str]] = field(default_factory=list)
    finished: bool = False

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id


class Store(Protocol):
    """What the server asks of storage (each call commits before it returns)."""

    def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        """Keep a new table and its seats."""

    def set_seat(self, table: str, seat: SeatRow) -> None:
        """Keep who holds a seat now (a person took it, a new token)."""

    def set_started(self, table: str) -> None:
        """Keep that the table's game has started."""

    def append_action(self, table: str, version: int, seat: int, action: str,
                      command: str | None) -> None:
        """Keep action ``version`` and the command id it answered, in one transaction
        (a version is written once: a second write of it raises :class:`StoreError`)."""

    def command_version(self, table: str, seat: int, command: str) -> int | None:
        """The version that ``seat``'s command ``command`` made, or ``None``."""

    def finish(self, table: str, record: str) -> None:
        """Keep a finished game's record (native JSON)."""

    def record(self, table: str) -> str | None:
        """A finished game's record, or ``None``."""

    def load_tables(self) -> list[StoredTable]:
        """Every table, with its actions, oldest first."""

    def close(self) -> None:
        """Let the store go."""


_SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    claimed INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    command TEXT,
    PRIMARY KEY (table_id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS commands ON actions (table_id, seat, command)
    WHERE command IS NOT NULL;
CREATE TABLE IF NOT EXISTS records (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    record TEXT NOT NULL
);
"""


MIGRATIONS: Final[tuple[str, ...]] = (_SCHEMA_1,)
"""The store's schema as migrations, oldest first: migration ``n`` (counted from 1)
takes a store at schema ``n - 1`` to schema ``n``. A store records the schema it is at
(SQLite: ``PRAGMA user_version``); opening it runs the migrations it lacks, each in one
transaction, and refuses a store at a schema newer than the program knows. Schema 1 is
the four tables every store has had; a store written before schemas were counted (its
``user_version`` 0, with the tables there) is at schema 1 already, which its ``IF NOT
EXISTS`` statements leave as it is."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The newest schema this program writes and reads."""


def migrate(db: sqlite3.Connection, path: str) -> int:
    """Bring the store ``db`` (at ``path``, for the messages) up to
    :data:`SCHEMA_VERSION`; returns the schema it was at. Raises :class:`StoreError`
    for a store a newer program wrote.

    >>> db = sqlite3.connect(":memory:", isolation_level=None)
    >>> migrate(db, ":memory:"), db.execute("PRAGMA user_version").fetchone()[0]
    (0, 1)
    >>> db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}") and None
    >>> migrate(db, "t.sqlite3")
    Traceback (most recent call last):
    ...
    euchre.web.database.StoreError: the store t.sqlite3 is at schema 2, newer than this \
program's 1: a newer euchre wrote it; upgrade euchre to serve it
    """
    found = int(db.execute("PRAGMA user_version").fetchone()[0])
    if found > SCHEMA_VERSION:
        raise StoreError(f"the store {path} is at schema {found}, newer than this "
                         f"program's {SCHEMA_VERSION}: a newer euchre wrote it; upgrade "
                         f"euchre to serve it")
    for number in range(found + 1, SCHEMA_VERSION + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[number - 1].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        LOG.info("store %s: schema %d", path, number)
    return found


class SqliteStore:
    """A :class:`Store` in one SQLite file (``":memory:"`` for tests).

    One connection, used from the server's event loop (a lock keeps other threads
    safe); WAL mode with ``synchronous=NORMAL``: a commit survives the process being
    killed (only a power cut could lose the last ones).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False,
                                       isolation_level=None)
            self._db.text_factory = _decode
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            migrate(self._db, self.path)
        except (sqlite3.Error, OSError) as error:
            raise StoreError(f"can not open the store {self.path}: {error}") from None
        self._lock = threading.Lock()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back on any
        exception (a value SQLite can not take, a bug, an interrupt), so that a failed
        write never leaves the connection inside a transaction. A failure of the store
        or of a value becomes :class:`StoreError`; anything else goes on as it was."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(error, (sqlite3.Error, ValueError)):
                    raise StoreError(f"can not write the store {self.path}: {error}") from None
                raise

    def _write(self, sql: str, *rows: tuple[Any, ...]) -> None:
        with self._transaction() as db:
            for row in rows:
                db.execute(sql, row)

    def _read(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except (sqlite3.Error, ValueError) as error:
                raise StoreError(f"can not read the store {self.path}: {error}") from None

    def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO tables (id, settings, created) VALUES (?, ?, ?)",
                       (row.id, json.dumps(row.settings), row.created))
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.name, s.token_hash, int(s.claimed)) for s in seats])

    def set_seat(self, table: str, seat: SeatRow) -> None:
        self._write("UPDATE seats SET name = ?, token_hash = ?, claimed = ? "
                    "WHERE table_id = ? AND seat = ?",
                    (seat.name, seat.token_hash, int(seat.claimed), table, seat.seat))

    def set_started(self, table: str) -> None:
        self._write("UPDATE tables SET started = 1 WHERE id = ?", (table,))

    def append_action(self, table: str, version: int, seat: int, action: str,
                      command: str | None) -> None:
        self._write("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                    (table, version, seat, action, command))

    def command_version(self, table: str, seat: int, command: str) -> int | None:
        rows = self._read("SELECT version FROM actions WHERE table_id = ? AND seat = ? "
                          "AND command = ?", table, seat, command)
        return int(rows[0][0]) if rows else None

    def finish(self, table: str, record: str) -> None:
        self._write("INSERT OR REPLACE INTO records VALUES (?, ?)", (table, record))

    def record(self, table: str) -> str | None:
        rows = self._read("SELECT record FROM records WHERE table_id = ?", table)
        return str(rows[0][0]) if rows else None

    def load_tables(self) -> list[StoredTable]:
        tables: dict[str, StoredTable] = {}
        broken: dict[str, str] = {}
        for row in self._read(
                "SELECT id, settings, created, started FROM tables ORDER BY created, id"):
            id_, settings, created, started = row
            try:
                _check_row(row)
                loaded = json.loads(settings)
                if not isinstance(loaded, dict):
                    raise ValueError("its settings are not a JSON object")
            except (ValueError, TypeError, RecursionError) as error:
                broken[str(id_)] = f"its settings can not be read ({error})"
                continue
            tables[id_] = StoredTable(TableRow(id_, loaded, created), [], bool(started))
        for row in self._read(
                "SELECT table_id, seat, name, token_hash, claimed FROM seats "
                "ORDER BY table_id, seat"):
            id_, seat, name, token_hash, claimed = row
            if id_ in tables and not _readable(row, id_, "a seat", broken):
                continue
            if id_ in tables:
                tables[id_].seats.append(SeatRow(seat, name, token_hash, bool(claimed)))
        for row in self._read(
                "SELECT table_id, version, seat, action FROM actions "
                "ORDER BY table_id, version"):
            id_, version, seat, action = row
            if id_ in tables and _readable(row, id_, "an action", broken):
                tables[id_].actions.append((version, seat, action))
        for (id_,) in self._read("SELECT table_id FROM records"):
            if id_ in tables:
                tables[id_].finished = True
        for id_, why in broken.items():
            LOG.error("table %r in the store can not be read and is left out: %s", id_, why)
            tables.pop(id_, None)
        return list(tables.values())

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _decode(value: bytes) -> str:
    """SQLite's text as Python reads it: UTF-8, with bytes that are not kept as lone
    surrogates, so that one damaged row is found by :func:`_check_row` and left out
    instead of failing the whole query."""
    return value.decode("utf-8", "surrogateescape")


def _check_row(row: tuple[Any, ...]) -> None:
    """Raise :class:`ValueError` when a text of ``row`` is not valid UTF-8 text."""
    for value in row:
        if isinstance(value, str):
            value.encode("utf-8")


def _readable(row: tuple[Any, ...], table: str, what: str, broken: dict[str, str]) -> bool:
    """Whether ``row`` of ``table`` reads as valid text (else ``table`` is noted in
    ``broken``, with why)."""
    try:
        _check_row(row)
    except ValueError as error:
        broken.setdefault(str(table), f"{what} can not be read ({error})")
        return False
    return True
