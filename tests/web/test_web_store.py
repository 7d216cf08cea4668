"""The stores: the same tests against SQLite and PostgreSQL, then what only a shared store
does (leases between workers, notices, a lost connection, migrations).

The PostgreSQL tests use a fresh database of the private server ``make test`` starts
(``scripts/with_postgres.sh``, :mod:`helpers.postgres`).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from euchre.web.database import (
    MIGRATIONS,
    SCHEMA_VERSION,
    LeaseLost,
    Notice,
    SeatRow,
    SqliteStore,
    Store,
    StoreError,
    TableRow,
    new_worker,
)
from euchre.web.stores import open_store
from helpers.postgres import fresh_database

T = TypeVar("T")
KINDS = ["sqlite", "postgres"]


@contextmanager
def store_url(kind: str, folder: Path) -> Iterator[str]:
    """The address of an empty store of ``kind``."""
    if kind == "sqlite":
        yield f"sqlite:///{folder.absolute()}/tables.sqlite3"
    else:
        with fresh_database() as url:
            yield url


def run(kind: str, folder: Path, test: Callable[[Store], Awaitable[T]]) -> T:
    """``test`` on a new store of ``kind``, joined as a worker, closed afterwards."""
    async def body() -> T:
        with store_url(kind, folder) as url:
            store = await open_store(url)
            try:
                await store.join(new_worker("127.0.0.1:1"))
                return await test(store)
            finally:
                await store.close()
    return asyncio.run(body())


def table(id: str, created: float = 1.0) -> tuple[TableRow, list[SeatRow]]:
    return (TableRow(id, {"name": id}, created),
            [SeatRow(0, "Ada", "h0", True), SeatRow(1, "West (basic)", "h1", False)])


# -- the same behaviour from both -----------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_table_round_trips(kind: str, tmp_path: Path) -> None:
    async def test(store: Store) -> None:
        await store.create_table(*table("t1"))
        await store.create_table(*table("t2", created=2.0))
        await store.set_seat("t1", SeatRow(1, "Bea", "h9", True))
        await store.set_started("t1")
        await store.append_action("t1", 1, 0, "pass", "c1")
        await store.append_action("t1", 2, 1, "order", None)
        assert await store.command_version("t1", 0, "c1") == 1
        assert await store.command_version("t1", 1, "c1") is None
        await store.finish("t2", '{"r": 1}')
        assert await store.record("t2") == '{"r": 1}' and await store.record("t1") is None
        loaded = await store.load_tables()
        assert [t.id for t in loaded] == ["t1", "t2"]
        one = loaded[0]
        assert one.started and not one.finished and one.row.settings == {"name": "t1"}
        assert one.seats == [SeatRow(0, "Ada", "h0", True), SeatRow(1, "Bea", "h9", True)]
        assert one.actions == [(1, 0, "pass"), (2, 1, "order")]
        assert loaded[1].finished and not loaded[1].started
        assert [t.id for t in await store.load_tables(["t2"])] == ["t2"]
    run(kind, tmp_path, test)


@pytest.mark.parametrize("kind", KINDS)
def test_the_lobby_lists_the_summaries_kept(kind: str, tmp_path: Path) -> None:
    async def test(store: Store) -> None:
        await store.create_table(*table("t1"))
        await store.create_table(*table("t2", created=2.0))
        await store.set_summaries({"t1": {"id": "t1", "name": "Ada's table ♥"},
                                   "t2": {"id": "t2"}})
        await store.set_summaries({"t2": None})
        assert await store.lobby() == [{"id": "t1", "name": "Ada's table ♥"}]
    run(kind, tmp_path, test)


@pytest.mark.parametrize("kind", KINDS)
def test_the_store_refuses_a_version_twice(kind: str, tmp_path: Path) -> None:
    async def test(store: Store) -> None:
        await store.create_table(*table("t"))
        await store.append_action("t", 1, 0, "pass", "a")
        with pytest.raises(StoreError):
            await store.append_action("t", 1, 0, "order", "b")
        assert [t.actions for t in await store.load_tables()] == [[(1, 0, "pass")]]
    run(kind, tmp_path, test)


@pytest.mark.parametrize("kind", KINDS)
def test_a_value_the_store_can_not_take_changes_nothing(kind: str, tmp_path: Path) -> None:
    async def test(store: Store) -> None:
        await store.create_table(*table("t1"))
        with pytest.raises(StoreError):
            await store.set_seat("t1", SeatRow(0, "x\ud800", "h", True))
        with pytest.raises(StoreError):  # the table with its seats, or nothing
            await store.create_table(TableRow("t2", {}, 2.0), [SeatRow(0, "\udc00", "h", True)])
        await store.append_action("t1", 1, 0, "order", "c1")  # the store writes on
        loaded = await store.load_tables()
        assert [t.id for t in loaded] == ["t1"]
        assert loaded[0].seats[0] == SeatRow(0, "Ada", "h0", True)
    run(kind, tmp_path, test)


@pytest.mark.parametrize("kind", KINDS)
def test_a_worker_owns_what_it_creates_and_what_it_claims(kind: str, tmp_path: Path) -> None:
    async def test(store: Store) -> None:
        await store.create_table(*table("t1"))
        assert await store.heartbeat() == {"t1"}
        owner = await store.owner("t1")
        assert owner is not None and owner.id == store.worker
        with pytest.raises(KeyError):
            await store.owner("nothing")
        assert [w.id for w in await store.workers()] == [store.worker]
        await store.leave()  # released: claimed again by whoever comes
        await store.join(new_worker("127.0.0.1:2"))
        assert await store.claim(10) == ["t1"]
        await store.append_action("t1", 1, 0, "pass", None)
    run(kind, tmp_path, test)


@pytest.mark.parametrize("kind", KINDS)
def test_a_finished_table_rests_until_asked_for(kind: str, tmp_path: Path) -> None:
    async def test(store: Store) -> None:
        await store.create_table(*table("over"))
        await store.create_table(*table("playing", created=2.0))
        await store.finish("over", '{"record": 1}')
        await store.rest("over")
        assert await store.owner("over") is None  # nobody serves it...
        assert await store.heartbeat() == {"playing"}
        with pytest.raises(LeaseLost):  # ...nor writes it, until it is opened again
            await store.set_started("over")
        await store.leave()  # a finished table still served rests too; the rest is free
        await store.create_table(*table("over2", created=3.0))
        await store.finish("over2", "{}")
        await store.join(new_worker("127.0.0.1:2"))
        assert await store.claim(10) == ["playing"]  # no worker takes a resting one
        assert await store.record("over") == '{"record": 1}'  # its record is read as ever
        assert await store.claim_one("over")  # asked for: opened by whoever is asked
        owner = await store.owner("over")
        assert owner is not None and owner.id == store.worker
        assert [t.id for t in await store.load_tables(["over"])] == ["over"]
        await store.rest("over2")  # not this worker's (its worker left): stays as it is
        assert await store.owner("over2") is None and await store.claim(10) == []
    run(kind, tmp_path, test)


def test_a_store_newer_than_the_program_is_refused_and_left_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket
    import sqlite3

    from euchre.cli.main import main

    path = tmp_path / "tables.sqlite3"

    with sqlite3.connect(path) as db:  # as a program before schemas were counted left it
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO tables VALUES ('t', '{}', 1.0, 0)")
        db.execute("INSERT INTO seats VALUES ('t', 0, 'Ada', 'h', 1)")
        db.execute("INSERT INTO actions VALUES ('t', 1, 0, 'pass', 'a')")
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0

    async def load() -> list[Any]:
        store = SqliteStore(path)
        try:
            return [t.actions for t in await store.load_tables()]
        finally:
            await store.close()

    assert asyncio.run(load()) == [[(1, 0, "pass")]]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")  # a newer program's
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert main(["serve", "--port", str(free), "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (f"euchre: the store {path} is at schema {SCHEMA_VERSION + 1}, "
                           f"newer than this program's {SCHEMA_VERSION}: a newer euchre "
                           f"wrote it; upgrade euchre to serve it")
    with sqlite3.connect(path) as db:  # and left it as it was
        assert db.execute("SELECT count(*) FROM actions").fetchone()[0] == 1


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    async def test() -> None:
        first = SqliteStore(tmp_path / "t.sqlite3")
        await first.join(new_worker("127.0.0.1:1"))
        second = SqliteStore(tmp_path / "t.sqlite3")
        other = new_worker("127.0.0.1:2")
        other = type(other)(other.id, other.address, other.pid + 1, other.host)
        with pytest.raises(StoreError, match="served by another euchre serve"):
            await second.join(other)
        await first.leave()
        await second.join(other)  # the first has stopped
        await first.close()
        await second.close()
    asyncio.run(test())


# -- PostgreSQL: several workers ----------------------------------------------------------


def two_workers(test: Callable[[Store, Store, str], Awaitable[None]]) -> None:
    """``test`` with two workers' stores on one fresh PostgreSQL database."""
    async def body() -> None:
        with fresh_database() as url:
            a, b = await open_store(url), await open_store(url)
            try:
                await a.join(new_worker("127.0.0.1:1"))
                await b.join(new_worker("127.0.0.1:2"))
                await test(a, b, url)
            finally:
                await a.close()
                await b.close()
    asyncio.run(body())


