"""The web server's ASGI application: pages, the HTTP API and the WebSocket protocol.

:func:`create_app` makes a Starlette application over a :class:`~euchre.web.database.Store`.
Every message format and limit is in ``docs/web.md``; the application checks what arrives
(the Host, size, rate, JSON shape and depth, the Origin, the content type, the seat
token, the text of every field) and hands each good message to its
:class:`~euchre.web.room.Room`. A bad message gets one ``error`` back and changes
nothing; a flood closes its socket with code 1008. A failure of the server itself
(the store, a bug) reaches the client as a short message with an error id, and the
details go to the log; it never stops a table or another client.

This module assembles the parts, each a module of one role:

* :mod:`euchre.web.server`: the rooms of the process (:class:`Server`);
* :mod:`euchre.web.api`: the HTTP API's endpoints, and the answers to what they raise;
* :mod:`euchre.web.sockets`: the WebSocket endpoint and its messages;
* :mod:`euchre.web.guard`: the checks every request passes first (the Host guard is
  the application's middleware).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import Executor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from euchre.clubs.accounts import Passwords
from euchre.web.api import EXCEPTION_HANDLERS, Api
from euchre.web.clubs import Clubs
from euchre.web.collector import Collector
from euchre.web.database import Store
from euchre.web.forward import route_socket
from euchre.web.guard import AllowedHosts, HostGuard
from euchre.web.members import Members
from euchre.web.room import AWAY_SECONDS
from euchre.web.server import REST_SECONDS, Server
from euchre.web.sockets import MAX_MESSAGE, Bucket

__all__ = ["BURST", "MAX_MESSAGE", "RATE", "Server", "create_app"]

STATIC: Final = Path(__file__).resolve().parent / "static"
RATE: Final = 20.0
"""Messages a second a client may send on average..."""
BURST: Final = 40.0
"""...and at once (each socket's :class:`~euchre.web.sockets.Bucket`)."""


def create_app(store: Store, *, away_seconds: float = AWAY_SECONDS,
               allow_origins: Sequence[str] = (), hosts: Sequence[str] = (),
               bot_threads: int = 2, address: str = "", secret: str | None = None,
               collector: Collector | None = None,
               rest_seconds: float = REST_SECONDS,
               passwords: Passwords | None = None) -> Starlette:
    """The web table's application over ``store`` (tables in it resume on startup).

    ``hosts`` are the names the server answers to besides ``localhost``, IP addresses
    and the addresses of ``allow_origins`` (``euchre serve`` gives its ``--host``): a
    request with another ``Host`` is refused (:class:`~euchre.web.guard.HostGuard`).
    With several workers over one store, ``address`` is where the other workers reach
    this one (``host:port``), and ``secret`` the cluster's (:class:`Server`).
    ``collector``: a :class:`~euchre.web.collector.Collector` to run while the
    application does (a server process of its own, such as ``euchre serve``'s).
    ``rest_seconds``: how long a finished game's table with nobody at it stays in
    memory (:meth:`Server.rest_idle`). ``passwords``: how players' passwords are
    hashed (:class:`~euchre.clubs.accounts.Passwords`; tests take its cheap one).
    """
    server = Server(store, away_seconds=away_seconds, allow_origins=allow_origins,
                    bot_threads=bot_threads, address=address, secret=secret,
                    collector=collector, rest_seconds=rest_seconds)
    members = Members(server, passwords)
    clubs = Clubs(server, members, STATIC)
    app = Starlette(routes=_routes(server, members, clubs),
                    lifespan=_lifespan(server, [members.executor, clubs.executor]),
                    middleware=_guards(hosts, allow_origins),
                    exception_handlers=EXCEPTION_HANDLERS)
    app.state.server = server
    return app


def _routes(server: Server, members: Members, clubs: Clubs) -> list[BaseRoute]:
    """Every route, in the order they are matched: the pages, the HTTP API, the
    socket, the static files."""

    async def socket(websocket: WebSocket) -> None:
        await route_socket(server, websocket, Bucket(RATE, BURST))

    return [
        Route("/", page),
        Route("/t/{id}", page),
        Route("/replay/{id}", page),
        *Api(server, members).routes(),
        *members.routes(),
        *clubs.routes(),
        WebSocketRoute("/ws/{id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


async def page(request: Request) -> Response:
    """The one page (the table, the lobby and the replay are drawn by its script)."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def _guards(hosts: Sequence[str], allow_origins: Sequence[str]) -> list[Middleware]:
    """The middleware: the Host guard, which takes ``hosts`` and the addresses of
    ``allow_origins`` (with ``localhost`` and IP addresses)."""
    allowed = AllowedHosts([*hosts, *(urlsplit(o).netloc for o in allow_origins)])
    return [Middleware(HostGuard, hosts=allowed)]


def _lifespan(server: Server, executors: Sequence[Executor]
              ) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The application's life: the stored tables open and start on startup, and the
    rooms stop on shutdown, and the club room's threads (``executors``) with them."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.load()
        server.start()
        try:
            yield
        finally:
            await server.stop()
            for executor in executors:
                executor.shutdown(wait=False, cancel_futures=True)

    return lifespan
