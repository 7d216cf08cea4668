"""The web server's WebSocket endpoint: one client's socket, from its hello to its close.

:func:`serve_socket` checks the page's Origin, then reads the client's frames: the
first must be a ``hello`` (a seat with its token, or a spectator: :func:`hello`), the
others go to the :class:`~euchre.web.room.Room`. Each frame passes the flood limit
(:class:`Bucket`), and is parsed and checked (:func:`parse_message`) before the room
sees it; a bad one gets one ``error`` back and changes nothing. What the room sends the
client waits in an :class:`Outbox`, written in order by a task of its own. Every
message format and limit is in ``docs/web.md``.

>>> parse_message('{"type": "ping"}')
{'type': 'ping'}
>>> parse_message('[1, 2]'), parse_message('{"type": "chat"')
('bad_message', 'bad_json')
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import MutableMapping
from typing import Any, Final

from starlette.websockets import WebSocket, WebSocketDisconnect

from euchre.errors import EuchreError
from euchre.web.database import LeaseLost, StoreError
from euchre.web.guard import incident
from euchre.web.room import Client, Room, SettingsError, clean_name
from euchre.web.server import Server

__all__ = [
    "HELLO_SECONDS",
    "MAX_MESSAGE",
    "POLICY_VIOLATION",
    "QUEUE_LIMIT",
    "Bucket",
    "Outbox",
    "hello",
    "parse_message",
    "serve_socket",
]

MAX_MESSAGE: Final = 4096
"""The longest message a client may send (characters)."""
QUEUE_LIMIT: Final = 5000
"""Frames waiting for a client that does not read them; past this it is closed."""
HELLO_SECONDS: Final = 10.0
"""How long a new socket has to say hello."""
POLICY_VIOLATION: Final = 1008
"""The close code of a socket refused or let go (a page elsewhere, a flood)."""

_WORDS: Final = {
    "too_large": f"a message is at most {MAX_MESSAGE} characters",
    "bad_json": "a message is one JSON object",
    "bad_message": "a message is a JSON object with a 'type'",
}


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        """Whether one more message may pass now (it takes a token if so)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def parse_message(text: str) -> dict[str, Any] | str:
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


