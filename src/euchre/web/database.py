"""Where the web tables live: storage behind one interface, SQLite built in.

:class:`Store` is all the server asks of storage. :class:`SqliteStore` keeps it in one
SQLite file (WAL mode), for one server process; :class:`~euchre.web.postgres.PostgresStore`
keeps the same tables in PostgreSQL, shared by several processes (the ``postgres``
extra). :func:`euchre.web.stores.open_store` opens either from its URL. Every write
commits before it returns, so an action the server acknowledges is already in the
store: a server killed with SIGKILL loses nothing it said it did.

Each table is served by one process at a time, its *owner* (a lease in the store): a
server process registers as a worker (:meth:`Store.join`), says it is alive every
:data:`HEARTBEAT_SECONDS` (:meth:`Store.heartbeat`), and claims the tables nobody
serves: new ones, those released by a worker that stopped, and those of a worker silent
for :data:`LEASE_SECONDS` (:meth:`Store.claim`). A finished game's table rests in the
store alone (:data:`RESTING`) until somebody asks for it. Every write names the writer and is
refused (:class:`LeaseLost`) when the table has another owner by then, so two processes
never both write one table.

>>> import asyncio
>>> async def demo():
...     store = SqliteStore(":memory:")
...     await store.create_table(TableRow("t1", {"name": "x"}, 1.0),
...                              [SeatRow(0, "Ada", "h0", True)])
...     await store.append_action("t1", 1, 0, "pass", "c1")
...     done = (await store.command_version("t1", 0, "c1"),
...             await store.command_version("t1", 0, "c2"))
...     tables = await store.load_tables()
...     return done, [t.id for t in tables], tables[0].actions
>>> asyncio.run(demo())
((1, None), ['t1'], [(1, 0, 'pass')])
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol
from urllib.parse import unquote, urlsplit

from euchre.errors import EuchreError

LOG: Final = logging.getLogger("euchre.web")

__all__ = [
    "CLUB_TABLES",
    "HEARTBEAT_SECONDS",
    "LEASE_SECONDS",
    "MIGRATIONS",
    "RELEASED",
    "RESTING",
    "SCHEMA_VERSION",
    "LeaseLost",
    "Notice",
    "SeatRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "StoredTable",
    "TableRow",
    "WorkerRow",
    "club_schema",
    "migrate",
    "new_worker",
    "sqlite_path",
]

HEARTBEAT_SECONDS: Final = 1.0
"""How often a worker tells the store it is alive (and claims tables nobody serves)."""
LEASE_SECONDS: Final = 5.0
"""A worker silent this long is taken for dead: its tables go to the others."""
RESTING: Final = ""
"""The owner of a finished game's table laid to rest (:meth:`Store.rest`): no worker
holds it in memory or claims it with the others; the first to be asked for it opens it
again (:meth:`Store.claim_one`)."""

RELEASED: Final = ("CASE WHEN EXISTS (SELECT 1 FROM records r WHERE r.table_id = tables.id) "
                    "THEN '' ELSE NULL END")
"""SQL (both stores'): the owner of a table its worker lets go of, in an ``UPDATE
tables``: :data:`RESTING` for a finished game, else nobody (for a worker to claim)."""


class StoreError(EuchreError):
    """The store could not be opened or written (a broken file, a full disk, a server
    out of reach)."""


class LeaseLost(StoreError):
    """A write refused because another worker serves the table now (this one was taken
    for dead, or the table moved): the writer must let the table go."""


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
    order as ``(version, seat, action)``, the version each command id made (by seat and
    id), and whether its record was kept."""

    row: TableRow
    seats: list[SeatRow]
    started: bool
    actions: list[tuple[int, int, str]] = field(default_factory=list)
    finished: bool = False
    commands: dict[tuple[int, str], int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id


@dataclass(frozen=True, slots=True)
class WorkerRow:
    """A server process serving tables: its id, the address other workers forward a
    table's requests and sockets to (``host:port``), its process id and machine, and
    when it started and last said it was alive (seconds since the epoch, on the
    store's clock), and how many tables in play it serves (as of its last beat)."""

    id: str
    address: str
    pid: int
    host: str
    started: float = 0.0
    seen: float = 0.0
    load: int = 0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready, for operators (``GET /api/tables/{id}``'s ``worker``)."""
        return {"id": self.id, "address": self.address, "pid": self.pid, "host": self.host}


def new_worker(address: str) -> WorkerRow:
    """This process as a new worker reached at ``address`` (an id never used before)."""
    host = socket.gethostname()
    return WorkerRow(f"{host}-{os.getpid()}-{os.urandom(3).hex()}", address, os.getpid(),
                     host, time.time(), time.time())


@dataclass(frozen=True, slots=True)
class Notice:
    """A notice between workers: ``kind`` (``created``, ``seat``, ``moved``,
    ``released``, ``listed``) about ``table`` (or every table: ``""``), from
    ``worker``."""

    kind: str
    table: str
    worker: str


class Store(Protocol):
    """What the server asks of storage (each write commits before it returns, and is
    refused with :class:`LeaseLost` when the table's owner is another worker)."""

    url: str
    """Where the store is, for messages (never with a password)."""
    shared: bool
    """Whether several processes may serve it at once (PostgreSQL: yes)."""
    worker: str
    """The id of the worker writing through this store (:meth:`join`)."""

    async def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        """Keep a new table and its seats, owned by this worker."""

    async def set_seat(self, table: str, seat: SeatRow) -> None:
        """Keep who holds a seat now (a person took it, a new token)."""

    async def set_started(self, table: str) -> None:
        """Keep that the table's game has started."""

    async def append_action(self, table: str, version: int, seat: int, action: str,
                            command: str | None) -> None:
        """Keep action ``version`` and the command id it answered, in one transaction
        (a version is written once: a second write of it raises :class:`StoreError`)."""

    async def command_version(self, table: str, seat: int, command: str) -> int | None:
        """The version that ``seat``'s command ``command`` made, or ``None``."""

    async def finish(self, table: str, record: str) -> None:
        """Keep a finished game's record (native JSON)."""

    async def record(self, table: str) -> str | None:
        """A finished game's record, or ``None``."""

    async def set_summaries(self, summaries: Mapping[str, dict[str, Any] | None]) -> None:
        """Keep tables' descriptions for the lobby, by id (``None``: not listed), in one
        transaction; a table this worker does not own is left as it is."""

    async def lobby(self) -> list[dict[str, Any]]:
        """The descriptions of every listed table, oldest first."""

    async def load_tables(self, ids: Collection[str] | None = None) -> list[StoredTable]:
        """The tables ``ids`` (default: every table), with their actions, oldest first."""

    async def join(self, worker: WorkerRow) -> None:
        """Register this process as ``worker`` (its writes are made as it from now)."""

    async def heartbeat(self, load: int = 0) -> set[str]:
        """Say this worker is alive, serving ``load`` tables in play; returns the tables
        it owns."""

    async def claim(self, limit: int) -> list[str]:
        """Take up to ``limit`` tables nobody serves (new to nobody, released, or a
        dead worker's); returns their ids."""

    async def claim_one(self, table: str) -> bool:
        """Take ``table`` if nobody serves it (a resting one too); whether this worker
        owns it now."""

    async def rest(self, table: str) -> None:
        """This worker lets finished ``table`` rest (:data:`RESTING`), if it owns it."""

    async def owner(self, table: str) -> WorkerRow | None:
        """The live worker that serves ``table``, or ``None`` (nobody now); raises
        :class:`KeyError` for a table the store does not have."""

    async def workers(self) -> list[WorkerRow]:
        """The live workers, oldest first."""

    async def leave(self) -> None:
        """This worker stops: its tables are released for the others to claim at once
        (a finished game's, to rest)."""

    async def notify(self, kind: str, table: str) -> None:
        """Tell every worker a :class:`Notice` (a no-op where only one process serves)."""

    async def listen(self, callback: Callable[[Notice], None]) -> None:
        """Call ``callback`` with every notice of the other workers from now on."""

    async def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """The rows of one read of the clubs' tables (``?`` marks each argument; the
        SQL both stores take)."""

    async def change(self, *statements: tuple[str, tuple[Any, ...]]) -> list[int]:
        """Run ``statements`` (SQL and arguments, as :meth:`query`'s) in one
        transaction; the rows each changed."""

    async def close(self) -> None:
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

_SCHEMA_2 = """
ALTER TABLE tables ADD COLUMN owner TEXT;
CREATE TABLE lobby (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    summary TEXT NOT NULL
);
CREATE INDEX tables_owner ON tables (owner);
CREATE TABLE workers (
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    started REAL NOT NULL,
    seen REAL NOT NULL,
    load INTEGER NOT NULL DEFAULT 0
);
"""


def club_schema(real: str) -> tuple[str, ...]:
    """Schema 3's statements, with ``real`` the store's type of a moment (seconds since
    the epoch): players' accounts and sessions, the seats they took (``plays``), club
    events and their log of entries, the daily challenge's games, and the server's
    secrets. An account is named by its id wherever it is kept, so deleting one leaves
    nothing behind that points at it (:mod:`euchre.web.members`)."""
    return (
        f"""CREATE TABLE accounts (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            folded TEXT NOT NULL UNIQUE,
            password TEXT NOT NULL,
            created {real} NOT NULL)""",
        f"""CREATE TABLE sessions (
            hash TEXT PRIMARY KEY,
            account TEXT NOT NULL,
            created {real} NOT NULL)""",
        "CREATE INDEX sessions_account ON sessions (account)",
        """CREATE TABLE plays (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            account TEXT NOT NULL,
            PRIMARY KEY (table_id, seat))""",
        "CREATE INDEX plays_account ON plays (account)",
        f"""CREATE TABLE events (
            id TEXT PRIMARY KEY,
            director TEXT NOT NULL,
            definition TEXT NOT NULL,
            key_hash TEXT NOT NULL,
            created {real} NOT NULL)""",
        f"""CREATE TABLE event_log (
            event_id TEXT NOT NULL,
            n INTEGER NOT NULL,
            at {real} NOT NULL,
            who TEXT NOT NULL,
            entry TEXT NOT NULL,
            PRIMARY KEY (event_id, n))""",
        """CREATE TABLE challenge (
            day TEXT NOT NULL,
            board INTEGER NOT NULL,
            account TEXT NOT NULL,
            table_id TEXT NOT NULL,
            PRIMARY KEY (day, board, account))""",
        "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    )


CLUB_TABLES: Final = {
    "accounts": "id, name, folded, password, created",
    "sessions": "hash, account, created",
    "plays": "table_id, seat, account",
    "events": "id, director, definition, key_hash, created",
    "event_log": "event_id, n, at, who, entry",
    "challenge": "day, board, account, table_id",
    "secrets": "name, value",
}
"""Schema 3's tables and their columns, in order (``--migrate-from`` moves them)."""

_SCHEMA_3 = ";\n".join(club_schema("REAL"))

MIGRATIONS: Final[tuple[str, ...]] = (_SCHEMA_1, _SCHEMA_2, _SCHEMA_3)
"""The store's schema as migrations, oldest first: migration ``n`` (counted from 1)
takes a store at schema ``n - 1`` to schema ``n``. A store records the schema it is at
(SQLite: ``PRAGMA user_version``); opening it runs the migrations it lacks, each in one
transaction, and refuses a store at a schema newer than the program knows. Schema 1 is
the four tables every store has had; a store written before schemas were counted (its
``user_version`` 0, with the tables there) is at schema 1. Schema 2 adds each table's
owner, the lobby's summaries (a table of their own: writing them never waits on a
table's row, which every action locks) and the workers. Schema 3 adds the clubs'
tables (:func:`club_schema`). PostgreSQL's migrations
(:mod:`euchre.web.postgres`) are the same steps in its own types."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The newest schema this program writes and reads."""


def newer_store(url: str, found: int) -> StoreError:
    """The refusal of a store at schema ``found``, newer than this program's."""
    return StoreError(f"the store {url} is at schema {found}, newer than this "
                      f"program's {SCHEMA_VERSION}: a newer euchre wrote it; upgrade "
                      f"euchre to serve it")


def migrate(db: sqlite3.Connection, path: str) -> int:
    """Bring the store ``db`` (at ``path``, for the messages) up to
    :data:`SCHEMA_VERSION`; returns the schema it was at. Raises :class:`StoreError`
    for a store a newer program wrote.

    >>> db = sqlite3.connect(":memory:", isolation_level=None)
    >>> migrate(db, ":memory:"), db.execute("PRAGMA user_version").fetchone()[0]
    (0, 3)
    >>> db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}") and None
    >>> migrate(db, "t.sqlite3")
    Traceback (most recent call last):
    ...
    euchre.web.database.StoreError: the store t.sqlite3 is at schema 4, newer than this \
program's 3: a newer euchre wrote it; upgrade euchre to serve it
    """
    found = int(db.execute("PRAGMA user_version").fetchone()[0])
    if found > SCHEMA_VERSION:
        raise newer_store(path, found)
    start = found
    if found == 0 and db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                 "AND name = 'tables'").fetchone():
        start = 1  # written before schemas were counted: schema 1
    for number in range(start + 1, SCHEMA_VERSION + 1):
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


def sqlite_path(url: str) -> str:
    """The file of a ``sqlite:`` URL: ``sqlite:///relative/path`` or
    ``sqlite:////absolute/path`` (as SQLAlchemy writes them), ``~`` expanded.

    >>> sqlite_path("sqlite:///data/t.sqlite3"), sqlite_path("sqlite:////srv/t.sqlite3")
    ('data/t.sqlite3', '/srv/t.sqlite3')
    """
    parts = urlsplit(url)
    if parts.scheme != "sqlite" or parts.netloc or not parts.path.startswith("/") or (
            parts.path == "/"):
        raise StoreError(f"{url!r} is not a SQLite store's address: write "
                         f"sqlite:///relative/path or sqlite:////absolute/path")
    if parts.path == "/:memory:":
        return ":memory:"
    return os.path.expanduser(unquote(parts.path[1:]))


class SqliteStore:
    """A :class:`Store` in one SQLite file (``":memory:"`` for tests), served by one
    process: :meth:`join` refuses a second live process, and takes every table.

    One connection, used from the server's event loop (a lock keeps other threads
    safe); WAL mode with ``synchronous=NORMAL``: a commit survives the process being
    killed (only a power cut could lose the last ones). Its methods are coroutines, as
    the interface's, but do their work at once: a local file answers in microseconds.
    """

    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.url = self.path
        self.worker = f"local-{os.getpid()}"
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

    def _owned(self, db: sqlite3.Connection, table: str) -> None:
        """Refuse a write to ``table`` unless this worker owns it (:class:`LeaseLost`)."""
        row = db.execute("SELECT owner FROM tables WHERE id = ?", (table,)).fetchone()
        if row is not None and row[0] is not None and row[0] != self.worker:
            raise LeaseLost(f"table {table} is served by another worker now")

    def _write(self, table: str, sql: str, *rows: tuple[Any, ...]) -> None:
        with self._transaction() as db:
            self._owned(db, table)
            for row in rows:
                db.execute(sql, row)

    def _read(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except (sqlite3.Error, ValueError) as error:
                raise StoreError(f"can not read the store {self.path}: {error}") from None

    async def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO tables (id, settings, created, owner) VALUES (?, ?, ?, ?)",
                       (row.id, json.dumps(row.settings), row.created, self.worker))
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.name, s.token_hash, int(s.claimed)) for s in seats])

    async def set_seat(self, table: str, seat: SeatRow) -> None:
        self._write(table, "UPDATE seats SET name = ?, token_hash = ?, claimed = ? "
                    "WHERE table_id = ? AND seat = ?",
                    (seat.name, seat.token_hash, int(seat.claimed), table, seat.seat))

    async def set_started(self, table: str) -> None:
        self._write(table, "UPDATE tables SET started = 1 WHERE id = ?", (table,))

    async def append_action(self, table: str, version: int, seat: int, action: str,
                            command: str | None) -> None:
        self._write(table, "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                    (table, version, seat, action, command))

    async def command_version(self, table: str, seat: int, command: str) -> int | None:
        rows = self._read("SELECT version FROM actions WHERE table_id = ? AND seat = ? "
                          "AND command = ?", table, seat, command)
        return int(rows[0][0]) if rows else None

    async def finish(self, table: str, record: str) -> None:
        self._write(table, "INSERT OR REPLACE INTO records VALUES (?, ?)", (table, record))

    async def record(self, table: str) -> str | None:
        rows = self._read("SELECT record FROM records WHERE table_id = ?", table)
        return str(rows[0][0]) if rows else None

    async def set_summaries(self, summaries: Mapping[str, dict[str, Any] | None]) -> None:
        with self._transaction() as db:
            for id_, summary in summaries.items():
                if db.execute("SELECT 1 FROM tables WHERE id = ? AND owner = ?",
                              (id_, self.worker)).fetchone() is None:
                    continue
                if summary is None:
                    db.execute("DELETE FROM lobby WHERE table_id = ?", (id_,))
                else:
                    db.execute("INSERT OR REPLACE INTO lobby VALUES (?, ?)",
                               (id_, summary_text(summary)))

    async def lobby(self) -> list[dict[str, Any]]:
        return summaries(self._read(
            "SELECT l.summary FROM lobby l JOIN tables t ON t.id = l.table_id "
            "ORDER BY t.created, t.id"))

    async def load_tables(self, ids: Collection[str] | None = None) -> list[StoredTable]:
        wanted = None if ids is None else set(ids)
        return assemble(
            self._read("SELECT id, settings, created, started FROM tables "
                       "ORDER BY created, id"),
            self._read("SELECT table_id, seat, name, token_hash, claimed FROM seats "
                       "ORDER BY table_id, seat"),
            self._read("SELECT table_id, version, seat, action, command FROM actions "
                       "ORDER BY table_id, version"),
            self._read("SELECT table_id FROM records"), wanted)

    async def join(self, worker: WorkerRow) -> None:
        """Register ``worker``, every table left for it to claim; refused while another
        process on this machine serves the file (its heartbeat fresh, its process
        alive)."""
        now = time.time()
        with self._transaction() as db:
            for pid, host, seen in db.execute(
                    "SELECT pid, host, seen FROM workers").fetchall():
                if (host == worker.host and pid != worker.pid and now - seen < LEASE_SECONDS
                        and _alive(pid)):
                    raise StoreError(f"the store {self.path} is served by another euchre "
                                     f"serve (process {pid}): stop it first, or use a "
                                     f"PostgreSQL store for several processes")
            db.execute("DELETE FROM workers")
            db.execute("INSERT INTO workers VALUES (?, ?, ?, ?, ?, ?, 0)",
                       (worker.id, worker.address, worker.pid, worker.host, now, now))
            db.execute(f"UPDATE tables SET owner = {RELEASED}")  # for claim() to take
        self.worker = worker.id

    async def heartbeat(self, load: int = 0) -> set[str]:
        with self._transaction() as db:
            db.execute("UPDATE workers SET seen = ?, load = ? WHERE id = ?",
                       (time.time(), load, self.worker))
        return {str(r[0]) for r in self._read("SELECT id FROM tables WHERE owner = ?",
                                              self.worker)}

    async def claim(self, limit: int) -> list[str]:
        with self._transaction() as db:
            ids = [str(r[0]) for r in db.execute(
                "SELECT id FROM tables WHERE owner IS NULL OR (owner != ? AND owner != ?) "
                "ORDER BY created, id LIMIT ?", (self.worker, RESTING, limit)).fetchall()]
            db.executemany("UPDATE tables SET owner = ? WHERE id = ?",
                           [(self.worker, id_) for id_ in ids])
        return ids

    async def claim_one(self, table: str) -> bool:
        with self._transaction() as db:
            db.execute("UPDATE tables SET owner = ? WHERE id = ?", (self.worker, table))
        return True

    async def owner(self, table: str) -> WorkerRow | None:
        rows = self._read("SELECT w.id, w.address, w.pid, w.host, w.started, w.seen, w.load "
                          "FROM tables t LEFT JOIN workers w ON w.id = t.owner "
                          "WHERE t.id = ?", table)
        if not rows:
            raise KeyError(table)
        if rows[0][0] is None:
            return None
        return WorkerRow(*rows[0])

    async def workers(self) -> list[WorkerRow]:
        return [WorkerRow(*row) for row in self._read(
            "SELECT id, address, pid, host, started, seen, load FROM workers "
            "ORDER BY started")]

    async def leave(self) -> None:
        with self._transaction() as db:
            db.execute(f"UPDATE tables SET owner = {RELEASED} WHERE owner = ?", (self.worker,))
            db.execute("DELETE FROM workers WHERE id = ?", (self.worker,))

    async def rest(self, table: str) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET owner = ? WHERE id = ? AND owner = ?",
                       (RESTING, table, self.worker))

    async def notify(self, kind: str, table: str) -> None:
        """Nobody else serves this store: nobody to tell."""

    async def listen(self, callback: Callable[[Notice], None]) -> None:
        """Nobody else serves this store: no notices come."""

    async def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return self._read(sql, *args)

    async def change(self, *statements: tuple[str, tuple[Any, ...]]) -> list[int]:
        with self._transaction() as db:
            return [db.execute(sql, args).rowcount for sql, args in statements]

    async def close(self) -> None:
        with self._lock:
            self._db.close()

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of the four tables of games and of the clubs' tables, as stored
        (``--migrate-from``)."""
        return {
            "tables": self._read("SELECT id, settings, created, started FROM tables "
                                 "ORDER BY created, id"),
            "seats": self._read("SELECT table_id, seat, name, token_hash, claimed "
                                "FROM seats ORDER BY table_id, seat"),
            "actions": self._read("SELECT table_id, version, seat, action, command "
                                  "FROM actions ORDER BY table_id, version"),
            "records": self._read("SELECT table_id, record FROM records ORDER BY table_id"),
            **{name: self._read(f"SELECT {columns} FROM {name} ORDER BY {columns}")
               for name, columns in CLUB_TABLES.items()},
        }


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def summary_text(summary: dict[str, Any]) -> str:
    """A lobby summary as stored (JSON text)."""
    return json.dumps(summary, ensure_ascii=False)


def summaries(rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """The lobby's descriptions from their stored JSON (one that can not be read is
    left out, and logged)."""
    out = []
    for (text,) in rows:
        try:
            value = json.loads(text)
        except (ValueError, TypeError, RecursionError) as error:
            LOG.error("a table's lobby summary can not be read: %s", error)
            continue
        if isinstance(value, dict):
            out.append(value)
    return out


def assemble(tables_rows: list[tuple[Any, ...]], seat_rows: list[tuple[Any, ...]],
             action_rows: list[tuple[Any, ...]], record_rows: list[tuple[Any, ...]],
             wanted: set[str] | None) -> list[StoredTable]:
    """Stored tables from their rows (every store reads the same four queries); a table
    with a row that can not be read is left out, and logged, never the whole store."""
    tables: dict[str, StoredTable] = {}
    broken: dict[str, str] = {}
    for row in tables_rows:
        id_, settings, created, started = row
        if wanted is not None and id_ not in wanted:
            continue
        try:
            _check_row(row)
            loaded = json.loads(settings)
            if not isinstance(loaded, dict):
                raise ValueError("its settings are not a JSON object")
        except (ValueError, TypeError, RecursionError) as error:
            broken[str(id_)] = f"its settings can not be read ({error})"
            continue
        tables[id_] = StoredTable(TableRow(id_, loaded, float(created)), [], bool(started))
    for row in seat_rows:
        id_, seat, name, token_hash, claimed = row
        if id_ in tables and _readable(row, id_, "a seat", broken):
            tables[id_].seats.append(SeatRow(seat, name, token_hash, bool(claimed)))
    for row in action_rows:
        id_, version, seat, action, command = row
        if id_ in tables and _readable(row, id_, "an action", broken):
            tables[id_].actions.append((version, seat, action))
            if command is not None:
                tables[id_].commands[seat, command] = version
    for (id_,) in record_rows:
        if id_ in tables:
            tables[id_].finished = True
    for id_, why in broken.items():
        LOG.error("table %r in the store can not be read and is left out: %s", id_, why)
        tables.pop(id_, None)
    return list(tables.values())


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
