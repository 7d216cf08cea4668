"""A finished game's table leaves memory once nobody is at it (:meth:`Server.rest_idle
<euchre.web.server.Server.rest_idle>`): it rests in the store, which has its record, a
restart leaves it there, and a request or socket for it opens it again."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import hello, receive
from test_web_lobby import finished, first_call

from euchre.web.app import create_app
from euchre.web.database import RESTING, SqliteStore
from euchre.web.server import Server

REST = 60.0


def make_app(folder: Path) -> Any:
    return create_app(SqliteStore(folder / "tables.sqlite3"), hosts=["testserver"],
                      rest_seconds=REST)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return make_app(tmp_path)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def rest(client: TestClient, now: float) -> list[str]:
    """The server's :meth:`~Server.rest_idle` at ``now``, on the application's loop."""
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    assert client.portal is not None
    rested: list[str] = client.portal.call(server.rest_idle, now)
    return rested


def owner(folder: Path, table: str) -> str | None:
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        row = db.execute("SELECT owner FROM tables WHERE id = ?", (table,)).fetchone()
    return None if row[0] is None else str(row[0])


def test_a_finished_table_nobody_is_at_rests_after_a_while(
        app: Any, client: TestClient, tmp_path: Path) -> None:
    table = finished(app, client, first_call)
    playing = client.post("/api/tables", json={"seats": ["person", "basic", "basic",
                                                         "basic"]}).json()["id"]
    rooms = app.state.server.rooms
    assert rest(client, 1000.0) == []  # first seen idle now
    assert rest(client, 1000.0 + REST - 1) == []  # not for long enough
    assert rest(client, 1000.0 + REST) == [table]
    assert table not in rooms and playing in rooms  # a game in play never rests
    assert owner(tmp_path, table) == RESTING
    record = client.get(f"/api/tables/{table}/record.json")  # from the store alone
    assert record.status_code == 200 and table not in rooms
    described = client.get(f"/api/tables/{table}")  # asked for: opened again
    assert described.status_code == 200 and described.json()["state"] == "over"
    assert table in rooms and owner(tmp_path, table) != RESTING
    assert client.get("/api/tables/nothing").status_code == 404


def test_a_table_with_someone_at_it_stays(app: Any, client: TestClient) -> None:
    table = finished(app, client, first_call)
    rooms = app.state.server.rooms
    with client.websocket_connect(f"/ws/{table}") as ws:
        hello(ws)
        assert rest(client, 0.0) == [] and rest(client, 10 * REST) == []
        assert table in rooms
    assert rest(client, 11 * REST) == []  # idle from now on, not from before
    assert rest(client, 12 * REST) == [table]


def test_a_socket_opens_a_resting_table_again(app: Any, client: TestClient) -> None:
    table = finished(app, client, first_call)
    rest(client, 0.0)
    assert rest(client, REST) == [table]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello"})
        state = receive(ws, "welcome")["state"]
        assert state["game_over"]
    assert table in app.state.server.rooms


def test_a_restart_leaves_finished_tables_resting(tmp_path: Path) -> None:
    first = make_app(tmp_path)
    with TestClient(first) as client:
        table = finished(first, client, first_call)
        playing = client.post("/api/tables", json={"seats": ["person", "basic", "basic",
                                                             "basic"]}).json()["id"]
    assert owner(tmp_path, table) == RESTING  # let go of as the server stopped
    again = make_app(tmp_path)
    with TestClient(again) as client:
        rooms = again.state.server.rooms
        assert playing in rooms and table not in rooms  # only the game in play opened
        assert client.get(f"/api/tables/{table}").json()["state"] == "over"
        assert table in rooms
