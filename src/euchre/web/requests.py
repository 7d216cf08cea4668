"""What every JSON endpoint of the web server does with a request first: the check of a
request that changes something (:func:`check_write`), its body read with a limit
(:func:`read_body`), and a refusal in the API's one shape (:func:`json_error`)."""

from __future__ import annotations

import json
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse

from euchre.web.room import SettingsError
from euchre.web.server import Server

__all__ = ["MAX_BODY", "Refused", "check_write", "json_error", "read_body"]

MAX_BODY: Final = 16384
"""The longest HTTP request body."""


def json_error(message: str, status: int = 400) -> JSONResponse:
    """A refusal or a failure as the API tells it: ``{"error": message}``, with its
    status."""
    return JSONResponse({"error": message}, status_code=status)


class Refused(Exception):
    """A request that changes something is refused before it is read (its status and
    words)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def check_write(server: Server, request: Request) -> None:
    """A request that changes something comes from the server's own page (or a
    program: no Origin) and says it is JSON, so a page elsewhere can not send it as a
    form or as plain text; raises :class:`Refused`."""
    if not server.origin_ok(request.headers.get("origin"), request.headers.get("host")):
        raise Refused(403, "a page on another address can not change tables here")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, "send JSON, with Content-Type: application/json")


async def read_body(request: Request) -> Any:
    """A request's JSON body (``{}`` when empty); a
    :class:`~euchre.web.room.SettingsError` when it is too large or not JSON."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise SettingsError(f"the request is too large (at most {MAX_BODY} bytes)")
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise SettingsError("the request is not JSON") from None
