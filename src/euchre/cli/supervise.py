"""``euchre serve --workers N``: N server processes behind one address, kept running.

:func:`supervise` starts N workers (``euchre serve`` again), handing each a listening
socket of its own on the one address (``SO_REUSEPORT``: the kernel spreads new
connections evenly over them) and the cluster's secret; a worker forwards what belongs
to another worker's table (:mod:`euchre.web.forward`). When a worker dies, its tables go
to the others within seconds (the leases in the store), and this process starts another in its place
(after a pause that grows while workers keep dying young). Ctrl+C or SIGTERM stops every
worker, each releasing its tables, and then this process.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import Final

__all__ = ["GRACE_SECONDS", "supervise", "worker_command"]

GRACE_SECONDS: Final = 15.0
"""How long stopping waits for a worker to release its tables before killing it."""
YOUNG_SECONDS: Final = 10.0
"""A worker that dies younger than this makes the next start wait longer."""


def worker_command(args: argparse.Namespace, url: str, fd: int) -> list[str]:
    """The command line of one worker: this program's ``serve`` with the same options,
    and the listening socket's descriptor."""
    command = [sys.executable, "-m", "euchre", "serve", "--store", url, "--host", args.host,
               "--port", str(args.port), "--away", str(args.away), "--internal-host",
               args.internal_host, "--worker-fd", str(fd)]
    for origin in args.allow_origin:
        command += ["--allow-origin", origin]
    return command


def _why(code: int) -> str:
    """How a process ended, in words."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening at ``host:port`` beside the other workers' (``SO_REUSEPORT``),
    for a worker to inherit."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    listener.bind((host, port))
    listener.listen(2048)
    listener.set_inheritable(True)
    return listener


def supervise(args: argparse.Namespace, url: str, shown: str) -> int:
    """Run ``args.workers`` workers over the store ``url`` until told to stop."""
    # one secret for every worker: the environment's (the same on every machine of a
    # room that spans several), else a new one
    handoff = tempfile.mkdtemp(prefix="euchre-workers-")  # their hand-over sockets
    env = {**os.environ, "EUCHRE_CLUSTER_SECRET": os.environ.get("EUCHRE_CLUSTER_SECRET")
           or secrets.token_urlsafe(24), "EUCHRE_HANDOFF_DIR": handoff}
    workers: dict[int, subprocess.Popen[bytes]] = {}
    born: dict[int, float] = {}
    pause = 0.5
    stopping: list[int] = []

    def start(number: int) -> None:
        # the worker holds the only copy: should it die, connections waiting in its
        # socket are refused at once, not left for nobody to take
        with listening_socket(args.host, args.port) as listener:
            fd = listener.fileno()
            workers[number] = subprocess.Popen(worker_command(args, url, fd), pass_fds=(fd,),
                                               env=env)
        born[number] = time.monotonic()

    def stop(signum: int, frame: object) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for number in range(1, args.workers + 1):
        start(number)
    print(f"euchre: the web table is at {shown} (store: {_shown_store(url)}; "
          f"{args.workers} workers; Ctrl+C stops it)", flush=True)
    try:
        while not stopping:
            time.sleep(0.2)
            for number, process in list(workers.items()):
                code = process.poll()
                if code is None or stopping:
                    continue
                young = time.monotonic() - born[number] < YOUNG_SECONDS
                pause = min(pause * 2, 30.0) if young else 0.5
                print(f"euchre: worker {number} (process {process.pid}) stopped "
                      f"({_why(code)}): starting another in {pause:g} s",
                      file=sys.stderr, flush=True)
                deadline = time.monotonic() + pause
                while time.monotonic() < deadline and not stopping:
                    time.sleep(0.1)
                if not stopping:
                    start(number)
    finally:
        for process in workers.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + GRACE_SECONDS
        for process in workers.values():
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(handoff, ignore_errors=True)
    return 0


def _shown_store(url: str) -> str:
    """The store's address without its password."""
    from euchre.web.postgres import shown_url

    return shown_url(url)
