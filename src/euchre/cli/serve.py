"""``euchre serve``: the web table on uvicorn, with its store in the user's data folder.

The server prints the address to open and runs until interrupted. A port already in
use, or a store that can not be opened, is one line on standard error, not a traceback;
so is a missing ``web`` extra (starlette, uvicorn, websockets: ``pip install
'euchre[web]'``, or ``make serve``), which only this command needs: nothing here imports
them before the command runs, so every other command works without them.

``--store`` names the store: the embedded SQLite file (the default, in ``--data``), or
PostgreSQL (the ``postgres`` extra), which several processes can share. ``--workers N``
runs N server processes behind the one address (:mod:`euchre.cli.supervise`: this
process starts them, and starts another when one dies); each worker runs
:func:`run_worker`. ``--migrate-from`` moves a SQLite store's tables into PostgreSQL
first.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import socket
from collections.abc import Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from euchre.errors import EuchreError

__all__ = ["STORE_FILE", "add_serve_command", "cmd_serve", "origin", "run_worker",
           "store_path", "store_url"]

STORE_FILE = "tables.sqlite3"

WEB_MODULES = ("starlette", "uvicorn", "websockets")
"""What the web table imports of the ``web`` extra (pyproject.toml)."""


def store_path(data: str | None) -> Path:
    """The store's file: in ``data`` when given, else in the user's data folder."""
    if data:
        return Path(data).expanduser() / STORE_FILE
    from euchre.table.data_folder import data_dir

    return data_dir() / STORE_FILE


def store_url(args: argparse.Namespace) -> str:
    """The store's address: ``--store``, else the SQLite file in ``--data`` (or the
    user's data folder)."""
    if args.store and args.data:
        raise EuchreError("give --store or --data, not both (--data DIR is --store "
                          "sqlite:///DIR/tables.sqlite3)")
    if args.store:
        return str(args.store)
    if args.data and Path(args.data).expanduser().exists() and not Path(
            args.data).expanduser().is_dir():
        raise EuchreError(f"--data takes a folder, and {args.data} is a file")
    path = store_path(args.data).absolute()
    return f"sqlite:///{path}"


def add_serve_command(subparsers: Any) -> None:
    """Add ``serve`` to the subparsers of the ``euchre`` command."""
    from euchre.cli.options import seconds, whole_number

    serve = subparsers.add_parser(
        "serve",
        help="the web table: play in the browser with friends and bots",
        description=("Start the web table: open the address it prints, create a table, "
                     "send your friends their invite links. Bots fill the empty seats. "
                     "Protocol and security model: docs/web.md."),
    )
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=whole_number(1), default=8000,
                       help="the port (default: 8000)")
    serve.add_argument("--data", metavar="DIR", default=None,
                       help=f"the folder of the store, {STORE_FILE} "
                            "(default: the user's data folder)")
    serve.add_argument("--store", metavar="URL", default=None,
                       help="the store: sqlite:///PATH (one process; the default is "
                            f"{STORE_FILE} in --data) or postgresql://USER@HOST:PORT/DB "
                            "(also ?host=SOCKETDIR; pip install 'euchre[postgres]')")
    serve.add_argument("--workers", type=whole_number(1), default=None, metavar="N",
                       help="run N server processes behind the one address, sharing a "
                            "PostgreSQL store (one that dies is started again)")
    serve.add_argument("--migrate-from", metavar="URL", default=None,
                       help="first move every table of the SQLite store at URL "
                            "(sqlite:///PATH) into the PostgreSQL --store")
    serve.add_argument("--internal-host", default="127.0.0.1", metavar="HOST", type=ip_address,
                       help="the IP address the other workers reach this machine's "
                            "workers at (default: 127.0.0.1, workers on one machine)")
    # a worker started by --workers: the listening socket it inherits
    serve.add_argument("--worker-fd", type=whole_number(0), default=None,
                       help=argparse.SUPPRESS)
    serve.add_argument("--allow-origin", metavar="URL", action="append", default=[],
                       type=origin,
                       help="another address the server is reached at (a name, a proxy): "
                            "its pages may open sockets and make tables, and requests "
                            "naming it as the Host are answered (repeatable)")
    serve.add_argument("--away", type=seconds(1, 3600), default=60.0, metavar="SECONDS",
                       help="how long a dropped player keeps the seat before a bot plays "
                            "for them (default: 60)")
    serve.set_defaults(func=cmd_serve)


