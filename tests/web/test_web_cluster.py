"""Two workers over one PostgreSQL store, as real processes (``euchre serve --workers 2``).

A worker killed with SIGKILL mid-game: another takes its tables within 10 seconds, no
acknowledged action is lost, a repeated command takes effect once, and the clients
reconnect and go on. Games played to their end through both workers, sockets relayed
or not, send no receiver a card it may not know. A SQLite store moves into PostgreSQL
(``--migrate-from``) whole. A worker stopped as it should be releases its tables.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from test_web_leak import Watcher
from test_web_restart import ServerProcess, http, play, repeat, server_of
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from euchre.records.record import loads
from euchre.web.database import CLUB_TABLES, SqliteStore
from euchre.web.room import Room, TableSettings
from helpers.postgres import fresh_database

FAIL_OVER_SECONDS = 10.0
"""The issue's bound on a dead worker's tables being served again."""


def worker_pids(server: ServerProcess) -> list[int]:
    """The process ids of the server's workers (the children of its supervisor)."""
    assert server.process is not None
    found = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True,
                           text=True, check=False).stdout.split()
    return sorted(int(pid) for pid in found)


def test_a_worker_killed_mid_game_hands_its_tables_over(tmp_path: Path) -> None:
    with server_of("postgres", tmp_path) as server:
        server.start()
        made = [http(f"{server.base}/api/tables", {
            "seats": ["person", "basic", "basic", "basic"], "pace": 0, "level": "basic",
            "seed": n, "target": 10}) for n in range(4)]

        async def all_tables() -> list[dict[str, int]]:
            return await asyncio.gather(*(play(server.base, m["id"], m["token"], 6)
                                          for m in made))

        acks = asyncio.run(all_tables())
        owners = {m["id"]: http(f"{server.base}/api/tables/{m['id']}")["worker"]["pid"]
                  for m in made}
        victim = max(set(owners.values()), key=list(owners.values()).count)
        moved = [m for m in made if owners[m["id"]] == victim]
        before = worker_pids(server)
        assert victim in before and len(before) == 2
        os.kill(victim, signal.SIGKILL)
        killed = time.monotonic()
        for m in moved:  # served again, by another worker, within the bound
            while http(f"{server.base}/api/tables/{m['id']}")["worker"]["pid"] == victim:
                time.sleep(0.1)
        taken = time.monotonic() - killed
        assert taken < FAIL_OVER_SECONDS, f"the tables moved in {taken:.1f} s"
        for m, table_acks in zip(made, acks, strict=True):
            again, events = asyncio.run(repeat(server.base, m["id"], m["token"], table_acks))
            assert again == table_acks  # no acknowledged action lost, none applied twice
            assert [e["version"] for e in events] == list(range(1, len(events) + 1))
            assert all(events[v - 1]["seat"] == 0 for v in table_acks.values())
            more = asyncio.run(play(server.base, m["id"], m["token"], 3))  # and goes on
            assert min(more.values()) > max(table_acks.values())
        deadline = time.monotonic() + 30  # the supervisor started another worker
        while len(worker_pids(server)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(worker_pids(server)) == 2 and victim not in worker_pids(server)
        metrics = urlopen_text(f"{server.base}/metrics")
        assert "euchre_workers 2" in metrics
        assert 'euchre_command_seconds_count{worker="' in metrics
        assert 'euchre_collector_frozen_objects{worker="' in metrics  # each worker's


def urlopen_text(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode())


async def page_like(base: str, table: str, token: str, kill: Any) -> tuple[list[str], int]:
    """A page's socket through the owner's death: it acts, is cut off (``kill`` runs
    after the first ack), connects again with its last version, sends its unanswered
    command again with the same id, and goes on. Returns the ids acknowledged, in
    order, and how many times it connected."""
    url = base.replace("http", "ws") + f"/ws/{table}"
    acked: list[str] = []
    last = 0
    pending: dict[str, Any] | None = None
    connections = 0
    deadline = time.monotonic() + 90
    while len(acked) < 4:
        assert time.monotonic() < deadline, f"acked {acked} in {connections} connections"
        connections += 1
        try:
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token,
                                          "last_version": last}))
                if pending is not None:
                    await ws.send(json.dumps(pending))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    state = message.get("state")
                    if state is not None:
                        last = state["version"]
                    if message["type"] == "ack":
                        if message["id"] not in acked:
                            acked.append(message["id"])
                        pending = None
                        if len(acked) == 1:
                            kill()
                        if len(acked) >= 4:
                            break
                    if state is not None and state["legal"] and pending is None:
                        pending = {"type": "act", "id": f"p{len(acked)}-{last}",
                                   "version": last, "action": state["legal"][-1]["action"]}
                        await ws.send(json.dumps(pending))
        except (ConnectionClosed, OSError):
            pass
        await asyncio.sleep(0.3)  # the page's back-off
    return acked, connections


