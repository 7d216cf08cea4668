"""The web server's rooms: the tables this process serves, its store and the bots' threads.

:class:`Server` is what the HTTP API (:mod:`euchre.web.api`) and the WebSocket endpoint
(:mod:`euchre.web.sockets`) share: the open rooms by id, the store behind them, the
check of a page's Origin, and the process's meters (:class:`Meters`).
:func:`~euchre.web.app.create_app` makes one per application.

A server is one *worker* of its store (:mod:`euchre.web.database`): it serves the tables
it owns. Over a store shared by several workers (PostgreSQL), it says it is alive every
second, claims the tables nobody serves (a stopped or dead worker's), lets go of a table
another worker has taken, and finds the worker that serves any other table
(:meth:`Server.locate`), for the API and the sockets to forward to. Notices from the
other workers (a table created or moved, a seat taken) come through the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from euchre.web.collector import Collector
from euchre.web.database import (
    HEARTBEAT_SECONDS,
    Notice,
    Store,
    StoreError,
    WorkerRow,
    new_worker,
)
from euchre.web.guard import origin_allowed
from euchre.web.room import AWAY_SECONDS, Hooks, Room, TableSettings

__all__ = ["CLAIM_BATCH", "FORWARDED", "REST_SECONDS", "Meters", "Server"]

LOG: Final = logging.getLogger("euchre.web")

REST_SECONDS: Final = 300.0
"""How long a finished game's table stays in memory with nobody at it; then it rests in
the store alone (:meth:`Server.rest_idle`) and opens again when somebody asks for it."""
CLAIM_BATCH: Final = 500
"""The most tables a worker claims at once (it claims again at once while more wait)."""
FORWARDED: Final = "x-euchre-forwarded"
"""The header of a request or socket one worker forwards to another: the cluster's
secret, which only the workers know."""
WINDOW: Final = 2000
"""The recent timings a quantile is taken over."""


class Meters(Hooks):
    """What ``/metrics`` tells of one worker (:meth:`text`, the Prometheus text format):
    commands answered and their time, the store's time, sockets open."""

    def __init__(self) -> None:
        self.commands = 0
        self.command_seconds = 0.0
        self.writes = 0
        self.write_seconds = 0.0
        self.sockets = 0
        self.forwarded_sockets = 0
        self._commands: deque[float] = deque(maxlen=WINDOW)
        self._writes: deque[float] = deque(maxlen=WINDOW)

    def command(self, seconds: float) -> None:
        self.commands += 1
        self.command_seconds += seconds
        self._commands.append(seconds)

    def stored(self, seconds: float) -> None:
        self.writes += 1
        self.write_seconds += seconds
        self._writes.append(seconds)

    def text(self, server: Server) -> str:
        """The meters in the Prometheus text format, each sample labelled with this
        worker's id."""
        label = f'worker="{server.worker.id}"'
        lines = [
            "# HELP euchre_tables Tables this worker serves (over: finished).",
            "# TYPE euchre_tables gauge",
        ]
        over = sum(1 for room in server.rooms.values() if room.table.game_over)
        lines += [f'euchre_tables{{{label},state="playing"}} {len(server.rooms) - over}',
                  f'euchre_tables{{{label},state="over"}} {over}',
                  "# HELP euchre_sockets WebSockets open on this worker (forwarded: "
                  "relayed to the worker that serves their table).",
                  "# TYPE euchre_sockets gauge",
                  f'euchre_sockets{{{label},kind="local"}} {self.sockets}',
                  f'euchre_sockets{{{label},kind="forwarded"}} {self.forwarded_sockets}']
        gate = server.gate
        if gate is not None:
            lines += ["# HELP euchre_connections_handed_total Connections this worker "
                      "handed to the worker of its machine that serves their table "
                      "(out), or was handed (in).",
                      "# TYPE euchre_connections_handed_total counter",
                      f'euchre_connections_handed_total{{{label},way="out"}} {gate.handed}',
                      f'euchre_connections_handed_total{{{label},way="in"}} {gate.taken}']
        lines += _summary("euchre_command_seconds", "Commands answered: stored, applied "
                          "and sent to the table's clients.", label, self._commands,
                          self.commands, self.command_seconds)
        if server.collector is not None:
            lines += server.collector.text(label)
        lines += _summary("euchre_store_seconds", "Calls of the store (writes and the "
                          "reads of commands).", label, self._writes, self.writes,
                          self.write_seconds)
        return "\n".join(lines) + "\n"


