"""What the web server checks before a room sees anything: text, the Host, the Origin.

Three defences that every route and socket share (``docs/web.md``, "The security
model"):

* :func:`check_text`: a text a client sends (a name, a chat line, a table's name) is
  valid Unicode without control characters, or it is refused before it is stored,
  echoed or sent on. A lone surrogate (``"\\ud800"`` in JSON), a NUL or a
  right-to-left override never reaches the store or another client.
* :class:`HostGuard`: a request (HTTP or WebSocket) whose ``Host`` header is not a name
  the server was started on is refused, so a page on an attacker's domain that
  re-points its name at this machine (DNS rebinding) can not talk to the server.
* :func:`origin_allowed`: a page on another address can not open a socket or send a
  request that changes anything.

:func:`incident` is how an unexpected failure is told: the operator's log gets the
details under a short id, and the client gets the id alone (never a path or a
traceback).

>>> check_text("Ada  Lovelace", "name")
'Ada Lovelace'
>>> check_text("hi \\ud800 there", "text")
Traceback (most recent call last):
euchre.web.guard.TextRefused: text: must be valid Unicode text (it holds a lone surrogate, U+D800)
>>> hosts = AllowedHosts(["table.example"])
>>> hosts.allows("table.example:8000"), hosts.allows("127.0.0.1:8000")
(True, True)
>>> hosts.allows("attacker.example:8000")
False
"""

from __future__ import annotations

import ipaddress
import json
import logging
import secrets
import unicodedata
from collections.abc import Collection, Iterable
from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from euchre.errors import EuchreError

__all__ = [
    "BIDI_CONTROLS",
    "AllowedHosts",
    "HostGuard",
    "TextRefused",
    "check_text",
    "host_name",
    "incident",
    "origin_allowed",
]

LOG: Final = logging.getLogger("euchre.web")

BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The bidirectional controls: a name holding one could turn the text after it around
("Trojan source"), so no text a client sends may hold one."""

_SPACES: Final = frozenset("\t\n\r")
"""Control characters that are white space: they become single spaces."""


class TextRefused(EuchreError):
    """A text a client sent is not valid Unicode text (the message says why)."""


def _bad_character(text: str) -> str | None:
    """Why ``text`` is refused (its first bad character, in words), or ``None``."""
    for ch in text:
        if ch in _SPACES:
            continue
        code = ord(ch)
        category = unicodedata.category(ch)
        if category == "Cs":
            return f"it holds a lone surrogate, U+{code:04X}"
        if category == "Cc":
            return f"it holds a control character, U+{code:04X}"
        if ch in BIDI_CONTROLS:
            return f"it holds a bidirectional control, U+{code:04X}"
        if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
            return f"it holds a noncharacter, U+{code:04X}"
    return None


def check_text(value: object, field: str, *, limit: int | None = None) -> str:
    """``value`` as one line of text (runs of white space made one space, the ends
    trimmed, cut to ``limit`` characters); raises :class:`TextRefused` naming ``field``
    when it is not text, or holds a lone surrogate, a control character other than a
    tab or a line break, a bidirectional control or a noncharacter.

    >>> check_text("  two\\nlines ", "chat")
    'two lines'
    >>> check_text("Zoë 🂡", "name", limit=3)
    'Zoë'
    >>> check_text(7, "name")
    Traceback (most recent call last):
    euchre.web.guard.TextRefused: name: must be text
    """
    if not isinstance(value, str):
        raise TextRefused(f"{field}: must be text")
    why = _bad_character(value)
    if why is not None:
        raise TextRefused(f"{field}: must be valid Unicode text ({why})")
    line = " ".join(value.split())
    return line if limit is None else line[:limit].rstrip()


def incident(what: str, error: BaseException | None = None) -> str:
    """Log an unexpected failure with its details under a new short id, and return the
    words a client is given instead: what failed and the id, nothing more."""
    id = secrets.token_hex(4)
    LOG.error("error %s: %s", id, what, exc_info=error)
    return f"{what} (error id {id}; the server's log has the details)"


def host_name(value: str | None) -> str | None:
    """The name of a ``Host`` header or an origin's address, lower case, without its
    port or the brackets of an IPv6 address (``None`` when it can not be read).

    >>> host_name("Table.Example:8000"), host_name("[::1]:8000"), host_name("a b")
    ('table.example', '::1', None)
    """
    if not value:
        return None
    try:
        name = urlsplit(f"//{value}").hostname
    except ValueError:
        return None
    if not name or any(ch.isspace() or ch in "/\\@?#" for ch in name):
        return None
    return name


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class AllowedHosts:
    """The names a request's ``Host`` may give: the server's own (``--host`` and the
    addresses of ``--allow-origin``), ``localhost``, and any IP address written out.

    An IP address and ``localhost`` are always let in: DNS rebinding needs a page on a
    domain name the attacker controls, and a browser sends that name as the Host.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = {"localhost"}
        for name in names:
            read = host_name(name)
            if read is not None:
                self.names.add(read)

    def allows(self, host: str | None) -> bool:
        """Whether a request with this ``Host`` header is answered (none: a program
        speaking HTTP/1.0, which no browser is)."""
        if host is None:
            return True
        name = host_name(host)
        if name is None:
            return False
        return name in self.names or name.endswith(".localhost") or _is_ip(name)


class HostGuard:
    """ASGI middleware: refuse an HTTP request (400, in JSON) or a WebSocket (closed
    with 1008 before it opens) whose ``Host`` is not allowed."""

    def __init__(self, app: ASGIApp, hosts: AllowedHosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if self.hosts.allows(Headers(scope=scope).get("host")):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return
        body = json.dumps({"error": (
            "this server does not answer to that name: open it at the address it "
            "printed, or start it with --allow-origin http://NAME:PORT")}).encode()
        await send({"type": "http.response.start", "status": 400, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def origin_allowed(origin: str | None, host: str | None, allowed: Collection[str]) -> bool:
    """Whether a page at ``origin`` may open a socket or change something: no Origin
    (a program, not a browser), an ``--allow-origin``, or the address the request was
    sent to (its ``Host``, which :class:`HostGuard` has already checked).

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("http://evil.example", "127.0.0.1:8000", ())
    False
    >>> origin_allowed(None, "127.0.0.1:8000", ())
    True
    """
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return host is not None and netloc.lower() == host.lower()