def test_a_page_reconnects_and_resumes_by_version(tmp_path: Path) -> None:
    with server_of("postgres", tmp_path) as server:
        server.start()
        made = http(f"{server.base}/api/tables", {
            "seats": ["person", "basic", "basic", "basic"], "pace": 0, "level": "basic",
            "seed": 5, "target": 10, "start": True})
        owner = http(f"{server.base}/api/tables/{made['id']}")["worker"]["pid"]
        acked, connections = asyncio.run(page_like(
            server.base, made["id"], made["token"], lambda: os.kill(owner, signal.SIGKILL)))
        assert connections >= 2 and len(acked) == len(set(acked)) == 4
        after = http(f"{server.base}/api/tables/{made['id']}")
        assert after["worker"]["pid"] != owner and after["state"] == "playing"


def metric(text: str, name: str, *labels: str) -> float:
    """The sum of ``name``'s samples whose labels include every one of ``labels``."""
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith(name + "{") and all(label in line for label in labels))


def test_a_socket_is_handed_to_its_worker_not_relayed(tmp_path: Path) -> None:
    """Sockets land on either worker; each reaches the table's own worker whole (handed
    over), none relayed frame by frame."""
    with server_of("postgres", tmp_path) as server:
        server.start()
        made = http(f"{server.base}/api/tables", {"seats": ["person", "basic", "basic",
                                                           "basic"], "pace": 0})
        url = server.base.replace("http", "ws") + f"/ws/{made['id']}"

        async def watch() -> str:
            sockets = []
            try:
                for _ in range(20):  # each lands on either worker (SO_REUSEPORT)
                    ws = await connect(url)
                    sockets.append(ws)
                    await ws.send(json.dumps({"type": "hello"}))
                    assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == \
                        "welcome"
                return urlopen_text(f"{server.base}/metrics")
            finally:  # (together: each waits for the frames it left unread)
                await asyncio.gather(*(ws.close() for ws in sockets))

        text = asyncio.run(watch())
        assert metric(text, "euchre_connections_handed_total", 'way="out"') > 0
        assert metric(text, "euchre_connections_handed_total", 'way="in"') > 0
        assert metric(text, "euchre_sockets", 'kind="forwarded"') == 0
        assert metric(text, "euchre_sockets", 'kind="local"') == 20


# -- no card leaks through two workers ---------------------------------------------------


async def whole_game(base: str, made: dict[str, Any], seed: int) -> list[list[str]]:
    """Four people and a spectator, each on a socket of its own (whichever worker took
    it), playing random legal actions to the game's end; every frame each received."""
    url = base.replace("http", "ws") + f"/ws/{made['id']}"
    tokens = [made["token"]] + [i["link"].split("token=")[1] for i in made["invites"]]
    frames: list[list[str]] = [[] for _ in range(5)]
    rng = random.Random(seed)
    over = asyncio.Event()

    async def seat(index: int) -> None:
        async with connect(url) as ws:
            hello: dict[str, Any] = {"type": "hello"}
            if index < 4:
                hello.update(seat=index, token=tokens[index])
            await ws.send(json.dumps(hello))
            if index == 0:
                await asyncio.sleep(0.5)  # everybody is seated
                await ws.send(json.dumps({"type": "start"}))
            while not over.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                assert isinstance(raw, str)
                frames[index].append(raw)
                state = json.loads(raw).get("state")
                if state is None:
                    continue
                if state["phase"] == "over":
                    over.set()
                elif index < 4 and state["legal"]:
                    choice = rng.choice(state["legal"])["action"]
                    await ws.send(json.dumps({"type": "act", "id": f"{index}-{state['version']}",
                                              "version": state["version"], "action": choice}))

    await asyncio.wait_for(asyncio.gather(*(seat(i) for i in range(5))), 120)
    return frames


