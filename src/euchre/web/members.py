"""Players' accounts in the web room: signing up and in, sessions in a cookie, signing
out (here or everywhere) and deleting an account (``docs/clubs.md``, "Accounts").

Accounts are optional: a guest plays as before. :class:`Members` keeps them in the
store's schema-3 tables through :mod:`euchre.clubs.accounts`'s rules:

- a password is kept only as its argon2id hash, made on the server's executor (it
  takes tens of milliseconds: the tables go on meanwhile);
- a session's token lives in the browser's ``euchre_session`` cookie (``HttpOnly``:
  no script reads it; ``SameSite=Strict``: no other site's page sends it; ``Secure``
  over HTTPS) and only its SHA-256 in the store. Every sign-in makes a new token and
  the server never takes one it did not make, so a token planted before sign-in
  (session fixation) signs nobody in. Sessions last :data:`SESSION_DAYS` days;
- at most 5 failed sign-ins in 15 minutes for each name and for each address, and
  :data:`SIGN_UPS` new accounts an hour from an address
  (:class:`~euchre.clubs.accounts.Attempts`, kept by each server process); then
  ``429`` with ``Retry-After``. An unknown name costs as long as a wrong password;
- passwords are hashed on a thread of their own, so a flood of them never holds up a
  bot's move.

The endpoints (:meth:`Members.routes`) are JSON under ``/api/account``; each that
changes something passes :func:`~euchre.web.api.check_write` (the page's own Origin,
JSON), so a page on another site can not sign anybody in or out.
"""

from __future__ import annotations

import asyncio
import json
import math
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from euchre.clubs.accounts import (
    Attempts,
    Passwords,
    check_name,
    check_password,
    new_session,
    session_hash,
)
from euchre.errors import EuchreError
from euchre.web.database import Store
from euchre.web.requests import check_write, json_error, read_body
from euchre.web.server import Server

__all__ = ["COOKIE", "FORMER", "SESSION_DAYS", "SIGN_UPS", "Member", "Members"]

COOKIE: Final = "euchre_session"
"""The session cookie's name."""
SESSION_DAYS: Final = 30
"""How long a session lasts."""
FORMER: Final = "Former player"
"""The name a deleted account leaves in the games it shared with others."""
SIGN_UPS: Final = 10
"""The most accounts made from one address in an hour."""
_SESSION_SECONDS: Final = SESSION_DAYS * 86400


@dataclass(frozen=True)
class Member:
    """A signed-in player: the account's id and name."""

    id: str
    name: str


