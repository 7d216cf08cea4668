"""The arena on Ray (:mod:`euchre.analysis.arena_ray`): the results of one process or a process
pool, seed for seed; a task's exception comes back as itself; one clear line for each
mistake. One local Ray instance (two CPUs, no dashboard) serves the whole module."""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from helpers.paths import ROOT

pytest.importorskip("ray")

import ray

from euchre.analysis.arena import MatchInterrupted, MatchResult, run_match
from euchre.analysis.arena_ray import RayExecutor
from euchre.cli.main import main
from euchre.engine.rules import Rules
from euchre.errors import EuchreError, RulesError


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """One light local Ray instance for the module, offline and quiet."""
    saved = {name: os.environ.get(name) for name in ("RAY_USAGE_STATS_ENABLED", "RAY_AUTH_MODE")}
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=100 * 1024 * 1024, logging_level=logging.WARNING)
    try:
        yield
    finally:
        ray.shutdown()
        for name, value in saved.items():  # ray.init sets RAY_AUTH_MODE for this process
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="module")
def executor(local_ray: None) -> Iterator[RayExecutor]:
    with RayExecutor() as ray_executor:
        yield ray_executor


def _fixed(result: MatchResult) -> dict[str, Any]:
    data = result.to_dict()
    del data["seconds"]
    return data


MATCHES: list[tuple[list[str], Rules, dict[str, Any]]] = [
    (["random", "basic"], Rules(), {"deals": 40, "seed": 5}),
    (["random", "basic"], Rules(), {"deals": 24, "duplicate": True, "seed": 2}),
    (["random", "random"], Rules(target=5), {"games": 3, "duplicate": True, "seed": 1}),
    (["random", "basic"], Rules.preset("three-handed"), {"deals": 4, "duplicate": True,
                                                         "seed": 3}),
]


def test_a_seed_gives_the_result_of_one_process_and_of_a_pool(executor: RayExecutor) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        for bots, rules, kwargs in MATCHES:
            inline = _fixed(run_match(bots, rules, **kwargs))
            pooled = _fixed(run_match(bots, rules, executor=pool, **kwargs))
            on_ray = _fixed(run_match(bots, rules, executor=executor, **kwargs))
            assert on_ray == pooled == inline, (bots, kwargs)
    assert executor.in_flight == 0
    assert ray.is_initialized()  # the module's instance, not the executor's to stop


