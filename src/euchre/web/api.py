"""The web server's HTTP API: the JSON endpoints under ``/api`` (``docs/web.md``).

:class:`Api` holds the endpoints over one :class:`~euchre.web.server.Server`, and
:meth:`Api.routes` lists them. A request that changes something is checked first
(:func:`check_write`: the page's Origin, the content type) and its body read with a
limit (:func:`read_body`); a refusal is one JSON ``{"error": ...}`` with its status.
:data:`EXCEPTION_HANDLERS` answers what an endpoint raises: a refusal, a failure of the
store (503), any other failure (500, with an error id: :func:`~euchre.web.guard.incident`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

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
from euchre.web.database import StoreError, WorkerRow
from euchre.web.forward import forward_request, moving
from euchre.web.guard import incident
from euchre.web.lobby_words import PRESET_LINES, PRESET_TITLES, play_now, rules_lines
from euchre.web.members import Members
from euchre.web.project import replay_json
from euchre.web.requests import MAX_BODY, Refused, check_write, json_error, read_body
from euchre.web.room import (
    CHAT_LIMIT,
    NAME_LIMIT,
    Client,
    Room,
    SeatTaken,
    SettingsError,
    TableSettings,
    clean_name,
)
from euchre.web.server import Server
from euchre.web.sockets import MAX_MESSAGE

__all__ = [
    "EXCEPTION_HANDLERS",
    "FORM_CHOICES",
    "MAX_BODY",
    "Api",
    "Refused",
    "check_write",
    "egn_of",
    "json_error",
    "read_body",
]

def _start_field(body: object) -> tuple[object, bool]:
    """A create request's body without its ``start`` field, and that field (``true``:
    the table starts at once, as when its host presses Start; default ``false``)."""
    if not isinstance(body, dict) or "start" not in body:
        return body, False
    start = body["start"]
    if not isinstance(start, bool):
        raise SettingsError("start: true or false")
    return {key: value for key, value in body.items() if key != "start"}, start


def _unheard(frame: str) -> None:
    """Where the frames to the stand-in for an absent host go: nowhere (a table started
    by its create request has no client yet; the host hears the table on connecting)."""


def egn_of(text: str) -> tuple[str, None] | tuple[None, str]:
    """A finished game's native record as EGN text, or why EGN can not say it (the
    refusal of :func:`~euchre.records.egn.dumps_egn`: rules EGN has no flag for, or a
    deal it can not express, such as the maker's partner going alone)."""
    try:
        return dumps_egn(loads(text)), None
    except EuchreError as error:
        return None, f"this game can not be written as EGN: {error}"


