"""The web server's rooms: every table of one process, its store and the bots' threads.

:class:`Server` is what the HTTP API (:mod:`euchre.web.api`) and the WebSocket endpoint
(:mod:`euchre.web.sockets`) share: the open rooms by id, the store behind them, and the
check of a page's Origin. :func:`~euchre.web.app.create_app` makes one per application.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from euchre.web.database import Store
from euchre.web.guard import origin_allowed
from euchre.web.room import AWAY_SECONDS, Room, TableSettings

__all__ = ["Server"]

LOG: Final = logging.getLogger("euchre.web")


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