class Outbox:
    """The frames on their way to one client: queued, and written in order by a task of
    their own, so a slow client holds up nobody else. A client that reads nothing is let
    go (closed with :data:`POLICY_VIOLATION`) once :data:`QUEUE_LIMIT` frames wait.

    ``closing`` holds the close code once the socket is to be closed (the first one
    counts); nothing more is sent then.
    """

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.sender = asyncio.get_running_loop().create_task(self._write())
        self.closing: list[int] = []

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            try:
                await self.websocket.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                return
            except Exception as error:  # this one frame can not be sent: skip it
                incident("a frame could not be sent", error)

    def send(self, text: str) -> None:
        """Queue a frame for the client (a :class:`~euchre.web.room.Client`'s ``send``)."""
        if self.closing:
            return
        if self.queue.qsize() > QUEUE_LIMIT:  # a client that reads nothing: let it go
            self.closing.append(POLICY_VIOLATION)
            asyncio.get_running_loop().create_task(
                self.websocket.close(code=POLICY_VIOLATION))
            return
        self.queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close the socket now with ``code`` (a :class:`~euchre.web.room.Client`'s
        ``close``: its table moved to another worker)."""
        if self.closing:
            return
        self.closing.append(code)
        asyncio.get_running_loop().create_task(self.websocket.close(code=code))

    def say_error(self, code: str, message: str) -> None:
        """Send the client one ``error`` message."""
        self.send(json.dumps({"type": "error", "code": code, "message": message}))

    async def finish(self) -> None:
        """Write what is queued (5 seconds at most), then close the socket if it is to
        be closed."""
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.sender, 5)
        if self.closing:
            with contextlib.suppress(Exception):
                await self.websocket.close(code=self.closing[0])


async def serve_socket(server: Server, websocket: WebSocket, bucket: Bucket,
                       room: Room | None) -> None:
    """One client's socket to ``room`` (``None``: no such table), from its accepting to
    the close (``bucket``: its flood limit); its Origin was checked before."""
    await websocket.accept()
    server.meters.sockets += 1
    try:
        await _serve(websocket, bucket, room)
    finally:
        server.meters.sockets -= 1


async def _serve(websocket: WebSocket, bucket: Bucket, room: Room | None) -> None:
    outbox = Outbox(websocket)
    talk: _Conversation | None = None
    try:
        if room is None:
            outbox.say_error("no_table", "there is no such table")
            outbox.closing.append(4404)
            return
        talk = _Conversation(room, websocket, outbox, bucket)
        await talk.run()
    except WebSocketDisconnect:
        pass
    finally:
        if talk is not None and talk.client is not None:
            talk.room.leave(talk.client)
        await outbox.finish()


class _Conversation:
    """One client's messages to its room: the hello first, then the rest."""

    def __init__(self, room: Room, websocket: WebSocket, outbox: Outbox,
                 bucket: Bucket) -> None:
        self.room = room
        self.websocket = websocket
        self.outbox = outbox
        self.bucket = bucket
        self.client: Client | None = None

    async def run(self) -> None:
        """Read frames until the client leaves or is let go: one that says nothing in
        time, one that floods."""
        outbox = self.outbox
        while not outbox.closing:
            try:
                data = await self._receive()
            except TimeoutError:
                outbox.say_error("no_hello", "say hello first")
                outbox.closing.append(POLICY_VIOLATION)
                break
            if data["type"] == "websocket.disconnect":
                break
            if not self.bucket.take():
                outbox.closing.append(POLICY_VIOLATION)
                break
            await self._take(data.get("text"))

    async def _receive(self) -> MutableMapping[str, Any]:
        """The next frame (within :data:`HELLO_SECONDS` until the hello)."""
        if self.client is None:
            return await asyncio.wait_for(self.websocket.receive(), HELLO_SECONDS)
        return await self.websocket.receive()

    async def _take(self, text: str | None) -> None:
        """One frame: the hello, or a message for the room; a bad one gets an error, and
        a failure of the server's is told without dropping the socket."""
        outbox = self.outbox
        if text is None:
            outbox.say_error("bad_message", "messages are text frames of JSON")
            return
        message = parse_message(text)
        if isinstance(message, str):
            outbox.say_error(message, _WORDS[message])
            return
        try:
            if self.client is None:
                self.client = await hello(self.room, message, outbox)
            else:
                await self.room.handle(self.client, message)
        except LeaseLost:
            pass  # the room has let its clients go: this socket is closing
        except StoreError as error:
            outbox.say_error("store", incident("the server could not save that; try again",
                                               error))
        except Exception as error:  # a bug must not drop the socket or the table
            outbox.say_error("internal", incident("the server failed on that message", error))


async def hello(room: Room, message: dict[str, Any], outbox: Outbox) -> Client | None:
    """The first message: a seat with its token, or a spectator; the client joined to
    the room, or ``None`` (an error told, and for a wrong token the socket to close)."""
    if message.get("type") != "hello":
        outbox.say_error("no_hello", "say hello first")
        return None
    seat = message.get("seat")
    last = message.get("last_version")
    if last is not None and (isinstance(last, bool) or not isinstance(last, int)):
        outbox.say_error("bad_message", "last_version must be a whole number")
        return None
    if seat is not None:
        try:
            seat = room.check_token(seat, message.get("token"))
        except EuchreError as error:
            code = str(error)
            outbox.say_error(code, "that seat's token is wrong: ask for a new invite link"
                             if code == "bad_token" else "there is no such seat")
            outbox.closing.append(4403)
            return None
    try:
        name = clean_name(message.get("name"), "") or None
    except SettingsError as error:
        outbox.say_error("bad_text", str(error))
        return None
    client = Client(seat, outbox.send, close=outbox.close)
    await room.join(client, last, name)
    return client
