"""The gate of a worker: each new connection handed to the worker that serves its table.

With several workers on one machine (``euchre serve --workers N``), the kernel gives a new
connection to any worker. Relaying a socket frame by frame through a worker that does
not serve its table (:mod:`euchre.web.forward`) costs that worker as much as the socket
itself, so a worker's :class:`Gate` accepts the connections first and looks at the
request line without reading it (``MSG_PEEK``): a WebSocket for a table another worker
*of this machine* serves is handed to that worker whole, the open connection itself
passed over a Unix socket (``SCM_RIGHTS``); that worker's HTTP server takes it as if it
had accepted it. Everything else, and a socket whose worker can not take it, is served
here (a worker on another machine is reached by the relay).

The hand-over sockets are ``{folder}/{pid}.sock`` in a folder the supervisor makes
(``EUCHRE_HANDOFF_DIR``).

>>> table_of(b"GET /ws/Ab-3_x HTTP/1.1\\r\\nHost: x\\r\\n")
'Ab-3_x'
>>> table_of(b"GET /api/tables HTTP/1.1\\r\\n"), table_of(b"GET /ws/a b HTTP/1.1\\r\\n")
(None, None)
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import logging
import os
import re
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final

from euchre.web.database import StoreError, WorkerRow
from euchre.web.server import Server

__all__ = ["HANDOFF_ENV", "PEEK_SECONDS", "Gate", "table_of"]

LOG: Final = logging.getLogger("euchre.web")

HANDOFF_ENV: Final = "EUCHRE_HANDOFF_DIR"
"""The environment variable naming the folder of the workers' hand-over sockets."""
PEEK_SECONDS: Final = 10.0
"""How long a new connection has to send its request line."""
PEEK_BYTES: Final = 2048
_SOCKET_LINE: Final = re.compile(rb"GET /ws/([A-Za-z0-9_-]{1,64}) HTTP/1\.[01]\r\n")

ProtocolFactory = Callable[[], asyncio.Protocol]


def table_of(head: bytes) -> str | None:
    """The table id of a request that opens a table's socket, from its first bytes."""
    match = _SOCKET_LINE.match(head)
    return match.group(1).decode() if match else None


class Gate:
    """A worker's accepting of its connections (see the module's docstring):
    ``listener`` is its listening socket, ``protocol`` makes the HTTP server's protocol
    for a connection, ``folder`` holds the hand-over sockets."""

    def __init__(self, server: Server, listener: socket.socket, protocol: ProtocolFactory,
                 folder: Path) -> None:
        self.server = server
        self.listener = listener
        self.protocol = protocol
        self.folder = folder
        self.path = folder / f"{os.getpid()}.sock"
        self.inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.handed = 0
        """Connections handed to another worker."""
        self.taken = 0
        """Connections another worker handed here."""
        self._tasks: set[asyncio.Future[Any]] = set()

    async def run(self) -> None:
        """Accept and route connections until cancelled."""
        loop = asyncio.get_running_loop()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self.inbox.bind(str(self.path))
        self.inbox.setblocking(False)
        self.outbox.setblocking(False)
        loop.add_reader(self.inbox.fileno(), self._receive)
        self.listener.setblocking(False)
        try:
            while True:
                try:
                    connection, _ = await loop.sock_accept(self.listener)
                except OSError as error:  # out of descriptors, for one: go on shortly
                    LOG.warning("a connection could not be accepted: %s", error)
                    await asyncio.sleep(0.1)
                    continue
                self._spawn(self._route(connection))
        finally:
            loop.remove_reader(self.inbox.fileno())
            self.inbox.close()
            self.outbox.close()
            with contextlib.suppress(OSError):
                self.path.unlink()

    def _spawn(self, work: Awaitable[Any]) -> None:
        task: asyncio.Future[Any] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _serve(self, connection: socket.socket) -> None:
        """``connection`` served here, as if the HTTP server had accepted it."""
        loop = asyncio.get_running_loop()
        self._spawn(loop.connect_accepted_socket(self.protocol, connection))

    async def _route(self, connection: socket.socket) -> None:
        """Look at the request line; hand the connection over, or serve it here."""
        connection.setblocking(False)
        try:
            head = await self._peek(connection)
        except (TimeoutError, OSError):
            connection.close()  # it said nothing in time, or is gone already
            return
        id = table_of(head)
        if id is not None and id not in self.server.rooms:
            try:
                owner = await self.server.locate(id)
            except StoreError:
                owner = None  # served here, which tells the page to try again
            if isinstance(owner, WorkerRow) and self._hand(connection, owner):
                return
        self._serve(connection)

    async def _peek(self, connection: socket.socket) -> bytes:
        """The first bytes of the request (its first line at least), left unread."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PEEK_SECONDS
        while True:
            try:
                head = connection.recv(PEEK_BYTES, socket.MSG_PEEK)
            except BlockingIOError:
                head = None
            if head == b"":
                raise OSError("closed before its request")
            if head is not None and (b"\r\n" in head or len(head) >= PEEK_BYTES):
                return head
            ready: asyncio.Future[None] = loop.create_future()
            loop.add_reader(connection.fileno(), _wake, ready)
            try:
                await asyncio.wait_for(ready, max(0.0, deadline - loop.time()))
            finally:
                loop.remove_reader(connection.fileno())
            if head is not None:  # a part of the line came: let the rest arrive
                await asyncio.sleep(0.01)

    def _hand(self, connection: socket.socket, owner: WorkerRow) -> bool:
        """Pass ``connection`` to ``owner`` when it is a worker of this machine; whether
        it was passed (then it is closed here)."""
        if owner.host != self.server.worker.host:
            return False
        path = self.folder / f"{owner.pid}.sock"
        try:  # (socket.send_fds drops its address on Python 3.11: sendmsg itself)
            self.outbox.sendmsg([b"c"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                          array.array("i", [connection.fileno()]))],
                               0, str(path))
        except OSError:
            return False  # that worker is gone, or its inbox is full: served here
        connection.close()
        self.handed += 1
        return True

    def _receive(self) -> None:
        """Take the connections other workers handed over."""
        while True:
            try:
                _, fds, _, _ = socket.recv_fds(self.inbox, 16, 64)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                LOG.warning("a handed connection could not be taken: %s", error)
                return
            for fd in fds:
                self.taken += 1
                self._serve(socket.socket(fileno=fd))


def _wake(ready: asyncio.Future[None]) -> None:
    """A connection has bytes to read (once is enough: a callback already queued may
    come after)."""
    if not ready.done():
        ready.set_result(None)
