"""Python's cyclic garbage collector, kept from pausing a busy server's tables.

A server process holds every table it serves in memory: thousands of long-lived objects
for each (the game, its events, its clients). CPython's collector walks all of them in
each full collection, and it runs one whenever the heap has grown by a quarter: with
1,000 tables in play, a worker stopped every table for up to 240 ms at a time, and the
99th percentile of a command was those pauses (``docs/benchmarks.md``).

A :class:`Collector` moves whatever has lived a few seconds out of the collector's sight
(:func:`gc.freeze`) every :data:`FREEZE_SECONDS`, so that each collection only walks
the objects made since. Memory freed by reference counting (nearly all of it) is freed
as ever; what a frozen object can not be is collected as part of a cycle. So every
:data:`SWEEP_SECONDS` the collector gets them all back (:func:`gc.unfreeze`) for one
full collection, the one pause left: it is timed, logged and in ``/metrics``.

``euchre serve`` runs one in each server process (:func:`~euchre.web.app.create_app`
with ``collector``); tests and programs that embed the application are left alone.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import Final

__all__ = ["FREEZE_SECONDS", "SWEEP_SECONDS", "Collector"]

LOG: Final = logging.getLogger("euchre.web")

FREEZE_SECONDS: Final = 2.0
"""How often what has lived until now is put out of the collector's sight."""
SWEEP_SECONDS: Final = 600.0
"""How often everything is handed back for one full collection."""


class Collector:
    """Freezes the heap every ``freeze_every`` seconds and sweeps it every
    ``sweep_every`` (:meth:`step` does what is due; :meth:`run` calls it on a loop).

    >>> collector = Collector(freeze_every=2.0, sweep_every=10.0, clock=lambda: 0.0)
    >>> collector.step(1.0), collector.frozen
    (None, 0)
    >>> collector.step(2.0), collector.frozen > 0
    (None, True)
    >>> collector.step(10.0) is not None, collector.sweeps, collector.frozen
    (True, 1, 0)
    """

    def __init__(self, *, freeze_every: float = FREEZE_SECONDS,
                 sweep_every: float = SWEEP_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if not 0 < freeze_every <= sweep_every:
            raise ValueError("a collector freezes at least once between sweeps")
        self.freeze_every = freeze_every
        self.sweep_every = sweep_every
        self.clock = clock
        start = clock()
        self._frozen_at = start
        self._swept_at = start
        self.sweeps = 0
        """Full collections made so far."""
        self.last_pause = 0.0
        """How long the last full collection stopped the process, seconds."""
        self.collected = 0
        """Objects the sweeps found unreachable, in all."""

    @property
    def frozen(self) -> int:
        """Objects out of the collector's sight now."""
        return gc.get_freeze_count()

    def step(self, now: float) -> float | None:
        """Freeze, or sweep, if it is time (``now`` on :attr:`clock`); returns the
        pause of a sweep made now (seconds), else ``None``."""
        if now - self._swept_at >= self.sweep_every:
            self._swept_at = self._frozen_at = now
            return self._sweep()
        if now - self._frozen_at >= self.freeze_every:
            self._frozen_at = now
            gc.freeze()
        return None

    def _sweep(self) -> float:
        gc.unfreeze()
        started = time.perf_counter()
        found = gc.collect()
        pause = time.perf_counter() - started
        self.sweeps += 1
        self.last_pause = pause
        self.collected += found
        LOG.info("a full collection: %d objects freed in %.0f ms", found, pause * 1000)
        return pause

    async def run(self) -> None:
        """Step at every freeze, until cancelled; the heap is handed back then."""
        try:
            while True:
                await asyncio.sleep(self.freeze_every)
                self.step(self.clock())
        finally:
            gc.unfreeze()

    def text(self, label: str) -> list[str]:
        """Its meters, in the Prometheus text format, labelled with ``label``."""
        return [
            "# HELP euchre_collector_frozen_objects Objects out of the garbage "
            "collector's sight until its next sweep.",
            "# TYPE euchre_collector_frozen_objects gauge",
            f"euchre_collector_frozen_objects{{{label}}} {self.frozen}",
            "# HELP euchre_collector_sweep_seconds How long the last full collection "
            "stopped this worker.",
            "# TYPE euchre_collector_sweep_seconds gauge",
            f"euchre_collector_sweep_seconds{{{label}}} {self.last_pause:.6f}",
            "# HELP euchre_collector_sweeps_total Full collections made.",
            "# TYPE euchre_collector_sweeps_total counter",
            f"euchre_collector_sweeps_total{{{label}}} {self.sweeps}",
        ]