def ip_address(text: str) -> str:
    """An argparse ``type``: an IP address (what the other workers connect to).

    >>> ip_address("10.0.0.7")
    '10.0.0.7'
    """
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an IP address such as 10.0.0.7, "
                                         f"not {text!r}") from None


def origin(text: str) -> str:
    """An argparse ``type``: a page's address, ``http://host[:port]`` (or ``https``).

    >>> origin("http://example.com:8000/")
    'http://example.com:8000'
    """
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in (
            "", "/"):
        raise argparse.ArgumentTypeError(
            f"must be an address such as http://example.com:8000, not {text!r}")
    return f"{parts.scheme}://{parts.netloc}"


def _check_port(host: str, port: int) -> None:
    """Refuse a port already in use, in words, before uvicorn tries it."""
    if port > 65535:
        raise EuchreError(f"--port: a port is from 1 to 65535, not {port}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise EuchreError(f"port {port} is in use: try another with --port") from None
            why = error.strerror or str(error)
            raise EuchreError(f"can not listen on {host}:{port}: {why}") from None


SECRET_ENV = "EUCHRE_CLUSTER_SECRET"
"""The environment variable that hands the workers their cluster's secret (the
header by which a worker knows a request another worker forwarded)."""


def cmd_serve(args: argparse.Namespace) -> int:
    """Run ``euchre serve``."""
    import asyncio

    from euchre.extras import optional_module

    for name in WEB_MODULES:  # each, before anything starts: one line for the first missing
        optional_module(name, "web", "the web table (euchre serve)")
    from euchre.web.stores import store_kind

    url = store_url(args)
    shared = store_kind(url) == "postgresql"  # a bad address: one line, before all else
    if args.migrate_from is not None and not shared:
        raise EuchreError("--migrate-from moves a SQLite store into PostgreSQL: give "
                          "--store postgresql://USER@HOST:PORT/DB")
    if args.worker_fd is not None:
        return serve_loop(run_worker(args, url))
    if args.workers is not None and args.workers > 1 and not shared:
        raise EuchreError(f"--workers {args.workers} needs a PostgreSQL store (--store "
                          "postgresql://USER@HOST:PORT/DB): a SQLite store is served by "
                          "one worker")
    _check_port(args.host, args.port)
    if args.migrate_from is not None:
        asyncio.run(_migrate(args.migrate_from, url))
    if args.workers is not None and shared:
        from euchre.cli.supervise import supervise

        asyncio.run(_check_store(url))  # a bad address is one line, before any worker
        return supervise(args, url, _shown(args))
    return serve_loop(run_worker(args, url))


def serve_loop(main: Coroutine[Any, Any, int]) -> int:
    """Run a server process's ``main`` on uvloop's event loop where it is installed (the
    ``web`` extra has it, but for Windows), else on asyncio's own (what it buys is
    measured in ``docs/benchmarks.md``)."""
    try:
        import uvloop
    except ImportError:
        import asyncio

        return asyncio.run(main)
    return uvloop.run(main)


def _shown(args: argparse.Namespace) -> str:
    """The address to print for a person to open."""
    shown = f"[{args.host}]" if ":" in args.host else args.host
    if args.host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    return f"http://{shown}:{args.port}/"


async def _check_store(url: str) -> None:
    """Open the store once (its schema brought up to date) and close it."""
    from euchre.web.stores import open_store

    store = await open_store(url)
    await store.close()


async def _migrate(source: str, url: str) -> None:
    """Move every table of the SQLite store ``source`` into the PostgreSQL store
    ``url``, and say how much moved."""
    from euchre.web.database import SqliteStore, sqlite_path
    from euchre.web.postgres import PostgresStore
    from euchre.web.stores import open_store

    path = sqlite_path(source)
    if not Path(path).is_file():
        raise EuchreError(f"--migrate-from: there is no store at {path}")
    old = SqliteStore(path)
    try:
        rows = old.dump()
    finally:
        await old.close()
    store = await open_store(url)
    try:
        assert isinstance(store, PostgresStore)
        await store.load_rows(rows)
    finally:
        await store.close()
    print(f"euchre: moved {len(rows['tables'])} tables, {len(rows['seats'])} seats, "
          f"{len(rows['actions'])} actions, {len(rows['records'])} records, "
          f"{len(rows['accounts'])} accounts and {len(rows['events'])} events from "
          f"{path} to {store.url}", flush=True)


async def run_worker(args: argparse.Namespace, url: str) -> int:
    """One server process: the store opened, the application served on uvicorn, on
    ``--host``/``--port`` or, for a worker of ``--workers``, on the listening socket it
    inherited plus an address of its own for the other workers to forward to."""
    import os
    import socket as sockets

    import uvicorn

    from euchre.web.app import create_app
    from euchre.web.collector import Collector
    from euchre.web.gate import HANDOFF_ENV
    from euchre.web.stores import open_store, store_kind

    listening: list[sockets.socket] = []
    address = ""
    public = None
    if args.worker_fd is not None:
        public = sockets.socket(fileno=args.worker_fd)
    elif store_kind(url) == "postgresql":
        # alone over a shared store, as one worker among any others serving it
        family = sockets.AF_INET6 if ":" in args.host else sockets.AF_INET
        public = sockets.create_server((args.host, args.port), family=family, backlog=2048)
    if public is not None:  # the address the other workers forward to
        internal = sockets.create_server((args.internal_host, 0), backlog=1024)
        listening.append(internal)
        address = f"{args.internal_host}:{internal.getsockname()[1]}"
    handoff = os.environ.get(HANDOFF_ENV) if args.worker_fd is not None else None
    if public is not None and not handoff:
        listening.append(public)  # no gate: the HTTP server accepts them itself
    store = await open_store(url)
    app = create_app(store, away_seconds=args.away, allow_origins=args.allow_origin,
                     hosts=[args.host], address=address,
                     secret=os.environ.get(SECRET_ENV), collector=Collector())
    if args.worker_fd is None:
        print(f"euchre: the web table is at {_shown(args)} (store: {store.url}; Ctrl+C "
              f"stops it)", flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                            ws_max_size=65536, ws_ping_interval=20, ws_ping_timeout=20,
                            ws_per_message_deflate=False, backlog=2048)
    server = uvicorn.Server(config)
    try:
        if public is not None and handoff:
            await _serve_gated(server, listening, public, Path(handoff))
        else:
            await server.serve(sockets=listening or None)
    finally:
        await store.close()
    return 0


async def _serve_gated(server: Any, listening: list[Any], public: Any, folder: Path) -> None:
    """Serve with a :class:`~euchre.web.gate.Gate` accepting the public connections
    (each handed to the worker of this machine that serves its table, or served here)."""
    import asyncio
    import functools

    from euchre.web.gate import Gate

    serving = asyncio.ensure_future(server.serve(sockets=listening))
    while not server.started and not serving.done():
        await asyncio.sleep(0.02)
    if serving.done():
        await serving
        return
    config = server.config
    # what uvicorn makes for each connection it accepts, made here for the gate's
    protocol = functools.partial(config.http_protocol_class, config=config,
                                 server_state=server.server_state,
                                 app_state=server.lifespan.state)
    gate = Gate(config.app.state.server, public, protocol, folder)
    config.app.state.server.gate = gate
    gating = asyncio.ensure_future(gate.run())
    try:
        await serving
    finally:
        gating.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await gating