def check_frames(made: dict[str, Any], body: dict[str, Any], record_text: str,
                 frames: list[list[str]]) -> None:
    """Each receiver's frames, in order, against a replica of the game replayed from its
    record to each frame's version: only cards the receiver may know."""
    actions = [a for deal in loads(record_text).deals for a in deal.actions]
    settings = TableSettings.parse(body)
    for receiver, received in enumerate(frames):
        replica = asyncio.run(Room.create("replica", settings, SqliteStore(":memory:"),
                                          None))[0]
        watcher = Watcher(replica)
        for frame in received:
            message = json.loads(frame)
            version = (message.get("state") or message.get("event") or {}).get(
                "version", replica.table.version)
            while replica.table.version < version:
                replica.table.apply(actions[replica.table.version], replica.table.to_act)
                watcher.update()
            watcher.check(receiver, frame)


def test_games_through_two_workers_leak_no_card(tmp_path: Path) -> None:
    with server_of("postgres", tmp_path) as server:
        server.start()
        for seed in range(2):
            body = {"seats": ["person"] * 4, "pace": 0, "level": "random", "seed": seed,
                    "target": 5}
            made = http(f"{server.base}/api/tables", body)
            frames = asyncio.run(whole_game(server.base, made, seed))
            text = urlopen_text(f"{server.base}/api/tables/{made['id']}/record.json")
            check_frames(made, body, text, frames)
            assert all(len(f) > 10 for f in frames), [len(f) for f in frames]


# -- moving a SQLite store into PostgreSQL -------------------------------------------------


def test_migrate_from_sqlite_moves_every_row(tmp_path: Path) -> None:
    old = ServerProcess(tmp_path)  # a SQLite store with games in it, one finished
    old.start()
    try:
        made = [http(f"{old.base}/api/tables", {
            "seats": ["person", "basic", "basic", "basic"], "pace": 0, "level": "basic",
            "seed": n, "target": 1 if n == 0 else 10}) for n in range(3)]
        asyncio.run(play(old.base, made[1]["id"], made[1]["token"], 4))
        http(f"{old.base}/api/tables", {"private": True, "name": "private"})
        member = Browser(old.base)  # an account, and its event with a hand entered
        member.call("/api/account", {"name": "Dora", "password": "table talk 42"})
        event = member.call("/api/events", {"players": ["A", "B", "C", "D"], "rounds": 1,
                                            "hands": 2})[1]
        assert member.call(f"/api/events/{event['id']}/entries", {
            "type": "hand", "round": 0, "table": 0, "ns": 2, "ew": 0})[0] == 201
        deadline = time.monotonic() + 60
        while http(f"{old.base}/api/tables/{made[0]['id']}")["state"] != "over":
            asyncio.run(play(old.base, made[0]["id"], made[0]["token"], 1))
            assert time.monotonic() < deadline
    finally:
        old.stop()
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        rows = {name: sorted(db.execute(f"SELECT * FROM {name}").fetchall())
                for name in ("seats", "actions", "records")}
        rows["tables"] = sorted(db.execute(
            "SELECT id, settings, created, started FROM tables").fetchall())
        for name in CLUB_TABLES:
            rows[name] = sorted(db.execute(f"SELECT * FROM {name}").fetchall())
    assert rows["accounts"] and rows["sessions"] and rows["event_log"]
    assert len(rows["tables"]) == 4 and rows["records"] and len(rows["actions"]) > 10
    with fresh_database() as url:
        import psycopg

        source = f"sqlite:///{path}"
        new = ServerProcess(tmp_path, url, extra=("--migrate-from", source))
        new.start()
        try:
            with psycopg.connect(url) as db:
                for name, kept in rows.items():
                    columns = "id, settings, created, started" if name == "tables" else "*"
                    moved = sorted(tuple(r) for r in db.execute(
                        f"SELECT {columns} FROM {name}").fetchall())
                    assert moved == kept, name
            for m in made:
                assert http(f"{new.base}/api/tables/{m['id']}")["id"] == m["id"]
            moved_event = http(f"{new.base}/api/events/{event['id']}")
            assert moved_event["standings"][0]["total"] == 2
            assert Browser(new.base).call("/api/account/sign-in", {
                "name": "Dora", "password": "table talk 42"})[0] == 200
            assert urlopen_text(f"{new.base}/api/tables/{made[0]['id']}/record.json")
        finally:
            new.stop()
        again = subprocess.run(new.command(), capture_output=True, text=True, timeout=60,
                               check=False)
        assert again.returncode == 1
        assert again.stderr.count("\n") == 1 and "was moved here before" in again.stderr