def _summary(name: str, help: str, label: str, recent: deque[float], count: int,
             total: float) -> list[str]:
    """A Prometheus summary: the median and 99th percentile of the recent timings, the
    count and the sum of all."""
    ordered = sorted(recent)
    lines = [f"# HELP {name} {help}", f"# TYPE {name} summary"]
    for q in (0.5, 0.99):
        value = ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0
        lines.append(f'{name}{{{label},quantile="{q}"}} {value:.6f}')
    lines += [f"{name}_count{{{label}}} {count}", f"{name}_sum{{{label}}} {total:.6f}"]
    return lines


class _ServerHooks(Meters):
    """The server's :class:`Meters` that also hear the rooms' news."""

    def __init__(self, server: Server) -> None:
        super().__init__()
        self.server = server

    def listing(self, room: Room) -> None:
        self.server.listing(room)

    def lost(self, room: Room) -> None:
        self.server.let_go(room.id)


class Server:
    """The rooms of one process, their store and the bots' thread pool (see the
    module's docstring)."""

    def __init__(self, store: Store, *, away_seconds: float = AWAY_SECONDS,
                 allow_origins: Sequence[str] = (), bot_threads: int = 2,
                 address: str = "", secret: str | None = None,
                 collector: Collector | None = None,
                 rest_seconds: float = REST_SECONDS) -> None:
        self.store = store
        self.rest_seconds = rest_seconds
        self._idle: dict[str, float] = {}
        """When each finished table with nobody at it was first seen so."""
        self.away_seconds = away_seconds
        self.allow_origins = {o.rstrip("/") for o in allow_origins}
        self.executor = ThreadPoolExecutor(bot_threads, thread_name_prefix="euchre-bot")
        self.rooms: dict[str, Room] = {}
        self.worker = new_worker(address or "local")
        self.secret = secret or secrets.token_urlsafe(24)
        """The cluster's secret: a request carrying it in :data:`FORWARDED` was
        forwarded by another worker, which checked it first."""
        self.meters = _ServerHooks(self)
        self.collector = collector
        """The garbage collector's keeper, in a process of its own (its meters go to
        ``/metrics``)."""
        self._listed: set[str] = set()
        """The rooms whose lobby summary is to be written."""
        self._opening: dict[str, asyncio.Task[Room | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._lobby: tuple[float, list[dict[str, Any]]] | None = None
        self.running = False
        self._workers: tuple[float, list[WorkerRow]] | None = None
        self._sent: dict[str, int] = {}
        """The tables sent to each other worker since the workers were last read."""
        self.gate: Any = None
        """The worker's :class:`~euchre.web.gate.Gate`, when it has one (its counts go
        to ``/metrics``)."""
        self.http: Any = None
        """The client that forwards requests to other workers (:mod:`euchre.web.forward`),
        made on first use."""

    # -- starting and stopping ------------------------------------------------------------

    async def load(self) -> None:
        """Join the store as a worker, and open every table nobody else serves."""
        await self.store.join(self.worker)
        while len(await self._claim()) == CLAIM_BATCH:
            pass

    def start(self) -> None:
        """Start every room's driver, and over a shared store the worker's beat and its
        ear for notices (on the running loop)."""
        self.running = True
        for room in self.rooms.values():
            room.run()
        loop = asyncio.get_running_loop()
        if self.collector is not None:
            self._tasks.append(loop.create_task(self.collector.run()))
        self._tasks.append(loop.create_task(self._resting()))
        if self.store.shared:
            self._tasks.append(loop.create_task(self._beat()))
            self._tasks.append(loop.create_task(self._listings()))
            self._tasks.append(loop.create_task(self.store.listen(self._heard)))

    async def stop(self) -> None:
        """Stop the rooms and the thread pool, and release this worker's tables for the
        others (the store stays open)."""
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._write_listings()
        for room in self.rooms.values():
            await room.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.http is not None:
            await self.http.aclose()
        try:
            await self.store.leave()
        except StoreError as error:
            LOG.error("this worker's tables could not be released: %s", error)

    # -- tables --------------------------------------------------------------------------

    def _room(self, room: Room) -> Room:
        """``room`` served here from now on."""
        self.rooms[room.id] = room
        room.run()
        return room

    async def _restore_ids(self, ids: Sequence[str]) -> list[Room]:
        """The stored tables ``ids`` back in rooms, where they were (one that can not be
        restored is left out, and logged)."""
        rooms = []
        for stored in await self.store.load_tables(ids):
            try:
                room = await Room.restore(stored, self.store, self.executor,
                                          away_seconds=self.away_seconds, hooks=self.meters)
            except Exception:  # whatever is wrong with one stored table, the rest open
                LOG.exception("table %s can not be restored: it is left out", stored.id)
                continue
            self.rooms[room.id] = room
            rooms.append(room)
        return rooms

    async def _claim(self) -> list[str]:
        """Claim and open tables nobody serves; returns their ids."""
        ids = await self.store.claim(CLAIM_BATCH)
        if ids:
            for room in await self._restore_ids(ids):
                if self.running:  # started: run it at once
                    room.run()
            LOG.info("worker %s: took %d tables", self.worker.id, len(ids))
            await self.store.notify("moved", "")
        return ids

    async def create(self, settings: TableSettings) -> tuple[Room, list[str]]:
        """A new table, served here; returns its room and every seat's token."""
        id = secrets.token_urlsafe(6)
        while id in self.rooms:
            id = secrets.token_urlsafe(6)
        room, tokens = await Room.create(id, settings, self.store, self.executor,
                                         away_seconds=self.away_seconds, hooks=self.meters)
        self._room(room)
        if self.store.shared:  # listed at once, on every worker
            self._listed.discard(id)
            await self.store.set_summaries({id: None if settings.private else room.describe()})
            await self.store.notify("created", id)
        return room, tokens

    def let_go(self, id: str) -> None:
        """Another worker serves table ``id`` now: its room closes here."""
        room = self.rooms.pop(id, None)
        if room is not None:
            LOG.warning("worker %s: table %s is served by another worker now",
                        self.worker.id, id)
            room.let_go()

    def drop(self, id: str) -> None:
        """Table ``id`` was deleted from the store (its player deleted their account):
        its room closes here, if it is here."""
        room = self.rooms.pop(id, None)
        if room is not None:
            room.let_go()

    async def deleted(self, ids: Sequence[str]) -> None:
        """Tables ``ids`` were deleted from the store: their rooms close here and on
        every other worker."""
        for id in ids:
            self.drop(id)
            await self.store.notify("deleted", id)

    async def locate(self, id: str) -> Room | WorkerRow | None:
        """Where table ``id`` is served: its room here, the worker that serves it, or
        ``None`` when there is no such table. A table nobody serves (its worker died, or
        its game is over and it rests) is claimed and opened here, at once."""
        room = self.rooms.get(id)
        if room is not None:
            return room
        try:
            owner = await self.store.owner(id)
        except KeyError:
            return None
        if owner is not None and owner.id != self.worker.id:
            return owner
        if id not in self._opening:
            self._opening[id] = asyncio.get_running_loop().create_task(self._take(id))
        try:
            room = await self._opening[id]
        finally:
            self._opening.pop(id, None)
        if room is not None:
            return room
        try:  # another worker got it first; or it can not be restored (logged)
            owner = await self.store.owner(id)
        except KeyError:
            return None
        return owner if owner is not None and owner.id != self.worker.id else None

    async def _take(self, id: str) -> Room | None:
        """Claim and open table ``id`` (nobody serves it); ``None`` if another worker
        got it first."""
        if id in self.rooms:
            return self.rooms[id]
        if not await self.store.claim_one(id):
            return None
        rooms = await self._restore_ids([id])
        await self.store.notify("moved", id)
        return self._room(rooms[0]) if rooms else None

    async def rest_idle(self, now: float | None = None) -> list[str]:
        """Let every finished game's table that has had nobody at it for
        :attr:`rest_seconds` (as of ``now``, on :func:`time.monotonic`) leave memory:
        it rests in the store, which has its record; returns their ids."""
        now = time.monotonic() if now is None else now
        rested = []
        for id, room in list(self.rooms.items()):
            if not (room.finished and room.table.game_over) or any(
                    not c.closed for c in room.clients):
                self._idle.pop(id, None)
                continue
            if now - self._idle.setdefault(id, now) < self.rest_seconds:
                continue
            del self.rooms[id]
            self._idle.pop(id, None)
            await room.stop()
            try:
                await self.store.rest(id)
            except StoreError as error:  # still this worker's: asked for, it opens here
                LOG.warning("table %s can not rest in the store: %s", id, error)
            rested.append(id)
        if rested:
            LOG.info("worker %s: %d finished tables rest", self.worker.id, len(rested))
        return rested

    async def _resting(self) -> None:
        """Now and then, the finished tables nobody is at leave memory."""
        while True:
            await asyncio.sleep(min(30.0, self.rest_seconds))
            try:
                await self.rest_idle()
            except Exception:  # the rest must go on
                LOG.exception("worker %s: finished tables could not rest", self.worker.id)

    def in_play(self) -> int:
        """The tables in play this worker serves."""
        return sum(1 for room in self.rooms.values() if not room.table.game_over)

    async def place(self) -> WorkerRow | None:
        """Where a new table should live: ``None`` for here, or the live worker with the
        fewest tables in play (as of its last beat, counting the tables sent to it
        since), so that tables spread over the workers whichever took the request."""
        if not self.store.shared:
            return None
        now = time.monotonic()
        if self._workers is None or now - self._workers[0] > HEARTBEAT_SECONDS:
            self._workers = (now, await self.store.workers())
            self._sent.clear()
        workers = [w for w in self._workers[1] if w.id != self.worker.id]
        mine = self.in_play()
        best = min(workers, key=lambda w: w.load + self._sent.get(w.id, 0), default=None)
        if best is None or best.load + self._sent.get(best.id, 0) + 1 >= mine:
            return None  # here is as good as anywhere (ties stay here)
        self._sent[best.id] = self._sent.get(best.id, 0) + 1
        return best

    # -- the lobby -----------------------------------------------------------------------

    def listing(self, room: Room) -> None:
        """What the lobby shows of ``room`` changed: its summary is written soon."""
        if self.store.shared:
            self._listed.add(room.id)

    async def lobby(self) -> list[dict[str, Any]]:
        """The tables the lobby lists: this worker's as they are now, and over a shared
        store every other worker's summary (read at most once a second)."""
        mine = [room.describe() for room in self.rooms.values()
                if not room.table.game_over and not room.settings.private]
        if not self.store.shared:
            return mine
        now = time.monotonic()
        if self._lobby is None or now - self._lobby[0] > 1.0:
            self._lobby = (now, await self.store.lobby())
        here = {d["id"] for d in mine}
        return mine + [d for d in self._lobby[1] if d.get("id") not in here]

    async def _write_listings(self) -> None:
        """Write the lobby summaries that changed, in one transaction (a finished or
        private table is not listed)."""
        changed, self._listed = self._listed, set()
        summaries = {}
        for id in changed:
            room = self.rooms.get(id)
            if room is not None:
                listed = not room.table.game_over and not room.settings.private
                summaries[id] = room.describe() if listed else None
        if not summaries:
            return
        try:
            await self.store.set_summaries(summaries)
        except StoreError as error:
            LOG.warning("%d lobby summaries can not be written: %s", len(summaries), error)
            return
        await self.store.notify("listed", "")

    # -- the worker's beat ---------------------------------------------------------------

    def _heard(self, notice: Notice) -> None:
        """A notice from another worker: a table released or moved is worth a look at
        once; anything in the lobby makes its list stale."""
        self._lobby = None
        if notice.kind in ("released", "resync"):
            self._wake.set()
        elif notice.kind == "deleted":
            self.drop(notice.table)

    async def _listings(self) -> None:
        """Every second, the lobby summaries that changed written (apart from the beat,
        which nothing may hold up)."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                await self._write_listings()
            except Exception:  # the lobby must go on
                LOG.exception("worker %s: the lobby's summaries failed", self.worker.id)

    async def _beat(self) -> None:
        """Every second: say this worker is alive, let go of tables another worker has
        taken, claim the tables nobody serves."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), HEARTBEAT_SECONDS)
            self._wake.clear()
            try:
                # a room opened while the store answers was not in its answer
                before = set(self.rooms)
                owned = await self.store.heartbeat(self.in_play())
                for id in before - owned:
                    self.let_go(id)
                while len(await self._claim()) == CLAIM_BATCH:
                    pass
            except StoreError as error:
                LOG.error("worker %s: %s", self.worker.id, error)
            except Exception:  # the beat must go on
                LOG.exception("worker %s: the beat failed", self.worker.id)

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """Whether a page at ``origin`` may open a socket or change something (no
        Origin: a program): :func:`~euchre.web.guard.origin_allowed`."""
        return origin_allowed(origin, host, self.allow_origins)

    def forwarded(self, headers: Any) -> bool:
        """Whether a request came from another worker (it carries the secret)."""
        given = headers.get(FORWARDED)
        return isinstance(given, str) and secrets.compare_digest(given, self.secret)