def test_map_is_in_order_with_a_bounded_number_of_tasks_in_flight(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with RayExecutor(max_in_flight=3) as bounded:
        cancelled: list[Any] = []
        cancel = bounded._cancel

        def recording(refs: Any) -> None:
            refs = list(refs)
            cancelled.extend(refs)
            cancel(refs)

        monkeypatch.setattr(bounded, "_cancel", recording)
        assert not bounded.owns_ray
        results = bounded.map(pow, range(10), [2] * 10)
        assert bounded.in_flight == 3  # submitted at once, no more
        assert next(results) == 0
        assert bounded.in_flight == 3  # one read, one more submitted
        assert list(results) == [n * n for n in range(1, 10)]
        assert bounded.in_flight == 0
        long_matches = bounded.map(partial(run_match, ["random", "random"], Rules()),
                                   [1] + [200_000] * 6)
        assert next(long_matches).deals == 1
        cancelled.clear()
        long_matches.close()  # no longer read (a break, Ctrl-C): the rest is cancelled
        assert bounded.in_flight == 0
        assert len(cancelled) == 3  # the window: none of the long matches had finished
        for ref in cancelled:  # a missed cancel is sent again (a match here lasts minutes)
            with pytest.raises(ray.exceptions.TaskCancelledError):
                ray.get(ref, timeout=60)
        assert list(bounded.map(abs, [-1])) == [1]  # the CPUs are free again
        with pytest.raises(ValueError, match="at least 1"):
            RayExecutor(max_in_flight=0)
    assert ray.is_initialized()
    with pytest.raises(RuntimeError, match="after shutdown"):
        bounded.map(abs, [1])


def test_a_cancel_that_ray_misses_is_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray (2.60) can miss a cancel (a task being handed to a starting worker): here it
    misses every first one, and the tasks stop all the same."""
    with RayExecutor(max_in_flight=3) as bounded:
        send = bounded._send_cancel
        sent: list[list[Any]] = []

        def missing_the_first(refs: Any) -> None:
            sent.append(list(refs))
            if len(sent) > 1:
                send(refs)

        monkeypatch.setattr(bounded, "_send_cancel", missing_the_first)
        long_matches = bounded.map(partial(run_match, ["random", "random"], Rules()),
                                   [1] + [200_000] * 3)
        assert next(long_matches).deals == 1
        long_matches.close()
        window = sent[0]
        assert len(window) == 3
        for ref in window:
            with pytest.raises(ray.exceptions.TaskCancelledError):
                ray.get(ref, timeout=60)
        assert len(sent) > 1 and set(sent[1]) <= set(window)
    assert not any(thread.is_alive() for thread in bounded._cancellers)


def test_a_task_that_raises_gives_back_its_own_exception(executor: RayExecutor) -> None:
    presets = ["standard", "no-such-preset", "napoleon"]
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(RulesError) as pooled:
        list(pool.map(Rules.preset, presets))
    results = executor.map(Rules.preset, presets)
    assert next(results) == Rules.preset("standard")
    with pytest.raises(RulesError) as on_ray:
        next(results)
    assert isinstance(on_ray.value, EuchreError)
    assert str(on_ray.value) == str(pooled.value)
    assert "ray" in type(on_ray.value.__cause__).__module__  # the remote traceback
    with pytest.raises(ValueError, match="invalid literal for int"):
        list(executor.map(int, ["1", "x", "3"]))
    assert executor.in_flight == 0


def _bot(tmp_path: Path, name: str, decide: str) -> str:
    path = tmp_path / name
    path.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'decide':\n"
        f"        print({decide}, flush=True)\n"
    )
    return f"ext:{sys.executable} {path}"


def test_a_faulty_bot_in_a_task_is_a_fault_as_in_a_pool(executor: RayExecutor,
                                                        tmp_path: Path) -> None:
    garbage = _bot(tmp_path, "garbage.py", "'hello'")
    kwargs: dict[str, Any] = {"deals": 3, "seed": 1, "time_limit": 2.0}
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_match([garbage, "random"], Rules.preset("two-handed"), executor=pool,
                           **kwargs)
    on_ray = run_match([garbage, "random"], Rules.preset("two-handed"), executor=executor,
                       **kwargs)
    assert on_ray.faults and on_ray.faults[0].kind == "garbage"
    assert _fixed(on_ray) == _fixed(pooled)


def test_ctrl_c_keeps_what_finished_and_cancels_the_rest(executor: RayExecutor) -> None:
    def interrupt_at_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    kwargs: dict[str, Any] = {"deals": 40, "duplicate": True, "seed": 4}
    with pytest.raises(MatchInterrupted) as stop:
        run_match(["random", "basic"], Rules(), executor=executor,
                  progress=interrupt_at_three, **kwargs)
    result = stop.value.result
    assert (result.finished, result.count) == (3, 40)
    first_three = run_match(["random", "basic"], Rules(), **{**kwargs, "deals": 3})
    assert (result.points, result.net, result.seats) == (
        first_three.points, first_three.net, first_three.seats)
    assert executor.in_flight == 0


def test_the_arena_command_plays_on_ray(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "random", "basic", "--deals", "30", "--duplicate", "--seed", "6",
            "--json", "--no-progress"]
    results = []
    for extra in (["--executor", "ray", "--jobs", "2"], ["--jobs", "2"], []):
        assert main([*argv, *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        del data["seconds"]
        results.append(data)
    assert results[0] == results[1] == results[2]
    assert ray.is_initialized()  # Ray initialised before the command is left running


def test_without_ray_the_executor_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray: ImportError
    assert main(["arena", "random", "random", "--deals", "2", "--executor", "ray"]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "euchre: the Ray executor needs Ray, which is not installed: pip install 'euchre[ray]'"]


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    env.pop("RAY_ADDRESS", None)
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=60, check=False)


def test_an_address_where_no_cluster_answers_is_one_line() -> None:
    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    run = _run("-m", "euchre.cli.main", "arena", "random", "random", "--deals", "2",
               "--executor", "ray", "--address", f"127.0.0.1:{port}")
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        f"euchre: cannot connect to the Ray cluster at 127.0.0.1:{port}: Connection refused"]


def test_the_arena_does_not_import_ray() -> None:
    run = _run("-c", "import sys, euchre.analysis.arena, euchre.cli.arena, "
                     "euchre.analysis.arena_ray; "
                     "print('ray' in sys.modules)")
    assert run.stdout.strip() == "False", run.stderr


def test_the_example_in_docs_rl_md_runs(capsys: pytest.CaptureFixture[str]) -> None:
    doc = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Self-play and evaluation on a cluster"):]
    (example,) = [block for block in re.findall(r"```text\n(.*?)```", section, re.DOTALL)
                  if "RayExecutor" in block]
    exec(compile(example, "docs/rl.md", "exec"), {"__name__": "docs_rl_md"})
    assert ray.is_initialized()
    assert "random" in capsys.readouterr().out