def _sentence(words: str) -> str:
    """``words`` as a sentence: a capital first, a full stop last."""
    text = words[:1].upper() + words[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


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


class Api:
    """The HTTP API's endpoints over one server (``docs/web.md``, "The HTTP API")."""

    def __init__(self, server: Server, members: Members) -> None:
        self.server = server
        self.members = members
        self._egn: dict[str, str | None] = {}
        """Each finished table's ``egn`` field, worked out once (a record never
        changes once the game is over)."""

    def routes(self) -> list[BaseRoute]:
        """The API's routes, in the order they are matched."""
        return [
            Route("/api/setup", self.setup),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables", self.create_table, methods=["POST"]),
            Route("/api/tables/{id}", self.one_table),
            Route("/api/tables/{id}/seats/{seat}", self.take_seat, methods=["POST"]),
            Route("/api/tables/{id}/invites", self.invite, methods=["POST"]),
            Route("/api/tables/{id}/record.json", self.record_json),
            Route("/api/tables/{id}/record.egn", self.record_egn),
            Route("/api/tables/{id}/replay", self.replay),
            Route("/metrics", self.metrics),
        ]

    async def _room_of(self, request: Request) -> Room | Response:
        """The room of the request's table when this worker serves it; else the
        answer: the request forwarded to the worker that does, or 404."""
        server = self.server
        id = request.path_params["id"]
        located = await server.locate(id)
        if located is None:
            return json_error("no such table", 404)
        if isinstance(located, WorkerRow):
            if server.forwarded(request.headers):  # moved again meanwhile
                return moving(id)
            return await forward_request(server, request, located)
        return located

    async def setup(self, request: Request) -> Response:
        """What the create form offers: the presets (each with its title and one line),
        options, forms, bots, limits, and the body of a **Play now** table."""
        presets = {name: {"title": PRESET_TITLES.get(name, name),
                          "line": PRESET_LINES.get(name, PRESET_HELP.get(name, "")),
                          "help": PRESET_HELP.get(name, ""), "rules": rules.to_dict()}
                   for name, rules in PRESETS.items()}
        bots = [b for b in available_bots() if b != "human"]
        return JSONResponse({
            "presets": presets, "options": dict(OPTION_HELP),
            "defaults": Rules().to_dict(),
            "seat_names": {str(n): list(names) for n, names in SEAT_NAMES.items()},
            "form_choices": FORM_CHOICES,
            "applies": {option: list(forms) for option, forms in APPLIES.items()},
            "bots": bots,
            "limits": {"message": MAX_MESSAGE, "chat": CHAT_LIMIT, "name": NAME_LIMIT,
                       "away_seconds": self.server.away_seconds},
            "play_now": play_now(bots),
        })

    async def list_tables(self, request: Request) -> Response:
        """The open tables, every worker's (:meth:`~euchre.web.server.Server.lobby`);
        one that can not be described is left out (and logged), never the whole list."""
        parts = []
        for described in await self.server.lobby():
            try:
                parts.append(json.dumps(described, ensure_ascii=False).encode())
            except Exception as error:  # one table must not hide the others
                incident(f"table {described.get('id')!r} can not be listed", error)
        return Response(b'{"tables":[' + b",".join(parts) + b"]}",
                        media_type="application/json")

    async def create_table(self, request: Request) -> Response:
        """A new table: its id, the host's seat and token, and the other seats' invites;
        with ``"start": true`` the game starts at once (seats nobody has taken get
        bots, as when the host presses Start)."""
        check_write(self.server, request)
        try:
            body, start = _start_field(await read_body(request))
            settings = TableSettings.parse(body)
        except SettingsError as error:
            return json_error(str(error))
        member = await self.members.who(request)
        if settings.rated and member is None:
            return json_error("sign in to make a rated table", 401)
        if member is not None:  # the host sits under the account's name
            settings = dataclasses.replace(settings, host=member.name)
        if not self.server.forwarded(request.headers):
            elsewhere = await self.server.place()
            if elsewhere is not None:  # a worker with fewer tables makes it
                return await forward_request(self.server, request, elsewhere)
        room, tokens = await self.server.create(settings)
        if member is not None:
            await self.members.sat(room.id, settings.host_seat, member)
        if start:
            # the room's own start, for the host, who is not connected yet: the seat
            # keeps its countdown until the host's page says hello
            await room.start(Client(settings.host_seat, _unheard))
        seat = settings.host_seat
        token = tokens[seat]
        # a rated table's seats go to signed-in players only, from the lobby
        invites = [] if settings.rated else _invites(
            request, room, {s: t for s, t in enumerate(tokens) if s != seat})
        return JSONResponse({"id": room.id, "seat": seat, "token": token,
                             "links": _links(request, room, seat, token),
                             "invites": invites, "table": room.describe()},
                            status_code=201)

    async def invite(self, request: Request) -> Response:
        """New invite links for the open seats (the host's token asks)."""
        check_write(self.server, request)
        room = await self._room_of(request)
        if isinstance(room, Response):
            return room
        if room.settings.rated:
            return json_error("a rated table has no invite links: signed-in players take "
                              "its seats from the lobby", 403)
        try:
            body = await read_body(request)
            tokens = await room.invite(body.get("token") if isinstance(body, dict) else None)
        except SettingsError as error:
            return json_error(str(error))
        except StoreError:
            raise  # told as a failure of the server's (store_failed), not as a refusal
        except EuchreError:
            return json_error("only the host makes invite links (the host's token is "
                              "wrong)", 403)
        return JSONResponse({"invites": _invites(request, room, tokens)})

    async def one_table(self, request: Request) -> Response:
        """One table, described; a finished one also says whether its record can be
        downloaded as EGN (``egn``: ``null``, or why not). ``worker`` names the worker
        that serves it, for operators."""
        room = await self._room_of(request)
        if isinstance(room, Response):
            return room
        described = room.describe()
        described["worker"] = self.server.worker.to_json()
        s = room.settings
        described["rules_lines"] = rules_lines(s.preset, s.rules, {
            "level": s.level, "pace": s.pace, "turn_timer": s.turn_timer})
        if room.table.game_over:
            described["egn"] = await self._egn_field(room.id)
        return JSONResponse(described)

    async def _egn_field(self, id: str) -> str | None:
        """``None`` when the finished game ``id`` can be written as EGN, else why not in
        a sentence (:func:`egn_of`, what ``record.egn`` answers 422 with); kept once
        known. A failure to read the record is told with an error id and asked again
        next time, and never hides the table's description."""
        if id in self._egn:
            return self._egn[id]
        try:
            _, why = egn_of(await self._finished_record(id))
        except Exception as error:  # the description must not fail for the download's sake
            return _sentence(incident("the server could not check this game's EGN", error))
        reason = None if why is None else _sentence(why)
        self._egn[id] = reason
        return reason

    async def take_seat(self, request: Request) -> Response:
        """An open seat taken: its token and links."""
        check_write(self.server, request)
        room = await self._room_of(request)
        if isinstance(room, Response):
            return room
        member = await self.members.who(request)
        if room.settings.rated:
            if member is None:
                return json_error("sign in to sit at a rated table", 401)
            if await self.members.seated(room.id, member):
                return json_error("you have a seat at this table already", 409)
        try:
            seat = int(request.path_params["seat"])
            body = await read_body(request)
            name = member.name if member is not None else clean_name(
                body.get("name") if isinstance(body, dict) else None, "Guest")
            token = await room.take_seat(seat, name)
            if member is not None:
                await self.members.sat(room.id, seat, member)
        except SeatTaken as error:
            return json_error(str(error), 409)
        except StoreError:
            raise  # told as a failure of the server's (store_failed), not as a refusal
        except (EuchreError, ValueError) as error:
            return json_error(str(error))
        return JSONResponse({"id": room.id, "seat": seat, "token": token,
                             "links": _links(request, room, seat, token)})

    async def _finished_record(self, id: str) -> str:
        """The native record of finished game ``id``, from the store, whichever worker
        serves it (``KeyError``: no such table; ``PermissionError``: not over yet)."""
        server = self.server
        text = await server.store.record(id)
        if text is not None:
            return text
        located = await server.locate(id)
        if located is None:
            raise KeyError("no such table")
        if isinstance(located, Room) and located.table.game_over:
            # over, but its record was never kept (the store failed at the end)
            text = await located.finish()
        if text is None:
            raise PermissionError("the game is not over: its record opens when it ends")
        return text

    async def record_json(self, request: Request) -> Response:
        """A finished game's native record, as a download."""
        try:
            text = await self._finished_record(request.path_params["id"])
        except KeyError:
            return json_error("no such table", 404)
        except PermissionError as error:
            return json_error(str(error), 409)
        name = f"euchre-{request.path_params['id']}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def record_egn(self, request: Request) -> Response:
        """A finished game as EGN, as a download (422 when EGN can not say it)."""
        try:
            text, why = egn_of(await self._finished_record(request.path_params["id"]))
        except KeyError:
            return json_error("no such table", 404)
        except PermissionError as error:
            return json_error(str(error), 409)
        if text is None:
            return json_error(why or "this game can not be written as EGN", 422)
        name = f"euchre-{request.path_params['id']}.egn"
        return PlainTextResponse(text, media_type="application/json",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def replay(self, request: Request) -> Response:
        """A finished game for the replay page (:func:`~euchre.web.project.replay_json`)."""
        try:
            record = loads(await self._finished_record(request.path_params["id"]))
        except KeyError:
            return json_error("no such table", 404)
        except PermissionError as error:
            return json_error(str(error), 409)
        return JSONResponse(replay_json(record))


    async def metrics(self, request: Request) -> Response:
        """What to watch, in the Prometheus text format: this worker's meters, or with
        several workers, every live worker's, each sample labelled with its worker
        (:func:`~euchre.web.metrics.cluster_text`)."""
        from euchre.web.metrics import cluster_text

        server = self.server
        if server.forwarded(request.headers) or not server.store.shared:
            text = server.meters.text(server)
        else:
            text = await cluster_text(server)
        return PlainTextResponse(text, media_type="text/plain; version=0.0.4")


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return json_error(str(error), error.status)


async def _store_failed(request: Request, error: Exception) -> Response:
    return json_error(incident("the server could not save that; try again", error), 503)


async def _failed(request: Request, error: Exception) -> Response:
    return json_error(incident(f"the server failed to answer {request.url.path}", error), 500)


EXCEPTION_HANDLERS: Final[
    Mapping[Any, Callable[[Request, Exception], Awaitable[Response]]]
] = {Refused: _refused, StoreError: _store_failed, Exception: _failed}
"""What an endpoint raises, answered: a :class:`Refused` request with its status, a
failure of the store with 503 (try again), any other failure with 500; each failure
with an error id, its details in the log (:func:`~euchre.web.guard.incident`)."""
