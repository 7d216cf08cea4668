"""One table in the web server: its game, seats, tokens, clients, presence and bots.

A :class:`Room` wraps the face-neutral :class:`~euchre.table.model.Table` with what only a
server needs: secret seat tokens, the clients connected to each seat, a countdown for a
player who dropped, an optional turn timer, the bots moving at the table's pace on a
thread pool, and the store every acknowledged action is written to first. Everything
that changes a room runs on the server's event loop; only the bots' thinking runs
elsewhere.

A :class:`Client` is one connection as the room sees it: a seat (or a spectator) and a
function that sends it a text frame. Every frame a client is sent is built for its own
seat by :mod:`euchre.web.project`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from euchre.clubs.ratings import ANCHORS
from euchre.engine.actions import Action, parse_action
from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules, seat_name
from euchre.errors import EuchreError, RulesError
from euchre.players.registry import available_bots
from euchre.records.record import Record, dumps
from euchre.table.model import Event, Seat, Table
from euchre.table.wording import action_text, alone_word, options_text, order_word, refusal_text
from euchre.web.database import LeaseLost, SeatRow, Store, StoredTable, StoreError, TableRow
from euchre.web.guard import TextRefused, check_text
from euchre.web.project import (
    EventEncoder,
    StateEncoder,
    compact_json,
    event_json,
    last_action,
    public_json,
    result_json,
    seat_json,
)

__all__ = [
    "AWAY_SECONDS",
    "CATCHUP_LIMIT",
    "Client",
    "Room",
    "SeatTaken",
    "SettingsError",
    "TableSettings",
    "hash_token",
    "new_token",
]

LOG: Final = logging.getLogger("euchre.web")
T = TypeVar("T")
SERVICE_RESTART: Final = 1012
"""The close code of a socket whose table another worker serves now: the page connects
again, and reaches that worker."""

AWAY_SECONDS: Final = 60.0
"""How long a player who dropped keeps the seat before a bot stands in."""
CATCHUP_LIMIT: Final = 500
"""A client more events behind than this gets a snapshot instead of the events."""
HINT_BOT: Final = "expert"
"""The bot the hint button asks, whatever the table's level: the strongest."""
NAME_LIMIT: Final = 20
CHAT_LIMIT: Final = 200
MAX_PACE: Final = 5.0
MAX_TURN_TIMER: Final = 600
DEAL_BREAK_PACES: Final = 8.0
"""The pause after a finished deal, in the table's paces (6.4 s at the default 0.8 s;
none at pace 0): the players read the deal's summary, and the bots wait for it to end or
for every person at the table to say ``ready``."""


class SettingsError(EuchreError):
    """A table's settings are refused (the message names the field)."""


class SeatTaken(EuchreError):
    """A person already holds the seat asked for."""


def new_token() -> str:
    """A new secret seat token (128 random bits)."""
    return secrets.token_urlsafe(16)


