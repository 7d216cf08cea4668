"""Opening a store from its address: SQLite's file or a PostgreSQL server.

>>> import asyncio
>>> store = asyncio.run(open_store("sqlite:///:memory:"))
>>> type(store).__name__, store.shared
('SqliteStore', False)
"""

from __future__ import annotations

from urllib.parse import urlsplit

from euchre.web.database import SqliteStore, Store, StoreError, sqlite_path

__all__ = ["open_store", "store_kind"]


def store_kind(url: str) -> str:
    """``sqlite`` or ``postgresql``, the kind of store at ``url``; a :class:`StoreError`
    in one line for an address of neither kind (checked before anything starts).

    >>> store_kind("sqlite:////srv/t.sqlite3"), store_kind("postgres://db/euchre")
    ('sqlite', 'postgresql')
    """
    scheme = urlsplit(url).scheme.lower()
    if scheme == "sqlite":
        sqlite_path(url)
        return "sqlite"
    if scheme in ("postgresql", "postgres"):
        return "postgresql"
    raise StoreError(f"--store: {url!r} is not a store's address: give sqlite:///PATH or "
                     f"postgresql://USER@HOST:PORT/DB")


async def open_store(url: str) -> Store:
    """The store at ``url``: ``sqlite:///PATH`` (one file, one server process) or
    ``postgresql://USER@HOST:PORT/DB`` (also ``?host=SOCKETDIR``: the ``postgres``
    extra). Raises :class:`StoreError` in one line for a bad address, a server out of
    reach or a store a newer program wrote."""
    if store_kind(url) == "sqlite":
        return SqliteStore(sqlite_path(url))
    from euchre.extras import optional_module

    optional_module("psycopg", "postgres", "a PostgreSQL store")
    optional_module("psycopg_pool", "postgres", "a PostgreSQL store")
    from euchre.web.postgres import PostgresStore

    return await PostgresStore.open(url)
