"""A Ray executor for the arena: ``euchre arena ... --executor ray [--address ADDRESS]``.

:class:`RayExecutor` has the ordered ``map`` that :func:`euchre.analysis.arena.run_match` asks
of an executor (:class:`~euchre.analysis.arena.MapExecutor`): each call is a Ray task, at most
a few per CPU of the cluster in flight at once, and the results come back in order. The
arena cuts a match into chunks that depend on the match alone and sums them in order,
so a seed gives the same result on Ray as in one process or in a process pool.

Ray is imported when an executor is made, never when this module is (``pip install
'euchre[ray]'``); nothing else of the package imports it.

A typical use, from Python (a self-play job scoring its latest checkpoint)::

    with RayExecutor(num_cpus=4) as executor:           # or RayExecutor("auto")
        result = run_match(["expert", "basic"], Rules(), deals=2000, duplicate=True,
                           seed=1, executor=executor)
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable
from types import TracebackType
from typing import Any, Final, TypeVar

from euchre.errors import EuchreError

__all__ = ["INSTALL_HINT", "RayExecutor", "import_ray"]

INSTALL_HINT: Final = "pip install 'euchre[ray]'"
"""How to install Ray for the arena."""

_T = TypeVar("_T")

_RECANCEL_EVERY: Final = 0.5
"""Seconds between two cancels of a task that has not stopped (:meth:`RayExecutor._cancel`)."""

_RECANCEL_FOR: Final = 30.0
"""Seconds to go on cancelling a task that has not stopped, at most."""

_CONNECT_TIMEOUT: Final = 5.0
"""Seconds to wait for a cluster's address to answer before calling Ray: ``ray.init``
waits for ever on an address where nothing listens."""


def import_ray() -> Any:
    """The ``ray`` module, or :class:`~euchre.errors.EuchreError` saying how to install
    it."""
    from euchre.extras import optional_module

    return optional_module("ray", "ray", "the Ray executor", called="Ray")


def _call(fn: Callable[..., _T], *args: Any) -> _T:
    """What each Ray task runs: one call of the mapped function."""
    return fn(*args)


def _check_reachable(address: str) -> None:
    """Refuse a ``HOST:PORT`` address where nothing answers, at once (``auto``,
    ``local`` and ``ray://`` addresses are left to Ray)."""
    host, colon, port = address.rpartition(":")
    if not colon or not host or "://" in address or not port.isdigit():
        return
    host = host.removeprefix("[").removesuffix("]")
    try:
        with socket.create_connection((host, int(port)), timeout=_CONNECT_TIMEOUT):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise EuchreError(f"cannot connect to the Ray cluster at {address}: {reason}") from None


def _init_holding_ctrl_c(ray: Any, options: dict[str, Any]) -> None:
    """``ray.init``, a Ctrl-C during it held until Ray has started, then Ray shut down
    and the :class:`KeyboardInterrupt` raised: Ray interrupted while it starts can
    crash the process as it exits. A second Ctrl-C interrupts at once."""
    if threading.current_thread() is not threading.main_thread():
        ray.init(**options)
        return
    held: list[int] = []

    def hold(signum: int, frame: object) -> None:
        if held:
            raise KeyboardInterrupt
        held.append(signum)

    previous = signal.signal(signal.SIGINT, hold)
    try:
        ray.init(**options)
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        ray.shutdown()
        raise KeyboardInterrupt


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class RayExecutor:
    """Runs the arena's work as Ray tasks: ``map`` in order, a bounded number in flight.

    ``address`` is a running cluster's (``HOST:PORT`` of its head, as ``ray start
    --head`` prints it, or ``auto`` for the one started on this machine); without it a
    local Ray instance of ``num_cpus`` CPUs (default: all) is started, without its
    dashboard. Connecting to a cluster by its address, Ray asks ``RAY_AUTH_MODE=token``
    (and the cluster's token) of a cluster with token authentication.
    If Ray is already initialised in this process, that connection is used as it is,
    and left open by :meth:`shutdown`. ``max_in_flight`` bounds the tasks submitted and
    not yet returned, per ``map`` (default: twice the cluster's CPUs). ``init_options``
    go to ``ray.init``.

    A task that raises gives back the original exception (a bot's
    :class:`~euchre.errors.EuchreError` stays one), its Ray error as ``__cause__``;
    Ray's own failures (a worker lost, ...) are an :class:`~euchre.errors.EuchreError`.
    When ``map``'s results stop being read (Ctrl-C, an error, a ``break``), its tasks
    still queued or running are cancelled.
    """

    def __init__(self, address: str | None = None, *, num_cpus: int | None = None,
                 max_in_flight: int | None = None, **init_options: Any) -> None:
        if max_in_flight is not None and max_in_flight < 1:
            raise ValueError(f"max_in_flight must be at least 1, not {max_in_flight}")
        ray = import_ray()
        self._ray = ray
        self._max_in_flight = max_in_flight
        self._pending: set[Any] = set()
        self._remote: Any = None
        self._closed = False
        self._cancellers: list[threading.Thread] = []
        self._stop_cancelling = threading.Event()
        self._owns = not ray.is_initialized()
        if not self._owns:
            return
        options: dict[str, Any] = {"logging_level": logging.WARNING, **init_options}
        if address is None:
            options = {"address": "local", "num_cpus": num_cpus,
                       "include_dashboard": False, **options}
            where = "a local Ray instance"
        else:
            _check_reachable(address)
            options = {"address": address, **options}
            where = f"the Ray cluster at {address}"
        try:
            _init_holding_ctrl_c(ray, options)
        except (ConnectionError, TimeoutError, ValueError, RuntimeError) as error:
            self._stop_ray()
            hint = ""
            if address not in (None, "auto") and "RAY_AUTH_MODE" not in os.environ:
                hint = (" (a cluster with token authentication, Ray's default, needs "
                        "RAY_AUTH_MODE=token and its token: RAY_AUTH_TOKEN or "
                        "~/.ray/auth_token)")
            raise EuchreError(f"cannot connect to {where}: {_first_line(error)}{hint}") from None

    def _stop_ray(self) -> None:
        with contextlib.suppress(Exception):  # half started: nothing more to do
            self._ray.shutdown()

    @property
    def owns_ray(self) -> bool:
        """Whether this executor initialised Ray (and :meth:`shutdown` shuts it down)."""
        return self._owns

    @property
    def in_flight(self) -> int:
        """Tasks submitted by ``map`` whose results have been neither read nor
        cancelled."""
        return len(self._pending)

    def _window(self) -> int:
        if self._max_in_flight is not None:
            return self._max_in_flight
        cpus = self._ray.cluster_resources().get("CPU", 1)
        return max(2, 2 * int(cpus))

    def map(self, fn: Callable[..., _T],
            *iterables: Iterable[Any]) -> Generator[_T, None, None]:
        """Like the built-in ``map``, each call a Ray task; the first tasks are
        submitted at once, the others as results are read. Closing the generator
        cancels the tasks it has not yielded."""
        if self._closed:
            raise RuntimeError("cannot map after shutdown")
        ray = self._ray
        if self._remote is None:
            self._remote = ray.remote(_call)
        function = ray.put(fn)  # sent once, not with every task
        calls = zip(*iterables, strict=False)
        window: deque[Any] = deque()

        def submit() -> None:
            for args in calls:
                ref = self._remote.remote(function, *args)
                window.append(ref)
                self._pending.add(ref)
                return

        for _ in range(self._window()):
            submit()
        return self._results(window, submit)

    def _results(self, window: deque[Any],
                 submit: Callable[[], None]) -> Generator[Any, None, None]:
        try:
            while window:
                # the task awaited is out of the window before ray.get: cancelling a
                # task whose ray.get was interrupted (Ctrl-C) crashes Ray (2.60), so
                # that one task is left to finish
                head = window.popleft()
                self._pending.discard(head)
                result = self._get(head)
                submit()
                yield result
        finally:
            self._cancel(window)

    def _get(self, ref: Any) -> Any:
        exceptions = self._ray.exceptions
        try:
            return self._ray.get(ref)
        except exceptions.RayTaskError as error:
            cause = getattr(error, "cause", None)
            if isinstance(cause, BaseException):
                raise cause from error
            raise error.as_instanceof_cause() from None
        except exceptions.RayError as error:
            raise EuchreError(f"Ray could not run the arena's task: "
                              f"{_first_line(error)}") from error

    def _cancel(self, refs: Iterable[Any]) -> None:
        """Cancel ``refs``, until each has stopped. Ray (2.60) can miss a cancel that
        reaches a task while it is being handed to a worker (one starting, say): the
        task then runs to its end. So a thread sends the cancel again, every
        :data:`_RECANCEL_EVERY` seconds, to each task still running, until none is
        (or :meth:`shutdown`)."""
        refs = list(refs)
        self._pending.difference_update(refs)
        if not refs or not self._ray.is_initialized():
            return
        self._send_cancel(refs)
        self._cancellers = [thread for thread in self._cancellers if thread.is_alive()]
        canceller = threading.Thread(target=self._cancel_until_stopped, args=(refs,),
                                     name="euchre-ray-cancel", daemon=True)
        self._cancellers.append(canceller)
        canceller.start()

    def _send_cancel(self, refs: Iterable[Any]) -> None:
        for ref in refs:
            with contextlib.suppress(Exception):  # finished meanwhile, or Ray going away
                self._ray.cancel(ref)

    def _cancel_until_stopped(self, refs: list[Any]) -> None:
        deadline = time.monotonic() + _RECANCEL_FOR
        while refs and not self._stop_cancelling.is_set() and time.monotonic() < deadline:
            try:
                _, refs = self._ray.wait(refs, num_returns=len(refs), timeout=_RECANCEL_EVERY)
            except Exception:  # Ray shut down by its owner: nothing is running any more
                return
            if refs and not self._stop_cancelling.is_set():
                self._send_cancel(refs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel the tasks of unread ``map`` results (``cancel_futures``) or wait for
        them (``wait``), then shut Ray down if this executor started it. With Ray
        started elsewhere, it returns once the tasks cancelled have stopped."""
        if self._closed:
            return
        self._closed = True
        ray = self._ray
        if self._pending and ray.is_initialized():
            if cancel_futures:
                self._cancel(self._pending)
            elif wait:
                ray.wait(list(self._pending), num_returns=len(self._pending))
        self._pending.clear()
        if self._owns:  # ray.shutdown stops every task: the cancellers can stop now
            self._stop_cancelling.set()
        for canceller in self._cancellers:  # each wakes within _RECANCEL_EVERY
            canceller.join()
        if self._owns and ray.is_initialized():
            ray.shutdown()

    def __enter__(self) -> RayExecutor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.shutdown(wait=kind is None, cancel_futures=kind is not None)
