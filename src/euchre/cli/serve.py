"""``euchre serve``: the web table on uvicorn, with its store in the user's data folder.

The server prints the address to open and runs until interrupted. A port already in
use, or a store that can not be opened, is one line on standard error, not a traceback;
so is a missing ``web`` extra (starlette, uvicorn, websockets: ``pip install
'euchre[web]'``, or ``make serve``), which only this command needs: nothing here imports
them before the command runs, so every other command works without them.
"""

from __future__ import annotations

import argparse
import errno
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from euchre.errors import EuchreError

__all__ = ["STORE_FILE", "add_serve_command", "cmd_serve", "origin", "store_path"]

STORE_FILE = "tables.sqlite3"

WEB_MODULES = ("starlette", "uvicorn", "websockets")
"""What the web table imports of the ``web`` extra (pyproject.toml)."""


def store_path(data: str | None) -> Path:
    """The store's file: in ``data`` when given, else in the user's data folder."""
    if data:
        return Path(data).expanduser() / STORE_FILE
    from euchre.table.data_folder import data_dir

    return data_dir() / STORE_FILE


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
    serve.add_argument("--allow-origin", metavar="URL", action="append", default=[],
                       type=origin,
                       help="another address the server is reached at (a name, a proxy): "
                            "its pages may open sockets and make tables, and requests "
                            "naming it as the Host are answered (repeatable)")
    serve.add_argument("--away", type=seconds(1, 3600), default=60.0, metavar="SECONDS",
                       help="how long a dropped player keeps the seat before a bot plays "
                            "for them (default: 60)")
    serve.set_defaults(func=cmd_serve)


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


def cmd_serve(args: argparse.Namespace) -> int:
    """Run ``euchre serve``."""
    from euchre.extras import optional_module

    for name in WEB_MODULES:  # each, before anything starts: one line for the first missing
        optional_module(name, "web", "the web table (euchre serve)")
    import uvicorn

    from euchre.web.app import create_app
    from euchre.web.database import SqliteStore

    if args.data and Path(args.data).expanduser().exists() and not Path(
            args.data).expanduser().is_dir():
        raise EuchreError(f"--data takes a folder, and {args.data} is a file")
    _check_port(args.host, args.port)
    path = store_path(args.data)
    store = SqliteStore(path)
    app = create_app(store, away_seconds=args.away, allow_origins=args.allow_origin,
                     hosts=[args.host])
    shown = f"[{args.host}]" if ":" in args.host else args.host
    if args.host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    print(f"euchre: the web table is at http://{shown}:{args.port}/ "
          f"(store: {path}; Ctrl+C stops it)", flush=True)
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                    ws_max_size=65536, ws_ping_interval=20, ws_ping_timeout=20,
                    ws_per_message_deflate=False)
    finally:
        store.close()
    return 0
