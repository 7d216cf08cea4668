"""The web table: Euchre in the browser with friends and bots (``euchre serve``).

* :mod:`euchre.web.database`: storage behind an interface (:class:`~euchre.web.database.Store`),
  SQLite built in.
* :mod:`euchre.web.project`: each receiver's projection of the table as JSON, built from
  the engine's view of its seat.
* :mod:`euchre.web.room`: one table in the server: its :class:`~euchre.table.model.Table`,
  seat tokens, connections, presence, timers and bots.
* :mod:`euchre.web.app`: the ASGI application (Starlette): pages, the HTTP API and the
  WebSocket protocol (``docs/web.md``).
* :mod:`euchre.cli.serve`: the ``euchre serve`` command (uvicorn).
"""
