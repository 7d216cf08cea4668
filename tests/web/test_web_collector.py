"""The garbage collector's keeper of a server process (:mod:`euchre.web.collector`):
what has lived is frozen out of the collector's sight, every sweep gives it all back and
collects the cycles that died meanwhile, and its meters reach ``/metrics``."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.web.collector import Collector


class Node:
    """An object that can take part in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    """Every test leaves the heap as it found it: nothing frozen."""
    gc.collect()
    yield
    gc.unfreeze()


def test_frozen_cycles_wait_for_the_sweep() -> None:
    now = [0.0]
    collector = Collector(freeze_every=1.0, sweep_every=5.0, clock=lambda: now[0])
    a, b = Node(), Node()
    a.other, b.other = b, a
    alive = weakref.ref(a)
    assert collector.step(1.0) is None and collector.frozen > 0  # frozen
    del a, b  # a cycle, dead now but out of the collector's sight
    gc.collect()
    assert alive() is not None
    pause = collector.step(5.0)  # the sweep
    assert pause is not None and pause >= 0.0
    assert alive() is None
    assert collector.sweeps == 1 and collector.collected >= 2
    assert collector.frozen == 0 and collector.last_pause == pause


def test_a_step_before_its_time_does_nothing() -> None:
    collector = Collector(freeze_every=2.0, sweep_every=10.0, clock=lambda: 100.0)
    assert collector.step(101.0) is None
    assert collector.frozen == 0 and collector.sweeps == 0
    assert collector.step(102.0) is None and collector.frozen > 0
    assert collector.step(103.0) is None and collector.sweeps == 0


@pytest.mark.parametrize(("freeze", "sweep"), [(0.0, 10.0), (-1.0, 10.0), (20.0, 10.0)])
def test_a_collector_freezes_between_sweeps(freeze: float, sweep: float) -> None:
    with pytest.raises(ValueError, match="freezes at least once between sweeps"):
        Collector(freeze_every=freeze, sweep_every=sweep)


def test_running_it_freezes_and_stopping_gives_everything_back() -> None:
    async def main() -> int:
        collector = Collector(freeze_every=0.01, sweep_every=60.0)
        task = asyncio.get_running_loop().create_task(collector.run())
        for _ in range(200):
            await asyncio.sleep(0.01)
            if gc.get_freeze_count():
                break
        frozen = gc.get_freeze_count()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return frozen

    assert asyncio.run(main()) > 0
    assert gc.get_freeze_count() == 0


def test_its_meters_are_in_metrics(tmp_path: Path) -> None:
    from test_web import make_client

    collector = Collector(freeze_every=30.0, sweep_every=60.0)
    with make_client(tmp_path, collector=collector) as client:
        collector.step(collector.clock() + 60.0)  # a sweep, as at ten minutes
        text = client.get("/metrics").text
    lines = {line.split("{")[0]: line.split()[-1] for line in text.splitlines()
             if line.startswith("euchre_collector_")}
    assert set(lines) == {"euchre_collector_frozen_objects",
                          "euchre_collector_sweep_seconds", "euchre_collector_sweeps_total"}
    assert lines["euchre_collector_sweeps_total"] == "1"
    assert float(lines["euchre_collector_sweep_seconds"]) == pytest.approx(
        collector.last_pause, abs=1e-6)
    families = [line.split()[2] for line in text.splitlines() if line.startswith("# TYPE")]
    assert len(families) == len(set(families))


def test_an_embedded_application_leaves_the_collector_alone(tmp_path: Path) -> None:
    from test_web import make_client

    with make_client(tmp_path) as client:
        assert "euchre_collector_" not in client.get("/metrics").text
    assert gc.get_freeze_count() == 0
