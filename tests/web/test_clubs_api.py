"""The club room over its HTTP API (``docs/clubs.md``): accounts and the attacks on
them, rated tables, a whole 16-player progressive evening played by bots, duplicate
events and the daily challenge, players' pages and leaderboards. Starlette's
TestClient, in process, over an SQLite store in a temporary folder."""

from __future__ import annotations

import json
import random
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from euchre.cli.main import main
from euchre.clubs.accounts import ATTEMPTS, Passwords
from euchre.clubs.scoring import HandScore
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.players import play_game
from euchre.players.registry import make_player
from euchre.records.record import loads
from euchre.web import clubs as clubs_module
from euchre.web.app import create_app
from euchre.web.database import SqliteStore
from euchre.web.members import COOKIE, FORMER

Message = dict[str, Any]
PASSWORD = "table talk 42"


def make_client(path: Path, **kwargs: Any) -> TestClient:
    return TestClient(create_app(SqliteStore(path / "tables.sqlite3"),
                                 **{"hosts": ["testserver"],
                                    "passwords": Passwords(cheap=True), **kwargs}))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Events' and the challenge's bots play at once, and quickly."""
    monkeypatch.setattr(clubs_module, "ONLINE_PACE", 0.0)
    monkeypatch.setattr(clubs_module, "ONLINE_BOT", "basic")
    monkeypatch.setattr(clubs_module, "DAILY_BOT", "basic")


def sign_up(client: TestClient, name: str) -> None:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text


def other(client: TestClient, name: str | None = None) -> TestClient:
    """A second browser on the same server (its own cookies), signed up as ``name``:
    for HTTP requests only (its sockets would run on another event loop than the
    tables': :func:`play_seat` plays through ``client``)."""
    second = TestClient(client.app, base_url=str(client.base_url))
    if name is not None:
        sign_up(second, name)
    return second


def cookie_of(member: TestClient) -> dict[str, str]:
    """The headers that make a request of ``client``'s its member's (see :func:`other`)."""
    return {"Cookie": f"{COOKIE}={member.cookies.get(COOKIE)}"}


def play_seat(client: TestClient, table: str, seat: int, token: str, *,
              start: bool = False) -> None:
    """Play ``seat`` over the table's socket to the end (the last legal action each
    turn, so somebody calls); ``start``: the host starts the game first."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "seat": seat, "token": token})
        if start:
            ws.send_json({"type": "start"})
        acted: set[int] = set()
        for _ in range(20_000):
            message = ws.receive_json()
            state = message.get("state")
            if state is None:
                continue
            if state["game_over"]:
                return
            if state["legal"] and state["version"] not in acted:
                acted.add(state["version"])
                ws.send_json({"type": "act", "id": f"a{state['version']}",
                              "version": state["version"],
                              "action": state["legal"][-1]["action"]})
    raise AssertionError("the game did not end")


# -- accounts -------------------------------------------------------------------------


def test_signing_up_signs_in_with_a_safe_cookie(client: TestClient) -> None:
    assert client.get("/api/account").status_code == 401
    response = client.post("/api/account", json={"name": "  Ada  Lovelace ",
                                                 "password": PASSWORD})
    assert response.status_code == 201 and response.json() == {"name": "Ada Lovelace"}
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain HTTP: a Secure cookie would never come back
    assert client.get("/api/account").json() == {"name": "Ada Lovelace"}


def test_over_https_the_cookie_is_secure(tmp_path: Path) -> None:
    with TestClient(create_app(SqliteStore(tmp_path / "t.sqlite3"), hosts=["testserver"],
                               passwords=Passwords(cheap=True)),
                    base_url="https://testserver") as client:
        response = client.post("/api/account", json={"name": "Ada", "password": PASSWORD})
        assert "secure" in response.headers["set-cookie"].lower()


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"name": "", "password": PASSWORD}, 400, "1 to 20 characters"),
    ({"name": "bot:expert", "password": PASSWORD}, 400, "letters, digits"),
    ({"name": "Ada", "password": "short"}, 400, "8 to 256"),
    ({"name": "Ada", "password": "password"}, 400, "most common"),
    ({"name": "Ada"}, 400, "both text"),
    ([1, 2], 400, "send {"),
    ({"name": "ADA", "password": PASSWORD}, 409, "is taken"),
])
def test_a_bad_sign_up_is_refused_in_words(client: TestClient, body: object, status: int,
                                           words: str) -> None:
    sign_up(other(client), "Ada")
    response = client.post("/api/account", json=body)
    assert response.status_code == status and words in response.json()["error"]
    assert client.get("/api/account").status_code == 401


def test_a_wrong_password_and_an_unknown_name_read_the_same(client: TestClient) -> None:
    sign_up(other(client), "Ada")
    wrong = client.post("/api/account/sign-in", json={"name": "ada", "password": "nope nope"})
    nobody = client.post("/api/account/sign-in", json={"name": "Zed", "password": "nope nope"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json()
    assert COOKIE not in wrong.headers.get("set-cookie", "")
    right = client.post("/api/account/sign-in", json={"name": "ADA", "password": PASSWORD})
    assert right.status_code == 200 and right.json() == {"name": "Ada"}


def test_sign_in_is_rate_limited_by_name(client: TestClient) -> None:
    sign_up(other(client), "Ada")
    for _ in range(ATTEMPTS):
        assert client.post("/api/account/sign-in",
                           json={"name": "Ada", "password": "guess work"}).status_code == 401
    blocked = client.post("/api/account/sign-in", json={"name": "Ada", "password": PASSWORD})
    assert blocked.status_code == 429  # even the right password waits
    assert int(blocked.headers["Retry-After"]) > 0 and "minutes" in blocked.json()["error"]
    assert client.get("/api/account").status_code == 401


def test_new_accounts_from_one_address_are_limited(client: TestClient) -> None:
    from euchre.web.members import SIGN_UPS

    for n in range(SIGN_UPS):
        sign_up(other(client), f"Player {n}")
    blocked = other(client).post("/api/account", json={"name": "One more",
                                                      "password": PASSWORD})
    assert blocked.status_code == 429 and "new accounts" in blocked.json()["error"]
    assert int(blocked.headers["Retry-After"]) > 0
    assert client.post("/api/account/sign-in", json={  # signing in is not limited by it
        "name": "Player 1", "password": PASSWORD}).status_code == 200


def test_a_planted_session_cookie_signs_nobody_in(client: TestClient) -> None:
    """Session fixation: an attacker's cookie, set before the victim signs in, is no
    session before or after it; and a sign-in ends the session the browser held."""
    sign_up(other(client), "Ada")
    planted = "attacker-chosen-token"
    attacker = other(client)

    def who(token: str) -> int:
        return attacker.get("/api/account", headers={"Cookie": f"{COOKIE}={token}"}
                            ).status_code

    def sign_in(held: str) -> str:
        victim = other(client)
        response = victim.post("/api/account/sign-in", headers={"Cookie": f"{COOKIE}={held}"},
                               json={"name": "Ada", "password": PASSWORD})
        assert response.status_code == 200
        return response.headers["set-cookie"].split(";")[0].split("=", 1)[1]

    assert who(planted) == 401
    token = sign_in(planted)
    assert token != planted and who(planted) == 401 and who(token) == 200
    again = sign_in(token)  # a token stolen before this sign-in is no session after it
    assert who(token) == 401 and who(again) == 200


@pytest.mark.parametrize("path", ["/api/account", "/api/account/sign-in",
                                  "/api/account/sign-out", "/api/account/sign-out-everywhere",
                                  "/api/account/delete", "/api/events", "/api/daily"])
def test_a_page_on_another_site_can_not_act_for_a_member(client: TestClient,
                                                         path: str) -> None:
    sign_up(client, "Ada")
    hostile = {"Origin": "https://evil.example"}
    response = client.post(path, json={"name": "Ada", "password": PASSWORD}, headers=hostile)
    assert response.status_code == 403
    form = client.post(path, content=b"name=Ada", headers={
        "Content-Type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415  # a form another site could post is no request here
    assert client.get("/api/account").json() == {"name": "Ada"}


def test_sign_out_everywhere_ends_every_session(client: TestClient) -> None:
    sign_up(client, "Ada")
    phone = other(client)
    phone.post("/api/account/sign-in", json={"name": "Ada", "password": PASSWORD})
    assert phone.get("/api/account").status_code == 200
    assert client.post("/api/account/sign-out-everywhere", json={}).json() == {
        "signed_out": 2}
    assert phone.get("/api/account").status_code == 401
    assert client.get("/api/account").status_code == 401


def test_sign_out_ends_this_session_only(client: TestClient) -> None:
    sign_up(client, "Ada")
    phone = other(client)
    phone.post("/api/account/sign-in", json={"name": "Ada", "password": PASSWORD})
    client.post("/api/account/sign-out", json={})
    assert client.get("/api/account").status_code == 401
    assert phone.get("/api/account").status_code == 200


def test_deleting_an_account_deletes_its_games_and_renames_it_in_shared_ones(
        client: TestClient) -> None:
    sign_up(client, "Ada")
    solo = client.post("/api/tables", json={"seats": ["person", "basic", "basic", "basic"],
                                            "pace": 0, "level": "basic", "target": 1})
    made = solo.json()
    play_seat(client, made["id"], 0, made["token"], start=True)
    shared = client.post("/api/tables", json={"seats": ["person", "person", "basic", "basic"],
                                              "pace": 0, "level": "basic"}).json()
    bea = other(client, "Bea")
    assert client.post(f"/api/tables/{shared['id']}/seats/1", json={},
                       headers=cookie_of(bea)).status_code == 200
    assert client.get("/api/players/ada").json()["games"]
    wrong = client.post("/api/account/delete", json={"password": "not it at all"})
    assert wrong.status_code == 403
    gone = client.post("/api/account/delete", json={"password": PASSWORD})
    assert gone.status_code == 200 and gone.json() == {"deleted": "Ada", "games_deleted": 1}
    assert client.get("/api/players/ada").status_code == 404
    assert client.get(f"/api/tables/{made['id']}/record.json").status_code == 404
    assert client.get("/api/account").status_code == 401
    assert client.post("/api/account/sign-in", json={
        "name": "Ada", "password": PASSWORD}).status_code == 401
    # Bea's game stays hers; Ada's seat in it no longer carries her name
    assert [g["id"] for g in bea.get("/api/players/bea").json()["games"]] == [shared["id"]]
    names = [s["name"] for s in client.get(f"/api/tables/{shared['id']}").json()["seats"]]
    assert "Ada" not in names


def test_a_signed_in_player_sits_under_their_name(client: TestClient) -> None:
    sign_up(client, "Ada")
    made = client.post("/api/tables", json={"host": "Someone else", "pace": 0,
                                            "seats": ["person", "person", "basic", "basic"]})
    table = made.json()["table"]
    assert table["seats"][0]["name"] == "Ada"
    bea = other(client, "Bea")
    assert client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Ada"},
                       headers=cookie_of(bea)).status_code == 200
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [seats[0]["name"], seats[1]["name"]] == ["Ada", "Bea"]


# -- rated tables ------------------------------------------------------------------------


RATED = {"rated": True, "seats": ["person", "expert", "expert", "expert"], "pace": 0,
         "level": "expert", "target": 1}


def test_rated_tables_ask_for_accounts_and_anchor_bots(client: TestClient) -> None:
    assert client.post("/api/tables", json=RATED).status_code == 401
    sign_up(client, "Ada")
    cases: list[tuple[Message, str]] = [
        ({"seats": ["person", "cfr", "expert", "expert"]}, "anchors"),
        ({"level": "cfr"}, "anchors"), ({"options": {"deals": 4}, "target": 0}, "to a target"),
        ({"rated": "yes"}, "true or false")]
    for change, words in cases:
        response = client.post("/api/tables", json={**RATED, **change})
        assert response.status_code == 400 and words in response.json()["error"], change
    made = client.post("/api/tables", json={**RATED, "seats": ["person", "person",
                                                                "expert", "expert"]}).json()
    assert made["invites"] == []
    assert client.post(f"/api/tables/{made['id']}/invites",
                       json={"token": made["token"]}).status_code == 403
    guest = other(client)
    assert guest.post(f"/api/tables/{made['id']}/seats/1", json={}).status_code == 401
    assert client.post(f"/api/tables/{made['id']}/seats/1", json={}).status_code == 409


def test_a_rated_game_moves_the_leaderboard_and_a_leaver_loses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with make_client(tmp_path, away_seconds=0.0) as client:
        sign_up(client, "Ada")
        made = client.post("/api/tables", json={**RATED, "start": True}).json()
        # Ada never comes: a bot stands in at once, and Ada's side loses the game
        for _ in range(600):
            if client.get(f"/api/tables/{made['id']}").json()["state"] == "over":
                break
            time.sleep(0.05)
        board = client.get("/api/leaderboard").json()
        assert [p["name"] for p in board["players"]] == ["Ada"]
        ada = board["players"][0]
        assert ada["games"] == 1 and ada["rating"] < board["anchors"]["basic"]
        assert ada["provisional"]
        page = client.get("/api/players/Ada").json()
        assert page["ratings"]["four-handed partnership Euchre"]["games"] == 1
        assert page["games"][0]["rated"] and page["games"][0]["replay"]
    # the command works the same ratings out again from the store
    status = main(["ratings", "--store", f"sqlite:///{tmp_path / 'tables.sqlite3'}", "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert status == 0
    [line] = printed["four_handed"]
    assert (line["player"], line["rating"], line["provisional"], line["games"]) == (
        "Ada", ada["rating"], True, 1)
    assert line["mu"] == pytest.approx(ada["mu"], abs=1e-3)


def test_rated_games_from_the_store_match_the_rating_rules() -> None:
    """:func:`~euchre.web.clubs.rated_games`'s rules on one record: a person is their
    account, a never-taken seat the stand-in's anchor, and a leaver's side loses."""
    from euchre.web.clubs import _rated

    game = play_game(Game(Rules().replace(target=3), seed=4),
                     [make_player("basic", s) for s in range(4)])
    from euchre.records.record import Record

    settings = {"seats": ["person", "person", "expert", "basic"], "level": "pimc"}
    record = Record.from_game(game, {"bots": ["human", "pimc", "expert", "basic"]})
    winner = game.winner()
    rated = _rated("t", settings, record, {0: "acct-a"})
    assert rated is not None
    assert rated.sides == (("acct-a", "bot:expert"), ("bot:pimc", "bot:basic"))
    assert rated.winner == winner
    left = Record.from_game(game, {"bots": ["basic", "pimc", "expert", "basic"]})
    assert _rated("t", settings, left, {0: "acct-a"}).winner == 1  # type: ignore[union-attr]
    both = {0: "acct-a", 1: "acct-b"}
    assert _rated("t", settings, Record.from_game(
        game, {"bots": ["basic", "basic", "expert", "basic"]}), both) is None


# -- a progressive evening -----------------------------------------------------------


def _hands_by_bots(seed: int, hands: int) -> list[Message]:
    """A table's hands, played out by four ``basic`` bots: the points each side
    scored and the seat (0 to 3: North, East, South, West) of a lone hand that did."""
    rules = Rules().replace(deals=hands, target=0)
    game = play_game(Game(rules, seed=seed), [make_player("basic", s) for s in range(4)])
    played = []
    for result in game.results:
        ns = result.points if result.team == 0 else 0
        ew = result.points if result.team == 1 else 0
        alone = result.alone[0] if result.alone and result.alone[0] % 2 == result.team \
            else None
        played.append({"ns": ns, "ew": ew, "seat": alone})
    return played


def _score_cards(event: Message) -> dict[str, dict[str, int]]:
    """Every player's score card worked out from the tables as the API shows them:
    their side's points, tables won (a tie goes to the side that scored last) and lone
    hands, summed over the rounds."""
    cards: dict[str, dict[str, int]] = {}
    names = event["names"]
    for round in event["rounds_seated"]:
        for table in round["tables"]:
            hands = table["hands"]
            ns, ew = table["totals"]
            last = next((0 if h["ns"] else 1 for h in reversed(hands) if h["ns"] or h["ew"]),
                        0)
            winner = 0 if ns > ew else 1 if ew > ns else last
            for seat, player in enumerate(table["players"]):
                side = seat % 2
                card = cards.setdefault(names[player], {"total": 0, "won": 0, "loners": 0})
                card["total"] += (ns, ew)[side]
                card["won"] += winner == side
                card["loners"] += sum(1 for h in hands if h["alone"] == player)
    return cards


@pytest.mark.parametrize("rotation", ["chart", "winners"])
def test_a_sixteen_player_evening_played_by_bots_sums_to_its_standings(
        client: TestClient, rotation: str) -> None:
    """A whole progressive evening of 16 players: each round's tables play their hands
    out with bots, and a scorer enters each hand from a phone through the API, the
    director fixing one and striking one on the way; every score card sums to the
    standings, and nobody partners anybody twice on the chart."""
    sign_up(client, "Director")
    players = [f"Player {k + 1}" for k in range(16)]
    rounds, hands = 4, 3
    made = client.post("/api/events", json={"title": "Club night", "players": players,
                                            "rounds": rounds, "hands": hands,
                                            "rotation": rotation, "seed": 7})
    assert made.status_code == 201, made.text
    event_id, key = made.json()["id"], made.json()["key"]
    phone = other(client)  # a scorer's phone: no account, the event's key
    rng = random.Random(3)
    for r in range(rounds):
        event = client.get(f"/api/events/{event_id}").json()
        assert event["current"] == r and len(event["rounds_seated"]) >= r + 1
        for t, table in enumerate(event["rounds_seated"][r]["tables"]):
            for hand in _hands_by_bots(rng.randrange(10**6), hands):
                alone = None if hand["seat"] is None else table["players"][hand["seat"]]
                entry = {"type": "hand", "round": r, "table": t, "ns": hand["ns"],
                         "ew": hand["ew"], "alone": alone, "id": uuid.uuid4().hex,
                         "key": key}
                sent = phone.post(f"/api/events/{event_id}/entries", json=entry)
                assert sent.status_code == 201, sent.text
                assert phone.post(f"/api/events/{event_id}/entries",
                                  json=entry).json() == {"entry": None, "again": True}
    event = client.get(f"/api/events/{event_id}").json()
    assert event["current"] == rounds
    # the director corrects one hand and strikes another, then enters it again
    first = event["rounds_seated"][0]["tables"][0]["hands"][0]
    fixed = client.post(f"/api/events/{event_id}/entries",
                        json={"type": "fix", "of": first["entry"], "ns": 0, "ew": 4,
                              "alone": None})
    assert fixed.status_code == 201
    assert phone.post(f"/api/events/{event_id}/entries",
                      json={"type": "fix", "of": first["entry"], "ns": 1, "ew": 0,
                            "key": key}).status_code == 403
    event = client.get(f"/api/events/{event_id}").json()
    assert event["rounds_seated"][0]["tables"][0]["hands"][0] == {
        "entry": first["entry"], "ns": 0, "ew": 4, "alone": None}
    kinds = [line["type"] for line in event["log"]]
    assert kinds.count("fix") == 1 and kinds.count("hand") == rounds * 4 * hands
    assert kinds.count("seat") == (rounds - 1 if rotation == "winners" else 0)
    cards = _score_cards(event)
    standings = {s["name"]: s for s in event["standings"]}
    assert set(standings) == set(players)
    for name, card in cards.items():
        assert card == {k: standings[name][k] for k in ("total", "won", "loners")}, name
    totals = [s["total"] for s in event["standings"]]
    assert totals == sorted(totals, reverse=True)
    most = max(s["loners"] for s in event["standings"])
    assert event["most_loners"] == ([s["name"] for s in event["standings"]
                                     if s["loners"] == most] if most else [])
    # every player plays every round, once
    for round in event["rounds_seated"]:
        seated = [p for table in round["tables"] for p in table["players"]]
        assert sorted(seated) == list(range(16))
    if rotation == "chart":
        pairs = [frozenset((t["players"][0], t["players"][2])) for round in
                 event["rounds_seated"] for t in round["tables"]] + [
            frozenset((t["players"][1], t["players"][3])) for round in
            event["rounds_seated"] for t in round["tables"]]
        assert len(pairs) == len(set(pairs))
    # a full table takes no more hands; a hand of a round not seated is refused
    full = phone.post(f"/api/events/{event_id}/entries", json={
        "type": "hand", "round": 1, "table": 0, "ns": 1, "ew": 0, "key": key})
    assert full.status_code == 400 and "has its 3 hands" in full.json()["error"]
    pdf = client.get(f"/api/events/{event_id}/sheets.pdf?page=a4")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_an_entry_is_refused_without_the_key_or_with_bad_fields(client: TestClient) -> None:
    sign_up(client, "Director")
    made = client.post("/api/events", json={"players": ["A", "B", "C", "D", "E"],
                                            "rounds": 2, "hands": 2,
                                            "rotation": "winners"}).json()
    url = f"/api/events/{made['id']}/entries"
    guest = other(client)
    hand = {"type": "hand", "round": 0, "table": 0, "ns": 1, "ew": 0}
    assert guest.post(url, json=hand).status_code == 403
    assert guest.post(url, json={**hand, "key": "guess"}).status_code == 403
    cases: list[tuple[Message, str]] = [
                       ({"ns": 1, "ew": 2}, "never both"), ({"table": 5}, "table: 0 to 1"),
                       ({"round": 1}, "not seated yet"), ({"ns": -1}, "ns: 0 to"),
                       ({"alone": 99}, "alone: 0 to"), ({"type": "bid"}, "hand, fix"),
                       ({"extra": 1}, "unknown field")]
    for bad, words in cases:
        response = guest.post(url, json={**hand, **bad, "key": made["key"]})
        assert response.status_code == 400 and words in response.json()["error"], bad
    assert guest.post(url, content=b"[[[[", headers={
        "Content-Type": "application/json"}).status_code == 400
    assert client.get("/api/events/nope").status_code == 404


def test_a_table_played_online_counts_its_games_hands(client: TestClient) -> None:
    sign_up(client, "Director")
    made = client.post("/api/events", json={"players": ["Ann", "Bo", "Cy", "Di", "Ed"],
                                            "rounds": 1, "hands": 2, "seed": 5}).json()
    event = client.get(f"/api/events/{made['id']}").json()
    tables = event["rounds_seated"][0]["tables"]
    t = max(range(len(tables)), key=lambda k: sum(tables[k]["bots"]))  # others: bots
    guest = other(client)
    assert guest.post(f"/api/events/{made['id']}/online",
                      json={"round": 0, "table": t}).status_code == 403
    online = client.post(f"/api/events/{made['id']}/online", json={"round": 0, "table": t})
    assert online.status_code == 201
    answer = online.json()
    assert [s["name"] for s in answer["seats"]] == [
        event["names"][p] for p, bot in zip(tables[t]["players"], tables[t]["bots"],
                                            strict=True) if not bot]
    assert client.post(f"/api/events/{made['id']}/entries", json={
        "type": "hand", "round": 0, "table": t, "ns": 1, "ew": 0}).status_code == 400
    assert client.get(f"/api/events/{made['id']}/results.emn").status_code == 409
    seat = answer["seats"][0]
    token = seat["link"].split("token=")[1]
    play_seat(client, answer["table_id"], seat["seat"], token, start=True)
    event = client.get(f"/api/events/{made['id']}").json()
    table = event["rounds_seated"][0]["tables"][t]
    assert table["online"] == answer["table_id"] and table["done"]
    record = loads(client.get(f"/api/tables/{answer['table_id']}/record.json").text)
    game = record.replay_all().game
    assert table["totals"] == [sum(max(r.gains[0], 0) for r in game.results),
                               sum(max(r.gains[1], 0) for r in game.results)]
    emn = client.get(f"/api/events/{made['id']}/results.emn")
    assert emn.status_code == 200
    from euchre.records.emn import loads_emn

    match = loads_emn(emn.text)
    assert match.format == "PROGRESSIVE"
    assert sorted(p.name for p in match.players) == sorted(
        event["names"][p] for p in table["players"])


def test_a_duplicate_event_deals_the_same_boards_at_every_table(client: TestClient) -> None:
    sign_up(client, "Director")
    made = client.post("/api/events", json={"kind": "duplicate", "hands": 2, "seed": 11,
                                            "players": [f"P{k}" for k in range(8)]}).json()
    tables = []
    for t in range(2):
        online = client.post(f"/api/events/{made['id']}/online",
                             json={"round": 0, "table": t}).json()
        seat = online["seats"][0]
        play_seat(client, online["table_id"], seat["seat"], seat["link"].split("token=")[1],
                  start=True)
        tables.append(online["table_id"])
    records = [loads(client.get(f"/api/tables/{t}/record.json").text) for t in tables]
    assert [d.deal for d in records[0].deals] == [d.deal for d in records[1].deals]
    event = client.get(f"/api/events/{made['id']}").json()
    pairs = {row["pair"]: row for row in event["standings"]}
    assert set(pairs) == {"P0 & P1", "P2 & P3", "P4 & P5", "P6 & P7"}
    assert all(row["top"] == 4.0 and row["boards"] == 2 for row in pairs.values())
    # each board's two results share its 2 matchpoints a direction
    assert pairs["P0 & P1"]["matchpoints"] + pairs["P4 & P5"]["matchpoints"] == 4.0
    assert client.post(f"/api/events/{made['id']}/entries", json={
        "type": "hand", "round": 0, "table": 0, "ns": 1, "ew": 0}).status_code == 400


# -- the daily challenge ------------------------------------------------------------------


def test_the_daily_challenge_deals_everyone_the_same_and_ranks_them(
        client: TestClient) -> None:
    guest = other(client)
    assert guest.post("/api/daily", json={}).status_code == 401
    played = []
    for name in ("Ada", "Bea"):
        player = other(client, name)
        # the table is made through the client whose event loop runs the tables
        as_player = cookie_of(player)
        made = client.post("/api/daily", json={}, headers=as_player)
        assert made.status_code == 201, made.text
        assert client.post("/api/daily", json={}, headers=as_player).status_code == 409
        link = made.json()["link"]
        token = link.split("token=")[1]
        before = player.get("/api/daily").json()
        assert before["mine"]["name"] == name
        assert all("table_id" not in p for p in before["players"] if p["name"] != name)
        play_seat(client, made.json()["table_id"], 0, token)
        played.append(made.json()["table_id"])
        after = player.get("/api/daily").json()
        assert all("table_id" in p for p in after["players"])
    deals = [[d.deal for d in loads(client.get(f"/api/tables/{t}/record.json").text).deals]
             for t in played]
    assert deals[0] == deals[1]
    board = client.get("/api/daily").json()
    assert board["boards"] == 4 and len(board["players"]) == 2
    assert sum(p["matchpoints"] for p in board["players"]) == 8.0  # 4 boards, 2 each
    assert [p["rank"] for p in board["players"]] in ([1, 2], [1, 1])
    assert client.get("/api/daily?day=2999-01-01").status_code == 400
    assert client.get("/api/daily?day=yesterday").status_code == 400


# -- a player's page ---------------------------------------------------------------------


def test_a_players_page_counts_their_games_and_reviews_them(client: TestClient) -> None:
    sign_up(client, "Ada")
    made = client.post("/api/tables", json={"seats": ["person", "basic", "basic", "basic"],
                                            "pace": 0, "level": "basic", "target": 2}).json()
    play_seat(client, made["id"], 0, made["token"], start=True)
    page = client.get("/api/players/ADA").json()
    game = page["games"][0]
    assert page["name"] == "Ada" and game["result"] in ("won", "lost")
    totals = page["totals"]
    assert totals["games"] == 1 and totals["deals"] == game["deals"] > 0
    assert totals["called"] >= totals["made"] and totals["defended"] >= totals["euchred"]
    assert page["rates"]["won"] in (0.0, 1.0)
    review = client.get("/api/players/Ada/review").json()
    assert review["games"][0]["id"] == made["id"] and review["decisions"] > 0
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/leaderboard?form=chess").status_code == 400


def test_hands_of_an_online_game_name_the_lone_player() -> None:
    from euchre.clubs.events import hands_of
    from euchre.engine.deal import DealResult

    results = [DealResult(0, 0, 1, (1,), (0, 5), 4, 1, (0, 4)),
               DealResult(1, 0, 0, (), (3, 2), 1, 0, (1, 4)),
               DealResult(2, 0, 2, (2,), (2, 3), 2, 1, (1, 6))]
    assert hands_of(results, (10, 11, 12, 13)) == [HandScore(0, 4, 11), HandScore(1, 0, None),
                                                   HandScore(0, 2, None)]


def test_the_club_pages_are_served(client: TestClient) -> None:
    for path in ("/account", "/players/Ada", "/leaderboard", "/events", "/events/x",
                 "/events/x/enter", "/daily"):
        response = client.get(path)
        assert response.status_code == 200 and "<html" in response.text.lower(), path


def test_a_deleted_shared_seat_is_renamed_in_its_record(client: TestClient) -> None:
    sign_up(client, "Ada")
    bea = other(client, "Bea")
    made = client.post("/api/tables", json={"seats": ["person", "person", "basic", "basic"],
                                            "pace": 0, "level": "basic", "target": 1}).json()
    taken = client.post(f"/api/tables/{made['id']}/seats/1", json={},
                        headers=cookie_of(bea)).json()
    import threading

    partner = threading.Thread(target=play_seat, args=(client, made["id"], 1, taken["token"]))
    partner.start()
    play_seat(client, made["id"], 0, made["token"], start=True)
    partner.join(60)
    client.post("/api/account/delete", json={"password": PASSWORD})
    record = loads(bea.get(f"/api/tables/{made['id']}/record.json").text)
    assert record.metadata["players"] == [FORMER, "Bea", "North (basic)", "East (basic)"]


# -- hostile input ------------------------------------------------------------------------

ENTRY_FIELDS = ["type", "round", "table", "ns", "ew", "alone", "id", "of", "key", "kind",
                "title", "players", "rounds", "hands", "rotation", "preset", "seed", "name",
                "password"]


def test_fuzzing_the_club_rooms_requests_breaks_nothing(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Any body to every club endpoint, as a member or a guest, and any name or id in a
    path: each answer is JSON under 500, nothing of the server's own fails, and the
    event, the account and the daily board still answer as before."""
    import logging

    from hypothesis import given
    from hypothesis import strategies as st
    from test_web_hostile import texts, values

    from helpers.fuzzing import fuzz

    sign_up(client, "Director")
    member = cookie_of(client)
    made = client.post("/api/events", json={"players": ["Ann", "Bo", "Cy", "Di", "Ed"],
                                            "rounds": 2, "hands": 2}).json()
    event = made["id"]
    posts = ["/api/account", "/api/account/sign-in", "/api/account/delete",
             "/api/events", f"/api/events/{event}/entries", f"/api/events/{event}/online",
             "/api/daily"]
    gets = ["/api/players/{}", "/api/players/{}/review", "/api/events/{}",
            "/api/events/{}/sheets.pdf", "/api/events/{}/results.emn",
            "/api/leaderboard?form={}", "/api/daily?day={}"]
    bodies = st.one_of(
        values.map(json.dumps).map(str.encode), st.binary(max_size=64),
        st.dictionaries(st.one_of(st.sampled_from(ENTRY_FIELDS), texts),
                        st.one_of(values, st.integers(-2, 30)), max_size=8).map(
            lambda d: json.dumps({**d, "key": made["key"]} if "key" in d else d).encode()))
    before = client.get(f"/api/events/{event}").json()

    @fuzz(120)
    @given(st.sampled_from(posts), bodies, st.booleans(), st.sampled_from(gets), texts)
    def attack(path: str, body: bytes, signed_in: bool, get: str, word: str) -> None:
        headers = {"Content-Type": "application/json", **(member if signed_in else {})}
        answer = client.post(path, content=body, headers=headers)
        assert answer.status_code < 500, answer.text
        answer.json()
        from urllib.parse import quote

        # any bytes in the path (a lone surrogate as the bytes it would be)
        seen = client.get(get.format(quote(word.encode(errors="surrogatepass"), safe="")),
                          headers=member)
        assert seen.status_code < 500, seen.text
        if seen.headers["content-type"].startswith("application/json"):
            seen.json()

    with caplog.at_level(logging.ERROR, "euchre.web"):
        attack()
    failures = [r for r in caplog.records
                if r.name.startswith("euchre") and r.levelno >= logging.ERROR]
    assert failures == []
    assert client.get("/api/account", headers=member).status_code in (200, 401)
    after = client.get(f"/api/events/{event}").json()
    assert after["title"] == before["title"] and after["players"] == before["players"]
    assert client.get("/api/daily").status_code == 200


def test_rating_new_games_on_top_gives_the_ratings_of_all_again() -> None:
    """What the web room does when games have ended since it last counted: the new
    games rated on a copy of the ratings it had equal the whole history recomputed,
    and the copy leaves the ratings it was made from as they were."""
    from euchre.clubs.ratings import RatedGame, recompute
    from euchre.web.clubs import _rate_on

    games = [RatedGame(f"g{n}", "four_handed", (("ada", "bot:basic"), ("bea", "cy")),
                       n % 2) for n in range(6)]
    first = recompute(games[:4])
    before = dict(first.ratings)
    assert _rate_on(first, games[4:]).ratings == recompute(games).ratings
    assert first.ratings == before
