"""The web table: Euchre in the browser with friends and bots (``euchre serve``).

* :mod:`euchre.web.database`: storage behind an interface
  (:class:`~euchre.web.database.Store`), SQLite built in.
* :mod:`euchre.web.project`: each receiver's projection of the table as JSON, built from
  the engine's view of its seat.
* :mod:`euchre.web.room`: one table in the server: its :class:`~euchre.table.model.Table`,
  seat tokens, connections, presence, timers and bots.
* :mod:`euchre.web.guard`: the checks every request and message passes first.
* :mod:`euchre.web.server`: the process's rooms, loaded from the store and created.
* :mod:`euchre.web.api`: the HTTP API and its error answers.
* :mod:`euchre.web.sockets`: the WebSocket endpoint and its limits (``docs/web.md``).
* :mod:`euchre.web.app`: the ASGI application (Starlette), assembled from those parts.

The ``euchre serve`` command is :mod:`euchre.cli.serve` (uvicorn).
"""
