#!/usr/bin/env python3
"""Load on the web table: N tables of four scripted players each, on loopback, at once.

Starts the real server (``python -m euchre serve``) as a subprocess over a fresh store,
creates N tables of four people (``pace`` 0) through ``POST /api/tables``, takes seats
1 to 3 through ``POST /api/tables/{id}/seats/{seat}``, connects four WebSocket clients
to each table and lets every table play at once: a client whose ``state.legal`` is not
empty waits its think time and sends ``act`` with a random legal action (a seeded
``random.Random`` per seat).

What is measured:

- **command to broadcast**: from sending ``act`` (``time.perf_counter()`` just before
  the send) to the moment the last of the table's *other three* clients has read the
  ``event`` frame of that version (all four clients of every table live in this one
  asyncio process, so one clock times both ends); the ``ack`` on the acting client is
  timed too;
- **memory per table**: the server's RSS (``VmRSS`` in ``/proc/PID/status``) once the
  tables are created and playing, at the end of the run, less its RSS before the first
  table, over N; the peak is ``VmHWM``;
- the server's CPU (``/proc/PID/stat``) and this process's, the rest of the machine's
  (``/proc/stat``: other processes, and time stolen by the hypervisor), and this
  process's event-loop lag, to show whether the clients or the machine, not the server,
  were the bottleneck.

The clients are one asyncio process (on uvloop, as the server, where it is installed):
on a 2-core machine a second client process would only take CPU from the server it
measures. Each client parses every frame it gets (it must, to know its turn) and nothing
else. Their garbage collector is off while they play (``--client-gc on`` keeps it, with
what has lived 2 s frozen): one collection in this process stops all the clients at
once, which is this process's latency, not the server's.

A person thinks before acting, so each client waits ``--think`` seconds (uniform between
half and one and a half times it) before each action; ``--think 0`` plays flat out, and
then the latency is the server's queue (Little's law: the tables' commands in flight over
its throughput), not its service time. Every message a client sends is at least 1/18 s
after its last one, under the server's limit of 20 a second.

    .venv/bin/python benchmarks/web_load.py --tables 200 --seconds 30 --json

Other sizes: ``--actions A`` (each table stops after A commands, or at the end of its
game) instead of ``--seconds``; ``--think 0`` flat out; ``--profile FILE`` runs the server
under cProfile and writes its stats to FILE (timings are then inflated).

Over PostgreSQL, with several workers::

    WITH_POSTGRES_DURABLE=1 scripts/with_postgres.sh sh -c '.venv/bin/python \
        benchmarks/web_load.py --store "$EUCHRE_TEST_POSTGRES" --workers 2 --tables 1000'

``--store URL`` names a PostgreSQL server (a user that may create databases): the run
makes a database of its own there and drops it afterwards. ``--workers N`` runs ``euchre
serve --workers N``; the memory and CPU then count the supervisor and every worker, and
the report adds the store's commits a second (``pg_stat_database``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import http.client
import importlib.util
import json
import math
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

MIN_GAP = 1 / 18
"""The least time between two messages of one client (the server allows 20 a second)."""
CONNECTS_AT_ONCE = 32
"""WebSocket handshakes in flight at once while the clients connect."""
GRACE = 10.0
"""Seconds to wait, after the play stops, for the answers to commands already sent."""
FREEZE_SECONDS = 2.0
"""How often the clients' long-lived objects are put out of their collector's sight (as
:data:`euchre.web.collector.FREEZE_SECONDS`)."""
SEATS = 4


# -- the server ------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port nobody listens on now (on loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def raise_open_files(needed: int) -> int:
    """Raise this process's open-files limit (inherited by the server it starts) to
    ``needed``, or to the hard limit when that is lower; returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class BenchError(Exception):
    """The benchmark could not run (the server did not start, a request failed)."""


