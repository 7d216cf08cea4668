"""A PostgreSQL server for the tests: a database of a test's own on it, dropped after.

``make test`` (and so CI) runs the main test run under ``scripts/with_postgres.sh``, which
starts a private, throw-away server (a Unix socket in a folder of its own, no TCP port)
when PostgreSQL is installed and names it in :data:`POSTGRES_ENV`, as a URL of its
``postgres`` database and a superuser trusted without a password. A test that needs a
server takes a database of its own with :func:`fresh_database`, and skips, saying why,
where there is no server or no ``psycopg``::

    with fresh_database() as url:
        store = PostgresStore(url)
        ...

A plain module the tests import (``from helpers.postgres import ...``); ``psycopg`` is
imported only when a test asks for a database, so a run without it collects the tests.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

import pytest

POSTGRES_ENV: Final = "EUCHRE_TEST_POSTGRES"
"""The environment variable naming the tests' server: a ``postgresql://`` URL of a
database on it, as a user that may create and drop databases."""

DATABASE_PREFIX: Final = "euchre_test_"
"""The start of the name of each database :func:`fresh_database` makes."""


def server_url() -> str:
    """The URL of the tests' server (:data:`POSTGRES_ENV`); skips the test where it is not
    set, or where ``psycopg`` is not installed."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set: make test starts a private PostgreSQL "
                    "server when PostgreSQL is installed (apt-get install postgresql)")
    if importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg is not installed, which the PostgreSQL tests need "
                    "(pip install 'euchre[postgres]')")
    return url


def with_database(url: str, name: str) -> str:
    """``url`` with its database replaced by ``name``: the same server, user and options.

    >>> with_database("postgresql:///postgres?host=/tmp/pg&user=euchre", "other")
    'postgresql:///other?host=/tmp/pg&user=euchre'
    >>> with_database("postgresql://euchre@localhost:5432/postgres", "other")
    'postgresql://euchre@localhost:5432/other'
    >>> with_database("postgresql://localhost?dbname=postgres&user=euchre", "other")
    'postgresql://localhost?dbname=other&user=euchre'
    """
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ValueError(f"not a postgresql:// URL: {url!r}")
    path, query = "/" + quote(name, safe=""), parts.query
    pairs = parse_qsl(query, keep_blank_values=True)
    if any(key == "dbname" for key, _ in pairs):
        # a dbname in the query wins over the path (libpq): replace it there
        path = parts.path
        query = urlencode([(key, name if key == "dbname" else value) for key, value in pairs],
                          safe="/", quote_via=quote)
    # by hand: urlunsplit drops the "//" of an empty host (postgresql:///postgres)
    return f"{parts.scheme}://{parts.netloc}{path}" + (f"?{query}" if query else "") + (
        f"#{parts.fragment}" if parts.fragment else "")


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new, empty database on the tests' server, with a random name starting
    :data:`DATABASE_PREFIX`: yields its URL (the server's, with the database replaced),
    and drops it afterwards, closing whatever connections to it are left. Skips the test
    as :func:`server_url` does."""
    url = server_url()
    import psycopg
    from psycopg import sql

    name = DATABASE_PREFIX + secrets.token_hex(8)
    identifier = sql.Identifier(name)
    # a connection to make it and another to drop it: none of the helper's is open while
    # the test runs
    with psycopg.connect(url, autocommit=True) as server:
        server.execute(sql.SQL("CREATE DATABASE {}").format(identifier))
    try:
        yield with_database(url, name)
    finally:
        with psycopg.connect(url, autocommit=True) as server:
            server.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(identifier))
