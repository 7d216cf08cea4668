"""The web tables in PostgreSQL: one store shared by every server process.

:class:`PostgresStore` implements :class:`~euchre.web.database.Store` over psycopg 3 and
its connection pool (the ``postgres`` extra), with the SQLite store's tables in
PostgreSQL's types. Each write is one transaction, retried on a lost connection for up
to :data:`RETRY_SECONDS` (a retried action that was in fact committed is recognised, not
written twice), and fenced: it locks the table's row and is refused with
:class:`~euchre.web.database.LeaseLost` unless this worker owns the table, so a worker
taken for dead can not write a table another worker has taken over. Notices between
workers go through ``LISTEN``/``NOTIFY`` on the channel :data:`CHANNEL`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import Any, Final, TypeVar

import psycopg
from psycopg import AsyncConnection
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from euchre.web.database import (
    CLUB_TABLES,
    LEASE_SECONDS,
    RELEASED,
    RESTING,
    SCHEMA_VERSION,
    LeaseLost,
    Notice,
    SeatRow,
    StoredTable,
    StoreError,
    TableRow,
    WorkerRow,
    assemble,
    club_schema,
    newer_store,
    summaries,
    summary_text,
)

__all__ = ["CHANNEL", "MIGRATIONS", "POOL_SIZE", "RETRY_SECONDS", "PostgresStore", "shown_url"]

LOG: Final = logging.getLogger("euchre.web")

CHANNEL: Final = "euchre"
"""The ``LISTEN``/``NOTIFY`` channel of the notices between workers."""
POOL_SIZE: Final = 8
"""The most connections one worker holds (writes of different tables run side by side)."""
RETRY_SECONDS: Final = 15.0
"""How long a write is tried again while the server can not be reached."""
CONNECT_SECONDS: Final = 10
"""How long opening the store waits for the server."""
_LOCK_ID: Final = 0x45756368
"""The advisory lock that lets one process at a time migrate the schema."""
_NOW: Final = "EXTRACT(EPOCH FROM clock_timestamp())::double precision"
"""The store's clock (seconds since the epoch): every worker's leases are timed by it."""

T = TypeVar("T")
_Action = tuple[str, int, int, str, "str | None"]
"""An action as written: table, version, seat, action, command id."""
BATCH: Final = 500
"""The most actions written in one statement."""

MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        """CREATE TABLE IF NOT EXISTS tables (
            id TEXT PRIMARY KEY,
            settings TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            started INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE IF NOT EXISTS seats (
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            claimed INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat))""",
        """CREATE TABLE IF NOT EXISTS actions (
            table_id TEXT NOT NULL REFERENCES tables(id),
            version INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            command TEXT,
            PRIMARY KEY (table_id, version))""",
        """CREATE UNIQUE INDEX IF NOT EXISTS commands ON actions (table_id, seat, command)
            WHERE command IS NOT NULL""",
        """CREATE TABLE IF NOT EXISTS records (
            table_id TEXT PRIMARY KEY REFERENCES tables(id),
            record TEXT NOT NULL)""",
    ),
    (
        "ALTER TABLE tables ADD COLUMN owner TEXT",
        """CREATE TABLE lobby (
            table_id TEXT PRIMARY KEY REFERENCES tables(id),
            summary TEXT NOT NULL)""",
        "CREATE INDEX tables_owner ON tables (owner)",
        """CREATE TABLE workers (
            id TEXT PRIMARY KEY,
            address TEXT NOT NULL,
            pid INTEGER NOT NULL,
            host TEXT NOT NULL,
            started DOUBLE PRECISION NOT NULL,
            seen DOUBLE PRECISION NOT NULL,
            load INTEGER NOT NULL DEFAULT 0)""",
    ),
    club_schema("DOUBLE PRECISION"),
)
"""The migrations of :data:`euchre.web.database.MIGRATIONS`, in PostgreSQL's types (the
same schema numbers); the schema a store is at is the one row of ``euchre_schema``."""

assert len(MIGRATIONS) == SCHEMA_VERSION


def shown_url(url: str) -> str:
    """``url`` as messages show it: never its password.

    >>> shown_url("postgresql://ada:secret@db.example:5433/euchre")
    'postgresql://ada@db.example:5433/euchre'
    >>> shown_url("postgresql:///euchre?host=/run/pg&user=ada")
    'postgresql://ada@/run/pg/euchre'
    """
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return "postgresql://…"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


async def _migrate(conn: AsyncConnection[Any], url: str) -> int:
    """Bring the store up to :data:`~euchre.web.database.SCHEMA_VERSION` in one
    transaction, one process at a time; returns the schema it was at."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_ID,))
        await conn.execute("CREATE TABLE IF NOT EXISTS euchre_schema (version INTEGER NOT NULL)")
        row = await (await conn.execute("SELECT version FROM euchre_schema")).fetchone()
        found = 0 if row is None else int(row[0])
        if found > SCHEMA_VERSION:
            raise newer_store(url, found)
        for number in range(found + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[number - 1]:
                await conn.execute(statement)
            LOG.info("store %s: schema %d", url, number)
        if found == 0:
            await conn.execute("INSERT INTO euchre_schema VALUES (%s)", (SCHEMA_VERSION,))
        elif found < SCHEMA_VERSION:
            await conn.execute("UPDATE euchre_schema SET version = %s", (SCHEMA_VERSION,))
    return found


class PostgresStore:
    """A :class:`~euchre.web.database.Store` in PostgreSQL (:meth:`open` makes one)."""

    shared = True

    def __init__(self, url: str, pool: AsyncConnectionPool[Any]) -> None:
        self._conninfo = url
        self.url = shown_url(url)
        self._pool = pool
        self.worker = "unregistered"
        self._listener: asyncio.Task[None] | None = None
        self._waiting: list[tuple[_Action, asyncio.Future[None]]] = []
        """The actions waiting for the next batch (:meth:`append_action`)."""
        self._writer: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """The store at ``url``, its schema brought up to date; a bad address, a server
        out of reach or a newer schema is one :class:`StoreError` line."""
        shown = shown_url(url)
        try:
            conninfo_to_dict(url)
        except psycopg.Error as error:
            raise StoreError(f"--store: {url!r} is not a PostgreSQL address ({_first(error)}): "
                             f"write postgresql://USER@HOST:PORT/DB") from None
        try:
            first = await AsyncConnection.connect(url, autocommit=True,
                                                  connect_timeout=CONNECT_SECONDS)
        except psycopg.Error as error:
            raise StoreError(f"can not reach the store {shown}: {_first(error)}") from None
        try:
            await _migrate(first, shown)
        except psycopg.Error as error:
            raise StoreError(f"can not open the store {shown}: {_first(error)}") from None
        finally:
            await first.close()
        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            url, min_size=1, max_size=POOL_SIZE, open=False, timeout=RETRY_SECONDS,
            kwargs={"autocommit": True}, name="euchre")
        await pool.open()
        return cls(url, pool)

    # -- one transaction, retried -------------------------------------------------------

    async def _run(self, what: str, work: Callable[[AsyncConnection[Any]], Awaitable[T]],
                   *, transaction: bool = True) -> T:
        """``work`` in one transaction (``transaction=False``: one statement, which is a
        transaction of its own, saving the round trips of ``BEGIN`` and ``COMMIT``);
        tried again while the server can not be reached (for :data:`RETRY_SECONDS`),
        then :class:`StoreError`."""
        deadline = time.monotonic() + RETRY_SECONDS
        delay = 0.05
        while True:
            try:
                async with self._pool.connection() as conn:
                    if not transaction:
                        return await work(conn)
                    async with conn.transaction():
                        return await work(conn)
            except (psycopg.OperationalError, PoolTimeout) as error:
                if time.monotonic() + delay > deadline:
                    raise StoreError(f"can not {what} the store {self.url}: "
                                     f"{_first(error)}") from None
                LOG.warning("store %s: %s; trying again", self.url, _first(error))
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
            except (psycopg.Error, ValueError) as error:
                raise StoreError(f"can not {what} the store {self.url}: "
                                 f"{_first(error)}") from None

    async def _rows(self, sql: str, args: tuple[Any, ...] | Mapping[str, Any] = ()
                    ) -> list[tuple[Any, ...]]:
        async def read(conn: AsyncConnection[Any]) -> list[tuple[Any, ...]]:
            return await (await conn.execute(sql, args)).fetchall()
        return await self._run("read", read, transaction=False)

    async def _owned(self, conn: AsyncConnection[Any], table: str) -> None:
        """Lock ``table``'s row for this transaction, refusing unless this worker owns
        it (:class:`LeaseLost`); a table that is not there is left to the write."""
        row = await (await conn.execute("SELECT owner FROM tables WHERE id = %s FOR SHARE",
                                        (table,))).fetchone()
        if row is not None and row[0] != self.worker:
            raise LeaseLost(f"table {table} is served by another worker now")

    async def _write(self, table: str, sql: str, args: tuple[Any, ...]) -> None:
        async def write(conn: AsyncConnection[Any]) -> None:
            await self._owned(conn, table)
            await conn.execute(sql, args)
        await self._run("write", write)

    # -- the games ----------------------------------------------------------------------

    async def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        async def write(conn: AsyncConnection[Any]) -> None:
            await conn.execute("INSERT INTO tables (id, settings, created, owner) "
                               "VALUES (%s, %s, %s, %s)",
                               (row.id, json.dumps(row.settings), row.created, self.worker))
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO seats VALUES (%s, %s, %s, %s, %s)",
                    [(row.id, s.seat, s.name, s.token_hash, int(s.claimed)) for s in seats])
        await self._run("write", write)

    async def set_seat(self, table: str, seat: SeatRow) -> None:
        await self._write(table, "UPDATE seats SET name = %s, token_hash = %s, claimed = %s "
                          "WHERE table_id = %s AND seat = %s",
                          (seat.name, seat.token_hash, int(seat.claimed), table, seat.seat))

    async def set_started(self, table: str) -> None:
        await self._write(table, "UPDATE tables SET started = 1 WHERE id = %s", (table,))

    async def append_action(self, table: str, version: int, seat: int, action: str,
                            command: str | None) -> None:
        """The action waits for the next batch: the actions of every table that arrive
        while a batch is written go together in the one after it (one statement, one
        commit: a group commit), and each caller hears its own action's fate."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(((table, version, seat, action, command), done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_batches())
        await done

    async def _write_batches(self) -> None:
        """Write the waiting actions, a batch at a time, until none wait."""
        while self._waiting:
            batch, self._waiting = self._waiting[:BATCH], self._waiting[BATCH:]
            actions = [action for action, _ in batch]
            try:
                failed = await self._run("write", functools.partial(
                    _insert_batch, actions=actions, worker=self.worker), transaction=False)
            except StoreError:  # each alone: a value refused spoils no other's action
                failed = set(range(len(batch)))
            for index, (action, done) in enumerate(batch):
                outcome: StoreError | None = None
                if index in failed:
                    try:
                        await self._run("write", functools.partial(self._append_one,
                                                                   action=action),
                                        transaction=False)
                    except StoreError as error:
                        outcome = error
                if done.done():  # its caller stopped waiting (the table let go)
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)

    async def _append_one(self, conn: AsyncConnection[Any], action: _Action) -> None:
        """One action written alone, or why not: another worker owns the table
        (:class:`LeaseLost`), or its version is there already (:class:`StoreError`),
        unless it is this very action, written before its answer was lost."""
        table, version, seat, text, command = action
        done = await conn.execute(
            "WITH mine AS (SELECT 1 FROM tables WHERE id = %s AND owner = %s FOR SHARE) "
            "INSERT INTO actions SELECT %s, %s, %s, %s, %s FROM mine ON CONFLICT DO NOTHING",
            (table, self.worker, table, version, seat, text, command))
        if done.rowcount == 1:
            return
        await self._owned(conn, table)
        there = await (await conn.execute(
            "SELECT seat, action, command FROM actions WHERE table_id = %s AND version = %s",
            (table, version))).fetchone()
        if there != (seat, text, command):
            raise StoreError(f"action {version} of table {table} is written already")

    async def command_version(self, table: str, seat: int, command: str) -> int | None:
        rows = await self._rows("SELECT version FROM actions WHERE table_id = %s AND "
                                "seat = %s AND command = %s", (table, seat, command))
        return int(rows[0][0]) if rows else None

    async def finish(self, table: str, record: str) -> None:
        await self._write(table, "INSERT INTO records VALUES (%s, %s) ON CONFLICT (table_id) "
                          "DO UPDATE SET record = EXCLUDED.record", (table, record))

    async def record(self, table: str) -> str | None:
        rows = await self._rows("SELECT record FROM records WHERE table_id = %s", (table,))
        return str(rows[0][0]) if rows else None

    async def set_summaries(self, summaries: Mapping[str, dict[str, Any] | None]) -> None:
        async def write(conn: AsyncConnection[Any]) -> None:
            gone = [id_ for id_, s in summaries.items() if s is None]
            kept = [(id_, summary_text(s), id_, self.worker)
                    for id_, s in summaries.items() if s is not None]
            if gone:
                await conn.execute("DELETE FROM lobby l USING tables t WHERE t.id = l.table_id "
                                   "AND l.table_id = ANY(%s) AND t.owner = %s",
                                   (gone, self.worker))
            if kept:
                async with conn.cursor() as cur:
                    await cur.executemany(
                        "INSERT INTO lobby SELECT %s, %s WHERE EXISTS (SELECT 1 FROM tables "
                        "WHERE id = %s AND owner = %s) ON CONFLICT (table_id) DO UPDATE "
                        "SET summary = EXCLUDED.summary", kept)
        await self._run("write", write)

    async def lobby(self) -> list[dict[str, Any]]:
        return summaries(await self._rows(
            "SELECT l.summary FROM lobby l JOIN tables t ON t.id = l.table_id "
            "ORDER BY t.created, t.id"))

    async def load_tables(self, ids: Collection[str] | None = None) -> list[StoredTable]:
        where, args = ("", ()) if ids is None else ("WHERE {} = ANY(%s)", (list(ids),))

        def sql(query: str, column: str) -> str:
            return query.replace("WHERE_IDS", where.format(column))
        tables = await self._rows(sql("SELECT id, settings, created, started FROM tables "
                                      "WHERE_IDS ORDER BY created, id", "id"), args)
        seats = await self._rows(sql("SELECT table_id, seat, name, token_hash, claimed "
                                     "FROM seats WHERE_IDS ORDER BY table_id, seat",
                                     "table_id"), args)
        actions = await self._rows(sql("SELECT table_id, version, seat, action, command "
                                       "FROM actions WHERE_IDS ORDER BY table_id, version",
                                       "table_id"), args)
        records = await self._rows(sql("SELECT table_id FROM records WHERE_IDS", "table_id"),
                                   args)
        return assemble(tables, seats, actions, records, None if ids is None else set(ids))

    # -- the workers and their leases ---------------------------------------------------

    async def join(self, worker: WorkerRow) -> None:
        await self._run("write", lambda conn: conn.execute(
            f"INSERT INTO workers VALUES (%s, %s, %s, %s, {_NOW}, {_NOW}, 0)",
            (worker.id, worker.address, worker.pid, worker.host)))
        self.worker = worker.id

    async def heartbeat(self, load: int = 0) -> set[str]:
        async def beat(conn: AsyncConnection[Any]) -> set[str]:
            await conn.execute(f"UPDATE workers SET seen = {_NOW}, load = %s WHERE id = %s",
                               (load, self.worker))
            rows = await (await conn.execute("SELECT id FROM tables WHERE owner = %s",
                                             (self.worker,))).fetchall()
            return {str(r[0]) for r in rows}
        return await self._run("write", beat)

    async def claim(self, limit: int) -> list[str]:
        async def take(conn: AsyncConnection[Any]) -> list[str]:
            dead = [str(r[0]) for r in await (await conn.execute(
                f"SELECT id FROM workers WHERE seen < {_NOW} - %s",
                (LEASE_SECONDS,))).fetchall()]
            if dead:  # a dead worker's finished games rest
                await conn.execute(f"UPDATE tables SET owner = {RELEASED} "
                                   "WHERE owner = ANY(%s)", (dead,))
            rows = await (await conn.execute(
                "UPDATE tables SET owner = %s WHERE id IN (SELECT id FROM tables "
                "WHERE owner IS NULL OR owner = ANY(%s) ORDER BY created, id LIMIT %s "
                "FOR UPDATE SKIP LOCKED) RETURNING id",
                (self.worker, dead, limit))).fetchall()
            # a worker silent for a minute that serves nothing is forgotten
            await conn.execute(f"DELETE FROM workers w WHERE seen < {_NOW} - 60 AND NOT "
                               "EXISTS (SELECT 1 FROM tables t WHERE t.owner = w.id)")
            return [str(r[0]) for r in rows]
        return await self._run("write", take)

    async def claim_one(self, table: str) -> bool:
        async def take(conn: AsyncConnection[Any]) -> bool:
            row = await (await conn.execute(
                f"UPDATE tables t SET owner = %s WHERE id = %s AND (owner IS NULL OR "
                f"owner = %s OR NOT EXISTS (SELECT 1 FROM workers w WHERE w.id = t.owner "
                f"AND w.seen >= {_NOW} - %s)) RETURNING id",
                (self.worker, table, self.worker, LEASE_SECONDS))).fetchone()
            return row is not None
        return await self._run("write", take)

    async def owner(self, table: str) -> WorkerRow | None:
        rows = await self._rows(
            "SELECT w.id, w.address, w.pid, w.host, w.started, w.seen, w.load FROM tables t "
            f"LEFT JOIN workers w ON w.id = t.owner AND w.seen >= {_NOW} - %s "
            "WHERE t.id = %s", (LEASE_SECONDS, table))
        if not rows:
            raise KeyError(table)
        if rows[0][0] is None:
            return None
        return WorkerRow(*rows[0])

    async def workers(self) -> list[WorkerRow]:
        return [WorkerRow(*row) for row in await self._rows(
            "SELECT id, address, pid, host, started, seen, load FROM workers "
            f"WHERE seen >= {_NOW} - %s ORDER BY started, id", (LEASE_SECONDS,))]

    async def leave(self) -> None:
        async def go(conn: AsyncConnection[Any]) -> None:
            await conn.execute(f"UPDATE tables SET owner = {RELEASED} WHERE owner = %s",
                               (self.worker,))
            await conn.execute("DELETE FROM workers WHERE id = %s", (self.worker,))
        await self._run("write", go)
        await self.notify("released", "")

    async def rest(self, table: str) -> None:
        await self._run("write", lambda conn: conn.execute(
            "UPDATE tables SET owner = %s WHERE id = %s AND owner = %s",
            (RESTING, table, self.worker)))

    # -- notices ------------------------------------------------------------------------

    async def notify(self, kind: str, table: str) -> None:
        payload = json.dumps({"kind": kind, "table": table, "worker": self.worker})
        await self._run("write", lambda conn: conn.execute("SELECT pg_notify(%s, %s)",
                                                           (CHANNEL, payload)))

    async def listen(self, callback: Callable[[Notice], None]) -> None:
        if self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self._listen(callback))

    async def _listen(self, callback: Callable[[Notice], None]) -> None:
        """Hear the other workers' notices on a connection of its own; after a lost
        connection, connect again and tell ``callback`` to look at everything afresh
        (``resync``: notices may have been missed meanwhile)."""
        delay = 0.1
        first = True
        while True:
            try:
                conn = await AsyncConnection.connect(self._conninfo, autocommit=True,
                                                     connect_timeout=CONNECT_SECONDS)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        callback(Notice("resync", "", ""))
                    first, delay = False, 0.1
                    async for note in conn.notifies():
                        notice = _notice(note.payload)
                        if notice is not None and notice.worker != self.worker:
                            callback(notice)
            except psycopg.Error as error:
                LOG.warning("store %s: notices lost (%s); listening again", self.url,
                            _first(error))
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    async def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return await self._rows(_marks(sql), args)

    async def change(self, *statements: tuple[str, tuple[Any, ...]]) -> list[int]:
        async def write(conn: AsyncConnection[Any]) -> list[int]:
            counts = []
            for sql, args in statements:
                counts.append((await conn.execute(_marks(sql), args)).rowcount)
            return counts
        return await self._run("write", write)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self._pool.close()

    # -- moving a SQLite store in ---------------------------------------------------------

    async def load_rows(self, rows: Mapping[str, list[tuple[Any, ...]]]) -> None:
        """Write the rows of another store's four tables of games (``tables``: id,
        settings, created, started; ``seats``; ``actions`` with their command ids;
        ``records``) and of its clubs' tables (:data:`~euchre.web.database.CLUB_TABLES`)
        in one transaction, the tables owned by nobody; refused, writing
        nothing, when a table is here already."""
        async def write(conn: AsyncConnection[Any]) -> None:
            ids = [r[0] for r in rows["tables"]]
            here = await (await conn.execute("SELECT id FROM tables WHERE id = ANY(%s) "
                                             "LIMIT 1", (ids,))).fetchone()
            if here is not None:
                raise StoreError(f"the store {self.url} has table {here[0]} already: "
                                 f"that store was moved here before")
            async with conn.cursor() as cur:
                await cur.executemany("INSERT INTO tables (id, settings, created, started) "
                                      "VALUES (%s, %s, %s, %s)", rows["tables"])
                await cur.executemany("INSERT INTO seats VALUES (%s, %s, %s, %s, %s)",
                                      rows["seats"])
                await cur.executemany("INSERT INTO actions VALUES (%s, %s, %s, %s, %s)",
                                      rows["actions"])
                await cur.executemany("INSERT INTO records VALUES (%s, %s)", rows["records"])
                for name, columns in CLUB_TABLES.items():
                    marks = ", ".join(["%s"] * len(columns.split(",")))
                    await cur.executemany(f"INSERT INTO {name} ({columns}) VALUES ({marks})",
                                          rows.get(name, []))
        await self._run("write", write)


def _marks(sql: str) -> str:
    """SQL written with ``?`` for each argument (both stores' way in
    :meth:`PostgresStore.query`) in psycopg's ``%s``.

    >>> _marks("SELECT name FROM accounts WHERE id = ? AND created > ?")
    'SELECT name FROM accounts WHERE id = %s AND created > %s'
    """
    return sql.replace("?", "%s")


async def _insert_batch(conn: AsyncConnection[Any], actions: list[_Action],
                        worker: str) -> set[int]:
    """Insert ``actions`` in one statement, each only where ``worker`` owns its table
    (the table's row locked while the statement runs); returns the indices of those
    not inserted (another owner, a version there already), for one by one."""
    columns = list(zip(*actions, strict=True))
    rows = await (await conn.execute(
        "WITH new AS (SELECT * FROM unnest(%s::text[], %s::int[], %s::int[], %s::text[], "
        "%s::text[]) AS n(table_id, version, seat, action, command)), "
        "mine AS (SELECT t.id FROM tables t WHERE t.id IN (SELECT table_id FROM new) "
        "AND t.owner = %s FOR SHARE) "
        "INSERT INTO actions SELECT new.* FROM new JOIN mine ON mine.id = new.table_id "
        "ON CONFLICT DO NOTHING RETURNING *",
        (*[list(c) for c in columns], worker))).fetchall()
    written = {tuple(row) for row in rows}
    return {i for i, a in enumerate(actions) if a not in written}


def _notice(payload: str) -> Notice | None:
    """A notice from its JSON (``None`` for anything else on the channel)."""
    try:
        data = json.loads(payload)
        return Notice(str(data["kind"]), str(data["table"]), str(data["worker"]))
    except (ValueError, KeyError, TypeError):
        return None


def _first(error: BaseException) -> str:
    """The first line of an error's message (libpq's run to several)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