class Server:
    """``euchre serve`` in a subprocess over a store in ``data``, or over ``store`` (a
    PostgreSQL address) with ``workers`` workers."""

    def __init__(self, port: int, data: Path, profile: str | None = None,
                 store: str | None = None, workers: int | None = None) -> None:
        self.port = port
        self.log = data / "server.log"
        command = [sys.executable]
        if profile:
            command += ["-m", "cProfile", "-o", profile]
        command += ["-m", "euchre", "serve", "--port", str(port)]
        command += ["--data", str(data)] if store is None else ["--store", store]
        if workers is not None:
            command += ["--workers", str(workers)]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log,
                                            start_new_session=True)
        self.pid = self.process.pid

    def pids(self) -> list[int]:
        """The server's processes: this one and its children (the workers)."""
        children = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError), open(
                        f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rpartition(")")[2].split()[1]) == self.pid:
                        children.append(int(entry))
        return [self.pid, *children]

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Until ``GET /api/setup`` answers (or raise :class:`BenchError`)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"the server exited with {self.process.returncode}: "
                                 f"{self.log_tail()}")
            try:
                status, _ = Http(self.port).request("GET", "/api/setup")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise BenchError(f"the server did not answer within {timeout:g} s: {self.log_tail()}")

    def log_tail(self) -> str:
        """The end of the server's standard error."""
        with contextlib.suppress(OSError):
            return self.log.read_text(errors="replace")[-2000:].strip() or "(nothing)"
        return "(no log)"

    def memory(self) -> tuple[float, float]:
        """The resident memory of every process of the server now and at each one's
        peak, summed (``VmRSS``, ``VmHWM``), MiB."""
        values = {"VmRSS": 0.0, "VmHWM": 0.0}
        for pid in self.pids():
            with contextlib.suppress(OSError), open(f"/proc/{pid}/status") as status:
                for line in status:
                    key, _, rest = line.partition(":")
                    if key in values:
                        values[key] += int(rest.split()[0]) / 1024
        return values["VmRSS"], values["VmHWM"]

    def cpu_seconds(self) -> float:
        """The CPU time so far (user and system) of every process of the server."""
        total = 0.0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rpartition(")")[2].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def stop(self) -> None:
        """Interrupt the server (as Ctrl+C does) and wait; kill it if it hangs."""
        if self.process.poll() is None:
            os.killpg(self.pid, signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.process.wait()


class Postgres:
    """A database of the benchmark's own on the PostgreSQL server ``url`` (made, then
    dropped), and its commits so far."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.server = url
        self.name = f"euchre_load_{os.urandom(4).hex()}"
        parts = urlsplit(url)
        self.url = f"{parts.scheme}://{parts.netloc}/{self.name}" + (
            f"?{parts.query}" if parts.query else "")
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{self.name}"')

    def commits(self) -> int:
        """The transactions committed in the database so far."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as db:
            row = db.execute("SELECT xact_commit FROM pg_stat_database "
                             "WHERE datname = current_database()").fetchone()
        return int(row[0]) if row else 0

    def drop(self) -> None:
        import psycopg

        with psycopg.connect(self.server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def server_meters(port: int) -> dict[str, float]:
    """The server's own view from ``GET /metrics``: the slowest worker's 99th percentile
    of commands answered and of the store's calls (ms), over their last 2,000; the
    sockets relayed between workers now, and the connections handed from one worker to
    another so far."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
    finally:
        connection.close()
    found = {"server_command_p99_ms": 0.0, "server_store_p99_ms": 0.0,
             "server_sockets_relayed": 0.0, "server_connections_handed": 0.0}
    for line in text.splitlines():
        if line.startswith("euchre_sockets{") and 'kind="forwarded"' in line:
            found["server_sockets_relayed"] += float(line.split()[-1])
        if line.startswith("euchre_connections_handed_total{") and 'way="out"' in line:
            found["server_connections_handed"] += float(line.split()[-1])
        for name, key in (("euchre_command_seconds{", "server_command_p99_ms"),
                          ("euchre_store_seconds{", "server_store_p99_ms")):
            if line.startswith(name) and 'quantile="0.99"' in line:
                found[key] = max(found[key], round(float(line.split()[-1]) * 1000, 2))
    return found


def source_digest() -> str:
    """The first 12 hex digits of a SHA-256 over the ``euchre`` package's Python files
    (which server code a report measured, when the code changes between runs)."""
    spec = importlib.util.find_spec("euchre")
    if spec is None or not spec.submodule_search_locations:
        return "unknown"
    digest = hashlib.sha256()
    for root in spec.submodule_search_locations:
        for path in sorted(Path(root).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def machine_cpu() -> tuple[float, float]:
    """The whole machine's busy CPU seconds so far (every core, this run's processes
    included) and the seconds stolen by the hypervisor (``/proc/stat``)."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return 0.0, 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, steal / tick


class Http:
    """A keep-alive HTTP connection to the server, JSON both ways."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        text = response.read()
        return response.status, json.loads(text) if text else None

    def close(self) -> None:
        self.connection.close()


# -- the tables ------------------------------------------------------------------------


@dataclass(slots=True)
class Pending:
    """A command sent and not yet seen through: who sent it, when, and who has still to
    read its event."""

    command: str
    seat: int
    sent: float
    waiting: set[int]
    acked: bool = False


@dataclass(slots=True)
class TableRun:
    """One table of the run: its id, its seats' tokens and its commands in flight."""

    index: int
    id: str
    tokens: list[str]
    limit: int | None
    commands: int = 0
    broadcasts: int = 0
    acks: int = 0
    game_over: bool = False
    failed: bool = False
    pending: dict[int, Pending] = field(default_factory=dict)
    """By the version the command's event will have."""

    @property
    def done(self) -> bool:
        """Whether the table will send no more commands."""
        return (self.game_over or self.failed
                or (self.limit is not None and self.commands >= self.limit))


def create_tables(port: int, n: int, seed: int, limit: int | None) -> list[TableRun]:
    """N tables of four people (``pace`` 0) with every seat taken; returns their tokens."""
    client = Http(port)
    tables = []
    try:
        for i in range(n):
            status, answer = client.request("POST", "/api/tables", {
                "name": f"load {i}", "seats": ["person"] * SEATS, "pace": 0,
                "host": "North", "host_seat": 0, "seed": seed * 100_003 + i})
            if status != 201:
                raise BenchError(f"POST /api/tables answered {status}: {answer}")
            tokens = [str(answer["token"])]
            for seat in range(1, SEATS):
                status, taken = client.request("POST", f"/api/tables/{answer['id']}/seats/{seat}",
                                               {"name": f"Seat {seat}"})
                if status != 200:
                    raise BenchError(f"taking seat {seat} answered {status}: {taken}")
                tokens.append(str(taken["token"]))
            tables.append(TableRun(i, str(answer["id"]), tokens, limit))
    finally:
        client.close()
    return tables


# -- the clients -----------------------------------------------------------------------


@dataclass
class Run:
    """What the clients share: the tables, the figures, and the run's phase."""

    port: int
    tables: list[TableRun]
    think: float
    seed: int
    compression: str | None
    collect: bool = False
    """Whether the clients' garbage collector runs while they play (:func:`watch_loop`)."""
    latencies: list[float] = field(default_factory=list)
    """Seconds from each command to its event on the last of the other three clients."""
    ack_latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    closed: list[str] = field(default_factory=list)
    stopping: bool = False
    closing: bool = False
    settled: int = 0
    everyone_in: asyncio.Event = field(default_factory=asyncio.Event)
    all_done: asyncio.Event = field(default_factory=asyncio.Event)
    connect_slots: asyncio.Semaphore = field(
        default_factory=lambda: asyncio.Semaphore(CONNECTS_AT_ONCE))

    def settle(self) -> None:
        """A client has been welcomed or has failed."""
        self.settled += 1
        if self.settled >= SEATS * len(self.tables):
            self.everyone_in.set()

    def check_done(self) -> None:
        """Set :attr:`all_done` once no table will act and nothing is in flight."""
        if all(t.done and not t.pending for t in self.tables):
            self.all_done.set()

    def in_flight(self) -> int:
        return sum(len(t.pending) for t in self.tables)


class SeatClient:
    """One scripted player: reads every frame, acts on its turn."""

    def __init__(self, run: Run, table: TableRun, seat: int) -> None:
        self.run = run
        self.table = table
        self.seat = seat
        self.rng = random.Random(f"{run.seed}/{table.index}/{seat}")
        self.ws: ClientConnection | None = None
        self.acted_at = -1
        """The version this client last acted at (it acts once per version)."""
        self.last_version = -1
        self.last_send = 0.0
        self.sent = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def play(self) -> None:
        """Connect, say hello, and play until the run closes the socket."""
        run, table = self.run, self.table
        welcomed = False
        try:
            async with run.connect_slots:
                ws = await connect(f"ws://127.0.0.1:{run.port}/ws/{table.id}",
                                   compression=run.compression, proxy=None,
                                   ping_interval=None, open_timeout=60, max_size=2**22)
            self.ws = ws
            async with ws:
                await self.send({"type": "hello", "seat": self.seat,
                                 "token": table.tokens[self.seat]})
                async for raw in ws:
                    now = time.perf_counter()
                    message = json.loads(raw)
                    if message.get("type") == "welcome" and not welcomed:
                        welcomed = True
                        run.settle()
                        if self.seat == 0:
                            self.spawn(self.start())
                    self.on_message(message, now)
            if not run.closing:
                run.closed.append(f"table {table.index} seat {self.seat}: the server "
                                  f"closed the socket ({ws.close_code} {ws.close_reason})")
        except ConnectionClosed as closed:
            if not run.closing:
                run.closed.append(f"table {table.index} seat {self.seat}: the socket "
                                  f"closed ({closed.rcvd.code if closed.rcvd else 'no code'}"
                                  f"{' ' + closed.rcvd.reason if closed.rcvd else ''})")
        except (OSError, InvalidHandshake, TimeoutError) as error:
            run.closed.append(f"table {table.index} seat {self.seat}: {error!r}")
        finally:
            if not run.closing and not welcomed:
                run.settle()
            if not run.closing:
                table.failed = True
                for pending in table.pending.values():
                    pending.waiting.discard(self.seat)
                run.check_done()
            for task in self.tasks:
                task.cancel()

    async def send(self, message: dict[str, Any]) -> float:
        """Send ``message`` no sooner than :data:`MIN_GAP` after the last one; returns
        the time just before it went."""
        assert self.ws is not None
        wait = self.last_send + MIN_GAP - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last_send = time.perf_counter()
        await self.ws.send(json.dumps(message, separators=(",", ":")))
        return self.last_send

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def start(self) -> None:
        """The host starts the game once every client of every table is in."""
        await self.run.everyone_in.wait()
        if not self.table.failed:
            await self.send({"type": "start"})

    def on_message(self, message: dict[str, Any], now: float) -> None:
        run, table = self.run, self.table
        kind = message.get("type")
        if kind == "event":
            version = int(message["event"]["version"])
            if 0 <= self.last_version < version - 1:
                run.errors["gap"] += 1
                self.spawn(self.send_quietly({"type": "sync",
                                              "last_version": self.last_version}))
            self.last_version = max(self.last_version, version)
            self.arrived(version, now)
            self.consider(message["state"])
        elif kind in ("welcome", "snapshot", "catchup"):
            state = message["state"]
            self.last_version = max(self.last_version, int(state["version"]))
            self.consider(state)
        elif kind == "ack":
            pending = table.pending.get(int(message["version"]))
            if pending is None or pending.command != message["id"]:
                run.errors["ack_mismatch"] += 1
                return
            pending.acked = True
            table.acks += 1
            run.ack_latencies.append(now - pending.sent)
            self.resolve(int(message["version"]), pending)
        elif kind in ("resync", "refused"):
            run.errors[str(kind)] += 1
            self.forget(str(message.get("id")))
            self.acted_at = -1
            if kind == "resync":
                self.consider(message["state"])
            else:
                self.spawn(self.send_quietly({"type": "sync",
                                              "last_version": self.last_version}))
        elif kind == "error":
            run.errors[f"error {message.get('code')}"] += 1

    def arrived(self, version: int, now: float) -> None:
        """This client read the event of ``version``."""
        pending = self.table.pending.get(version)
        if pending is None or self.seat not in pending.waiting:
            return
        pending.waiting.discard(self.seat)
        if not pending.waiting:
            self.table.broadcasts += 1
            self.run.latencies.append(now - pending.sent)
        self.resolve(version, pending)

    def resolve(self, version: int, pending: Pending) -> None:
        """Drop ``pending`` once it is acked and every other client has its event."""
        if pending.acked and not pending.waiting:
            del self.table.pending[version]
            self.run.check_done()

    def forget(self, command: str) -> None:
        """A command that did nothing (refused, resync): no event will come."""
        for version, pending in list(self.table.pending.items()):
            if pending.command == command:
                del self.table.pending[version]
        self.run.check_done()

    def consider(self, state: dict[str, Any]) -> None:
        """Act when ``state`` says it is this client's turn (once per version)."""
        table = self.table
        if state.get("game_over"):
            table.game_over = True
            self.run.check_done()
            return
        legal = state.get("legal") or []
        version = int(state["version"])
        if not legal or version <= self.acted_at or self.run.stopping or table.done:
            return
        self.acted_at = version
        action = str(self.rng.choice(legal)["action"])
        think = self.run.think * self.rng.uniform(0.5, 1.5)
        self.spawn(self.act(version, action, think))

    async def act(self, version: int, action: str, think: float) -> None:
        if think > 0:
            await asyncio.sleep(think)
        table = self.table
        if self.run.stopping or table.done:
            self.run.check_done()
            return
        self.sent += 1
        command = f"{self.seat}-{self.sent}"
        others = {s for s in range(SEATS) if s != self.seat}
        pending = Pending(command, self.seat, 0.0, others)
        table.pending[version + 1] = pending
        table.commands += 1
        # the clock starts just before the frame goes (after any pacing)
        wait = self.last_send + MIN_GAP - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        pending.sent = time.perf_counter()
        await self.send_quietly({"type": "act", "id": command, "version": version,
                                 "action": action})

    async def send_quietly(self, message: dict[str, Any]) -> None:
        """Send, leaving a closed socket to :meth:`play` to report."""
        with contextlib.suppress(ConnectionClosed):
            await self.send(message)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()


async def watch_loop(lags: list[float], stop: asyncio.Event, collect: bool) -> None:
    """This process's event-loop lag: how late a 10 ms sleep wakes.

    It also keeps this process's garbage collector out of the measurement: the clients
    stand for browsers on thousands of machines, each pausing for its own collection
    alone, where one collection here stops all 4,000 clients at once (for up to 120 ms
    even in the youngest generation, with 1,000 tables: ``docs/benchmarks.md``). Without
    ``collect`` the collector is off while the clients play; with it, what has lived
    :data:`FREEZE_SECONDS` is frozen, as ``euchre serve`` does
    (:mod:`euchre.web.collector`)."""
    frozen = -math.inf
    if not collect:
        gc.freeze()
        gc.disable()
    try:
        while not stop.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - before - 0.01)
            if collect and before - frozen >= FREEZE_SECONDS:
                frozen = before
                gc.freeze()
    finally:
        gc.unfreeze()
        gc.enable()


