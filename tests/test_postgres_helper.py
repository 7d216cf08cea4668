"""The tests' PostgreSQL helper (:mod:`helpers.postgres`), against the private server
``make test`` starts (``scripts/with_postgres.sh``); skipped where there is none."""

from __future__ import annotations

from helpers.postgres import DATABASE_PREFIX, fresh_database, server_url


def test_fresh_database_is_usable_and_dropped_after() -> None:
    import psycopg

    with fresh_database() as url:
        assert url.startswith("postgresql://")
        with psycopg.connect(url) as connection:
            name = connection.info.dbname
            assert name.startswith(DATABASE_PREFIX)
            assert connection.execute("SELECT 1").fetchone() == (1,)
    with psycopg.connect(server_url()) as server:
        found = server.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                               (name,)).fetchone()
    assert found is None


def test_fresh_databases_are_apart() -> None:
    with fresh_database() as first, fresh_database() as second:
        assert first != second