def test_only_the_owner_writes_a_table() -> None:
    async def test(a: Store, b: Store, url: str) -> None:
        await a.create_table(*table("t"))
        for write in (b.append_action("t", 1, 0, "pass", None), b.set_started("t"),
                      b.set_seat("t", SeatRow(0, "Eve", "x", True)), b.finish("t", "{}")):
            with pytest.raises(LeaseLost):
                await write
        await a.set_summaries({"t": {"id": "t"}})
        await b.set_summaries({"t": None})  # not b's to change: left as it is
        assert await b.lobby() == [{"id": "t"}]
        assert await b.claim(10) == []  # its owner is alive
        assert not await b.claim_one("t")
        await a.append_action("t", 1, 0, "pass", None)
        owner = await b.owner("t")
        assert owner is not None and owner.id == a.worker
    two_workers(test)


def test_a_silent_workers_tables_are_taken_over(monkeypatch: pytest.MonkeyPatch) -> None:
    import euchre.web.postgres as postgres

    monkeypatch.setattr(postgres, "LEASE_SECONDS", 0.5)

    async def test(a: Store, b: Store, url: str) -> None:
        await a.create_table(*table("t1"))
        await a.create_table(*table("t2", created=2.0))
        await a.append_action("t1", 1, 0, "pass", None)
        await asyncio.sleep(0.8)  # a says nothing: taken for dead
        assert await b.owner("t1") is None
        assert sorted(await b.claim(10)) == ["t1", "t2"]
        await b.append_action("t1", 2, 1, "pass", None)
        with pytest.raises(LeaseLost):  # a wakes up: its writes are refused
            await a.append_action("t1", 2, 1, "order", None)
        assert await a.heartbeat() == set()  # and it learns it owns nothing
        loaded = await b.load_tables(["t1"])
        assert loaded[0].actions == [(1, 0, "pass"), (2, 1, "pass")]
    two_workers(test)


