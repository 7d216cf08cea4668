"""The web server's ASGI application: pages, the HTTP API and the WebSocket protocol.

:func:`create_app` makes a Starlette application over a :class:`~euchre.web.database.Store`.
Every message format and limit is in ``docs/web.md``; this module checks what arrives
(the Host, size, rate, JSON shape and depth, the Origin, the content type, the seat
token, the text of every field) and hands each good message to its
:class:`~euchre.web.room.Room`. A bad message gets one ``error`` back and changes
nothing; a flood closes its socket with code 1008. A failure of the server itself
(the store, a bug) reaches the client as a short message with an error id, and the
details go to the log; it never stops a table or another client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from euchre.engine.cards import DECKS
from euchre.engine.rules import (
    APPLIES,
    FORM_NAMES,
    OPTION_HELP,
    PRESET_HELP,
    PRESETS,
    SEAT_NAMES,
    Rules,
    seat_name,
)
from euchre.errors import EuchreError, RulesError
from euchre.players.registry import available_bots
from euchre.records.egn import dumps_egn
from euchre.records.record import loads
from euchre.web.database import Store, StoreError
from euchre.web.guard import AllowedHosts, HostGuard, incident, origin_allowed
from euchre.web.project import replay_json
from euchre.web.room import (
    AWAY_SECONDS,
    CHAT_LIMIT,
    NAME_LIMIT,
    Client,
    Room,
    SeatTaken,
    SettingsError,
    TableSettings,
    clean_name,
)

__all__ = ["BURST", "MAX_MESSAGE", "RATE", "Server", "create_app"]

LOG: Final = logging.getLogger("euchre.web")
STATIC: Final = Path(__file__).resolve().parent / "static"
MAX_MESSAGE: Final = 4096
"""The longest message a client may send (characters)."""
MAX_BODY: Final = 16384
"""The longest HTTP request body."""
RATE: Final = 20.0
"""Messages a second a client may send on average..."""
BURST: Final = 40.0
"""...and at once."""
QUEUE_LIMIT: Final = 5000
"""Frames waiting for a client that does not read them; past this it is closed."""
HELLO_SECONDS: Final = 10.0
POLICY_VIOLATION: Final = 1008


class Server:
    """The rooms of one process, their store and the bots' thread pool."""

    def __init__(self, store: Store, *, away_seconds: float = AWAY_SECONDS,
                 allow_origins: Sequence[str] = (), bot_threads: int = 2) -> None:
        self.store = store
        self.away_seconds = away_seconds
        self.allow_origins = {o.rstrip("/") for o in allow_origins}
        self.executor = ThreadPoolExecutor(bot_threads, thread_name_prefix="euchre-bot")
        self.rooms: dict[str, Room] = {}

    def load(self) -> None:
        """Every stored table back in a room, where it was."""
        for stored in self.store.load_tables():
            try:
                room = Room.restore(stored, self.store, self.executor,
                                    away_seconds=self.away_seconds)
            except Exception:  # whatever is wrong with one stored table, the rest open
                LOG.exception("table %s can not be restored: it is left out", stored.id)
                continue
            self.rooms[room.id] = room

    def start(self) -> None:
        """Start every room's driver (on the running loop)."""
        for room in self.rooms.values():
            room.run()

    async def stop(self) -> None:
        """Stop the rooms and the thread pool (the store stays open)."""
        for room in self.rooms.values():
            await room.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def create(self, settings: TableSettings) -> tuple[Room, list[str]]:
        """A new table; returns its room and every seat's token."""
        id = secrets.token_urlsafe(6)
        while id in self.rooms:
            id = secrets.token_urlsafe(6)
        room, tokens = Room.create(id, settings, self.store, self.executor,
                                   away_seconds=self.away_seconds)
        self.rooms[id] = room
        room.run()
        return room, tokens

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """Whether a page at ``origin`` may open a socket or change something (no
        Origin: a program): :func:`~euchre.web.guard.origin_allowed`."""
        return origin_allowed(origin, host, self.allow_origins)


