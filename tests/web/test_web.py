"""The web table over its real protocol: Starlette's TestClient, in process.

Every test talks to :func:`euchre.web.app.create_app` through HTTP and WebSockets as a
browser would (``docs/web.md``), over an SQLite store in a temporary folder.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.records.record import loads
from euchre.table.model import Table
from euchre.web import room as room_module
from euchre.web.app import MAX_MESSAGE, create_app
from euchre.web.database import SqliteStore
from euchre.web.project import EventEncoder, event_json
from helpers.paths import ROOT

Message = dict[str, Any]


def make_client(path: Path, **kwargs: Any) -> TestClient:
    return TestClient(create_app(SqliteStore(path / "tables.sqlite3"),
                                **{"hosts": ["testserver"], **kwargs}))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def create(client: TestClient, **settings: Any) -> Message:
    body = {"seats": ["person", "basic", "basic", "basic"], "pace": 0, "level": "basic"}
    body.update(settings)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: Message = response.json()
    return answer


def receive(ws: Any, *types: str) -> Message:
    """The next message of one of ``types`` (others are skipped)."""
    for _ in range(10_000):
        message: Message = ws.receive_json()
        if not types or message["type"] in types:
            return message
    raise AssertionError(f"no {types} message")


def hello(ws: Any, seat: int | None = None, token: str | None = None,
          **extra: Any) -> Message:
    message: Message = {"type": "hello", **extra}
    if seat is not None:
        message.update(seat=seat, token=token)
    ws.send_json(message)
    return receive(ws, "welcome")


def seats_until(ws: Any, done: Any) -> list[Message]:
    """The seats of the first ``seats`` message for which ``done(seats)``."""
    for _ in range(1000):
        seats: list[Message] = receive(ws, "seats")["seats"]
        if done(seats):
            return seats
    raise AssertionError("the seats never changed so")


def next_state(ws: Any) -> Message:
    message = receive(ws, "event", "snapshot", "catchup", "resync")
    state: Message = message["state"]
    return state


def play_until(ws: Any, state: Message, done: Any, prefix: str = "c") -> Message:
    """Act (the last legal action, so that somebody calls) until ``done(state)``."""
    count = 0
    while not done(state):
        if state["legal"]:
            count += 1
            ws.send_json({"type": "act", "id": f"{prefix}{count}", "version": state["version"],
                          "action": state["legal"][-1]["action"]})
        state = next_state(ws)
        assert count < 2000
    return state


# -- HTTP ----------------------------------------------------------------------------


def test_setup_lists_presets_options_and_bots(client: TestClient) -> None:
    setup = client.get("/api/setup").json()
    assert "standard" in setup["presets"] and "two-handed" in setup["presets"]
    assert "stick_the_dealer" in setup["options"]
    assert "expert" in setup["bots"] and "human" not in setup["bots"]


@pytest.mark.parametrize(("body", "words"), [
    ({"preset": "nope"}, "preset"),
    ({"seats": ["person", "ext:rm -rf /", "basic", "basic"]}, "seats"),
    ({"seats": ["person", "basic"]}, "seats"),
    ({"colour": "red"}, "unknown field 'colour'"),
    ({"options": {"colour": "red"}}, "unknown option 'colour'"),
    ({"target": -3}, "target"),
    ({"pace": 99}, "pace"),
    ({"turn_timer": 2}, "turn_timer"),
    ({"host_seat": 1}, "host_seat"),
    ({"level": "ext:bot"}, "level"),
])
def test_bad_settings_are_refused_with_the_field_named(client: TestClient, body: Message,
                                                       words: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_broken_and_oversized_requests_are_refused(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    assert client.post("/api/tables", content=b"{not json", headers=as_json).status_code == 400
    big = json.dumps({"name": "x" * 20000})
    assert "too large" in client.post("/api/tables", content=big,
                                      headers=as_json).json()["error"]
    assert client.get("/api/tables/nope").status_code == 404
    assert client.post("/api/tables/nope/seats/1", json={}).status_code == 404


def test_create_lists_the_table_and_links_carry_the_token_after_the_hash(
        client: TestClient) -> None:
    made = create(client, name="Friday", host="Ada", target=5, preset="tournament")
    assert made["links"]["seat"].endswith(f"/t/{made['id']}#seat=0&token={made['token']}")
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [made["id"]]
    table = listed[0]
    assert (table["name"], table["target"], table["state"]) == ("Friday", 5, "waiting")
    assert table["preset"] == "tournament"
    assert [s["open"] for s in table["seats"]] == [False, True, True, True]
    assert made["token"] not in json.dumps(listed)


def test_two_handed_tables_have_two_seats(client: TestClient) -> None:
    made = create(client, preset="two-handed", seats=["person", "basic"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello(ws, 0, made["token"])
    assert welcome["state"]["players"] == 2 and len(welcome["state"]["seats"]) == 2


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    made = create(client)
    for path in ("/", f"/t/{made['id']}", f"/replay/{made['id']}"):
        page = client.get(path)
        assert page.status_code == 200 and "<!doctype html" in page.text.lower()
    assert client.get("/static/index.html").status_code == 200


# -- playing -------------------------------------------------------------------------


def test_a_whole_game_against_bots_then_its_records(client: TestClient) -> None:
    made = create(client, target=2, preset="tournament", seed=8)  # a game EGN can write
    table = made["id"]
    assert client.get(f"/api/tables/{table}/record.json").status_code == 409
    with client.websocket_connect(f"/ws/{table}") as ws:
        state = hello(ws, 0, made["token"])["state"]
        assert state["phase"] == "waiting" and state["legal"] == []
        ws.send_json({"type": "start"})
        state = next_state(ws)
        state = play_until(ws, state, lambda s: s["game_over"])
    assert state["phase"] == "over" and max(state["score"]) >= 2
    record = loads(client.get(f"/api/tables/{table}/record.json").text)
    assert record.check().score == tuple(state["score"])
    egn = client.get(f"/api/tables/{table}/record.egn")
    assert egn.status_code == 200 and "Euchre Game Notation" in egn.text
    replay = client.get(f"/api/tables/{table}/replay").json()
    assert replay["frames"][-1]["score"] == state["score"]
    assert all(len(f["hands"]) == 4 for f in replay["frames"])
    assert table not in [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_only_the_host_starts_and_nobody_acts_before(client: TestClient) -> None:
    made = create(client, seats=["person", "person", "basic", "basic"])
    other = client.post(f"/api/tables/{made['id']}/seats/1", json={"name": "Ben"}).json()
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, 1, other["token"])
        ws.send_json({"type": "start"})
        assert receive(ws, "error")["code"] == "not_host"
        ws.send_json({"type": "act", "id": "a", "version": 0, "action": "pass"})
        assert receive(ws, "error")["code"] == "not_started"


def test_ack_event_repeat_stale_and_refusal(client: TestClient) -> None:
    made = create(client, seats=["person", "person", "person", "person"], pace=0)
    table = made["id"]
    tokens = [made["token"]] + [
        client.post(f"/api/tables/{table}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
        for s in (1, 2, 3)
    ]
    with client.websocket_connect(f"/ws/{table}") as host:
        hello(host, 0, tokens[0])
        host.send_json({"type": "start"})
        state = next_state(host)
        seat = state["to_act"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            state = hello(ws, seat, tokens[seat])["state"]
            assert [a["action"] for a in state["legal"]] == ["pass", "order"]
            ws.send_json({"type": "act", "id": "x1", "version": 0, "action": "play Jh"})
            refused = receive(ws, "refused")
            assert (refused["id"], refused["code"]) == ("x1", "wrong_decision")
            assert refused["reason"].startswith("You must")
            ws.send_json({"type": "act", "id": "x2", "version": 0, "action": "dance"})
            assert receive(ws, "refused")["code"] == "bad_action"
            ws.send_json({"type": "act", "id": "x3", "version": 0, "action": "pass"})
            assert receive(ws, "ack", "event")["type"] == "ack"
            event = receive(ws, "event")
            assert (event["event"]["version"], event["event"]["action"]) == (1, "pass")
            ws.send_json({"type": "act", "id": "x3", "version": 0, "action": "pass"})
            assert receive(ws, "ack") == {"type": "ack", "id": "x3", "version": 1}
            ws.send_json({"type": "act", "id": "x4", "version": 0, "action": "pass"})
            resync = receive(ws, "resync", "refused")
            assert resync["type"] == "resync" and resync["state"]["version"] == 1
            ws.send_json({"type": "act", "id": "x5", "version": 1, "action": "pass"})
            refused = receive(ws, "refused")
            assert refused["code"] == "not_your_turn"
        assert client.get(f"/api/tables/{table}").json()["version"] == 1


def test_spectators_see_no_hand_and_can_not_act(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello(ws)
        assert welcome["role"] == "spectator" and welcome["seat"] is None
        assert welcome["state"]["hand"] == [] and welcome["state"]["legal"] == []
        ws.send_json({"type": "act", "id": "s", "version": 0, "action": "pass"})
        assert receive(ws, "error")["code"] == "spectator"
        ws.send_json({"type": "start"})
        assert receive(ws, "error")["code"] == "not_host"


def test_a_wrong_token_is_refused_and_the_socket_closed(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": "guess"})
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 7, "token": made["token"]})
        assert ws.receive_json()["code"] == "bad_seat"
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["code"] == "no_table"


def test_malformed_messages_get_one_error_and_change_nothing(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text("[1, 2]")
        assert ws.receive_json()["code"] == "bad_message"
        ws.send_json({"type": "act"})
        assert ws.receive_json()["code"] == "no_hello"
        hello(ws, 0, made["token"])
        for text, code in [("{oops", "bad_json"), ('"x"', "bad_message"),
                           (json.dumps({"type": "dance"}), "unknown_type"),
                           (json.dumps({"type": "hello"}), "bad_message"),
                           (json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE}),
                            "too_large"),
                           (json.dumps({"type": "act", "id": 3}), "bad_message"),
                           (json.dumps({"type": "sync"}), "bad_message")]:
            ws.send_text(text)
            assert receive(ws, "error")["code"] == code
        ws.send_bytes(b"\x00\x01")
        assert receive(ws, "error")["code"] == "bad_message"
        ws.send_json({"type": "ping"})
        assert receive(ws, "pong", "error")["type"] == "pong"
    assert client.get(f"/api/tables/{made['id']}").json()["version"] == 0


def test_a_flood_closes_the_socket_with_1008(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws)
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(200):
                ws.send_json({"type": "ping"})
            while True:
                ws.receive_json()
    assert closed.value.code == 1008
    assert client.get("/api/tables").status_code == 200


def test_a_socket_from_another_origin_is_refused(tmp_path: Path) -> None:
    with make_client(tmp_path, allow_origins=["http://friends.example"]) as client:
        made = create(client)
        url = f"/ws/{made['id']}"
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
                url, headers={"origin": "http://evil.example"}):
            pass
        assert refused.value.code == 1008
        for origin in ("http://testserver", "http://friends.example"):
            with client.websocket_connect(url, headers={"origin": origin}) as ws:
                assert hello(ws)["type"] == "welcome"


def test_chat_has_a_length_and_a_rate_cap(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, 0, made["token"])
        ws.send_json({"type": "chat", "text": "  good   luck  "})
        line = receive(ws, "chat")
        assert (line["seat"], line["name"], line["text"]) == (0, "Host", "good luck")
        ws.send_json({"type": "chat", "text": "again"})
        assert receive(ws, "error", "chat")["code"] == "slow_down"
        ws.send_json({"type": "chat", "text": "y" * 201})
        assert receive(ws, "error", "chat")["code"] == "too_long"


def test_a_private_discard_reaches_the_others_as_a_bare_version(client: TestClient) -> None:
    made = create(client, seats=["person", "person", "person", "person"], seed=5)
    table = made["id"]
    tokens = [made["token"]] + [
        client.post(f"/api/tables/{table}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
        for s in (1, 2, 3)
    ]
    sockets = [client.websocket_connect(f"/ws/{table}") for _ in range(4)]
    wss = [sock.__enter__() for sock in sockets]
    try:
        for s, ws in enumerate(wss):
            hello(ws, s, tokens[s])
        wss[0].send_json({"type": "start"})
        states = [next_state(ws) for ws in wss]
        seat = states[0]["to_act"]
        dealer = states[0]["dealer"]
        wss[seat].send_json({"type": "act", "id": "o", "version": 0, "action": "order"})
        events = [receive(ws, "event") for ws in wss]
        if events[0]["state"]["phase"] == "alone":
            wss[seat].send_json({"type": "act", "id": "st", "version": 1, "action": "stay"})
            events = [receive(ws, "event") for ws in wss]
        dealer_state = events[dealer]["state"]
        assert dealer_state["phase"] == "exchange" and dealer_state["new_card"]
        card = dealer_state["legal"][0]["action"]
        wss[dealer].send_json({"type": "act", "id": "d", "version": dealer_state["version"],
                               "action": card})
        events = [receive(ws, "event") for ws in wss]
        for s, event in enumerate(events):
            seen = event["event"]["action"]
            assert seen == (card if s == dealer else None)
            assert (event["state"]["discard"] is not None) == (s == dealer)
            text = json.dumps(event)
            assert (card.split()[1] in text) == (s == dealer)
    finally:
        for sock in sockets:
            sock.__exit__(None, None, None)


def test_a_reconnecting_client_gets_exactly_the_missing_events(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client, seats=["person", "basic", "basic", "basic"])
    table = made["id"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        hello(ws, 0, made["token"])
        ws.send_json({"type": "start"})
        state = play_until(ws, next_state(ws), lambda s: s["version"] >= 12)
    seen = state["version"]
    spectator_state = None
    with client.websocket_connect(f"/ws/{table}") as ws:
        welcome = hello(ws, None, None, last_version=3)
        catchup = receive(ws, "catchup")
        versions = [e["version"] for e in catchup["events"]]
        assert versions == list(range(4, welcome["state"]["version"] + 1))
        assert versions[-1] >= seen
        spectator_state = catchup["state"]
        ws.send_json({"type": "sync", "last_version": versions[-1]})
        assert receive(ws, "catchup")["events"] == []
        monkeypatch.setattr(room_module, "CATCHUP_LIMIT", 2)
        ws.send_json({"type": "sync", "last_version": 0})
        assert receive(ws, "snapshot", "catchup")["type"] == "snapshot"
    assert spectator_state is not None and spectator_state["hand"] == []


def test_a_dropped_player_keeps_the_seat_then_a_bot_plays_until_they_return(
        tmp_path: Path) -> None:
    with make_client(tmp_path, away_seconds=0.3) as client:
        made = create(client, seats=["person", "person", "basic", "basic"])
        table = made["id"]
        ben = client.post(f"/api/tables/{table}/seats/1", json={"name": "Ben"}).json()
        with client.websocket_connect(f"/ws/{table}") as host:
            hello(host, 0, made["token"])
            with client.websocket_connect(f"/ws/{table}") as ws:
                hello(ws, 1, ben["token"])
                seats_until(host, lambda seats: seats[1]["present"])
            seats_until(host, lambda seats: not seats[1]["present"])
            host.send_json({"type": "start"})
            seats = seats_until(host, lambda seats: seats[1]["away_until"] is not None)
            assert seats[1]["kind"] == "person" and not seats[1]["stand_in"]
            seats = seats_until(host, lambda seats: seats[1]["stand_in"])
            assert seats[1]["kind"] == "bot" and seats[1]["name"] == "Ben"
            with client.websocket_connect(f"/ws/{table}") as ws:
                welcome = hello(ws, 1, ben["token"])
                assert welcome["seats"][1]["kind"] == "person"
                assert welcome["seats"][1]["stand_in"] is False


def test_a_person_takes_a_bots_seat(client: TestClient) -> None:
    made = create(client)
    table = made["id"]
    with client.websocket_connect(f"/ws/{table}") as host:
        hello(host, 0, made["token"])
        taken = client.post(f"/api/tables/{table}/seats/2", json={"name": "Cleo"})
        assert taken.status_code == 200
        again = client.post(f"/api/tables/{table}/seats/2", json={"name": "Dev"})
        assert again.status_code == 409 and "taken" in again.json()["error"]
        assert client.post(f"/api/tables/{table}/seats/9", json={}).status_code == 400
        with client.websocket_connect(f"/ws/{table}") as ws:
            welcome = hello(ws, 2, taken.json()["token"])
            assert welcome["seats"][2] | {"present": True} == welcome["seats"][2]
            assert welcome["state"]["seats"][2]["name"] == "Cleo"
            assert welcome["state"]["seats"][2]["kind"] == "person"


def test_hints_give_the_bots_values(client: TestClient) -> None:
    made = create(client, level="pimc")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, 0, made["token"])
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["code"] == "no_hint"
        ws.send_json({"type": "start"})
        play_until(ws, next_state(ws), lambda s: bool(s["legal"]))
        ws.send_json({"type": "hint"})
        hint = receive(ws, "hint")
    assert hint["choice"] and hint["bot"] == "expert"
    assert hint["values"] is None or {v["action"] for v in hint["values"]} >= {hint["choice"]}


def test_bots_think_off_the_event_loop(client: TestClient,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    thinking = threading.Event()
    release = threading.Event()
    decide = Table.decide

    def slow(bot: Any, view: Any, legal: Any) -> Any:
        thinking.set()
        release.wait(10)
        return decide(bot, view, legal)

    monkeypatch.setattr(Table, "decide", staticmethod(slow))
    made = create(client, seats=["basic", "person", "basic", "basic"], host_seat=1, seed=2)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, 1, made["token"])
        ws.send_json({"type": "start"})
        assert thinking.wait(10)
        ws.send_json({"type": "ping"})
        assert receive(ws, "pong")["type"] == "pong"  # answered while the bot thinks
        assert client.get(f"/api/tables/{made['id']}").json()["version"] == 0
        release.set()


def test_a_turn_timer_lets_the_bot_act_for_a_slow_person(client: TestClient) -> None:
    made = create(client, turn_timer=5, seats=["person", "basic", "basic", "basic"], seed=3)
    app_server = client.app.state.server  # type: ignore[attr-defined]
    room = app_server.rooms[made["id"]]
    room.settings = room.settings.__class__(**{
        **{f: getattr(room.settings, f) for f in room.settings.__slots__}, "turn_timer": 0.2})
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, 0, made["token"])
        ws.send_json({"type": "start"})
        for _ in range(200):
            state = next_state(ws)
            if state["turn_deadline"] is not None:
                break
        assert state["legal"] and state["seats"][0]["to_act"]
        version = state["version"]
        event = receive(ws, "event")
        assert event["event"]["seat"] == 0 and event["event"]["version"] == version + 1


# -- persistence ---------------------------------------------------------------------


def test_acknowledged_actions_and_command_ids_survive_a_restart(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        made = create(client, seed=11)
        table = made["id"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            hello(ws, 0, made["token"])
            ws.send_json({"type": "start"})
            state = play_until(ws, next_state(ws), lambda s: s["version"] >= 10, prefix="k")
        before = client.get(f"/api/tables/{table}").json()
    with make_client(tmp_path) as client:
        after = client.get(f"/api/tables/{table}").json()
        assert after["version"] >= before["version"] and after["state"] == "playing"
        with client.websocket_connect(f"/ws/{table}") as ws:
            welcome = hello(ws, 0, made["token"], last_version=state["version"])
            ws.send_json({"type": "act", "id": "k1", "version": 999, "action": "pass"})
            ack = receive(ws, "ack")
            assert ack["id"] == "k1" and 1 <= ack["version"] <= state["version"]
            assert welcome["state"]["hand"]


# -- the command ---------------------------------------------------------------------


def test_serve_refuses_a_port_in_use_and_a_broken_store_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from euchre.cli.main import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"euchre: port {port} is in use: try another with --port")
    (tmp_path / "file").write_text("not a folder")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert main(["serve", "--port", str(free), "--data", str(tmp_path / "file" / "x")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("euchre: can not open the store") and "Traceback" not in err


# -- invites -------------------------------------------------------------------------


def test_an_invite_link_carries_its_seats_token_and_seats_its_opener(
        client: TestClient) -> None:
    made = create(client, seats=["person", "person", "basic", "person"], host="Ada")
    table = made["id"]
    invites = {i["seat"]: i for i in made["invites"]}
    assert sorted(invites) == [1, 2, 3]
    link = invites[1]["link"]
    assert link.startswith(f"http://testserver/t/{table}#seat=1&token=")
    token = link.split("token=")[1]
    assert token not in json.dumps(client.get(f"/api/tables/{table}").json())
    with client.websocket_connect(f"/ws/{table}") as ws:
        welcome = hello(ws, 1, token, name="  Ben  ")
        assert welcome["seat"] == 1 and welcome["seats"][1]["claimed"]
        assert welcome["state"]["seats"][1]["name"] == "Ben"
        assert welcome["state"]["seats"][1]["kind"] == "person"
    again = client.post(f"/api/tables/{table}/seats/1", json={"name": "Cleo"})
    assert again.status_code == 409


def test_the_host_makes_new_invites_and_the_old_ones_stop_working(client: TestClient) -> None:
    made = create(client, seats=["person", "person", "basic", "basic"])
    table = made["id"]
    old = made["invites"][0]["link"].split("token=")[1]
    wrong = client.post(f"/api/tables/{table}/invites", json={"token": old})
    assert wrong.status_code == 403 and "host" in wrong.json()["error"]
    fresh = client.post(f"/api/tables/{table}/invites", json={"token": made["token"]})
    assert fresh.status_code == 200
    assert [i["seat"] for i in fresh.json()["invites"]] == [1, 2, 3]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": old})
        assert ws.receive_json()["code"] == "bad_token"
    token = fresh.json()["invites"][0]["link"].split("token=")[1]
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert hello(ws, 1, token)["seat"] == 1


def test_a_private_table_is_not_listed_and_seats_only_by_invitation(
        client: TestClient) -> None:
    made = create(client, private=True, seats=["person", "person", "basic", "basic"])
    table = made["id"]
    assert client.get("/api/tables").json()["tables"] == []
    assert client.get(f"/api/tables/{table}").json()["private"] is True
    taken = client.post(f"/api/tables/{table}/seats/2", json={"name": "Dev"})
    assert taken.status_code == 400 and "invitation" in taken.json()["error"]
    token = made["invites"][0]["link"].split("token=")[1]
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert hello(ws, 1, token, name="Ben")["state"]["seats"][1]["name"] == "Ben"
    assert client.post("/api/tables", json={"private": "yes"}).status_code == 400


@pytest.mark.parametrize("rules", [Rules(partners_best="loner", target=5),
                                   Rules.preset("british").replace(target=5),
                                   Rules.preset("two-handed").replace(target=5)])
def test_an_event_encoded_once_a_way_of_seeing_it_is_each_viewers_event(rules: Rules) -> None:
    """The room sends each client EventEncoder's text: for every event of a whole game
    (cards given and laid away face down among them) and every viewer, it is
    event_json's for that viewer."""
    table = Table.for_bots(Game(rules, seed=3), ["basic"] * rules.players)
    names = [seat.name for seat in table.seats]
    viewers: list[int | None] = [*range(rules.players), None]
    ways = 0
    while not table.game_over:
        if table.held_deal is not None:
            table.continue_play()
            continue
        event = table.apply(table.bot_choice())
        encoder = EventEncoder(event, table.game, names)
        texts = {encoder.encode(v) for v in viewers}
        ways += len(texts)
        for viewer in viewers:
            assert json.loads(encoder.encode(viewer)) == event_json(
                event, viewer, table.game, names)
    assert ways > len(table.events)  # some events are seen in more than one way