def test_a_silent_workers_finished_tables_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    import euchre.web.postgres as postgres

    monkeypatch.setattr(postgres, "LEASE_SECONDS", 0.5)

    async def test(a: Store, b: Store, url: str) -> None:
        await a.create_table(*table("over"))
        await a.create_table(*table("playing", created=2.0))
        await a.finish("over", "{}")
        await asyncio.sleep(0.8)  # a says nothing: taken for dead
        assert await b.claim(10) == ["playing"]  # the finished one rests
        assert await b.owner("over") is None
        assert await b.claim_one("over")
    two_workers(test)


def test_a_released_table_is_claimed_at_once_and_notices_are_heard() -> None:
    async def test(a: Store, b: Store, url: str) -> None:
        heard: list[Notice] = []
        await b.listen(heard.append)
        await asyncio.sleep(0.2)  # b is listening
        await a.create_table(*table("t"))
        await a.notify("created", "t")
        await a.leave()
        for _ in range(50):
            if len(heard) >= 2:
                break
            await asyncio.sleep(0.05)
        assert [(n.kind, n.table) for n in heard] == [("created", "t"), ("released", "")]
        assert await b.claim(10) == ["t"]
    two_workers(test)


def test_a_write_is_retried_over_a_lost_connection_and_never_doubled() -> None:
    import psycopg

    async def test(a: Store, b: Store, url: str) -> None:
        await a.create_table(*table("t"))
        await a.append_action("t", 1, 0, "pass", "c1")
        with psycopg.connect(url, autocommit=True) as admin:  # every other connection cut
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        await a.append_action("t", 2, 1, "pass", "c2")
        # the same write again (its answer lost): done once, not refused
        await a.append_action("t", 2, 1, "pass", "c2")
        loaded = await a.load_tables()
        assert loaded[0].actions == [(1, 0, "pass"), (2, 1, "pass")]
    two_workers(test)


