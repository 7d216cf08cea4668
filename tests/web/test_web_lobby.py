"""The lobby gets you playing (``docs/web.md``, "Using it"): the presets by the names
players use, **Play now** (a started table against three bots), the ``egn`` field of a
finished table, and in a real browser Play now, a create form that fits one screen, the
tables this browser sat at, the keyboard and bad input.

The API tests run in process over Starlette's TestClient; the browser tests drive Debian's
Chromium against a real ``euchre serve``, as ``tests/web/test_web_browser.py`` does (they
skip where it skips).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_web import receive

from euchre.engine.rules import PRESETS
from euchre.web.app import create_app
from euchre.web.database import SqliteStore
from euchre.web.lobby_words import PLAY_NOW_BOT, PRESET_LINES, PRESET_TITLES
from euchre.web.room import Room

Message = dict[str, Any]
Chooser = Callable[[int, list[str]], str]


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(SqliteStore(tmp_path / "tables.sqlite3"), hosts=["testserver"])


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def create(client: TestClient, **body: Any) -> Message:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: Message = response.json()
    return made


# -- the presets and Play now over the API ----------------------------------------------


def test_setup_gives_each_preset_its_title_and_one_line(client: TestClient) -> None:
    presets = client.get("/api/setup").json()["presets"]
    assert list(presets) == list(PRESETS)
    assert set(PRESET_TITLES) == set(PRESET_LINES) == set(PRESETS)
    titles = [p["title"] for p in presets.values()]
    assert len(set(titles)) == len(titles)
    assert presets["tournament"]["title"] == "Tournament (stick the dealer)"
    assert presets["three-handed"]["title"] == "Three-handed (cutthroat)"
    for preset in presets.values():
        line = preset["line"]
        assert line[:1].isupper() and line.endswith(".") and line.count(". ") == 0, line
        assert preset["help"] and preset["rules"]


def test_play_now_is_a_started_table_against_three_bots(client: TestClient) -> None:
    play_now = client.get("/api/setup").json()["play_now"]
    assert play_now["preset"] == "standard" and play_now["start"] is True
    made = create(client, **play_now, host="Ada")
    table = made["table"]
    assert table["state"] == "playing" and table["preset"] == "standard"
    assert table["rules"] == PRESETS["standard"].to_dict()
    assert [(s["kind"], s["bot"]) for s in table["seats"][1:]] == [("bot", PLAY_NOW_BOT)] * 3
    assert table["seats"][0]["name"] == "Ada" and table["seats"][0]["claimed"]
    assert table["private"]  # strangers do not take the bots' seats
    assert client.get("/api/tables").json()["tables"] == []
    # the seat's token, returned, seats the person at a game already going
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "seat": made["seat"], "token": made["token"]})
        welcome = receive(ws, "welcome")
        assert welcome["role"] == "player" and welcome["host"]
        assert welcome["state"]["phase"] != "waiting"
        ws.send_json({"type": "start"})
        assert receive(ws, "error")["code"] == "started"


def test_start_is_optional_and_checked(client: TestClient) -> None:
    body = {"seats": ["person", "basic", "basic", "basic"], "level": "basic", "pace": 0}
    assert create(client, **body)["table"]["state"] == "waiting"
    assert create(client, **body, start=False)["table"]["state"] == "waiting"
    refused = client.post("/api/tables", json={**body, "start": "yes"})
    assert refused.status_code == 400
    assert refused.json() == {"error": "start: true or false"}


# -- the egn field ---------------------------------------------------------------------


def first_call(seat: int, legal: list[str]) -> str:
    """Seat 0 makes trump whenever it may; everyone else passes or stays; cards are the
    first playable."""
    calls = [a for a in legal if a == "order" or a.startswith("call ")]
    if seat == 0 and calls:
        return calls[0]
    for quiet in ("pass", "stay"):
        if quiet in legal:
            return quiet
    return legal[0]


def partner_alone(seat: int, legal: list[str]) -> str:
    """North (seat 2) orders up or calls; South (seat 0), the maker's partner, goes
    alone; everyone else passes or stays."""
    calls = [a for a in legal if a == "order" or a.startswith("call ")]
    if seat == 2 and calls:
        return calls[0]
    if seat == 0 and "alone" in legal:
        return "alone"
    return first_call(-1, legal)


def finished(app: Any, client: TestClient, choose: Chooser, **body: Any) -> str:
    """A table of one deal played to its end with every seat's choice made by ``choose``
    (the room's actions committed directly, not started: no bot moves meanwhile);
    returns its id."""
    made = create(client, **{"seats": ["person", "basic", "basic", "basic"],
                             "level": "basic", "pace": 0, "target": 0,
                             "options": {"deals": 1}, **body})
    room: Room = app.state.server.rooms[made["id"]]
    assert "egn" not in client.get(f"/api/tables/{made['id']}").json()  # not over
    for _ in range(500):
        if room.table.game_over:
            break
        seat = room.table.to_act
        asyncio.run(room.commit(seat, choose(seat, [str(a) for a in room.table.legal()]),
                                None))
    assert room.table.game_over
    return str(made["id"])


def test_egn_is_null_for_a_game_egn_can_write(app: Any, client: TestClient) -> None:
    table = finished(app, client, first_call, preset="tournament")
    described = client.get(f"/api/tables/{table}").json()
    assert described["state"] == "over"
    assert "egn" in described and described["egn"] is None
    download = client.get(f"/api/tables/{table}/record.egn")
    assert download.status_code == 200 and "Euchre Game Notation" in download.text
    assert client.get(f"/api/tables/{table}").json()["egn"] is None  # kept, the same


@pytest.mark.parametrize(("preset", "choose", "words"), [
    ("standard", partner_alone, "the maker's partner went alone"),
    ("three-handed", first_call, "EGN records four- and two-handed Euchre only"),
])
def test_egn_says_why_a_game_egn_can_not_write(app: Any, client: TestClient, preset: str,
                                              choose: Chooser, words: str) -> None:
    seats = ["person"] + ["basic"] * (PRESETS[preset].players - 1)
    table = finished(app, client, choose, preset=preset, seats=seats)
    why = client.get(f"/api/tables/{table}").json()["egn"]
    assert isinstance(why, str) and words in why
    assert why.startswith("This game can not be written as EGN: ") and why.endswith(".")
    download = client.get(f"/api/tables/{table}/record.egn")
    assert download.status_code == 422
    error = download.json()["error"]  # the same refusal, the same code
    assert why == f"{error[:1].upper()}{error[1:]}."


def test_a_tables_rules_read_as_lines(client: TestClient) -> None:
    made = create(client, preset="tournament", options={"super_euchre_points": 3},
                  seats=["person", "basic", "basic", "basic"], level="pimc", pace=1.5,
                  turn_timer=30)
    lines = client.get(f"/api/tables/{made['id']}").json()["rules_lines"]
    assert lines[0] == f"{PRESET_TITLES['tournament']}: " \
        f"{PRESET_LINES['tournament'][0].lower()}{PRESET_LINES['tournament'][1:]}"
    assert any(line.startswith("Super euchre points: 3 (") for line in lines)
    assert not any(line.startswith("Stick the dealer") for line in lines)  # the preset's
    assert "The bots wait 1.5 s between moves; the pimc bot plays for anyone who drops." \
        in lines
    assert lines[-1] == "Each person has 30 s to act."
