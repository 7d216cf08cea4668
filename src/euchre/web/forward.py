"""Forwarding between workers: a request or socket for a table that another worker serves.

Several workers share one public address (``euchre serve --workers N``): the kernel
hands each new connection to any of them. A worker that gets a request for a table it
does not serve forwards it to the worker that does (:class:`~euchre.web.server.Server`'s
``locate``), at the address that worker registered in the store: an HTTP request whole
(:func:`forward_request`, through httpx), a WebSocket frame by frame
(:func:`relay_socket`, through websockets). The forwarded request carries the cluster's
secret (:data:`~euchre.web.server.FORWARDED`), by which the owner knows the first
worker checked the page's Origin already, and never forwards it again. Both libraries
come with the ``postgres`` extra: only a shared store has more than one worker.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from euchre.web.database import StoreError, WorkerRow
from euchre.web.guard import incident
from euchre.web.room import SERVICE_RESTART
from euchre.web.server import FORWARDED, Server
from euchre.web.sockets import POLICY_VIOLATION, Bucket, serve_socket

__all__ = ["FORWARD_SECONDS", "forward_request", "moving", "relay_socket", "route_socket"]

FORWARD_SECONDS: Final = 10.0
"""How long a worker waits for the worker it forwards to."""
_HEADERS: Final = ("content-type", "origin", "host", "accept")
"""The request headers passed on (the Host and Origin too: the owner makes the same
checks and writes the same links)."""
_ANSWER_HEADERS: Final = ("content-type", "content-disposition", "cache-control",
                          "retry-after")


def moving(id: str) -> JSONResponse:
    """The answer while table ``id`` moves between workers: try again in a second."""
    return JSONResponse({"error": f"table {id} is moving to another worker: try again in "
                                  f"a moment"}, status_code=503, headers={"Retry-After": "1"})


async def forward_request(server: Server, request: Request, owner: WorkerRow) -> Response:
    """``request`` answered by ``owner``, the worker that serves its table (a 503 that
    says to try again when that worker does not answer: it may have just died, and
    another takes its tables over within seconds)."""
    import httpx

    if server.http is None:
        server.http = httpx.AsyncClient(timeout=FORWARD_SECONDS)
    headers = {name: value for name in _HEADERS
               if (value := request.headers.get(name)) is not None}
    headers[FORWARDED] = server.secret
    url = f"http://{owner.address}{request.url.path}"
    if request.url.query:
        url += f"?{request.url.query}"
    try:
        answer = await server.http.request(request.method, url, headers=headers,
                                           content=await request.body())
    except httpx.HTTPError:
        return JSONResponse({"error": "the worker that serves this table does not answer: "
                                      "try again in a few seconds"},
                            status_code=503, headers={"Retry-After": "2"})
    return Response(answer.content, status_code=answer.status_code,
                    headers={name: value for name in _ANSWER_HEADERS
                             if (value := answer.headers.get(name)) is not None})


async def route_socket(server: Server, websocket: WebSocket, bucket: Bucket) -> None:
    """A new socket: its page's Origin checked (unless another worker forwarded it,
    having checked it), then served here when this worker serves its table, else
    relayed to the worker that does. While the store can not be reached, or the table
    is between workers, the socket closes with :data:`~euchre.web.room.SERVICE_RESTART`:
    the page connects again."""
    forwarded = server.forwarded(websocket.headers)
    if not forwarded and not server.origin_ok(websocket.headers.get("origin"),
                                              websocket.headers.get("host")):
        await websocket.close(code=POLICY_VIOLATION)
        return
    try:
        located = await server.locate(websocket.path_params["id"])
    except StoreError as error:
        incident("a socket's table could not be found in the store", error)
        await _try_again(websocket)
        return
    if located is None or not isinstance(located, WorkerRow):
        await serve_socket(server, websocket, bucket, located)
    elif forwarded:  # it moved again meanwhile: the page connects again
        await _try_again(websocket)
    else:
        await relay_socket(server, websocket, located, bucket)


async def relay_socket(server: Server, websocket: WebSocket, owner: WorkerRow,
                       bucket: Bucket) -> None:
    """The client's socket relayed to ``owner``'s, frame by frame, both ways, until
    either closes; the owner's close code goes on to the client (a lost owner:
    :data:`~euchre.web.room.SERVICE_RESTART`, so the page connects again)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    id = websocket.path_params["id"]
    try:
        upstream = await connect(f"ws://{owner.address}/ws/{id}",
                                 additional_headers={FORWARDED: server.secret},
                                 open_timeout=FORWARD_SECONDS, compression=None,
                                 max_size=2**22, ping_interval=20, ping_timeout=20)
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI):
        await _try_again(websocket)
        return
    await websocket.accept()
    server.meters.forwarded_sockets += 1
    closing: list[int] = []

    async def up() -> None:
        while True:
            data = await websocket.receive()
            if data["type"] == "websocket.disconnect":
                return
            if not bucket.take():
                closing.append(POLICY_VIOLATION)
                return
            text, raw = data.get("text"), data.get("bytes")
            await upstream.send(text if text is not None else raw or b"")

    async def down() -> None:
        async for frame in upstream:
            if isinstance(frame, str):
                await websocket.send_text(frame)
            else:
                await websocket.send_bytes(frame)

    tasks = [asyncio.ensure_future(up()), asyncio.ensure_future(down())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed,
                                     WebSocketDisconnect, RuntimeError, OSError):
                await task
        server.meters.forwarded_sockets -= 1
        await upstream.close()
        code = closing[0] if closing else _passed_on(upstream.close_code)
        with contextlib.suppress(RuntimeError, OSError):
            await websocket.close(code=code)


async def _try_again(websocket: WebSocket) -> None:
    """Accept the socket and close it at once with
    :data:`~euchre.web.room.SERVICE_RESTART`: its page connects again shortly (a
    refused handshake would tell it nothing)."""
    await websocket.accept()
    await websocket.close(code=SERVICE_RESTART)


def _passed_on(code: Any) -> int:
    """The close code the client gets when the owner's socket closed with ``code``: the
    owner's own (a wrong token, no such table...), or, when the owner went away without
    one, :data:`~euchre.web.room.SERVICE_RESTART`."""
    if isinstance(code, int) and code not in (1005, 1006) and 1000 <= code < 5000:
        return code
    return SERVICE_RESTART