class Members:
    """The accounts of one server: its store, its passwords' hasher and its limits on
    sign-in attempts."""

    def __init__(self, server: Server, passwords: Passwords | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.server = server
        self.store: Store = server.store
        self.passwords = passwords if passwords is not None else Passwords()
        self.attempts = Attempts(clock=clock)
        self.sign_ups = Attempts(limit=SIGN_UPS, window=3600.0, clock=clock)
        """Sign-ups by address in the last hour."""
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="euchre-passwords")
        """Where passwords are hashed and checked: one thread of its own, so that no
        bot's move waits behind a flood of them (and their memory stays one hash's)."""
        self._decoy: str | None = None
        """A hash to check a password against when the name is nobody's."""

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/account", self.account, methods=["GET"]),
            Route("/api/account", self.sign_up, methods=["POST"]),
            Route("/api/account/sign-in", self.sign_in, methods=["POST"]),
            Route("/api/account/sign-out", self.sign_out, methods=["POST"]),
            Route("/api/account/sign-out-everywhere", self.sign_out_everywhere,
                  methods=["POST"]),
            Route("/api/account/delete", self.delete, methods=["POST"]),
        ]

    # -- who is signed in ---------------------------------------------------------------

    async def who(self, request: Request) -> Member | None:
        """The member whose session cookie ``request`` carries, or ``None``."""
        token = request.cookies.get(COOKIE)
        if not token or len(token) > 100:
            return None
        rows = await self.store.query(
            "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account "
            "WHERE s.hash = ? AND s.created > ?", session_hash(token),
            time.time() - _SESSION_SECONDS)
        return Member(rows[0][0], rows[0][1]) if rows else None

    async def named(self, name: str) -> Member | None:
        """The member called ``name`` (any case), or ``None`` (a name no account could
        have is not looked for)."""
        if not _possible(name):
            return None
        rows = await self.store.query("SELECT id, name FROM accounts WHERE folded = ?",
                                      _folded(name))
        return Member(rows[0][0], rows[0][1]) if rows else None

    async def names(self, ids: set[str]) -> dict[str, str]:
        """The names of the accounts ``ids`` (a deleted one is missing)."""
        wanted = sorted(ids)
        found: dict[str, str] = {}
        for start in range(0, len(wanted), 500):  # a statement's arguments are limited
            part = wanted[start:start + 500]
            marks = ", ".join("?" * len(part))
            found.update(await self.store.query(
                f"SELECT id, name FROM accounts WHERE id IN ({marks})", *part))
        return found

    async def sat(self, table: str, seat: int, member: Member) -> None:
        """Keep that ``member`` took ``seat`` of ``table`` (the game is theirs: their
        page lists it, and a rated table rates it)."""
        await self.store.change(("INSERT INTO plays (table_id, seat, account) "
                                 "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                 (table, seat, member.id)))

    async def seated(self, table: str, member: Member) -> bool:
        """Whether ``member`` has a seat of ``table`` already."""
        return bool(await self.store.query(
            "SELECT 1 FROM plays WHERE table_id = ? AND account = ?", table, member.id))

    # -- the endpoints ------------------------------------------------------------------

    async def account(self, request: Request) -> Response:
        """``{"name": ...}`` of who is signed in; 401 for a guest."""
        member = await self.who(request)
        if member is None:
            return json_error("not signed in", 401)
        return JSONResponse({"name": member.name})

    async def sign_up(self, request: Request) -> Response:
        """A new account (``{"name", "password"}``), signed in at once; 409 when the
        name is taken (in any case)."""
        check_write(self.server, request)
        try:
            name, password = _fields(await read_body(request))
            name = check_name(name)
            password = check_password(password, name)
        except EuchreError as error:
            return json_error(str(error))
        address = f"address:{_address(request)}"
        wait = self.sign_ups.wait(address)
        if wait > 0:
            return _too_many(f"too many new accounts from this address: try again in "
                             f"{_minutes(wait)}", wait)
        self.sign_ups.failed(address)  # each counts, made or not
        hashed = await self._run(self.passwords.hash, password)
        id = secrets.token_urlsafe(12)
        added = await self.store.change((
            "INSERT INTO accounts (id, name, folded, password, created) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (id, name, _folded(name), hashed, time.time())))
        if added != [1]:
            return json_error(f"the name {name!r} is taken: choose another", 409)
        return await self._signed_in(request, Member(id, name), 201)

    async def sign_in(self, request: Request) -> Response:
        """A session for ``{"name", "password"}``; 401 for a wrong pair (which of the
        two is never said), 429 after too many failures."""
        check_write(self.server, request)
        try:
            name, password = _fields(await read_body(request))
        except EuchreError as error:
            return json_error(str(error))
        keys = [f"name:{_folded(name)}", f"address:{_address(request)}"]
        wait = max(self.attempts.wait(key) for key in keys)
        if wait > 0:
            return _too_many(f"too many failed sign-ins: try again in {_minutes(wait)}",
                             wait)
        rows = await self.store.query(
            "SELECT id, name, password FROM accounts WHERE folded = ?",
            _folded(name)) if _possible(name) else []
        stored = rows[0][2] if rows else await self._decoy_hash()
        good = await self._run(self.passwords.verify, stored, password)
        if not rows or not good:
            for key in keys:
                self.attempts.failed(key)
            return json_error("that name and password do not match an account", 401)
        for key in keys:
            self.attempts.succeeded(key)
        member = Member(rows[0][0], rows[0][1])
        if self.passwords.needs_rehash(stored):
            hashed = await self._run(self.passwords.hash, password)
            await self.store.change(("UPDATE accounts SET password = ? WHERE id = ?",
                                     (hashed, member.id)))
        old = request.cookies.get(COOKIE)
        if old:  # whatever the browser held before is no session from now
            await self.store.change(("DELETE FROM sessions WHERE hash = ?",
                                     (session_hash(old),)))
        return await self._signed_in(request, member)

    async def sign_out(self, request: Request) -> Response:
        """This browser's session ends (a guest's sign-out does nothing)."""
        check_write(self.server, request)
        token = request.cookies.get(COOKIE)
        if token:
            await self.store.change(("DELETE FROM sessions WHERE hash = ?",
                                     (session_hash(token),)))
        response = JSONResponse({"signed_out": True})
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return response

    async def sign_out_everywhere(self, request: Request) -> Response:
        """Every session of the signed-in member ends, on every device."""
        check_write(self.server, request)
        member = await self.who(request)
        if member is None:
            return json_error("not signed in", 401)
        counts = await self.store.change(("DELETE FROM sessions WHERE account = ?",
                                          (member.id,)))
        response = JSONResponse({"signed_out": counts[0]})
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return response

    async def delete(self, request: Request) -> Response:
        """The signed-in member's account goes, asked with its password
        (``{"password"}``): its sessions, its seats' links, its challenge entries, and
        the finished games where nobody else sat (:meth:`forget`)."""
        check_write(self.server, request)
        member = await self.who(request)
        if member is None:
            return json_error("not signed in", 401)
        try:
            body = await read_body(request)
        except EuchreError as error:
            return json_error(str(error))
        password = body.get("password") if isinstance(body, dict) else None
        rows = await self.store.query("SELECT password FROM accounts WHERE id = ?",
                                      member.id)
        if not isinstance(password, str) or not rows or not await self._run(
                self.passwords.verify, rows[0][0], password):
            return json_error("that is not this account's password", 403)
        deleted = await self.forget(member)
        response = JSONResponse({"deleted": member.name, "games_deleted": deleted})
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return response

    async def forget(self, member: Member) -> int:
        """Delete ``member``'s account and what points at it; returns the games deleted.

        A finished game where every other seat was a bot is deleted whole. In a game
        shared with other people (theirs as much as the member's) the member's seat is
        renamed :data:`FORMER`, in its record too. Events the member directed stay the
        club's, with nobody to direct them."""
        plays = await self.store.query(
            "SELECT p.table_id, p.seat, r.record FROM plays p "
            "LEFT JOIN records r ON r.table_id = p.table_id WHERE p.account = ?", member.id)
        statements: list[tuple[str, tuple[Any, ...]]] = []
        deleted: list[str] = []
        renamed: list[tuple[str, int]] = []
        for table, seat, record in plays:
            others = await self.store.query(
                "SELECT COUNT(*) FROM plays WHERE table_id = ? AND account <> ?",
                table, member.id)
            alone = record is not None and _bots_only(record, seat) and not others[0][0]
            if alone:
                deleted.append(table)
                statements += [(f"DELETE FROM {name} WHERE table_id = ?", (table,))
                               for name in ("plays", "challenge", "lobby", "records",
                                            "actions", "seats")]
                statements.append(("DELETE FROM tables WHERE id = ?", (table,)))
                continue
            statements.append(("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                               (FORMER, table, seat)))
            renamed.append((table, seat))
            if record is not None:
                statements.append(("UPDATE records SET record = ? WHERE table_id = ?",
                                   (_renamed(record, seat), table)))
        statements += [
            ("DELETE FROM plays WHERE account = ?", (member.id,)),
            ("DELETE FROM challenge WHERE account = ?", (member.id,)),
            ("DELETE FROM sessions WHERE account = ?", (member.id,)),
            ("UPDATE events SET director = '' WHERE director = ?", (member.id,)),
            ("DELETE FROM accounts WHERE id = ?", (member.id,)),
        ]
        await self.store.change(*statements)
        await self.server.deleted(deleted)
        for table, seat in renamed:  # a table this worker holds is renamed in play too
            room = self.server.rooms.get(table)
            if room is not None:
                room.rename(seat, FORMER)
        return len(deleted)

    # -- helpers ------------------------------------------------------------------------

    async def _signed_in(self, request: Request, member: Member, status: int = 200
                         ) -> Response:
        token, hashed = new_session()
        await self.store.change(("INSERT INTO sessions (hash, account, created) "
                                 "VALUES (?, ?, ?)", (hashed, member.id, time.time())))
        response = JSONResponse({"name": member.name}, status_code=status)
        response.set_cookie(COOKIE, token, max_age=_SESSION_SECONDS, path="/",
                            secure=request.url.scheme == "https", httponly=True,
                            samesite="strict")
        return response

    async def _decoy_hash(self) -> str:
        if self._decoy is None:
            self._decoy = await self._run(self.passwords.hash, secrets.token_urlsafe(16))
        return self._decoy

    async def _run(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` on the passwords' thread (argon2 holds it for tens of
        milliseconds; the event loop goes on)."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, work, *args)


def _minutes(seconds: float) -> str:
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _too_many(message: str, wait: float) -> JSONResponse:
    """429, saying how long to wait (in words and in ``Retry-After``)."""
    return JSONResponse({"error": message}, status_code=429,
                        headers={"Retry-After": str(math.ceil(wait))})


def _fields(body: object) -> tuple[str, str]:
    """A body's ``name`` and ``password``, both text."""
    if not isinstance(body, dict):
        raise EuchreError("send {\"name\": ..., \"password\": ...}")
    name, password = body.get("name"), body.get("password")
    if not isinstance(name, str) or not isinstance(password, str):
        raise EuchreError("name and password: both text")
    if len(name) > 200 or len(password) > 1000:
        raise EuchreError("that name or password is too long")
    return name, password


def _possible(name: str) -> bool:
    """Whether ``name`` could be an account's (:func:`~euchre.clubs.accounts.check_name`
    takes it): any other is nobody's, and is never sent to the store."""
    try:
        check_name(name)
    except EuchreError:
        return False
    return True


def _folded(name: str) -> str:
    """A name as the store compares it: spaces run together, any case."""
    return " ".join(name.split()).casefold()


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _bots_only(record: str, seat: int) -> bool:
    """Whether every seat of a finished game's ``record`` but ``seat`` was a bot."""
    try:
        bots = json.loads(record).get("metadata", {}).get("bots")
    except (ValueError, AttributeError):
        return False
    return isinstance(bots, list) and all(
        b != "human" for s, b in enumerate(bots) if s != seat)


def _renamed(record: str, seat: int) -> str:
    """``record`` with the player at ``seat`` named :data:`FORMER`."""
    try:
        data = json.loads(record)
        data["metadata"]["players"][seat] = FORMER
    except (ValueError, KeyError, IndexError, TypeError):
        return record
    return json.dumps(data, ensure_ascii=False)