@dataclass
class Played:
    """What :func:`play` saw."""

    duration: float
    rss_after: float
    rss_peak: float
    server_cpu: float
    client_cpu: float
    machine_cpu: float
    steal: float
    lags: list[float]
    lost: int


async def play(run: Run, server: Server, seconds: float | None, timeout: float) -> Played:
    """Connect every client, start every table, play, and close."""
    clients = [SeatClient(run, t, s) for t in run.tables for s in range(SEATS)]
    tasks = [asyncio.get_running_loop().create_task(c.play()) for c in clients]
    try:
        await asyncio.wait_for(run.everyone_in.wait(), 120)
    except TimeoutError:
        raise BenchError(f"only {run.settled} of {len(clients)} clients got in within "
                         f"120 s") from None
    stop = asyncio.Event()
    lags: list[float] = []
    watcher = asyncio.get_running_loop().create_task(watch_loop(lags, stop, run.collect))
    start = time.perf_counter()
    cpu_server, cpu_client = server.cpu_seconds(), time.process_time()
    cpu_machine, steal = machine_cpu()
    if seconds is not None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(run.all_done.wait(), seconds)
    else:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(run.all_done.wait(), timeout)
    rss_after = server.memory()[0]
    duration = time.perf_counter() - start
    server_cpu = server.cpu_seconds() - cpu_server
    client_cpu = time.process_time() - cpu_client
    machine_now, steal_now = machine_cpu()
    run.stopping = True
    run.check_done()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(run.all_done.wait(), GRACE)
    lost = run.in_flight()
    stop.set()
    await watcher
    run.closing = True
    await asyncio.gather(*(c.close() for c in clients))
    await asyncio.gather(*tasks, return_exceptions=True)
    return Played(duration, rss_after, server.memory()[1], server_cpu, client_cpu,
                  machine_now - cpu_machine, steal_now - steal, lags, lost)


