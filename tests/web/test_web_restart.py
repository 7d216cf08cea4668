"""A real server killed with SIGKILL in the middle of games resumes every table.

``euchre serve`` runs as a process; clients play a few tables part way over real
WebSockets, keeping every ``ack`` they were sent. The process is killed with SIGKILL
(no chance to flush anything), started again on the same store, and every table must be
where it was: no acknowledged action lost, each repeated command id acknowledged again
with its first version and not applied twice.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

TABLES = 3


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class ServerProcess:
    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "euchre", "serve", "--port", str(self.port),
             "--data", str(self.data)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                http(f"{self.base}/api/setup")
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        assert self.process.returncode == -signal.SIGKILL


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path)
    yield server
    if server.process is not None and server.process.poll() is None:
        server.process.kill()
        server.process.wait(10)


async def play(base: str, table: str, token: str, actions: int) -> dict[str, int]:
    """Act ``actions`` times at seat 0 (bots elsewhere); the acks received, by id."""
    acks: dict[str, int] = {}
    url = base.replace("http", "ws") + f"/ws/{table}"
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        state: dict[str, Any] = {}
        started = False
        while len(acks) < actions:
            message = json.loads(await ws.recv())
            if message["type"] == "welcome" and not started:
                started = True
                await ws.send(json.dumps({"type": "start"}))
            if message["type"] == "ack":
                acks[message["id"]] = message["version"]
            if "state" in message:
                state = message["state"]
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
            message = json.loads(await ws.recv())
            if message["type"] == "catchup":
                events = message["events"]
        for command in acks:
            await ws.send(json.dumps({"type": "act", "id": command, "version": 0,
                                      "action": "pass"}))
        while len(again) < len(acks):
            message = json.loads(await ws.recv())
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