def test_the_projection_benchmark_runs_a_tiny_size() -> None:
    """``benchmarks/web_projection.py`` (docs/benchmarks.md), one game once."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "web_projection.py"),
                           "--games", "1", "--repeat", "1"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"\d+ moments of 1 games: median \d+\.\d{3} CPU s over 1 runs\n",
                        done.stdout), done.stdout


# -- the end of a deal ---------------------------------------------------------------


def test_a_finished_deal_pauses_the_bots_until_every_person_is_ready(
        client: TestClient) -> None:
    made = create(client, seed=5)  # the bots move at once (pace 0) ...
    room = client.app.state.server.rooms[made["id"]]  # type: ignore[attr-defined]
    # ... and the pause after a deal is that of a table at the slowest pace (40 s)
    room.settings = room.settings.__class__(**{
        **{f: getattr(room.settings, f) for f in room.settings.__slots__}, "pace": 5.0})
    with client.websocket_connect(f"/ws/{made['id']}") as ws, \
            client.websocket_connect(f"/ws/{made['id']}") as watcher:
        state = hello(ws, 0, made["token"])["state"]
        hello(watcher)
        ws.send_json({"type": "start"})
        state = play_until(ws, next_state(ws), lambda s: s["results"])
        assert state["deal_break"] is not None and room.deal_break is not None
        paused = room.deal_break
        watcher.send_json({"type": "ready"})  # a spectator's word counts for nothing
        watcher.send_json({"type": "ping"})
        receive(watcher, "pong")
        assert room.deal_break == paused
        ws.send_json({"type": "ready"})
        ws.send_json({"type": "ping"})
        receive(ws, "pong")
        assert room.deal_break is None and room.state(0)["deal_break"] is None
        # and the table goes on: the next move comes (a bot's, or the person's turn);
        # a bot may have moved already, its frame on the way
        if not room.state(0)["legal"]:
            paused_at = state["version"]
            for _ in range(50):
                if next_state(ws)["version"] > paused_at:
                    break
            else:
                raise AssertionError("the table did not go on after everybody was ready")


def test_deal_results_name_the_outcome_and_the_chance_of_winning(
        client: TestClient) -> None:
    made = create(client, seed=9, target=5)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        state = hello(ws, 0, made["token"])["state"]
        assert [row["label"] for row in state["board"]] == ["Us", "Them"]
        ws.send_json({"type": "start"})
        state = play_until(ws, next_state(ws), lambda s: s["phase"] == "over")
    results = state["results"]
    assert results and all(r["headline"] and r["made_line"] for r in results)
    assert {r["verdict"] for r in results} <= {
        "made", "marched", "made alone", "loner march", "euchred",
        "euchred by a lone defender", "thrown in"}
    for r in results:
        assert r["chances"] is not None and abs(sum(r["chances"]) - 1) < 0.002
        assert r["made_line"].removesuffix(" alone") in r["line"]
    assert results[-1]["chances"][state["winner"]] == 1.0
    assert [row["score"] for row in state["board"]] == state["score"]