def test_actions_written_together_each_hear_their_own_fate() -> None:
    """Actions of many tables arriving at once go in batches; one whose table another
    worker owns, or whose version is taken, fails alone."""
    async def test(a: Store, b: Store, url: str) -> None:
        for n in range(30):
            await a.create_table(*table(f"t{n}", created=float(n)))
        await b.create_table(*table("theirs", created=99.0))
        await a.append_action("t0", 1, 0, "pass", "c")
        results = await asyncio.gather(
            *(a.append_action(f"t{n}", 1 if n else 2, 1, "pass", f"x{n}") for n in range(30)),
            a.append_action("theirs", 1, 0, "pass", None),
            a.append_action("t1", 1, 0, "order", None),  # t1's version 1 is in this batch
            return_exceptions=True)
        assert results[:30] == [None] * 30
        assert isinstance(results[30], LeaseLost)
        assert isinstance(results[31], StoreError) and not isinstance(results[31], LeaseLost)
        loaded = {t.id: t.actions for t in await a.load_tables()}
        assert loaded["t0"] == [(1, 0, "pass"), (2, 1, "pass")]
        assert all(loaded[f"t{n}"] == [(1, 1, "pass")] for n in range(1, 30))
        assert loaded["theirs"] == []
    two_workers(test)


def test_postgres_migrates_and_refuses_a_newer_schema() -> None:
    import psycopg

    async def test() -> None:
        with fresh_database() as url:
            store = await open_store(url)
            await store.close()
            with psycopg.connect(url, autocommit=True) as db:
                assert db.execute("SELECT version FROM euchre_schema").fetchall() == [
                    (SCHEMA_VERSION,)]
                db.execute("UPDATE euchre_schema SET version = %s", (SCHEMA_VERSION + 1,))
            with pytest.raises(StoreError, match=f"is at schema {SCHEMA_VERSION + 1}, newer"):
                await open_store(url)
    asyncio.run(test())


@pytest.mark.parametrize(("url", "words"), [
    ("postgresql:///x?host=/nonexistent-dir&user=nobody", "can not reach the store"),
    ("postgresql://a b c", "is not a PostgreSQL address"),
    ("mysql://x/y", "is not a store's address"),
    ("sqlite://relative", "is not a SQLite store's address"),
])
def test_a_bad_store_address_is_one_line(url: str, words: str) -> None:
    with pytest.raises(StoreError, match=words) as caught:
        asyncio.run(open_store(url))
    assert "\n" not in str(caught.value) and "secret" not in str(caught.value)


def test_a_password_never_shows() -> None:
    with pytest.raises(StoreError) as caught:
        asyncio.run(open_store("postgresql://ada:secret@127.0.0.1:1/db?connect_timeout=2"))
    assert "secret" not in str(caught.value) and "ada@127.0.0.1:1/db" in str(caught.value)