def _json_error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Refused(Exception):
    """A request that changes something is refused before it is read (its status and
    words)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _check_write(server: Server, request: Request) -> None:
    """A request that changes something comes from the server's own page (or a
    program: no Origin) and says it is JSON, so a page elsewhere can not send it as a
    form or as plain text; raises :class:`Refused`."""
    if not server.origin_ok(request.headers.get("origin"), request.headers.get("host")):
        raise Refused(403, "a page on another address can not change tables here")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, "send JSON, with Content-Type: application/json")


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise SettingsError(f"the request is too large (at most {MAX_BODY} bytes)")
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise SettingsError("the request is not JSON") from None


def _links(request: Request, room: Room, seat: int | None, token: str | None) -> dict[str, str]:
    base = str(request.base_url).rstrip("/")
    links = {"spectate": f"{base}/t/{room.id}", "table": f"{base}/t/{room.id}"}
    if seat is not None and token is not None:
        links["seat"] = f"{base}/t/{room.id}#seat={seat}&token={token}"
    return links


def _invites(request: Request, room: Room, tokens: dict[int, str]) -> list[dict[str, Any]]:
    """The invite link of each seat in ``tokens`` (its token after the ``#``)."""
    n = len(room.seat_rows)
    return [{"seat": s, "place": seat_name(s, n),
             "link": _links(request, room, s, token)["seat"]}
            for s, token in sorted(tokens.items())]


def _allowed(form: str, option: str, values: Sequence[int]) -> list[int]:
    """The values of ``option`` the rules take in ``form`` (the rules are the judge)."""
    allowed = []
    for value in values:
        try:
            Rules(**{"form": form, option: value})  # type: ignore[arg-type]
        except RulesError:
            continue
        allowed.append(value)
    return allowed


FORM_CHOICES: Final[dict[str, dict[str, list[int]]]] = {
    form: {"players": _allowed(form, "players", range(2, 8)),
           "deck": _allowed(form, "deck", sorted(DECKS))}
    for form in FORM_NAMES
}
"""The seats and decks each form takes, for the create form's choices (``players=2`` or
``3`` of four-handed Euchre chooses the two- or three-handed form)."""


def create_app(store: Store, *, away_seconds: float = AWAY_SECONDS,
               allow_origins: Sequence[str] = (), hosts: Sequence[str] = (),
               bot_threads: int = 2) -> Starlette:
    """The web table's application over ``store`` (tables in it resume on startup).

    ``hosts`` are the names the server answers to besides ``localhost``, IP addresses
    and the addresses of ``allow_origins`` (``euchre serve`` gives its ``--host``): a
    request with another ``Host`` is refused (:class:`~euchre.web.guard.HostGuard`).
    """
    server = Server(store, away_seconds=away_seconds, allow_origins=allow_origins,
                    bot_threads=bot_threads)
    allowed = AllowedHosts([*hosts, *(urlsplit(o).netloc for o in allow_origins)])

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.load()
        server.start()
        try:
            yield
        finally:
            await server.stop()

    def room_of(request: Request) -> Room:
        room = server.rooms.get(request.path_params["id"])
        if room is None:
            raise KeyError(request.path_params["id"])
        return room

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def setup(request: Request) -> Response:
        presets = {name: {"help": PRESET_HELP.get(name, ""), "rules": rules.to_dict()}
                   for name, rules in PRESETS.items()}
        return JSONResponse({
            "presets": presets, "options": dict(OPTION_HELP),
            "defaults": Rules().to_dict(),
            "seat_names": {str(n): list(names) for n, names in SEAT_NAMES.items()},
            "form_choices": FORM_CHOICES,
            "applies": {option: list(forms) for option, forms in APPLIES.items()},
            "bots": [b for b in available_bots() if b != "human"],
            "limits": {"message": MAX_MESSAGE, "chat": CHAT_LIMIT, "name": NAME_LIMIT,
                       "away_seconds": server.away_seconds},
        })

    async def list_tables(request: Request) -> Response:
        """The open tables; one that can not be described is left out (and logged),
        never the whole list."""
        parts = []
        for room in list(server.rooms.values()):
            if room.table.game_over or room.settings.private:
                continue
            try:
                parts.append(json.dumps(room.describe(), ensure_ascii=False).encode())
            except Exception as error:  # one table must not hide the others
                incident(f"table {room.id!r} can not be listed", error)
        return Response(b'{"tables":[' + b",".join(parts) + b"]}",
                        media_type="application/json")

    async def create_table(request: Request) -> Response:
        _check_write(server, request)
        try:
            settings = TableSettings.parse(await _body(request))
        except SettingsError as error:
            return _json_error(str(error))
        room, tokens = server.create(settings)
        seat = settings.host_seat
        token = tokens[seat]
        invites = _invites(request, room, {s: t for s, t in enumerate(tokens) if s != seat})
        return JSONResponse({"id": room.id, "seat": seat, "token": token,
                             "links": _links(request, room, seat, token),
                             "invites": invites, "table": room.describe()},
                            status_code=201)

    async def invite(request: Request) -> Response:
        _check_write(server, request)
        try:
            room = room_of(request)
        except KeyError:
            return _json_error("no such table", 404)
        try:
            body = await _body(request)
            tokens = room.invite(body.get("token") if isinstance(body, dict) else None)
        except SettingsError as error:
            return _json_error(str(error))
        except StoreError:
            raise  # told as a failure of the server's (store_failed), not as a refusal
        except EuchreError:
            return _json_error("only the host makes invite links (the host's token is "
                               "wrong)", 403)
        return JSONResponse({"invites": _invites(request, room, tokens)})

    async def one_table(request: Request) -> Response:
        try:
            return JSONResponse(room_of(request).describe())
        except KeyError:
            return _json_error("no such table", 404)

    async def take_seat(request: Request) -> Response:
        _check_write(server, request)
        try:
            room = room_of(request)
        except KeyError:
            return _json_error("no such table", 404)
        try:
            seat = int(request.path_params["seat"])
            body = await _body(request)
            name = clean_name(body.get("name") if isinstance(body, dict) else None, "Guest")
            token = room.take_seat(seat, name)
        except SeatTaken as error:
            return _json_error(str(error), 409)
        except StoreError:
            raise  # told as a failure of the server's (store_failed), not as a refusal
        except (EuchreError, ValueError) as error:
            return _json_error(str(error))
        return JSONResponse({"id": room.id, "seat": seat, "token": token,
                             "links": _links(request, room, seat, token)})

    def finished_record(request: Request) -> str:
        room = server.rooms.get(request.path_params["id"])
        text = server.store.record(request.path_params["id"])
        if room is None and text is None:
            raise KeyError("no such table")
        if text is None and room is not None and room.table.game_over:
            # over, but its record was never kept (the store failed at the end)
            text = room.finish()
        if text is None:
            raise PermissionError("the game is not over: its record opens when it ends")
        return text

    async def record_json(request: Request) -> Response:
        try:
            text = finished_record(request)
        except KeyError:
            return _json_error("no such table", 404)
        except PermissionError as error:
            return _json_error(str(error), 409)
        name = f"euchre-{request.path_params['id']}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def record_egn(request: Request) -> Response:
        try:
            record = loads(finished_record(request))
            text = dumps_egn(record)
        except KeyError:
            return _json_error("no such table", 404)
        except PermissionError as error:
            return _json_error(str(error), 409)
        except EuchreError as error:
            return _json_error(f"this game can not be written as EGN: {error}", 422)
        name = f"euchre-{request.path_params['id']}.egn"
        return PlainTextResponse(text, media_type="application/json",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def replay(request: Request) -> Response:
        try:
            record = loads(finished_record(request))
        except KeyError:
            return _json_error("no such table", 404)
        except PermissionError as error:
            return _json_error(str(error), 409)
        return JSONResponse(replay_json(record))

    async def socket(websocket: WebSocket) -> None:
        await _serve_socket(server, websocket)

    routes = [
        Route("/", page),
        Route("/t/{id}", page),
        Route("/replay/{id}", page),
        Route("/api/setup", setup),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{id}", one_table),
        Route("/api/tables/{id}/seats/{seat}", take_seat, methods=["POST"]),
        Route("/api/tables/{id}/invites", invite, methods=["POST"]),
        Route("/api/tables/{id}/record.json", record_json),
        Route("/api/tables/{id}/record.egn", record_egn),
        Route("/api/tables/{id}/replay", replay),
        WebSocketRoute("/ws/{id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, Refused)
        return _json_error(str(error), error.status)

    async def store_failed(request: Request, error: Exception) -> Response:
        return _json_error(incident("the server could not save that; try again", error),
                           503)

    async def failed(request: Request, error: Exception) -> Response:
        return _json_error(incident(f"the server failed to answer {request.url.path}",
                                    error), 500)

    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(HostGuard, hosts=allowed)],
                    exception_handlers={Refused: refused, StoreError: store_failed,
                                        Exception: failed})
    app.state.server = server
    return app


class _Bucket:
    """A token bucket: :data:`RATE` messages a second, :data:`BURST` at once."""

    def __init__(self) -> None:
        self.tokens = BURST
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _parse(text: str) -> dict[str, Any] | str:
    """A client's message, or why it is refused (``bad_json``...)."""
    if len(text) > MAX_MESSAGE:
        return "too_large"
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return "bad_json"
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return "bad_message"
    return message


_WORDS: Final = {
    "too_large": f"a message is at most {MAX_MESSAGE} characters",
    "bad_json": "a message is one JSON object",
    "bad_message": "a message is a JSON object with a 'type'",
}


async def _serve_socket(server: Server, websocket: WebSocket) -> None:
    """One client's socket, from the Origin check to the close."""
    if not server.origin_ok(websocket.headers.get("origin"), websocket.headers.get("host")):
        await websocket.close(code=POLICY_VIOLATION)
        return
    await websocket.accept()
    room = server.rooms.get(websocket.path_params["id"])
    outgoing: asyncio.Queue[str | None] = asyncio.Queue()

    async def writer() -> None:
        while (text := await outgoing.get()) is not None:
            try:
                await websocket.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                return
            except Exception as error:  # this one frame can not be sent: skip it
                incident("a frame could not be sent", error)

    sender = asyncio.get_running_loop().create_task(writer())
    closing: list[int] = []

    def send(text: str) -> None:
        if closing:
            return
        if outgoing.qsize() > QUEUE_LIMIT:  # a client that reads nothing: let it go
            closing.append(POLICY_VIOLATION)
            asyncio.get_running_loop().create_task(websocket.close(code=POLICY_VIOLATION))
            return
        outgoing.put_nowait(text)

    def say_error(code: str, message: str) -> None:
        send(json.dumps({"type": "error", "code": code, "message": message}))

    client: Client | None = None
    bucket = _Bucket()
    try:
        if room is None:
            say_error("no_table", "there is no such table")
            closing.append(4404)
            return
        while not closing:
            try:
                if client is None:
                    data = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
                else:
                    data = await websocket.receive()
            except TimeoutError:
                say_error("no_hello", "say hello first")
                closing.append(POLICY_VIOLATION)
                break
            if data["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                closing.append(POLICY_VIOLATION)
                break
            text = data.get("text")
            if text is None:
                say_error("bad_message", "messages are text frames of JSON")
                continue
            message = _parse(text)
            if isinstance(message, str):
                say_error(message, _WORDS[message])
                continue
            try:
                if client is None:
                    client = _hello(room, message, send, say_error, closing)
                else:
                    room.handle(client, message)
            except StoreError as error:
                say_error("store", incident("the server could not save that; try again",
                                            error))
            except Exception as error:  # a bug must not drop the socket or the table
                say_error("internal", incident("the server failed on that message", error))
    except WebSocketDisconnect:
        pass
    finally:
        if client is not None and room is not None:
            room.leave(client)
        outgoing.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, 5)
        if closing:
            with contextlib.suppress(Exception):
                await websocket.close(code=closing[0])


def _hello(room: Room, message: dict[str, Any], send: Any, say_error: Any,
           closing: list[int]) -> Client | None:
    """The first message: a seat with its token, or a spectator."""
    if message.get("type") != "hello":
        say_error("no_hello", "say hello first")
        return None
    seat = message.get("seat")
    last = message.get("last_version")
    if last is not None and (isinstance(last, bool) or not isinstance(last, int)):
        say_error("bad_message", "last_version must be a whole number")
        return None
    if seat is not None:
        try:
            seat = room.check_token(seat, message.get("token"))
        except EuchreError as error:
            code = str(error)
            say_error(code, "that seat's token is wrong: ask for a new invite link"
                      if code == "bad_token" else "there is no such seat")
            closing.append(4403)
            return None
    try:
        name = clean_name(message.get("name"), "") or None
    except SettingsError as error:
        say_error("bad_text", str(error))
        return None
    client = Client(seat, send)
    room.join(client, last, name)
    return client