def test_a_worker_stopped_releases_its_tables(tmp_path: Path) -> None:
    with fresh_database() as url:
        import psycopg

        server = ServerProcess(tmp_path, url)
        server.start()
        try:
            for n in range(3):
                http(f"{server.base}/api/tables", {"seed": n})
            assert server.process is not None
            os.killpg(server.process.pid, signal.SIGTERM)  # Ctrl+C, or systemd's stop
            assert server.process.wait(30) == 0
        finally:
            server.stop()
        with psycopg.connect(url) as db:
            assert db.execute("SELECT count(*) FROM tables WHERE owner IS NOT NULL"
                              ).fetchone() == (0,)
            assert db.execute("SELECT count(*) FROM workers").fetchone() == (0,)


def test_two_servers_over_one_store_forward_to_each_other(tmp_path: Path) -> None:
    """Two ``euchre serve`` started apart (no ``--workers``) over one PostgreSQL: each
    answers for the other's tables, sockets included, and lists them."""
    with fresh_database() as url:
        first, second = ServerProcess(tmp_path, url, 0), ServerProcess(tmp_path, url, 0)
        try:
            first.start()
            second.start()
            made = http(f"{first.base}/api/tables", {
                "seats": ["person", "basic", "basic", "basic"], "pace": 0, "level": "basic",
                "seed": 3, "target": 10})
            there = http(f"{second.base}/api/tables/{made['id']}")
            assert first.process is not None and there["worker"]["pid"] == first.process.pid
            assert [t["id"] for t in http(f"{second.base}/api/tables")["tables"]] == [
                made["id"]]
            acks = asyncio.run(play(second.base, made["id"], made["token"], 3))
            assert len(acks) == 3
        finally:
            first.stop()
            second.stop()


def test_workers_need_a_shared_store(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "euchre", "serve", "--workers", "2",
                          "--data", str(tmp_path)], capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 1
    assert run.stderr == ("euchre: --workers 2 needs a PostgreSQL store (--store "
                          "postgresql://USER@HOST:PORT/DB): a SQLite store is served by "
                          "one worker\n")


class Browser:
    """A browser's cookies and JSON requests, against ``base`` (any worker answers)."""

    def __init__(self, base: str) -> None:
        import http.cookiejar
        import urllib.request

        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        import urllib.error
        import urllib.request

        request = urllib.request.Request(
            self.base + path, data=None if body is None else json.dumps(body).encode(),
            method="GET" if body is None else "POST",
            headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def test_a_club_evening_through_two_workers(tmp_path: Path) -> None:
    """The club room over PostgreSQL and two workers, whose requests land on either: an
    account signed in on one is signed in on both, a winners-move-up evening's hands
    entered through both sum to its standings, and signing out everywhere ends every
    session."""
    with fresh_database() as url:
        server = ServerProcess(tmp_path, url, workers=2)
        server.start()
        try:
            director, phone = Browser(server.base), Browser(server.base)
            assert director.call("/api/account", {"name": "Dora", "password": "table talk 42"}
                                 )[0] == 201
            assert all(director.call("/api/account") == (200, {"name": "Dora"})
                       for _ in range(10))
            status, made = director.call("/api/events", {
                "players": [f"P{k}" for k in range(8)], "rounds": 3, "hands": 2,
                "rotation": "winners", "seed": 3})
            assert status == 201
            rng = random.Random(5)
            for r in range(3):
                event = phone.call(f"/api/events/{made['id']}")[1]
                assert event["current"] == r
                for t in range(2):
                    for _ in range(2):
                        points = rng.choice([1, 2, 4])
                        side = rng.randrange(2)
                        status, _ = phone.call(f"/api/events/{made['id']}/entries", {
                            "type": "hand", "round": r, "table": t, "key": made["key"],
                            "ns": points * (1 - side), "ew": points * side,
                            "id": f"{r}-{t}-{rng.random()}"})
                        assert status == 201
            event = director.call(f"/api/events/{made['id']}")[1]
            assert event["current"] == 3 and event["directing"]
            totals = {name: 0 for name in event["names"]}
            for round in event["rounds_seated"]:
                for table in round["tables"]:
                    for seat, player in enumerate(table["players"]):
                        totals[event["names"][player]] += table["totals"][seat % 2]
            assert {s["name"]: s["total"] for s in event["standings"]} == totals
            second = Browser(server.base)
            assert second.call("/api/account/sign-in", {
                "name": "dora", "password": "table talk 42"})[0] == 200
            assert director.call("/api/account/sign-out-everywhere", {})[1] == {
                "signed_out": 2}
            assert second.call("/api/account")[0] == 401
        finally:
            server.stop()
