"""The web table against a hostile program: one test per defence of ``docs/web.md``'s
security model, and a fuzz test over every socket message and every HTTP body.

Each test below is the class of an attack found against a real ``euchre serve``: text
that is not valid Unicode (a lone surrogate written as ``"\\ud800"`` in JSON, a NUL, a
bidirectional override), cross-site requests, DNS rebinding, a store left inside a
transaction, a finished game without its record, JSON nested past Python's recursion
limit, and store errors that named the store's path. After each, the table goes on: its
other clients still get frames, the lobby still lists, the store still takes writes.
"""

from __future__ import annotations

import asyncio
import http.client as http_client
import json
import logging
import re
import sqlite3
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect
from test_web import create, hello, make_client, receive
from test_web_restart import RECEIVE_SECONDS, STORES, http, server_of
from websockets.asyncio.client import connect

from euchre.web import app as app_module
from euchre.web.database import SeatRow, SqliteStore, StoreError, TableRow
from euchre.web.guard import check_text
from euchre.web.room import Room, TableSettings
from helpers.fuzzing import fuzz

Message = dict[str, Any]

BAD_TEXTS = {
    "a lone surrogate": "hi \ud800 there",
    "a low surrogate": "\udc00",
    "a NUL": "a\x00b",
    "an escape": "\x1b[31mred",
    "a C1 control": "a\x85b",
    "a right-to-left override": "evil\u202eexe.txt",
    "an isolate": "\u2066x\u2069",
    "a noncharacter": "a\uffffb",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def post(client: TestClient, path: str, body: Any) -> Any:
    """POST ``body`` as JSON the way a client writes it (a lone surrogate as its
    ``\\u`` escape)."""
    return client.post(path, content=json.dumps(body),
                       headers={"Content-Type": "application/json"})


def encode_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test client's sockets encode each frame as UTF-8, as a real socket does
    (the test client hands the text over as it is)."""
    real = WebSocket.send_text

    async def strict(self: WebSocket, data: str) -> None:
        data.encode("utf-8")
        await real(self, data)

    monkeypatch.setattr(WebSocket, "send_text", strict)


@contextmanager
def seat_and_spectator(client: TestClient) -> Iterator[tuple[str, Any, Any]]:
    """A new table with its host seated and a spectator watching, both said hello."""
    made = create(client)
    table = made["id"]
    with client.websocket_connect(f"/ws/{table}") as seat, \
            client.websocket_connect(f"/ws/{table}") as spectator:
        hello(seat, 0, made["token"])
        hello(spectator)
        yield table, seat, spectator


def alive(client: TestClient, ws: Any, table: str) -> None:
    """The table, its other client, the lobby and the store all still work."""
    ws.send_json({"type": "ping"})
    assert receive(ws, "pong")["type"] == "pong"
    lobby = client.get("/api/tables")
    assert lobby.status_code == 200
    assert table in [t["id"] for t in lobby.json()["tables"]]
    assert client.post("/api/tables", json={"seats": ["person", "random"], "level": "random",
                                            "preset": "two-handed"}).status_code == 201


# -- 1. text -------------------------------------------------------------------------


@pytest.mark.parametrize("bad", list(BAD_TEXTS), ids=list(BAD_TEXTS))
def test_check_text_refuses_each_kind_of_bad_text(bad: str) -> None:
    with pytest.raises(Exception, match="must be valid Unicode text"):
        check_text(BAD_TEXTS[bad], "name")


def test_check_text_keeps_what_people_write() -> None:
    for text in ("Zoë", "José María", "太郎", "👩‍👩‍👧 family", "שלום", "Ωmega", "a\tb\nc"):
        assert check_text(text, "name") == " ".join(text.split())


@pytest.mark.parametrize("bad", list(BAD_TEXTS), ids=list(BAD_TEXTS))
def test_a_bad_chat_line_is_refused_and_every_client_goes_on(client: TestClient,
                                                             bad: str) -> None:
    with seat_and_spectator(client) as (table, seat, spectator):
        # written as a client writes it: JSON, a surrogate as its \\u escape
        spectator.send_text(json.dumps({"type": "chat", "text": BAD_TEXTS[bad]}))
        error = receive(spectator, "error", "chat")
        assert error["code"] == "bad_text" and "Unicode" in error["message"]
        seat.send_json({"type": "chat", "text": "still here"})
        assert receive(spectator, "chat")["text"] == "still here"
        assert receive(seat, "chat")["text"] == "still here"
        alive(client, seat, table)


@pytest.mark.parametrize("bad", list(BAD_TEXTS), ids=list(BAD_TEXTS))
def test_a_bad_name_is_refused_wherever_a_name_is_given(client: TestClient, bad: str) -> None:
    text = BAD_TEXTS[bad]
    for field in ("name", "host"):
        answer = post(client, "/api/tables", {field: text})
        assert answer.status_code == 400 and "Unicode" in answer.json()["error"]
    made = create(client, seats=["person", "person", "basic", "basic"])
    table = made["id"]
    answer = post(client, f"/api/tables/{table}/seats/1", {"name": text})
    assert answer.status_code == 400 and "Unicode" in answer.json()["error"]
    invite = client.post(f"/api/tables/{table}/invites", json={"token": made["token"]})
    token = invite.json()["invites"][0]["link"].split("token=")[1]
    with client.websocket_connect(f"/ws/{table}") as ws, \
            client.websocket_connect(f"/ws/{table}") as host:
        hello(host, 0, made["token"])
        ws.send_text(json.dumps({"type": "hello", "seat": 1, "token": token, "name": text}))
        assert receive(ws, "error")["code"] == "bad_text"
        assert hello(ws, 1, token, name="Bea")["seat"] == 1  # the same socket, once more
        alive(client, host, table)
    names = [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]]
    assert names[1] == "Bea"


def test_a_frame_that_can_not_be_sent_is_skipped_and_nothing_stops(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A frame whose sending fails (here: one that can not be encoded, as a lone
    surrogate could not on a real socket) costs that frame, never the socket's later
    frames, the other clients or the table."""
    encode_frames(monkeypatch)
    with seat_and_spectator(client) as (table, seat, spectator):
        room: Room = client.app.state.server.rooms[table]  # type: ignore[attr-defined]
        with caplog.at_level(logging.ERROR, "euchre.web"):
            for c in room.clients:
                c.send('{"type":"chat","text":"\ud800"}')
            seat.send_json({"type": "chat", "text": "after"})
            assert receive(spectator, "chat")["text"] == "after"
            assert receive(seat, "chat")["text"] == "after"
        assert "a frame could not be sent" in caplog.text
        alive(client, spectator, table)


# -- 2. the lobby and the store --------------------------------------------------------


def test_a_row_the_store_can_not_read_is_left_out_of_the_lobby(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Rows written before texts were checked (a surrogate in the settings, bytes that
    are not UTF-8) cost their own table, logged, never the lobby."""
    with make_client(tmp_path) as client:
        good = create(client)["id"]
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    settings = json.loads(db.execute("SELECT settings FROM tables").fetchone()[0])
    settings["name"] = "x\ud800"
    db.execute("INSERT INTO tables (id, settings, created) VALUES ('bad1', ?, 0)",
               (json.dumps(settings),))
    db.execute("INSERT INTO tables (id, settings, created) "
               "VALUES ('bad2', CAST(x'7bff' AS TEXT), 0)")
    db.execute("INSERT INTO tables (id, settings, created) VALUES ('bad3', '[[[', 0)")
    for n, broken in enumerate([{}, {"rules": "x"}, {**settings, "rules": {"target": []}},
                                {**settings, "seats": 7}, {**settings, "seed": "x"}]):
        db.execute("INSERT INTO tables (id, settings, created) VALUES (?, ?, 0)",
                   (f"broken{n}", json.dumps(broken)))
    db.commit()
    db.close()
    with caplog.at_level(logging.ERROR, "euchre.web"), make_client(tmp_path) as client:
        lobby = client.get("/api/tables")
        assert lobby.status_code == 200
        assert [t["id"] for t in lobby.json()["tables"]] == [good]
        assert client.get("/api/tables/bad1").status_code == 404
        assert create(client)["id"]
    assert "'bad2'" in caplog.text and "'bad3'" in caplog.text
    assert "bad1 can not be restored" in caplog.text
    assert all(f"broken{n} can not be restored" in caplog.text for n in range(5))


def test_a_table_that_can_not_be_described_is_left_out_of_the_list_alone(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = create(client)["id"], create(client)["id"]
    real = Room.describe

    def broken(self: Room) -> dict[str, Any]:
        if self.id == first:
            return {"name": "\ud800"}
        return real(self)

    monkeypatch.setattr(Room, "describe", broken)
    lobby = client.get("/api/tables")
    assert lobby.status_code == 200
    assert [t["id"] for t in lobby.json()["tables"]] == [second]


# -- 3. every write is one transaction ------------------------------------------------------


def test_a_failed_write_never_leaves_the_store_inside_a_transaction(tmp_path: Path) -> None:
    """(A value the store can not take is refused by both stores: test_web_store.py.)"""
    async def test() -> None:
        store = SqliteStore(tmp_path / "s.sqlite3")
        await store.create_table(TableRow("t1", {"name": "x"}, 1.0),
                                 [SeatRow(0, "Ada", "h", True)])

        class Boom(Exception):
            pass

        with pytest.raises(Boom), store._transaction() as db:  # any exception at all
            db.execute("INSERT INTO actions VALUES ('t1', 1, 0, 'pass', NULL)")
            raise Boom
        # no "transaction within a transaction"
        await store.append_action("t1", 1, 0, "order", "c1")
        loaded = await store.load_tables()
        assert [t.actions for t in loaded] == [[(1, 0, "order")]]
        await store.close()

    asyncio.run(test())


def test_a_bad_hello_name_leaves_the_server_writing(client: TestClient) -> None:
    made = create(client, seats=["person", "person", "basic", "basic"])
    table = made["id"]
    invite = client.post(f"/api/tables/{table}/invites", json={"token": made["token"]})
    token = invite.json()["invites"][0]["link"].split("token=")[1]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 1, "token": token,
                                 "name": "\ud800"}))
        assert receive(ws, "error")["code"] == "bad_text"
    with client.websocket_connect(f"/ws/{table}") as host:
        hello(host, 0, made["token"])
        host.send_json({"type": "start"})
        state = receive(host, "snapshot")["state"]
        assert state["phase"] != "waiting"
        alive(client, host, table)


# -- 4 and 5. cross-site requests and DNS rebinding ---------------------------------------


def test_a_request_that_changes_something_must_be_json_from_our_own_page(
        tmp_path: Path) -> None:
    with make_client(tmp_path, allow_origins=["http://friends.example"]) as client:
        made = create(client, seats=["person", "person", "basic", "basic"])
        table = made["id"]
        body = json.dumps({"name": "x"})
        writes = [("/api/tables", body), (f"/api/tables/{table}/seats/1", body),
                  (f"/api/tables/{table}/invites", json.dumps({"token": made["token"]}))]
        for path, content in writes:
            for kind in ("text/plain", "application/x-www-form-urlencoded",
                         "multipart/form-data; boundary=x", None):
                headers = {} if kind is None else {"Content-Type": kind}
                answer = client.post(path, content=content, headers=headers)
                assert answer.status_code == 415, (path, kind)
                assert "Content-Type: application/json" in answer.json()["error"]
            for origin in ("http://evil.example", "null", "http://testserver.evil.example"):
                answer = client.post(path, content=content, headers={
                    "Content-Type": "application/json", "Origin": origin})
                assert answer.status_code == 403, (path, origin)
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [table]
        seats = client.get(f"/api/tables/{table}").json()["seats"]
        assert not seats[1]["claimed"]
        for origin in ("http://testserver", "http://friends.example"):
            answer = client.post("/api/tables", json={"name": "ok"},
                                 headers={"Origin": origin})
            assert answer.status_code == 201


@pytest.mark.parametrize("host", ["attacker.example:8000", "attacker.example",
                                  "127.0.0.1.attacker.example", "a b", "[bad"])
def test_a_request_naming_another_host_is_refused(client: TestClient, host: str) -> None:
    """DNS rebinding: the attacker's name points at this machine, so its page's
    requests arrive with its own name as the Host (and as the Origin)."""
    table = create(client)["id"]
    for path in ("/", "/api/tables", f"/api/tables/{table}", "/api/setup"):
        answer = client.get(path, headers={"Host": host})
        assert answer.status_code == 400
        assert "--allow-origin" in answer.json()["error"]
    origin = f"http://{host}"
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
            f"/ws/{table}", headers={"host": host, "origin": origin}):
        pass
    assert refused.value.code == 1008


def test_the_servers_own_names_are_answered(tmp_path: Path) -> None:
    with make_client(tmp_path, hosts=["testserver", "euchre.lan"],
                     allow_origins=["https://club.example"]) as client:
        table = create(client)["id"]
        for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "10.0.0.7",
                     "euchre.lan:8000", "club.example", "EUCHRE.LAN"):
            assert client.get("/api/tables", headers={"Host": host}).status_code == 200
            with client.websocket_connect(f"/ws/{table}", headers={
                    "host": host, "origin": f"http://{host}"}) as ws:
                assert hello(ws)["type"] == "welcome"


# -- 6. the record of a finished game --------------------------------------------------


def test_a_game_that_ended_without_its_record_gets_it_at_startup(tmp_path: Path) -> None:
    """Killed between the last action and the record: the actions are all there."""
    store = SqliteStore(tmp_path / "tables.sqlite3")
    settings = TableSettings.parse({"seats": ["person", "random", "random", "random"],
                                    "level": "random", "target": 1, "seed": 11})

    async def play() -> None:
        room, _ = await Room.create("done", settings, store, None)
        while not room.table.game_over:
            seat = room.table.to_act
            # somebody calls, nobody goes alone (which EGN could not write)
            action = [a for a in room.table.legal() if str(a) != "alone"][-1]
            await store.append_action("done", room.table.version + 1, seat, str(action),
                                      None)
            room.table.apply(action, seat)
        assert await store.record("done") is None
        await store.close()

    asyncio.run(play())
    with make_client(tmp_path) as client:
        assert client.get("/api/tables/done").json()["state"] == "over"
        for path in ("record.json", "record.egn", "replay"):
            assert client.get(f"/api/tables/done/{path}").status_code == 200, path
    again = SqliteStore(tmp_path / "tables.sqlite3")
    text = asyncio.run(again.record("done"))
    assert text is not None and json.loads(text)["metadata"]["table"] == "done"


# -- 7. deep JSON ---------------------------------------------------------------------


def test_json_nested_past_the_recursion_limit_is_one_bad_json(client: TestClient) -> None:
    table = create(client)["id"]
    deep = 1500
    assert deep > 1000 and sys.getrecursionlimit() < 3 * deep
    with client.websocket_connect(f"/ws/{table}") as ws:
        hello(ws)
        for text in ("[" * deep + "]" * deep,
                     '{"type":"chat","text":' + "[" * deep + "]" * deep + "}",
                     '{"type":"ping","x":[{},' + "[" * deep + "]" * deep + "]}"):
            assert len(text) <= app_module.MAX_MESSAGE
            with pytest.raises(RecursionError):  # well-formed, only too deep
                json.loads(text)
            ws.send_text(text)
            assert receive(ws, "error")["code"] == "bad_json"
        alive(client, ws, table)
    answer = client.post("/api/tables", content="[" * 5000 + "]" * 5000,
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]


# -- 8. errors tell the client an id, the log the details -------------------------------


def test_a_store_error_reaches_the_client_as_an_id_and_the_log_as_details(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    secret = "/srv/secret/tables.sqlite3"
    made = create(client)
    table = made["id"]
    store = client.app.state.server.store  # type: ignore[attr-defined]

    def fail(*args: Any) -> None:
        raise StoreError(f"can not write the store {secret}: disk I/O error")

    monkeypatch.setattr(store, "create_table", fail)
    monkeypatch.setattr(store, "set_started", fail)
    monkeypatch.setattr(store, "set_seat", fail)
    with caplog.at_level(logging.ERROR, "euchre.web"):
        for path, body in ((f"/api/tables/{table}/seats/1", {"name": "Bea"}),
                           (f"/api/tables/{table}/invites", {"token": made["token"]})):
            refused = client.post(path, json=body)
            assert refused.status_code == 503, path
            assert secret not in refused.text and "error id" in refused.json()["error"]
        answer = client.post("/api/tables", json={})
        assert answer.status_code == 503
        assert secret not in answer.text and "error id" in answer.json()["error"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            hello(ws, 0, made["token"])
            ws.send_json({"type": "start"})
            error = receive(ws, "error")
            assert error["code"] == "store" and "error id" in error["message"]
            assert secret not in json.dumps(error)
            ws.send_json({"type": "ping"})
            assert receive(ws, "pong")["type"] == "pong"
    assert caplog.text.count(secret) == 4
    for told in (answer.json()["error"], error["message"]):
        id = re.search(r"error id (\w+)", told)
        assert id is not None and f"error {id[1]}:" in caplog.text


def test_an_unexpected_failure_is_one_error_with_an_id(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    table = create(client)["id"]

    def bug(*args: Any) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Room, "hint", bug)
    with caplog.at_level(logging.ERROR, "euchre.web"), \
            client.websocket_connect(f"/ws/{table}") as ws:
        hello(ws)
        ws.send_json({"type": "hint"})
        error = receive(ws, "error")
        assert error["code"] == "internal" and "error id" in error["message"]
        alive(client, ws, table)
    assert "ZeroDivisionError" in caplog.text


# -- the attack as it was found, against a real server -------------------------------------


@pytest.mark.parametrize("kind", STORES)
def test_the_reported_attacks_against_a_real_server(kind: str, tmp_path: Path) -> None:
    with server_of(kind, tmp_path) as server:
        server.start()
        made = http(f"{server.base}/api/tables", {
            "seats": ["person", "person", "basic", "basic"], "pace": 0, "level": "basic"})
        with pytest.raises(OSError, match="400"):
            http(f"{server.base}/api/tables", {"name": "bad \ud800 name"})
        url = server.base.replace("http", "ws") + f"/ws/{made['id']}"

        async def attack() -> list[Message]:
            async with connect(url) as seat, connect(url) as spectator:
                await seat.send(json.dumps({"type": "hello", "seat": 0,
                                            "token": made["token"]}))
                await spectator.send('{"type":"hello"}')
                await spectator.send('{"type":"chat","text":"hi \\ud800 there"}')
                await spectator.send('{"type":"hello","name":"\\ud800"}')
                await spectator.send("[" * 1500 + "]" * 1500)
                await spectator.send('{"type":"ping"}')
                got: list[Message] = []
                while not any(m["type"] == "pong" for m in got):
                    got.append(json.loads(await asyncio.wait_for(spectator.recv(), 10)))
                await seat.send(json.dumps({"type": "chat", "text": "still here"}))
                while json.loads(await asyncio.wait_for(spectator.recv(), 10)).get(
                        "text") != "still here":
                    pass
                await seat.send('{"type":"ping"}')
                while json.loads(await asyncio.wait_for(seat.recv(), 10))["type"] != "pong":
                    pass
                return got

        got = asyncio.run(attack())
        codes = [m["code"] for m in got if m["type"] == "error"]
        assert codes == ["bad_text", "bad_message", "bad_json"]
        assert [t["id"] for t in http(f"{server.base}/api/tables")["tables"]] == [made["id"]]
        server.kill()
        server.start()
        assert [t["id"] for t in http(f"{server.base}/api/tables")["tables"]] == [made["id"]]
        assert http(f"{server.base}/api/tables", {"name": "after"})["id"]



# -- 9. fuzzing every message and every body ---------------------------------------------

SPECIAL = ["\ud800", "\udfff", "\x00", "\u202e", "\u2066", "\U0001F0A1", "\uffff", "\ufeff",
           "\r\n", "é", "𝒜", "' OR 1=1 --", "<script>", "../../etc/passwd"]

texts = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=30),  # surrogates too
    st.lists(st.sampled_from(SPECIAL), max_size=6).map("".join),
    st.integers(0, 5000).map(lambda n: "x" * n),
)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-3, 10),
    st.floats(allow_nan=True, allow_infinity=True), texts,
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)), max_leaves=12)

FIELDS = {"hello": ["seat", "token", "last_version", "name"],
          "act": ["id", "version", "action"], "chat": ["text"], "sync": ["last_version"],
          "start": [], "hint": [], "ping": [], "ready": []}


@st.composite
def messages(draw: Any) -> str:
    """One frame: a message of a known type with hostile values in any of its fields,
    a stray type or key, deep nesting, or text that is not JSON at all."""
    shape = draw(st.integers(0, 9))
    if shape == 0:
        return str(draw(texts))
    if shape == 1:
        depth: int = draw(st.one_of(st.integers(1, 50), st.integers(990, 3000)))
        return "[" * depth + "]" * depth
    kind = draw(st.sampled_from([*FIELDS, "dance", ""]))
    message: dict[str, Any] = {"type": kind if shape != 2 else draw(values)}
    for field in FIELDS.get(kind, []):
        if draw(st.integers(0, 3)):
            message[field] = draw(st.one_of(texts, values))
    if draw(st.integers(0, 4)) == 0:
        message[draw(texts)] = draw(values)
    return json.dumps(message)  # a surrogate travels as its \\u escape, as on the wire


def test_fuzzing_every_socket_message_and_http_body(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(app_module, "RATE", 1e9)  # the flood limit is tested elsewhere
    monkeypatch.setattr(app_module, "BURST", 1e9)
    encode_frames(monkeypatch)
    with make_client(tmp_path) as client, caplog.at_level(logging.ERROR, "euchre.web"):
        made = create(client, seats=["person", "person", "basic", "basic"])
        table = made["id"]
        paths = ["/api/tables", f"/api/tables/{table}/seats/3", f"/api/tables/{table}/seats/x",
                 f"/api/tables/{table}/invites"]
        with client.websocket_connect(f"/ws/{table}") as victim:
            hello(victim, 0, made["token"])

            @fuzz(150)
            @given(st.lists(messages(), min_size=1, max_size=4), st.sampled_from(paths),
                   st.one_of(values.map(json.dumps), st.binary(max_size=64)),
                   st.sampled_from([None, "spectator", made["token"]]))
            def attack(frames: list[str], path: str, body: str | bytes,
                       token: str | None) -> None:
                # hypothesis raises the recursion limit while it runs an example; the
                # server runs under Python's default, which deep JSON must not pass
                limit = sys.getrecursionlimit()
                sys.setrecursionlimit(1000)
                try:
                    hostile(frames, path, body, token)
                finally:
                    sys.setrecursionlimit(limit)

            def hostile(frames: list[str], path: str, body: str | bytes,
                        token: str | None) -> None:
                with client.websocket_connect(f"/ws/{table}") as ws:
                    if token == "spectator":
                        ws.send_json({"type": "hello"})
                    elif token is not None:
                        ws.send_json({"type": "hello", "seat": 0, "token": token})
                    for frame in frames:
                        ws.send_text(frame)
                    # a hello (or a refused second one) and a ping: the pong comes
                    # after every frame before it was handled
                    ws.send_text('{"type":"hello"}')
                    ws.send_text('{"type":"ping"}')
                    try:
                        while ws.receive_json()["type"] != "pong":
                            pass
                    except WebSocketDisconnect:
                        pass  # the server may close an attacker's socket
                answer = client.post(path, content=body,
                                     headers={"Content-Type": "application/json"})
                assert answer.status_code < 500, answer.text
                answer.json()
                alive(client, victim, table)

            attack()
    failures = [r for r in caplog.records
                if r.name.startswith("euchre") and r.levelno >= logging.ERROR]
    assert failures == []  # no failure of the server's own, not even a logged one


hostile_texts = st.lists(st.one_of(st.sampled_from(SPECIAL), st.characters(exclude_categories=())),
                         min_size=1, max_size=12).map("".join)
"""Short texts mixing the characters that broke the server with any others."""

TEXT_FIELDS = [("socket", "chat", "text"), ("socket", "hello", "name"), ("socket", "act", "id"),
               ("socket", "act", "action"), ("socket", "hello", "token"),
               ("http", "/api/tables", "name"), ("http", "/api/tables", "host"),
               ("http", "seats", "name"), ("http", "invites", "token")]


def test_fuzzing_hostile_text_in_every_text_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Each field that carries text, with text that is valid or not: it is taken or
    refused with one message, and nothing it holds reaches another client broken."""
    monkeypatch.setattr(app_module, "RATE", 1e9)
    monkeypatch.setattr(app_module, "BURST", 1e9)
    encode_frames(monkeypatch)
    with make_client(tmp_path) as client, caplog.at_level(logging.ERROR, "euchre.web"):
        made = create(client, seats=["person", "person", "basic", "basic"])
        table = made["id"]
        with client.websocket_connect(f"/ws/{table}") as victim:
            hello(victim, 0, made["token"])

            @fuzz(150)
            @given(st.sampled_from(TEXT_FIELDS), hostile_texts)
            def attack(where: tuple[str, str, str], text: str) -> None:
                face, kind, field = where
                if face == "http":
                    path = {"seats": f"/api/tables/{table}/seats/1",
                            "invites": f"/api/tables/{table}/invites"}.get(kind, kind)
                    answer = post(client, path, {field: text})
                    assert answer.status_code < 500, answer.text
                    answer.json()
                else:
                    with client.websocket_connect(f"/ws/{table}") as ws:
                        message: Message = {"type": kind, field: text}
                        if kind == "hello":
                            message.setdefault("seat", 0)
                            message.setdefault("token", made["token"])
                        else:
                            ws.send_json({"type": "hello", "seat": 0, "token": made["token"]})
                        if kind == "act":
                            message = {"id": "a", "version": 0, "action": "pass", **message}
                        ws.send_text(json.dumps(message))
                        ws.send_text('{"type":"hello"}')
                        ws.send_text('{"type":"ping"}')
                        try:
                            while ws.receive_json()["type"] != "pong":
                                pass
                        except WebSocketDisconnect as closed:
                            assert closed.code == 4403  # a token that is not the seat's
                alive(client, victim, table)

            attack()
    failures = [r for r in caplog.records
                if r.name.startswith("euchre") and r.levelno >= logging.ERROR]
    assert failures == []


ORIGINS = [None, "null", "http://evil.example", "http://127.0.0.1:1", "\u00e9vil://x"]
"""The Origin a fuzzed socket says it comes from (``None``: a program, which sends
none); the server's own address is added in the test."""


@pytest.mark.parametrize("kind", STORES)
def test_fuzzing_a_real_server(kind: str, tmp_path: Path) -> None:
    """Every message and body of the fuzzer above, from any Origin, against ``euchre
    serve`` itself: over SQLite, and two workers over PostgreSQL, whose sockets land on
    either worker and are handed to the table's. After each attack the table's own
    seat, the lobby and the store still answer; afterwards every worker is alive and
    nothing of the server's own failed (its log)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect as connect_sync

    with server_of(kind, tmp_path) as server:
        server.start()
        made = http(f"{server.base}/api/tables", {
            "seats": ["person", "person", "basic", "basic"], "pace": 0, "level": "basic"})
        table = made["id"]
        url = server.base.replace("http", "ws") + f"/ws/{table}"
        paths = ["/api/tables", f"/api/tables/{table}/seats/3",
                 f"/api/tables/{table}/seats/x", f"/api/tables/{table}/invites",
                 # the club room's, over the same store
                 "/api/account", "/api/account/sign-in", "/api/account/delete",
                 "/api/events", "/api/events/e1/entries", "/api/daily"]

        def until(ws: Any, kind: str) -> Message:
            while True:
                message: Message = json.loads(ws.recv(timeout=RECEIVE_SECONDS))
                if message["type"] == kind:
                    return message

        with connect_sync(url, max_size=2**22) as victim:
            victim.send(json.dumps({"type": "hello", "seat": 0, "token": made["token"]}))
            until(victim, "welcome")
            pinged = [time.monotonic()]

            @fuzz(100)
            @given(st.lists(messages(), min_size=1, max_size=4), st.sampled_from(paths),
                   st.one_of(values.map(json.dumps).map(str.encode), st.binary(max_size=64)),
                   st.sampled_from([None, "spectator", made["token"]]),
                   st.sampled_from([*ORIGINS, server.base]))
            def attack(frames: list[str], path: str, body: bytes, token: str | None,
                       origin: str | None) -> None:
                headers = {} if origin is None else {"Origin": origin}
                try:
                    with connect_sync(url, additional_headers=headers,
                                      open_timeout=RECEIVE_SECONDS) as ws:
                        if token == "spectator":
                            ws.send('{"type":"hello"}')
                        elif token is not None:
                            ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
                        for frame in frames:
                            try:
                                frame.encode()
                                ws.send(frame)
                            except UnicodeEncodeError:  # no text frame: its bytes as they are
                                ws.send(frame.encode(errors="surrogatepass"))
                        ws.send('{"type":"hello"}')
                        ws.send('{"type":"ping"}')
                        until(ws, "pong")
                except InvalidHandshake:
                    assert origin not in (None, server.base)  # a foreign page's socket
                except ConnectionClosed:
                    pass  # the server may close an attacker's socket
                connection = http_client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                try:
                    connection.request("POST", path, body=body, headers={
                        "Content-Type": "application/json", **headers})
                    answer = connection.getresponse()
                    text = answer.read()
                finally:
                    connection.close()
                assert answer.status < 500, text
                json.loads(text)
                # the seat's own client, at a person's pace (a flood would close it)
                time.sleep(max(0.0, pinged[0] + 0.06 - time.monotonic()))
                pinged[0] = time.monotonic()
                victim.send('{"type":"ping"}')
                until(victim, "pong")
                assert table in [t["id"] for t in http(f"{server.base}/api/tables")["tables"]]

            attack()
        assert http(f"{server.base}/api/tables", {"name": "after"})["id"]
        if kind == "postgres":
            metrics = urllib.request.urlopen(f"{server.base}/metrics", timeout=10).read()
            assert b"euchre_workers 2\n" in metrics
        process = server.process
        assert process is not None and process.poll() is None
        server.stop()
        assert process.stdout is not None
        log = process.stdout.read().decode(errors="replace")
    # no failure of the server's own: no traceback, no error id (guard.py's "error ID: ...")
    assert "Traceback" not in log and not re.search(r"^error \S+: ", log, re.M), log
