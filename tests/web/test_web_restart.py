"""A real server killed with SIGKILL in the middle of games resumes every table.

``euchre serve`` runs as a process; clients play a few tables part way over real
WebSockets, keeping every ``ack`` they were sent. The process is killed with SIGKILL
(no chance to flush anything), started again on the same store, and every table must be
where it was: no acknowledged action lost, each repeated command id acknowledged again
with its first version and not applied twice. Each test runs twice: one process over
SQLite, and two workers over PostgreSQL (:class:`ServerProcess`; every process of the
server killed at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client as http_client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from helpers.postgres import fresh_database

TABLES = 3
RECEIVE_SECONDS = 60.0
"""The longest wait for a frame: a table that stalls fails its test, never hangs it."""
STORES = ["sqlite", "postgres"]
"""The servers each test runs against: ``sqlite``, one process over SQLite;
``postgres``, two workers over PostgreSQL."""
MOVING_SECONDS = 20.0
"""How long a request is tried again while the server answers 503 (a table between
workers: its worker died, and the others take over within seconds)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(url: str, body: dict[str, Any] | None = None) -> Any:
    """GET (or POST ``body`` to) ``url``, its JSON answer; a 503 (a table moving between
    workers) or a connection reset (taken by a worker as it was killed) is tried again
    for :data:`MOVING_SECONDS`."""
    data = None if body is None else json.dumps(body).encode()
    deadline = time.monotonic() + MOVING_SECONDS
    while True:
        request = urllib.request.Request(url, data=data,
                                         method="GET" if body is None else "POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            if error.code != 503 or time.monotonic() > deadline:
                raise
        except (ConnectionResetError, http_client.RemoteDisconnected):
            # taken by a worker at the moment it was killed: as a page, try again
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)


class ServerProcess:
    """``euchre serve`` as a process (its own process group): over SQLite in ``data``,
    or with ``store`` (a PostgreSQL address), ``workers`` workers over it (0: one
    process, without ``--workers``)."""

    def __init__(self, data: Path, store: str | None = None, workers: int = 2,
                 extra: tuple[str, ...] = ()) -> None:
        self.data = data
        self.store = store
        self.workers = workers
        self.extra = extra
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        command = [sys.executable, "-m", "euchre", "serve", "--port", str(self.port)]
        if self.store is None:
            return [*command, "--data", str(self.data), *self.extra]
        workers = ["--workers", str(self.workers)] if self.workers else []
        return [*command, "--store", self.store, *workers, *self.extra]

    def start(self) -> None:
        self.process = subprocess.Popen(self.command(), stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                http(f"{self.base}/api/setup")
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL every process of the server at once."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        assert self.process.returncode == -signal.SIGKILL

    def stop(self) -> None:
        """Whatever of the server still runs, killed."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


@contextlib.contextmanager
def server_of(kind: str, data: Path) -> Iterator[ServerProcess]:
    """A server of ``kind`` (:data:`STORES`), not started; stopped afterwards."""
    with ExitStack() as stack:
        store = stack.enter_context(fresh_database()) if kind == "postgres" else None
        server = ServerProcess(data, store)
        stack.callback(server.stop)
        yield server


@pytest.fixture(params=STORES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    with server_of(request.param, tmp_path) as server:
        yield server


async def play(base: str, table: str, token: str, actions: int) -> dict[str, int]:
    """Act ``actions`` times at seat 0 (bots elsewhere), or until the game is over; the
    acks received, by id."""
    acks: dict[str, int] = {}
    url = base.replace("http", "ws") + f"/ws/{table}"
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        state: dict[str, Any] = {}
        started = False
        while len(acks) < actions:
            message = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_SECONDS))
            if message["type"] == "welcome" and not started:
                started = True
                await ws.send(json.dumps({"type": "start"}))
            if message["type"] == "ack":
                acks[message["id"]] = message["version"]
            if "state" in message:
                state = message["state"]
                if state["game_over"]:  # the bots ended it: no turn of ours will come
                    break
                if state["legal"]:
                    command = f"{table}-{len(acks)}-{state['version']}"
                    if command not in acks:
                        await ws.send(json.dumps({
                            "type": "act", "id": command, "version": state["version"],
                            "action": state["legal"][-1]["action"]}))
    return acks


async def repeat(base: str, table: str, token: str,
                 acks: dict[str, int]) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Send every acknowledged command again: the acks that come back, by id, and every
    event of the table (a catch-up from version 0)."""
    url = base.replace("http", "ws") + f"/ws/{table}"
    again: dict[str, int] = {}
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token,
                                  "last_version": 0}))
        events: list[dict[str, Any]] = []
        while not events:
            message = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_SECONDS))
            if message["type"] == "catchup":
                events = message["events"]
        for command in acks:
            await ws.send(json.dumps({"type": "act", "id": command, "version": 0,
                                      "action": "pass"}))
        while len(again) < len(acks):
            message = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_SECONDS))
            if message["type"] == "ack":
                again[message["id"]] = message["version"]
    return again, events


def test_sigkill_mid_game_loses_no_acknowledged_action(server: ServerProcess) -> None:
    server.start()
    made = [http(f"{server.base}/api/tables", {
        "seats": ["person", "basic", "basic", "basic"], "pace": 0, "level": "basic",
        "seed": n, "target": 10}) for n in range(TABLES)]

    async def all_tables() -> list[dict[str, int]]:
        return await asyncio.gather(*(play(server.base, m["id"], m["token"], 6)
                                      for m in made))

    acks = asyncio.run(all_tables())
    before = [http(f"{server.base}/api/tables/{m['id']}")["version"] for m in made]
    server.kill()
    server.start()
    for m, table_acks, version in zip(made, acks, before, strict=True):
        after = http(f"{server.base}/api/tables/{m['id']}")
        assert after["state"] == "playing"
        assert after["version"] >= version >= max(table_acks.values())
        again, events = asyncio.run(repeat(server.base, m["id"], m["token"], table_acks))
        assert again == table_acks
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        assert all(events[v - 1]["seat"] == 0 for v in table_acks.values())
        assert http(f"{server.base}/api/tables/{m['id']}")["version"] >= after["version"]