def hash_token(token: str) -> str:
    """The hash of a token that the store keeps (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(value: object, default: str, field: str = "name") -> str:
    """A person's name as shown at the table: one line of valid text
    (:func:`~euchre.web.guard.check_text`), at most 20 characters; raises
    :class:`SettingsError` naming ``field`` for anything else."""
    if value is None:
        return default
    try:
        name = check_text(value, field, limit=NAME_LIMIT)
    except TextRefused as error:
        raise SettingsError(str(error)) from None
    return name or default


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How a table was set up (``POST /api/tables``)."""

    name: str
    preset: str
    """The preset the rules start from (options may change it)."""
    rules: Rules
    seats: tuple[str, ...]
    """``person`` (open for a person) or a bot's name, per seat."""
    level: str
    """The bot that stands in for people who drop or never come."""
    pace: float
    turn_timer: int
    host: str
    host_seat: int
    seed: int
    private: bool = False
    """Only invite links seat people (the lobby does not list the table)."""
    rated: bool = False
    """A rated table (``docs/clubs.md``): its people are signed in, its bots are the
    rating's anchors, and the game counts in the ratings."""

    @classmethod
    def parse(cls, data: object) -> TableSettings:
        """Settings from a request's JSON, every field checked (a bad one raises
        :class:`SettingsError` naming it)."""
        if not isinstance(data, Mapping):
            raise SettingsError("the settings must be a JSON object")
        known = {"name", "preset", "options", "target", "seats", "level", "pace",
                 "turn_timer", "host", "host_seat", "seed", "private", "rated"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SettingsError(f"unknown field {unknown[0]!r}: the fields are "
                                f"{', '.join(sorted(known))}")
        preset = data.get("preset", "standard")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise SettingsError(f"preset: choose one of {', '.join(PRESETS)}")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise SettingsError("options: must be an object of option names and values")
        options = dict(options)
        if "target" in data:
            options["target"] = data["target"]
        try:
            rules = Rules.from_options(options, Rules.preset(preset))
        except RulesError as error:
            raise SettingsError(str(error)) from None
        bots = available_bots()
        level = data.get("level", "expert")
        if level not in bots:
            raise SettingsError(f"level: choose one of {', '.join(bots)}")
        n = rules.players
        seats = data.get("seats", ["person"] + [level] * (n - 1))
        if (not isinstance(seats, list) or len(seats) != n
                or any(s != "person" and s not in bots for s in seats)):
            raise SettingsError(f"seats: a list of {n}, each 'person' or a bot "
                                f"({', '.join(bots)})")
        pace = data.get("pace", 0.8)
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not (
                0 <= pace <= MAX_PACE):
            raise SettingsError(f"pace: seconds from 0 to {MAX_PACE:g}")
        timer = data.get("turn_timer", 0)
        if isinstance(timer, bool) or not isinstance(timer, int) or not (
                timer == 0 or 5 <= timer <= MAX_TURN_TIMER):
            raise SettingsError(f"turn_timer: 0 (none) or seconds from 5 to {MAX_TURN_TIMER}")
        host_seat = data.get("host_seat", 0)
        if isinstance(host_seat, bool) or not isinstance(host_seat, int) or not (
                0 <= host_seat < n) or seats[host_seat] != "person":
            raise SettingsError("host_seat: the seat of a person (an index into seats)")
        seed = data.get("seed", random.randrange(2**31))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise SettingsError("seed: a whole number from 0")
        private = data.get("private", False)
        if not isinstance(private, bool):
            raise SettingsError("private: true or false")
        rated = data.get("rated", False)
        if not isinstance(rated, bool):
            raise SettingsError("rated: true or false")
        if rated:
            _check_rated(rules, seats, level)
        host = clean_name(data.get("host"), "Host", "host")
        name = clean_name(data.get("name"), f"{host}'s table")
        return cls(name, preset, rules, tuple(seats), level, float(pace), timer, host,
                   host_seat, seed, private, rated)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (what the store keeps)."""
        return {"name": self.name, "preset": self.preset, "rules": self.rules.to_dict(),
                "seats": list(self.seats), "level": self.level, "pace": self.pace,
                "turn_timer": self.turn_timer, "host": self.host,
                "host_seat": self.host_seat, "seed": self.seed, "private": self.private,
                "rated": self.rated}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSettings:
        """Settings from :meth:`to_dict` (as stored); a text that is not valid (a store
        written before texts were checked) raises :class:`SettingsError`."""
        rules = Rules.from_dict(data["rules"])
        seats = tuple(data["seats"])
        for text in (data["name"], data["host"], data["level"], *seats):
            clean_name(text, "", "a stored name")
        return cls(data["name"], data.get("preset", rules.preset_name() or "custom"), rules,
                   seats,
                   data["level"], float(data["pace"]), int(data["turn_timer"]),
                   data["host"], int(data["host_seat"]), int(data["seed"]),
                   bool(data.get("private", False)), bool(data.get("rated", False)))


def _check_rated(rules: Rules, seats: Sequence[str], level: str) -> None:
    """Refuse a rated table the ratings could not count: a form of more than two sides,
    a game without a target, a bot (or stand-in ``level``) that is no anchor."""
    if rules.seating.team_count != 2 or rules.form == "napoleon" or rules.target <= 0:
        raise SettingsError("rated: a rated table plays a game to a target, of two sides")
    for bot in (*(s for s in seats if s != "person"), level):
        if bot not in ANCHORS:
            raise SettingsError(f"rated: the bots at a rated table are the ratings' "
                                f"anchors ({', '.join(ANCHORS)}), not {bot}")


def _no_close(code: int) -> None:
    """A client that can not be closed from the room (a stand-in, a test's)."""


@dataclass(eq=False, slots=True)
class Client:
    """One connection to a room: its seat (``None``: a spectator), how to send it a
    text frame and how to close it (with a WebSocket close code). ``last_chat`` and
    ``name`` are the room's."""

    seat: int | None
    send: Callable[[str], None]
    name: str = ""
    last_chat: float = 0.0
    closed: bool = False
    close: Callable[[int], None] = _no_close


class Hooks:
    """What a room tells its server, and the server's meters (no-ops by default: a room
    made alone, in a test, tells nobody)."""

    def listing(self, room: Room) -> None:
        """What the lobby shows of ``room`` changed (seats, state, score)."""

    def lost(self, room: Room) -> None:
        """Another worker serves ``room`` now: let it go."""

    def command(self, seconds: float) -> None:
        """A command was answered in ``seconds`` (stored, applied, sent on)."""

    def stored(self, seconds: float) -> None:
        """A write to the store took ``seconds``."""


def _ms(deadline: float | None) -> float | None:
    """A deadline on the loop's clock as milliseconds since the epoch, for clients."""
    if deadline is None:
        return None
    return round((time.time() + deadline - time.monotonic()) * 1000)


class Room:
    """One table of the server (see the module's docstring)."""

    def __init__(self, id: str, settings: TableSettings, seats: list[SeatRow], store: Store,
                 executor: Executor | None, *, away_seconds: float = AWAY_SECONDS,
                 started: bool = False, hooks: Hooks | None = None) -> None:
        self.id = id
        self.hooks = hooks or Hooks()
        self.settings = settings
        self.store = store
        self.executor = executor
        self.away_seconds = away_seconds
        self.seat_rows = seats
        self.started = started
        self.finished = False
        rules = settings.rules
        holders = [self._holder(s) for s in range(rules.players)]
        self.table = Table(Game(rules, seed=settings.seed), holders, hold_deals=False,
                           hint_bot=HINT_BOT, pace=settings.pace)
        self.clients: list[Client] = []
        self.away_until: list[float | None] = [None] * rules.players
        self.turn_deadline: float | None = None
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._hint_lock = asyncio.Lock()
        self._lock = asyncio.Lock()
        """Held from a change's checks to its being applied, across the store's write:
        what changes the table waits its turn."""
        self._stand_in = [False] * rules.players
        self._results_json: list[dict[str, Any]] = []
        """The finished deals' JSON so far (a web table never takes a deal back)."""
        self._last_change = 0.0
        """When the driver last planned (a bot's pace counts from it)."""
        self.deal_break: float | None = None
        """When the pause after the last finished deal ends (the loop's clock), or
        ``None``: no pause."""
        self.ready: set[int] = set()
        """The seats whose person has said ``ready`` in this pause."""
        self.commands: dict[tuple[int, str], int] = {}
        """The version each command id made, by seat and id: every one in the store (the
        room is the table's only writer), so a repeated command costs no read."""

    # -- making and loading ------------------------------------------------------------

    @classmethod
    async def create(cls, id: str, settings: TableSettings, store: Store,
                     executor: Executor | None, **kwargs: Any) -> tuple[Room, list[str]]:
        """A new room, kept in ``store``; returns it and every seat's token (the host's,
        and the invites to the others)."""
        tokens = [new_token() for _ in settings.seats]
        n = len(settings.seats)
        seats = [
            SeatRow(s, settings.host if s == settings.host_seat
                    else seat_name(s, n) if kind == "person" else _bot_name(kind, s, n),
                    hash_token(tokens[s]), s == settings.host_seat)
            for s, kind in enumerate(settings.seats)
        ]
        await store.create_table(TableRow(id, settings.to_dict(), time.time()), seats)
        room = cls(id, settings, seats, store, executor, **kwargs)
        room.hooks.listing(room)
        return room, tokens

    @classmethod
    async def restore(cls, stored: StoredTable, store: Store, executor: Executor | None,
                      **kwargs: Any) -> Room:
        """A room as it was before the server stopped: its actions applied again, every
        person away (their countdown starts now)."""
        settings = TableSettings.from_dict(stored.row.settings)
        room = cls(stored.id, settings, stored.seats, store, executor,
                   started=stored.started, **kwargs)
        for _version, seat, text in stored.actions:
            room.table.apply(parse_action(text), seat)
        room.finished = stored.finished
        room.commands = dict(stored.commands)
        if room.table.game_over and not room.finished:
            # killed between the last action and its record: write the record now
            try:
                await room.finish()
            except StoreError:
                LOG.exception("table %s: its record can not be written yet", room.id)
        if room.started and not room.table.game_over:
            for s, row in enumerate(room.seat_rows):
                if row.claimed:
                    room._drop(s)
        return room

    def _holder(self, seat: int) -> Seat:
        """Who plays ``seat`` now, from its row: a person who took it, else a bot."""
        row = self.seat_rows[seat]
        kind = self.settings.seats[seat]
        if row.claimed:
            return Seat("remote", row.name)
        return Seat("bot", row.name, kind if kind != "person" else self.settings.level)

    # -- what clients are told ----------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """The names at the table, by seat."""
        return [s.name for s in self.table.seats]

    def present(self, seat: int) -> bool:
        """Whether a client holds ``seat`` now."""
        return any(c.seat == seat and not c.closed for c in self.clients)

    def presence(self) -> list[dict[str, Any]]:
        """Each seat's presence, as :func:`~euchre.web.project.state_json` takes it."""
        return [{"present": self.present(s) if row.claimed else True,
                 "away_until": _ms(self.away_until[s]), "claimed": row.claimed,
                 "stand_in": self._stand_in[s]}
                for s, row in enumerate(self.seat_rows)]

    def state(self, viewer: int | None,
              public: dict[str, Any] | None = None) -> dict[str, Any]:
        """The table now as ``viewer`` may see it (``public``: :meth:`public`, when the
        caller sends it to several viewers)."""
        return seat_json(self.table, viewer, self.public() if public is None else public)

    def public(self) -> dict[str, Any]:
        """The table now as a spectator sees it (every viewer's state starts from it)."""
        return public_json(self.table, started=self.started, presence=self.presence(),
                           turn_deadline=_ms(self.turn_deadline), results=self._results(),
                           deal_break=_ms(self._pausing()))

    def _pausing(self) -> float | None:
        """When the pause after a finished deal ends, while one lasts."""
        if self.deal_break is not None and self.deal_break <= time.monotonic():
            self.deal_break = None
        return self.deal_break

    def _results(self) -> list[dict[str, Any]]:
        """The finished deals in JSON, each worked out once."""
        results = self.table.game.results
        done = self._results_json
        if len(done) < len(results):
            rules = self.table.game.rules
            names = self.names
            game = self.table.game
            done.extend([result_json(results[d], rules, names, last=last_action(game, d))
                         for d in range(len(done), len(results))])
        return done

    def seats_json(self) -> list[dict[str, Any]]:
        """Who holds each seat: name, ``person`` or ``bot``, open, present, away."""
        presence = self.presence()
        out = []
        for s, row in enumerate(self.seat_rows):
            holder = self.table.seats[s]
            out.append({
                "seat": s, "name": holder.name, "place": seat_name(s, len(self.seat_rows)),
                "kind": "bot" if holder.is_bot else "person",
                "bot": holder.bot, "claimed": row.claimed,
                "open": not row.claimed, "present": presence[s]["present"],
                "away_until": presence[s]["away_until"], "stand_in": self._stand_in[s],
            })
        return out

    def describe(self) -> dict[str, Any]:
        """The table's public description (the lobby's list, ``GET /api/tables/{id}``)."""
        s = self.settings
        return {
            "id": self.id, "name": s.name, "preset": s.preset, "private": s.private,
            "rules": s.rules.to_dict(), "target": s.rules.target, "level": s.level,
            "pace": s.pace, "turn_timer": s.turn_timer, "host": s.host,
            "state": "over" if self.table.game_over else
                     "playing" if self.started else "waiting",
            "score": list(self.table.game.score), "version": self.table.version,
            "seats": self.seats_json(),
            "spectators": sum(1 for c in self.clients if c.seat is None and not c.closed),
        }

    def _send(self, client: Client, message: Mapping[str, Any]) -> None:
        if not client.closed:
            client.send(compact_json(message))

    def _broadcast_seats(self) -> None:
        self.hooks.listing(self)
        message = {"type": "seats", "seats": self.seats_json()}
        for client in list(self.clients):
            self._send(client, message)

    def _broadcast_state(self, kind: str = "snapshot") -> None:
        self._broadcast(kind, None)

    def _broadcast(self, kind: str, event: Event | None) -> None:
        """Send every client a ``kind`` message with its own state (and its own copy of
        ``event``). The public part of the state is encoded once for all of them."""
        public = self.public()
        encoder = StateEncoder(self.table, public)
        events = None if event is None else EventEncoder(event, self.table.game, self.names)
        for client in list(self.clients):
            if client.closed:
                continue
            head = f'{{"type":"{kind}",'
            if events is not None:
                head += f'"event":{events.encode(client.seat)},'
            client.send(f'{head}"state":{encoder.encode(client.seat)}}}')

    # -- seats and tokens ------------------------------------------------------------

    def check_token(self, seat: object, token: object) -> int:
        """The seat a token opens (compared in constant time); raises
        :class:`EuchreError` for a wrong seat or token."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < len(self.seat_rows)):
            raise EuchreError("bad_seat")
        if not isinstance(token, str) or not token.isascii() or not hmac.compare_digest(
                hash_token(token), self.seat_rows[seat].token_hash):
            raise EuchreError("bad_token")
        return seat

    async def invite(self, host_token: object) -> dict[int, str]:
        """New invite tokens for every seat nobody has taken yet (the host's token
        asks): each replaces that seat's earlier invite. Raises :class:`EuchreError`
        for a wrong token."""
        self.check_token(self.settings.host_seat, host_token)
        tokens: dict[int, str] = {}
        async with self._lock:
            for s, row in enumerate(self.seat_rows):
                if not row.claimed:
                    tokens[s] = new_token()
                    new_row = SeatRow(s, row.name, hash_token(tokens[s]), False)
                    await self._store(self.store.set_seat(self.id, new_row))
                    self.seat_rows[s] = new_row
        return tokens

    async def _claim(self, seat: int, name: str) -> None:
        """A person sits down at ``seat`` with its invite (its token already checked)."""
        row = self.seat_rows[seat]
        new_row = SeatRow(seat, name, row.token_hash, True)
        await self._store(self.store.set_seat(self.id, new_row))
        self.seat_rows[seat] = new_row
        self._stand_in[seat] = False
        self.table.sit(seat, Seat("remote", name))

    async def take_seat(self, seat: int, name: str) -> str:
        """A person takes ``seat`` (open, or a bot's): returns its new token; the bot
        stops at once and the person plays from the next decision."""
        async with self._lock:
            return await self._take_seat(seat, name)

    async def _take_seat(self, seat: int, name: str) -> str:
        if not 0 <= seat < len(self.seat_rows):
            raise EuchreError(f"there is no seat {seat} at this table")
        row = self.seat_rows[seat]
        if row.claimed:
            raise SeatTaken(f"seat {seat} is taken: ask its player for the invite link")
        if self.settings.private:
            raise EuchreError("this table seats people by invitation: ask the host for a link")
        if self.table.game_over:
            raise EuchreError("the game is over")
        token = new_token()
        new_row = SeatRow(seat, name, hash_token(token), True)
        await self._store(self.store.set_seat(self.id, new_row))
        self.seat_rows[seat] = new_row
        self._stand_in[seat] = False
        self.table.sit(seat, Seat("remote", name))
        if self.started:
            self._drop(seat)  # the seat waits for its person to connect
        self._changed()
        self._broadcast_seats()
        self._broadcast_state()  # the name at the seat changed
        return token

    def rename(self, seat: int, name: str) -> None:
        """The player at ``seat`` is called ``name`` from now on (their account was
        deleted: :mod:`euchre.web.members`); who holds the seat is unchanged."""
        row = self.seat_rows[seat]
        self.seat_rows[seat] = SeatRow(seat, name, row.token_hash, row.claimed)
        seats = list(self.table.seats)
        seats[seat] = dataclasses.replace(seats[seat], name=name)
        self.table.seats = tuple(seats)
        self._broadcast_seats()
        self._broadcast_state()

    def _drop(self, seat: int) -> None:
        """The person at ``seat`` is not connected: the countdown starts."""
        if self.away_until[seat] is None and not self._stand_in[seat]:
            self.away_until[seat] = time.monotonic() + self.away_seconds

    def _stand_in_for(self, seat: int) -> None:
        """The countdown ran out: a bot of the table's level plays the seat."""
        self.away_until[seat] = None
        self._stand_in[seat] = True
        row = self.seat_rows[seat]
        self.table.sit(seat, Seat("bot", row.name, self.settings.level))
        self._broadcast_seats()

    def _come_back(self, seat: int) -> None:
        self.away_until[seat] = None
        if self._stand_in[seat]:
            self._stand_in[seat] = False
            self.table.sit(seat, Seat("remote", self.seat_rows[seat].name))

    # -- clients ---------------------------------------------------------------------

    async def join(self, client: Client, last_version: int | None,
                   name: str | None = None) -> None:
        """A client said ``hello`` (its token already checked): welcome it, with the
        events it missed since ``last_version`` when it gives one. An invite's first
        ``hello`` takes the seat, under ``name``."""
        async with self._lock:
            self._join(client, last_version,
                       await self._claim_for(client.seat, name))

    async def _claim_for(self, seat: int | None, name: str | None) -> bool:
        """Take ``seat`` for its invite's first hello; whether it was taken now."""
        if seat is None or self.seat_rows[seat].claimed:
            return False
        await self._claim(seat, name or seat_name(seat, len(self.seat_rows)))
        return True

    def _join(self, client: Client, last_version: int | None, claimed: bool) -> None:
        seat = client.seat
        self.clients.append(client)
        if seat is not None:
            client.name = self.seat_rows[seat].name
            self._come_back(seat)
        else:
            client.name = "spectator"
        self._send(client, {
            "type": "welcome", "table": self.describe(), "seat": seat,
            "role": "spectator" if seat is None else "player",
            "host": seat == self.settings.host_seat, "seats": self.seats_json(),
            "state": self.state(seat),
        })
        if last_version is not None and 0 <= last_version < self.table.version:
            self.catch_up(client, last_version)
        self._changed()
        self._broadcast_seats()
        if claimed:
            self._broadcast_state()  # the name at the seat changed

    def catch_up(self, client: Client, last_version: int) -> None:
        """Send ``client`` the events after ``last_version`` (or a snapshot when they are
        too many)."""
        if last_version < 0 or self.table.version - last_version > CATCHUP_LIMIT:
            self._send(client, {"type": "snapshot", "state": self.state(client.seat)})
            return
        game = self.table.game
        names = self.names
        events = [event_json(e, client.seat, game, names)
                  for e in self.table.events[last_version:]]
        self._send(client, {"type": "catchup", "events": events,
                            "state": self.state(client.seat)})

    def leave(self, client: Client) -> None:
        """A client's connection closed."""
        client.closed = True
        with contextlib.suppress(ValueError):
            self.clients.remove(client)
        seat = client.seat
        if seat is not None and self.seat_rows[seat].claimed and not self.present(seat):
            if self.started and not self.table.game_over:
                self._drop(seat)
            self._changed()
        self._broadcast_seats()

    # -- commands --------------------------------------------------------------------

    async def handle(self, client: Client, message: Mapping[str, Any]) -> None:
        """One message from a client after ``hello`` (already parsed and size-checked)."""
        kind = message.get("type")
        if kind == "act":
            began = time.perf_counter()
            await self.act(client, message)
            self.hooks.command(time.perf_counter() - began)
        elif kind == "start":
            await self.start(client)
        elif kind == "chat":
            self.chat(client, message.get("text"))
        elif kind == "sync":
            last = message.get("last_version")
            if isinstance(last, bool) or not isinstance(last, int):
                self.error(client, "bad_message", "sync needs last_version, a whole number")
                return
            self.catch_up(client, last)
        elif kind == "hint":
            self.hint(client)
        elif kind == "ready":
            self.say_ready(client)
        elif kind == "ping":
            self._send(client, {"type": "pong", "version": self.table.version})
        elif kind == "hello":
            self.error(client, "bad_message", "this socket has said hello already")
        else:
            self.error(client, "unknown_type",
                       f"unknown message type {kind!r}: see docs/web.md")

    def error(self, client: Client, code: str, message: str) -> None:
        """Tell ``client`` its message was refused (nothing else happens)."""
        self._send(client, {"type": "error", "code": code, "message": message})

    async def act(self, client: Client, message: Mapping[str, Any]) -> None:
        """A decision (``act``): acknowledged once per id, stored before the ack."""
        seat = client.seat
        if seat is None:
            self.error(client, "spectator", "a spectator can not act")
            return
        command, version, text = message.get("id"), message.get("version"), message.get("action")
        if not isinstance(command, str) or not 0 < len(command) <= 64:
            self.error(client, "bad_message", "act needs an id: text of 1 to 64 characters")
            return
        if isinstance(version, bool) or not isinstance(version, int):
            self.error(client, "bad_message", "act needs the version it was chosen at")
            return
        if not isinstance(text, str):
            self.error(client, "bad_message", "act needs an action, such as 'play Jh'")
            return
        try:  # both are stored, and echoed in a refusal
            check_text(command, "id")
            check_text(text, "action")
        except TextRefused as error:
            self.error(client, "bad_text", str(error))
            return
        async with self._lock:
            await self._act(client, seat, command, version, text)

    async def _act(self, client: Client, seat: int, command: str, version: int,
                   text: str) -> None:
        done = self.commands.get((seat, command))
        if done is not None:
            self._send(client, {"type": "ack", "id": command, "version": done})
            return
        if not self.started:
            self.error(client, "not_started", "the game has not started yet")
            return
        if version != self.table.version:
            self._send(client, {"type": "resync", "id": command, "state": self.state(seat)})
            return
        if not self.table.seat_to_act(seat) or self.table.bots[seat] is not None:
            if self.table.bots[seat] is not None and self.table.seat_to_act(seat):
                reason = "A bot is playing this seat."
            else:
                reason = "It is not your turn."
            self._send(client, {"type": "refused", "id": command, "code": "not_your_turn",
                                "reason": reason})
            return
        try:
            action = parse_action(text)
        except EuchreError as error:
            self._send(client, {"type": "refused", "id": command, "code": "bad_action",
                                "reason": str(error)})
            return
        refusal = self.table.refusal(action, seat)
        if refusal is not None:
            self._send(client, {"type": "refused", "id": command, "code": str(refusal.code),
                                "reason": refusal_text(refusal, phase=self.table.game.phase)})
            return
        await self.commit(seat, str(action), command)
        self._send(client, {"type": "ack", "id": command, "version": self.table.version})
        self._broadcast_last()

    async def _store(self, write: Awaitable[T]) -> T:
        """Await a call of the store, timed for the meters; a :class:`LeaseLost` lets
        the room go (another worker serves it now) before it goes on up."""
        began = time.perf_counter()
        try:
            return await write
        except LeaseLost:
            self.hooks.lost(self)
            raise
        finally:
            self.hooks.stored(time.perf_counter() - began)

    async def commit(self, seat: int, text: str, command: str | None) -> None:
        """Store action ``text`` of ``seat`` and then apply it (it has been checked; the
        caller holds the room's lock)."""
        version = self.table.version + 1
        await self._store(self.store.append_action(self.id, version, seat, text, command))
        if command is not None:
            self.commands[seat, command] = version
        event = self.table.apply(parse_action(text), seat)
        self.turn_deadline = None
        if self.table.game_over:
            self.deal_break = None
            self.hooks.listing(self)
            await self.finish()
        elif event.outcome.result is not None:
            self.hooks.listing(self)  # the score changed
            if self.settings.pace > 0:
                self.deal_break = time.monotonic() + DEAL_BREAK_PACES * self.settings.pace
                self.ready = set()
        self._changed()

    def say_ready(self, client: Client) -> None:
        """A person has read the finished deal's summary: when every person here has,
        the pause ends and the bots go on."""
        if client.seat is None or self._pausing() is None:
            return
        self.ready.add(client.seat)
        people = {s for s, row in enumerate(self.seat_rows)
                  if row.claimed and self.present(s) and self.table.bots[s] is None}
        if people <= self.ready:
            self.deal_break = None
            self._changed()

    def _broadcast_last(self) -> None:
        self._broadcast("event", self.table.events[-1])

    async def finish(self) -> str:
        """Keep the finished game's record (once) and return it (native JSON)."""
        text = dumps(self.record())
        if not self.finished:
            await self._store(self.store.finish(self.id, text))
            self.finished = True
        return text

    def record(self) -> Record:
        """The game's record so far, with the table's names."""
        metadata = {"title": self.settings.name, "players": self.names,
                    "bots": [s.bot or "human" for s in self.table.seats],
                    "source": "euchre serve", "table": self.id}
        return Record.from_game(self.table.game, metadata)

    async def start(self, client: Client) -> None:
        """The host starts the game: open seats nobody took get bots."""
        async with self._lock:
            if client.seat != self.settings.host_seat:
                self.error(client, "not_host", "only the host can start the game")
                return
            if self.started:
                self.error(client, "started", "the game has started already")
                return
            await self._store(self.store.set_started(self.id))
            self._started()

    def _started(self) -> None:
        self.started = True
        for s, row in enumerate(self.seat_rows):
            if row.claimed and not self.present(s):
                self._drop(s)
        self._changed()
        self._broadcast_seats()
        self._broadcast_state()

    def chat(self, client: Client, text: object) -> None:
        """A line of chat: valid text (:func:`~euchre.web.guard.check_text`), at most
        200 characters and one a second per client."""
        if not isinstance(text, str) or not text.strip():
            self.error(client, "bad_message", "chat needs text")
            return
        if len(text) > CHAT_LIMIT:
            self.error(client, "too_long", f"a chat line is at most {CHAT_LIMIT} characters")
            return
        try:
            text = check_text(text, "text")
        except TextRefused as error:
            self.error(client, "bad_text", str(error))
            return
        now = time.monotonic()
        if now - client.last_chat < 1.0:
            self.error(client, "slow_down", "one chat line a second")
            return
        client.last_chat = now
        line = {"type": "chat", "seat": client.seat, "name": client.name, "text": text}
        for other in list(self.clients):
            self._send(other, line)

    def hint(self, client: Client) -> None:
        """The hint bot's value of each option, worked out off the event loop."""
        seat = client.seat
        if seat is None or not self.started or not self.table.seat_to_act(seat):
            self.error(client, "no_hint", "a hint is for the player to act, on their turn")
            return
        request = self.table.hint_request(seat)
        version = self.table.version
        asyncio.get_running_loop().create_task(self._hint(client, request, version))

    async def _hint(self, client: Client, request: Any, version: int) -> None:
        async with self._hint_lock:
            loop = asyncio.get_running_loop()
            try:
                hint = await loop.run_in_executor(self.executor, self.table.hint, request)
            except EuchreError as error:
                self.error(client, "no_hint", str(error))
                return
        if self.table.version != version:
            return
        rules = self.table.game.rules
        view = request[0]
        order = order_word(rules.seating, view.dealer, view.seat)
        alone = alone_word(rules.seating, view.maker, view.seat)
        napoleon = rules.form == "napoleon"

        def label(a: Action) -> str:
            return _capital(action_text(a, order=order, alone=alone, napoleon=napoleon))

        values = None if hint.values is None else [
            {"action": str(a), "label": label(a), "value": round(v, 3)}
            for a, v in hint.values]
        text = options_text(hint.values, order=order, alone=alone, napoleon=napoleon) \
            if hint.values else ""
        self._send(client, {"type": "hint", "choice": str(hint.choice),
                            "choice_label": label(hint.choice),
                            "values": values,
                            "text": text,
                            "note": hint.note, "bot": hint.bot, "version": version})

    # -- the room's clock: bots, countdowns, the turn timer -----------------------------

    def _changed(self) -> None:
        self._wake.set()

    def run(self) -> None:
        """Start the room's driver on the running event loop (bots, countdowns, timers)."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def let_go(self) -> None:
        """Another worker serves this table now: stop driving it, and close every
        client's socket with :data:`SERVICE_RESTART` (their pages connect again, and
        reach that worker)."""
        if self._driver is not None:
            self._driver.cancel()
        for client in list(self.clients):
            client.closed = True
            client.close(SERVICE_RESTART)
        self.clients.clear()

    async def stop(self) -> None:
        """Stop the driver."""
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver

    def _next_job(self) -> tuple[float, str, int] | None:
        """What the room must do next, when (on the loop's clock) and for which seat."""
        if not self.started or self.table.game_over:
            return None
        jobs: list[tuple[float, str, int]] = []
        for s, until in enumerate(self.away_until):
            if until is not None:
                jobs.append((until, "stand_in", s))
        seat = self.table.to_act
        pause = self._pausing() or 0.0
        if seat >= 0:
            if self.table.bots[seat] is not None:
                jobs.append((max(pause, self._last_change + self.table.bot_delay()), "bot",
                             seat))
            elif self.settings.turn_timer and self.present(seat):
                if self.turn_deadline is None:
                    self.turn_deadline = max(pause, time.monotonic()) + self.settings.turn_timer
                    self._broadcast_state("snapshot")
                jobs.append((self.turn_deadline, "timer", seat))
        return min(jobs) if jobs else None

    async def _drive(self) -> None:
        while True:
            self._wake.clear()
            self._last_change = time.monotonic()
            job = self._next_job()
            if job is None:
                await self._wake.wait()
                continue
            when, kind, seat = job
            delay = when - time.monotonic()
            if delay > 0:
                try:
                    await asyncio.wait_for(self._wake.wait(), delay)
                    continue  # something changed: plan again
                except TimeoutError:
                    pass
            try:
                if kind == "stand_in":
                    self._stand_in_for(seat)
                else:
                    await self._bot_move(seat, kind == "timer")
            except LeaseLost:
                return  # another worker serves the table now (the room was let go)
            except Exception:  # the store could not be written, or a bug:
                # the table goes on, and tries again shortly
                LOG.exception("table %s: the %s for seat %d failed", self.id, kind, seat)
                await asyncio.sleep(1.0)

    async def _bot_move(self, seat: int, for_person: bool) -> None:
        """A bot's move for ``seat`` (``for_person``: the turn timer ran out), thought
        over on the executor and applied only if the table has not moved meanwhile."""
        version = self.table.version
        if for_person:
            bot = self.table.new_bot(self.settings.level, seat)
            request = (seat, bot, self.table.view(seat), self.table.legal())
        else:
            made = self.table.bot_request()
            if made is None:
                return
            request = made
        _, bot, view, legal = request
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self.executor, Table.decide, bot, view, legal)
        except Exception:  # a failing bot must not stop the table
            action = legal[0]
        async with self._lock:
            if (self.table.version != version or self.table.to_act != seat
                    or (not for_person and self.table.bots[seat] is None)):
                return
            await self.commit(seat, str(action), None)
            self._broadcast_last()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bot_name(bot: str, seat: int, players: int) -> str:
    return f"{seat_name(seat, players)} ({bot})"