# -- the report ------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


uvloop: ModuleType | None
try:
    import uvloop
except ImportError:  # pragma: no cover - the web extra has it, but for Windows
    uvloop = None
CLIENT_LOOP = "asyncio" if uvloop is None else "uvloop"
"""The clients' event loop: uvloop's where it is installed, as the server's (a lighter
loop leaves more of the machine to the server it measures)."""


def run_loop(main: Coroutine[Any, Any, Played]) -> Played:
    """``main`` on :data:`CLIENT_LOOP`."""
    return asyncio.run(main) if uvloop is None else uvloop.run(main)


def benchmark(tables: int, *, seconds: float | None = 30.0, actions: int | None = None,
              think: float = 1.0, seed: int = 0, port: int | None = None,
              compression: str | None = "deflate", profile: str | None = None,
              timeout: float = 600.0, store: str | None = None,
              workers: int | None = None, client_gc: bool = False) -> dict[str, Any]:
    """Run the benchmark; returns the report (the object ``--json`` prints)."""
    limit = raise_open_files(2 * SEATS * tables + 256)
    port = port or free_port()
    load = os.getloadavg()
    digest = source_digest()
    postgres = None if store is None else Postgres(store)
    commits = 0
    with tempfile.TemporaryDirectory(prefix="euchre-load-") as data:
        server = Server(port, Path(data), profile, None if postgres is None else postgres.url,
                        workers)
        try:
            server.wait_ready()
            rss_before = server.memory()[0]
            made = create_tables(port, tables, seed, actions)
            rss_created = server.memory()[0]
            run = Run(port, made, think, seed, compression, client_gc)
            commits = postgres.commits() if postgres is not None else 0
            played = run_loop(play(run, server, seconds if actions is None else None,
                                   timeout))
            if postgres is not None:
                commits = postgres.commits() - commits
            meters = server_meters(port)
            if server.process.poll() is not None:
                closed = "; ".join(run.closed[:3])
                raise BenchError(f"the server exited ({server.process.returncode}) during "
                                 f"the run: {closed}; its log: {server.log_tail()}")
        finally:
            server.stop()
            if postgres is not None:
                postgres.drop()
    commands = sum(t.commands for t in run.tables)
    errors = dict(sorted(run.errors.items()))
    errors.update(closed=len(run.closed), lost=played.lost)
    for key in ("refused", "resync"):
        errors.setdefault(key, 0)
    grown = played.rss_after - rss_before

    def pct(cpu: float) -> float:
        """CPU seconds over the play as a percentage of one core."""
        return round(100 * cpu / played.duration, 1) if played.duration else 0.0

    return {
        "tables": tables,
        "clients": SEATS * tables,
        "commands": commands,
        "acks": sum(t.acks for t in run.tables),
        "broadcasts": sum(t.broadcasts for t in run.tables),
        "commands_per_table": [t.commands for t in run.tables] if tables <= 20 else None,
        "commands_per_s": round(commands / played.duration, 1) if played.duration else 0.0,
        "measured": "act sent -> event read on the last of the table's other three clients",
        "median_ms": ms(statistics.median(run.latencies)) if run.latencies else 0.0,
        "p99_ms": ms(percentile(run.latencies, 99)),
        "max_ms": ms(max(run.latencies, default=0.0)),
        "ack_median_ms": ms(statistics.median(run.ack_latencies)) if run.ack_latencies
        else 0.0,
        "ack_p99_ms": ms(percentile(run.ack_latencies, 99)),
        "rss_before_mib": round(rss_before, 1),
        "rss_created_mib": round(rss_created, 1),
        "rss_after_mib": round(played.rss_after, 1),
        "rss_peak_mib": round(played.rss_peak, 1),
        "mib_per_table": round(grown / tables, 3) if tables else 0.0,
        "errors": errors,
        "closed": run.closed[:10],
        "games_over": sum(t.game_over for t in run.tables),
        "duration_s": round(played.duration, 2),
        "think_s": think,
        "server_cpu_pct": pct(played.server_cpu),
        "client_cpu_pct": pct(played.client_cpu),
        "other_cpu_pct": pct(max(0.0, played.machine_cpu - played.server_cpu
                                 - played.client_cpu)),
        "steal_pct": pct(played.steal),
        "client_lag_p99_ms": ms(percentile(played.lags, 99)),
        "compression": compression or "none",
        "client_loop": CLIENT_LOOP,
        "client_gc": "on" if client_gc else "off",
        "client_rss_peak_mib": round(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "open_files_limit": limit,
        "cpus": os.cpu_count(),
        "load_average_before": [round(x, 2) for x in load],
        "seed": seed,
        "euchre_source": digest,
        **meters,
        "store": "sqlite" if store is None else "postgresql",
        "workers": workers or 1,
        "store_commits_per_s": round(commits / played.duration, 1) if played.duration
        else 0.0,
    }


def report_lines(report: dict[str, Any]) -> list[str]:
    """The report in words."""
    errors = report["errors"]
    bad = {k: v for k, v in errors.items() if v}
    think = report["think_s"]
    lines = [
        f"web load: {report['store']} store, {report['workers']} worker(s), "
        f"{report['tables']} tables, {report['clients']} clients, "
        f"think {think:g} s, {report['duration_s']} s of play "
        f"(load average {report['load_average_before'][0]} at the start, "
        f"{report['cpus']} CPUs)",
        f"commands: {report['commands']} ({report['commands_per_s']} a second), "
        f"{report['broadcasts']} broadcast to all three others, {report['acks']} acked; "
        f"games over: {report['games_over']}",
        f"errors: {', '.join(f'{k} {v}' for k, v in bad.items()) if bad else 'none'}",
        f"act -> event on the other three clients: median {report['median_ms']} ms, "
        f"p99 {report['p99_ms']} ms, max {report['max_ms']} ms",
        f"act -> ack on the acting client: median {report['ack_median_ms']} ms, "
        f"p99 {report['ack_p99_ms']} ms; on the server (its meters): commands p99 "
        f"{report['server_command_p99_ms']} ms, store calls p99 "
        f"{report['server_store_p99_ms']} ms",
        f"server RSS: {report['rss_before_mib']} MiB before the tables, "
        f"{report['rss_created_mib']} created, {report['rss_after_mib']} playing "
        f"(peak {report['rss_peak_mib']}): {report['mib_per_table']} MiB per table",
        f"store commits: {report['store_commits_per_s']} a second"
        if report["store"] == "postgresql" else "store: SQLite (its writes not counted)",
        f"CPU (% of one core): server {report['server_cpu_pct']}, clients "
        f"{report['client_cpu_pct']}, other processes {report['other_cpu_pct']}, stolen "
        f"{report['steal_pct']}; client event-loop lag p99 {report['client_lag_p99_ms']} ms",
        f"clients: {report['client_loop']} loop, garbage collector {report['client_gc']} "
        f"while playing, peak RSS {report['client_rss_peak_mib']} MiB",
    ]
    lines += [f"  {line}" for line in report["closed"]]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark from the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables at once (200)")
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--seconds", type=float, default=None,
                        help="seconds of play (default 30)")
    length.add_argument("--actions", type=int, default=None,
                        help="commands per table instead (a game that ends stops sooner)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a client's mean seconds before each action (1; 0: flat out)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--port", type=int, default=None, help="default: a free port")
    parser.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                        help="permessage-deflate as browsers ask for it (default), or none")
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="run the server under cProfile, its stats to FILE")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="at most this many seconds of play with --actions (600)")
    parser.add_argument("--store", metavar="URL", default=None,
                        help="a PostgreSQL server to run over (a database of the run's own "
                             "is made there); default: SQLite")
    parser.add_argument("--workers", type=int, default=None,
                        help="euchre serve --workers N (with --store)")
    parser.add_argument("--client-gc", choices=["off", "on"], default="off",
                        help="the clients' own garbage collector while they play: off "
                             "(default), or on with its long-lived objects frozen")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.tables < 1 or (args.actions is not None and args.actions < 1) or args.think < 0:
        parser.error("--tables and --actions are at least 1, --think at least 0")
    if args.workers is not None and (args.workers < 1 or args.store is None):
        parser.error("--workers N (at least 1) runs over a PostgreSQL --store")
    seconds = 30.0 if args.seconds is None and args.actions is None else args.seconds
    try:
        report = benchmark(args.tables, seconds=seconds, actions=args.actions,
                           think=args.think, seed=args.seed, port=args.port,
                           compression=None if args.compression == "none" else "deflate",
                           profile=args.profile, timeout=args.timeout, store=args.store,
                           workers=args.workers, client_gc=args.client_gc == "on")
    except (BenchError, OSError) as error:
        print(f"web_load: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report))
    else:
        print("\n".join(report_lines(report)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