def test_the_lease_times_are_the_stores_clock() -> None:
    """Two workers' seen times come from the server's clock, not the workers'."""
    async def test(a: Store, b: Store, url: str) -> None:
        seen = [w.seen for w in await a.workers()]
        assert len(seen) == 2 and all(abs(s - time.time()) < 60 for s in seen)
        assert json.dumps([w.to_json() for w in await b.workers()])
    two_workers(test)


# -- what operators see ---------------------------------------------------------------


def test_metrics_count_tables_sockets_and_commands(tmp_path: Path) -> None:
    from test_web import create, hello, make_client, receive

    with make_client(tmp_path) as client:
        made = create(client, seats=["person", "basic", "basic", "basic"])
        before = client.get("/metrics")
        assert before.status_code == 200
        assert before.headers["content-type"].startswith("text/plain; version=0.0.4")
        assert 'state="playing"} 1' in before.text
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            state = hello(ws, 0, made["token"])["state"]
            ws.send_json({"type": "start"})
            while not state["legal"]:
                message = receive(ws)
                state = message.get("state") or state
            ws.send_json({"type": "act", "id": "m1", "version": state["version"],
                          "action": state["legal"][0]["action"]})
            receive(ws, "ack")
            text = client.get("/metrics").text
        worker = client.get(f"/api/tables/{made['id']}").json()["worker"]
    label = f'worker="{worker["id"]}"'
    assert f'euchre_sockets{{{label},kind="local"}} 1' in text
    assert f"euchre_command_seconds_count{{{label}}} 1" in text
    assert f'euchre_command_seconds{{{label},quantile="0.99"}}' in text
    count = [line for line in text.splitlines()
             if line.startswith(f"euchre_store_seconds_count{{{label}}}")]
    assert count and int(count[0].split()[-1]) >= 2  # the start, the action
    families = [line.split()[2] for line in text.splitlines() if line.startswith("# TYPE")]
    assert len(families) == len(set(families))  # each family once


@pytest.mark.parametrize(("argv", "words"), [
    (["--store", "sqlite:///x.sqlite3", "--data", "."], "give --store or --data, not both"),
    (["--store", "mysql://db/x"], "is not a store's address"),
    (["--migrate-from", "sqlite:///x.sqlite3"], "--migrate-from moves a SQLite store into"),
    (["--store", "postgresql:///x?host=/nonexistent-dir&user=u"], "can not reach the store"),
])
def test_serve_refuses_a_bad_store_in_one_line(argv: list[str], words: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from euchre.cli.main import main

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert main(["serve", "--port", str(free), *argv]) == 1
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err


@pytest.mark.parametrize("kind", KINDS)
def test_the_clubs_tables_take_the_same_sql_in_both_stores(kind: str, tmp_path: Path) -> None:
    """Schema 3's tables through ``query`` and ``change`` (``?`` for each argument):
    a name taken once in any case, a change all or nothing, rows read back."""
    async def test(store: Store) -> tuple[Any, ...]:
        add = ("INSERT INTO accounts (id, name, folded, password, created) VALUES "
               "(?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
        first = await store.change((add, ("a1", "Ada", "ada", "h", 1.0)))
        again = await store.change((add, ("a2", "ADA", "ada", "h", 2.0)))
        with pytest.raises(StoreError):  # the second statement fails: neither is kept
            await store.change(("INSERT INTO sessions VALUES (?, ?, ?)", ("s1", "a1", 1.0)),
                               ("INSERT INTO sessions VALUES (?, ?, ?)", ("s1", "a1", 1.0)))
        sessions = await store.query("SELECT COUNT(*) FROM sessions")
        rows = await store.query("SELECT id, name, created FROM accounts WHERE folded = ?",
                                 "ada")
        return first, again, sessions[0][0], rows

    first, again, sessions, rows = run(kind, tmp_path, test)
    assert (first, again, sessions) == ([1], [0], 0)
    assert [tuple(r) for r in rows] == [("a1", "Ada", 1.0)]
